// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-dump-reader.h"
#include "msvis-graph-job.h"
#include "msvis-vis-db-writer.h"
#include "msvis-vis-db26-writer.h"
#include "msvis-vis-writer.h"

G_BEGIN_DECLS

/* One run of `msvis graph` as its parts share it: the options, progress, the files written
 * and not yet committed, and the steps every part takes (build a dump, write a result, link
 * the ranks of a step). msvis-graph-job.c walks the layouts; msvis-compare-job.c and
 * msvis-merge-job.c do their halves with these, so no two of them include each other. */

typedef struct
{
  const MsvisGraphJob   *job;
  MsvisGraphJobProgress  progress;
  gpointer               progress_data;
  GCancellable          *cancellable;
  char                  *timestamp;
  GPtrArray             *pending;      /* MsvisSafeFile, written and closed, not committed */
  GHashTable            *layer_renames; /* -lm: read once, before anything is built */
  MsvisVisDbWriter      *db;           /* --format db: every result goes in here instead */
  MsvisVisDb26Writer    *db26;         /* graph_visualize: every result goes in here */
  const MsvisJsonValue  *parallel_merge; /* compare.json's, when it asks for a merge */
  guint                  n_selected;   /* graphs written: --rank/--step must select one */
  gint                   merged_dump;  /* atomic: a dump.json said "is_merged": true */
} Run;

typedef struct
{
  char       *rank_dir;   /* "rank0", or NULL for a FILES dump */
  int         rank;
  MsvisGraph *graph;
} RankGraph;

gboolean    msvis_job_check_output_name (const char           *name,
                                         GError              **error);
void        msvis_job_rank_graph_clear (gpointer                data);
void        msvis_job_say              (Run                    *run,
                                        const char             *format,
                                        ...) G_GNUC_PRINTF (2, 3);
void        msvis_job_say_building     (Run                    *run,
                                        GFile                  *dir);
MsvisGraph *msvis_job_build_one        (Run                    *run,
                                        GFile                  *dir,
                                        gboolean                keep_md5,
                                        GPtrArray              *entry_names,
                                        MsvisDumpHeader        *header_out,
                                        GError                **error);
void        msvis_job_link_ranks       (Run                    *run,
                                        GArray                 *rank_graphs);
gboolean    msvis_job_write_vis        (Run                    *run,
                                        MsvisGraph             *graph,
                                        const MsvisVisCompare  *compare,
                                        const char             *name,
                                        gint                    step,
                                        gint                    rank,
                                        GError                **error);

/* --rank and --step, in msvis-job-select.c */
gboolean    msvis_job_selected         (Run                    *run,
                                        gint                    step,
                                        gint                    rank);
void        msvis_job_select_names     (Run                    *run,
                                        GPtrArray              *names,
                                        GPtrArray              *others,
                                        const char             *step,
                                        gboolean                are_steps);
gboolean    msvis_job_check_selection  (Run                    *run,
                                        const char             *dump,
                                        GError                **error);
G_END_DECLS
