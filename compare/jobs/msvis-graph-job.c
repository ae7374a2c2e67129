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
    return !msvis_job_selected (run, step ? msvis_dump_layout_rank_number (step) : 0, -1) ||
           msvis_job_merge_build (run, dir, step, error);
  names = msvis_dump_layout_list_ranks (dir, run->cancellable, error);
  if (names == NULL)
    return FALSE;
  msvis_job_select_names (run, names, NULL, step, FALSE);

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
  msvis_job_select_names (run, steps, NULL, NULL, TRUE);
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

        if (!msvis_job_selected (run, 0, 0))
          return TRUE;
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
  g_autoptr(GArray) listed = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean ok = TRUE;

  for (guint i = 0; i < run->pending->len && ok; i++)
    {
      MsvisSafeFile *file = g_ptr_array_index (run->pending, i);
      guint id;

      if (!msvis_safe_file_commit (file, error))
        {
          /* Take back what this run already put in place: all or nothing. Not with --force:
           * those files replaced others, and removing them would leave neither. */
          for (guint j = 0; j < i && !run->job->force; j++)
            g_unlink (msvis_safe_file_get_path (g_ptr_array_index (run->pending, j)));
          ok = FALSE;
        }
      else if (!run->job->force)
        {
          /* A signal before the last is in place takes these back too. */
          id = msvis_cleanup_add_file (msvis_safe_file_get_path (file));
          g_array_append_val (listed, id);
        }
    }
  for (guint i = 0; i < listed->len; i++)
    msvis_cleanup_remove (g_array_index (listed, guint, i));

  return ok;
}

/* compare.json's dump folders and parallel_merge, or graph_visualize's -tp/-gp. */
static gboolean
read_inputs (const MsvisGraphJob  *job,
             MsvisArena           *arena,
             Run                  *run,
             GFile               **npu,
             GFile               **bench,
             GError              **error)
{
  const MsvisJsonValue *config;
  GError *local_error = NULL;
  g_autoptr(GFile) config_file = NULL;

  if (job->era == MSVIS_ERA_2026)
    {
      *npu = g_file_new_for_commandline_arg (job->npu_path);
      *bench = job->bench_path ? g_file_new_for_commandline_arg (job->bench_path) : NULL;
      run->parallel_merge = job->parallel_merge;
      return TRUE;
    }

  config_file = g_file_new_for_commandline_arg (job->config_path);
  config = msvis_json_value_parse_file (arena, config_file, run->cancellable, error);
  if (config == NULL)
    return FALSE;
  if (config->kind != MSVIS_JSON_OBJECT)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                   /* translators: %s is compare.json's path */
                   _("%s: expected an object such as {\"npu_path\": \"…\"}"), job->config_path);
      return FALSE;
    }

  *npu = config_dump_path (config, "npu_path", job->config_path, TRUE, error);
  if (*npu == NULL)
    return FALSE;
  *bench = config_dump_path (config, "bench_path", job->config_path, FALSE, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return FALSE;
    }
  run->parallel_merge = msvis_job_parallel_merge (config);
  return TRUE;
}

/* The one database of the run, under a temporary name until the end. */
static gboolean
open_db (const MsvisGraphJob  *job,
         Run                  *run,
         gboolean              compare,
         GError              **error)
{
  g_autofree char *name = g_strdup_printf ("%s_%s.vis.db", compare ? "compare" : "build",
                                           run->timestamp);
  g_autofree char *path = g_build_filename (job->output_dir, name, NULL);
  MsvisVisOptions options = { .overflow_check = job->overflow_check, .replace = job->force };

  if (!msvis_job_check_output_name (name, error))
    return FALSE;
  if (job->era == MSVIS_ERA_2026)
    run->db26 = msvis_vis_db26_writer_new (path, &options, error);
  else
    run->db = msvis_vis_db_writer_new (path, &options, error);
  return run->db26 != NULL || run->db != NULL;
}

/* 26.0.0 links the ranks on the stored rows: only RANKS and STEPS layouts, not a merge. */
static gboolean
commit_db26 (Run     *run,
             GFile   *npu,
             GError **error)
{
  MsvisDumpLayout layout = MSVIS_DUMP_LAYOUT_FILES;

  if (!msvis_dump_layout_detect (npu, &layout, run->cancellable, error))
    return FALSE;
  return msvis_vis_db26_writer_commit (run->db26, layout != MSVIS_DUMP_LAYOUT_FILES &&
                                                  run->parallel_merge == NULL, error);
}

static GPtrArray *
written_paths (Run *run)
{
  GPtrArray *written = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < run->pending->len; i++)
    g_ptr_array_add (written,
                     g_strdup (msvis_safe_file_get_path (g_ptr_array_index (run->pending, i))));
  if (run->db != NULL)
    g_ptr_array_add (written, g_strdup (msvis_vis_db_writer_get_path (run->db)));
  if (run->db26 != NULL)
    g_ptr_array_add (written, g_strdup (msvis_vis_db26_writer_get_path (run->db26)));
  return written;
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
  g_autoptr(GFile) npu = NULL;
  g_autoptr(GFile) bench = NULL;
  g_autoptr(GPtrArray) written = NULL;
  Run run = { job, progress, user_data, cancellable };
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  gboolean created_dir;
  guint dir_cleanup = MSVIS_CLEANUP_NONE;
  gboolean db = (job->format == MSVIS_GRAPH_JOB_FORMAT_DB || job->era == MSVIS_ERA_2026) &&
                !job->merge_json;

  g_return_val_if_fail (job->output_dir != NULL, NULL);
  g_return_val_if_fail (job->era == MSVIS_ERA_2026 ? job->npu_path != NULL
                                                   : job->config_path != NULL, NULL);

  if (!read_inputs (job, arena, &run, &npu, &bench, error))
    return NULL;

  created_dir = !g_file_test (job->output_dir, G_FILE_TEST_EXISTS);
  /* 26.0.0 makes the folder with os.makedirs and no mode: 0777 less the umask. */
  if (g_mkdir_with_parents (job->output_dir, job->era == MSVIS_ERA_2026 ? 0777 : 0750) != 0)
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

  if ((!db || open_db (job, &run, bench != NULL, error)) &&
      (bench != NULL ? msvis_job_compare (&run, npu, bench, error) : build (&run, npu, error)) &&
      msvis_job_check_selection (&run, job->era == MSVIS_ERA_2026 ? job->npu_path
                                                                 : job->config_path, error) &&
      commit_all (&run, error) &&
      (run.db == NULL || msvis_vis_db_writer_commit (run.db, error)) &&
      (run.db26 == NULL || commit_db26 (&run, npu, error)))
    {
      written = written_paths (&run);
      if (job->merge_json)
        g_ptr_array_add (written, g_strdup (job->output_dir));
      if (job->merged_dump_out != NULL)
        *job->merged_dump_out = g_atomic_int_get (&run.merged_dump);
    }

  g_clear_pointer (&run.db, msvis_vis_db_writer_free);
  g_clear_pointer (&run.db26, msvis_vis_db26_writer_free);
  g_ptr_array_unref (run.pending);
  g_free (run.timestamp);
  if (written == NULL && created_dir)
    g_rmdir (job->output_dir);   /* only if it is still empty */
  msvis_cleanup_remove (dir_cleanup);
  return g_steal_pointer (&written);
}
