// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-comparator.h"
#include "msvis-compare-error.h"
#include "msvis-graph-builder.h"
#include "msvis-layer-mapping.h"
#include "msvis-py-repr.h"
#include "msvis-compare-2026-check.h"
#include "msvis-test-util.h"

/* msprobe 26's compare (msprobe-2026.md §5–§7) against what mindstudio-probe 26.0.0 made of
 * the same dumps: every compare case of tests/data/reference-2026/cases.txt is built on both
 * sides, compared with era 2026, and each NPU node checked against msprobe's tb_nodes row:
 * its counterpart, its precision_index with its storage class, and the keys the compare
 * appended to each item, in order, with their text (§8). */

/* Cases checked elsewhere: the parallel merges, whose ranks are merged before they are
 * compared (test-compare-2026-merge.c). */
static const char *const left_out[][2] = {
  { "cmp_merge", "test-compare-2026-merge" },
  { "cmp_merge_tp", "test-compare-2026-merge" },
  { "cmp_merge_mini", "test-compare-2026-merge" },
  { NULL, NULL },
};

/* Cases where msprobe 26 builds fewer nodes than the builder does (the MindSpore dump of
 * cmp_xfw_lm: 5 of 19): only msprobe's nodes are checked. */
static const char *const fewer_nodes[] = { "cmp_xfw_lm", "cmp_xfw_lm_default", NULL };

typedef struct
{
  char *name;
  char *npu;       /* relative to tests/data/reference-2026 */
  char *bench;
  char *mapping;   /* -lm: the yaml, "" for a bare -lm, NULL without */
  gboolean fuzzy;
  char *db;
} Case;

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->name);
  g_free (c->npu);
  g_free (c->bench);
  g_free (c->mapping);
  g_free (c->db);
  g_free (c);
}

/* "name | arguments | outputs" lines of cases.txt, compare cases only. */
static GPtrArray *
read_cases (void)
{
  g_autofree char *path = msvis_test_data_path ("reference-2026", "cases.txt");
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *cases = g_ptr_array_new_with_free_func (case_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (lines[i], "|", 3);
      g_auto(GStrv) args = NULL;
      Case *c;

      if (g_strv_length (parts) != 3 || !g_str_has_prefix (lines[i], "cmp_"))
        continue;
      c = g_new0 (Case, 1);
      c->name = g_strstrip (g_strdup (parts[0]));
      c->db = g_strstrip (g_strdup (parts[2]));
      args = g_strsplit_set (g_strstrip (parts[1]), " ", -1);
      for (guint a = 0; args[a] != NULL; a++)
        {
          if (strcmp (args[a], "-tp") == 0 && args[a + 1] != NULL)
            c->npu = g_strdup (args[++a]);
          else if (strcmp (args[a], "-gp") == 0 && args[a + 1] != NULL)
            c->bench = g_strdup (args[++a]);
          else if (strcmp (args[a], "-fm") == 0)
            c->fuzzy = TRUE;
          else if (strcmp (args[a], "-lm") == 0)
            c->mapping = args[a + 1] != NULL && args[a + 1][0] != '-' ? g_strdup (args[++a])
                                                                       : g_strdup ("");
        }
      g_assert_nonnull (c->npu);
      g_assert_nonnull (c->bench);
      g_ptr_array_add (cases, c);
    }
  return cases;
}

/* The folder of one step and rank of a dump: itself (FILES), stepS/, then rankR/ or the one
 * rank or proc folder msprobe takes for rank 0. */
static char *
graph_dir (const char *dir,
           gint        step,
           gint        rank)
{
  g_autofree char *dump = g_build_filename (dir, "dump.json", NULL);
  g_autofree char *step_dir = g_strdup_printf ("%s/step%d", dir, step);
  g_autofree char *rank_dir = g_strdup_printf ("%s/rank%d", dir, rank);
  g_autoptr(GDir) listing = NULL;
  const char *name;

  if (g_file_test (dump, G_FILE_TEST_EXISTS))
    return g_strdup (dir);
  if (g_file_test (step_dir, G_FILE_TEST_IS_DIR))
    return graph_dir (step_dir, -1, rank);
  if (g_file_test (rank_dir, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&rank_dir);
  g_assert_cmpint (rank, ==, 0);
  listing = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (strcmp (name, "rank") == 0 || g_str_has_prefix (name, "proc"))
      return g_build_filename (dir, name, NULL);
  g_error ("%s: no folder for step %d rank %d", dir, step, rank);
}

static gboolean
collect_name (const char            *name,
              const MsvisJsonValue  *entry,
              gpointer               user_data,
              GError               **error)
{
  GPtrArray *names = user_data;

  for (guint i = 0; i < names->len; i++)
    if (strcmp (g_ptr_array_index (names, i), name) == 0)
      return TRUE;
  g_ptr_array_add (names, g_strdup (name));
  return TRUE;
}

static MsvisGraph *
build (const char       *dir,
       MsvisDumpHeader  *header,
       GPtrArray        *names)
{
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autoptr(GError) error = NULL;
  MsvisBuildOptions options = { .era = MSVIS_ERA_2026, .keep_md5 = TRUE };
  MsvisGraph *graph;

  if (names != NULL)
    {
      options.entry_hook = collect_name;
      options.hook_data = names;
    }
  graph = msvis_graph_build (file, &options, header, NULL, &error);
  g_assert_no_error (error);
  return graph;
}

static MsvisScopeFramework
framework_of (const MsvisDumpHeader *header)
{
  return g_strcmp0 (header->framework, "mindspore") == 0 ? MSVIS_SCOPE_MINDSPORE
                                                          : MSVIS_SCOPE_PYTORCH;
}

static GHashTable *
layer_mapping (const Case      *c,
               const char      *npu_dir,
               MsvisDumpHeader *npu_header,
               GPtrArray       *npu_names,
               const char      *bench_dir,
               MsvisDumpHeader *bench_header,
               GPtrArray       *bench_names)
{
  g_autoptr(GFile) npu = g_file_new_for_path (npu_dir);
  g_autoptr(GFile) bench = g_file_new_for_path (bench_dir);
  g_autoptr(GHashTable) renames = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;
  GHashTable *mapping;

  if (*c->mapping != '\0')
    {
      g_autofree char *yaml = msvis_test_data_path ("reference-2026", c->mapping);

      renames = msvis_layer_mapping_read_yaml (yaml, &warning, &error);
    }
  else
    renames = g_hash_table_new (g_str_hash, g_str_equal);
  g_assert_no_error (error);
  mapping = msvis_layer_mapping_build (npu, npu_names, framework_of (npu_header), bench,
                                       bench_names, framework_of (bench_header), renames, NULL,
                                       &error);
  g_assert_no_error (error);
  return mapping;
}

/* Builds and compares one step and rank of @c with era 2026. */
static void
compare_graph (const Case  *c,
               gint         step,
               gint         rank,
               MsvisGraph **npu_out,
               MsvisGraph **bench_out)
{
  g_autofree char *npu_top = msvis_test_data_path ("reference-2026", c->npu);
  g_autofree char *bench_top = msvis_test_data_path ("reference-2026", c->bench);
  g_autofree char *npu_dir = graph_dir (npu_top, step, rank);
  g_autofree char *bench_dir = graph_dir (bench_top, step, rank);
  g_autofree char *npu_tensors = g_build_filename (npu_dir, "dump_tensor_data", NULL);
  g_autofree char *bench_tensors = g_build_filename (bench_dir, "dump_tensor_data", NULL);
  g_autoptr(GPtrArray) npu_names = NULL, bench_names = NULL;
  g_autoptr(GHashTable) mapping = NULL;
  MsvisDumpHeader npu_header = { 0 }, bench_header = { 0 };
  MsvisCompareOptions options = { .era = MSVIS_ERA_2026, .fuzzy = c->fuzzy };

  if (c->mapping != NULL)
    {
      npu_names = g_ptr_array_new_with_free_func (g_free);
      bench_names = g_ptr_array_new_with_free_func (g_free);
    }
  *npu_out = build (npu_dir, &npu_header, npu_names);
  *bench_out = build (bench_dir, &bench_header, bench_names);
  g_assert_true (msvis_compare_mode_from_header (&npu_header, &options.mode));
  if (c->mapping != NULL)
    options.mapping = mapping = layer_mapping (c, npu_dir, &npu_header, npu_names, bench_dir,
                                               &bench_header, bench_names);
  options.npu_tensor_dir = npu_tensors;
  options.bench_tensor_dir = bench_tensors;
  msvis_compare_graphs (*npu_out, *bench_out, &options);
  msvis_dump_header_clear (&npu_header);
  msvis_dump_header_clear (&bench_header);
}

/* Every NPU row msprobe wrote for one graph against msvis's node of that name. */
static void
check_graph (const Case *c,
             sqlite3    *db,
             const char *task,
             gint        step,
             gint        rank)
{
  g_autoptr(MsvisGraph) npu = NULL;
  g_autoptr(MsvisGraph) bench = NULL;

  compare_graph (c, step, rank, &npu, &bench);
  msvis_check_2026_rows (c->name, db, task, step, rank, npu, bench,
                         !g_strv_contains (fewer_nodes, c->name));
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *db_path = msvis_test_data_path ("reference-2026", c->db);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  g_autofree char *task = NULL;
  g_autoptr(GArray) graphs = g_array_new (FALSE, FALSE, sizeof (gint) * 2);

  db = msvis_test_open_db (db_path);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT task FROM tb_config", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  task = g_strdup ((const char *)sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT DISTINCT step, rank FROM tb_nodes "
                                       "WHERE data_source = 'NPU' ORDER BY step, rank",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      gint pair[2] = { sqlite3_column_int (stmt, 0), sqlite3_column_int (stmt, 1) };

      g_array_append_vals (graphs, pair, 1);
    }
  sqlite3_finalize (stmt);
  g_assert_cmpuint (graphs->len, >, 0);
  for (guint i = 0; i < graphs->len; i++)
    {
      gint *pair = &g_array_index (graphs, gint, 2 * i);

      check_graph (c, db, task, pair[0], pair[1]);
    }
  sqlite3_close (db);
}

/* err_cmp_struct_july: msprobe 26 fails a structure compare once a matched node has data
 * items (msprobe-2026.md §7.2); the July era compares it. */
static void
test_structure_with_data (void)
{
  g_autofree char *npu_dir = msvis_test_data_path ("reference", "inputs/fx/pt_struct/npu");
  g_autofree char *bench_dir = msvis_test_data_path ("reference", "inputs/fx/pt_struct/bench");
  MsvisDumpHeader npu_header = { 0 }, bench_header = { 0 };
  g_autoptr(MsvisGraph) npu = build (npu_dir, &npu_header, NULL);
  g_autoptr(MsvisGraph) bench = build (bench_dir, &bench_header, NULL);
  MsvisCompareOptions options = { .era = MSVIS_ERA_2026 };
  g_autoptr(GError) error = NULL;

  g_assert_true (msvis_compare_mode_from_header (&npu_header, &options.mode));
  g_assert_cmpint (options.mode, ==, MSVIS_COMPARE_STRUCTURE);
  g_assert_false (msvis_compare_graphs_full (npu, bench, &options, &error));
  g_assert_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "expected summary/all/md5, actually structure."));

  g_clear_object (&npu);
  g_clear_object (&bench);
  g_clear_error (&error);
  msvis_dump_header_clear (&npu_header);
  msvis_dump_header_clear (&bench_header);
  npu = build (npu_dir, &npu_header, NULL);
  bench = build (bench_dir, &bench_header, NULL);
  options.era = MSVIS_ERA_2025_07;
  g_assert_true (msvis_compare_graphs_full (npu, bench, &options, &error));
  g_assert_no_error (error);
  msvis_dump_header_clear (&npu_header);
  msvis_dump_header_clear (&bench_header);
}

#define TENSOR(dtype, shape, md5) \
  "{\"type\": \"torch.Tensor\", \"dtype\": \"" dtype "\", \"shape\": " shape ", " \
  "\"Max\": 1.0, \"Min\": 0.0, \"Mean\": 0.5, \"Norm\": 1.0, \"requires_grad\": true" md5 "}"
#define F32 TENSOR ("torch.float32", "[2]", "")
#define F16 TENSOR ("torch.float16", "[2]", "")
#define F32_4 TENSOR ("torch.float32", "[4]", "")

/* The precision_index era 2026 gives the one node of two hand-made dumps of @entry: the
 * members @npu_io and @bench_io of its two dump.json entries. */
static char *
judge_pair (const char *entry,
            const char *npu_io,
            const char *bench_io,
            gboolean    parallel_merge,
            char      **outputs)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *npu_dir = g_build_filename (dir, "npu", NULL);
  g_autofree char *bench_dir = g_build_filename (dir, "bench", NULL);
  g_autofree char *construct = g_strdup_printf ("{\"%s\": null}", entry);
  g_autofree char *npu_data = g_strdup_printf ("\"%s\": {%s}", entry, npu_io);
  g_autofree char *bench_data = g_strdup_printf ("\"%s\": {%s}", entry, bench_io);
  MsvisDumpHeader npu_header = { 0 }, bench_header = { 0 };
  g_autoptr(MsvisGraph) npu = NULL, bench = NULL;
  MsvisCompareOptions options = { .era = MSVIS_ERA_2026, .any_shape = parallel_merge,
                                  .fuzzy = parallel_merge };
  char *result;

  g_assert_cmpint (g_mkdir (npu_dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (bench_dir, 0755), ==, 0);
  msvis_test_write_dump (npu_dir, construct, npu_data, NULL);
  msvis_test_write_dump (bench_dir, construct, bench_data, NULL);
  npu = build (npu_dir, &npu_header, NULL);
  bench = build (bench_dir, &bench_header, NULL);
  g_assert_true (msvis_compare_mode_from_header (&npu_header, &options.mode));
  msvis_compare_graphs (npu, bench, &options);
  result = msvis_check_2026_precision (npu, msvis_graph_lookup (npu, entry));
  if (outputs != NULL)
    *outputs = msvis_check_2026_metrics (npu, msvis_graph_lookup (npu, entry), FALSE);
  msvis_dump_header_clear (&npu_header);
  msvis_dump_header_clear (&bench_header);
  msvis_test_remove_tree (dir);
  return result;
}

static void
expect_index (const char *entry,
              const char *npu_io,
              const char *bench_io,
              gboolean    parallel_merge,
              const char *expected)
{
  g_autofree char *made = judge_pair (entry, npu_io, bench_io, parallel_merge, NULL);
  g_autofree char *what = g_strdup_printf ("%s: %s", entry, made);
  g_autofree char *want = g_strdup_printf ("%s: %s", entry, expected);

  g_assert_cmpstr (what, ==, want);
}

/* The rules no reference case reaches (msprobe-2026.md §7.3, §7.4, §13): ignore classes,
 * the empty family in md5 mode, a parallel merge's checkers. */
static void
test_rules (void)
{
  const char *same = "\"input_args\": [" F32 "], \"output\": [" F32 "]";
  const char *input_dtype = "\"input_args\": [" F16 "], \"output\": [" F32 "]";
  const char *output_shape = "\"input_args\": [" F32 "], \"output\": [" F32_4 "]";
  const char *md5_a = "\"input_args\": [" TENSOR ("torch.float32", "[2]", ", \"md5\": \"aa\"")
                      "], \"output\": []";
  const char *md5_b = "\"input_args\": [" TENSOR ("torch.float32", "[2]", ", \"md5\": \"bb\"")
                      "], \"output\": []";

  /* a dtype change: an error, unless the API's inputs are ignored */
  expect_index ("Torch.add.0.forward", input_dtype, same, FALSE, "integer 1");
  expect_index ("Distributed._reduce_scatter_base.0.forward", input_dtype, same, FALSE,
                "integer 0");
  expect_index ("Tensor.to.0.forward", input_dtype, same, FALSE, "integer 0");
  /* md5: the CRC alone; to passes, the empty family is red whatever it holds */
  expect_index ("Torch.add.0.forward", md5_a, md5_b, FALSE, "integer 1");
  expect_index ("Tensor.to.0.forward", md5_a, md5_b, FALSE, "integer 0");
  expect_index ("Torch.empty.0.forward", md5_a, md5_a, FALSE, "integer 1");
  /* no shape check in a parallel merge, whose rank suffixes do not hide an ignored API */
  expect_index ("Torch.add.0.forward", output_shape, same, FALSE, "integer 1");
  expect_index ("Torch.add.0.forward", output_shape, same, TRUE, "integer 0");
  expect_index ("Tensor.to_rank1.0.forward", input_dtype, same, TRUE, "integer 0");
  expect_index ("Tensor.to_rank1.0.forward", input_dtype, same, FALSE, "integer 1");
}

/* An extra NPU output (msprobe-2026.md §6, §12.1): an aligned row with blank metrics that the
 * checkers judge against "Nan": an error in summary mode, a warning in md5 mode. */
static void
test_extra_npu_item (void)
{
  const char *two = "\"input_args\": [], \"output\": [" F32 ", " F32 "]";
  const char *one = "\"input_args\": [], \"output\": [" F32 "]";
  const char *two_md5 = "\"input_args\": [], \"output\": ["
                        TENSOR ("torch.float32", "[2]", ", \"md5\": \"aa\"") ", "
                        TENSOR ("torch.float32", "[2]", ", \"md5\": \"aa\"") "]";
  const char *one_md5 = "\"input_args\": [], \"output\": ["
                        TENSOR ("torch.float32", "[2]", ", \"md5\": \"aa\"") "]";
  const char *paired = "Torch.a.0.forward.output.0 Max diff=0.0\n"
    "Torch.a.0.forward.output.0 Min diff=0.0\nTorch.a.0.forward.output.0 Mean diff=0.0\n"
    "Torch.a.0.forward.output.0 L2norm diff=0.0\n"
    "Torch.a.0.forward.output.0 MaxRelativeErr=0.0%\n"
    "Torch.a.0.forward.output.0 MinRelativeErr=N/A\n"
    "Torch.a.0.forward.output.0 MeanRelativeErr=0.0%\n"
    "Torch.a.0.forward.output.0 NormRelativeErr=0.0%\n"
    "Torch.a.0.forward.output.0 Requires_grad Consistent=True\n"
    "Torch.a.0.forward.output.0 Result=pass\nTorch.a.0.forward.output.0 Err_message=[]\n";
  const char *extra = "Torch.a.0.forward.output.1 Max diff= \n"
    "Torch.a.0.forward.output.1 Min diff= \nTorch.a.0.forward.output.1 Mean diff= \n"
    "Torch.a.0.forward.output.1 L2norm diff= \nTorch.a.0.forward.output.1 MaxRelativeErr= \n"
    "Torch.a.0.forward.output.1 MinRelativeErr= \n"
    "Torch.a.0.forward.output.1 MeanRelativeErr= \n"
    "Torch.a.0.forward.output.1 NormRelativeErr= \n"
    "Torch.a.0.forward.output.1 Requires_grad Consistent=False\n"
    "Torch.a.0.forward.output.1 Result=error\n"
    "Torch.a.0.forward.output.1 Err_message=[\"error: The Required_Grad of NPU and Bench are "
    "inconsistent\", \"error: The dtype of NPU and Bench are inconsistent.\", \"error: The "
    "shape of NPU and Bench are inconsistent.\"]\n";
  const char *md5 = "Torch.a.0.forward.output.0 Result=pass\n"
    "Torch.a.0.forward.output.0 Requires_grad Consistent=True\n"
    "Torch.a.0.forward.output.0 Err_message=[]\n"
    "Torch.a.0.forward.output.1 Result=warning\n"
    "Torch.a.0.forward.output.1 Requires_grad Consistent=False\n"
    "Torch.a.0.forward.output.1 Err_message=[\"warning: The parameter of NPU does not match "
    "the bench.\"]\n";
  g_autofree char *outputs = NULL, *md5_outputs = NULL, *expected = NULL;
  g_autofree char *index = judge_pair ("Torch.a.0.forward", two, one, FALSE, &outputs);
  g_autofree char *md5_index = judge_pair ("Torch.a.0.forward", two_md5, one_md5, FALSE,
                                           &md5_outputs);

  expected = g_strconcat (paired, extra, NULL);
  g_assert_cmpstr (index, ==, "integer 1");
  g_assert_cmpstr (outputs, ==, expected);
  g_assert_cmpstr (md5_index, ==, "real 0.5");
  g_assert_cmpstr (md5_outputs, ==, md5);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) cases = NULL;

  g_test_init (&argc, &argv, NULL);

  cases = read_cases ();
  g_assert_cmpuint (cases->len, >, 0);
  for (guint i = 0; i < cases->len; i++)
    {
      Case *c = g_ptr_array_index (cases, i);
      gboolean skip = FALSE;
      g_autofree char *path = NULL;

      for (guint k = 0; left_out[k][0] != NULL; k++)
        skip |= strcmp (left_out[k][0], c->name) == 0;
      if (skip)
        continue;
      path = g_strdup_printf ("/compare-2026/%s", c->name);
      g_test_add_data_func (path, c, test_case);
    }
  g_test_add_func ("/compare-2026/err_cmp_struct_july", test_structure_with_data);
  g_test_add_func ("/compare-2026/rules", test_rules);
  g_test_add_func ("/compare-2026/extra-npu-item", test_extra_npu_item);
  return g_test_run ();
}
