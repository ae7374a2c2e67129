// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-era.h"
#include "msvis-job-select.h"
#include "msvis-json-value.h"

G_BEGIN_DECLS

typedef enum
{
  MSVIS_GRAPH_JOB_FORMAT_VIS,   /* one JSON .vis per step and rank (msprobe before 8.2.1) */
  MSVIS_GRAPH_JOB_FORMAT_DB,    /* one SQLite .vis.db for the whole run (msprobe 8.2.1) */
} MsvisGraphJobFormat;

/* One run of `msvis graph`: what msprobe's graph_service does for a compare.json. */
typedef struct
{
  char     *config_path;      /* -i */
  char     *output_dir;       /* -o */
  gboolean  overflow_check;   /* -oc */
  gboolean  complete_stack;   /* -cs */
  gboolean  fuzzy_match;      /* -f */
  char     *layer_mapping;    /* -lm: a yaml path, "" for a bare -lm, NULL without */
  char     *timestamp;        /* NULL: now, as %Y%m%d%H%M%S in local time */
  GPtrArray *warnings;        /* (nullable) (element-type utf8): gets what the run overlooked */
  MsvisGraphJobFormat format;  /* --format */
  gboolean  force;            /* --force: replace outputs of the same name (never links) */
  /* graph_visualize (MSVIS_ERA_2026): the dump folders come from -tp/-gp instead of a
   * compare.json, the parallel merge from --rank_size…, and one .vis.db is written. */
  MsvisEra  era;
  char     *npu_path;         /* -tp */
  char     *bench_path;       /* -gp, NULL for a build */
  const MsvisJsonValue *parallel_merge;  /* as compare.json's "parallel_merge", or NULL */
  gboolean  merge_json;       /* --file_type json: merged dump folders instead of a database */
  /* --rank/--step (msvis only): build just these graphs, NULL for all; not with a merge */
  const MsvisSelection *rank_selection;
  const MsvisSelection *step_selection;
  /* (nullable) (out): set when a dump.json read said "is_merged": true, which nothing the
   * job writes can carry (the window then says "merged" of what it opens) */
  gboolean *merged_dump_out;
} MsvisGraphJob;

typedef void (*MsvisGraphJobProgress) (const char *message,
                                       gpointer    user_data);

GPtrArray *msvis_graph_job_run (const MsvisGraphJob    *job,
                                MsvisGraphJobProgress   progress,
                                gpointer                user_data,
                                GCancellable           *cancellable,
                                GError                **error);

G_END_DECLS
