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

G_END_DECLS
