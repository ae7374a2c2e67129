// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* An output file that appears only when it is complete: written to a hidden temporary file
 * beside its final name, renamed there on commit, removed if never committed. It never
 * replaces a file that exists, unless told to (--force), and never writes through a symbolic
 * link, whatever it is told. */

typedef struct _MsvisSafeFile MsvisSafeFile;

typedef enum
{
  MSVIS_SAFE_FILE_DEFAULT = 0,
  MSVIS_SAFE_FILE_REPLACE = 1 << 0,   /* a regular file of the same name may be replaced */
} MsvisSafeFileFlags;

MsvisSafeFile *msvis_safe_file_new        (const char     *path,
                                           int             mode,
                                           GError        **error);
MsvisSafeFile *msvis_safe_file_new_full   (const char     *path,
                                           int             mode,
                                           MsvisSafeFileFlags flags,
                                           GError        **error);
GOutputStream *msvis_safe_file_get_stream (MsvisSafeFile  *self);
const char    *msvis_safe_file_get_path   (MsvisSafeFile  *self);
gboolean       msvis_safe_file_close      (MsvisSafeFile  *self,
                                           GError        **error);
gboolean       msvis_safe_file_commit     (MsvisSafeFile  *self,
                                           GError        **error);
void           msvis_safe_file_free       (MsvisSafeFile  *self);

/* For writers that make their temporary file themselves (SQLite's): the same checks. */
gboolean       msvis_safe_file_check_target (const char        *path,
                                             MsvisSafeFileFlags flags,
                                             GError           **error);
gboolean       msvis_safe_file_place      (const char     *tmp_path,
                                           const char     *path,
                                           MsvisSafeFileFlags flags,
                                           GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisSafeFile, msvis_safe_file_free)

G_END_DECLS
