// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "msvis-dump-build.h"
#include "msvis-graph-job.h"
#include "msvis-json-writer.h"
#include "msvis-vis-source.h"

/* The window's way into msvis_graph_job_run(): the job wants a compare.json, so two folders
 * picked in a dialog become one in a private temporary folder for the length of the run. */

G_DEFINE_BOXED_TYPE (MsvisDumpBuildOptions, msvis_dump_build_options,
                     msvis_dump_build_options_copy, msvis_dump_build_options_free)

/* The job reports from the worker; the caller is told on its own main context, with at most
 * one idle pending however fast the messages come (style.md §3.6). Shared by the task and the
 * pending idle, hence refcounted (g_atomic_rc_box). */
typedef struct
{
  GMutex                  mutex;
  char                   *message;    /* the newest one not yet delivered */
  gboolean                pending;    /* an idle is attached and will deliver */
  gboolean                done;       /* the caller has its result: say nothing more */
  GMainContext           *context;
  MsvisDumpBuildProgress  func;
  gpointer                data;
} ProgressRelay;

typedef struct
{
  MsvisDumpBuildOptions *options;
  ProgressRelay         *relay;       /* nullable */
} BuildJob;

static void
progress_relay_clear (gpointer data)
{
  ProgressRelay *relay = data;

  g_mutex_clear (&relay->mutex);
  g_free (relay->message);
  g_main_context_unref (relay->context);
}

static void
progress_relay_release (gpointer relay)
{
  g_atomic_rc_box_release_full (relay, progress_relay_clear);
}

static void
progress_relay_stop (ProgressRelay *relay)
{
  g_mutex_lock (&relay->mutex);
  relay->done = TRUE;
  g_clear_pointer (&relay->message, g_free);
  g_mutex_unlock (&relay->mutex);
}

static gboolean
progress_relay_deliver_in_idle (gpointer data)
{
  ProgressRelay *relay = data;
  g_autofree char *message = NULL;
  gboolean done;

  g_mutex_lock (&relay->mutex);
  message = g_steal_pointer (&relay->message);
  relay->pending = FALSE;
  done = relay->done;
  g_mutex_unlock (&relay->mutex);

  /* finish () sets done on this same context, so it cannot turn TRUE before the call. */
  if (!done && message != NULL)
    relay->func (message, relay->data);

  return G_SOURCE_REMOVE;
}

/* MsvisGraphJobProgress, on the worker thread. */
static void
progress_relay_post (const char *message,
                     gpointer    user_data)
{
  ProgressRelay *relay = user_data;

  g_mutex_lock (&relay->mutex);
  g_free (relay->message);
  relay->message = g_strdup (message);
  if (!relay->pending && !relay->done)
    {
      g_autoptr(GSource) source = g_idle_source_new ();

      relay->pending = TRUE;
      g_source_set_priority (source, G_PRIORITY_LOW);
      g_source_set_static_name (source, "[msvis] dump build progress");
      g_source_set_callback (source, progress_relay_deliver_in_idle,
                             g_atomic_rc_box_acquire (relay), progress_relay_release);
      g_source_attach (source, relay->context);
    }
  g_mutex_unlock (&relay->mutex);
}

static void
build_job_free (BuildJob *job)
{
  /* The task is gone, so its callback has run: later idles must stay quiet. */
  if (job->relay != NULL)
    {
      progress_relay_stop (job->relay);
      progress_relay_release (job->relay);
    }
  msvis_dump_build_options_free (job->options);
  g_free (job);
}

/* A local path the job can be given, or an error that names @file. */
static char *
local_path (GFile   *file,
            GError **error)
{
  char *path = g_file_get_path (file);

  if (path == NULL || !g_utf8_validate (path, -1, NULL))
    {
      g_autofree char *name = g_file_get_parse_name (file);

      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   /* translators: %s is a file or folder the user picked */
                   _("%s: msvis can only read local files whose names are valid UTF-8"), name);
      g_free (path);
      return NULL;
    }

  return path;
}

static gboolean
check_folder (GFile         *dir,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autofree char *name = g_file_get_parse_name (dir);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;

  info = g_file_query_info (dir, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE,
                            cancellable, &local_error);
  if (info == NULL)
    {
      if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* translators: %s is a dump folder */
                   _("%s: no such folder"), name);
      return FALSE;
    }
  if (g_file_info_get_file_type (info) != G_FILE_TYPE_DIRECTORY)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                   /* translators: %s is what the user picked as a dump folder */
                   _("%s: not a folder; pick the folder that holds dump.json, or its rank or "
                     "step folders"), name);
      return FALSE;
    }

  return TRUE;
}

static void
append_member (GString     *json,
               const char  *key,
               const char  *value)
{
  msvis_json_append_escaped (json, key, strlen (key));
  g_string_append (json, ": ");
  msvis_json_append_escaped (json, value, strlen (value));
}

/* {"npu_path": …, "bench_path": …} in a new private folder; returns its compare.json. */
/* graph_visualize reads the folders themselves: they must be local folders. */
static gboolean
local_dirs (const MsvisDumpBuildOptions  *options,
            GCancellable                 *cancellable,
            GError                      **error)
{
  GFile *dirs[] = { options->npu_dir, options->bench_dir };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *path = NULL;

      if (dirs[i] != NULL &&
          (!check_folder (dirs[i], cancellable, error) || !(path = local_path (dirs[i], error))))
        return FALSE;
    }
  return TRUE;
}

static char *
write_config (const MsvisDumpBuildOptions  *options,
              char                        **tmp_dir,
              GCancellable                 *cancellable,
              GError                      **error)
{
  g_autoptr(GString) json = g_string_new ("{");
  g_autofree char *npu = NULL;
  g_autofree char *bench = NULL;
  g_autofree char *path = NULL;

  if (!check_folder (options->npu_dir, cancellable, error) ||
      !(npu = local_path (options->npu_dir, error)))
    return NULL;
  if (options->bench_dir != NULL &&
      (!check_folder (options->bench_dir, cancellable, error) ||
       !(bench = local_path (options->bench_dir, error))))
    return NULL;

  append_member (json, "npu_path", npu);
  if (bench != NULL)
    {
      g_string_append (json, ", ");
      append_member (json, "bench_path", bench);
    }
  g_string_append (json, "}");

  /* g_dir_make_tmp () makes it 0700: nobody else can swap the file under the job. */
  *tmp_dir = g_dir_make_tmp ("msvis-build-XXXXXX", error);
  if (*tmp_dir == NULL)
    return NULL;
  path = g_build_filename (*tmp_dir, "compare.json", NULL);
  if (!g_file_set_contents (path, json->str, json->len, error))
    return NULL;

  return g_steal_pointer (&path);
}

static void
remove_config (char *tmp_dir)
{
  g_autofree char *path = NULL;

  if (tmp_dir == NULL)
    return;
  path = g_build_filename (tmp_dir, "compare.json", NULL);
  g_unlink (path);
  if (g_rmdir (tmp_dir) != 0 && errno != ENOENT)
    g_debug ("could not remove %s: %s", tmp_dir, g_strerror (errno));
}

static GFile *
run_job (const MsvisDumpBuildOptions  *options,
         const char                   *config_path,
         ProgressRelay                *relay,
         GCancellable                 *cancellable,
         GError                      **error)
{
  g_autofree char *output_dir = local_path (options->output_dir, error);
  g_autoptr(GPtrArray) written = NULL;
  gboolean merged_dump = FALSE;
  GFile *result;
  MsvisGraphJob job = {
    .config_path = (char *)config_path,
    .output_dir = output_dir,
    .overflow_check = options->overflow_check,
    .fuzzy_match = options->fuzzy_match,
    .layer_mapping = options->layer_mapping,
    .format = MSVIS_GRAPH_JOB_FORMAT_DB,
    .merged_dump_out = &merged_dump,
  };

  if (output_dir == NULL)
    return NULL;
  if (config_path == NULL)
    {
      job.era = MSVIS_ERA_2026;
      job.npu_path = g_file_get_path (options->npu_dir);
      job.bench_path = options->bench_dir ? g_file_get_path (options->bench_dir) : NULL;
    }
  written = msvis_graph_job_run (&job, relay ? progress_relay_post : NULL, relay,
                                 cancellable, error);
  g_free (job.npu_path);
  g_free (job.bench_path);
  if (written == NULL)
    return NULL;

  /* With --format db the one database is the last (and only) path. */
  g_assert (written->len > 0);
  result = g_file_new_for_path (g_ptr_array_index (written, written->len - 1));
  if (merged_dump)
    g_object_set_data (G_OBJECT (result), MSVIS_VIS_SOURCE_MERGED_DUMP, GINT_TO_POINTER (TRUE));
  return result;
}

static GFile *
build (const MsvisDumpBuildOptions  *options,
       ProgressRelay                *relay,
       GCancellable                 *cancellable,
       GError                      **error)
{
  g_autofree char *tmp_dir = NULL;
  g_autofree char *config_path = NULL;
  g_autoptr(GFile) result = NULL;
  /* graph_visualize reads the folders themselves; msprobe 2025 took a compare.json. */
  gboolean folders_direct = options->config_file == NULL && options->era == MSVIS_ERA_2026;
  gboolean ready;

  if (folders_direct)
    ready = local_dirs (options, cancellable, error);
  else if (options->config_file != NULL)
    ready = (config_path = local_path (options->config_file, error)) != NULL;
  else
    ready = (config_path = write_config (options, &tmp_dir, cancellable, error)) != NULL;

  if (ready)
    result = run_job (options, config_path, relay, cancellable, error);
  remove_config (tmp_dir);

  /* Cancelled after the job committed: take the file back, as if it had stopped in time. */
  if (result != NULL && g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      g_debug ("cancelled after %s was written: removed", g_file_peek_path (result));
      g_file_delete (result, NULL, NULL);
      g_clear_object (&result);
    }
  return g_steal_pointer (&result);
}

/**
 * msvis_dump_build_run:
 *
 * The blocking form of msvis_dump_build_async(), for the headless commands.
 *
 * Returns: (transfer full): the .vis.db written
 */
GFile *
msvis_dump_build_run (const MsvisDumpBuildOptions  *options,
                      GCancellable                 *cancellable,
                      GError                      **error)
{
  return build (options, NULL, cancellable, error);
}

static void
msvis_dump_build_worker (GTask        *task,
                         gpointer      source_object,
                         gpointer      task_data,
                         GCancellable *cancellable)
{
  BuildJob *job = task_data;
  GError *error = NULL;
  GFile *result = build (job->options, job->relay, cancellable, &error);

  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, g_object_unref);
}

/**
 * msvis_dump_build_async:
 * @options: what to build; copied
 * @cancellable: (nullable): stops the run; it then ends as %G_IO_ERROR_CANCELLED and leaves
 *   no file behind
 * @progress: (nullable): told what the run is doing, on the thread-default main context of
 *   the caller, never after @callback has run
 * @callback: called on the thread-default main context of the caller
 *
 * Runs `msvis graph --format db` on a worker thread.
 */
void
msvis_dump_build_async (const MsvisDumpBuildOptions *options,
                        GCancellable                *cancellable,
                        MsvisDumpBuildProgress       progress,
                        gpointer                     progress_data,
                        GAsyncReadyCallback          callback,
                        gpointer                     user_data)
{
  g_autoptr(GTask) task = NULL;
  BuildJob *job;

  g_return_if_fail (options != NULL);
  g_return_if_fail (G_IS_FILE (options->npu_dir) || G_IS_FILE (options->config_file));
  g_return_if_fail (G_IS_FILE (options->output_dir));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  job = g_new0 (BuildJob, 1);
  job->options = msvis_dump_build_options_copy (options);
  if (progress != NULL)
    {
      job->relay = g_atomic_rc_box_new0 (ProgressRelay);
      g_mutex_init (&job->relay->mutex);
      job->relay->context = g_main_context_ref_thread_default ();
      job->relay->func = progress;
      job->relay->data = progress_data;
    }

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, msvis_dump_build_async);
  g_task_set_name (task, "[msvis] build dumps");
  g_task_set_task_data (task, job, (GDestroyNotify)build_job_free);
  /* finish () checks the cancellable itself, so that it can remove a finished file. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_run_in_thread (task, msvis_dump_build_worker);
}

/**
 * msvis_dump_build_finish:
 *
 * Returns: (transfer full): the .vis.db written, or %NULL with @error set
 */
GFile *
msvis_dump_build_finish (GAsyncResult  *result,
                         GError       **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) local_error = NULL;
  BuildJob *job;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == msvis_dump_build_async, NULL);

  job = g_task_get_task_data (G_TASK (result));
  if (job->relay != NULL)
    progress_relay_stop (job->relay);

  file = g_task_propagate_pointer (G_TASK (result), &local_error);
  /* A run cancelled while its result was on the way to us still ends as cancelled. */
  if (g_cancellable_set_error_if_cancelled (g_task_get_cancellable (G_TASK (result)), error))
    {
      if (file != NULL)
        {
          g_debug ("cancelled while %s was on its way: removed", g_file_peek_path (file));
          g_file_delete (file, NULL, NULL);
        }
      return NULL;
    }
  if (file == NULL)
    g_propagate_error (error, g_steal_pointer (&local_error));

  return g_steal_pointer (&file);
}

/**
 * msvis_dump_build_default_output_dir:
 *
 * Returns: (transfer full): $XDG_CACHE_HOME/msvis/results, created (mode 0700) if it was not
 *   there; when it cannot be created, the run that writes there says why
 */
GFile *
msvis_dump_build_default_output_dir (void)
{
  g_autofree char *path = g_build_filename (g_get_user_cache_dir (), "msvis", "results", NULL);

  if (g_mkdir_with_parents (path, 0700) != 0)
    g_debug ("could not create %s: %s", path, g_strerror (errno));

  return g_file_new_for_path (path);
}

MsvisDumpBuildOptions *
msvis_dump_build_options_new (void)
{
  return g_new0 (MsvisDumpBuildOptions, 1);
}

MsvisDumpBuildOptions *
msvis_dump_build_options_copy (const MsvisDumpBuildOptions *options)
{
  MsvisDumpBuildOptions *copy;

  g_return_val_if_fail (options != NULL, NULL);

  copy = g_new0 (MsvisDumpBuildOptions, 1);
  *copy = *options;
  copy->npu_dir = options->npu_dir ? g_object_ref (options->npu_dir) : NULL;
  copy->bench_dir = options->bench_dir ? g_object_ref (options->bench_dir) : NULL;
  copy->config_file = options->config_file ? g_object_ref (options->config_file) : NULL;
  copy->layer_mapping = g_strdup (options->layer_mapping);
  copy->output_dir = options->output_dir ? g_object_ref (options->output_dir) : NULL;

  return copy;
}

void
msvis_dump_build_options_free (MsvisDumpBuildOptions *options)
{
  if (options == NULL)
    return;

  g_clear_object (&options->npu_dir);
  g_clear_object (&options->bench_dir);
  g_clear_object (&options->config_file);
  g_free (options->layer_mapping);
  g_clear_object (&options->output_dir);
  g_free (options);
}
