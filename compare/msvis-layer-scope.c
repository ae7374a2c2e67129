// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-compare-error.h"
#include "msvis-dump-reader.h"
#include "msvis-graph.h"
#include "msvis-layer-scope.h"

static void
scope_item_free (gpointer data)
{
  MsvisScopeItem *item = data;

  g_free (item->data_name);
  g_free (item->type_name);
  g_free (item->api_name);
  g_free (item->state);
  g_free (item->layer_scope);
  g_free (item->stack_scope);
  g_free (item->full_scope);
  g_free (item);
}

static gboolean
is_layer (const char *api_type)
{
  return strcmp (api_type, "Cell") == 0 || strcmp (api_type, "Module") == 0;
}

/* ".".join(parts[start:end]) with Python's clamping of negative and large bounds. */
static char *
join_slice (char **parts,
            int    n,
            int    start,
            int    end)
{
  GString *out = g_string_new (NULL);

  if (start < 0)
    start = MAX (n + start, 0);
  if (end < 0)
    end = MAX (n + end, 0);
  end = MIN (end, n);
  for (int i = start; i < end; i++)
    {
      if (i > start)
        g_string_append_c (out, '.');
      g_string_append (out, parts[i]);
    }
  return g_string_free (out, FALSE);
}

/* set_name and set_layer_scope. */
static gboolean
set_name_and_layer (MsvisScopeItem  *item,
                    const char      *construct_parent,
                    GFile           *dump_dir,
                    GError         **error)
{
  g_auto(GStrv) parts = g_strsplit (item->data_name, ".", -1);
  int n = g_strv_length (parts);
  g_autofree char *layer = NULL;

  if (n < 4)
    {
      g_autofree char *path = g_file_get_parse_name (dump_dir);

      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
                   /* translators: a dump directory, then a dump.json key */
                   _("%s/dump.json: “%s” has fewer than four dotted parts, so layer mapping "
                     "cannot place it"), path, item->data_name);
      return FALSE;
    }

  if (strcmp (parts[n - 1], "parameters_grad") == 0)
    {
      item->api_name = g_strdup (parts[n - 3]);
      item->type_name = g_strdup (parts[n - 2]);
      item->state = g_strdup ("parameters_grad");
      layer = join_slice (parts, n, 0, -3);
    }
  else
    {
      item->type_name = g_strdup (parts[n - 3]);
      if (is_layer (parts[0]))
        {
          /* The layer's own attribute name is left out of its scope. */
          g_autofree char **kept = g_new0 (char *, n);
          int k = 0;

          for (int i = 0; i < n; i++)
            if (i != n - 4)
              kept[k++] = parts[i];
          item->api_name = g_strdup (parts[n - 4]);
          item->state = g_strdup (parts[n - 2]);
          layer = join_slice (kept, k, 0, -3);
        }
      else
        {
          item->api_name = g_strdup (item->type_name);
          item->state = g_strdup (parts[n - 1]);
          if (construct_parent != NULL && *construct_parent != '\0')
            {
              g_auto(GStrv) parent = g_strsplit (construct_parent, ".", -1);

              layer = join_slice (parent, g_strv_length (parent), 0, -3);
            }
        }
    }

  item->layer_scope = layer ? g_steal_pointer (&layer) : g_strdup ("TopLayer");

  if (construct_parent != NULL && strchr (construct_parent, '.') != NULL)
    {
      g_auto(GStrv) parent = g_strsplit (construct_parent, ".", -1);

      if (g_strv_length (parent) < 4)
        {
          g_autofree char *path = g_file_get_parse_name (dump_dir);

          g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
                       /* translators: a dump directory, then a construct.json value */
                       _("%s/construct.json: the parent “%s” has fewer than four dotted parts, "
                         "so layer mapping cannot place it"), path, construct_parent);
          return FALSE;
        }
    }
  return TRUE;
}

/* find_regard_scope: the lines after the last "Template" frame and before the framework's
 * entry into user code. */
static void
regard_range (const char *const   *lines,
              guint                n,
              MsvisScopeFramework  framework,
              guint               *start,
              guint               *end)
{
  int start_pos = -1;

  *end = n;
  for (guint i = 0; i < n; i++)
    {
      gboolean at_end = framework == MSVIS_SCOPE_MINDSPORE
        ? strstr (lines[i], "construct") != NULL
        : strstr (lines[i], "in forward,") != NULL || strstr (lines[i], "in backward,") != NULL;

      if (strstr (lines[i], "Template") != NULL)
        start_pos = i;
      else if (start_pos >= 0 && at_end)
        {
          *end = i;
          break;
        }
    }
  *start = start_pos + 1;
}

static gboolean
is_frame_file (const char *file)
{
  static const char *const frames[] = {
    "site-packages/torch", "package/torch", "site-packages/mindspore", "package/mindspore",
  };

  for (guint i = 0; i < G_N_ELEMENTS (frames); i++)
    if (strstr (file, frames[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* get_stack_in_lines for one line: the name of the function the frame is in, or NULL. */
static char *
frame_function (const char *line)
{
  g_auto(GStrv) fields = g_strsplit (line, ",", -1);
  g_auto(GStrv) words = NULL;

  if (g_strv_length (fields) < 3)
    return NULL;
  if (strstr (fields[0], "msprobe") || strstr (fields[0], "MindSpeed") ||
      strstr (fields[2], "construct") || strstr (fields[2], "__call__"))
    return NULL;
  words = g_strsplit_set (g_strstrip (fields[2]), " \t\n\r\f\v", -1);
  {
    guint k = 0;

    /* str.split() without arguments: the second non-empty word */
    for (guint i = 0; words[i] != NULL; i++)
      if (*words[i] != '\0' && ++k == 2)
        return g_strdup (words[i]);
  }
  return NULL;
}

/* set_stack_scope: only the framework frame just before user code counts. */
static char *
stack_scope (const MsvisJsonValue *stack,
             MsvisScopeFramework   framework)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new ();
  const char *frame = NULL;
  guint start, end;

  msvis_json_value_foreach (line, stack)
    if (line->kind == MSVIS_JSON_STRING)
      g_ptr_array_add (lines, (gpointer)line->s);
  regard_range ((const char *const *)lines->pdata, lines->len, framework, &start, &end);

  for (guint i = start; i < end; i++)
    {
      const char *line = g_ptr_array_index (lines, i);
      g_autofree char *file = g_strndup (line, strcspn (line, ","));

      if (!is_frame_file (file))
        break;
      frame = line;
    }
  return frame ? frame_function (frame) : NULL;
}

static gboolean
stack_is_valid (const MsvisJsonValue *stack)
{
  if (stack->kind != MSVIS_JSON_ARRAY)
    return FALSE;
  msvis_json_value_foreach (line, stack)
    if (line->kind != MSVIS_JSON_STRING)
      return FALSE;
  return TRUE;
}

/* backward_pass: a backward entry has no stack of its own and takes its forward's scopes. */
static void
borrow_forward_scopes (GPtrArray  *items,
                       GHashTable *by_name)
{
  for (guint i = 0; i < items->len; i++)
    {
      MsvisScopeItem *item = g_ptr_array_index (items, i);
      g_auto(GStrv) parts = g_strsplit (item->data_name, ".", -1);
      int n = g_strv_length (parts);
      gboolean backward = FALSE;
      g_autofree char *forward_name = NULL;
      MsvisScopeItem *forward;

      for (int k = MAX (n - 2, 0); k < n; k++)
        if (strcmp (parts[k], "backward") == 0)
          backward = TRUE;
      if (!backward)
        continue;
      for (int k = MAX (n - 2, 0); k < n; k++)
        {
          g_autoptr(GString) replaced = g_string_new (parts[k]);

          g_string_replace (replaced, "backward", "forward", 0);
          g_free (parts[k]);
          parts[k] = g_string_free (g_steal_pointer (&replaced), FALSE);
        }
      forward_name = g_strjoinv (".", parts);
      forward = g_hash_table_lookup (by_name, forward_name);
      if (forward == NULL)
        continue;
      g_free (item->stack_scope);
      g_free (item->full_scope);
      g_free (item->layer_scope);
      item->stack_scope = g_strdup (forward->stack_scope);
      item->full_scope = g_strdup (forward->full_scope);
      item->layer_scope = g_strdup (forward->layer_scope);
    }
}

/* extract_next_item_last_number: the last run of digits in the part after "prefix.", if
 * the scope starts with it; INFINITY otherwise. */
static double
next_part_number (const char *scope,
                  const char *prefix,
                  gsize      *part_start,
                  gsize      *part_end)
{
  gsize n = strlen (prefix);
  const char *part, *dot, *last_digits = NULL;
  double number = INFINITY;

  if (strncmp (scope, prefix, n) != 0 || scope[n] != '.')
    return INFINITY;
  part = scope + n + 1;
  dot = part + strcspn (part, ". \t\n\r\f\v");
  /* \S+? needs one character at least and stops at the first dot or the end */
  if (dot == part || (*dot != '.' && *dot != '\0'))
    return INFINITY;
  *part_start = part - scope;
  *part_end = dot - scope;
  for (const char *p = part; p < dot; p++)
    if (g_ascii_isdigit (*p) && (p == part || !g_ascii_isdigit (p[-1])))
      last_digits = p;
  if (last_digits != NULL)
    number = g_ascii_strtod (last_digits, NULL);
  return number;
}

/* renumber_index_pass: layers of a ParallelTransformer count from 0 under each of them,
 * whatever pipeline stage they came from. */
static void
renumber_layers (GPtrArray *items)
{
  g_autoptr(GPtrArray) prefixes = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) minimums = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < items->len; i++)
    {
      MsvisScopeItem *item = g_ptr_array_index (items, i);
      g_autofree char *prefix = NULL;
      gboolean seen = FALSE;

      if (strcmp (item->type_name, "ParallelTransformer") != 0)
        continue;
      prefix = g_strconcat (item->full_scope, ".layers", NULL);
      for (guint k = 0; k < prefixes->len && !seen; k++)
        seen = strcmp (g_ptr_array_index (prefixes, k), prefix) == 0;
      if (!seen)
        g_ptr_array_add (prefixes, g_steal_pointer (&prefix));
    }

  for (guint k = 0; k < prefixes->len; k++)
    {
      double minimum = INFINITY;

      for (guint i = 0; i < items->len; i++)
        {
          MsvisScopeItem *item = g_ptr_array_index (items, i);
          gsize s, e;

          minimum = MIN (minimum, next_part_number (item->full_scope,
                                                    g_ptr_array_index (prefixes, k), &s, &e));
        }
      g_array_append_val (minimums, minimum);
    }

  for (guint k = 0; k < prefixes->len; k++)
    for (guint i = 0; i < items->len; i++)
      {
        MsvisScopeItem *item = g_ptr_array_index (items, i);
        const char *prefix = g_ptr_array_index (prefixes, k);
        gsize s = 0, e = 0;
        double index = next_part_number (item->full_scope, prefix, &s, &e) -
                       g_array_index (minimums, double, k);
        char *renumbered;

        if (isinf (index) || isnan (index))
          continue;
        renumbered = g_strdup_printf ("%.*s%.0f%s", (int)s, item->full_scope, index,
                                      item->full_scope + e);
        g_free (item->full_scope);
        item->full_scope = renumbered;
      }
}

/* The old stack.json, {name: lines}; the new grouped form gives no stacks here, as in
 * msprobe's layer mapping. */
static const MsvisJsonValue *
stack_lines (const MsvisJsonValue *stacks,
             const char           *name)
{
  const MsvisJsonValue *zero;

  if (stacks == NULL || stacks->kind != MSVIS_JSON_OBJECT)
    return NULL;
  zero = msvis_json_value_get_member (stacks, "0");
  if (zero != NULL && msvis_json_value_is_truthy (zero))
    return NULL;
  return msvis_json_value_get_member (stacks, name);
}

/**
 * msvis_scope_items_read:
 *
 * @names: (element-type utf8): the dump.json keys in file order, as the build saw them
 *
 * get_dump_data_items: one item per dump.json entry, in file order. A dump without stacks
 * or construct gives none.
 *
 * Returns: (transfer full) (element-type MsvisScopeItem): the items, or %NULL on error
 */
GPtrArray *
msvis_scope_items_read (GFile                *dump_dir,
                        GPtrArray            *names,
                        MsvisScopeFramework   framework,
                        GCancellable         *cancellable,
                        GError              **error)
{
  g_autoptr(GFile) construct_file = g_file_get_child (dump_dir, "construct.json");
  g_autoptr(GFile) stack_file = g_file_get_child (dump_dir, "stack.json");
  g_autoptr(MsvisGraph) scratch = msvis_graph_new ();
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(MsvisConstruct) construct = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (scope_item_free);
  g_autoptr(GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  const MsvisJsonValue *stacks;

  construct = msvis_construct_read (construct_file, scratch, cancellable, error);
  if (construct == NULL)
    return NULL;
  stacks = msvis_json_value_parse_file (arena, stack_file, cancellable, error);
  if (stacks == NULL)
    return NULL;

  if (construct->pairs->len == 0 || stacks->kind != MSVIS_JSON_OBJECT || stacks->n == 0)
    return g_steal_pointer (&items);

  for (guint i = 0; i < names->len; i++)
    {
      MsvisScopeItem *item = g_new0 (MsvisScopeItem, 1);
      const char *parent = NULL;
      const MsvisJsonValue *stack = stack_lines (stacks, g_ptr_array_index (names, i));
      g_autofree char *frame = NULL;
      g_auto(GStrv) split = NULL;
      const char *api_type;

      item->data_name = g_strdup (g_ptr_array_index (names, i));
      g_ptr_array_add (items, item);
      msvis_construct_lookup (construct, item->data_name, &parent);
      if (!set_name_and_layer (item, parent, dump_dir, error))
        return NULL;

      split = g_strsplit (item->data_name, ".", 2);
      api_type = strcmp (item->state, "parameters_grad") == 0 ? item->state : split[0];
      if (stack != NULL && msvis_json_value_is_truthy (stack) && !is_layer (api_type) &&
          strcmp (api_type, "Primitive") != 0 && strcmp (api_type, "Jit") != 0)
        {
          if (!stack_is_valid (stack))
            {
              g_autofree char *path = g_file_get_parse_name (stack_file);

              g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
                           /* translators: stack.json's path, then a dump name */
                           _("%s: the stack of “%s” is not a list of strings"), path,
                           item->data_name);
              return NULL;
            }
          frame = stack_scope (stack, framework);
        }
      item->stack_scope = g_strdup (frame ? frame : "");
      item->full_scope = frame && *frame
        ? g_strjoin (".", item->layer_scope, frame, item->api_name, NULL)
        : g_strjoin (".", item->layer_scope, item->api_name, NULL);
      g_hash_table_insert (by_name, item->data_name, item);
    }

  borrow_forward_scopes (items, by_name);
  renumber_layers (items);
  return g_steal_pointer (&items);
}
