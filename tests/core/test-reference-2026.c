// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <sqlite3.h>

#include "msvis-dump-describe.h"
#include "msvis-dump-layout.h"
#include "msvis-graph-builder.h"
#include "msvis-graph-job.h"
#include "msvis-test-util.h"

/* The dump forms msprobe writes since July 2025 (msprobe-2026.md §2), built and checked against
 * what mindstudio-probe 26.0.0 made of the same dump: its tb_nodes rows, read from the .vis.db
 * in tests/data/reference-2026/out. Only what reading decides is compared: which nodes there
 * are, their parents and their micro steps. */

/* The micro step msprobe 26 writes for @node: its own, else its parent's (msprobe-2026.md §4.7
 * propagates what msvis keeps on the root's children only); the root's is 0. */
static gint
effective_micro_step (MsvisGraph  *graph,
                      MsvisNodeId  node)
{
  for (; node != MSVIS_NODE_ID_NONE; node = msvis_graph_node_get_parent (graph, node))
    {
      gint step = msvis_graph_node_get_micro_step (graph, node);

      if (step >= 0)
        return step;
    }
  return 0;
}

/* The keys of msprobe's input_data or output_data JSON of @name, in its order. */
static char *
reference_item_names (sqlite3    *db,
                      const char *name,
                      gboolean    inputs)
{
  g_autofree char *sql = g_strdup_printf ("SELECT j.key FROM tb_nodes, json_each(%s) AS j "
                                          "WHERE data_source = 'NPU' AND node_name = ?1 "
                                          "ORDER BY j.id", inputs ? "input_data" : "output_data");
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (out, "%s\n", (const char *)sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return g_string_free (out, FALSE);
}

static guint
query_uint (sqlite3    *db,
            const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  guint value;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

/* Builds inputs/@input as msvis reads it and compares every NPU node with msprobe's row:
 * its parent, micro step and the names of its items. */
static void
check_case (const char *input,
            const char *case_name)
{
  g_autofree char *relative = g_build_filename ("inputs", input, NULL);
  g_autofree char *dump_dir = msvis_test_data_path ("reference-2026", relative);
  g_autofree char *db_path = msvis_test_data_db ("reference-2026", case_name);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisGraph) graph = msvis_test_build (dump_dir, FALSE, &error);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  guint rows = 0;

  g_assert_no_error (error);
  db = msvis_test_open_db (db_path);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT node_name, up_node, micro_step_id "
                                       "FROM tb_nodes WHERE data_source = 'NPU' "
                                       "ORDER BY node_order", -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      const char *name = (const char *)sqlite3_column_text (stmt, 0);
      const char *up = (const char *)sqlite3_column_text (stmt, 1);
      gint step = sqlite3_column_int (stmt, 2);
      MsvisNodeId node = msvis_graph_lookup (graph, name);
      MsvisNodeId parent;

      rows++;
      if (node == MSVIS_NODE_ID_NONE)
        g_error ("%s: msprobe 26 has node %s, msvis has not", case_name, name);
      parent = msvis_graph_node_get_parent (graph, node);
      g_assert_cmpstr (parent == MSVIS_NODE_ID_NONE ? "" : msvis_graph_node_get_id (graph, parent),
                       ==, up ? up : "");
      if (effective_micro_step (graph, node) != step)
        g_error ("%s: %s has micro step %d in msprobe 26, %d in msvis", case_name, name, step,
                 effective_micro_step (graph, node));
      for (int inputs = 0; inputs <= 1; inputs++)
        {
          g_autofree char *made = msvis_test_item_names (graph, node, inputs, '\n');
          g_autofree char *expected = reference_item_names (db, name, inputs);

          g_assert_cmpstr (made, ==, expected);
        }
    }
  sqlite3_finalize (stmt);

  g_assert_cmpuint (rows, >, 0);
  g_assert_cmpuint (msvis_graph_get_n_nodes (graph), ==, rows);
  g_assert_cmpuint (msvis_graph_get_micro_steps (graph), ==,
                    query_uint (db, "SELECT micro_steps FROM tb_config"));
  sqlite3_close (db);
}

/* [parent, micro_step] values and megatron_micro_step_number (msprobe-2026.md §2.4): 2 micro
 * steps from the file, collections take their first API's, gradients 0. */
static void
test_mini_megatron (void)
{
  check_case ("mini_megatron/npu", "build_mini_megatron");
}

/* Pipeline order F0 F1 B0 B1: July's name heuristic would find one micro step, the file
 * says two. */
static void
test_megatron_pp (void)
{
  check_case ("megatron_pp/npu", "build_megatron_pp");
}

/* X.parameters_grad.0 and .1 for two modules (msprobe-2026.md §2.5, §4.6), under each module's
 * last backward node. */
static void
test_parameters_grad_n (void)
{
  check_case ("pgrad/npu", "build_pgrad");
}

/* "step|rank" of each graph a run wrote, from the file names msvis gives them:
 * {build,compare}_[stepS_]RANKDIR_T.vis, in the order written. */
static char *
written_graphs (GPtrArray *written)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < written->len; i++)
    {
      g_autofree char *base = g_path_get_basename (g_ptr_array_index (written, i));
      g_auto(GStrv) parts = g_strsplit (base, "_", -1);
      guint n = g_strv_length (parts);

      g_assert_cmpuint (n, >=, 3);
      g_string_append_printf (out, "%d|%d\n",
                              n == 4 ? msvis_dump_layout_rank_number (parts[1]) : 0,
                              msvis_dump_layout_rank_number (parts[n - 2]));
    }
  return g_string_free (out, FALSE);
}

/* The graphs msprobe 26 wrote, as "step|rank" in the order it wrote them. */
static char *
reference_graphs (const char *case_name)
{
  g_autofree char *db_path = msvis_test_data_db ("reference-2026", case_name);
  GString *out = g_string_new (NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  db = msvis_test_open_db (db_path);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT step, rank FROM tb_nodes "
                                       "WHERE data_source = 'NPU' GROUP BY step, rank "
                                       "ORDER BY min(rowid)", -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (out, "%d|%d\n", sqlite3_column_int (stmt, 0),
                            sqlite3_column_int (stmt, 1));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

/* Runs msvis graph on inputs/@input/npu (and bench, for a compare) into @out_dir. */
static GPtrArray *
run_job (const char          *input,
         gboolean             compare,
         MsvisGraphJobFormat  format,
         const char          *out_dir)
{
  g_autofree char *relative = g_build_filename ("inputs", input, NULL);
  g_autofree char *input_dir = msvis_test_data_path ("reference-2026", relative);
  g_autofree char *npu = g_build_filename (input_dir, "npu", NULL);
  g_autofree char *bench = g_build_filename (input_dir, "bench", NULL);
  g_autofree char *config_dir = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (config_dir, "compare.json", NULL);
  g_autofree char *json = compare
    ? g_strdup_printf ("{\"npu_path\": \"%s\", \"bench_path\": \"%s\"}", npu, bench)
    : g_strdup_printf ("{\"npu_path\": \"%s\"}", npu);
  MsvisGraphJob job = { config, (char *)out_dir, FALSE, FALSE, FALSE, NULL, (char *)"T" };
  g_autoptr(GError) error = NULL;
  GPtrArray *written;

  job.format = format;
  msvis_test_write (config_dir, "compare.json", json, -1);
  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return written;
}

/* Checks that msvis graph made the graphs of msprobe's run, in its order. */
static void
check_layout (const char *input,
              const char *case_name,
              gboolean    compare)
{
  g_autofree char *out_dir = msvis_test_make_dir ();
  g_autoptr(GPtrArray) written = run_job (input, compare, MSVIS_GRAPH_JOB_FORMAT_VIS, out_dir);
  g_autofree char *made = written_graphs (written);
  g_autofree char *expected = reference_graphs (case_name);

  g_assert_cmpstr (made, ==, expected);
}

/* "name|micro step" of every benchmark node of the .vis.db at @path, by name. */
static char *
bench_micro_steps (const char *path)
{
  GString *out = g_string_new (NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  db = msvis_test_open_db (path);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT node_name, micro_step_id FROM tb_nodes "
                                       "WHERE data_source = 'Bench' ORDER BY node_name",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (out, "%s|%d\n", (const char *)sqlite3_column_text (stmt, 0),
                            sqlite3_column_int (stmt, 1));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

/* A compare of two Megatron dumps leaves the benchmark's micro steps as its construct.json
 * gives them: no paging moves them (msprobe-2026.md §4.7). */
static void
test_megatron_compare (void)
{
  static const char *cases[][2] = {
    { "megatron_pp", "cmp_megatron_pp" },
    { "mini_megatron", "cmp_mini_megatron" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out_dir = msvis_test_make_dir ();
      g_autoptr(GPtrArray) written = run_job (cases[i][0], TRUE, MSVIS_GRAPH_JOB_FORMAT_DB,
                                              out_dir);
      g_autofree char *reference = msvis_test_data_db ("reference-2026", cases[i][1]);
      g_autofree char *made = NULL;
      g_autofree char *expected = bench_micro_steps (reference);

      g_assert_cmpuint (written->len, ==, 1);
      made = bench_micro_steps (g_ptr_array_index (written, 0));
      g_assert_cmpstr (made, ==, expected);
    }
}

/* msprobe-2026.md §2.1, §2.2: a proc<pid> folder stands for rank 0 when there is no rank
 * folder; beside rank folders it is skipped. */
static void
test_proc (void)
{
  g_autofree char *proc = msvis_test_data_path ("reference-2026", "inputs/proc/npu");
  g_autofree char *rank_proc = msvis_test_data_path ("reference-2026",
                                                     "inputs/rank_proc/npu/step0");
  g_autoptr(GFile) proc_dir = g_file_new_for_path (proc);
  g_autoptr(GFile) rank_proc_dir = g_file_new_for_path (rank_proc);
  g_autoptr(GError) error = NULL;
  g_autofree char *proc_text = msvis_dump_describe (proc_dir, NULL, &error);
  g_autofree char *rank_proc_text = NULL;

  /* What the window says of the folder before it builds it. */
  g_assert_no_error (error);
  g_assert_cmpstr (proc_text, ==, "1 rank");
  rank_proc_text = msvis_dump_describe (rank_proc_dir, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (rank_proc_text, ==, "2 ranks");

  check_layout ("proc", "build_proc", FALSE);
  check_layout ("proc", "cmp_proc", TRUE);
  check_layout ("rank_proc", "build_rank_proc", FALSE);
  check_layout ("rank_proc", "cmp_rank_proc", TRUE);
}

/* msprobe-2026.md §2.2: ranks in numeric order (rank2 before rank10), and only the ranks or
 * steps both sides have are compared. */
static void
test_rank_and_step_sets (void)
{
  check_layout ("ranks12", "cmp_ranks12", TRUE);
  check_layout ("rankdiff", "cmp_rankdiff", TRUE);
  check_layout ("stepdiff", "cmp_stepdiff", TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/reference-2026/megatron/mini", test_mini_megatron);
  g_test_add_func ("/reference-2026/megatron/pipeline", test_megatron_pp);
  g_test_add_func ("/reference-2026/megatron/compare", test_megatron_compare);
  g_test_add_func ("/reference-2026/parameters-grad-n", test_parameters_grad_n);
  g_test_add_func ("/reference-2026/layout/proc", test_proc);
  g_test_add_func ("/reference-2026/layout/rank-and-step-sets", test_rank_and_step_sets);

  return g_test_run ();
}
