// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-graph-builder.h"
#include "msvis-input-file.h"
#include "msvis-op-parser.h"
#include "msvis-reader-error.h"

/* GraphBuilder.build of msprobe (vis-format.md §3): nodes in construct.json order, items from
 * dump.json, stacks from stack.json, then the API collections, parameter gradients and
 * micro steps. */

#define NO_FORWARD_STACK \
  "This backward node cannot find the forward node and cannot retrieve stack information."

typedef enum
{
  CONSTRUCT_PENDING,
  CONSTRUCT_READ,
  CONSTRUCT_FAILED,
} ConstructState;

typedef struct
{
  MsvisItemRuns runs;
  gboolean      set;
} PairRuns;

typedef struct
{
  MsvisGraph              *graph;
  const MsvisBuildOptions *options;
  MsvisConstruct          *construct;
  GHashTable              *stacks;         /* name -> raw stack */
  GArray                  *pair_nodes;     /* MsvisNodeId per construct pair: its child */
  GArray                  *pair_runs;      /* PairRuns per construct pair: its entry's items */
  GArray                  *runs;           /* MsvisItemRuns, per kept gradient entry */
  GHashTable              *entries;        /* gradient name -> index into runs + 1 */
  GPtrArray               *grad_names;     /* *.parameters_grad entries, in dump order */
  MsvisOpParser           *parser;
  GHashTable              *regexes;        /* module name -> GRegex, for odd attribute names */
  GHashTable              *batch_p2p;      /* name -> [{op, peer, group_id}] in p2p_arena */
  MsvisArena              *p2p_arena;
  GArray                  *api_stacks;     /* raw stack -> simplified + 1, for APIs */

  /* construct.json and stack.json are read, and the nodes made, on their own thread while
   * dump.json streams. The entries wait for construct.json only: their items are kept per
   * construct pair and go onto the nodes once both threads are done. Meanwhile both add
   * strings to the graph (msvis_graph_share_strings), and nothing else they share. */
  GThread                 *structure;
  GMutex                   construct_lock;
  GCond                    construct_cond;
  ConstructState           construct_state;   /* under construct_lock */
  gboolean                 construct_known;   /* the entries' thread's copy */
  GFile                   *construct_file;
  GFile                   *stack_file;
  GCancellable            *cancellable;
  gint64                   start;
  GError                  *structure_error;
} Builder;

/* "^(Module.|Cell.|optimizer|clip_grad)" and the API prefixes: msprobe's patterns leave the
 * dot unescaped, so "Tensor1" is an API too; a dot in Python's re matches anything but \n. */
static gboolean
starts_with_any_char_after (const char *name,
                            const char *prefix)
{
  gsize n = strlen (prefix);

  return strncmp (name, prefix, n) == 0 && name[n] != '\0' && name[n] != '\n';
}

MsvisNodeType
msvis_node_type_for_name (const char *name)
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

  return MSVIS_NODE_MODULE;
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

  if (self->options->complete_stack || n_lines == 0)
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

static guint32
stack_for (Builder    *self,
           const char *name)
{
  gpointer raw;
  guint32 stack = 0;
  gssize prefix;
  g_autofree char *source_name = NULL;
  MsvisNodeId source;

  if (g_hash_table_lookup_extended (self->stacks, name, NULL, &raw))
    stack = simplify_stack (self, name, GPOINTER_TO_UINT (raw));
  if (stack != 0)
    return stack;

  /* A backward node without a stack borrows its forward node's (§3.4). */
  prefix = backward_counter_prefix (name);
  if (prefix >= 0)
    source_name = g_strdup_printf ("%.*s.forward.0", (int)prefix, name);
  else if (g_str_has_suffix (name, ".backward"))
    source_name = replace_all (name, "backward", "forward");
  else
    return 0;

  source = msvis_graph_lookup (self->graph, source_name);
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
  MsvisNodeId node = msvis_graph_lookup (self->graph, name);

  if (node == MSVIS_NODE_ID_NONE)
    {
      node = msvis_graph_append_node (self->graph, msvis_node_type_for_name (name), name);
      msvis_graph_node_set_stack (self->graph, node, stack_for (self, name));
    }

  msvis_graph_node_attach (self->graph, node, parent);
  return node;
}

/* _handle_backward_upnode_missing (§3.3): a backward node without parent takes the backward
 * twin of its forward node's parent, if construct.json has it. */
static const char *
repair_parent (Builder    *self,
               const char *child,
               const char *parent)
{
  g_autofree char *forward = NULL;
  g_autofree char *backward = NULL;
  const char *forward_parent, *ignored;
  gssize prefix;

  if (parent != NULL)
    return parent;

  prefix = backward_counter_prefix (child);
  if (prefix >= 0)
    {
      gssize parent_prefix;

      forward = g_strdup_printf ("%.*s.forward.%s", (int)prefix, child,
                                 child + prefix + strlen (".backward."));
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
        backward = g_strdup (forward_parent);
      else
        backward = g_strdup_printf ("%.*s.backward.%s", (int)parent_prefix, forward_parent,
                                    forward_parent + parent_prefix + strlen (".forward."));
    }
  else if (g_str_has_suffix (child, ".backward"))
    {
      forward = replace_all (child, "backward", "forward");
      if (!msvis_construct_lookup (self->construct, forward, &forward_parent) ||
          forward_parent == NULL)
        return NULL;
      backward = replace_all (forward_parent, "forward", "backward");
    }
  else
    return NULL;

  if (!msvis_construct_lookup (self->construct, backward, &ignored))
    return NULL;

  return msvis_graph_intern (self->graph, backward);
}

static void
create_nodes (Builder *self)
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
static gboolean
check_cycles (Builder  *self,
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
static void
group_apis_between_modules (Builder *self)
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

/* A module's parameter gradients hang under its last backward call (§3.6). */
static void
add_parameters_grad (Builder *self)
{
  MsvisGraph *graph = self->graph;
  g_autoptr(GHashTable) last_backward = NULL;

  if (self->grad_names->len == 0)
    return;

  /* prefix -> the largest N of "prefix.backward.N" */
  last_backward = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
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

  for (guint i = 0; i < self->grad_names->len; i++)
    {
      const char *name = g_ptr_array_index (self->grad_names, i);
      g_autofree char *prefix = NULL;
      g_autofree char *owner_id = NULL;
      g_autofree char *node_id = NULL;
      MsvisNodeId owner, node;
      MsvisItemRuns *runs;

      if (msvis_graph_lookup (graph, name) != MSVIS_NODE_ID_NONE)
        continue;

      prefix = replace_all (name, ".parameters_grad", "");
      owner_id = g_strdup_printf ("%s.backward.%" G_GSIZE_FORMAT, prefix,
                                  GPOINTER_TO_SIZE (g_hash_table_lookup (last_backward, prefix)));
      owner = msvis_graph_lookup (graph, owner_id);
      if (owner == MSVIS_NODE_ID_NONE)
        continue;

      node_id = g_strconcat (prefix, ".parameters_grad", NULL);
      node = msvis_graph_add_node (graph, MSVIS_NODE_MODULE, node_id);
      if (node == MSVIS_NODE_ID_NONE)
        continue;

      runs = &g_array_index (self->runs, MsvisItemRuns,
                             GPOINTER_TO_UINT (g_hash_table_lookup (self->entries, name)) - 1);
      msvis_graph_node_set_items (graph, node, runs->first_input, runs->n_inputs,
                                  runs->first_output, runs->n_outputs);
      msvis_graph_node_attach (graph, node, owner);
    }
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

/* _extract_batch_p2p_info: the op, peer and group of each P2POp in output[0]. */
static void
keep_batch_p2p (Builder              *self,
                const char           *name,
                const MsvisJsonValue *entry)
{
  static const char *keys[] = { "op", "peer", "group_id" };
  const MsvisJsonValue *outputs = msvis_json_value_get_member (entry, "output");
  MsvisArena *arena = self->p2p_arena;
  MsvisJsonValue *list;

  if (outputs == NULL || outputs->kind != MSVIS_JSON_ARRAY || outputs->n == 0 ||
      outputs->first->kind != MSVIS_JSON_ARRAY || outputs->first->n == 0)
    return;

  list = msvis_json_value_new (arena, MSVIS_JSON_ARRAY);
  msvis_json_value_foreach (op, outputs->first)
    {
      MsvisJsonValue *info;

      if (op->kind != MSVIS_JSON_OBJECT)
        continue;
      info = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
      for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
        {
          const MsvisJsonValue *v = msvis_json_value_get_member (op, keys[i]);

          msvis_json_value_set_member (arena, info, keys[i],
                                       v ? msvis_json_value_copy (arena, v)
                                         : msvis_json_value_new (arena, MSVIS_JSON_NULL));
        }
      msvis_json_value_append (list, info);
    }

  g_hash_table_insert (self->batch_p2p, g_strdup (name), list);
}

static void
regex_unref_nullable (gpointer regex)
{
  if (regex != NULL)
    g_regex_unref (regex);
}

static gboolean
read_construct (Builder *self)
{
  self->construct = msvis_construct_read (self->construct_file, self->graph, self->cancellable,
                                          &self->structure_error);
  if (self->construct == NULL)
    return FALSE;
  g_debug ("read construct.json at %.3f s", (g_get_monotonic_time () - self->start) / 1e6);
  if (self->construct->pairs->len == 0)
    {
      g_autofree char *path = g_file_get_parse_name (self->construct_file);

      g_set_error (&self->structure_error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: %s is the path of construct.json */
                   _("%s: the file is empty; the dump was made without the module structure "
                     "(dump the \"mix\" level to build a graph)"), path);
      return FALSE;
    }

  g_array_set_size (self->pair_runs, self->construct->pairs->len);
  return TRUE;
}

static gpointer
read_structure (gpointer data)
{
  Builder *self = data;
  gboolean read = read_construct (self);

  g_mutex_lock (&self->construct_lock);
  self->construct_state = read ? CONSTRUCT_READ : CONSTRUCT_FAILED;
  g_cond_broadcast (&self->construct_cond);
  g_mutex_unlock (&self->construct_lock);
  if (!read)
    return NULL;

  self->stacks = msvis_stack_read (self->stack_file, self->graph, self->cancellable,
                                   &self->structure_error);
  if (self->stacks == NULL)
    return NULL;
  g_debug ("read stack.json at %.3f s", (g_get_monotonic_time () - self->start) / 1e6);

  create_nodes (self);
  if (check_cycles (self, &self->structure_error))
    g_debug ("made %u nodes at %.3f s", msvis_graph_get_n_nodes (self->graph),
             (g_get_monotonic_time () - self->start) / 1e6);
  return NULL;
}

/* Waits for construct.json, stack.json and the nodes; FALSE if any failed (structure_error
 * says why, and comes before anything dump.json has to say: they are read first). */
static gboolean
join_structure (Builder *self)
{
  if (self->structure != NULL)
    g_thread_join (g_steal_pointer (&self->structure));
  return self->structure_error == NULL;
}

/* On the entries' thread: FALSE if construct.json could not be read. */
static gboolean
wait_for_construct (Builder *self)
{
  g_mutex_lock (&self->construct_lock);
  while (self->construct_state == CONSTRUCT_PENDING)
    g_cond_wait (&self->construct_cond, &self->construct_lock);
  self->construct_known = self->construct_state == CONSTRUCT_READ;
  g_mutex_unlock (&self->construct_lock);
  return self->construct_known;
}

static void
keep_grads (Builder             *self,
            const char          *name,
            const MsvisItemRuns *runs)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (self->entries, name));
  char *copy;

  if (index > 0)
    {
      g_array_index (self->runs, MsvisItemRuns, index - 1) = *runs;
      return;
    }

  copy = g_strdup (name);
  g_array_append_val (self->runs, *runs);
  g_hash_table_insert (self->entries, copy, GUINT_TO_POINTER (self->runs->len));
  g_ptr_array_add (self->grad_names, copy);
}

static gboolean
keep_entry (const char            *name,
            const MsvisJsonValue  *entry,
            gpointer               user_data,
            GError               **error)
{
  Builder *self = user_data;
  gboolean grads = g_str_has_suffix (name, ".parameters_grad");
  guint pair;

  if (G_UNLIKELY (!self->construct_known) && !wait_for_construct (self))
    {
      /* Stops the reading; msvis_graph_build reports structure_error instead. */
      g_set_error_literal (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE, "");
      return FALSE;
    }

  if (self->options->entry_hook &&
      !self->options->entry_hook (name, entry, self->options->hook_data, error))
    return FALSE;

  if (strstr (name, "batch_isend_irecv") != NULL)
    keep_batch_p2p (self, name, entry);

  pair = GPOINTER_TO_UINT (g_hash_table_lookup (self->construct->index, name));
  if (grads || pair > 0)
    {
      MsvisItemRuns runs;

      if (!msvis_op_parser_parse (self->parser, name, entry, &runs, error))
        return FALSE;

      /* A name twice in dump.json: the last entry wins, as in a Python dict. */
      if (pair > 0)
        g_array_index (self->pair_runs, PairRuns, pair - 1) = (PairRuns) { runs, TRUE };
      if (grads)
        keep_grads (self, name, &runs);
    }

  return TRUE;
}

static void
set_items (MsvisGraph          *graph,
           MsvisNodeId          node,
           const MsvisItemRuns *runs)
{
  msvis_graph_node_set_items (graph, node, runs->first_input, runs->n_inputs,
                              runs->first_output, runs->n_outputs);
}

/* Once dump.json is read and the nodes made, each node from construct.json takes the items
 * of its entry; a gradient entry goes onto a node of its name if there is one. The root was
 * there before construct.json and takes none. The P2P lists too, before the API
 * collections and gradient nodes are made, which take none. */
static void
place_entries (Builder *self)
{
  MsvisGraph *graph = self->graph;
  MsvisNodeId root = msvis_graph_get_root (graph);
  MsvisArena *arena = msvis_graph_get_arena (graph);
  GHashTableIter iter;
  gpointer name, list;

  for (guint i = 0; i < self->pair_nodes->len; i++)
    {
      const PairRuns *entry = &g_array_index (self->pair_runs, PairRuns, i);
      MsvisNodeId node = g_array_index (self->pair_nodes, MsvisNodeId, i);

      if (entry->set && node != root)
        set_items (graph, node, &entry->runs);
    }

  for (guint i = 0; i < self->grad_names->len; i++)
    {
      const char *grad = g_ptr_array_index (self->grad_names, i);
      MsvisNodeId node = msvis_graph_lookup (graph, grad);
      guint index = GPOINTER_TO_UINT (g_hash_table_lookup (self->entries, grad));

      if (node != MSVIS_NODE_ID_NONE && node != root)
        set_items (graph, node, &g_array_index (self->runs, MsvisItemRuns, index - 1));
    }

  g_hash_table_iter_init (&iter, self->batch_p2p);
  while (g_hash_table_iter_next (&iter, &name, &list))
    {
      MsvisNodeId node = msvis_graph_lookup (graph, name);

      if (node != MSVIS_NODE_ID_NONE && node != root)
        msvis_graph_node_set_batch_p2p (graph, node, msvis_json_value_copy (arena, list));
    }
}

static GFile *
required_file (GFile       *dir,
               const char  *name,
               GError     **error)
{
  g_autoptr(GFile) file = g_file_get_child (dir, name);
  GFileType type = g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL);

  if (type != G_FILE_TYPE_REGULAR)
    {
      g_autofree char *path = g_file_get_parse_name (dir);

      /* There, but a pipe, a folder or a broken link: say which. */
      if (type != G_FILE_TYPE_UNKNOWN && !msvis_input_file_check (file, NULL, error))
        return NULL;

      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: the first %s is a directory, the second a file name */
                   _("%s: this dump directory has no %s"), path, name);
      return NULL;
    }

  return g_steal_pointer (&file);
}

/**
 * msvis_graph_build:
 * @dump_dir: a directory with dump.json, construct.json and stack.json
 * @header: (out caller-allocates): dump.json's top-level keys
 *
 * Builds msprobe's model-hierarchy graph of one dump directory.
 *
 * Returns: (transfer full): the graph, or %NULL with @error set
 */
MsvisGraph *
msvis_graph_build (GFile                    *dump_dir,
                   const MsvisBuildOptions  *options,
                   MsvisDumpHeader          *header,
                   GCancellable             *cancellable,
                   GError                  **error)
{
  g_autoptr(MsvisGraph) graph = msvis_graph_new ();
  g_autoptr(GFile) dump = NULL, construct = NULL, stack = NULL;
  Builder self = { graph, options };
  g_autoptr(GError) dump_error = NULL;
  gboolean ok = FALSE, dump_ok;
  gint64 start = g_get_monotonic_time ();

  memset (header, 0, sizeof *header);

  if (!(dump = required_file (dump_dir, "dump.json", error)) ||
      !(stack = required_file (dump_dir, "stack.json", error)) ||
      !(construct = required_file (dump_dir, "construct.json", error)))
    return NULL;

  self.pair_nodes = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  self.pair_runs = g_array_new (FALSE, TRUE, sizeof (PairRuns));
  self.runs = g_array_new (FALSE, FALSE, sizeof (MsvisItemRuns));
  self.entries = g_hash_table_new_full (msvis_str_hash, g_str_equal, g_free, NULL);
  self.grad_names = g_ptr_array_new ();
  self.parser = msvis_op_parser_new (graph, options->keep_md5);
  self.regexes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        regex_unref_nullable);
  self.batch_p2p = g_hash_table_new_full (msvis_str_hash, g_str_equal, g_free, NULL);
  self.p2p_arena = msvis_arena_new ();
  self.api_stacks = g_array_new (FALSE, TRUE, sizeof (guint32));

  g_mutex_init (&self.construct_lock);
  g_cond_init (&self.construct_cond);
  self.construct_file = construct;
  self.stack_file = stack;
  self.cancellable = cancellable;
  self.start = start;
  msvis_graph_share_strings (graph, TRUE);
  self.structure = g_thread_new ("msvis-structure", read_structure, &self);
  dump_ok = msvis_dump_json_read (dump, header, keep_entry, &self, cancellable, &dump_error);
  join_structure (&self);
  msvis_graph_share_strings (graph, FALSE);
  if (self.structure_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&self.structure_error));
      goto out;
    }
  if (!dump_ok)
    {
      g_propagate_error (error, g_steal_pointer (&dump_error));
      goto out;
    }
  g_debug ("read dump.json at %.3f s", (g_get_monotonic_time () - start) / 1e6);

  msvis_graph_set_dump_data_dir (graph, header->has_dump_data_dir ? header->dump_data_dir : "");
  place_entries (&self);
  group_apis_between_modules (&self);
  add_parameters_grad (&self);
  msvis_graph_number_micro_steps (graph);
  ok = TRUE;

out:
  g_clear_pointer (&self.construct, msvis_construct_free);
  g_clear_pointer (&self.stacks, g_hash_table_unref);
  g_clear_pointer (&self.pair_nodes, g_array_unref);
  g_clear_pointer (&self.pair_runs, g_array_unref);
  g_clear_pointer (&self.runs, g_array_unref);
  g_clear_pointer (&self.entries, g_hash_table_unref);
  g_clear_pointer (&self.grad_names, g_ptr_array_unref);
  g_clear_pointer (&self.parser, msvis_op_parser_free);
  g_clear_pointer (&self.regexes, g_hash_table_unref);
  g_clear_pointer (&self.batch_p2p, g_hash_table_unref);
  g_clear_pointer (&self.p2p_arena, msvis_arena_free);
  g_clear_pointer (&self.api_stacks, g_array_unref);
  g_mutex_clear (&self.construct_lock);
  g_cond_clear (&self.construct_cond);
  if (!ok)
    msvis_dump_header_clear (header);

  return ok ? g_steal_pointer (&graph) : NULL;
}
