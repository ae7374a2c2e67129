// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-compare-2026-check.h"
#include "msvis-comparator.h"
#include "msvis-graph-builder.h"
#include "msvis-graph-merger.h"
#include "msvis-test-util.h"

/* The parallel-merge compares of tests/data/reference-2026/cases.txt: each side's ranks built
 * and merged with msprobe 26's rules, the i-th merged NPU graph compared with the i-th
 * benchmark graph with era 2026 as graph_visualize does it (fuzzy matching without the shape
 * check, msprobe 26's merge checker set), and each NPU node checked against msprobe's row. */

typedef struct
{
  const char *name;
  const char *input;      /* relative to tests/data/reference-2026 */
  gint        rank_size[2];
  gint        tp[2];
  gint        pp[2];
} MergeCompare;

#define PT_DIST "../msprobe-reference/inputs/fx/pt_dist"

static const MergeCompare cases[] = {
  { "cmp_merge", PT_DIST, { 2, 2 }, { 2, 1 }, { 1, 2 } },
  { "cmp_merge_tp", PT_DIST, { 2, 2 }, { 2, 2 }, { 1, 1 } },
  { "cmp_merge_mini", "inputs/mini_tp2", { 2, 2 }, { 2, 2 }, { 1, 1 } },
};

/* Each side's ranks built as a compare builds them, then merged; @mode from rank 0. */
static GArray *
merge_side (const char             *dir,
            const MsvisMergeParams *params,
            gboolean                is_bench,
            MsvisCompareMode       *mode)
{
  g_autoptr(GPtrArray) graphs = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree MsvisMergeInput *inputs = g_new (MsvisMergeInput, params->rank_size);
  g_autoptr(GError) error = NULL;
  GArray *merged;

  g_assert_true (msvis_merge_params_validate (params, dir, is_bench, &error));
  g_assert_no_error (error);
  for (gint r = 0; r < params->rank_size; r++)
    {
      g_autofree char *name = g_strdup_printf ("rank%d", r);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      MsvisBuildOptions options = { .era = MSVIS_ERA_2026, .keep_md5 = TRUE };
      MsvisDumpHeader header;
      MsvisGraph *graph = msvis_graph_build (file, &options, &header, NULL, &error);

      g_assert_no_error (error);
      if (r == 0)
        g_assert_true (msvis_compare_mode_from_header (&header, mode));
      msvis_dump_header_clear (&header);
      g_ptr_array_add (graphs, graph);
      inputs[r] = (MsvisMergeInput) { r, graph };
    }
  merged = msvis_graph_merge (inputs, params->rank_size, params, is_bench, "-", NULL, &error);
  g_assert_no_error (error);
  return merged;
}

static void
test_case (gconstpointer data)
{
  const MergeCompare *c = data;
  MsvisMergeArgs args = { c->rank_size, 2, c->tp, 2, c->pp, 2 };
  g_autofree char *npu_dir = NULL, *bench_dir = NULL;
  g_autofree char *db_path = msvis_test_data_db ("reference-2026", c->name);
  g_autofree char *npu_relative = g_build_filename (c->input, "npu", NULL);
  g_autofree char *bench_relative = g_build_filename (c->input, "bench", NULL);
  MsvisMergeParams npu_params, bench_params;
  MsvisCompareMode mode, bench_mode;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) npu = NULL, bench = NULL;
  sqlite3 *db;

  npu_dir = msvis_test_data_path ("reference-2026", npu_relative);
  bench_dir = msvis_test_data_path ("reference-2026", bench_relative);
  g_assert_true (msvis_merge_params_load (&args, TRUE, &npu_params, &bench_params, &error));
  g_assert_no_error (error);
  npu = merge_side (npu_dir, &npu_params, FALSE, &mode);
  bench = merge_side (bench_dir, &bench_params, TRUE, &bench_mode);
  g_assert_cmpint (mode, ==, bench_mode);
  g_assert_cmpuint (npu->len, ==, bench->len);
  g_assert_cmpuint (npu->len, >, 0);

  db = msvis_test_open_db (db_path);
  for (guint i = 0; i < npu->len; i++)
    {
      MsvisMergeResult *n = &g_array_index (npu, MsvisMergeResult, i);
      MsvisMergeResult *b = &g_array_index (bench, MsvisMergeResult, i);
      MsvisCompareOptions options = { .era = MSVIS_ERA_2026, .mode = mode, .fuzzy = TRUE,
                                      .any_shape = TRUE, .keep_bench_micro_steps = TRUE };

      msvis_graph_number_micro_steps (n->graph);
      g_assert_true (msvis_compare_graphs_full (n->graph, b->graph, &options, &error));
      g_assert_no_error (error);
      msvis_check_2026_rows (c->name, db, "summary", 0, n->rank, n->graph, b->graph, TRUE);
    }
  sqlite3_close (db);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/compare-2026/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  return g_test_run ();
}
