// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Every file msvis reads must be a regular file: opening a pipe blocks until someone writes
 * to it, and a device such as /dev/zero never ends. Symbolic links are followed. */

gboolean msvis_input_file_check      (GFile        *file,
                                      GCancellable *cancellable,
                                      GError      **error);
gboolean msvis_input_file_check_path (const char   *path,
                                      GError      **error);

/* Which of @paths (absolute) are regular files, on a worker: a stack may name a dead network
 * mount, and the window must not wait for it. */
void        msvis_input_files_exist_async  (GPtrArray           *paths,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
GHashTable *msvis_input_files_exist_finish (GAsyncResult        *result,
                                            GError             **error);

G_END_DECLS
