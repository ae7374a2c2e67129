// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-json-value.h"
#include "msvis-json-writer.h"
#include "msvis-reader-error.h"
#include "msvis-safe-file.h"
#include "msvis-vis-config.h"

static void
pair_free (gpointer data)
{
  MsvisMatchPair *pair = data;

  g_free (pair->npu);
  g_free (pair->bench);
  g_free (pair);
}

/**
 * msvis_match_pairs_new:
 *
 * Returns: (transfer full) (element-type MsvisMatchPair): an empty list of matches
 */
GPtrArray *
msvis_match_pairs_new (void)
{
  return g_ptr_array_new_with_free_func (pair_free);
}

void
msvis_match_pairs_add (GPtrArray  *pairs,
                       const char *npu,
                       const char *bench)
{
  MsvisMatchPair *pair = g_new (MsvisMatchPair, 1);

  pair->npu = g_strdup (npu);
  pair->bench = g_strdup (bench);
  g_ptr_array_add (pairs, pair);
}

/**
 * msvis_vis_config_read:
 *
 * Returns: (transfer full) (element-type MsvisMatchPair): the matches in file order; a name
 *   given twice keeps its last match, as Python's dict does
 */
GPtrArray *
msvis_vis_config_read (GFile   *file,
                       GError **error)
{
  MsvisArena *arena = msvis_arena_new ();
  MsvisJsonValue *root = msvis_json_value_parse_file (arena, file, NULL, error);
  GPtrArray *pairs = NULL;

  if (root == NULL)
    goto out;

  if (root->kind != MSVIS_JSON_OBJECT)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: %s is a file name */
                   _("%s: a .vis.config holds one object of NPU node names and the Bench "
                     "node names they match"), name);
      goto out;
    }

  pairs = msvis_match_pairs_new ();
  for (const MsvisJsonValue *member = root->first; member != NULL; member = member->next)
    {
      g_autofree char *npu = g_strndup (member->key, member->key_len);

      if (member->kind != MSVIS_JSON_STRING || memchr (member->s, '\0', member->n) != NULL)
        {
          g_autofree char *name = g_file_get_parse_name (file);

          g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                       /* translators: a file name, then a node name */
                       _("%s: the match of “%s” is not a node name"), name, npu);
          g_clear_pointer (&pairs, g_ptr_array_unref);
          goto out;
        }
      /* Duplicate keys: the JSON reader kept the last value in the first place. */
      msvis_match_pairs_add (pairs, npu, member->s);
    }

out:
  msvis_arena_free (arena);
  return pairs;
}

static GBytes *
format_pairs (GPtrArray *pairs)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(MsvisJsonWriter) writer = msvis_json_writer_new (stream, 4, NULL);

  msvis_json_writer_begin_object (writer);
  for (guint i = 0; i < pairs->len; i++)
    {
      const MsvisMatchPair *pair = g_ptr_array_index (pairs, i);

      msvis_json_writer_key (writer, pair->npu);
      msvis_json_writer_string (writer, pair->bench);
    }
  msvis_json_writer_end_object (writer);
  if (!msvis_json_writer_finish (writer, NULL) || !g_output_stream_close (stream, NULL, NULL))
    g_assert_not_reached ();   /* memory streams do not fail */

  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (stream));
}

/**
 * msvis_vis_config_write:
 * @pairs: (element-type MsvisMatchPair): the matches
 * @replace: whether an existing file may be replaced (the user was asked)
 *
 * Writes the file whole or not at all; without @replace an existing file is an error.
 */
gboolean
msvis_vis_config_write (GFile      *file,
                        GPtrArray  *pairs,
                        gboolean    replace,
                        GError    **error)
{
  g_autoptr(GBytes) bytes = format_pairs (pairs);
  g_autoptr(MsvisSafeFile) out = NULL;
  g_autofree char *path = NULL;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  path = g_file_get_path (file);
  if (path == NULL && replace)
    return g_file_replace_contents (file, data, length, NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                    NULL, error);
  if (path == NULL)
    {
      /* A remote file: g_file_create() refuses to replace, as the safe file does. */
      g_autoptr(GFileOutputStream) remote = g_file_create (file, G_FILE_CREATE_NONE, NULL,
                                                           error);

      return remote != NULL &&
             g_output_stream_write_all (G_OUTPUT_STREAM (remote), data, length, NULL, NULL,
                                        error) &&
             g_output_stream_close (G_OUTPUT_STREAM (remote), NULL, error);
    }
  /* A local file is replaced whole by a rename, never written through a symbolic link
   * (g_file_replace_contents() would write into what the link leads to). */
  out = msvis_safe_file_new_full (path, 0640,
                                  replace ? MSVIS_SAFE_FILE_REPLACE : MSVIS_SAFE_FILE_DEFAULT,
                                  error);
  return out != NULL &&
         g_output_stream_write_all (msvis_safe_file_get_stream (out), data, length, NULL, NULL,
                                    error) &&
         msvis_safe_file_commit (out, error);
}

static void
read_worker (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GError *error = NULL;
  GPtrArray *pairs = msvis_vis_config_read (task_data, &error);

  if (pairs == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, pairs, (GDestroyNotify) g_ptr_array_unref);
}

/* msvis_vis_config_read() on a worker: the window never reads a file on its own thread. */
void
msvis_vis_config_read_async (GFile               *file,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, msvis_vis_config_read_async);
  g_task_set_name (task, "[msvis] read .vis.config");
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, read_worker);
}

/* Returns: (transfer full) (element-type MsvisMatchPair): the pairs, or %NULL with @error */
GPtrArray *
msvis_vis_config_read_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == msvis_vis_config_read_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
