// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "msvis-cleanup.h"
#include "msvis-compare-error.h"
#include "msvis-distributed.h"
#include "msvis-dump-layout.h"
#include "msvis-graph-builder.h"
#include "msvis-compare-job.h"
#include "msvis-job-run.h"
#include "msvis-merge-job.h"
#include "msvis-overflow.h"
#include "msvis-safe-file.h"
#include "msvis-vis-writer.h"

/* msprobe's graph_service for builds: one .vis per dump directory, ranks of a step linked by
 * the distributed analyzer. Every file goes to a temporary name first and all of them are
 * renamed only when the whole run succeeded, so a failure leaves nothing behind. */

static gboolean
build_ranks (Run         *run,
             GFile       *dir,
             const char  *step,
             GError     **error)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GArray) results = NULL;

  /* A merge counts every entry as a rank (msprobe-2026.md §1.3): it lists them itself. */
  if (run->parallel_merge != NULL)
    return msvis_job_merge_build (run, dir, step, error);
  names = msvis_dump_layout_list_ranks (dir, run->cancellable, error);
  if (names == NULL)
    return FALSE;

  results = g_array_new (FALSE, TRUE, sizeof (RankGraph));
  g_array_set_clear_func (results, msvis_job_rank_graph_clear);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autoptr(GFile) rank_dir = g_file_get_child (dir, name);
      RankGraph rg = { g_strdup (name), msvis_dump_layout_rank_number (name), NULL };

      msvis_job_say_building (run, rank_dir);
      rg.graph = msvis_job_build_one (run, rank_dir, FALSE, NULL, NULL, error);
      if (rg.graph == NULL)
        {
          g_free (rg.rank_dir);
          return FALSE;
        }
      g_array_append_val (results, rg);
    }

  msvis_job_link_ranks (run, results);

  for (guint i = 0; i < results->len; i++)
    {
      RankGraph *rg = &g_array_index (results, RankGraph, i);
      g_autofree char *name = step
        ? g_strdup_printf ("build_%s_%s_%s.vis", step, rg->rank_dir, run->timestamp)
        : g_strdup_printf ("build_%s_%s.vis", rg->rank_dir, run->timestamp);

      /* "stepN" and "rankN" both have their number after four letters. */
      if (!msvis_job_write_vis (run, rg->graph, NULL, name,
                                step ? msvis_dump_layout_rank_number (step) : 0, rg->rank, error))
        return FALSE;
    }

  return TRUE;
}

static gboolean
build_steps (Run     *run,
             GFile   *dir,
             GError **error)
{
  g_autoptr(GPtrArray) steps = msvis_dump_layout_list (dir, "step", run->cancellable, error);

  if (steps == NULL)
    return FALSE;
  /* The listing is in byte order already, which is Python's sorted(). */

  for (guint i = 0; i < steps->len; i++)
    {
      const char *step = g_ptr_array_index (steps, i);
      g_autoptr(GFile) step_dir = g_file_get_child (dir, step);

      if (!build_ranks (run, step_dir, step, error))
        return FALSE;
    }

  return TRUE;
}

static gboolean
build (Run     *run,
       GFile   *npu,
       GError **error)
{
  MsvisDumpLayout layout;

  if (!msvis_dump_layout_detect (npu, &layout, run->cancellable, error))
    return FALSE;

  switch (layout)
    {
    case MSVIS_DUMP_LAYOUT_FILES:
      {
        g_autoptr(MsvisGraph) graph = NULL;
        g_autofree char *name = NULL;

        msvis_job_say_building (run, npu);
        graph = msvis_job_build_one (run, npu, FALSE, NULL, NULL, error);
        if (graph == NULL)
          return FALSE;
        name = g_strdup_printf ("build_%s.vis", run->timestamp);
        return msvis_job_write_vis (run, graph, NULL, name, 0, 0, error);
      }
    case MSVIS_DUMP_LAYOUT_RANKS:
      return build_ranks (run, npu, NULL, error);
    case MSVIS_DUMP_LAYOUT_STEPS:
    default:
      return build_steps (run, npu, error);
    }
}

static GFile *
resolve_dump_path (const char *value,
                   const char *config_path)
{
  g_autofree char *config_dir = NULL;
  g_autofree char *beside = NULL;

  /* msprobe resolves relative paths against the working directory; a compare.json kept next
   * to its dumps is understood too. */
  if (g_path_is_absolute (value) || g_file_test (value, G_FILE_TEST_EXISTS))
    return g_file_new_for_commandline_arg (value);

  config_dir = g_path_get_dirname (config_path);
  beside = g_build_filename (config_dir, value, NULL);
  if (g_file_test (beside, G_FILE_TEST_EXISTS))
    return g_file_new_for_path (beside);

  return g_file_new_for_commandline_arg (value);
}

static GFile *
config_dump_path (const MsvisJsonValue  *config,
                  const char            *key,
                  const char            *config_path,
                  gboolean               required,
                  GError               **error)
{
  const MsvisJsonValue *value = msvis_json_value_get_member (config, key);
  g_autoptr(GFile) file = NULL;

  if (value == NULL || value->kind == MSVIS_JSON_NULL ||
      (value->kind == MSVIS_JSON_STRING && value->n == 0))
    {
      if (required)
        g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                     /* translators: the first %s is compare.json's path, the second a key */
                     _("%s: “%s” is missing; it names the dump directory to build"),
                     config_path, key);
      return NULL;
    }
  if (value->kind != MSVIS_JSON_STRING)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                   /* translators: the first %s is compare.json's path, the second a key */
                   _("%s: “%s” must be a path"), config_path, key);
      return NULL;
    }

  if (memchr (value->s, '\0', value->n) != NULL)
    {
      /* Cut at the NUL, the path would name another folder. */
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                   /* translators: the first %s is compare.json's path, the second a key */
                   _("%s: “%s” holds \\u0000, a NUL character, which no path can hold"),
                   config_path, key);
      return NULL;
    }
  file = resolve_dump_path (value->s, config_path);
  if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
    {
      g_autofree char *path = g_file_get_parse_name (file);

      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                   /* translators: the first %s is compare.json's path, then a key and a path */
                   _("%s: “%s” is %s, which is not a directory"), config_path, key, path);
      return NULL;
    }

  return g_steal_pointer (&file);
}

static gboolean
commit_all (Run     *run,
            GError **error)
{
  for (guint i = 0; i < run->pending->len; i++)
    if (!msvis_safe_file_commit (g_ptr_array_index (run->pending, i), error))
      {
        /* Take back what this run already put in place: all or nothing. Not with --force:
         * those files replaced others, and removing them would leave neither. */
        for (guint j = 0; j < i && !run->job->force; j++)
          g_unlink (msvis_safe_file_get_path (g_ptr_array_index (run->pending, j)));
        return FALSE;
      }

  return TRUE;
}

/**
 * msvis_graph_job_run:
 * @progress: (nullable) (scope call): told what the run is doing
 *
 * Returns: (transfer full) (element-type utf8): the paths written, or %NULL
 */
GPtrArray *
msvis_graph_job_run (const MsvisGraphJob    *job,
                     MsvisGraphJobProgress   progress,
                     gpointer                user_data,
                     GCancellable           *cancellable,
                     GError                **error)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GFile) config_file = NULL;
  g_autoptr(GFile) npu = NULL;
  g_autoptr(GFile) bench = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) local_error = NULL;
  const MsvisJsonValue *config;
  Run run = { job, progress, user_data, cancellable };
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  gboolean created_dir;
  guint dir_cleanup = MSVIS_CLEANUP_NONE;

  g_return_val_if_fail (job->config_path != NULL && job->output_dir != NULL, NULL);

  config_file = g_file_new_for_commandline_arg (job->config_path);
  config = msvis_json_value_parse_file (arena, config_file, cancellable, error);
  if (config == NULL)
    return NULL;
  if (config->kind != MSVIS_JSON_OBJECT)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                   /* translators: %s is compare.json's path */
                   _("%s: expected an object such as {\"npu_path\": \"…\"}"), job->config_path);
      return NULL;
    }

  npu = config_dump_path (config, "npu_path", job->config_path, TRUE, error);
  if (npu == NULL)
    return NULL;
  bench = config_dump_path (config, "bench_path", job->config_path, FALSE, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  run.parallel_merge = msvis_job_parallel_merge (config);

  created_dir = !g_file_test (job->output_dir, G_FILE_TEST_EXISTS);
  if (g_mkdir_with_parents (job->output_dir, 0750) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", job->output_dir, g_strerror (saved_errno));
      return NULL;
    }
  /* A signal before the end removes the folder too, once its temporary files are gone. */
  if (created_dir)
    dir_cleanup = msvis_cleanup_add_dir (job->output_dir);

  run.timestamp = job->timestamp ? g_strdup (job->timestamp)
                                 : g_date_time_format (now, "%Y%m%d%H%M%S");
  run.pending = g_ptr_array_new_with_free_func ((GDestroyNotify)msvis_safe_file_free);

  if (job->format == MSVIS_GRAPH_JOB_FORMAT_DB)
    {
      g_autofree char *name = g_strdup_printf ("%s_%s.vis.db", bench ? "compare" : "build",
                                               run.timestamp);
      g_autofree char *path = g_build_filename (job->output_dir, name, NULL);
      MsvisVisOptions options = { .overflow_check = job->overflow_check, .replace = job->force };

      if (msvis_job_check_output_name (name, error))
        run.db = msvis_vis_db_writer_new (path, &options, error);
    }

  if ((job->format != MSVIS_GRAPH_JOB_FORMAT_DB || run.db != NULL) &&
      (bench != NULL ? msvis_job_compare (&run, npu, bench, error) : build (&run, npu, error)) &&
      commit_all (&run, error) &&
      (run.db == NULL || msvis_vis_db_writer_commit (run.db, error)))
    {
      written = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < run.pending->len; i++)
        g_ptr_array_add (written,
                         g_strdup (msvis_safe_file_get_path (g_ptr_array_index (run.pending, i))));
      if (run.db != NULL)
        g_ptr_array_add (written, g_strdup (msvis_vis_db_writer_get_path (run.db)));
    }

  g_clear_pointer (&run.db, msvis_vis_db_writer_free);
  g_ptr_array_unref (run.pending);
  g_free (run.timestamp);
  if (written == NULL && created_dir)
    g_rmdir (job->output_dir);   /* only if it is still empty */
  msvis_cleanup_remove (dir_cleanup);
  return g_steal_pointer (&written);
}
