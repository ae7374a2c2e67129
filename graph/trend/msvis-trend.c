// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-progress.h"
#include "msvis-reader-error.h"
#include "msvis-trend-private.h"

G_DEFINE_QUARK (msvis-trend-error-quark, msvis_trend_error)

/**
 * msvis_trend_load_mapping:
 *
 * Reads a mapping file (trend-2026 § 4), a JSON object of names to names.
 *
 * Returns: (transfer full): key, value, key, value, … in the object's order
 */
GPtrArray *
msvis_trend_load_mapping (const char  *path,
                          GError     **error)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func (g_free);
  MsvisJsonValue *root = msvis_json_value_parse_file (arena, file, NULL, error);

  if (root == NULL)
    return NULL;
  if (root->kind != MSVIS_JSON_OBJECT)
    {
      g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                   /* translators: a file path */
                   _("%s: a mapping file must be a JSON object of names"), path);
      return NULL;
    }
  msvis_json_value_foreach (member, root)
    {
      if (member->kind != MSVIS_JSON_STRING)
        {
          g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                       /* translators: a file path, then a key of the file */
                       _("%s: the value of “%s” is not a string"), path, member->key);
          return NULL;
        }
      g_ptr_array_add (pairs, g_strndup (member->key, member->key_len));
      g_ptr_array_add (pairs, g_strndup (member->s, member->n));
    }
  return g_steal_pointer (&pairs);
}

static void
say (MsvisTrendMessage  message,
     gpointer           user_data,
     char              *text)
{
  if (message != NULL)
    message (text, user_data);
  g_free (text);
}

/* One rank's file of one step, read on a worker of the pool; its rows go to the reading
 * side through a queue, in order, the end chunk last. */
typedef struct
{
  const MsvisTrendOptions *options;
  const MsvisTrendRank    *rank;
  const gint              *cancelled;
  GAsyncQueue             *chunks;
  gint64                   total;      /* micro steps of the file */
  gboolean                 has_data;
  GError                  *error;
} FileJob;

static void
deliver_chunk (MsvisTrendChunk *chunk,
               gpointer         user_data)
{
  g_async_queue_push (((FileJob *)user_data)->chunks, chunk);
}

static void
read_job (gpointer data,
          gpointer user_data)
{
  FileJob *job = data;
  g_autofree char *dump = g_build_filename (job->rank->dir, "dump.json", NULL);
  MsvisTrendMicro micro = { 0 };
  gboolean micro_step = job->options->micro_step;

  job->total = 1;
  if (micro_step)
    {
      g_autofree char *construct = g_build_filename (job->rank->dir, "construct.json", NULL);

      if (!msvis_trend_micro_read (construct, &micro, &job->error))
        {
          msvis_trend_micro_clear (&micro);
          g_async_queue_push (job->chunks, msvis_trend_chunk_new (TRUE));
          return;
        }
      job->total = micro.total;
    }
  /* everything the reading side looks at is set before the end chunk goes */
  msvis_trend_process_file (dump, micro_step ? &micro : NULL, job->options->mapping,
                            deliver_chunk, job, job->cancelled, &job->has_data, &job->error);
  msvis_trend_micro_clear (&micro);
}

static gboolean
replay_chunk (MsvisTrendDb     *db,
              FileJob          *job,
              gint64            start,
              MsvisTrendChunk  *chunk,
              GError          **error)
{
  for (guint i = 0; i < chunk->records->len; i++)
    {
      MsvisTrendRecord *r = &g_array_index (chunk->records, MsvisTrendRecord, i);

      if (r->target == NULL)
        {
          if (!msvis_trend_db_flush (db, error))
            return FALSE;
        }
      else
        msvis_trend_db_add_row (db, job->rank->rank, start + r->micro, r->metric, r->target,
                                r->index, r->values, r->nulls);
    }
  return TRUE;
}

/* The rows of one file into the database, in file order, then msprobe's end-of-file flush. */
static gboolean
replay (MsvisTrendDb  *db,
        FileJob       *job,
        gint64         start,
        GError       **error)
{
  g_autofree char *dump = NULL;

  for (;;)
    {
      MsvisTrendChunk *chunk = g_async_queue_pop (job->chunks);
      gboolean ok = chunk->records == NULL || replay_chunk (db, job, start, chunk, error);
      gboolean end = chunk->records == NULL;

      msvis_trend_chunk_free (chunk);
      if (!ok)
        return FALSE;
      if (end)
        break;
    }
  if (job->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&job->error));
      return FALSE;
    }
  if (job->options->micro_step && !job->has_data)
    {
      dump = g_build_filename (job->rank->dir, "dump.json", NULL);
      g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                   /* translators: a file path */
                   _("%s: “data” is not an object, so the file has no micro steps to count "
                     "(msprobe fails here; --micro_step false skips the file)"), dump);
      return FALSE;
    }
  return msvis_trend_db_flush (db, error);
}

static void
file_job_clear (gpointer data)
{
  FileJob *job = data;
  MsvisTrendChunk *chunk;

  while ((chunk = g_async_queue_try_pop (job->chunks)) != NULL)
    msvis_trend_chunk_free (chunk);
  g_async_queue_unref (job->chunks);
  g_clear_error (&job->error);
}

/* What tells a reading thread to stop: pushed once per thread after the last file. */
static char no_more_files;

static gpointer
reader_main (gpointer data)
{
  GAsyncQueue *todo = data;
  FileJob *job;

  while ((job = g_async_queue_pop (todo)) != (gpointer) &no_more_files)
    if (!g_atomic_int_get (job->cancelled))
      read_job (job, NULL);
  return NULL;
}

/* Files are read on all cores a few ahead of the database, which takes them in msprobe's
 * order (steps ascending, ranks in § 2.1 order), since ids depend on it. */
static gboolean
import_files (MsvisTrendDb             *db,
              const MsvisTrendOptions  *options,
              GArray                   *steps,
              gint64                   *max_rank,
              gint64                   *offset,
              GError                  **error)
{
  g_autoptr(GArray) jobs = g_array_new (FALSE, TRUE, sizeof (FileJob));
  guint window = MAX (2, g_get_num_processors ()), next = 0, k = 0;
  /* Threads of its own, joined at the end: a GThreadPool's threads outlive its free (they
   * were still exiting when LeakSanitizer looked, while fuzzing). */
  g_autoptr(GAsyncQueue) todo = g_async_queue_new ();
  g_autoptr(GPtrArray) readers = g_ptr_array_new ();
  gint cancelled = 0;
  gboolean ok = TRUE;

  g_array_set_clear_func (jobs, file_job_clear);
  for (guint i = 0; i < window; i++)
    g_ptr_array_add (readers, g_thread_new ("msvis-trend-read", reader_main, todo));
  for (guint s = 0; s < steps->len; s++)
    {
      MsvisTrendStep *step = &g_array_index (steps, MsvisTrendStep, s);

      for (guint r = 0; r < step->ranks->len; r++)
        {
          FileJob job = { options, &g_array_index (step->ranks, MsvisTrendRank, r), &cancelled,
                          g_async_queue_new (), 1, FALSE, NULL };

          g_array_append_val (jobs, job);
        }
    }
  for (guint s = 0; ok && s < steps->len; s++)
    {
      MsvisTrendStep *step = &g_array_index (steps, MsvisTrendStep, s);
      gint64 step_total = 0, start = options->micro_step ? *offset : step->step;

      for (guint r = 0; ok && r < step->ranks->len; r++, k++)
        {
          FileJob *job = &g_array_index (jobs, FileJob, k);

          for (; next < jobs->len && next < k + window; next++)
            g_async_queue_push (todo, &g_array_index (jobs, FileJob, next));
          if (g_cancellable_set_error_if_cancelled (options->cancellable, error))
            {
              ok = FALSE;
              break;
            }
          ok = replay (db, job, start, error);
          if (options->progress != NULL)
            msvis_progress_set_fraction (options->progress, (k + 1.) / jobs->len);
          *max_rank = MAX (*max_rank, job->rank->rank);
          step_total = MAX (step_total, job->total);
        }
      *offset = options->micro_step ? *offset + step_total : step->step;
    }
  g_atomic_int_set (&cancelled, !ok);
  for (guint i = 0; i < readers->len; i++)
    g_async_queue_push (todo, &no_more_files);
  for (guint i = 0; i < readers->len; i++)
    g_thread_join (g_ptr_array_index (readers, i));
  return ok;
}

/**
 * msvis_trend_import_dump:
 * @written: (out): the database written, or %NULL when no dump was found (not an error)
 *
 * msprobe's import_dump (trend-2026 § 1.2): every (step, rank) dump.json of
 * @options->data_dir into `dump_data.trend.db` in @options->db_dir, replacing one there.
 */
gboolean
msvis_trend_import_dump (const MsvisTrendOptions  *options,
                         char                    **written,
                         MsvisTrendMessage         message,
                         gpointer                  user_data,
                         GError                  **error)
{
  g_autoptr(GArray) steps = NULL;
  g_autoptr(MsvisTrendDb) db = NULL;
  g_autofree char *path = g_build_filename (options->db_dir, MSVIS_TREND_DUMP_DB, NULL);
  gboolean found_step;
  gint64 offset = 0, max_rank = 0, min_step, max_step;

  *written = NULL;
  steps = msvis_trend_scan (options->data_dir, &found_step, message, user_data, error);
  if (steps == NULL)
    return FALSE;
  if (steps->len == 0)
    {
      say (message, user_data,
           g_strdup_printf (_("No valid dump data discovered in: %s, dump import skipped."),
                            options->data_dir));
      return TRUE;
    }
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    say (message, user_data,
         g_strdup_printf (_("Existing database will be replaced: %s"), path));
  db = msvis_trend_db_new (path, error);
  if (db == NULL)
    return FALSE;

  if (!import_files (db, options, steps, &max_rank, &offset, error))
    return FALSE;
  min_step = options->micro_step ? 0 : g_array_index (steps, MsvisTrendStep, 0).step;
  max_step = options->micro_step ? offset - 1
                                 : g_array_index (steps, MsvisTrendStep, steps->len - 1).step;
  if (!msvis_trend_db_commit (db, max_rank, min_step, max_step, error))
    return FALSE;
  *written = g_steal_pointer (&path);
  return TRUE;
}
