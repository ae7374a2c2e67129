// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-vis-source.h"

G_BEGIN_DECLS

/* Opening a result for a viewer, on a worker thread: the source (a .vis with the rest of its
 * run, a .vis.db, or the newest run of a folder of results) and one graph of it, with the
 * fraction done in a MsvisProgress the caller polls. Nothing is read on the caller's thread. */

void     msvis_vis_open_async  (GFile                   *file,
                                MsvisVisSource          *source,
                                const MsvisVisGraphKey  *key,
                                MsvisProgress           *progress,
                                GCancellable            *cancellable,
                                GAsyncReadyCallback      callback,
                                gpointer                 user_data);
gboolean msvis_vis_open_finish (GAsyncResult            *result,
                                MsvisVisSource         **source,
                                MsvisVisDocument       **document,
                                GError                 **error);

G_END_DECLS
