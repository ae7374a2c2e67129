// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "msvis-cleanup.h"
#include "msvis-compare-mode.h"
#include "msvis-comparator.h"
#include "msvis-compare-error.h"
#include "msvis-dump-layout.h"
#include "msvis-graph-builder.h"
#include "msvis-merge-job.h"
#include "msvis-graph-merger.h"

/* msprobe's graph_service when compare.json has "parallel_merge": the ranks of a step are
 * built on the thread pool, merged into one graph per data-parallel replica
 * (graph/msvis-graph-merger.c), and written as build_merged{i} or, compared pairwise with
 * fuzzy matching and no shape check, as compare_merged{i}. */

typedef struct
{
  Run             *run;
  GFile           *dir;
  gint             rank;
  gboolean         keep_md5;
  MsvisGraph      *graph;
  MsvisDumpHeader  header;
  GError          *error;
} RankBuild;

/**
 * msvis_job_parallel_merge:
 *
 * check_whether_parallel_merge: a non-empty object whose "npu" is truthy.
 *
 * Returns: (nullable): compare.json's "parallel_merge", when it asks for a merge
 */
const MsvisJsonValue *
msvis_job_parallel_merge (const MsvisJsonValue *config)
{
  const MsvisJsonValue *merge = msvis_json_value_get_member (config, "parallel_merge");

  if (merge == NULL || merge->kind != MSVIS_JSON_OBJECT || merge->n == 0 ||
      !msvis_json_value_is_truthy (msvis_json_value_get_member (merge, "npu")))
    return NULL;
  return merge;
}

static void
rank_build_run (gpointer data,
                gpointer user_data)
{
  RankBuild *b = data;

  b->graph = msvis_job_build_one (b->run, b->dir, b->keep_md5, NULL, &b->header, &b->error);
}

static void
rank_build_clear (RankBuild *b)
{
  g_clear_object (&b->dir);
  g_clear_object (&b->graph);
  msvis_dump_header_clear (&b->header);
  g_clear_error (&b->error);
}

/* The rank folders of @dir in rank order, checked against the side's parallel_merge. */
static GPtrArray *
list_ranks (Run                     *run,
            GFile                   *dir,
            const char              *side,
            gboolean                 with_vpp,
            MsvisMergeParams        *params,
            GError                 **error)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autofree char *path = NULL;

  /* msprobe 26 (msprobe-2026.md §1.3, §11): its own params and messages, checked before the
   * ranks are built; the ranks then listed as its builds list them. */
  if (run->job->era == MSVIS_ERA_2026)
    {
      path = g_file_get_path (dir);
      if (!msvis_merge_params_parse_era (run->parallel_merge, side, MSVIS_ERA_2026, with_vpp,
                                         run->job->config_path, params, error) ||
          !msvis_merge_params_validate (params, path, strcmp (side, "bench") == 0, error))
        return NULL;
      return msvis_dump_layout_list_ranks (dir, run->cancellable, error);
    }
  names = msvis_dump_layout_list (dir, "rank", run->cancellable, error);
  if (names == NULL)
    return NULL;
  msvis_dump_layout_sort_ranks (names);
  if (!msvis_merge_params_parse (run->parallel_merge, side, with_vpp, run->job->config_path,
                                 params, error) ||
      !msvis_merge_params_check (params, names->len, run->job->config_path, side, error))
    return NULL;
  return g_steal_pointer (&names);
}

static void
add_builds (Run       *run,
            GArray    *builds,
            GFile     *dir,
            GPtrArray *names,
            gboolean   keep_md5)
{
  for (guint i = 0; i < names->len; i++)
    {
      RankBuild b = { run, g_file_get_child (dir, g_ptr_array_index (names, i)),
                      msvis_dump_layout_rank_number (g_ptr_array_index (names, i)), keep_md5 };

      msvis_job_say_building (run, b.dir);
      g_array_append_val (builds, b);
    }
}

/* builds[first, first + n), on up to one thread per processor: the merge needs them all at
 * once anyway. */
static gboolean
build_all (GArray  *builds,
           guint    first,
           guint    n,
           GError **error)
{
  GThreadPool *pool = g_thread_pool_new (rank_build_run, NULL, MIN (g_get_num_processors (), n),
                                         TRUE, NULL);

  for (guint i = first; i < first + n; i++)
    g_thread_pool_push (pool, &g_array_index (builds, RankBuild, i), NULL);
  g_thread_pool_free (pool, FALSE, TRUE);

  for (guint i = first; i < first + n; i++)
    {
      RankBuild *b = &g_array_index (builds, RankBuild, i);

      if (b->error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&b->error));
          return FALSE;
        }
    }
  return TRUE;
}

/* One side's merge: the graphs of builds[first, first + n), which are let go after (they
 * are what takes the memory). */
static GArray *
merge_side (Run                     *run,
            GArray                  *builds,
            guint                    first,
            guint                    n,
            const MsvisMergeParams  *params,
            gboolean                 is_bench,
            GError                 **error)
{
  g_autofree MsvisMergeInput *inputs = g_new (MsvisMergeInput, MAX (n, 1));
  GArray *merged;

  for (guint i = 0; i < n; i++)
    {
      RankBuild *b = &g_array_index (builds, RankBuild, first + i);

      inputs[i] = (MsvisMergeInput) { b->rank, b->graph };
    }
  msvis_job_say (run,
                 /* translators: a number of ranks, then the tensor- and pipeline-parallel
                  * sizes */
                 is_bench ? _("Merging the %u benchmark ranks (tp %d, pp %d)")
                          : _("Merging the %u ranks (tp %d, pp %d)"),
                 n, params->tp, params->pp);
  merged = msvis_graph_merge (inputs, n, params, is_bench, run->job->config_path,
                              run->cancellable, error);
  for (guint i = 0; i < n; i++)
    g_clear_object (&g_array_index (builds, RankBuild, first + i).graph);
  return merged;
}

static void
builds_free (GArray *builds)
{
  for (guint i = 0; i < builds->len; i++)
    rank_build_clear (&g_array_index (builds, RankBuild, i));
  g_array_unref (builds);
}

/**
 * msvis_job_merge_build:
 * @step: (nullable): the step folder, for the file names
 *
 * _build_graph_ranks with GraphMerger: build_merged{i} (or build_{step}_merged{i}) for each
 * replica. msprobe reads no vpp for a build.
 */
/* Removes @path and what it holds (the few levels a merged dump folder has). */
static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* Moves @from to @to, or, when @to is a folder already (an earlier run's), the files of
 * @from into it, replacing those of the same name as msprobe overwrites them. */
static gboolean
move_rank (const char  *from,
           const char  *to,
           GError     **error)
{
  g_autoptr(GDir) files = NULL;
  const char *name;
  const char *failed = to;

  if (!g_file_test (to, G_FILE_TEST_IS_DIR) || g_file_test (to, G_FILE_TEST_IS_SYMLINK))
    {
      if (g_rename (from, to) == 0)
        return TRUE;
      goto fail;
    }
  files = g_dir_open (from, 0, error);
  while (files != NULL && (name = g_dir_read_name (files)) != NULL)
    {
      g_autofree char *src = g_build_filename (from, name, NULL);
      g_autofree char *dst = g_build_filename (to, name, NULL);

      if (g_rename (src, dst) != 0)
        goto fail;
    }
  return files != NULL;

fail:
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", failed,
               g_strerror (errno));
  return FALSE;
}

/* Whether every step{S}/rank{R} of @tmp can go into @output: a file of that name there
 * fails the run before anything is moved. */
static gboolean
check_targets (const char  *tmp,
               const char  *output,
               GError     **error)
{
  g_autoptr(GDir) steps = g_dir_open (tmp, 0, error);
  const char *step;

  while (steps != NULL && (step = g_dir_read_name (steps)) != NULL)
    {
      g_autofree char *from_step = g_build_filename (tmp, step, NULL);
      g_autoptr(GDir) ranks = g_dir_open (from_step, 0, error);
      const char *rank;

      if (ranks == NULL)
        return FALSE;
      while ((rank = g_dir_read_name (ranks)) != NULL)
        {
          g_autofree char *to_step = g_build_filename (output, step, NULL);
          g_autofree char *to = g_build_filename (output, step, rank, NULL);
          const char *bad = NULL;

          if (g_file_test (to_step, G_FILE_TEST_EXISTS) &&
              !g_file_test (to_step, G_FILE_TEST_IS_DIR))
            bad = to_step;
          else if (g_file_test (to, G_FILE_TEST_EXISTS) && !g_file_test (to, G_FILE_TEST_IS_DIR))
            bad = to;
          if (bad != NULL)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                           /* translators: %s is a path */
                           _("%s: a file is in the way of the merged dump folder"), bad);
              return FALSE;
            }
        }
    }
  return steps != NULL;
}

/* Moves the step{S}/rank{R} folders made in @tmp into @output. */
static gboolean
move_ranks (const char  *tmp,
            const char  *output,
            GError     **error)
{
  g_autoptr(GDir) steps = g_dir_open (tmp, 0, error);
  const char *step;

  if (steps == NULL)
    return FALSE;
  while ((step = g_dir_read_name (steps)) != NULL)
    {
      g_autofree char *from_step = g_build_filename (tmp, step, NULL);
      g_autofree char *to_step = g_build_filename (output, step, NULL);
      g_autoptr(GDir) ranks = g_dir_open (from_step, 0, error);
      const char *rank;

      if (ranks == NULL || g_mkdir_with_parents (to_step, 0777) != 0)
        {
          if (ranks != NULL)
            g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s", to_step,
                         g_strerror (errno));
          return FALSE;
        }
      while ((rank = g_dir_read_name (ranks)) != NULL)
        {
          g_autofree char *from = g_build_filename (from_step, rank, NULL);
          g_autofree char *to = g_build_filename (to_step, rank, NULL);

          if (!move_rank (from, to, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* The merged graphs as dump folders in @output. */
static gboolean
write_json_into (Run         *run,
                 GFile       *dir,
                 GPtrArray   *names,
                 const char  *step,
                 GArray      *merged,
                 GFile       *output,
                 GError     **error)
{
  g_autofree char *base = g_file_get_basename (dir);
  gint step_number = 0;

  if (step != NULL)
    step_number = msvis_dump_layout_rank_number (step);
  else if (g_regex_match_simple ("^step[0-9]+$", base, 0, 0))
    step_number = msvis_dump_layout_rank_number (base);

  for (guint i = 0; i < merged->len; i++)
    {
      MsvisMergeResult *r = &g_array_index (merged, MsvisMergeResult, i);
      const char *rank_name = g_ptr_array_index (names, 0);
      g_autoptr(GFile) rank_dir = NULL;

      for (guint j = 0; j < names->len; j++)
        if (msvis_dump_layout_rank_number (g_ptr_array_index (names, j)) == r->rank)
          rank_name = g_ptr_array_index (names, j);
      rank_dir = g_file_get_child (dir, rank_name);
      if (!msvis_merge_write_json (r->graph, rank_dir, output, step_number, r->rank,
                                   run->cancellable, error))
        return FALSE;
    }
  return TRUE;
}


/* --file_type json: each merged graph as the dump folder step{S}/rank{R} of -o
 * (msprobe-2026.md §1.7). S is the step merged, or N when -tp itself is named stepN. The
 * folders are made in a hidden folder of -o and moved in when all of them are written, so a
 * failed run leaves no partial output. */
static gboolean
write_json (Run         *run,
            GFile       *dir,
            GPtrArray   *names,
            const char  *step,
            GArray      *merged,
            GError     **error)
{
  g_autofree char *tmp = g_build_filename (run->job->output_dir, ".graph_visualize-XXXXXX",
                                           NULL);
  g_autoptr(GFile) output = NULL;
  guint cleanup;
  gboolean ok;

  if (g_mkdtemp (tmp) == NULL)
    {
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (errno), "%s: %s",
                   run->job->output_dir, g_strerror (errno));
      return FALSE;
    }
  cleanup = msvis_cleanup_add_dir (tmp);
  output = g_file_new_for_path (tmp);
  ok = write_json_into (run, dir, names, step, merged, output, error) &&
       check_targets (tmp, run->job->output_dir, error) &&
       move_ranks (tmp, run->job->output_dir, error);
  remove_tree (tmp);
  msvis_cleanup_remove (cleanup);
  return ok;
}

gboolean
msvis_job_merge_build (Run         *run,
                       GFile       *dir,
                       const char  *step,
                       GError     **error)
{
  MsvisMergeParams params;
  g_autoptr(GPtrArray) names = list_ranks (run, dir, "npu", FALSE, &params, error);
  GArray *builds;
  g_autoptr(GArray) merged = NULL;

  if (names == NULL)
    return FALSE;
  builds = g_array_new (FALSE, TRUE, sizeof (RankBuild));
  add_builds (run, builds, dir, names, FALSE);
  if (build_all (builds, 0, builds->len, error))
    merged = merge_side (run, builds, 0, builds->len, &params, FALSE, error);
  builds_free (builds);
  if (merged == NULL)
    return FALSE;

  if (run->job->merge_json)
    return write_json (run, dir, names, step, merged, error);
  for (guint i = 0; i < merged->len; i++)
    {
      MsvisMergeResult *r = &g_array_index (merged, MsvisMergeResult, i);
      g_autofree char *name = step
        ? g_strdup_printf ("build_%s_merged%u_%s.vis", step, i, run->timestamp)
        : g_strdup_printf ("build_merged%u_%s.vis", i, run->timestamp);

      if (!msvis_job_write_vis (run, r->graph, NULL, name,
                                step ? msvis_dump_layout_rank_number (step) : 0, r->rank, error))
        return FALSE;
    }
  return TRUE;
}

/* One merged NPU graph and its benchmark. */
typedef struct
{
  Run             *run;
  MsvisGraph      *npu;
  MsvisGraph      *bench;
  const RankBuild *npu_rank;    /* the first rank of each: its dump.json says the mode */
  const RankBuild *bench_rank;
  MsvisCompareMode mode;
  GError          *error;
} Pair;

static const RankBuild *
build_of_rank (GArray *builds,
               guint   first,
               guint   n,
               gint    rank)
{
  for (guint i = first; i < first + n; i++)
    if (g_array_index (builds, RankBuild, i).rank == rank)
      return &g_array_index (builds, RankBuild, i);
  return &g_array_index (builds, RankBuild, first);
}

static gboolean
mode_of (const RankBuild   *b,
         MsvisCompareMode  *mode,
         GError           **error)
{
  g_autofree char *path = NULL;

  if (msvis_compare_mode_from_header (&b->header, mode))
    return TRUE;
  path = g_file_get_parse_name (b->dir);
  g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
               /* translators: a dump directory, then dump.json's "task" value */
               _("%s/dump.json: the task “%s” cannot be compared; expected statistics, "
                 "tensor or structure"), path, b->header.task ? b->header.task : "");
  return FALSE;
}

/* The checks of a compare, on the dump.json of each side's first rank. */
static gboolean
pair_mode (Pair    *p,
           GError **error)
{
  const MsvisDumpHeader *n = &p->npu_rank->header, *b = &p->bench_rank->header;
  MsvisCompareMode bench_mode;

  if (!mode_of (p->npu_rank, &p->mode, error) || !mode_of (p->bench_rank, &bench_mode, error))
    return FALSE;
  if (p->mode != bench_mode)
    g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
                 /* translators: the two dump modes, such as "summary" and "md5" */
                 _("The NPU dump was made in %s mode and the benchmark dump in %s mode; "
                   "dump both the same way to compare them"),
                 msvis_compare_mode_task (p->mode), msvis_compare_mode_task (bench_mode));
  else if (n->framework != NULL && b->framework != NULL &&
           g_strcmp0 (n->framework, b->framework) != 0 && p->run->job->layer_mapping == NULL)
    g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
                 /* translators: two framework names, such as mindspore and pytorch */
                 _("The NPU dump comes from %s and the benchmark dump from %s; comparing "
                   "across frameworks needs a layer mapping (-lm)"),
                 n->framework, b->framework);
  else if (p->mode == MSVIS_COMPARE_REAL_DATA)
    g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                 /* translators: %s is compare.json's path */
                 _("%s: “parallel_merge” merges statistics; dumps of the tensor task cannot be "
                   "merged"), p->run->job->config_path);
  else
    return TRUE;
  return FALSE;
}

/* _run_graph_compare on merged graphs: fuzzy matching without the shape check, and the
 * benchmark's root children keep the micro steps their own rank gave them. */
static void
pair_run (gpointer data,
          gpointer user_data)
{
  Pair *p = data;
  MsvisCompareOptions options = { 0 };

  if (!pair_mode (p, &p->error))
    return;
  options.mode = p->mode;
  options.fuzzy = TRUE;
  options.any_shape = TRUE;
  options.keep_bench_micro_steps = TRUE;
  options.era = p->run->job->era;
  msvis_graph_number_micro_steps (p->npu);
  msvis_compare_graphs_full (p->npu, p->bench, &options, &p->error);
}

static gboolean
write_pair (Run         *run,
            Pair        *p,
            const char  *name,
            gint         step,
            gint         rank,
            GError     **error)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autofree char *tooltip = msvis_compare_mode_tooltip (p->mode);
  MsvisVisCompare compare = {
    p->bench,
    tooltip,
    msvis_compare_mode_colors (p->mode, arena),
    msvis_compare_mode_task (p->mode),
    p->mode != MSVIS_COMPARE_MD5,
  };

  return msvis_job_write_vis (run, p->npu, &compare, name, step, rank, error);
}

/* One side built and merged, then the other: only one side's rank graphs are in memory at
 * a time. Merging the sides side by side took a quarter less time and half as much memory
 * again (8 ranks of 9.4 MB a side). */
static gboolean
merge_both (Run                     *run,
            GArray                  *builds,
            guint                    n_npu,
            const MsvisMergeParams  *npu_params,
            const MsvisMergeParams  *bench_params,
            GArray                 **npu,
            GArray                 **bench,
            GError                 **error)
{
  guint n_bench = builds->len - n_npu;

  if (!build_all (builds, 0, n_npu, error))
    return FALSE;
  *npu = merge_side (run, builds, 0, n_npu, npu_params, FALSE, error);
  if (*npu == NULL || !build_all (builds, n_npu, n_bench, error))
    return FALSE;
  *bench = merge_side (run, builds, n_npu, n_bench, bench_params, TRUE, error);
  if (*bench == NULL)
    return FALSE;
  if ((*npu)->len == (*bench)->len)
    return TRUE;
  g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
               /* translators: compare.json's path, then two numbers of graphs */
               _("%s: “parallel_merge” makes %u NPU graphs but %u benchmark graphs: the "
                 "data-parallel sizes (rank_size / (tp × pp)) of the two sides differ"),
               run->job->config_path, (*npu)->len, (*bench)->len);
  return FALSE;
}

static gboolean
compare_all (Run        *run,
             Pair       *pairs,
             guint       n,
             GError    **error)
{
  GThreadPool *pool = g_thread_pool_new (pair_run, NULL, MIN (g_get_num_processors (), n),
                                         TRUE, NULL);

  for (guint i = 0; i < n; i++)
    g_thread_pool_push (pool, &pairs[i], NULL);
  g_thread_pool_free (pool, FALSE, TRUE);
  for (guint i = 0; i < n; i++)
    if (pairs[i].error != NULL)
      {
        g_propagate_error (error, g_steal_pointer (&pairs[i].error));
        for (guint j = i + 1; j < n; j++)
          g_clear_error (&pairs[j].error);
        return FALSE;
      }
  return TRUE;
}

/**
 * msvis_job_merge_compare:
 * @step: (nullable): the step folder, for the file names
 *
 * _compare_graph_ranks_parallel: each side merged by its own parallel_merge entry, then the
 * i-th NPU graph compared with the i-th benchmark graph into compare_merged{i}.
 */
gboolean
msvis_job_merge_compare (Run         *run,
                         GFile       *npu,
                         GFile       *bench,
                         const char  *step,
                         GError     **error)
{
  MsvisMergeParams npu_params, bench_params;
  g_autoptr(GPtrArray) npu_names = list_ranks (run, npu, "npu", TRUE, &npu_params, error);
  g_autoptr(GPtrArray) bench_names = NULL;
  g_autoptr(GArray) npu_graphs = NULL, bench_graphs = NULL;
  g_autofree Pair *pairs = NULL;
  GArray *builds;
  gboolean ok;

  if (npu_names == NULL)
    return FALSE;
  if (!msvis_json_value_is_truthy (msvis_json_value_get_member (run->parallel_merge, "bench")))
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                   /* translators: %s is compare.json's path */
                   _("%s: to compare, “parallel_merge” needs a “bench” entry as well as "
                     "“npu”"), run->job->config_path);
      return FALSE;
    }
  bench_names = list_ranks (run, bench, "bench", TRUE, &bench_params, error);
  if (bench_names == NULL)
    return FALSE;

  builds = g_array_new (FALSE, TRUE, sizeof (RankBuild));
  add_builds (run, builds, npu, npu_names, TRUE);
  add_builds (run, builds, bench, bench_names, TRUE);
  ok = merge_both (run, builds, npu_names->len, &npu_params, &bench_params, &npu_graphs,
                   &bench_graphs, error);
  if (ok)
    {
      pairs = g_new0 (Pair, MAX (npu_graphs->len, 1));
      for (guint i = 0; i < npu_graphs->len; i++)
        {
          MsvisMergeResult *n = &g_array_index (npu_graphs, MsvisMergeResult, i);
          MsvisMergeResult *b = &g_array_index (bench_graphs, MsvisMergeResult, i);

          pairs[i] = (Pair) { run, n->graph, b->graph,
                              build_of_rank (builds, 0, npu_names->len, n->rank),
                              build_of_rank (builds, npu_names->len, bench_names->len, b->rank) };
        }
      msvis_job_say (run, _("Comparing the merged graphs"));
      ok = compare_all (run, pairs, npu_graphs->len, error);
    }
  for (guint i = 0; ok && i < npu_graphs->len; i++)
    {
      g_autofree char *name = step
        ? g_strdup_printf ("compare_%s_merged%u_%s.vis", step, i, run->timestamp)
        : g_strdup_printf ("compare_merged%u_%s.vis", i, run->timestamp);

      ok = write_pair (run, &pairs[i], name, step ? msvis_dump_layout_rank_number (step) : 0,
                       g_array_index (npu_graphs, MsvisMergeResult, i).rank, error);
    }
  builds_free (builds);
  return ok;
}
