// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-reader-error.h"
#include "msvis-vis-open.h"

typedef struct
{
  GFile            *file;
  MsvisVisSource   *source;
  MsvisVisGraphKey  key;
  gboolean          first;      /* no key: the first graph the source holds */
  MsvisProgress    *progress;
  MsvisVisDocument *document;   /* the result */
} OpenJob;

static void
open_job_free (gpointer data)
{
  OpenJob *job = data;

  g_clear_object (&job->file);
  g_clear_pointer (&job->source, msvis_vis_source_unref);
  g_clear_pointer (&job->progress, msvis_progress_unref);
  g_clear_pointer (&job->document, msvis_vis_document_unref);
  g_free (job);
}

static void
open_worker (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  OpenJob *job = task_data;
  GError *error = NULL;

  /* Listing a folder is quick next to reading a graph: it gets the first few per cent. */
  msvis_progress_push_range (job->progress, 0., 0.05);
  if (job->file != NULL && msvis_path_is_dump_dir (job->file))
    {
      g_autofree char *path = g_file_get_parse_name (job->file);

      g_task_return_new_error (task, MSVIS_READER_ERROR, MSVIS_READER_ERROR_DUMP_FOLDER,
                               /* translators: %s is a folder */
                               _("%s is a dump folder: build or compare it first"), path);
      return;
    }
  if (job->source == NULL &&
      !(job->source = msvis_vis_source_open (job->file, cancellable, &error)))
    {
      g_task_return_error (task, error);
      return;
    }
  msvis_progress_pop_range (job->progress);
  if (job->first)
    job->key = g_array_index (msvis_vis_source_get_graphs (job->source), MsvisVisGraphKey, 0);

  msvis_progress_push_range (job->progress, 0.05, 1.);
  job->document = msvis_vis_source_load_full (job->source, job->key, job->progress, cancellable,
                                              &error);
  if (job->document == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  msvis_progress_pop_range (job->progress);
  g_task_return_boolean (task, TRUE);
}

/**
 * msvis_vis_open_async:
 * @file: (nullable): a .vis, a .vis.db or a folder of results, when @source is %NULL
 * @source: (nullable): a source already open, to load another of its graphs
 * @key: (nullable): the step and rank to load; %NULL: the first the source holds
 * @progress: (nullable): set from the worker as the reading goes
 */
void
msvis_vis_open_async (GFile                  *file,
                      MsvisVisSource         *source,
                      const MsvisVisGraphKey *key,
                      MsvisProgress          *progress,
                      GCancellable           *cancellable,
                      GAsyncReadyCallback     callback,
                      gpointer                user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  OpenJob *job = g_new0 (OpenJob, 1);

  g_return_if_fail ((file == NULL) != (source == NULL));

  job->file = file != NULL ? g_object_ref (file) : NULL;
  job->source = source != NULL ? msvis_vis_source_ref (source) : NULL;
  job->first = key == NULL;
  if (key != NULL)
    job->key = *key;
  job->progress = progress != NULL ? msvis_progress_ref (progress) : NULL;
  g_task_set_source_tag (task, msvis_vis_open_async);
  g_task_set_name (task, "[msvis] open result");
  g_task_set_task_data (task, job, open_job_free);
  g_task_run_in_thread (task, open_worker);
}

/**
 * msvis_vis_open_finish:
 * @source: (out) (transfer full): the source the graph was loaded from
 * @document: (out) (transfer full): the graph
 *
 * Returns: %TRUE, or %FALSE with @error naming the file and the place;
 *   %MSVIS_READER_ERROR_DUMP_FOLDER when the file is a dump folder to build first
 */
gboolean
msvis_vis_open_finish (GAsyncResult      *result,
                       MsvisVisSource   **source,
                       MsvisVisDocument **document,
                       GError           **error)
{
  OpenJob *job;

  g_return_val_if_fail (G_IS_TASK (result), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == msvis_vis_open_async, FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  job = g_task_get_task_data (G_TASK (result));
  *source = msvis_vis_source_ref (job->source);
  *document = msvis_vis_document_ref (job->document);
  return TRUE;
}
