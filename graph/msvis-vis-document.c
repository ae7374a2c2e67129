// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-json-value.h"
#include "msvis-vis-document.h"

G_DEFINE_BOXED_TYPE (MsvisVisDocument, msvis_vis_document,
                     msvis_vis_document_ref, msvis_vis_document_unref)

MsvisVisDocument *
msvis_vis_document_new (void)
{
  MsvisVisDocument *self = g_new0 (MsvisVisDocument, 1);

  self->ref_count = 1;
  self->overflow_check = TRUE;
  self->step = -1;
  self->rank = -1;
  self->arena = msvis_arena_new ();
  g_rec_mutex_init (&self->lock);

  return self;
}

MsvisVisDocument *
msvis_vis_document_ref (MsvisVisDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
msvis_vis_document_unref (MsvisVisDocument *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;

  g_clear_object (&self->npu);
  g_clear_object (&self->bench);
  g_free (self->task);
  g_free (self->tooltip);
  g_clear_pointer (&self->npu_match_nodes, g_hash_table_unref);
  g_clear_pointer (&self->bench_match_nodes, g_hash_table_unref);
  if (self->source_free != NULL)
    self->source_free (self->source);
  g_clear_pointer (&self->npu_loaded, g_byte_array_unref);
  g_clear_pointer (&self->bench_loaded, g_byte_array_unref);
  g_free (self->bench_links);
  g_strfreev (self->tool_tips);
  msvis_arena_free (self->arena);
  g_rec_mutex_clear (&self->lock);
  g_free (self);
}

static GByteArray *
new_flags (MsvisGraph *graph)
{
  guint n = graph ? msvis_graph_get_n_nodes (graph) : 0;
  GByteArray *flags = g_byte_array_sized_new (n);

  g_byte_array_set_size (flags, n);
  if (n > 0)
    memset (flags->data, 0, n);
  return flags;
}

/**
 * msvis_vis_document_set_loader:
 *
 * Says that the graphs hold no node data yet and @load_node reads it. Call once both graphs
 * have all their nodes.
 */
void
msvis_vis_document_set_loader (MsvisVisDocument *self,
                               MsvisVisLoadNode  load_node,
                               gpointer          source,
                               GDestroyNotify    source_free)
{
  g_return_if_fail (self->load_node == NULL);

  self->load_node = load_node;
  self->source = source;
  self->source_free = source_free;
  self->npu_loaded = new_flags (self->npu);
  self->bench_loaded = new_flags (self->bench);
}

/**
 * msvis_vis_document_ensure_node_data:
 *
 * Makes sure @node's input_data, output_data and stack_info are in @graph. Safe to call from
 * any thread; the graph itself is not locked, so nothing may read items of @graph on another
 * thread meanwhile.
 */
gboolean
msvis_vis_document_ensure_node_data (MsvisVisDocument  *self,
                                     MsvisGraph        *graph,
                                     MsvisNodeId        node,
                                     GError           **error)
{
  g_autoptr(GRecMutexLocker) locker = NULL;
  GByteArray *flags;

  g_return_val_if_fail (graph == self->npu || graph == self->bench, FALSE);

  if (self->load_node == NULL)
    return TRUE;

  flags = graph == self->npu ? self->npu_loaded : self->bench_loaded;
  g_return_val_if_fail (node < flags->len, FALSE);

  locker = g_rec_mutex_locker_new (&self->lock);
  if (flags->data[node])
    return TRUE;
  if (!self->load_node (self->source, graph, node, error))
    return FALSE;
  flags->data[node] = 1;
  return TRUE;
}

/**
 * msvis_vis_document_read_node_data:
 * @read: called once, on this thread
 *
 * Reading node data (items, fields, stacks) on one thread while another may be loading some
 * (a search, an export, the details of another node) could see the graphs' arrays being
 * moved: @read runs while no loading happens, for any node of either graph. Load what @read
 * needs first with msvis_vis_document_ensure_node_data().
 *
 * Returns: what @read returned
 */
gpointer
msvis_vis_document_read_node_data (MsvisVisDocument     *self,
                                   MsvisVisNodeDataRead  read,
                                   gpointer              user_data)
{
  g_autoptr(GRecMutexLocker) locker = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (read != NULL, NULL);

  locker = g_rec_mutex_locker_new (&self->lock);
  return read (self, user_data);
}

/**
 * msvis_vis_document_lock:
 *
 * For changing node data or compare results (manual matching) while other threads may read
 * or load some: nothing else reads or loads until the locker is freed. The lock is
 * recursive, so node data may be loaded meanwhile on this thread.
 *
 * Returns: (transfer full): the locker, for g_autoptr(GRecMutexLocker)
 */
GRecMutexLocker *
msvis_vis_document_lock (MsvisVisDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_rec_mutex_locker_new (&self->lock);
}

static gboolean
ensure_graph (MsvisVisDocument  *self,
              MsvisGraph        *graph,
              GCancellable      *cancellable,
              GError           **error)
{
  guint n = msvis_graph_get_n_nodes (graph);

  for (MsvisNodeId node = 0; node < n; node++)
    {
      if ((node & 1023) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!msvis_vis_document_ensure_node_data (self, graph, node, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * msvis_vis_document_ensure_all_data:
 *
 * Reads the data of every node, in node order (which is file order for a .vis).
 */
gboolean
msvis_vis_document_ensure_all_data (MsvisVisDocument  *self,
                                    GCancellable      *cancellable,
                                    GError           **error)
{
  if (self->load_node == NULL)
    return TRUE;
  if (!ensure_graph (self, self->npu, cancellable, error))
    return FALSE;
  return self->bench == NULL || ensure_graph (self, self->bench, cancellable, error);
}

/* Per Bench node: its own link, else the first NPU node that names it. */
static void
fill_bench_links (MsvisVisDocument *self,
                  MsvisNodeId      *links,
                  guint             n_bench)
{
  guint n_npu = self->npu ? msvis_graph_get_n_nodes (self->npu) : 0;
  MsvisCompareResults *npu_results = self->npu ? msvis_graph_get_compare_results (self->npu)
                                               : NULL;
  MsvisCompareResults *bench_results = self->bench
                                       ? msvis_graph_get_compare_results (self->bench) : NULL;

  for (MsvisNodeId node = 0; node < n_bench; node++)
    links[node] = bench_results ? msvis_compare_results_get_link (bench_results, node)
                                : MSVIS_NODE_ID_NONE;
  for (MsvisNodeId node = n_npu; npu_results != NULL && node-- > 0;)
    {
      MsvisNodeId target = msvis_compare_results_get_link (npu_results, node);

      if (target < n_bench && (bench_results == NULL
                               || msvis_compare_results_get_link (bench_results, target)
                                  == MSVIS_NODE_ID_NONE))
        links[target] = node;
    }
}

/**
 * msvis_vis_document_index_links:
 *
 * Some files carry the links of the NPU side only (matched_node_link on NPU nodes): the Bench
 * side gets the NPU side's, once, so that a Bench node's counterpart is one read away. The
 * graphs' own compare results stay as the file had them, for the writers to give the same
 * bytes back. Thread-safe; the loaders call it on their worker, else the first
 * msvis_vis_document_get_counterpart() does.
 */
void
msvis_vis_document_index_links (MsvisVisDocument *self)
{
  guint n_bench;
  MsvisNodeId *links;

  g_return_if_fail (self != NULL);

  if (!g_once_init_enter (&self->links_once))
    return;
  n_bench = self->bench ? msvis_graph_get_n_nodes (self->bench) : 0;
  links = g_new (MsvisNodeId, MAX (n_bench, 1));
  fill_bench_links (self, links, n_bench);
  self->bench_links = links;
  g_once_init_leave (&self->links_once, 1);
}

/**
 * msvis_vis_document_links_changed:
 *
 * Links were made or undone by hand: the index of Bench counterparts follows. Only while no
 * other thread reads the document (the window holds matching back during loads and exports).
 */
void
msvis_vis_document_links_changed (MsvisVisDocument *self)
{
  g_return_if_fail (self != NULL);

  msvis_vis_document_index_links (self);
  if (self->bench != NULL)
    fill_bench_links (self, self->bench_links, msvis_graph_get_n_nodes (self->bench));
}

/**
 * msvis_vis_document_get_bench_links:
 *
 * Returns: (nullable): per Bench node, its NPU counterpart or %MSVIS_NODE_ID_NONE (see
 *   msvis_vis_document_index_links()); %NULL in a build
 */
const MsvisNodeId *
msvis_vis_document_get_bench_links (MsvisVisDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->bench == NULL)
    return NULL;
  msvis_vis_document_index_links (self);
  return self->bench_links;
}

/**
 * msvis_vis_document_get_counterpart:
 * @is_bench: whether @node is a node of the Bench graph
 *
 * Returns: the node matched with @node on the other side, or %MSVIS_NODE_ID_NONE
 */
MsvisNodeId
msvis_vis_document_get_counterpart (MsvisVisDocument *self,
                                    gboolean          is_bench,
                                    MsvisNodeId       node)
{
  MsvisCompareResults *results;

  g_return_val_if_fail (self != NULL, MSVIS_NODE_ID_NONE);

  if (self->bench == NULL || node == MSVIS_NODE_ID_NONE)
    return MSVIS_NODE_ID_NONE;
  if (is_bench)
    {
      msvis_vis_document_index_links (self);
      return node < msvis_graph_get_n_nodes (self->bench) ? self->bench_links[node]
                                                          : MSVIS_NODE_ID_NONE;
    }
  results = msvis_graph_get_compare_results (self->npu);
  return results ? msvis_compare_results_get_link (results, node) : MSVIS_NODE_ID_NONE;
}

/**
 * msvis_vis_document_get_compare:
 *
 * Fills what the writers need of a compare from the document, with empty stand-ins for
 * members the file did not have.
 */
void
msvis_vis_document_get_compare (MsvisVisDocument *self,
                                MsvisVisCompare  *compare)
{
  if (self->colors == NULL)
    self->colors = msvis_json_value_new (self->arena, MSVIS_JSON_OBJECT);

  *compare = (MsvisVisCompare) {
    self->bench,
    self->tooltip ? self->tooltip : "{}",
    self->colors,
    self->task ? self->task : "",
    FALSE,
  };
}

/**
 * msvis_vis_document_write_vis:
 *
 * Writes the document as msprobe writes a .vis (§5), reading any node data not read yet.
 */
gboolean
msvis_vis_document_write_vis (MsvisVisDocument  *self,
                              GOutputStream     *stream,
                              GCancellable      *cancellable,
                              GError           **error)
{
  MsvisVisOptions options = { .overflow_check = self->overflow_check };
  MsvisVisCompare compare;

  msvis_vis_document_get_compare (self, &compare);
  if (!msvis_vis_document_ensure_all_data (self, cancellable, error))
    return FALSE;

  if (!self->is_compare)
    return msvis_vis_write_build (self->npu, &options, stream, cancellable, error);
  return msvis_vis_write_compare (self->npu, &compare, &options, stream, cancellable, error);
}

/* The string members of the JSON object in @text, as name, value, name, value … */
static char **
parse_tool_tips (const char *text)
{
  g_autoptr(GStrvBuilder) pairs = g_strv_builder_new ();
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(MsvisJsonScanner) scanner = NULL;
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GError) error = NULL;
  MsvisJsonValue *root = NULL;
  MsvisJsonToken token;

  if (text == NULL)
    return g_strv_builder_end (pairs);
  stream = g_memory_input_stream_new_from_data (text, strlen (text), NULL);
  scanner = msvis_json_scanner_new (stream, "ToolTip", NULL);
  if (msvis_json_scanner_next (scanner, &token, &error))
    root = msvis_json_value_read (arena, scanner, token, &error);
  if (root == NULL || root->kind != MSVIS_JSON_OBJECT)
    {
      g_debug ("ToolTip is not a JSON object: %s", error ? error->message : "");
      return g_strv_builder_end (pairs);
    }
  msvis_json_value_foreach (member, root)
    if (member->kind == MSVIS_JSON_STRING)
      {
        g_autofree char *name = g_strndup (member->key, member->key_len);

        g_strv_builder_add (pairs, name);
        g_strv_builder_add (pairs, member->s);
      }
  return g_strv_builder_end (pairs);
}

/**
 * msvis_vis_document_get_tool_tips:
 *
 * The ToolTip member, a JSON object of column name -> explanation kept as a string (§5.2), read
 * the first time it is asked for. Members that are not strings are left out; a ToolTip that is
 * not an object gives none. Thread-safe.
 *
 * Returns: (transfer none) (array zero-terminated=1): name, explanation, name, explanation …
 *   in the order of the file; empty, never %NULL
 */
const char *const *
msvis_vis_document_get_tool_tips (MsvisVisDocument *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (g_once_init_enter (&self->tool_tips_once))
    {
      self->tool_tips = parse_tool_tips (self->tooltip);
      g_once_init_leave (&self->tool_tips_once, 1);
    }
  return (const char *const *)self->tool_tips;
}
