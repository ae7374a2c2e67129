// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-compare-error.h"
#include "msvis-match-db26-private.h"
#include "msvis-match-session.h"
#include "msvis-safe-file.h"
#include "msvis-vis-db-probe.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-db-writer.h"

/* Saving what a match session changed: the whole file again, under a temporary name beside
 * it, renamed over the original only once complete (msvis-safe-file). */

static gboolean
write_document (MsvisVisDocument  *doc,
                GPtrArray         *pairs,
                GOutputStream     *stream,
                GCancellable      *cancellable,
                GError           **error)
{
  MsvisVisOptions options = { .overflow_check = msvis_vis_document_get_overflow_check (doc) };
  MsvisVisCompare compare;

  msvis_vis_document_get_compare (doc, &compare);
  compare.manual_matches = pairs;
  return msvis_vis_write_compare (msvis_vis_document_get_npu (doc), &compare, &options, stream,
                                  cancellable, error);
}

/**
 * msvis_match_session_save_vis:
 * @file: a local .vis; the one the document was read from, or a new one
 * @replace: whether an existing file may be replaced (the user said so)
 *
 * Writes the compare as `msvis graph` writes it, with the links, metrics and indices as they
 * are now, plus npu_match_nodes and bench_match_nodes as tb_graph_ascend saves them (§6.5).
 * Node data not read yet is read first, so the original may be the file replaced.
 */
gboolean
msvis_match_session_save_vis (MsvisMatchSession  *self,
                              GFile              *file,
                              gboolean            replace,
                              GCancellable       *cancellable,
                              GError            **error)
{
  MsvisVisDocument *doc = msvis_match_session_get_document (self);
  /* Nothing may load node data on another thread while it is all read here. */
  g_autoptr(GRecMutexLocker) locker = msvis_vis_document_lock (doc);
  g_autoptr(GPtrArray) pairs = msvis_match_session_get_pairs (self);
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(MsvisSafeFile) out = NULL;

  if (path == NULL)
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   /* translators: a file name or address */
                   _("%s: matches are saved to local files only"), name);
      return FALSE;
    }
  if (!msvis_vis_document_ensure_all_data (doc, cancellable, error))
    return FALSE;
  out = msvis_safe_file_new_full (path, 0640,
                                  replace ? MSVIS_SAFE_FILE_REPLACE : MSVIS_SAFE_FILE_DEFAULT,
                                  error);
  return out != NULL &&
         write_document (doc, pairs, msvis_safe_file_get_stream (out), cancellable, error) &&
         msvis_safe_file_commit (out, error);
}

static gboolean
is_edited (MsvisVisDocument         *doc,
           const MsvisVisDbGraphKey *key)
{
  return key->step == msvis_vis_document_get_step (doc) &&
         key->rank == msvis_vis_document_get_rank (doc);
}

/**
 * msvis_match_session_save_vis_db:
 * @source_path: the .vis.db the document was loaded from; its other steps and ranks are
 *   copied
 * @path: where to write; @source_path itself, or a new file
 *
 * A .vis.db holds every step and rank of a run: all of them are written again into a new
 * database, the edited one from the session, and it takes @path's name when complete. A
 * mindstudio-probe 26.0.0 file has the rows of the changed pairs updated instead, as its
 * viewer updates them.
 */
gboolean
msvis_match_session_save_vis_db (MsvisMatchSession  *self,
                                 const char         *source_path,
                                 const char         *path,
                                 gboolean            replace,
                                 GCancellable       *cancellable,
                                 GError            **error)
{
  MsvisVisDocument *doc = msvis_match_session_get_document (self);
  /* Nothing may load node data on another thread while it is all read here. */
  g_autoptr(GRecMutexLocker) locker = msvis_vis_document_lock (doc);
  g_autoptr(MsvisVisDb) db = NULL;
  g_autoptr(GArray) keys = NULL;
  g_autoptr(MsvisVisDbWriter) writer = NULL;
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  MsvisVisOptions options = { .replace = replace };
  MsvisVisDbProbe probe;
  gboolean found = FALSE;

  /* A -wal beside the target belongs to a program that has it open: SQLite would replay it
   * into the new file. */
  if (g_file_test (wal, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                   /* translators: a file name */
                   _("%s is open in another program (it has a -wal file): close it first"),
                   path);
      return FALSE;
    }
  if (!msvis_vis_db_probe (source_path, MSVIS_VIS_DB_PROBE_DEFAULT, &probe, error))
    return FALSE;
  if (msvis_vis_db_probe_is_2026_compare (&probe))
    return _msvis_match_session_save_2026 (self, source_path, path, replace, error);
  if ((db = msvis_vis_db_open (source_path, error)) == NULL ||
      (keys = msvis_vis_db_list_graphs (db, NULL, error)) == NULL ||
      !msvis_vis_document_ensure_all_data (doc, cancellable, error))
    return FALSE;

  options.overflow_check = msvis_vis_db_get_overflow_check (db);
  if ((writer = msvis_vis_db_writer_new (path, &options, error)) == NULL)
    return FALSE;

  for (guint i = 0; i < keys->len; i++)
    {
      const MsvisVisDbGraphKey *key = &g_array_index (keys, MsvisVisDbGraphKey, i);
      g_autoptr(MsvisVisDocument) other = NULL;
      MsvisVisDocument *each = doc;
      MsvisVisCompare compare;

      if (!is_edited (doc, key))
        {
          other = msvis_vis_db_load (db, key->step, key->rank, cancellable, error);
          if (other == NULL || !msvis_vis_document_ensure_all_data (other, cancellable, error))
            return FALSE;
          each = other;
        }
      else
        found = TRUE;
      msvis_vis_document_get_compare (each, &compare);
      if (!msvis_vis_db_writer_add (writer, msvis_vis_document_get_npu (each),
                                    msvis_vis_document_is_compare (each) ? &compare : NULL,
                                    key->step, key->rank, cancellable, error))
        return FALSE;
    }
  if (!found)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                   /* translators: a file name, then two numbers */
                   _("%s has no graph of step %d and rank %d any more"), source_path,
                   msvis_vis_document_get_step (doc), msvis_vis_document_get_rank (doc));
      return FALSE;
    }
  return msvis_vis_db_writer_commit (writer, error);
}
