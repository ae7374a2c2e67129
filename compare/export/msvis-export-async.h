// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-export.h"
#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* A picture or a report written on a worker thread, for the window. Either way the file
 * appears complete or not at all. */

void     msvis_export_write_picture_async (MsvisExportScene     *scene,
                                           const char           *path,
                                           MsvisExportFormat     format,
                                           MsvisSafeFileFlags    flags,
                                           GCancellable         *cancellable,
                                           GAsyncReadyCallback   callback,
                                           gpointer              user_data);
void     msvis_export_write_report_async  (MsvisVisDocument     *doc,
                                           const char           *name,
                                           const char           *path,
                                           MsvisSafeFileFlags    flags,
                                           GCancellable         *cancellable,
                                           GAsyncReadyCallback   callback,
                                           gpointer              user_data);
gboolean msvis_export_write_finish        (GAsyncResult         *result,
                                           GError              **error);

G_END_DECLS
