// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"
#include "msvis-precision-buckets.h"

G_BEGIN_DECLS

/* Counts that say what a graph holds, from what an index has: no node data needed. */
typedef struct
{
  guint   n_nodes;
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
void msvis_graph_summary_clear     (MsvisGraphSummary *summary);

G_END_DECLS
