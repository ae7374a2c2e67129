// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-input-file.h"

/**
 * msvis_input_file_check:
 *
 * Refuses a @file that exists but is not a regular file. One that cannot be looked at passes:
 * opening it then gives the file system's own message (no such file, permission denied).
 */
gboolean
msvis_input_file_check (GFile         *file,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                                 G_FILE_QUERY_INFO_NONE, cancellable, NULL);
  g_autofree char *name = NULL;

  if (info == NULL || g_file_info_get_file_type (info) == G_FILE_TYPE_REGULAR)
    return TRUE;

  name = g_file_get_parse_name (file);
  /* Followed links report their own type only when they cannot be followed. */
  if (g_file_info_get_file_type (info) == G_FILE_TYPE_SYMBOLIC_LINK)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                 /* translators: %s is a path */
                 _("%s is a link that leads nowhere or to itself"), name);
  else if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                 /* translators: %s is a path */
                 _("%s is a folder, not a file"), name);
  else
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                 /* translators: %s is a path */
                 _("%s is not a regular file (a pipe, a device or a socket); msvis reads only "
                   "files"), name);
  return FALSE;
}

gboolean
msvis_input_file_check_path (const char  *path,
                             GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return msvis_input_file_check (file, NULL, error);
}
