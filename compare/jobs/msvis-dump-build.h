// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-era.h"

G_BEGIN_DECLS

/* For the window: build one dump folder, or compare two, on a worker thread, and hand back the
 * .vis.db written: `msvis graph_visualize` (msprobe 26, the default) or `msvis graph --format
 * db` (msprobe 2025, and always for a compare.json, which is that msprobe's input). */

typedef struct
{
  GFile    *npu_dir;          /* a dump folder (dump.json…, rankN/, or stepN/rankN/) */
  GFile    *bench_dir;        /* nullable: build the NPU graph alone */
  GFile    *config_file;      /* nullable: a compare.json instead of the two folders */
  gboolean  fuzzy_match;      /* -f */
  char     *layer_mapping;    /* -lm: NULL off, "" bare -lm, or a yaml path */
  gboolean  overflow_check;   /* -oc */
  GFile    *output_dir;       /* where the .vis.db goes */
  MsvisEra  era;              /* whose rules: the zero value is msprobe 2025's */
} MsvisDumpBuildOptions;

/* Called on the main context of the caller of msvis_dump_build_async() with the newest message
 * of the run; messages that arrive faster than the main loop takes them are dropped. */
typedef void (*MsvisDumpBuildProgress) (const char *message,
                                        gpointer    user_data);

#define MSVIS_TYPE_DUMP_BUILD_OPTIONS (msvis_dump_build_options_get_type ())

GType                  msvis_dump_build_options_get_type   (void) G_GNUC_CONST;
MsvisDumpBuildOptions *msvis_dump_build_options_new        (void);
MsvisDumpBuildOptions *msvis_dump_build_options_copy       (const MsvisDumpBuildOptions *options);
void                   msvis_dump_build_options_free       (MsvisDumpBuildOptions       *options);

void   msvis_dump_build_async              (const MsvisDumpBuildOptions *options,
                                            GCancellable                *cancellable,
                                            MsvisDumpBuildProgress       progress,
                                            gpointer                     progress_data,
                                            GAsyncReadyCallback          callback,
                                            gpointer                     user_data);
GFile *msvis_dump_build_finish             (GAsyncResult                *result,
                                            GError                     **error);
GFile *msvis_dump_build_run                (const MsvisDumpBuildOptions *options,
                                            GCancellable                *cancellable,
                                            GError                     **error);
GFile *msvis_dump_build_default_output_dir (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisDumpBuildOptions, msvis_dump_build_options_free)

G_END_DECLS
