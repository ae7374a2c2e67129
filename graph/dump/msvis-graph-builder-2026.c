// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-graph-builder-private.h"

/* The builder rules mindstudio-probe 26.0.0 added to GraphBuilder.build (msprobe-2026.md §2.7,
 * §4.2, §4.4, §4.6), used when the options ask for MSVIS_ERA_2026. */

/* Where @name ends in @word followed by digits (".backward.N", ".forward.N": the patterns'
 * search at the end), the length of what comes before; else -1. */
static gssize
counter_prefix (const char *name,
                const char *word)
{
  gsize n = strlen (name), digits = n, word_length = strlen (word);

  while (digits > 0 && g_ascii_isdigit (name[digits - 1]))
    digits--;
  if (digits == n || digits < word_length ||
      strncmp (name + digits - word_length, word, word_length) != 0)
    return -1;
  return digits - word_length;
}

/* @name with its ".from.N" end made ".to.N" into @out, or @name itself without that end. */
static const char *
swap_counter (GString    *out,
              const char *name,
              const char *from,
              const char *to)
{
  gssize prefix = counter_prefix (name, from);

  if (prefix < 0)
    return name;
  g_string_truncate (out, 0);
  g_string_append_len (out, name, prefix);
  g_string_append (out, to);
  g_string_append (out, name + prefix + strlen (from));
  return out->str;
}

/* The length of ".".join(name.split(".")[:-@parts]), or -1 when the name has @parts dots or
 * fewer. */
static gssize
without_last_parts (const char *name,
                    guint       parts)
{
  const char *p = name + strlen (name);

  while (p > name)
    if (*--p == '.' && --parts == 0)
      return p - name;
  return -1;
}

/**
 * msvis_builder_fix_inplace_parent:
 *
 * _handle_backward_inplace (msprobe-2026.md §4.2): an in-place layer fires no backward hook,
 * so a module's backward can be listed under a sibling's. When the backward node's layer
 * path is not its parent's module path, it goes under the backward twin of its forward
 * node's parent, or to the root (%NULL) when that forward node is at the top.
 *
 * Returns: the parent to use, interned
 */
const char *
msvis_builder_fix_inplace_parent (Builder    *self,
                                  const char *child,
                                  const char *parent)
{
  GString *scratch = self->name_scratch;
  gssize child_prefix, parent_prefix;
  const char *forward, *forward_parent, *backward, *ignored;

  /* split(".") has 5 parts or more for the child, 4 or more for the parent */
  if (counter_prefix (child, ".backward.") < 0 ||
      (child_prefix = without_last_parts (child, 4)) < 0 ||
      (parent_prefix = without_last_parts (parent, 3)) < 0)
    return parent;
  if (child_prefix == parent_prefix && strncmp (child, parent, child_prefix) == 0)
    return parent;

  forward = swap_counter (scratch, child, ".backward.", ".forward.");
  if (!msvis_construct_lookup (self->construct, forward, &forward_parent))
    return parent;
  if (forward_parent == NULL)
    return NULL;
  backward = swap_counter (scratch, forward_parent, ".forward.", ".backward.");
  if (!msvis_construct_lookup (self->construct, backward, &ignored))
    return parent;
  return backward == forward_parent ? forward_parent : msvis_graph_intern (self->graph, backward);
}

/**
 * msvis_builder_rebase_dump_data_dir:
 *
 * msprobe-2026.md §2.7: a tensor folder that moved since the dump is named where it is now,
 * next to construct.json: the dump.json value is kept only when its folder's parent is
 * construct.json's folder. null stays null and an absent key "".
 */
void
msvis_builder_rebase_dump_data_dir (Builder               *self,
                                    const MsvisDumpHeader *header)
{
  const char *dir = header->has_dump_data_dir ? header->dump_data_dir : "";
  g_autofree char *construct = NULL, *real = NULL, *base = NULL, *parent = NULL;
  g_autofree char *rebased = NULL;
  const char *slash;

  if (dir == NULL || dir[0] == '\0')
    {
      msvis_graph_set_dump_data_dir (self->graph, dir);
      return;
    }

  construct = g_file_get_path (self->construct_file);
  real = construct ? realpath (construct, NULL) : NULL;
  base = g_path_get_dirname (real ? real : construct ? construct : ".");

  /* os.path.dirname: up to the last slash, less the slashes that end it unless that is all
   * there is */
  slash = strrchr (dir, '/');
  parent = slash ? g_strndup (dir, slash + 1 - dir) : g_strdup ("");
  if (strspn (parent, "/") != strlen (parent))
    {
      gsize n = strlen (parent);

      while (n > 0 && parent[n - 1] == '/')
        parent[--n] = '\0';
    }

  if (strcmp (parent, base) != 0)
    dir = rebased = g_build_filename (base, "dump_tensor_data", NULL);
  msvis_graph_set_dump_data_dir (self->graph, dir);
}

/* One "File f, line n, in func, \n code" line of a stack: its file and function, as
 * _is_recompute_by_stack_torch splits it; FALSE for a line it skips. */
static gboolean
parse_frame (const char  *line,
             GString     *scratch,
             char       **file,
             char       **function)
{
  const char *in, *end;
  char *text;

  g_string_assign (scratch, line);
  g_strstrip (scratch->str);
  g_string_set_size (scratch, strlen (scratch->str));
  g_string_replace (scratch, "File ", "", 0);
  text = scratch->str;

  in = strstr (text, ", in ");
  if (in == NULL)
    return FALSE;
  in += strlen (", in ");
  end = strchr (in, ',');
  *function = g_strstrip (g_strndup (in, end ? (gsize)(end - in) : strlen (in)));
  end = strstr (text, ", line ");
  *file = g_strstrip (g_strndup (text, end ? (gsize)(end - text) : strlen (text)));
  return TRUE;
}

/* _is_recompute_by_stack_torch: torch's checkpoint re-ran the forward, or a backward called
 * from torch.autograd.Function did (Megatron's and MindSpeed's own checkpointing). */
static gboolean
recomputed_by_stack (MsvisGraph *graph,
                     guint32     stack,
                     GString    *scratch)
{
  guint n_lines, n = 0;
  const char *const *lines = msvis_graph_get_stack (graph, stack, &n_lines);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) functions = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_lines; i++)
    {
      char *file, *function;

      if (!parse_frame (lines[i], scratch, &file, &function))
        continue;
      g_ptr_array_add (files, file);
      g_ptr_array_add (functions, function);
      n++;
    }

  for (guint i = 0; i < n; i++)
    if (strcmp (functions->pdata[i], "recompute_fn") == 0 &&
        g_str_has_suffix (files->pdata[i], "torch/utils/checkpoint.py"))
      return TRUE;

  for (guint i = 0; i < n; i++)
    {
      if (strcmp (functions->pdata[i], "backward") != 0 &&
          (strcmp (functions->pdata[i], "checkpoint_function_backward") != 0 ||
           strstr (files->pdata[i], "megatron") == NULL))
        continue;
      for (guint k = i + 1; k <= i + 2 && k < n; k++)
        if (g_str_has_suffix (files->pdata[k], "torch/autograd/function.py"))
          return TRUE;
    }
  return FALSE;
}

/* _is_recompute_node_id: a top-level module is named
 * Module|Cell[.digits].name[.digits].Class.forward|backward.N; any other shape at the top is
 * a recomputed layer. */
static gboolean
recomputed_by_name (char **parts)
{
  guint n = g_strv_length (parts);

  if (n > 7)
    return TRUE;
  if (n == 7 && !(msvis_builder_is_py_digits (parts[1]) && msvis_builder_is_py_digits (parts[3])))
    return TRUE;
  return n == 6 && !msvis_builder_is_py_digits (parts[1]);
}

gboolean
msvis_builder_is_py_digits (const char *text)
{
  if (*text == '\0')
    return FALSE;
  for (; *text != '\0'; text++)
    if (!g_ascii_isdigit (*text))
      return FALSE;
  return TRUE;
}

typedef struct
{
  MsvisNodeId  node;
  char        *prefix;   /* ".".join(id.split(".")[:-2]) */
} Recomputed;

static void
recomputed_clear (gpointer data)
{
  g_free (((Recomputed *)data)->prefix);
}

/* The normal occurrences of a recomputed layer: its forward nodes below a module, in the
 * order they were made. Recomputed forward and backward nodes take them from two queues. */
typedef struct
{
  GArray *nodes;
  guint   next_forward;
  guint   next_backward;
} Occurrences;

static void
occurrences_free (gpointer data)
{
  Occurrences *o = data;

  g_array_unref (o->nodes);
  g_free (o);
}

/* _get_recompute_map: the root's module children that are a recomputed layer's forward and
 * backward pair, in the root's order. */
static GArray *
find_recomputed (Builder      *self,
                 gboolean      by_stack,
                 const GArray *children)
{
  MsvisGraph *graph = self->graph;
  MsvisNodeId root = msvis_graph_get_root (graph);
  GArray *found = g_array_new (FALSE, FALSE, sizeof (Recomputed));
  g_autoptr(GHashTable) twins = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) lines = g_string_new (NULL);

  g_array_set_clear_func (found, recomputed_clear);
  for (guint i = 0; i < children->len; i++)
    {
      MsvisNodeId child = g_array_index (children, MsvisNodeId, i), twin;
      const char *id = msvis_graph_node_get_id (graph, child);
      g_auto(GStrv) parts = NULL;
      g_autofree char *twin_id = NULL;
      Recomputed r = { child, NULL };
      guint n;

      if (msvis_graph_node_get_node_type (graph, child) != MSVIS_NODE_MODULE)
        continue;
      if (by_stack)
        {
          /* A backward node has no stack of its own: its forward node's tells. */
          const char *key = swap_counter (self->name_scratch, id, ".backward.", ".forward.");
          guint32 stack;

          if (!msvis_graph_get_noted_stack (graph, key == id ? id : msvis_graph_intern (graph, key),
                                            &stack) ||
              !recomputed_by_stack (graph, stack, lines))
            continue;
        }

      parts = g_strsplit (id, ".", -1);
      n = g_strv_length (parts);
      if (g_hash_table_contains (twins, id))
        {
          r.prefix = g_strndup (id, MAX (without_last_parts (id, 2), 0));
          g_array_append_val (found, r);
          continue;
        }
      if (!recomputed_by_name (parts))
        continue;

      /* A recomputed layer is a pair: its forward and backward are both at the top. */
      twin_id = g_strdup_printf ("%.*s.%s.%s", (int)without_last_parts (id, 2), id,
                                 strcmp (parts[n - 2], "forward") == 0 ? "backward" : "forward",
                                 parts[n - 1]);
      twin = msvis_graph_lookup (graph, twin_id);
      if (twin == MSVIS_NODE_ID_NONE || msvis_graph_node_get_parent (graph, twin) != root)
        continue;
      r.prefix = g_strndup (id, without_last_parts (id, 2));
      g_array_append_val (found, r);
      g_hash_table_add (twins, g_steal_pointer (&twin_id));
    }
  return found;
}

/* _get_no_recompute_map: per recomputed prefix, the forward nodes of that name below a
 * module, in the order they were made. */
static GHashTable *
find_occurrences (Builder      *self,
                  const GArray *recomputed)
{
  MsvisGraph *graph = self->graph;
  MsvisNodeId root = msvis_graph_get_root (graph);
  GHashTable *occurrences = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                   occurrences_free);
  GString *prefix = self->name_scratch;

  for (guint i = 0; i < recomputed->len; i++)
    {
      const char *p = g_array_index (recomputed, Recomputed, i).prefix;

      if (!g_hash_table_contains (occurrences, p))
        {
          Occurrences *o = g_new0 (Occurrences, 1);

          o->nodes = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
          g_hash_table_insert (occurrences, (char *)p, o);
        }
    }

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      const char *id = msvis_graph_node_get_id (graph, node);
      MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
      gssize length;
      Occurrences *o;

      if (parent == MSVIS_NODE_ID_NONE || parent == root ||
          msvis_graph_node_get_node_type (graph, node) != MSVIS_NODE_MODULE ||
          (length = counter_prefix (id, ".forward.")) < 0)
        continue;
      g_string_truncate (prefix, 0);
      g_string_append_len (prefix, id, length);
      o = g_hash_table_lookup (occurrences, prefix->str);
      if (o != NULL)
        g_array_append_val (o->nodes, node);
    }
  return occurrences;
}

static gboolean
is_ancestor (MsvisGraph  *graph,
             MsvisNodeId  ancestor,
             MsvisNodeId  node)
{
  for (node = msvis_graph_node_get_parent (graph, node); node != MSVIS_NODE_ID_NONE;
       node = msvis_graph_node_get_parent (graph, node))
    if (node == ancestor)
      return TRUE;
  return FALSE;
}

/* Lists each moved node after its new parent's children, and the root's children without
 * them. @moves holds (parent, node) pairs in the order they were moved. */
static void
relist_children (MsvisGraph   *graph,
                 const GArray *children,
                 const GArray *moves)
{
  g_autoptr(GHashTable) lists = g_hash_table_new_full (NULL, NULL, NULL,
                                                       (GDestroyNotify)g_array_unref);
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autoptr(GHashTable) moved = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));

  for (guint i = 0; i < moves->len; i += 2)
    {
      MsvisNodeId parent = g_array_index (moves, MsvisNodeId, i);
      MsvisNodeId node = g_array_index (moves, MsvisNodeId, i + 1);
      GArray *list = g_hash_table_lookup (lists, GUINT_TO_POINTER (parent + 1));

      if (list == NULL)
        {
          list = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
          for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, parent);
               c != MSVIS_NODE_ID_NONE; c = msvis_graph_node_get_next_sibling (graph, c))
            g_array_append_val (list, c);
          g_hash_table_insert (lists, GUINT_TO_POINTER (parent + 1), list);
          g_array_append_val (order, parent);
        }
      g_array_append_val (list, node);
      g_hash_table_add (moved, GUINT_TO_POINTER (node + 1));
    }

  for (guint i = 0; i < order->len; i++)
    {
      MsvisNodeId parent = g_array_index (order, MsvisNodeId, i);
      GArray *list = g_hash_table_lookup (lists, GUINT_TO_POINTER (parent + 1));

      msvis_graph_node_set_children (graph, parent, (MsvisNodeId *)list->data, list->len);
    }

  for (guint i = 0; i < children->len; i++)
    if (!g_hash_table_contains (moved, GUINT_TO_POINTER (g_array_index (children, MsvisNodeId,
                                                                         i) + 1)))
      g_array_append_val (kept, g_array_index (children, MsvisNodeId, i));
  msvis_graph_node_set_children (graph, msvis_graph_get_root (graph),
                                 (MsvisNodeId *)kept->data, kept->len);
}

/**
 * msvis_builder_handle_recompute:
 * @framework: (nullable): dump.json's "framework"
 *
 * _handle_recompute (msprobe-2026.md §4.4): activation recomputation re-runs a layer's forward
 * during the backward, outside any module, so that layer's forward.N/backward.N pair lands
 * at the top. Each such node goes, as the last child, under the backward twin of the parent
 * of the layer's normal occurrence: the first unused one, forward and backward nodes each
 * taking them in turn. A PyTorch dump must show the recomputation in the stack.
 */
void
msvis_builder_handle_recompute (Builder    *self,
                                const char *framework)
{
  MsvisGraph *graph = self->graph;
  MsvisNodeId root = msvis_graph_get_root (graph);
  g_autoptr(GArray) children = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autoptr(GArray) recomputed = NULL;
  g_autoptr(GHashTable) occurrences = NULL;
  g_autoptr(GArray) moves = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));

  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, root); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (graph, c))
    g_array_append_val (children, c);

  recomputed = find_recomputed (self, framework == NULL || strcmp (framework, "pytorch") == 0,
                                children);
  if (recomputed->len == 0)
    return;
  occurrences = find_occurrences (self, recomputed);

  for (guint i = 0; i < recomputed->len; i++)
    {
      const Recomputed *r = &g_array_index (recomputed, Recomputed, i);
      Occurrences *o = g_hash_table_lookup (occurrences, r->prefix);
      const char *id = msvis_graph_node_get_id (graph, r->node);
      guint *next;
      MsvisNodeId normal, target;

      if (o == NULL || o->nodes->len == 0)
        continue;
      next = counter_prefix (id, ".forward.") >= 0 ? &o->next_forward : &o->next_backward;
      if (*next >= o->nodes->len)
        continue;
      normal = msvis_graph_node_get_parent (graph, g_array_index (o->nodes, MsvisNodeId,
                                                                  (*next)++));
      target = msvis_graph_lookup (graph, swap_counter (self->name_scratch,
                                                        msvis_graph_node_get_id (graph, normal),
                                                        ".forward.", ".backward."));
      /* msprobe checks the ancestors only; a node under itself would be a loop too */
      if (target == MSVIS_NODE_ID_NONE || target == r->node ||
          is_ancestor (graph, r->node, target))
        continue;
      msvis_graph_node_set_upnode (graph, r->node, target);
      g_array_append_val (moves, target);
      g_array_append_val (moves, r->node);
    }

  if (moves->len > 0)
    relist_children (graph, children, moves);
}

/* int(text) for what dumps hold: ASCII digits with an optional sign. */
static gboolean
parse_counter (const char *text,
               gint64     *value)
{
  const char *digits = text + (*text == '+' || *text == '-');

  if (!msvis_builder_is_py_digits (digits) || strlen (digits) > 18)
    return FALSE;
  *value = g_ascii_strtoll (text, NULL, 10);
  return TRUE;
}

/* max_info of _add_parameters_grad: for each gradient prefix, the largest N of the nodes
 * named prefix.backward.N, 0 without one. */
static GHashTable *
find_last_backwards (Builder    *self,
                     GHashTable *groups)
{
  MsvisGraph *graph = self->graph;
  GHashTable *last = g_hash_table_new (g_str_hash, g_str_equal);
  GString *prefix = self->name_scratch;
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, groups);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_insert (last, key, GINT_TO_POINTER (0));

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      const char *id = msvis_graph_node_get_id (graph, node);
      const char *counter = strrchr (id, '.');
      gssize length;
      gint64 n;
      gpointer previous;

      /* split(".") has 3 parts or more, the one before the last is "backward" */
      if (counter == NULL || counter - id < (gssize)strlen (".backward") ||
          strncmp (counter - strlen (".backward"), ".backward", strlen (".backward")) != 0)
        continue;
      length = counter - strlen (".backward") - id;
      if (!parse_counter (counter + 1, &n))
        continue;   /* int() fails: msprobe 26 stops the whole build there */
      g_string_truncate (prefix, 0);
      g_string_append_len (prefix, id, length);
      if (g_hash_table_lookup_extended (last, prefix->str, &key, &previous) &&
          n > GPOINTER_TO_INT (previous) && n <= G_MAXINT)
        g_hash_table_insert (last, key, GINT_TO_POINTER ((gint)n));
    }
  return last;
}

/* The NPU and benchmark sides of a compare build at the same time. */
static GMutex warnings_lock;

/* msprobe drops the gradients of a module that never ran backward, without a word; the
 * graph is msprobe's, and the user hears where it differs from the dump. */
void
msvis_builder_warn_dropped_grads (Builder    *self,
                                  const char *name,
                                  const char *prefix)
{
  g_autofree char *path = NULL;
  char *message;

  if (self->options->warnings == NULL)
    return;
  path = g_file_get_parse_name (self->dump_file);
  /* translators: a file name, a dump entry name and a module name */
  message = g_strdup_printf (_("%s: entry “%s” is left out: “%s” has no backward node to hold "
                               "its parameter gradients (msprobe drops them too)"),
                             path, name, prefix);
  g_mutex_lock (&warnings_lock);
  g_ptr_array_add (self->options->warnings, message);
  g_mutex_unlock (&warnings_lock);
}

/**
 * msvis_builder_add_parameters_grad_2026:
 *
 * _add_parameters_grad of msprobe 26 (msprobe-2026.md §4.6): every X.parameters_grad[.N]
 * entry that is no node becomes one, named as the entry, under X's backward node with the
 * largest N, the prefixes in the order they first come and each prefix's entries in dump
 * order. The entries of a module without that node are dropped, as msprobe drops them.
 */
void
msvis_builder_add_parameters_grad_2026 (Builder *self)
{
  MsvisGraph *graph = self->graph;
  gboolean megatron = self->construct->micro_step_number >= 0;
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                        (GDestroyNotify)g_ptr_array_unref);
  g_autoptr(GPtrArray) prefixes = g_ptr_array_new ();
  g_autoptr(GHashTable) last = NULL;

  for (guint i = 0; i < self->grad_names->len; i++)
    {
      const char *name = g_ptr_array_index (self->grad_names, i);
      g_autofree char *prefix = NULL;
      GPtrArray *group;

      if (msvis_graph_lookup (graph, name) != MSVIS_NODE_ID_NONE)
        continue;
      prefix = g_strndup (name, msvis_parameters_grad_suffix (name));
      group = g_hash_table_lookup (groups, prefix);
      if (group == NULL)
        {
          group = g_ptr_array_new ();
          g_ptr_array_add (prefixes, prefix);
          g_hash_table_insert (groups, g_steal_pointer (&prefix), group);
        }
      g_ptr_array_add (group, (char *)name);
    }
  if (prefixes->len == 0)
    return;

  last = find_last_backwards (self, groups);
  for (guint i = 0; i < prefixes->len; i++)
    {
      const char *prefix = g_ptr_array_index (prefixes, i);
      GPtrArray *group = g_hash_table_lookup (groups, prefix);
      g_autofree char *owner_id = g_strdup_printf ("%s.backward.%d", prefix,
                                                   GPOINTER_TO_INT (g_hash_table_lookup (last,
                                                                                         prefix)));
      MsvisNodeId owner = msvis_graph_lookup (graph, owner_id);

      for (guint j = 0; j < group->len; j++)
        {
          const char *name = g_ptr_array_index (group, j);
          guint index = GPOINTER_TO_UINT (g_hash_table_lookup (self->entries, name));
          const MsvisItemRuns *runs = &g_array_index (self->runs, MsvisItemRuns, index - 1);
          MsvisNodeId node;

          if (owner == MSVIS_NODE_ID_NONE)
            {
              msvis_builder_warn_dropped_grads (self, name, prefix);
              continue;
            }
          node = msvis_graph_add_node (graph, MSVIS_NODE_MODULE, name);
          if (node == MSVIS_NODE_ID_NONE)
            continue;
          msvis_graph_node_set_items (graph, node, runs->first_input, runs->n_inputs,
                                      runs->first_output, runs->n_outputs);
          msvis_graph_node_attach (graph, node, owner);
          if (megatron)
            msvis_graph_node_set_micro_step (graph, node, 0);
        }
    }
}
