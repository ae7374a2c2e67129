// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-export-async.h"
#include "msvis-report-job.h"

typedef struct
{
  MsvisExportScene   *scene;    /* a picture, else the report of doc */
  MsvisVisDocument   *doc;
  char               *name;
  char               *path;
  MsvisExportFormat   format;
  MsvisSafeFileFlags  flags;
} WriteJob;

static void
write_job_free (gpointer data)
{
  WriteJob *job = data;

  g_clear_pointer (&job->scene, msvis_export_scene_free);
  g_clear_pointer (&job->doc, msvis_vis_document_unref);
  g_free (job->name);
  g_free (job->path);
  g_free (job);
}

static void
write_worker (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  WriteJob *job = task_data;
  GError *error = NULL;
  gboolean ok = job->scene != NULL
    ? msvis_export_scene_write (job->scene, job->path, job->format, job->flags, cancellable,
                                &error)
    : msvis_report_job_write (job->doc, job->name, job->path, job->flags, cancellable, &error);

  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
start (WriteJob            *job,
       GCancellable        *cancellable,
       GAsyncReadyCallback  callback,
       gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);

  g_task_set_source_tag (task, msvis_export_write_finish);
  g_task_set_name (task, "[msvis] export");
  g_task_set_task_data (task, job, write_job_free);
  g_task_run_in_thread (task, write_worker);
}

/**
 * msvis_export_write_picture_async:
 * @scene: (transfer full): what to draw; its layouts are the worker's from now on
 */
void
msvis_export_write_picture_async (MsvisExportScene    *scene,
                                  const char          *path,
                                  MsvisExportFormat    format,
                                  MsvisSafeFileFlags   flags,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  WriteJob *job = g_new0 (WriteJob, 1);

  job->scene = scene;
  job->path = g_strdup (path);
  job->format = format;
  job->flags = flags;
  start (job, cancellable, callback, user_data);
}

/* The report of @doc (.md, .html or .csv, by @path's end); @name is the result's file name. */
void
msvis_export_write_report_async (MsvisVisDocument    *doc,
                                 const char          *name,
                                 const char          *path,
                                 MsvisSafeFileFlags   flags,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  WriteJob *job = g_new0 (WriteJob, 1);

  job->doc = msvis_vis_document_ref (doc);
  job->name = g_strdup (name);
  job->path = g_strdup (path);
  job->flags = flags;
  start (job, cancellable, callback, user_data);
}

gboolean
msvis_export_write_finish (GAsyncResult  *result,
                           GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == msvis_export_write_finish,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
