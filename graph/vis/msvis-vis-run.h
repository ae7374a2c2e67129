// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The files one msprobe run writes into a folder (vis-format.md §3.8), grouped as
 * tb_graph_ascend groups them: build_step{S}_rank{R}_{ts}.vis and the like share a name and
 * a timestamp, and differ by step and rank. */

typedef struct
{
  char *path;
  gint  step;   /* -1: the name has none */
  gint  rank;   /* rankN, or mergedN for parallel merges; -1: none */
  gboolean merged;   /* rank is the N of mergedN: a merged graph, one per data-parallel replica */
} MsvisVisRunFile;

typedef struct
{
  char      *name;        /* "compare_20261121191907", or the file name without .vis */
  gboolean   is_db;       /* one .vis.db that holds its steps and ranks itself */
  GPtrArray *files;       /* MsvisVisRunFile *, by step, then rank */
} MsvisVisRun;

GPtrArray             *msvis_vis_runs_scan      (const char   *dir,
                                                 GError      **error);
MsvisVisRun           *msvis_vis_run_for_file   (const char   *path);
MsvisVisRun           *msvis_vis_run_for_single_file (const char *path);
void                   msvis_vis_run_free       (MsvisVisRun  *run);
GArray                *msvis_vis_run_get_steps  (MsvisVisRun  *run);
GArray                *msvis_vis_run_get_ranks  (MsvisVisRun  *run);
const MsvisVisRunFile *msvis_vis_run_find       (MsvisVisRun  *run,
                                                 gint          step,
                                                 gint          rank);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisVisRun, msvis_vis_run_free)

G_END_DECLS
