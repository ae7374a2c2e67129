// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-tensor-metrics.h"

G_BEGIN_DECLS

/* The tensor files a real-data match compares, read apart from the match itself: a match is
 * first run to collect the pairs of files it needs (nothing is read, and the match is put
 * back), the files are then read on a worker thread, and the match runs again with their
 * results. Reading big tensors is what takes time; the graphs are only changed on the thread
 * that owns them. */

typedef struct _MsvisTensorReads MsvisTensorReads;

MsvisTensorReads *msvis_tensor_reads_new           (void);
void              msvis_tensor_reads_unref         (MsvisTensorReads    *self);
guint             msvis_tensor_reads_get_n_pending (MsvisTensorReads    *self);
gboolean          msvis_tensor_reads_run           (MsvisTensorReads    *self,
                                                    GCancellable        *cancellable,
                                                    GError             **error);
gboolean          msvis_tensor_reads_get           (MsvisTensorReads    *self,
                                                    const char          *npu_path,
                                                    const char          *bench_path,
                                                    MsvisTensorMetrics  *metrics,
                                                    GError             **error);

/* One pair of files, compared as msprobe 26 compares them. */
gboolean          msvis_tensor_read_pair           (const char          *npu_path,
                                                    const char          *bench_path,
                                                    MsvisTensorMetrics  *metrics,
                                                    GCancellable        *cancellable,
                                                    GError             **error);

/* For tests: called before every pair is read, on the thread that reads it (a test makes a
 * read slow with it). */
typedef void (*MsvisTensorReadHook) (const char   *npu_path,
                                     const char   *bench_path,
                                     GCancellable *cancellable,
                                     gpointer      data);

void              msvis_tensor_reads_set_hook      (MsvisTensorReadHook  hook,
                                                    gpointer             data);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisTensorReads, msvis_tensor_reads_unref)

G_END_DECLS
