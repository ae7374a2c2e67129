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

static void
exist_worker (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GPtrArray *paths = task_data;
  GHashTable *existing = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);

      if (g_cancellable_is_cancelled (cancellable))
        break;
      if (g_path_is_absolute (path) && g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_hash_table_add (existing, g_strdup (path));
    }
  if (g_task_return_error_if_cancelled (task))
    g_hash_table_unref (existing);
  else
    g_task_return_pointer (task, existing, (GDestroyNotify) g_hash_table_unref);
}

/**
 * msvis_input_files_exist_async:
 * @paths: (element-type filename): kept until the check is done
 */
void
msvis_input_files_exist_async (GPtrArray           *paths,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, msvis_input_files_exist_async);
  g_task_set_name (task, "[msvis] check files exist");
  g_task_set_task_data (task, g_ptr_array_ref (paths), (GDestroyNotify) g_ptr_array_unref);
  g_task_run_in_thread (task, exist_worker);
}

/* Returns: (transfer full): the set of the paths that are regular files, or %NULL when
 *   cancelled */
GHashTable *
msvis_input_files_exist_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == msvis_input_files_exist_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
