// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"
#include "msvis-precision-buckets.h"

G_BEGIN_DECLS

/* Counts that say what a graph holds, from what an index has: no node data needed.
 *
 * n_nodes and the types count every node. The rest count leaves only (nodes without
 * children): a container's colour and overflow sum up its children's, so counting it too
 * would count one divergence several times. This is the one definition the Legend, Find,
 * `msvis inspect` and the report show; msvis_graph_summary_add_leaf() is its one place. */
typedef struct
{
  guint   n_nodes;
  guint   n_leaves;
  guint   n_modules;
  guint   n_apis;
  guint   n_collections;
  guint   n_other_types;
  guint   n_matched;
  guint   n_unmatched;
  guint   n_overflow[MSVIS_OVERFLOW_CRITICAL + 1];
  guint   n_micro_steps;
  guint  *bucket_counts;   /* one per bucket; NULL without buckets */
  guint   n_buckets;
  guint   n_no_value;
  guint   n_outside;
} MsvisGraphSummary;

void msvis_graph_summarize         (MsvisGraph        *graph,
                                    MsvisBuckets      *buckets,
                                    MsvisGraphSummary *summary);
void msvis_graph_summary_init      (MsvisGraphSummary *summary,
                                    MsvisBuckets      *buckets);
void msvis_graph_summary_add_leaf  (MsvisGraphSummary *summary,
                                    MsvisGraph        *graph,
                                    MsvisNodeId        node,
                                    int                bucket);
void msvis_graph_summary_clear     (MsvisGraphSummary *summary);

/* For msvis_graph_summary_add_leaf(): a node of a build, which has no match nor colour. */
#define MSVIS_SUMMARY_NOT_COMPARED G_MININT

G_END_DECLS
