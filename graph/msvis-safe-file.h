// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* An output file that appears only when it is complete: written to a hidden temporary file
 * beside its final name, renamed there on commit, removed if never committed. It never
 * replaces a file that exists. */

typedef struct _MsvisSafeFile MsvisSafeFile;

MsvisSafeFile *msvis_safe_file_new        (const char     *path,
                                           int             mode,
                                           GError        **error);
GOutputStream *msvis_safe_file_get_stream (MsvisSafeFile  *self);
const char    *msvis_safe_file_get_path   (MsvisSafeFile  *self);
gboolean       msvis_safe_file_close      (MsvisSafeFile  *self,
                                           GError        **error);
gboolean       msvis_safe_file_commit     (MsvisSafeFile  *self,
                                           GError        **error);
void           msvis_safe_file_free       (MsvisSafeFile  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisSafeFile, msvis_safe_file_free)

G_END_DECLS
