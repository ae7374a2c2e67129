// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-match-db26-private.h"
#include "msvis-match-db26.h"
#include "msvis-match-session-private.h"
#include "msvis-vis-config.h"
#include "msvis-vis-db-rows.h"

/* Saving a session opened on a mindstudio-probe 26.0.0 .vis.db: the 8.2.1 writer would drop
 * the columns and items 26.0.0 added, so the file's rows are changed instead, as its viewer
 * changes them. What the session changed is found by comparing its links with the file's:
 * pairs no longer linked are unlinked first, then the new pairs are linked, and their
 * metrics come from MatchedNodeCalculator (msvis-match-db26.c). A pair the session unmatched
 * and matched again is written again too, as the viewer writes it on each click. */

gboolean
_msvis_match_session_save_2026 (MsvisMatchSession  *self,
                                const char         *source_path,
                                const char         *path,
                                gboolean            replace,
                                GError            **error)
{
  MsvisVisDocument *doc = msvis_match_session_get_document (self);
  MsvisGraph *npu = msvis_vis_document_get_npu (doc);
  MsvisGraph *bench = msvis_vis_document_get_bench (doc);
  MsvisCompareResults *results = msvis_graph_get_compare_results (npu);
  g_autoptr(GHashTable) links = NULL;
  g_autoptr(GHashTable) changed = _msvis_match_session_changed_npu_nodes (self);
  g_autoptr(GPtrArray) unlink = msvis_match_pairs_new ();
  g_autoptr(GPtrArray) link = msvis_match_pairs_new ();
  MsvisMatchDb26Job job = {
    .input = source_path, .output = path, .pairs = link, .origin = source_path,
    .step = msvis_vis_document_get_step (doc), .rank = msvis_vis_document_get_rank (doc),
    .replace = replace, .unlink = unlink,
  };
  MsvisMatchChange change;
  guint n = msvis_graph_get_n_nodes (npu);

  if (!msvis_vis_db_rows_read_links (source_path, job.step, job.rank, &links, error))
    return FALSE;
  for (MsvisNodeId node = 0; node < n; node++)
    {
      const char *id = msvis_graph_node_get_id (npu, node);
      const char *was = g_hash_table_lookup (links, id);
      MsvisNodeId b = results != NULL ? msvis_compare_results_get_link (results, node)
                                      : MSVIS_NODE_ID_NONE;
      const char *now = b != MSVIS_NODE_ID_NONE ? msvis_graph_node_get_id (bench, b) : NULL;

      if (g_strcmp0 (was, now) == 0 &&
          !g_hash_table_contains (changed, GUINT_TO_POINTER (node)))
        continue;
      if (was != NULL)
        msvis_match_pairs_add (unlink, id, was);
      if (now != NULL)
        msvis_match_pairs_add (link, id, now);
    }
  return msvis_match_db26_run (&job, &change, error);
}
