// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <sqlite3.h>

#include "msvis-graph-builder.h"
#include "msvis-graph-merger.h"
#include "msvis-merge-json-private.h"
#include "msvis-json-writer.h"
#include "msvis-test-util.h"

/* msprobe 26's parallel merge (msprobe-2026.md §11) and --file_type json
 * (msprobe-2026.md §1.7), checked against what mindstudio-probe 26.0.0 wrote for the merge
 * cases of
 * tests/data/reference-2026/cases.txt: the merged graphs' rows of its .vis.db, and the dump
 * folder of build_merge_json byte for byte. */

/* The rank graphs of @dir (rank0, rank1, …) built as msprobe 26 builds them. */
static GPtrArray *
build_ranks (const char *dir,
             guint       n_ranks)
{
  GPtrArray *graphs = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint r = 0; r < n_ranks; r++)
    {
      g_autofree char *name = g_strdup_printf ("rank%u", r);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      MsvisBuildOptions options = { .era = MSVIS_ERA_2026, .complete_stack = TRUE };
      MsvisDumpHeader header;
      g_autoptr(GError) error = NULL;
      MsvisGraph *graph = msvis_graph_build (file, &options, &header, NULL, &error);

      g_assert_no_error (error);
      msvis_dump_header_clear (&header);
      g_ptr_array_add (graphs, graph);
    }
  return graphs;
}

static GArray *
merge_dir (const char             *dir,
           const MsvisMergeParams *params,
           gboolean                is_bench,
           GError                **error)
{
  g_autoptr(GPtrArray) graphs = build_ranks (dir, params->rank_size);
  g_autofree MsvisMergeInput *inputs = g_new (MsvisMergeInput, graphs->len);

  for (guint i = 0; i < graphs->len; i++)
    inputs[i] = (MsvisMergeInput) { (gint)i, g_ptr_array_index (graphs, i) };
  return msvis_graph_merge (inputs, graphs->len, params, is_bench, "-", NULL, error);
}

static void
append_json_string (GString    *out,
                    const char *text)
{
  msvis_json_append_escaped (out, text, strlen (text));
}

/* What the .vis.db holds of each node msprobe writes, in its order: name, up_node, sub_nodes
 * and parallel_merge_info as json.dumps texts ('' when empty), and the rank. */
static char *
made_rows (MsvisGraph *graph,
           gint        rank)
{
  g_autoptr(GArray) sorted = msvis_merge_sorted_nodes (graph);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < sorted->len; i++)
    {
      MsvisNodeId node = g_array_index (sorted, MsvisNodeId, i);
      MsvisNodeId up = msvis_graph_node_get_parent (graph, node);
      MsvisNodeId listed = msvis_graph_lookup (graph, msvis_graph_node_get_id (graph, node));
      MsvisJsonValue *info = listed == MSVIS_NODE_ID_NONE ? NULL
        : msvis_graph_node_get_merge_info (graph, listed);
      guint n;
      const MsvisNodeId *set = msvis_graph_node_get_subnode_list (graph, node, &n);
      g_autoptr(GArray) subs = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));

      if (set != NULL)
        g_array_append_vals (subs, set, n);
      else
        for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node);
             c != MSVIS_NODE_ID_NONE; c = msvis_graph_node_get_next_sibling (graph, c))
          g_array_append_val (subs, c);

      g_string_append_printf (out, "%s|%s|", msvis_graph_node_get_id (graph, node),
                              up == MSVIS_NODE_ID_NONE ? "" : msvis_graph_node_get_id (graph, up));
      for (guint j = 0; j < subs->len; j++)
        {
          g_string_append (out, j == 0 ? "[" : ", ");
          append_json_string (out, msvis_graph_node_get_id (graph,
                                                            g_array_index (subs, MsvisNodeId, j)));
        }
      g_string_append (out, subs->len > 0 ? "]|" : "|");
      if (info != NULL && info->n > 0)
        {
          guint j = 0;

          msvis_json_value_foreach (line, info)
            {
              g_string_append (out, j++ == 0 ? "[" : ", ");
              append_json_string (out, line->s);
            }
          g_string_append_c (out, ']');
        }
      g_string_append_printf (out, "|%d\n", rank);
    }
  return g_string_free (out, FALSE);
}

static char *
reference_rows (const char *base,
                const char *case_name,
                const char *source)
{
  g_autofree char *db_path = msvis_test_data_db (base, case_name);
  GString *out = g_string_new (NULL);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  db = msvis_test_open_db (db_path);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT node_name, up_node, sub_nodes, "
                                       "parallel_merge_info, rank FROM tb_nodes "
                                       "WHERE data_source = ?1 ORDER BY node_order",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, source, -1, SQLITE_STATIC);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      for (int c = 0; c < 4; c++)
        {
          const char *text = (const char *)sqlite3_column_text (stmt, c);

          g_string_append_printf (out, "%s|", text ? text : "");
        }
      g_string_append_printf (out, "%d\n", sqlite3_column_int (stmt, 4));
    }
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

typedef struct
{
  const char *base;         /* the folder under tests/data */
  const char *name;
  const char *input;        /* under it */
  gboolean    compare;
  gint        rank_size[2];
  gint        tp[2];
  gint        pp[2];
  const char *order;        /* --order, for a build */
  const char *expected_base; /* where out/<name> is, when not in base */
  gint        vpp;          /* --vpp, for a build; 0 when not given */
} MergeCase;

#define REF "reference-2026"
#define PT_DIST "../msprobe-reference/inputs/fx/pt_dist"

/* The merge cases of cases.txt, then the rules of msprobe-2026.md §11.1 on dumps of their own
 * (tests/data/merge-2026/README.md). */
static const MergeCase cases[] = {
  { REF, "build_merge", PT_DIST, FALSE, { 2 }, { 2 }, { 1 } },
  { REF, "cmp_merge", PT_DIST, TRUE, { 2, 2 }, { 2, 1 }, { 1, 2 } },
  { REF, "cmp_merge_tp", PT_DIST, TRUE, { 2, 2 }, { 2, 2 }, { 1, 1 } },
  { REF, "build_merge_mini", "inputs/mini_tp2", FALSE, { 2 }, { 2 }, { 1 } },
  { REF, "cmp_merge_mini", "inputs/mini_tp2", TRUE, { 2, 2 }, { 2, 2 }, { 1, 1 } },
  { "merge-2026", "pp_root", "pp_root", FALSE, { 2 }, { 1 }, { 2 } },
  { "merge-2026", "tp_none", "tp_none", FALSE, { 2 }, { 2 }, { 1 } },
  /* Twelve ranks whose data name too few groups, so that the default ones count: a full
   * merge, a TP+PP one, and a layout in another --order. */
  { REF, "r12_full", "inputs/ranks12", FALSE, { 12 }, { 2 }, { 2 }, NULL, "merge-2026" },
  { REF, "r12_tppp", "inputs/ranks12", FALSE, { 12 }, { 3 }, { 4 }, NULL, "merge-2026" },
  { REF, "r12_order", "inputs/ranks12", FALSE, { 12 }, { 2 }, { 3 }, "pp-tp-dp", "merge-2026" },
  /* Virtual pipeline chunks: a build reads --vpp in msprobe 26. */
  { "merge-2026", "vpp", "vpp", FALSE, { 2 }, { 1 }, { 2 }, NULL, NULL, 2 },
  /* For --file_type json only: a PP merge of ranks that are not PP stages, and of the
   * benchmark side of pt_dist. */
  { REF, "mini_tp2_pp", "inputs/mini_tp2", FALSE, { 2 }, { 1 }, { 2 } },
  { REF, "dist_bench_pp", PT_DIST, FALSE, { 2 }, { 1 }, { 2 } },
};

#define N_ROW_CASES 11

/* The cases written with --file_type json too: out/<name>_json, or build_merge_json. */
static const struct
{
  guint       merge_case;
  const char *base;       /* of the expected files */
  const char *json_out;
  gboolean    bench;      /* the case's bench folder, merged as a build */
} json_cases[] = {
  { 0, REF, "out/build_merge_json" },
  { 5, "merge-2026", "out/pp_root_json" },
  { 6, "merge-2026", "out/tp_none_json" },
  { 3, "merge-2026", "out/mini_tp2_tp_json" },
  { 11, "merge-2026", "out/mini_tp2_pp_json" },
  { 12, "merge-2026", "out/dist_bench_pp_json", TRUE },
  { 10, "merge-2026", "out/vpp_json" },
};

/* The params as graph_visualize makes them of the case's flags. */
static void
case_params (const MergeCase  *c,
             MsvisMergeParams *npu,
             MsvisMergeParams *bench)
{
  MsvisMergeArgs args = { c->rank_size, c->compare ? 2 : 1, c->tp, c->compare ? 2 : 1,
                          c->pp, c->compare ? 2 : 1, &c->vpp, c->vpp ? 1 : 0, &c->order,
                          c->order ? 1 : 0 };
  g_autoptr(GError) error = NULL;

  g_assert_true (msvis_merge_params_load (&args, c->compare, npu, bench, &error));
  g_assert_no_error (error);
}

static void
check_side (const MergeCase        *c,
            const MsvisMergeParams *params,
            gboolean                is_bench)
{
  g_autofree char *relative = g_build_filename (c->input, is_bench ? "bench" : "npu", NULL);
  g_autofree char *dir = msvis_test_data_path (c->base, relative);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) merged = NULL;
  g_autofree char *expected = reference_rows (c->expected_base ? c->expected_base : c->base,
                                              c->name, is_bench ? "Bench" : "NPU");
  GString *made = g_string_new (NULL);

  g_assert_true (msvis_merge_params_validate (params, dir, is_bench, &error));
  merged = merge_dir (dir, params, is_bench, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < merged->len; i++)
    {
      MsvisMergeResult *r = &g_array_index (merged, MsvisMergeResult, i);
      g_autofree char *rows = made_rows (r->graph, r->rank);

      g_string_append (made, rows);
    }
  g_assert_cmpstr (expected, !=, "");
  g_assert_cmpstr (made->str, ==, expected);
  g_string_free (made, TRUE);
}

static void
test_case (gconstpointer data)
{
  const MergeCase *c = data;
  MsvisMergeParams npu, bench;

  case_params (c, &npu, &bench);
  check_side (c, &npu, FALSE);
  if (c->compare)
    check_side (c, &bench, TRUE);
}

static char *
read_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* "id|parent" of every node, in post-order. */
static char *
tree_text (MsvisGraph *graph)
{
  g_autoptr(GArray) sorted = msvis_merge_sorted_nodes (graph);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < sorted->len; i++)
    {
      MsvisNodeId node = g_array_index (sorted, MsvisNodeId, i);
      MsvisNodeId up = msvis_graph_node_get_parent (graph, node);

      g_string_append_printf (out, "%s|%s\n", msvis_graph_node_get_id (graph, node),
                              up == MSVIS_NODE_ID_NONE ? "" : msvis_graph_node_get_id (graph, up));
    }
  return g_string_free (out, FALSE);
}

/* The merged graph written as a dump folder is msprobe's byte for byte, and msvis reads it
 * back as a dump with the merged tree. */
static void
test_json (gconstpointer data)
{
  const char *json_out = json_cases[GPOINTER_TO_UINT (data)].json_out;
  const char *expected_base = json_cases[GPOINTER_TO_UINT (data)].base;
  const MergeCase *c = &cases[json_cases[GPOINTER_TO_UINT (data)].merge_case];
  g_autofree char *npu_relative = g_build_filename (c->input, json_cases[GPOINTER_TO_UINT (data)]
                                                    .bench ? "bench" : "npu", NULL);
  g_autofree char *npu = msvis_test_data_path (c->base, npu_relative);
  g_autofree char *out_dir = msvis_test_make_dir ();
  g_autoptr(GFile) out = g_file_new_for_path (out_dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) merged = NULL;
  MsvisMergeParams params;
  MsvisMergeResult *r;
  g_autofree char *rank_path = NULL;
  g_autoptr(GFile) rank_dir = NULL;
  static const char *const files[] = { "construct.json", "dump.json", "stack.json" };

  case_params (c, &params, NULL);
  merged = merge_dir (npu, &params, FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (merged->len, ==, 1);
  r = &g_array_index (merged, MsvisMergeResult, 0);
  rank_path = g_strdup_printf ("%s/rank%d", npu, r->rank);
  rank_dir = g_file_new_for_path (rank_path);
  g_assert_true (msvis_merge_write_json (r->graph, rank_dir, out, 0, r->rank, NULL, &error));
  g_assert_no_error (error);

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *relative = g_build_filename (json_out, "step0", "rank0", files[i], NULL);
      g_autofree char *expected_path = msvis_test_data_path (expected_base, relative);
      g_autofree char *made_path = g_build_filename (out_dir, "step0", "rank0", files[i], NULL);
      g_autofree char *expected = read_text (expected_path);
      g_autofree char *made = read_text (made_path);

      g_assert_cmpstr (made, ==, expected);
    }

  {
    g_autofree char *written = g_build_filename (out_dir, "step0", "rank0", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (written);
    MsvisBuildOptions options = { .era = MSVIS_ERA_2026, .complete_stack = TRUE };
    MsvisDumpHeader header;
    g_autoptr(MsvisGraph) again = msvis_graph_build (file, &options, &header, NULL, &error);
    g_autofree char *made = NULL;
    g_autofree char *expected = tree_text (r->graph);

    g_assert_no_error (error);
    msvis_dump_header_clear (&header);
    made = tree_text (again);
    g_assert_cmpstr (made, ==, expected);
    g_assert_cmpuint (msvis_graph_get_n_items (again), >, 0);
  }
}

static char *
literal_json (const char *text)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  MsvisJsonValue *value = merge_json_from_literal (arena, text);
  MsvisJsonWriter *writer;
  GString *out;

  if (value == NULL)
    return g_strdup ("-");
  writer = msvis_json_writer_new_compact ();
  msvis_json_writer_value (writer, value);
  out = msvis_json_writer_end_fragment (writer);   /* frees the writer */
  return g_string_free (out, FALSE);
}

/* The Python literals items keep as text (shapes, group ranks, dicts) back as the JSON that
 * json.dump writes of the objects; what is not a literal is refused. */
static void
test_literal (void)
{
  static const char *const literals[][2] = {
    { "[4, 4]", "[4, 4]" },
    { "(3,)", "[3]" },
    { "()", "[]" },
    { "[]", "[]" },
    { "{'a': 1, \"b\": [True, None, 0.5]}", "{\"a\": 1, \"b\": [true, null, 0.5]}" },
    { "'it\\'s'", "\"it's\"" },
    { "-1e-05", "-1e-05" },
    { "inf", "Infinity" },
    { "123456789012345678901234567890", "123456789012345678901234567890" },
    { "[1, 2", "-" },
    { "torch.float32", "-" },
    { "[1] x", "-" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (literals); i++)
    {
      g_autofree char *made = literal_json (literals[i][0]);

      g_assert_cmpstr (made, ==, literals[i][1]);
    }
}

/* A rank folder without dump.json, or an output folder that cannot be made: an error that
 * names the place, and nothing written. */
static void
test_json_bad (void)
{
  g_autofree char *empty = msvis_test_make_dir ();
  g_autofree char *out_dir = msvis_test_make_dir ();
  g_autofree char *blocked = g_build_filename (out_dir, "step0", NULL);
  g_autofree char *npu = msvis_test_data_path (REF, PT_DIST "/npu");
  g_autofree char *rank0 = g_build_filename (npu, "rank0", NULL);
  g_autoptr(GFile) empty_dir = g_file_new_for_path (empty);
  g_autoptr(GFile) rank_dir = g_file_new_for_path (rank0);
  g_autoptr(GFile) out = g_file_new_for_path (out_dir);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) merged = NULL;
  MsvisMergeParams params;
  MsvisGraph *graph;

  case_params (&cases[0], &params, NULL);
  merged = merge_dir (npu, &params, FALSE, &error);
  g_assert_no_error (error);
  graph = g_array_index (merged, MsvisMergeResult, 0).graph;

  g_assert_false (msvis_merge_write_json (graph, empty_dir, out, 0, 0, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "dump.json"));
  g_assert_false (g_file_test (blocked, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  msvis_test_write (out_dir, "step0", "not a folder", -1);
  g_assert_false (msvis_merge_write_json (graph, rank_dir, out, 0, 0, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
  g_assert_nonnull (strstr (error->message, "step0"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < N_ROW_CASES; i++)
    {
      g_autofree char *path = g_strdup_printf ("/merge-2026/rows/%s", cases[i].name);

      g_test_add_data_func (path, &cases[i], test_case);
    }
  for (guint i = 0; i < G_N_ELEMENTS (json_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/merge-2026/json/%s",
                                               json_cases[i].json_out + strlen ("out/"));

      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_json);
    }

  g_test_add_func ("/merge-2026/json/literal", test_literal);
  g_test_add_func ("/merge-2026/json/bad", test_json_bad);

  return g_test_run ();
}
