// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <sqlite3.h>

#include "msvis-comparator.h"
#include "msvis-graph-builder.h"
#include "msvis-test-util.h"

/* The graphs the 2026 builder rules make (msprobe-2026.md §2.3, §2.7, §4), checked node by
 * node against what mindstudio-probe 26.0.0 wrote for every build_* and cmp_* case of
 * tests/data/reference-2026/cases.txt: ids, node types, parents, children in order, micro
 * steps, stacks, dump_data_dir and the names of the items. The parallel-merge cases
 * (build_merge*, cmp_merge*) are graph/merge's and the err_* cases never build a graph. */

typedef struct
{
  char     *name;
  char     *npu;       /* -tp */
  char     *bench;     /* -gp, or NULL for a build */
  gboolean  fuzzy;     /* -fm */
  char     *db;        /* msprobe's .vis.db */
} Case;

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->name);
  g_free (c->npu);
  g_free (c->bench);
  g_free (c->db);
  g_free (c);
}

/* One line of cases.txt, or NULL for a case this test leaves to others. */
static Case *
parse_case (const char *line)
{
  g_auto(GStrv) columns = g_strsplit (line, "|", 3);
  g_auto(GStrv) args = NULL, outputs = NULL;
  g_autofree char *name = NULL;
  Case *c;

  if (line[0] == '#' || g_strv_length (columns) != 3)
    return NULL;
  name = g_strstrip (g_strdup (columns[0]));
  if (!g_str_has_prefix (name, "build_") && !g_str_has_prefix (name, "cmp_"))
    return NULL;
  if (g_str_has_prefix (name, "build_merge") || g_str_has_prefix (name, "cmp_merge"))
    return NULL;

  c = g_new0 (Case, 1);
  c->name = g_steal_pointer (&name);
  args = g_strsplit_set (g_strstrip (columns[1]), " ", -1);
  for (guint i = 0; args[i] != NULL; i++)
    {
      if (strcmp (args[i], "-tp") == 0 && args[i + 1] != NULL)
        c->npu = msvis_test_data_path ("reference-2026", args[++i]);
      else if (strcmp (args[i], "-gp") == 0 && args[i + 1] != NULL)
        c->bench = msvis_test_data_path ("reference-2026", args[++i]);
      else if (strcmp (args[i], "-fm") == 0)
        c->fuzzy = TRUE;
    }
  outputs = g_strsplit_set (g_strstrip (columns[2]), " ", -1);
  if (c->npu == NULL || !g_str_has_suffix (outputs[0], ".vis.db"))
    g_error ("cases.txt: case %s has no -tp or no .vis.db", c->name);
  c->db = msvis_test_data_path ("reference-2026", outputs[0]);
  return c;
}

static gboolean
has_dump (const char *dir)
{
  g_autofree char *dump = g_build_filename (dir, "dump.json", NULL);

  return g_file_test (dump, G_FILE_TEST_IS_REGULAR);
}

/* The dump folder of graph (@step, @rank) under one side's -tp or -gp: a FILES folder, its
 * stepN, then rankN, "rank" or the one proc<pid> (msprobe-2026.md §2.1, §2.2). */
static char *
graph_dir (const char *side,
           gint        step,
           gint        rank)
{
  g_autofree char *step_name = g_strdup_printf ("step%d", step);
  g_autofree char *rank_name = g_strdup_printf ("rank%d", rank);
  g_autofree char *step_dir = g_build_filename (side, step_name, NULL);
  const char *dir = g_file_test (step_dir, G_FILE_TEST_IS_DIR) ? step_dir : side;
  char *path;

  if (has_dump (dir))
    return g_strdup (dir);
  path = g_build_filename (dir, rank_name, NULL);
  if (has_dump (path) || rank != 0)
    return path;
  g_free (path);
  path = g_build_filename (dir, "rank", NULL);
  if (has_dump (path))
    return path;
  g_clear_pointer (&path, g_free);
  {
    g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
    const char *name;

    while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
      if (g_str_has_prefix (name, "proc"))
        {
          g_assert_null (path);
          path = g_build_filename (dir, name, NULL);
        }
  }
  g_assert_nonnull (path);
  return path;
}

static MsvisGraph *
build_2026 (const char *dir)
{
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  MsvisBuildOptions options = { .era = MSVIS_ERA_2026 };
  g_autoptr(GError) error = NULL;
  MsvisDumpHeader header;
  MsvisGraph *graph = msvis_graph_build (file, &options, &header, NULL, &error);

  g_assert_no_error (error);
  msvis_dump_header_clear (&header);
  return graph;
}

/* Each text column of a query with one parameter, one line each (a record separator, since
 * stack lines hold newlines). */
static char *
query_lines (sqlite3    *db,
             const char *sql,
             const char *parameter)
{
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, parameter, -1, SQLITE_TRANSIENT);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (out, "%s\x1e", (const char *)sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return g_string_free (out, FALSE);
}

/* The micro step msprobe 26 writes: a node's own, else its parent's; the root's is 0. */
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

static char *
made_children (MsvisGraph  *graph,
               MsvisNodeId  node)
{
  GString *out = g_string_new (NULL);

  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (graph, c))
    g_string_append_printf (out, "%s\x1e", msvis_graph_node_get_id (graph, c));
  return g_string_free (out, FALSE);
}

static char *
made_stack (MsvisGraph  *graph,
            MsvisNodeId  node)
{
  GString *out = g_string_new (NULL);
  guint n;
  const char *const *lines = msvis_graph_get_stack (graph, msvis_graph_node_get_stack (graph,
                                                                                      node), &n);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s\x1e", lines[i]);
  return g_string_free (out, FALSE);
}

static gboolean
field_is_null (MsvisGraph       *graph,
               const MsvisField *field)
{
  return field->kind == MSVIS_VALUE_NONE ||
         (field->kind == MSVIS_VALUE_STR && (strcmp (field->s, "None") == 0 ||
                                             strcmp (field->s, "null") == 0));
}

/* The field names of one item as a build writes them: without state and md5 (msprobe
 * deletes them when it writes, msprobe-2026.md §8.1), a ProcessGroup's four, a P2POp's own
 * keys but class_type only in batch_isend_irecv, and {"value"} for an item without Max. */
static void
append_fields (GString         *out,
               MsvisGraph      *graph,
               const char      *node_id,
               const MsvisItem *item)
{
  static const char *group_keys[] = { "type", "group_ranks", "group_id", "data_name", NULL };
  static const char *p2p_keys[] = { "op", "peer", "tag", "group_id", NULL };
  const MsvisField *fields = msvis_graph_get_fields (graph, item);
  gboolean group = FALSE, batch = strstr (node_id, "batch_isend_irecv") != NULL;
  gsize start = out->len;

  for (guint32 i = 0; i < item->n_fields; i++)
    if (strcmp (msvis_graph_atom_name (graph, fields[i].name), "type") == 0 &&
        fields[i].kind == MSVIS_VALUE_STR && strcmp (fields[i].s, "torch.ProcessGroup") == 0)
      group = TRUE;

  g_string_append_printf (out, "%s:", item->key);
  for (guint32 i = 0; i < item->n_fields; i++)
    {
      const char *name = msvis_graph_atom_name (graph, fields[i].name);

      if (strcmp (name, "state") == 0 || strcmp (name, "md5") == 0 ||
          (batch && g_strv_contains (p2p_keys, name)) ||
          (group && !g_strv_contains (group_keys, name)))
        continue;
      if (strcmp (name, "Max") == 0 && field_is_null (graph, &fields[i]))
        {
          g_string_truncate (out, start);
          g_string_append_printf (out, "%s:value,", item->key);
          break;
        }
      g_string_append_printf (out, "%s,", name);
    }
  g_string_append_c (out, '\x1e');
}

static char *
made_fields (MsvisGraph  *graph,
             MsvisNodeId  node,
             gboolean     inputs)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GString *out = g_string_new (NULL);
  guint32 n, first = inputs ? msvis_graph_node_get_inputs (graph, node, &n)
                            : msvis_graph_node_get_outputs (graph, node, &n);

  for (guint32 i = 0; i < n; i++)
    {
      const MsvisItem *item = msvis_graph_get_item (graph, first + i);

      if (g_hash_table_add (seen, (char *)item->key))
        append_fields (out, graph, msvis_graph_node_get_id (graph, node), item);
    }
  return g_string_free (out, FALSE);
}

/* "item:field,field,…" of each item of msprobe's row @id. */
static char *
reference_fields (sqlite3    *db,
                  const char *id,
                  gboolean    inputs)
{
  g_autofree char *sql = g_strdup_printf ("SELECT j.key, k.key FROM tb_nodes, json_each(%s) AS j, "
                                          "json_each(j.value) AS k WHERE tb_nodes.id = ?1 "
                                          "ORDER BY j.id, k.id",
                                          inputs ? "input_data" : "output_data");
  GString *out = g_string_new (NULL);
  g_autofree char *item = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, id, -1, SQLITE_TRANSIENT);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      const char *key = (const char *)sqlite3_column_text (stmt, 0);

      if (g_strcmp0 (item, key) != 0)
        {
          if (item != NULL)
            g_string_append_c (out, '\x1e');
          g_free (item);
          item = g_strdup (key);
          g_string_append_printf (out, "%s:", key);
        }
      g_string_append_printf (out, "%s,", (const char *)sqlite3_column_text (stmt, 1));
    }
  if (item != NULL)
    g_string_append_c (out, '\x1e');
  sqlite3_finalize (stmt);
  return g_string_free (out, FALSE);
}

/* dump_data_dir below the fixtures' "inputs" folder: msprobe's rows name the folder it ran
 * in as <STRIP>/msprobe-2026 or <STRIP>/msprobe-reference. */
static const char *
below_inputs (const char *path)
{
  const char *inputs = path ? strstr (path, "/inputs/") : NULL;

  return inputs ? inputs : path;
}

typedef struct
{
  GString *errors;
  guint    n_errors;
} Report;

G_GNUC_PRINTF (2, 3) static void
report (Report     *r,
        const char *format,
        ...)
{
  va_list args;

  if (r->n_errors++ >= 12)
    return;
  va_start (args, format);
  g_string_append_vprintf (r->errors, format, args);
  va_end (args);
  g_string_append_c (r->errors, '\n');
}

static void
check_text (Report     *r,
            const char *what,
            const char *node,
            const char *made,
            const char *expected)
{
  g_autofree char *shown = NULL, *shown_expected = NULL;

  if (g_strcmp0 (made, expected) == 0)
    return;
  /* the lines as a list */
  shown = made ? g_strdelimit (g_strdup (made), "\x1e", ',') : NULL;
  shown_expected = expected ? g_strdelimit (g_strdup (expected), "\x1e", ',') : NULL;
  report (r, "%s: %s is\n    %s\n  in msvis, msprobe 26 has\n    %s", node, what, shown,
          shown_expected);
}

#define ROW_SQL \
  "SELECT tb_nodes.id, node_name, node_type, up_node, micro_step_id, stack_id, dump_data_dir " \
  "FROM tb_nodes WHERE step = ?1 AND rank = ?2 AND data_source = ?3 ORDER BY node_order"

/* One row of msprobe's tb_nodes against the node of the same name. */
static void
check_row (Report       *r,
           sqlite3      *db,
           MsvisGraph   *graph,
           sqlite3_stmt *row,
           gboolean      fields)
{
  const char *id = (const char *)sqlite3_column_text (row, 0);
  const char *name = (const char *)sqlite3_column_text (row, 1);
  const char *up = (const char *)sqlite3_column_text (row, 3);
  const char *stack_id = (const char *)sqlite3_column_text (row, 5);
  const char *data_dir = (const char *)sqlite3_column_text (row, 6);
  MsvisNodeId node = msvis_graph_lookup (graph, name), parent;
  g_autofree char *type = NULL, *children = NULL, *expected_children = NULL, *stack = NULL;
  g_autofree char *expected_stack = NULL;
  gboolean is_null;
  const char *made_dir;

  if (node == MSVIS_NODE_ID_NONE)
    {
      report (r, "%s: in msprobe 26, not in msvis", name);
      return;
    }
  type = g_strdup_printf ("%d", msvis_graph_node_get_node_type (graph, node));
  check_text (r, "node_type", name, type, (const char *)sqlite3_column_text (row, 2));
  parent = msvis_graph_node_get_parent (graph, node);
  check_text (r, "up_node", name,
              parent == MSVIS_NODE_ID_NONE ? "" : msvis_graph_node_get_id (graph, parent),
              up ? up : "");
  children = made_children (graph, node);
  expected_children = query_lines (db, "SELECT j.value FROM tb_nodes, json_each(sub_nodes) AS j "
                                   "WHERE tb_nodes.id = ?1 ORDER BY j.id", id);
  check_text (r, "sub_nodes", name, children, expected_children);
  if (effective_micro_step (graph, node) != sqlite3_column_int (row, 4))
    report (r, "%s: micro step %d in msvis, %d in msprobe 26", name,
            effective_micro_step (graph, node), sqlite3_column_int (row, 4));
  stack = made_stack (graph, node);
  expected_stack = query_lines (db, "SELECT j.value FROM tb_stack, json_each(stack_info) AS j "
                                "WHERE tb_stack.id = ?1 ORDER BY j.id", stack_id);
  check_text (r, "stack", name, stack, expected_stack);
  for (int inputs = 0; inputs <= 1; inputs++)
    {
      g_autofree char *made = msvis_test_item_names (graph, node, inputs, '\x1e');
      g_autofree char *sql = g_strdup_printf ("SELECT j.key FROM tb_nodes, json_each(%s) AS j "
                                              "WHERE tb_nodes.id = ?1 ORDER BY j.id",
                                              inputs ? "input_data" : "output_data");
      g_autofree char *expected = query_lines (db, sql, id);

      check_text (r, inputs ? "input_data keys" : "output_data keys", name, made, expected);
      /* a compare appends its metrics to the fields */
      if (fields)
        {
          g_autofree char *made_f = made_fields (graph, node, inputs);
          g_autofree char *expected_f = reference_fields (db, id, inputs);

          check_text (r, inputs ? "input fields" : "output fields", name, made_f, expected_f);
        }
    }
  made_dir = msvis_graph_get_dump_data_dir (graph, &is_null);
  check_text (r, "dump_data_dir", name, is_null ? NULL : below_inputs (made_dir),
              below_inputs (data_dir));
}

/* Every row of one graph of msprobe's run against @graph; the number of rows. */
static guint
check_graph (Report     *r,
             sqlite3    *db,
             MsvisGraph *graph,
             gint        step,
             gint        rank,
             const char *source,
             gboolean    fields)
{
  sqlite3_stmt *row = NULL;
  guint rows = 0;

  g_assert_cmpint (sqlite3_prepare_v2 (db, ROW_SQL, -1, &row, NULL), ==, SQLITE_OK);
  sqlite3_bind_int (row, 1, step);
  sqlite3_bind_int (row, 2, rank);
  sqlite3_bind_text (row, 3, source, -1, SQLITE_STATIC);
  while (sqlite3_step (row) == SQLITE_ROW)
    {
      check_row (r, db, graph, row, fields);
      rows++;
    }
  sqlite3_finalize (row);

  /* msprobe writes the root and the nodes below it only: the rows are the root's tree in
   * post-order, and a parent that construct.json names but never lists stays out of it. */
  if (rows != msvis_test_count_below (graph, msvis_graph_get_root (graph)))
    report (r, "%s step %d rank %d: %u nodes in msvis, %u in msprobe 26", source, step, rank,
            msvis_test_count_below (graph, msvis_graph_get_root (graph)), rows);
  return rows;
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

/* Builds every graph msprobe's run wrote, as msvis's 2026 rules make it (the benchmark's
 * micro steps after the compare pages it), and checks each against its rows. */
static void
test_case (gconstpointer data)
{
  const Case *c = data;
  Report r = { g_string_new (NULL), 0 };
  sqlite3 *db = NULL;
  sqlite3_stmt *graphs = NULL;
  guint n_graphs = 0, rows = 0;

  db = msvis_test_open_db (c->db);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT step, rank FROM tb_nodes "
                                       "WHERE data_source = 'NPU' GROUP BY step, rank "
                                       "ORDER BY min(rowid)", -1, &graphs, NULL), ==, SQLITE_OK);
  while (sqlite3_step (graphs) == SQLITE_ROW)
    {
      gint step = sqlite3_column_int (graphs, 0), rank = sqlite3_column_int (graphs, 1);
      g_autofree char *npu_dir = graph_dir (c->npu, step, rank);
      g_autoptr(MsvisGraph) npu = build_2026 (npu_dir);
      g_autoptr(MsvisGraph) bench = NULL;

      if (c->bench != NULL)
        {
          g_autofree char *bench_dir = graph_dir (c->bench, step, rank);
          MsvisCompareOptions options = { .mode = MSVIS_COMPARE_SUMMARY, .fuzzy = c->fuzzy,
                                          .threads = 1 };

          bench = build_2026 (bench_dir);
          msvis_compare_graphs (npu, bench, &options);
        }

      if (n_graphs++ == 0 && msvis_graph_get_micro_steps (npu) !=
          query_uint (db, "SELECT micro_steps FROM tb_config"))
        report (&r, "micro_steps %u in msvis, %u in msprobe 26",
                msvis_graph_get_micro_steps (npu),
                query_uint (db, "SELECT micro_steps FROM tb_config"));
      rows += check_graph (&r, db, npu, step, rank, "NPU", bench == NULL);
      if (bench != NULL)
        rows += check_graph (&r, db, bench, step, rank, "Bench", FALSE);
    }
  sqlite3_finalize (graphs);

  g_assert_cmpuint (n_graphs, >, 0);
  g_assert_cmpuint (rows, ==, query_uint (db, "SELECT count(*) FROM tb_nodes"));
  sqlite3_close (db);
  if (r.n_errors > 0)
    g_test_fail_printf ("%s: %u differences from msprobe 26.0.0, the first:\n%s", c->name,
                        r.n_errors, r.errors->str);
  g_string_free (r.errors, TRUE);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *cases_path = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  guint n_cases = 0;

  g_test_init (&argc, &argv, NULL);

  cases_path = msvis_test_data_path ("reference-2026", "cases.txt");
  g_file_get_contents (cases_path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      Case *c = parse_case (lines[i]);
      g_autofree char *path = NULL;

      if (c == NULL)
        continue;
      path = g_strdup_printf ("/reference-2026/builder/%s", c->name);
      g_test_add_data_func_full (path, c, test_case, case_free);
      n_cases++;
    }
  /* A cases.txt that lost its lines must not pass as nothing to check. */
  g_assert_cmpuint (n_cases, >=, 50);

  return g_test_run ();
}
