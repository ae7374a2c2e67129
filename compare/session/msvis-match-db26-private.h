// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-indicator.h"
#include "msvis-json-value.h"
#include "msvis-match-session.h"
#include "msvis-tensor-metrics.h"
#include "msvis-tensor-reads.h"

G_BEGIN_DECLS

/* What msvis-match-db26.c (the file) and msvis-match-db26-calc.c (the metrics) share. */

/* The items of one tb_nodes row, as the 26.0.0 viewer holds them: json.loads of input_data and
 * output_data, objects of items in the file's order. */
typedef struct
{
  MsvisJsonValue *input;
  MsvisJsonValue *output;
} MsvisDb26Items;

/* Where the tensor files of a pair are, in a real-data compare: the folders its rows'
 * dump_data_dir name. */
typedef struct
{
  const char       *npu;
  const char       *bench;
  MsvisTensorReads *reads;   /* (nullable): the files are read apart from the match */
} MsvisDb26Dirs;

/* @dirs: (nullable): only for MSVIS_INDICATOR_ALL */
gboolean   _msvis_match_db26_calculate (MsvisArena           *arena,
                                        MsvisDb26Items       *npu,
                                        const MsvisDb26Items *bench,
                                        MsvisIndicatorMode    mode,
                                        const MsvisDb26Dirs  *dirs,
                                        MsvisLevel           *level,
                                        GError              **error);
void       _msvis_match_db26_strip     (MsvisArena           *arena,
                                        MsvisDb26Items       *npu);
char      *_msvis_match_db26_opposite_name (const char         *name);
gboolean   _msvis_match_db26_mode_of_task (const char         *task,
                                           MsvisIndicatorMode *mode);

/* msvis-match-db26-tensor.c */
char      *_msvis_match_db26_find_tensor_dir  (const char           *dir,
                                               const char           *db_path,
                                               GError              **error);
gboolean   _msvis_match_db26_compare_tensors  (const MsvisDb26Dirs  *dirs,
                                               const char           *npu_data_name,
                                               const char           *bench_data_name,
                                               MsvisTensorMetrics   *metrics,
                                               GError              **error);

/* msvis-match-save-2026.c */
gboolean   _msvis_match_session_save_2026 (MsvisMatchSession  *self,
                                           const char         *source_path,
                                           const char         *path,
                                           gboolean            replace,
                                           GError            **error);

G_END_DECLS
