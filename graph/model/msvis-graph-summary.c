// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-summary.h"

/**
 * msvis_graph_summarize:
 * @buckets: (nullable): the legend to count precision by: the NPU side of a compare
 *
 * Counts nodes by type, by match (in a compare), by overflow level and by colour bucket.
 */
void
msvis_graph_summarize (MsvisGraph        *graph,
                       MsvisBuckets      *buckets,
                       MsvisGraphSummary *summary)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  guint n = msvis_graph_get_n_nodes (graph);

  memset (summary, 0, sizeof *summary);
  summary->n_nodes = n;
  summary->n_micro_steps = msvis_graph_get_micro_steps (graph);
  if (buckets != NULL)
    {
      summary->n_buckets = msvis_buckets_get_n (buckets);
      summary->bucket_counts = g_new0 (guint, summary->n_buckets);
    }

  for (MsvisNodeId node = 0; node < n; node++)
    {
      gboolean matched = results != NULL &&
                         msvis_compare_results_get_link (results, node) != MSVIS_NODE_ID_NONE;

      switch (msvis_graph_node_get_node_type (graph, node))
        {
        case MSVIS_NODE_MODULE: summary->n_modules++; break;
        case MSVIS_NODE_API: summary->n_apis++; break;
        case MSVIS_NODE_API_COLLECTION: summary->n_collections++; break;
        default: summary->n_other_types++; break;
        }
      summary->n_overflow[msvis_graph_node_get_overflow (graph, node)]++;
      if (results == NULL)
        continue;

      if (matched)
        summary->n_matched++;
      else
        summary->n_unmatched++;

      if (buckets != NULL)
        {
          int bucket = msvis_buckets_classify (buckets, matched,
                                               msvis_compare_results_get_precision (results,
                                                                                    node));
          if (bucket >= 0)
            summary->bucket_counts[bucket]++;
          else if (bucket == MSVIS_BUCKET_NO_VALUE)
            summary->n_no_value++;
          else if (bucket == MSVIS_BUCKET_OUTSIDE)
            summary->n_outside++;
        }
    }
}

void
msvis_graph_summary_clear (MsvisGraphSummary *summary)
{
  g_clear_pointer (&summary->bucket_counts, g_free);
}
