// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-summary.h"

/**
 * msvis_graph_summary_init:
 * @buckets: (nullable): the legend to count precision by
 *
 * Zeroes @summary, with one count per bucket of @buckets.
 */
void
msvis_graph_summary_init (MsvisGraphSummary *summary,
                          MsvisBuckets      *buckets)
{
  memset (summary, 0, sizeof *summary);
  if (buckets != NULL)
    {
      summary->n_buckets = msvis_buckets_get_n (buckets);
      summary->bucket_counts = g_new0 (guint, MAX (summary->n_buckets, 1));
    }
}

/**
 * msvis_graph_summary_add_leaf:
 * @bucket: @node's bucket index or MsvisBucketSpecial; MSVIS_SUMMARY_NOT_COMPARED in a build
 *
 * Counts @node into the leaf counts when it is a leaf; does nothing for a container.
 */
void
msvis_graph_summary_add_leaf (MsvisGraphSummary *summary,
                              MsvisGraph        *graph,
                              MsvisNodeId        node,
                              int                bucket)
{
  if (msvis_graph_node_get_first_child (graph, node) != MSVIS_NODE_ID_NONE)
    return;
  summary->n_leaves++;
  summary->n_overflow[msvis_graph_node_get_overflow (graph, node)]++;
  if (bucket == MSVIS_SUMMARY_NOT_COMPARED)
    return;
  if (bucket == MSVIS_BUCKET_UNMATCHED)
    {
      summary->n_unmatched++;
      return;
    }
  summary->n_matched++;
  if (bucket >= 0 && (guint)bucket < summary->n_buckets)
    summary->bucket_counts[bucket]++;
  else if (bucket == MSVIS_BUCKET_NO_VALUE)
    summary->n_no_value++;
  else if (bucket >= 0 || bucket == MSVIS_BUCKET_OUTSIDE)
    summary->n_outside++;
}

/**
 * msvis_graph_summarize:
 * @buckets: (nullable): the legend to count precision by: the NPU side of a compare
 *
 * Counts nodes by type, and leaves by match (in a compare), by overflow level and by colour
 * bucket.
 */
void
msvis_graph_summarize (MsvisGraph        *graph,
                       MsvisBuckets      *buckets,
                       MsvisGraphSummary *summary)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  guint n = msvis_graph_get_n_nodes (graph);

  msvis_graph_summary_init (summary, buckets);
  summary->n_nodes = n;
  summary->n_micro_steps = msvis_graph_get_micro_steps (graph);

  for (MsvisNodeId node = 0; node < n; node++)
    {
      gboolean matched = results != NULL &&
                         msvis_compare_results_get_link (results, node) != MSVIS_NODE_ID_NONE;
      int bucket = MSVIS_SUMMARY_NOT_COMPARED;

      switch (msvis_graph_node_get_node_type (graph, node))
        {
        case MSVIS_NODE_MODULE: summary->n_modules++; break;
        case MSVIS_NODE_API: summary->n_apis++; break;
        case MSVIS_NODE_API_COLLECTION: summary->n_collections++; break;
        default: summary->n_other_types++; break;
        }
      if (results != NULL && !matched)
        bucket = MSVIS_BUCKET_UNMATCHED;
      else if (results != NULL)
        bucket = buckets == NULL
                 ? MSVIS_BUCKET_NO_VALUE
                 : msvis_buckets_classify (buckets, TRUE,
                                           msvis_compare_results_get_precision (results, node));
      msvis_graph_summary_add_leaf (summary, graph, node, bucket);
    }
}

void
msvis_graph_summary_clear (MsvisGraphSummary *summary)
{
  g_clear_pointer (&summary->bucket_counts, g_free);
}
