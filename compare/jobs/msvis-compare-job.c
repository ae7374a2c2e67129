// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-comparator.h"
#include "msvis-compare-error.h"
#include "msvis-dump-layout.h"
#include "msvis-compare-job.h"
#include "msvis-merge-job.h"
#include "msvis-layer-mapping.h"

/* msprobe's graph_service for compares: NPU and benchmark dumps side by side, pairwise for
 * every rank and step, each pair written as one compare .vis. */

typedef struct
{
  MsvisCompareMode mode;
  RankGraph        npu;
  RankGraph        bench;
} Pair;

static void
pair_clear (gpointer data)
{
  Pair *pair = data;

  msvis_job_rank_graph_clear (&pair->npu);
  msvis_job_rank_graph_clear (&pair->bench);
}

static gboolean
mode_of (GFile                  *dir,
         const MsvisDumpHeader  *header,
         MsvisCompareMode       *mode,
         GError                **error)
{
  g_autofree char *path = NULL;

  if (msvis_compare_mode_from_header (header, mode))
    return TRUE;

  path = g_file_get_parse_name (dir);
  g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
               /* translators: a dump directory, then dump.json's "task" value */
               _("%s/dump.json: the task “%s” cannot be compared; expected statistics, "
                 "tensor or structure"), path, header->task ? header->task : "");
  return FALSE;
}

static MsvisScopeFramework
framework_of (const MsvisDumpHeader *header)
{
  return g_strcmp0 (header->framework, "mindspore") == 0 ? MSVIS_SCOPE_MINDSPORE
                                                          : MSVIS_SCOPE_PYTORCH;
}

/* The dump_tensor_data folder of a dump, as a local path, or NULL. */
static char *
tensor_dir (GFile *dump_dir)
{
  g_autoptr(GFile) dir = g_file_get_child (dump_dir, "dump_tensor_data");

  return g_file_get_path (dir);
}

typedef struct
{
  Run             *run;
  GFile           *dir;
  GPtrArray       *entry_names;
  MsvisGraph      *graph;
  MsvisDumpHeader  header;
  GError          *error;
} BenchBuild;

static gpointer
build_bench (gpointer data)
{
  BenchBuild *b = data;

  b->graph = msvis_job_build_one (b->run, b->dir, TRUE, b->entry_names, &b->header, &b->error);
  return NULL;
}

/* get_compare_framework (msprobe-2026.md §2.3): PyTorch against PyTorch, MindSpore or
 * mindtorch against either, never PyTorch against MindSpore; across frameworks only with -lm. */
static gboolean
check_frameworks_2026 (Run                    *run,
                       const MsvisDumpHeader  *npu,
                       const MsvisDumpHeader  *bench,
                       GError                **error)
{
  const char *n = npu->framework ? npu->framework : "pytorch";
  const char *b = bench->framework ? bench->framework : "pytorch";

  if (strcmp (n, "pytorch") == 0 && strcmp (b, "pytorch") != 0)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
                   /* translators: two framework names from dump.json */
                   _("Unrecognized framework, target now is %s, golden now is %s, please "
                     "check dump.json."), n, b);
      return FALSE;
    }
  if (strcmp (n, b) != 0 && run->job->layer_mapping == NULL)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH, "%s",
                   _("The cross_frame graph comparison failed. Please specify -lm or "
                     "--layer_mapping when performing cross_frame graph comparison."));
      return FALSE;
    }
  return TRUE;
}

/* Builds both sides of one pair and compares them. */
static gboolean
compare_pair (Run      *run,
              GFile    *npu_dir,
              GFile    *bench_dir,
              Pair     *pair,
              GError  **error)
{
  MsvisDumpHeader npu_header = { 0 }, bench_header = { 0 };
  MsvisCompareMode bench_mode;
  MsvisCompareOptions options = { 0 };
  GHashTable *mapping = NULL;
  g_autofree char *npu_tensors = NULL, *bench_tensors = NULL;
  g_autoptr(GPtrArray) npu_names = NULL;
  g_autoptr(GPtrArray) bench_names = NULL;
  BenchBuild bench_build;
  GThread *thread;
  gint64 start;
  gboolean ok = FALSE;

  /* The two sides build at the same time, one on a thread of its own. Every item keeps its
   * md5 until the mode is known: an md5 compare needs it. */
  msvis_job_say_building (run, npu_dir);
  msvis_job_say_building (run, bench_dir);
  /* Layer mapping needs each side's dump.json keys in order: taken while the build reads. */
  if (run->job->layer_mapping != NULL)
    {
      npu_names = g_ptr_array_new_with_free_func (g_free);
      bench_names = g_ptr_array_new_with_free_func (g_free);
    }
  bench_build = (BenchBuild) { run, bench_dir, bench_names };
  thread = g_thread_new ("msvis-bench-build", build_bench, &bench_build);
  pair->npu.graph = msvis_job_build_one (run, npu_dir, TRUE, npu_names, &npu_header, error);
  g_thread_join (thread);
  pair->bench.graph = bench_build.graph;
  bench_header = bench_build.header;
  if (pair->npu.graph == NULL)
    {
      g_clear_error (&bench_build.error);
      goto out;
    }
  if (pair->bench.graph == NULL)
    {
      g_propagate_error (error, bench_build.error);
      goto out;
    }

  if (!mode_of (npu_dir, &npu_header, &pair->mode, error) ||
      !mode_of (bench_dir, &bench_header, &bench_mode, error))
    goto out;
  if (pair->mode != bench_mode)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
                   /* translators: the two dump modes, such as "summary" and "md5" */
                   _("The NPU dump was made in %s mode and the benchmark dump in %s mode; "
                     "dump both the same way to compare them"),
                   msvis_compare_mode_task (pair->mode), msvis_compare_mode_task (bench_mode));
      goto out;
    }
  if (run->job->era == MSVIS_ERA_2026 &&
      !check_frameworks_2026 (run, &npu_header, &bench_header, error))
    goto out;
  if (run->job->era != MSVIS_ERA_2026 &&
      npu_header.framework != NULL && bench_header.framework != NULL &&
      g_strcmp0 (npu_header.framework, bench_header.framework) != 0 &&
      run->job->layer_mapping == NULL)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
                   /* translators: two framework names, such as mindspore and pytorch */
                   _("The NPU dump comes from %s and the benchmark dump from %s; comparing "
                     "across frameworks needs a layer mapping (-lm)"),
                   npu_header.framework, bench_header.framework);
      goto out;
    }
  if (run->job->layer_mapping != NULL)
    {
      mapping = msvis_layer_mapping_build (npu_dir, npu_names, framework_of (&npu_header),
                                           bench_dir, bench_names, framework_of (&bench_header),
                                           run->layer_renames, run->cancellable, error);
      if (mapping == NULL)
        goto out;
    }

  options.mode = pair->mode;
  options.fuzzy = run->job->fuzzy_match;
  options.mapping = mapping;
  /* msprobe reads the tensors beside dump.json, whatever its dump_data_dir says. */
  npu_tensors = tensor_dir (npu_dir);
  bench_tensors = tensor_dir (bench_dir);
  options.npu_tensor_dir = npu_tensors;
  options.bench_tensor_dir = bench_tensors;
  options.warnings = run->job->warnings;
  options.cancellable = run->cancellable;
  options.era = run->job->era;
  if (pair->mode == MSVIS_COMPARE_REAL_DATA)
    msvis_job_say (run, _("Comparing the tensors"));
  /* 26.0.0 keeps parallel_merge true for a FILES compare given --rank_size: the merge's
   * checkers then apply, without a merge (msprobe-2026.md §1.3). */
  options.any_shape = run->job->era == MSVIS_ERA_2026 && run->parallel_merge != NULL;
  start = g_get_monotonic_time ();
  if (!msvis_compare_graphs_full (pair->npu.graph, pair->bench.graph, &options, error))
    goto out;
  g_debug ("compared in %.3f s", (g_get_monotonic_time () - start) / 1e6);
  ok = TRUE;

out:
  g_clear_pointer (&mapping, g_hash_table_unref);
  msvis_dump_header_clear (&npu_header);
  msvis_dump_header_clear (&bench_header);
  return ok;
}

static gboolean
write_pair (Run         *run,
            Pair        *pair,
            const char  *name,
            gint         step,
            gint         rank,
            GError     **error)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autofree char *tooltip = msvis_compare_mode_tooltip (pair->mode);
  MsvisVisCompare compare = {
    pair->bench.graph,
    tooltip,
    msvis_compare_mode_colors (pair->mode, arena),
    msvis_compare_mode_task (pair->mode),
    pair->mode != MSVIS_COMPARE_MD5,
  };

  return msvis_job_write_vis (run, pair->npu.graph, &compare, name, step, rank, error);
}

/* Whether @a and @b hold the same names in the same order. */
static gboolean
same_names (GPtrArray *a,
            GPtrArray *b)
{
  if (a->len != b->len)
    return FALSE;
  for (guint i = 0; i < a->len; i++)
    if (strcmp (g_ptr_array_index (a, i), g_ptr_array_index (b, i)) != 0)
      return FALSE;
  return TRUE;
}

/* The names of @a that @b has too, by number ("rankN" and "stepN" alike). */
static GPtrArray *
intersect_names (GPtrArray *a,
                 GPtrArray *b)
{
  g_autoptr(GHashTable) in_b = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *both = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < b->len; i++)
    g_hash_table_add (in_b, g_ptr_array_index (b, i));
  for (guint i = 0; i < a->len; i++)
    if (g_hash_table_contains (in_b, g_ptr_array_index (a, i)))
      g_ptr_array_add (both, g_strdup (g_ptr_array_index (a, i)));
  msvis_dump_layout_sort_ranks (both);
  return both;
}

/* The rank or step folders compared, each NPU one with the bench one at the same place of
 * @bench_out (msprobe-2026.md §2.2): strays skipped on both sides; ranks by number; when the
 * sides differ, the folders both have, by number; two runs without rank folders, each
 * side's proc<pid> folder. */
static GPtrArray *
list_both (Run         *run,
           GFile       *npu,
           GFile       *bench,
           const char  *prefix,
           GPtrArray  **bench_out,
           GError     **error)
{
  gboolean ranks = strcmp (prefix, "rank") == 0;
  g_autoptr(GPtrArray) npu_names = NULL;
  g_autoptr(GPtrArray) bench_names = NULL;
  g_autoptr(GPtrArray) both = NULL;

  if (!(npu_names = msvis_dump_layout_list_matching (npu, prefix, run->cancellable, error)) ||
      !(bench_names = msvis_dump_layout_list_matching (bench, prefix, run->cancellable, error)))
    return NULL;

  if (ranks && npu_names->len == 0 && bench_names->len == 0)
    {
      g_clear_pointer (&npu_names, g_ptr_array_unref);
      if (!(npu_names = msvis_dump_layout_list_ranks (npu, run->cancellable, error)) ||
          !(*bench_out = msvis_dump_layout_list_ranks (bench, run->cancellable, error)))
        return NULL;
      return g_steal_pointer (&npu_names);
    }
  if (ranks)
    {
      msvis_dump_layout_sort_ranks (npu_names);
      msvis_dump_layout_sort_ranks (bench_names);
    }

  both = same_names (npu_names, bench_names)
    ? g_steal_pointer (&npu_names) : intersect_names (npu_names, bench_names);
  if (both->len == 0)
    {
      g_autofree char *npu_path = g_file_get_parse_name (npu);
      g_autofree char *bench_path = g_file_get_parse_name (bench);

      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
                   /* translators: "rank" or "step", then two dump directories */
                   _("%s and %s have no %s folder in common; a compare pairs the folders of "
                     "the same name"), npu_path, bench_path, prefix);
      return NULL;
    }

  *bench_out = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < both->len; i++)
    g_ptr_array_add (*bench_out, g_strdup (g_ptr_array_index (both, i)));
  return g_steal_pointer (&both);
}

/* _compare_graph_ranks: each rank with its namesake, then each side's ranks linked. */
static gboolean
compare_ranks (Run         *run,
               GFile       *npu,
               GFile       *bench,
               const char  *step,
               GError     **error)
{
  g_autoptr(GPtrArray) names = NULL;
  g_autoptr(GPtrArray) bench_names = NULL;
  g_autoptr(GArray) pairs = NULL;
  g_autoptr(GArray) npu_ranks = NULL;
  g_autoptr(GArray) bench_ranks = NULL;

  /* _compare_graph_ranks_parallel: each side's ranks merged on their own. */
  if (run->parallel_merge != NULL)
    return !msvis_job_selected (run, step ? msvis_dump_layout_rank_number (step) : 0, -1) ||
           msvis_job_merge_compare (run, npu, bench, step, error);
  names = list_both (run, npu, bench, "rank", &bench_names, error);
  if (names == NULL)
    return FALSE;
  msvis_job_select_names (run, names, bench_names, step, FALSE);

  pairs = g_array_new (FALSE, TRUE, sizeof (Pair));
  g_array_set_clear_func (pairs, pair_clear);
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autoptr(GFile) npu_dir = g_file_get_child (npu, name);
      g_autoptr(GFile) bench_dir = g_file_get_child (bench, g_ptr_array_index (bench_names, i));
      Pair pair = { 0 };

      pair.npu.rank_dir = g_strdup (name);
      pair.npu.rank = pair.bench.rank = msvis_dump_layout_rank_number (name);
      g_array_append_val (pairs, pair);
      if (!compare_pair (run, npu_dir, bench_dir, &g_array_index (pairs, Pair, i), error))
        return FALSE;
    }

  /* The analyzer sees each side on its own (RankGraph rows that borrow the graphs). */
  npu_ranks = g_array_new (FALSE, FALSE, sizeof (RankGraph));
  bench_ranks = g_array_new (FALSE, FALSE, sizeof (RankGraph));
  for (guint i = 0; i < pairs->len; i++)
    {
      Pair *pair = &g_array_index (pairs, Pair, i);

      g_array_append_val (npu_ranks, pair->npu);
      g_array_append_val (bench_ranks, pair->bench);
    }
  msvis_job_link_ranks (run, npu_ranks);
  msvis_job_link_ranks (run, bench_ranks);

  for (guint i = 0; i < pairs->len; i++)
    {
      Pair *pair = &g_array_index (pairs, Pair, i);
      g_autofree char *name = step
        ? g_strdup_printf ("compare_%s_%s_%s.vis", step, pair->npu.rank_dir, run->timestamp)
        : g_strdup_printf ("compare_%s_%s.vis", pair->npu.rank_dir, run->timestamp);

      /* "stepN" has its number after four letters, as "rankN" has. */
      if (!write_pair (run, pair, name, step ? msvis_dump_layout_rank_number (step) : 0,
                       pair->npu.rank, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
compare_steps (Run     *run,
               GFile   *npu,
               GFile   *bench,
               GError **error)
{
  g_autoptr(GPtrArray) bench_steps = NULL;
  g_autoptr(GPtrArray) steps = list_both (run, npu, bench, "step", &bench_steps, error);

  if (steps == NULL)
    return FALSE;
  msvis_job_select_names (run, steps, bench_steps, NULL, TRUE);
  for (guint i = 0; i < steps->len; i++)
    {
      const char *step = g_ptr_array_index (steps, i);
      g_autoptr(GFile) npu_step = g_file_get_child (npu, step);
      g_autoptr(GFile) bench_step = g_file_get_child (bench, step);

      if (!compare_ranks (run, npu_step, bench_step, step, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
compare_layout (Run     *run,
                GFile   *npu,
                GFile   *bench,
                GError **error)
{
  MsvisDumpLayout npu_layout, bench_layout;

  if (!msvis_dump_layout_detect (npu, &npu_layout, run->cancellable, error) ||
      !msvis_dump_layout_detect (bench, &bench_layout, run->cancellable, error))
    return FALSE;
  if (npu_layout != bench_layout)
    {
      g_autofree char *npu_path = g_file_get_parse_name (npu);
      g_autofree char *bench_path = g_file_get_parse_name (bench);

      if (run->job->era == MSVIS_ERA_2026)
        g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH, "%s",
                     _("The directory structures of npu_path and bench_path are "
                       "inconsistent."));
      else
        g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MISMATCH,
                     /* translators: two dump directories */
                     _("%s and %s are laid out differently (one holds rank or step folders, "
                       "the other does not); compare dumps of the same kind"), npu_path,
                     bench_path);
      return FALSE;
    }

  switch (npu_layout)
    {
    case MSVIS_DUMP_LAYOUT_FILES:
      {
        Pair pair = { 0 };
        g_autofree char *name = g_strdup_printf ("compare_%s.vis", run->timestamp);
        gboolean ok = !msvis_job_selected (run, 0, 0) ||
                      (compare_pair (run, npu, bench, &pair, error) &&
                       write_pair (run, &pair, name, 0, 0, error));

        pair_clear (&pair);
        return ok;
      }
    case MSVIS_DUMP_LAYOUT_RANKS:
      return compare_ranks (run, npu, bench, NULL, error);
    case MSVIS_DUMP_LAYOUT_STEPS:
    default:
      return compare_steps (run, npu, bench, error);
    }
}

/**
 * msvis_job_compare:
 *
 * Both dump directories must have the same layout. A layer mapping file is read first, so
 * a mistake in it shows before anything is built.
 */
gboolean
msvis_job_compare (Run     *run,
                   GFile   *npu,
                   GFile   *bench,
                   GError **error)
{
  const char *yaml = run->job->layer_mapping;
  gboolean ok;

  if (yaml != NULL)
    {
      g_autofree char *warning = NULL;

      run->layer_renames = *yaml != '\0' ? msvis_layer_mapping_read_yaml (yaml, &warning, error)
                                         : g_hash_table_new (g_str_hash, g_str_equal);
      if (run->layer_renames == NULL)
        return FALSE;
      if (warning != NULL && run->job->warnings != NULL)
        g_ptr_array_add (run->job->warnings, g_steal_pointer (&warning));
    }

  ok = compare_layout (run, npu, bench, error);
  g_clear_pointer (&run->layer_renames, g_hash_table_unref);
  return ok;
}
