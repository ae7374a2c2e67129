// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph-summary.h"
#include "msvis-node-finder.h"

G_BEGIN_DECLS

/* Shared by msvis-node-finder.c (classification, lists) and msvis-node-finder-search.c. */

struct _MsvisNodeFinder
{
  gint              ref_count;

  /* Owned */
  MsvisVisDocument *doc;
  MsvisBuckets     *buckets;
  gint16           *bucket_of;        /* per node: a bucket index or a MsvisBucketSpecial */
  MsvisGraphSummary counts;          /* leaves, by msvis_graph_summary_add_leaf() */
  guint            *severity;         /* per bucket: 0 is the mildest */
  int              *by_severity;      /* buckets, mildest first */
  GArray           *divergences;      /* MsvisNodeId, worst bucket first */
  guint            *segment_start;    /* per severity: its first index in divergences; n + 1 */

  /* Set once at construction */
  MsvisGraph       *graph;            /* borrowed from doc */
  guint             n_nodes;
  gboolean          bench;
  gboolean          md5;
};

G_END_DECLS
