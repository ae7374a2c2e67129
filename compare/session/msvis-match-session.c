// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-compare-error.h"
#include "msvis-comparator.h"
#include "msvis-graph-unattached.h"
#include "msvis-match-db26-private.h"
#include "msvis-match-items.h"
#include "msvis-match-pairing.h"
#include "msvis-match-session-private.h"
#include "msvis-node-compare.h"

static void
item_states_clear (GArray *items)
{
  for (guint i = 0; i < items->len; i++)
    g_free (g_array_index (items, ItemState, i).metrics);
}

void
_msvis_match_session_edit_free (gpointer data)
{
  Edit *edit = data;

  item_states_clear (edit->before_items);
  item_states_clear (edit->after_items);
  g_array_unref (edit->before);
  g_array_unref (edit->after);
  g_array_unref (edit->before_items);
  g_array_unref (edit->after_items);
  g_hash_table_unref (edit->touched);
  g_array_unref (edit->table_before);
  g_array_unref (edit->table_after);
  g_free (edit);
}

static Edit *
edit_new (void)
{
  Edit *edit = g_new0 (Edit, 1);

  edit->before = g_array_new (FALSE, FALSE, sizeof (NodeState));
  edit->after = g_array_new (FALSE, FALSE, sizeof (NodeState));
  edit->before_items = g_array_new (FALSE, FALSE, sizeof (ItemState));
  edit->after_items = g_array_new (FALSE, FALSE, sizeof (ItemState));
  edit->touched = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  edit->table_before = g_array_new (FALSE, FALSE, sizeof (TableEntry));
  edit->table_after = g_array_new (FALSE, FALSE, sizeof (TableEntry));
  return edit;
}

static MsvisGraph *
side_graph (MsvisMatchSession *self,
            gboolean           bench)
{
  return bench ? self->bench : self->npu;
}

static void
capture_items (MsvisGraph *graph,
               guint32     first,
               guint32     n,
               GArray     *items)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);

  for (guint32 i = first; i < first + n; i++)
    {
      const MsvisItem *item = msvis_graph_get_item (graph, i);
      ItemState state = { i, item->first_field, item->n_fields, NULL, 0 };
      const MsvisField *metrics = msvis_compare_results_get_metrics (results, i,
                                                                     &state.n_metrics);

      /* a copy: the results' field array moves when it grows */
      if (state.n_metrics > 0)
        state.metrics = g_memdup2 (metrics, sizeof (MsvisField) * state.n_metrics);
      g_array_append_val (items, state);
    }
}

static NodeState
capture (MsvisMatchSession *self,
         gboolean           bench,
         MsvisNodeId        node,
         GArray            *items)
{
  MsvisGraph *graph = side_graph (self, bench);
  MsvisCompareResults *results = msvis_graph_ensure_compare_results (graph);
  NodeState state = {
    bench, node,
    msvis_compare_results_get_link (results, node),
    msvis_compare_results_get_precision (results, node),
    msvis_compare_results_get_md5_result (results, node),
    items->len, 0,
  };
  guint32 first, n;

  first = msvis_graph_node_get_inputs (graph, node, &n);
  capture_items (graph, first, n, items);
  first = msvis_graph_node_get_outputs (graph, node, &n);
  capture_items (graph, first, n, items);
  state.n_items = items->len - state.first_item;
  return state;
}

static void
restore (MsvisMatchSession *self,
         GArray            *states,
         GArray            *items)
{
  for (guint i = 0; i < states->len; i++)
    {
      const NodeState *state = &g_array_index (states, NodeState, i);
      MsvisGraph *graph = side_graph (self, state->bench);
      MsvisCompareResults *results = msvis_graph_ensure_compare_results (graph);

      msvis_compare_results_set_link (results, state->node, state->link);
      msvis_compare_results_set_precision (results, state->node, state->precision);
      msvis_compare_results_set_md5_result (results, state->node, state->md5);
      for (guint j = state->first_item; j < state->first_item + state->n_items; j++)
        {
          const ItemState *item = &g_array_index (items, ItemState, j);

          msvis_graph_item_set_fields (graph, item->item, item->first_field, item->n_fields);
          msvis_compare_results_set_metrics (results, item->item, item->metrics,
                                             item->n_metrics);
        }
    }
}

static void
restore_table (MsvisMatchSession *self,
               GArray            *entries)
{
  for (guint i = 0; i < entries->len; i++)
    {
      const TableEntry *entry = &g_array_index (entries, TableEntry, i);

      if (entry->bench != NULL)
        g_hash_table_insert (self->table, (gpointer)entry->npu, (gpointer)entry->bench);
      else
        g_hash_table_remove (self->table, entry->npu);
    }
}

static gint64
node_key (gboolean    bench,
          MsvisNodeId node)
{
  return ((gint64)bench << 32) | node;
}

/* Remembers how @node was before the edit first changed it. */
static void
touch (MsvisMatchSession *self,
       gboolean           bench,
       MsvisNodeId        node)
{
  Edit *edit = self->current;
  gint64 key = node_key (bench, node);
  NodeState state;

  if (g_hash_table_contains (edit->touched, &key))
    return;
  state = capture (self, bench, node, edit->before_items);
  g_array_append_val (edit->before, state);
  g_hash_table_add (edit->touched, g_memdup2 (&key, sizeof key));
}

static void
table_set (MsvisMatchSession *self,
           const char        *npu,
           const char        *bench)
{
  Edit *edit = self->current;
  TableEntry entry = { npu, g_hash_table_lookup (self->table, npu) };
  gboolean seen = FALSE;

  for (guint i = 0; i < edit->table_before->len && !seen; i++)
    seen = g_array_index (edit->table_before, TableEntry, i).npu == npu;
  if (!seen)
    g_array_append_val (edit->table_before, entry);

  if (bench != NULL)
    g_hash_table_insert (self->table, (gpointer)npu, (gpointer)bench);
  else
    g_hash_table_remove (self->table, npu);
}

static void
clear_results (MsvisMatchSession *self,
               MsvisNodeId        npu_node)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (self->npu);

  msvis_compare_results_set_precision (results, npu_node,
                                       (MsvisPrecision) { MSVIS_PRECISION_NONE, 0 });
  msvis_compare_results_set_md5_result (results, npu_node, MSVIS_MD5_RESULT_NONE);
}

static gboolean
ensure_data (MsvisMatchSession  *self,
             MsvisNodeId         npu_node,
             MsvisNodeId         bench_node,
             GError            **error)
{
  MsvisVisDocument *doc = self->document;

  return msvis_vis_document_ensure_node_data (doc, msvis_vis_document_get_npu (doc), npu_node,
                                              error) &&
         (bench_node == MSVIS_NODE_ID_NONE ||
          msvis_vis_document_ensure_node_data (doc, msvis_vis_document_get_bench (doc), bench_node,
                                               error));
}

static MsvisNodeId
link_of (MsvisGraph  *graph,
         MsvisNodeId  node)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);

  return results != NULL ? msvis_compare_results_get_link (results, node) : MSVIS_NODE_ID_NONE;
}

static gboolean
link_pair (MsvisMatchSession  *self,
           MsvisNodeId         n,
           MsvisNodeId         b,
           GError            **error)
{
  MsvisGraph *npu = self->npu, *bench = self->bench;

  if (!ensure_data (self, n, b, error))
    return FALSE;
  touch (self, FALSE, n);
  touch (self, TRUE, b);
  if (!self->era_2026)
    {
      msvis_match_prepare_items (side_graph (self, FALSE), n, TRUE);
      msvis_match_prepare_items (side_graph (self, TRUE), b, FALSE);
    }
  clear_results (self, n);
  msvis_compare_results_set_link (msvis_graph_get_compare_results (npu), n, b);
  msvis_compare_results_set_link (msvis_graph_ensure_compare_results (bench), b, n);
  if (self->era_2026)
    {
      if (!_msvis_match_session_compare_2026 (self, n, b, error))
        return FALSE;
    }
  else
    msvis_node_compare_run (self->node_compare, n, b);
  table_set (self, msvis_graph_node_get_id (npu, n), msvis_graph_node_get_id (bench, b));
  self->current->change.n_linked++;
  return TRUE;
}

static gboolean
unlink_pair (MsvisMatchSession  *self,
             MsvisNodeId         n,
             GError            **error)
{
  MsvisGraph *npu = self->npu, *bench = self->bench;
  MsvisNodeId b = link_of (npu, n);

  if (!ensure_data (self, n, MSVIS_NODE_ID_NONE, error))
    return FALSE;
  touch (self, FALSE, n);
  if (self->era_2026)
    _msvis_match_session_strip_2026 (self, n);
  else
    msvis_match_prepare_items (side_graph (self, FALSE), n, TRUE);
  clear_results (self, n);
  msvis_compare_results_set_link (msvis_graph_get_compare_results (npu), n,
                                  MSVIS_NODE_ID_NONE);
  if (b != MSVIS_NODE_ID_NONE && link_of (bench, b) == n)
    {
      touch (self, TRUE, b);
      msvis_compare_results_set_link (msvis_graph_get_compare_results (bench), b,
                                      MSVIS_NODE_ID_NONE);
    }
  table_set (self, msvis_graph_node_get_id (npu, n), NULL);
  self->current->change.n_unlinked++;
  return TRUE;
}

/* The forward/backward twins of a pair, when both graphs have them; NONE for a pair that is
 * its own twin. */
static void
find_twins (MsvisMatchSession *self,
            MsvisNodeId        n,
            MsvisNodeId        b,
            MsvisNodeId       *tn,
            MsvisNodeId       *tb)
{
  const char *n_id = msvis_graph_node_get_id (self->npu, n);
  const char *b_id = msvis_graph_node_get_id (self->bench, b);
  g_autofree char *n_twin = _msvis_match_db26_opposite_name (n_id);
  g_autofree char *b_twin = _msvis_match_db26_opposite_name (b_id);

  *tn = *tb = MSVIS_NODE_ID_NONE;
  if (strcmp (n_twin, n_id) == 0 || strcmp (b_twin, b_id) == 0)
    return;
  *tn = msvis_graph_lookup (self->npu, n_twin);
  *tb = msvis_graph_lookup (self->bench, b_twin);
  if (*tn == MSVIS_NODE_ID_NONE || *tb == MSVIS_NODE_ID_NONE)
    *tn = *tb = MSVIS_NODE_ID_NONE;
}

/* The 26.0.0 viewer's single match (process_task_add) matches the pair and then its
 * forward/backward twin. The viewer writes links for twins that are not there and breaks
 * matches the twins had; msvis pairs the twins only when both are there, unmatched and of
 * one type. */
static gboolean
link_pair_and_twin (MsvisMatchSession  *self,
                    MsvisNodeId         n,
                    MsvisNodeId         b,
                    GError            **error)
{
  MsvisNodeId tn, tb;

  if (!link_pair (self, n, b, error))
    return FALSE;
  if (!self->era_2026)
    return TRUE;
  find_twins (self, n, b, &tn, &tb);
  if (tn == MSVIS_NODE_ID_NONE || link_of (self->npu, tn) != MSVIS_NODE_ID_NONE ||
      link_of (self->bench, tb) != MSVIS_NODE_ID_NONE ||
      msvis_graph_node_get_node_type (self->npu, tn) !=
      msvis_graph_node_get_node_type (self->bench, tb))
    return TRUE;
  return link_pair (self, tn, tb, error);
}

/* process_task_delete: the twins go too when they are matched with each other. */
static gboolean
unlink_pair_and_twin (MsvisMatchSession  *self,
                      MsvisNodeId         n,
                      GError            **error)
{
  MsvisNodeId b = link_of (self->npu, n), tn, tb;

  if (!unlink_pair (self, n, error))
    return FALSE;
  if (!self->era_2026 || b == MSVIS_NODE_ID_NONE)
    return TRUE;
  find_twins (self, n, b, &tn, &tb);
  if (tn == MSVIS_NODE_ID_NONE || link_of (self->npu, tn) != tb ||
      link_of (self->bench, tb) != tn)
    return TRUE;
  return unlink_pair (self, tn, error);
}

static const char *
describe_type (MsvisNodeType type)
{
  switch (type)
    {
    case MSVIS_NODE_MODULE:
      return _("a module");
    case MSVIS_NODE_API:
      return _("an API");
    case MSVIS_NODE_API_COLLECTION:
    default:
      return _("an API list");
    }
}

static gboolean
check_pair (MsvisMatchSession  *self,
            MsvisNodeId         n,
            MsvisNodeId         b,
            GError            **error)
{
  MsvisGraph *npu = self->npu, *bench = self->bench;
  const char *n_id = msvis_graph_node_get_id (npu, n), *b_id = msvis_graph_node_get_id (bench, b);
  MsvisNodeId other;
  MsvisNodeType n_type = msvis_graph_node_get_node_type (npu, n);
  MsvisNodeType b_type = msvis_graph_node_get_node_type (bench, b);

  if (msvis_graph_node_is_synthetic (npu, n) || msvis_graph_node_is_synthetic (bench, b))
    {
      g_set_error_literal (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                           _("The Unattached group is not a node of the file: match the nodes "
                             "in it"));
      return FALSE;
    }
  if ((other = link_of (npu, n)) != MSVIS_NODE_ID_NONE)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                   /* translators: two node names */
                   _("The NPU node “%s” is already matched with “%s”: unmatch it first"),
                   n_id, msvis_graph_node_get_id (bench, other));
      return FALSE;
    }
  if ((other = link_of (bench, b)) != MSVIS_NODE_ID_NONE)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                   /* translators: two node names */
                   _("The Bench node “%s” is already matched with “%s”: unmatch it first"),
                   b_id, msvis_graph_node_get_id (npu, other));
      return FALSE;
    }
  if (n_type != b_type)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                   /* translators: a node name, "a module" or "an API", the same again */
                   _("“%s” is %s and “%s” is %s: only nodes of the same type can be matched"),
                   n_id, describe_type (n_type), b_id, describe_type (b_type));
      return FALSE;
    }
  return TRUE;
}

/* process_child_layer: unmatched children with the same key pair up in order, and so on
 * down while both sides have children. */
static gboolean
link_children (MsvisMatchSession  *self,
               MsvisNodeId         n,
               MsvisNodeId         b,
               GError            **error)
{
  MsvisGraph *npu = self->npu, *bench = self->bench;
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(GHashTable) n_groups = NULL, b_groups = NULL;

  if (msvis_graph_node_get_n_children (npu, n) == 0 ||
      msvis_graph_node_get_n_children (bench, b) == 0)
    return TRUE;
  n_groups = msvis_match_group_unmatched (npu, n, order);
  b_groups = msvis_match_group_unmatched (bench, b, NULL);

  for (guint i = 0; i < order->len; i++)
    {
      GArray *n_list = g_hash_table_lookup (n_groups, g_ptr_array_index (order, i));
      GArray *b_list = g_hash_table_lookup (b_groups, g_ptr_array_index (order, i));

      for (guint j = 0; b_list != NULL && j < n_list->len && j < b_list->len; j++)
        {
          MsvisNodeId nc = g_array_index (n_list, MsvisNodeId, j);
          MsvisNodeId bc = g_array_index (b_list, MsvisNodeId, j);

          /* a twin matched on the way is not matched again */
          if (link_of (npu, nc) != MSVIS_NODE_ID_NONE || link_of (bench, bc) != MSVIS_NODE_ID_NONE)
            continue;
          if (!link_pair_and_twin (self, nc, bc, error) ||
              !link_children (self, nc, bc, error))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
unlink_children (MsvisMatchSession  *self,
                 MsvisNodeId         n,
                 GError            **error)
{
  MsvisGraph *npu = self->npu;

  for (MsvisNodeId child = msvis_graph_node_get_first_child (npu, n);
       child != MSVIS_NODE_ID_NONE; child = msvis_graph_node_get_next_sibling (npu, child))
    if (link_of (npu, child) != MSVIS_NODE_ID_NONE &&
        (!unlink_pair_and_twin (self, child, error) || !unlink_children (self, child, error)))
      return FALSE;
  return TRUE;
}

static void
begin_edit (MsvisMatchSession *self)
{
  g_assert (self->current == NULL);
  /* The window's details panel reads node data on a worker: not while the graphs change. */
  self->locker = msvis_vis_document_lock (self->document);
  self->current = edit_new ();
  self->node_compare = msvis_node_compare_new (self->mode,
                                               self->npu,
                                               self->bench);
}

static void
touch_collection (MsvisGraph  *npu,
                  MsvisNodeId  collection,
                  gpointer     user_data)
{
  touch (user_data, FALSE, collection);
}

static void
capture_after (MsvisMatchSession *self,
               Edit              *edit)
{
  for (guint i = 0; i < edit->before->len; i++)
    {
      const NodeState *before = &g_array_index (edit->before, NodeState, i);
      NodeState after = capture (self, before->bench, before->node, edit->after_items);

      g_array_append_val (edit->after, after);
    }
  for (guint i = 0; i < edit->table_before->len; i++)
    {
      TableEntry entry = g_array_index (edit->table_before, TableEntry, i);

      entry.bench = g_hash_table_lookup (self->table, entry.npu);
      g_array_append_val (edit->table_after, entry);
    }
}

/* Ends the edit: on success it goes on the undo stack, on failure everything it changed is
 * put back. */
static gboolean
end_edit (MsvisMatchSession *self,
          gboolean           ok,
          MsvisMatchChange  *change)
{
  g_autoptr(GRecMutexLocker) locker = g_steal_pointer (&self->locker);
  Edit *edit = g_steal_pointer (&self->current);

  if (ok && !self->planning)
    {
      /* Real data waits for the tensors of every pair, as msprobe's _postcompare does. */
      msvis_node_compare_finish (self->node_compare, self->npu_tensor_dir,
                                 self->bench_tensor_dir, self->warnings, NULL);
      /* msprobe indexes collections before the real-data compare: there they stay as
       * they are; the 26.0.0 viewer never indexes them again. */
      if (self->mode != MSVIS_COMPARE_REAL_DATA && !self->era_2026 && edit->before->len > 0)
        {
          self->current = edit;
          msvis_compare_foreach_api_collection (self->npu,
                                                touch_collection, self);
          self->current = NULL;
          msvis_compare_index_api_collections (self->npu,
                                               self->mode);
        }
    }
  g_clear_pointer (&self->node_compare, msvis_node_compare_free);

  if (!ok || edit->before->len == 0 || self->planning)
    {
      restore (self, edit->before, edit->before_items);
      restore_table (self, edit->table_before);
      _msvis_match_session_edit_free (edit);
      if (change != NULL)
        *change = (MsvisMatchChange) { 0 };
      return ok;
    }

  capture_after (self, edit);
  if (change != NULL)
    *change = edit->change;
  /* a new edit drops the ones that were undone */
  if (self->saved_position > self->position && self->saved_position != G_MAXUINT)
    self->saved_position = G_MAXUINT;
  g_ptr_array_set_size (self->edits, self->position);
  g_ptr_array_add (self->edits, edit);
  self->position++;
  return TRUE;
}

/**
 * msvis_match_session_match:
 * @descendants: also pair the unmatched descendants, as tb_graph_ascend's
 *   "同步操作后代节点" does
 *
 * Links two unmatched nodes of the same type and compares them; on a mindstudio-probe 26.0.0
 * file also their forward/backward twins, as its viewer's match button does. One undo step.
 */
gboolean
msvis_match_session_match (MsvisMatchSession  *self,
                           MsvisNodeId         npu_node,
                           MsvisNodeId         bench_node,
                           gboolean            descendants,
                           MsvisMatchChange   *change,
                           GError            **error)
{
  gboolean ok;

  g_return_val_if_fail (npu_node < msvis_graph_get_n_nodes (self->npu), FALSE);
  g_return_val_if_fail (bench_node < msvis_graph_get_n_nodes (self->bench), FALSE);

  if (!check_pair (self, npu_node, bench_node, error))
    return FALSE;
  begin_edit (self);
  ok = link_pair_and_twin (self, npu_node, bench_node, error) &&
       (!descendants || link_children (self, npu_node, bench_node, error));
  return end_edit (self, ok, change);
}

/**
 * msvis_match_session_unmatch:
 * @descendants: also unlink the matched descendants of the NPU node
 *
 * Unlinks a matched NPU node from its counterpart, whichever matching linked them; on a
 * mindstudio-probe 26.0.0 file also their twins when they are matched with each other. One
 * undo step.
 */
gboolean
msvis_match_session_unmatch (MsvisMatchSession  *self,
                             MsvisNodeId         npu_node,
                             gboolean            descendants,
                             MsvisMatchChange   *change,
                             GError            **error)
{
  gboolean ok;

  g_return_val_if_fail (npu_node < msvis_graph_get_n_nodes (self->npu), FALSE);

  if (link_of (self->npu, npu_node) == MSVIS_NODE_ID_NONE)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                   /* translators: a node name */
                   _("The NPU node “%s” is not matched"),
                   msvis_graph_node_get_id (self->npu, npu_node));
      return FALSE;
    }
  begin_edit (self);
  ok = unlink_pair_and_twin (self, npu_node, error) &&
       (!descendants || unlink_children (self, npu_node, error));
  return end_edit (self, ok, change);
}

/**
 * msvis_match_session_apply_pairs:
 * @pairs: (element-type MsvisMatchPair): NPU and Bench node names, as a .vis.config holds them
 * @origin: where they come from, for messages (a file name)
 *
 * Links every pair, as tb_graph_ascend's "by config" does; pairs already linked to each other
 * are left as they are. All or nothing: an unknown name or a node matched elsewhere is an
 * error and changes nothing. One undo step.
 */
gboolean
msvis_match_session_apply_pairs (MsvisMatchSession  *self,
                                 GPtrArray          *pairs,
                                 const char         *origin,
                                 MsvisMatchChange   *change,
                                 GError            **error)
{
  MsvisGraph *npu = self->npu, *bench = self->bench;
  gboolean ok = TRUE;

  begin_edit (self);
  for (guint i = 0; ok && i < pairs->len; i++)
    {
      const MsvisMatchPair *pair = g_ptr_array_index (pairs, i);
      MsvisNodeId n = msvis_graph_lookup (npu, pair->npu);
      MsvisNodeId b = msvis_graph_lookup (bench, pair->bench);

      if (n == MSVIS_NODE_ID_NONE || b == MSVIS_NODE_ID_NONE)
        {
          g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                       /* translators: a file name, "NPU" or "Bench", a node name */
                       _("%s: the %s graph has no node “%s”"), origin,
                       n == MSVIS_NODE_ID_NONE ? "NPU" : "Bench",
                       n == MSVIS_NODE_ID_NONE ? pair->npu : pair->bench);
          ok = FALSE;
        }
      else if (link_of (npu, n) == b && link_of (bench, b) == n)
        continue;
      else if (!check_pair (self, n, b, error) || !link_pair (self, n, b, error))
        {
          g_prefix_error (error, "%s: ", origin);
          ok = FALSE;
        }
    }
  return end_edit (self, ok, change);
}

gboolean
msvis_match_session_can_undo (MsvisMatchSession *self)
{
  return self->position > 0;
}

gboolean
msvis_match_session_can_redo (MsvisMatchSession *self)
{
  return self->position < self->edits->len;
}

gboolean
msvis_match_session_undo (MsvisMatchSession *self,
                          MsvisMatchChange  *change)
{
  g_autoptr(GRecMutexLocker) locker = NULL;
  Edit *edit;

  if (!msvis_match_session_can_undo (self))
    return FALSE;
  locker = msvis_vis_document_lock (self->document);
  edit = g_ptr_array_index (self->edits, --self->position);
  restore (self, edit->before, edit->before_items);
  restore_table (self, edit->table_before);
  if (change != NULL)
    *change = edit->change;
  return TRUE;
}

gboolean
msvis_match_session_redo (MsvisMatchSession *self,
                          MsvisMatchChange  *change)
{
  g_autoptr(GRecMutexLocker) locker = NULL;
  Edit *edit;

  if (!msvis_match_session_can_redo (self))
    return FALSE;
  locker = msvis_vis_document_lock (self->document);
  edit = g_ptr_array_index (self->edits, self->position++);
  restore (self, edit->after, edit->after_items);
  restore_table (self, edit->table_after);
  if (change != NULL)
    *change = edit->change;
  return TRUE;
}

gboolean
msvis_match_session_is_modified (MsvisMatchSession *self)
{
  return self->position != self->saved_position;
}

void
msvis_match_session_set_saved (MsvisMatchSession *self)
{
  self->saved_position = self->position;
}

/**
 * msvis_match_session_get_pairs:
 *
 * Returns: (transfer full) (element-type MsvisMatchPair): the matches made by hand (and those
 *   the file's npu_match_nodes had), in NPU node order
 */
GPtrArray *
msvis_match_session_get_pairs (MsvisMatchSession *self)
{
  MsvisGraph *npu = self->npu;
  GPtrArray *pairs = msvis_match_pairs_new ();
  guint n = msvis_graph_get_n_nodes (npu);

  for (MsvisNodeId node = 0; node < n && g_hash_table_size (self->table) > 0; node++)
    {
      const char *id = msvis_graph_node_get_id (npu, node);
      const char *bench = g_hash_table_lookup (self->table, id);

      if (bench != NULL)
        msvis_match_pairs_add (pairs, id, bench);
    }
  return pairs;
}

/* The NPU nodes the applied edits changed, even when a later edit put their link back: the
 * 26.0.0 viewer writes every row a click changed. */
GHashTable *
_msvis_match_session_changed_npu_nodes (MsvisMatchSession *self)
{
  GHashTable *nodes = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (guint i = 0; i < self->position; i++)
    {
      const Edit *edit = g_ptr_array_index (self->edits, i);

      for (guint j = 0; j < edit->before->len; j++)
        {
          const NodeState *state = &g_array_index (edit->before, NodeState, j);

          if (!state->bench)
            g_hash_table_add (nodes, GUINT_TO_POINTER (state->node));
        }
    }
  return nodes;
}

/**
 * msvis_match_session_take_warnings:
 *
 * Returns: (transfer full) (element-type utf8): the tensor files real-data matching could not
 *   read since the last call
 */
GPtrArray *
msvis_match_session_take_warnings (MsvisMatchSession *self)
{
  GPtrArray *warnings = g_steal_pointer (&self->warnings);

  self->warnings = g_ptr_array_new_with_free_func (g_free);
  return warnings;
}
