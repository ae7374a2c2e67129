// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-era.h"
#include "msvis-graph.h"

G_BEGIN_DECLS

/* msprobe's GraphMerger (vis-format.md §4.10): the graphs of the ranks of a tensor- and
 * pipeline-parallel run folded into one graph per data-parallel replica. */

#define MSVIS_MERGE_ERROR (msvis_merge_error_quark ())

typedef enum
{
  MSVIS_MERGE_ERROR_PARAMS,   /* compare.json's parallel_merge does not fit the dumps */
  MSVIS_MERGE_ERROR_GROUPS,   /* the parallel groups cannot be traced to the ranks there are */
  MSVIS_MERGE_ERROR_DATA,     /* statistics that msprobe could not merge either */
} MsvisMergeError;

/* One side of compare.json's "parallel_merge": {"rank_size", "tp", "pp", "vpp"}. */
typedef struct
{
  gint rank_size;
  gint tp;
  gint pp;
  gint vpp;   /* 1 for a build: msprobe reads vpp only when comparing */
  MsvisEra    era;     /* which msprobe's merge: July 2025, or 26.0.0 (msprobe-2026.md §11) */
  const char *order;   /* 2026: --order for the default groups; NULL is "tp-cp-ep-dp-pp".
                        * Not owned: it lives as long as the params */
} MsvisMergeParams;

/* msprobe 26's merge flags as the command line gave them (msprobe-2026.md §1.1): one value
 * each for a build, two for a compare; n_vpp and n_order 0 when the flag was not given. */
typedef struct
{
  const gint        *rank_size;
  guint              n_rank_size;
  const gint        *tp;
  guint              n_tp;
  const gint        *pp;
  guint              n_pp;
  const gint        *vpp;
  guint              n_vpp;
  const char *const *order;
  guint              n_order;
} MsvisMergeArgs;

/* A rank's graph going into a merge. */
typedef struct
{
  gint        rank;
  MsvisGraph *graph;
} MsvisMergeInput;

/* What the merge made: the graph of one replica, named after its first rank. */
typedef struct
{
  gint        rank;
  MsvisGraph *graph;
} MsvisMergeResult;

GQuark      msvis_merge_error_quark   (void);

gboolean    msvis_merge_params_parse  (const MsvisJsonValue    *parallel_merge,
                                       const char              *side,
                                       gboolean                 with_vpp,
                                       const char              *config_path,
                                       MsvisMergeParams        *params,
                                       GError                 **error);
gboolean    msvis_merge_params_check  (const MsvisMergeParams  *params,
                                       guint                    n_ranks,
                                       const char              *config_path,
                                       const char              *side,
                                       GError                 **error);

gboolean    msvis_merge_params_load   (const MsvisMergeArgs    *args,
                                       gboolean                 compare,
                                       MsvisMergeParams        *npu,
                                       MsvisMergeParams        *bench,
                                       GError                 **error);
gboolean    msvis_merge_params_parse_era (const MsvisJsonValue *parallel_merge,
                                       const char              *side,
                                       MsvisEra                 era,
                                       gboolean                 with_vpp,
                                       const char              *config_path,
                                       MsvisMergeParams        *params,
                                       GError                 **error);
gboolean    msvis_merge_params_check_values (const MsvisMergeParams *params,
                                       guint                    n_ranks,
                                       gboolean                 is_bench,
                                       GError                 **error);
gboolean    msvis_merge_params_validate (const MsvisMergeParams *params,
                                       const char              *dump_path,
                                       gboolean                 is_bench,
                                       GError                 **error);

GArray     *msvis_graph_merge         (const MsvisMergeInput   *inputs,
                                       guint                    n_inputs,
                                       const MsvisMergeParams  *params,
                                       gboolean                 is_bench,
                                       const char              *config_path,
                                       GCancellable            *cancellable,
                                       GError                 **error);
void        msvis_merge_result_clear  (gpointer                 result);

const char *msvis_merge_item_full_op_name (MsvisGraph     *graph,
                                       guint32                  item);

/* --file_type json (msprobe-2026.md §1.7) */
GArray     *msvis_merge_sorted_nodes  (MsvisGraph              *graph);
gboolean    msvis_merge_write_json    (MsvisGraph              *graph,
                                       GFile                   *rank_dir,
                                       GFile                   *output_dir,
                                       gint                     step,
                                       gint                     rank,
                                       GCancellable            *cancellable,
                                       GError                 **error);

G_END_DECLS
