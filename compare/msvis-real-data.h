// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-tensor-metrics.h"

G_BEGIN_DECLS

/* msprobe's real-data compare (vis-format.md §4.6, multiprocessing_compute.py): the rows of
 * every compared node, keyed by NPU name as msprobe's data frame is, so a name seen twice
 * keeps its last pair of tensor files; then the tensors of each name compared on a thread
 * pool. */

typedef struct _MsvisRealData MsvisRealData;

MsvisRealData            *msvis_real_data_new     (void);
void                      msvis_real_data_free    (MsvisRealData  *self);
void                      msvis_real_data_add_row (MsvisRealData  *self,
                                                   const char     *npu_name,
                                                   const char     *npu_data_name,
                                                   const char     *bench_data_name);
void                      msvis_real_data_compute (MsvisRealData  *self,
                                                   const char     *npu_tensor_dir,
                                                   const char     *bench_tensor_dir,
                                                   GPtrArray      *warnings,
                                                   GCancellable   *cancellable);
const MsvisTensorMetrics *msvis_real_data_lookup  (MsvisRealData  *self,
                                                   const char     *npu_name);
gboolean                  msvis_real_data_compare_files (const char          *npu_path,
                                                         const char          *bench_path,
                                                         MsvisTensorMetrics  *metrics,
                                                         GCancellable        *cancellable,
                                                         GError             **error);

void                      msvis_real_data_set_era (MsvisRealData *self,
                                                   MsvisEra       era);
gboolean                  msvis_real_data_compare_files_for_era (MsvisEra             era,
                                                                 const char          *npu_path,
                                                                 const char          *bench_path,
                                                                 MsvisTensorMetrics  *metrics,
                                                                 GCancellable        *cancellable,
                                                                 GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisRealData, msvis_real_data_free)

G_END_DECLS
