// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-graph-builder-private.h"
#include "msvis-reader-error.h"

/* The nodes of GraphBuilder.build (vis-format.md §3): made in construct.json order with
 * their stacks, then the API collections, parameter gradients and micro steps. */

#define NO_FORWARD_STACK \
  "This backward node cannot find the forward node and cannot retrieve stack information."

/* "^(Module.|Cell.|optimizer|clip_grad)" and the API prefixes: msprobe's patterns leave the
 * dot unescaped, so "Tensor1" is an API too; a dot in Python's re matches anything but \n. */
static gboolean
starts_with_any_char_after (const char *name,
                            const char *prefix)
{
  gsize n = strlen (prefix);

  return strncmp (name, prefix, n) == 0 && name[n] != '\0' && name[n] != '\n';
}

/**
 * msvis_node_type_in_era:
 *
 * NodeOp.get_node_op: msprobe 26 adds "MindSpeed." to the APIs (msprobe-2026.md §4.8), and
 * "DefaultModel" to the modules, which names left unmatched are anyway.
 */
MsvisNodeType
msvis_node_type_in_era (const char *name,
                        MsvisEra    era)
{
  static const char *apis[] = {
    "Tensor", "Torch", "Functional", "NPU", "VF", "Distributed", "Aten", "Mint", "Primitive",
    "Jit", "MintFunctional",
  };

  if (starts_with_any_char_after (name, "Module") || starts_with_any_char_after (name, "Cell") ||
      g_str_has_prefix (name, "optimizer") || g_str_has_prefix (name, "clip_grad"))
    return MSVIS_NODE_MODULE;

  for (guint i = 0; i < G_N_ELEMENTS (apis); i++)
    if (starts_with_any_char_after (name, apis[i]))
      return MSVIS_NODE_API;

  if (era == MSVIS_ERA_2026 && starts_with_any_char_after (name, "MindSpeed"))
    return MSVIS_NODE_API;

  return MSVIS_NODE_MODULE;
}

/* The July-2025 node types. */
MsvisNodeType
msvis_node_type_for_name (const char *name)
{
  return msvis_node_type_in_era (name, MSVIS_ERA_2025_07);
}

static gboolean
is_word_byte (guchar c)
{
  return g_ascii_isalnum (c) || c == '_' || c >= 0x80;
}

/* re.search(r"\b([A-Z][a-zA-Z]*Template|api_template)\(", line) */
static gboolean
is_template_line (const char *line)
{
  const char *p;

  for (p = strstr (line, "api_template("); p != NULL; p = strstr (p + 1, "api_template("))
    if (p == line || !is_word_byte (p[-1]))
      return TRUE;

  for (p = strstr (line, "Template("); p != NULL; p = strstr (p + 1, "Template("))
    {
      const char *start = p;

      while (start > line && g_ascii_isalpha (start[-1]))
        start--;
      if (start < p && g_ascii_isupper (*start) && (start == line || !is_word_byte (start[-1])))
        return TRUE;
    }

  return FALSE;
}

static gboolean
line_calls_module (Builder    *self,
                   const char *module,
                   const char *line)
{
  g_autofree char *call = NULL;
  GRegex *regex;

  if (strpbrk (module, ".^$*+?{}[]\\|()") == NULL)
    {
      gsize n = strlen (module);

      for (const char *p = strstr (line, module); p != NULL; p = strstr (p + 1, module))
        if (p[n] == '(')
          return TRUE;
      return FALSE;
    }

  /* msprobe builds a regular expression from the attribute name; do the same. */
  regex = g_hash_table_lookup (self->regexes, module);
  if (regex == NULL && !g_hash_table_contains (self->regexes, module))
    {
      call = g_strconcat (module, "\\(", NULL);
      regex = g_regex_new (call, 0, 0, NULL);
      g_hash_table_insert (self->regexes, g_strdup (module), regex);
    }

  return regex != NULL && g_regex_match (regex, line, 0, NULL);
}

/* The one line of a stack that says where the node was called from (§3.4). */
static guint32
simplify_stack (Builder    *self,
                const char *name,
                guint32     raw)
{
  guint n_lines;
  const char *const *lines = msvis_graph_get_stack (self->graph, raw, &n_lines);

  /* msprobe 26 always keeps whole stacks (msprobe-2026.md §4.3). */
  if (self->options->complete_stack || n_lines == 0 || self->options->era == MSVIS_ERA_2026)
    return raw;

  if (msvis_node_type_for_name (name) == MSVIS_NODE_MODULE)
    {
      /* name.split(".")[-4], the attribute name: between the 4th and 3rd dot from the end */
      const char *end = name + strlen (name), *dots[4], *start;
      g_autofree char *module = NULL;
      guint found = 0;

      for (const char *p = end; p > name && found < 4;)
        if (*--p == '.')
          dots[found++] = p;
      if (found < 3)
        return raw;
      start = found == 4 ? dots[3] + 1 : name;
      module = g_strndup (start, dots[2] - start);
      for (guint i = 0; i < n_lines; i++)
        if (line_calls_module (self, module, lines[i]))
          return msvis_graph_intern_stack (self->graph, &lines[i], 1);
      return raw;
    }

  /* The result depends on the stack alone: remember it. */
  if (raw < self->api_stacks->len && g_array_index (self->api_stacks, guint32, raw) != 0)
    return g_array_index (self->api_stacks, guint32, raw) - 1;
  {
    guint32 simplified = raw;

    for (guint i = 0; i + 1 < n_lines; i++)
      if (is_template_line (lines[i]))
        {
          simplified = msvis_graph_intern_stack (self->graph, &lines[i + 1], 1);
          break;
        }
    if (raw >= self->api_stacks->len)
      g_array_set_size (self->api_stacks, raw + 1);
    g_array_index (self->api_stacks, guint32, raw) = simplified + 1;
    return simplified;
  }
}

/* Where `name` ends in ".backward.N" (digits), the length of what comes before. */
static gssize
backward_counter_prefix (const char *name)
{
  gsize n = strlen (name);
  gsize digits = n;

  while (digits > 0 && g_ascii_isdigit (name[digits - 1]))
    digits--;
  if (digits == n || digits < strlen (".backward.") ||
      strncmp (name + digits - strlen (".backward."), ".backward.", strlen (".backward.")) != 0)
    return -1;

  return digits - strlen (".backward.");
}

static char *
replace_all (const char *text,
             const char *from,
             const char *to)
{
  g_auto(GStrv) parts = g_strsplit (text, from, -1);

  return g_strjoinv (to, parts);
}

/* replace_all() into @out, without the allocations: it runs for every backward node. */
static void
replace_all_into (GString    *out,
                  const char *text,
                  const char *from,
                  const char *to)
{
  gsize from_length = strlen (from);
  const char *found;

  g_string_truncate (out, 0);
  while ((found = strstr (text, from)) != NULL)
    {
      g_string_append_len (out, text, found - text);
      g_string_append (out, to);
      text = found + from_length;
    }
  g_string_append (out, text);
}

/* @name is interned: stack.json's stacks are noted with the names (read_structure). */
static guint32
stack_for (Builder    *self,
           const char *name)
{
  guint32 raw;
  guint32 stack = 0;
  gssize prefix;
  GString *source_name = self->name_scratch;
  MsvisNodeId source;

  if (msvis_graph_get_noted_stack (self->graph, name, &raw))
    stack = simplify_stack (self, name, raw);
  if (stack != 0)
    return stack;

  /* A backward node without a stack borrows its forward node's (§3.4). */
  prefix = backward_counter_prefix (name);
  if (prefix >= 0)
    {
      g_string_truncate (source_name, 0);
      g_string_append_len (source_name, name, prefix);
      g_string_append (source_name, ".forward.0");
    }
  else if (g_str_has_suffix (name, ".backward"))
    replace_all_into (source_name, name, "backward", "forward");
  else
    return 0;

  source = msvis_graph_lookup (self->graph, source_name->str);
  if (source != MSVIS_NODE_ID_NONE)
    return msvis_graph_node_get_stack (self->graph, source);

  {
    const char *line = NO_FORWARD_STACK;

    return msvis_graph_intern_stack (self->graph, &line, 1);
  }
}

static MsvisNodeId
create_or_get (Builder     *self,
               const char  *name,
               MsvisNodeId  parent)
{
  MsvisNodeId node = msvis_graph_lookup_interned (self->graph, name);

  if (node == MSVIS_NODE_ID_NONE)
    {
      node = msvis_graph_append_node (self->graph,
                                      msvis_node_type_in_era (name, self->options->era), name);
      msvis_graph_node_set_stack (self->graph, node, stack_for (self, name));
    }

  msvis_graph_node_attach (self->graph, node, parent);
  return node;
}

/* @prefix, then @middle, then @text from @at on, into @out: a name with its direction
 * swapped. Without printf: this runs for every backward node without a parent. */
static const char *
swap_direction (GString    *out,
                const char *text,
                gsize       prefix,
                const char *middle,
                gsize       at)
{
  g_string_truncate (out, 0);
  g_string_append_len (out, text, prefix);
  g_string_append (out, middle);
  g_string_append (out, text + at);
  return out->str;
}

/* _handle_backward_upnode_missing (§3.3): a backward node without parent takes the backward
 * twin of its forward node's parent, if construct.json has it. */
static const char *
repair_parent (Builder    *self,
               const char *child,
               const char *parent)
{
  g_autofree char *forward_copy = NULL;
  g_autofree char *backward_copy = NULL;
  const char *forward, *backward, *forward_parent, *ignored;
  gssize prefix;

  if (parent != NULL)
    return self->options->era == MSVIS_ERA_2026
           ? msvis_builder_fix_inplace_parent (self, child, parent) : parent;

  prefix = backward_counter_prefix (child);
  if (prefix >= 0)
    {
      gssize parent_prefix;

      forward = swap_direction (self->name_scratch, child, prefix, ".forward.",
                                prefix + strlen (".backward."));
      if (!msvis_construct_lookup (self->construct, forward, &forward_parent) ||
          forward_parent == NULL)
        return NULL;

      parent_prefix = -1;
      {
        gsize n = strlen (forward_parent), digits = n;

        while (digits > 0 && g_ascii_isdigit (forward_parent[digits - 1]))
          digits--;
        if (digits < n && digits >= strlen (".forward.") &&
            strncmp (forward_parent + digits - strlen (".forward."), ".forward.",
                     strlen (".forward.")) == 0)
          parent_prefix = digits - strlen (".forward.");
      }
      if (parent_prefix < 0)
        backward = forward_parent;
      else
        backward = swap_direction (self->name_scratch, forward_parent, parent_prefix,
                                   ".backward.", parent_prefix + strlen (".forward."));
    }
  else if (g_str_has_suffix (child, ".backward"))
    {
      forward = forward_copy = replace_all (child, "backward", "forward");
      if (!msvis_construct_lookup (self->construct, forward, &forward_parent) ||
          forward_parent == NULL)
        return NULL;
      backward = backward_copy = replace_all (forward_parent, "forward", "backward");
    }
  else
    return NULL;

  if (!msvis_construct_lookup (self->construct, backward, &ignored))
    return NULL;

  return msvis_graph_intern (self->graph, backward);
}

void
msvis_builder_create_nodes (Builder *self)
{
  MsvisNodeId root = msvis_graph_get_root (self->graph);

  for (guint i = 0; i < self->construct->pairs->len; i++)
    {
      MsvisConstructPair *pair = &g_array_index (self->construct->pairs, MsvisConstructPair, i);
      const char *parent_name = repair_parent (self, pair->child, pair->parent);
      MsvisNodeId parent = root;

      MsvisNodeId child;

      if (parent_name != NULL)
        parent = create_or_get (self, parent_name, MSVIS_NODE_ID_NONE);
      child = create_or_get (self, pair->child, parent);
      g_array_append_val (self->pair_nodes, child);
    }
}

/* msprobe writes a parent loop without complaint, and every tree walk would go round it for
 * ever; it is never a real model, so it is refused, naming the member that closes it. */
gboolean
msvis_builder_check_cycles (Builder  *self,
                            GError  **error)
{
  MsvisGraph *graph = self->graph;
  guint n = msvis_graph_get_n_nodes (graph);
  g_autofree guint8 *state = g_new0 (guint8, n);   /* 0 new, 1 on the current path, 2 done */

  for (MsvisNodeId start = 0; start < n; start++)
    {
      MsvisNodeId node = start;

      while (node != MSVIS_NODE_ID_NONE && state[node] == 0)
        {
          state[node] = 1;
          node = msvis_graph_node_get_parent (graph, node);
        }

      if (node != MSVIS_NODE_ID_NONE && state[node] == 1)
        {
          const char *id = msvis_graph_node_get_id (graph, node);
          guint index = GPOINTER_TO_UINT (g_hash_table_lookup (self->construct->index, id));
          guint64 offset = index ? g_array_index (self->construct->pairs, MsvisConstructPair,
                                                  index - 1).offset : 0;
          g_autofree char *path = g_file_get_parse_name (self->construct->file);

          g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                       /* translators: a file name, a byte offset and a node name */
                       _("%s, byte %llu: “%s” is its own ancestor; the parents form a loop"),
                       path, (unsigned long long)offset, id);
          return FALSE;
        }

      for (node = start; node != MSVIS_NODE_ID_NONE && state[node] == 1;
           node = msvis_graph_node_get_parent (graph, node))
        state[node] = 2;
    }

  return TRUE;
}

/* Runs of two or more APIs directly under the root become Apis_Between_Modules.k (§3.5). */
void
msvis_builder_group_apis (Builder *self)
{
  MsvisGraph *graph = self->graph;
  MsvisNodeId root = msvis_graph_get_root (graph);
  g_autoptr(GArray) children = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  guint k = 0;

  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, root); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (graph, c))
    g_array_append_val (children, c);

  for (guint i = 0; i < children->len;)
    {
      MsvisNodeId *c = &g_array_index (children, MsvisNodeId, i);
      guint run = 0;

      while (i + run < children->len &&
             msvis_graph_node_get_node_type (graph, c[run]) == MSVIS_NODE_API)
        run++;

      if (run >= 2)
        {
          g_autofree char *id = g_strdup_printf ("Apis_Between_Modules.%u", k++);
          MsvisNodeId collection = msvis_graph_add_node (graph, MSVIS_NODE_API_COLLECTION, id);

          if (collection != MSVIS_NODE_ID_NONE)
            {
              msvis_graph_node_set_children (graph, collection, c, run);
              g_array_append_val (kept, collection);
              i += run;
              continue;
            }
        }

      g_array_append_vals (kept, c, MAX (run, 1));
      i += MAX (run, 1);
    }

  if (kept->len != children->len)
    msvis_graph_node_set_children (graph, root, (MsvisNodeId *)kept->data, kept->len);
}

/**
 * msvis_parameters_grad_suffix:
 *
 * re.search(r"\.parameters_grad(?:\.\d+)?$"): July dumps write one X.parameters_grad per
 * module, msprobe 26 dumps one X.parameters_grad.N per grad_fn trigger (msprobe-2026.md §2.5).
 *
 * Returns: where the suffix starts in @name, or -1
 */
gssize
msvis_parameters_grad_suffix (const char *name)
{
  static const char grad[] = ".parameters_grad";
  gsize n = strlen (name), digits = n;

  while (digits > 0 && g_ascii_isdigit (name[digits - 1]))
    digits--;
  if (digits < n && digits > 0 && name[digits - 1] == '.')
    {
      if (digits - 1 >= strlen (grad) &&
          strncmp (name + digits - 1 - strlen (grad), grad, strlen (grad)) == 0)
        return digits - 1 - strlen (grad);
    }
  if (g_str_has_suffix (name, grad))
    return n - strlen (grad);
  return -1;
}

/* prefix -> the largest N of "prefix.backward.N" */
static GHashTable *
find_last_backwards (MsvisGraph *graph)
{
  GHashTable *last_backward = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      const char *id = msvis_graph_node_get_id (graph, node);
      gssize prefix = backward_counter_prefix (id);
      g_autofree char *key = NULL;
      guint64 n;

      if (prefix < 0)
        continue;
      n = g_ascii_strtoull (id + prefix + strlen (".backward."), NULL, 10);
      key = g_strndup (id, prefix);
      if (n >= GPOINTER_TO_SIZE (g_hash_table_lookup (last_backward, key)))
        g_hash_table_insert (last_backward, g_steal_pointer (&key), GSIZE_TO_POINTER (n));
    }

  return last_backward;
}

/* A module's parameter gradients hang under its last backward call (§3.6, msprobe-2026
 * §4.6). Those of a module without a backward node are dropped, as msprobe drops them. */
void
msvis_builder_add_parameters_grad (Builder *self)
{
  MsvisGraph *graph = self->graph;
  gboolean megatron = self->construct->micro_step_number >= 0;
  g_autoptr(GHashTable) last_backward = NULL;

  if (self->grad_names->len == 0)
    return;

  last_backward = find_last_backwards (graph);
  for (guint i = 0; i < self->grad_names->len; i++)
    {
      const char *name = g_ptr_array_index (self->grad_names, i);
      gssize suffix = msvis_parameters_grad_suffix (name);
      g_autofree char *prefix = NULL;
      g_autofree char *owner_id = NULL;
      g_autofree char *node_id = NULL;
      MsvisNodeId owner, node;
      MsvisItemRuns *runs;

      if (msvis_graph_lookup (graph, name) != MSVIS_NODE_ID_NONE)
        continue;

      /* The July form keeps its own quirk: every ".parameters_grad" goes from the prefix. */
      if (name[suffix + strlen (".parameters_grad")] == '\0')
        {
          prefix = replace_all (name, ".parameters_grad", "");
          node_id = g_strconcat (prefix, ".parameters_grad", NULL);
        }
      else
        {
          prefix = g_strndup (name, suffix);
          node_id = g_strdup (name);
        }
      owner_id = g_strdup_printf ("%s.backward.%" G_GSIZE_FORMAT, prefix,
                                  GPOINTER_TO_SIZE (g_hash_table_lookup (last_backward, prefix)));
      owner = msvis_graph_lookup (graph, owner_id);
      if (owner == MSVIS_NODE_ID_NONE)
        {
          msvis_builder_warn_dropped_grads (self, name, prefix);
          continue;
        }

      node = msvis_graph_add_node (graph, MSVIS_NODE_MODULE, node_id);
      if (node == MSVIS_NODE_ID_NONE)
        continue;

      runs = &g_array_index (self->runs, MsvisItemRuns,
                             GPOINTER_TO_UINT (g_hash_table_lookup (self->entries, name)) - 1);
      msvis_graph_node_set_items (graph, node, runs->first_input, runs->n_inputs,
                                  runs->first_output, runs->n_outputs);
      msvis_graph_node_attach (graph, node, owner);
      if (megatron)
        msvis_graph_node_set_micro_step (graph, node, 0);
    }
}

/* A Megatron construct.json names each node's micro step, 0 for a name it does not list;
 * an API collection takes its first API's, and the graph has megatron_micro_step_number
 * + 1 of them. No heuristic: this replaces msvis_graph_number_micro_steps (msprobe-2026
 * §4.3, §4.5, §4.7). Collections come after their APIs, so those are numbered first. */
void
msvis_builder_number_megatron_micro_steps (Builder *self)
{
  MsvisGraph *graph = self->graph;
  MsvisNodeId root = msvis_graph_get_root (graph);

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      gint step;

      if (node == root)
        continue;
      if (msvis_graph_node_get_node_type (graph, node) == MSVIS_NODE_API_COLLECTION)
        {
          MsvisNodeId first = msvis_graph_node_get_first_child (graph, node);

          step = first != MSVIS_NODE_ID_NONE ? msvis_graph_node_get_micro_step (graph, first) : 0;
        }
      else
        step = msvis_construct_get_micro_step (self->construct,
                                               msvis_graph_node_get_id (graph, node));
      msvis_graph_node_set_micro_step (graph, node, step);
    }

  msvis_graph_set_micro_steps (graph, self->construct->micro_step_number + 1);
  msvis_graph_set_micro_steps_from_dump (graph, TRUE);
}

/**
 * msvis_graph_clear_micro_steps:
 *
 * A compare whose NPU construct.json is Megatron's pages nothing (msprobe-2026.md §4.7): a
 * benchmark without micro steps of its own then has none, which msprobe writes as 0; one
 * with its own keeps them.
 */
void
msvis_graph_clear_micro_steps (MsvisGraph *graph)
{
  if (msvis_graph_get_micro_steps_from_dump (graph))
    return;
  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    msvis_graph_node_set_micro_step (graph, node, -1);
}

/**
 * msvis_graph_number_micro_steps:
 *
 * paging_by_micro_step: a forward module after a backward one starts a new micro step
 * (§3.7); every child of the root gets its step, and the graph the number of steps.
 */
void
msvis_graph_number_micro_steps (MsvisGraph *graph)
{
  MsvisNodeId root = msvis_graph_get_root (graph);
  gboolean after_backward = FALSE;
  guint step = 0;

  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, root); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (graph, c))
    {
      if (msvis_graph_node_get_node_type (graph, c) == MSVIS_NODE_MODULE)
        {
          gboolean forward = strstr (msvis_graph_node_get_id (graph, c), ".forward.") != NULL;

          if (forward && after_backward)
            {
              step++;
              after_backward = FALSE;
            }
          else if (!forward)
            after_backward = TRUE;
        }
      msvis_graph_node_set_micro_step (graph, c, step);
    }

  msvis_graph_set_micro_steps (graph, step + 1);
}
