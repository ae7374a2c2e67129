// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-dump-reader.h"
#include "msvis-graph-job.h"
#include "msvis-vis-db-writer.h"
#include "msvis-vis-writer.h"

G_BEGIN_DECLS

/* What the build and the compare halves of a graph job share. */

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
  const MsvisJsonValue  *parallel_merge; /* compare.json's, when it asks for a merge */
} Run;

typedef struct
{
  char       *rank_dir;   /* "rank0", or NULL for a FILES dump */
  int         rank;
  MsvisGraph *graph;
} RankGraph;

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
gboolean    msvis_job_compare          (Run                    *run,
                                        GFile                  *npu,
                                        GFile                  *bench,
                                        GError                **error);

/* msvis-merge-job.c: the rank folders of a step, merged by parallel_merge */
const MsvisJsonValue *msvis_job_parallel_merge (const MsvisJsonValue *config);
gboolean    msvis_job_merge_build      (Run                    *run,
                                        GFile                  *dir,
                                        const char             *step,
                                        GError                **error);
gboolean    msvis_job_merge_compare    (Run                    *run,
                                        GFile                  *npu,
                                        GFile                  *bench,
                                        const char             *step,
                                        GError                **error);

G_END_DECLS
