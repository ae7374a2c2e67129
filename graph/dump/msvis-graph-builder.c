// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-graph-builder-private.h"
#include "msvis-input-file.h"
#include "msvis-reader-error.h"

/* GraphBuilder.build of msprobe (vis-format.md §3): nodes in construct.json order, items from
 * dump.json, stacks from stack.json, then the API collections, parameter gradients and
 * micro steps. */

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

/* The names' stacks go with the interned names: one pass in the table's order, instead of a
 * lookup at random for each node made. */
static void
note_stacks (Builder *self)
{
  GHashTableIter iter;
  gpointer name, stack;

  g_hash_table_iter_init (&iter, self->stacks);
  while (g_hash_table_iter_next (&iter, &name, &stack))
    msvis_graph_note_stack (self->graph, name, GPOINTER_TO_UINT (stack));
  g_clear_pointer (&self->stacks, g_hash_table_unref);
}

static gpointer
read_structure (gpointer data)
{
  Builder *self = data;
  gboolean read = read_construct (self);

  /* Until now the entries' thread waited: construct.json's names went in without the lock. */
  msvis_graph_share_strings (self->graph, TRUE);
  g_mutex_lock (&self->construct_lock);
  self->construct_state = read ? CONSTRUCT_READ : CONSTRUCT_FAILED;
  g_cond_broadcast (&self->construct_cond);
  g_mutex_unlock (&self->construct_lock);
  if (!read)
    return NULL;

  self->stacks = msvis_stack_read (self->stack_file, self->graph, self->cancellable,
                                   &self->structure_error);
  if (self->stacks == NULL)
    {
      g_atomic_int_set (&self->structure_failed, TRUE);
      return NULL;
    }
  g_debug ("read stack.json at %.3f s", (g_get_monotonic_time () - self->start) / 1e6);
  note_stacks (self);

  msvis_builder_create_nodes (self);
  if (!msvis_builder_check_cycles (self, &self->structure_error))
    {
      g_atomic_int_set (&self->structure_failed, TRUE);
      return NULL;
    }
  g_debug ("made %u nodes at %.3f s", msvis_graph_get_n_nodes (self->graph),
           (g_get_monotonic_time () - self->start) / 1e6);
  return NULL;
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

/* The construct pair of the entry @name + 1, or 0. dump.json lists most entries in
 * construct.json's order, so the pair after the last one found is tried before the hash
 * table, whose lookups miss the cache on a large model. */
static guint
find_pair (Builder    *self,
           const char *name)
{
  GArray *pairs = self->construct->pairs;
  guint pair;

  if (self->next_pair < pairs->len &&
      strcmp (g_array_index (pairs, MsvisConstructPair, self->next_pair).child, name) == 0)
    pair = self->next_pair + 1;
  else
    pair = GPOINTER_TO_UINT (g_hash_table_lookup (self->construct->index, name));

  if (pair > 0)
    self->next_pair = pair;
  return pair;
}

static gboolean
keep_entry (const char            *name,
            const MsvisJsonValue  *entry,
            gpointer               user_data,
            GError               **error)
{
  Builder *self = user_data;
  gboolean grads = msvis_parameters_grad_suffix (name) >= 0;
  guint pair;

  /* A broken construct.json or stack.json is what the user hears of; the rest of dump.json
   * would be read for nothing. */
  if ((G_UNLIKELY (!self->construct_known) && !wait_for_construct (self)) ||
      g_atomic_int_get (&self->structure_failed))
    {
      /* Stops the reading; msvis_graph_build reports structure_error instead. */
      g_set_error_literal (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE, "");
      return FALSE;
    }

  if (self->options->entry_hook &&
      !self->options->entry_hook (name, entry, self->options->hook_data, error))
    return FALSE;

  if (msvis_str_contains (name, "batch_isend_irecv"))
    keep_batch_p2p (self, name, entry);

  pair = find_pair (self, name);
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
  msvis_op_parser_set_era (self.parser, options->era);
  self.regexes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        regex_unref_nullable);
  self.batch_p2p = g_hash_table_new_full (msvis_str_hash, g_str_equal, g_free, NULL);
  self.p2p_arena = msvis_arena_new ();
  self.api_stacks = g_array_new (FALSE, TRUE, sizeof (guint32));
  self.name_scratch = g_string_new (NULL);

  g_mutex_init (&self.construct_lock);
  g_cond_init (&self.construct_cond);
  self.construct_file = construct;
  self.stack_file = stack;
  self.dump_file = dump;
  self.cancellable = cancellable;
  self.start = start;
  self.structure = g_thread_new ("msvis-structure", read_structure, &self);
  dump_ok = msvis_dump_json_read (dump, header, keep_entry, &self, cancellable, &dump_error);
  g_thread_join (self.structure);
  msvis_graph_share_strings (graph, FALSE);
  /* construct.json and stack.json are read first: their errors come before dump.json's. */
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

  if (options->era == MSVIS_ERA_2026)
    msvis_builder_rebase_dump_data_dir (&self, header);
  else
    msvis_graph_set_dump_data_dir (graph, header->has_dump_data_dir ? header->dump_data_dir : "");
  msvis_graph_set_merged_dump (graph, header->is_merged);
  place_entries (&self);
  if (options->era == MSVIS_ERA_2026)
    msvis_builder_handle_recompute (&self, header->framework);
  msvis_builder_group_apis (&self);
  /* A Megatron construct.json gives the micro steps itself (msprobe-2026.md §4.7); the
   * gradient nodes then take 0, not their backward node's. */
  if (self.construct->micro_step_number >= 0)
    msvis_builder_number_megatron_micro_steps (&self);
  if (options->era == MSVIS_ERA_2026)
    msvis_builder_add_parameters_grad_2026 (&self);
  else
    msvis_builder_add_parameters_grad (&self);
  if (self.construct->micro_step_number < 0)
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
  g_string_free (self.name_scratch, TRUE);
  g_mutex_clear (&self.construct_lock);
  g_cond_clear (&self.construct_cond);
  if (!ok)
    msvis_dump_header_clear (header);

  return ok ? g_steal_pointer (&graph) : NULL;
}
