// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The communication APIs msprobe's distributed analysis links across ranks (vis-format.md
 * §4.9, msprobe-2026.md §10.7): the same table in 8.2.1's DistributedAnalyzer
 * (compare/msvis-distributed.c) and 26.0.0's post-pass on the .vis.db
 * (graph/vis/msvis-vis-db26-distributed.c). */

typedef struct
{
  const char *api;
  const char *target_api;
  const char *rank_param;   /* the input that names the peer or root rank */
  const char *comm_type;
  gboolean    p2p;          /* point to point; else a collective */
} MsvisDistApi;

const MsvisDistApi *msvis_dist_api_find     (const char *api);
const char         *msvis_dist_api_opposite (const char *comm_type);

G_END_DECLS
