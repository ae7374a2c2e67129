// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-graph-job.h"
#include "msvis-test-util.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-writer.h"

/* The .vis.db of a run, read back one (step, rank) at a time, writes the same .vis bytes as
 * the run's own .vis output; and its schema is msprobe's. */

typedef enum
{
  FILES,
  RANKS,
  STEPS,
} Layout;

typedef struct
{
  const char *config;     /* under inputs/cfg */
  Layout      layout;
  gboolean    compare;
  gboolean    overflow;   /* -oc */
  gboolean    md5;        /* the db has no md5 "Result" (db_utils.py writes none) */
} DbCase;

static const DbCase cases[] = {
  { "build_single.json", FILES, FALSE, TRUE },
  { "build_ranks.json", RANKS, FALSE, FALSE },
  { "build_steps.json", STEPS, FALSE, FALSE },
  { "cmp_stat.json", FILES, TRUE, TRUE },
  { "cmp_md5.json", FILES, TRUE, FALSE, TRUE },
  { "cmp_ranks.json", RANKS, TRUE, FALSE },
  { "cmp_steps.json", STEPS, TRUE, TRUE },
};

/* sqlite_master.sql as msprobe 8.2.1's db_utils.py makes it: column dicts joined with
 * ",\n    ", and SQLite's normal form of CREATE … IF NOT EXISTS. */
static const char *const expected_schema[] = {
  "CREATE TABLE tb_nodes (\n    id TEXT PRIMARY KEY,\n    graph_id TEXT NOT NULL,\n"
  "    node_order INTEGER NOT NULL,\n    node_name TEXT NOT NULL,\n    node_type TEXT NOT NULL,\n"
  "    up_node TEXT,\n    sub_nodes TEXT,\n    precision_index INTEGER,\n"
  "    overflow_level TEXT,\n    micro_step_id INTEGER NOT NULL,\n    matched_node_link TEXT,\n"
  "    stack_id TEXT,\n    parallel_merge_info TEXT,\n    matched_distributed TEXT,\n"
  "    modified INTEGER NOT NULL,\n    input_data TEXT,\n    output_data TEXT,\n"
  "    data_source TEXT,\n    dump_data_dir TEXT,\n    step INTEGER NOT NULL,\n"
  "    rank INTEGER NOT NULL\n)",
  NULL,   /* sqlite_autoindex_tb_nodes_1 */
  "CREATE TABLE tb_stack (\n    id TEXT PRIMARY KEY,\n    stack_info TEXT\n)",
  NULL,
  "CREATE TABLE tb_config (\n    id TEXT PRIMARY KEY,\n    graph_type TEXT NOT NULL,\n"
  "    task TEXT,\n    tool_tip TEXT,\n    micro_steps INTEGER,\n    overflow_check INTEGER,\n"
  "    node_colors TEXT NOT NULL,\n    rank_list TEXT NOT NULL,\n    step_list TEXT NOT NULL\n)",
  NULL,
  "CREATE INDEX index1 ON tb_nodes (step, rank, data_source, up_node, node_order)",
  "CREATE INDEX index2 ON tb_nodes (step, rank, data_source, node_name)",
  "CREATE INDEX index3 ON tb_nodes (step, rank, data_source, node_order)",
  "CREATE INDEX index4 ON tb_nodes (step, rank, node_order)",
  "CREATE INDEX index5 ON tb_nodes (step, rank, micro_step_id, node_order)",
  "CREATE INDEX index6 ON tb_nodes (step, rank, modified, matched_node_link)",
};

static GPtrArray *
run_job (const DbCase        *c,
         const char          *inputs,
         const char          *out,
         MsvisGraphJobFormat  format)
{
  g_autofree char *config = g_build_filename (inputs, "cfg", c->config, NULL);
  g_autofree char *cwd = g_get_current_dir ();
  g_autoptr(GError) error = NULL;
  MsvisGraphJob job = { config, (char *)out, c->overflow };
  GPtrArray *written;

  job.timestamp = (char *)"T";
  job.format = format;
  /* The reference configs name their dumps relative to inputs/. */
  g_assert_cmpint (g_chdir (inputs), ==, 0);
  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  g_assert_no_error (error);
  return written;
}

static void
check_schema (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  guint i = 0;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *)sqlite3_column_text (stmt, 0), ==, "ok");
  sqlite3_finalize (stmt);

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT sql FROM sqlite_master ORDER BY rowid", -1,
                                       &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      g_assert_cmpuint (i, <, G_N_ELEMENTS (expected_schema));
      g_assert_cmpstr ((const char *)sqlite3_column_text (stmt, 0), ==, expected_schema[i]);
      i++;
    }
  g_assert_cmpuint (i, ==, G_N_ELEMENTS (expected_schema));
  sqlite3_finalize (stmt);

  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA journal_mode", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *)sqlite3_column_text (stmt, 0), ==, "wal");
  sqlite3_finalize (stmt);
  sqlite3_close (db);
}

/* Whether the line that ends at @end holds a node's precision_index. */
static gboolean
after_precision (const char *text,
                 const char *end)
{
  const char *start = end;

  while (start > text && start[-1] != '\n')
    start--;
  return g_strstr_len (start, end - start, "\"precision_index\": ") != NULL;
}

/* msprobe's db keeps a node's precision_index but not the md5 "Result" beside it (items keep
 * theirs). */
static char *
drop_results (const char *text)
{
  GString *out = g_string_new (NULL);
  const char *p = text;

  for (const char *hit; (hit = strstr (p, ",\n")) != NULL;)
    {
      const char *q = hit + 2;

      while (*q == ' ')
        q++;
      if (g_str_has_prefix (q, "\"Result\": \"") && after_precision (text, hit))
        {
          const char *end = strchr (q + strlen ("\"Result\": \""), '"');

          g_string_append_len (out, p, hit - p);
          p = end + 1;
          continue;
        }
      g_string_append_len (out, p, q - p);
      p = q;
    }
  g_string_append (out, p);
  return g_string_free (out, FALSE);
}

static char *
vis_name (const DbCase       *c,
          MsvisVisDbGraphKey  key)
{
  const char *prefix = c->compare ? "compare" : "build";

  switch (c->layout)
    {
    case FILES:
      return g_strdup_printf ("%s_T.vis", prefix);
    case RANKS:
      return g_strdup_printf ("%s_rank%d_T.vis", prefix, key.rank);
    case STEPS:
    default:
      return g_strdup_printf ("%s_step%d_rank%d_T.vis", prefix, key.step, key.rank);
    }
}

static void
test_round_trip (gconstpointer data)
{
  const DbCase *c = data;
  g_autofree char *inputs = msvis_test_reference ("inputs");
  g_autofree char *vis_dir = msvis_test_make_dir ();
  g_autofree char *db_dir = msvis_test_make_dir ();
  g_autoptr(GPtrArray) vis_written = NULL;
  g_autoptr(GPtrArray) db_written = NULL;
  g_autoptr(MsvisVisDb) db = NULL;
  g_autoptr(GArray) keys = NULL;
  g_autoptr(GError) error = NULL;

  vis_written = run_job (c, inputs, vis_dir, MSVIS_GRAPH_JOB_FORMAT_VIS);
  db_written = run_job (c, inputs, db_dir, MSVIS_GRAPH_JOB_FORMAT_DB);
  g_assert_cmpuint (db_written->len, ==, 1);
  g_assert_true (g_str_has_suffix (g_ptr_array_index (db_written, 0),
                                   c->compare ? "/compare_T.vis.db" : "/build_T.vis.db"));
  g_assert_cmpuint (msvis_test_count_files (db_dir), ==, 1);
  check_schema (g_ptr_array_index (db_written, 0));

  db = msvis_vis_db_open (g_ptr_array_index (db_written, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpint (msvis_vis_db_is_compare (db), ==, c->compare);
  keys = msvis_vis_db_list_graphs (db, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (keys->len, ==, vis_written->len);

  for (guint i = 0; i < keys->len; i++)
    {
      MsvisVisDbGraphKey key = g_array_index (keys, MsvisVisDbGraphKey, i);
      g_autofree char *name = vis_name (c, key);
      g_autofree char *path = g_build_filename (vis_dir, name, NULL);
      g_autofree char *expected = NULL;
      g_autofree char *actual = NULL;
      g_autoptr(MsvisVisDocument) doc = msvis_vis_db_load (db, key.step, key.rank, NULL, &error);
      g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();

      g_assert_no_error (error);
      g_assert_nonnull (doc);
      g_assert_true (g_file_get_contents (path, &expected, NULL, NULL));
      g_assert_true (msvis_vis_document_write_vis (doc, stream, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_output_stream_write_all (stream, "", 1, NULL, NULL, NULL));
      g_assert_true (g_output_stream_close (stream, NULL, NULL));
      actual = g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
      if (c->md5)
        {
          char *stripped = drop_results (expected);

          g_free (expected);
          expected = stripped;
        }
      g_assert_cmpstr (actual, ==, expected);
    }

  msvis_test_remove_tree (vis_dir);
  msvis_test_remove_tree (db_dir);
}

static void
expect_open_error (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDb) db = msvis_vis_db_open (path, &error);

  g_assert_null (db);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, path));
}

static void
exec_sql (const char *path,
          const char *sql)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
}

static void
expect_load_error (const char *path,
                   const char *sql,
                   const char *fragment)
{
  g_autofree char *copy = g_strconcat (path, ".bad.vis.db", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDb) db = NULL;
  g_autoptr(MsvisVisDocument) doc = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (copy, contents, length, NULL));
  exec_sql (copy, sql);

  db = msvis_vis_db_open (copy, &error);
  g_assert_no_error (error);
  doc = msvis_vis_db_load (db, 0, 0, NULL, &error);
  if (doc != NULL)
    msvis_vis_document_ensure_all_data (doc, NULL, &error);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, fragment));
  g_unlink (copy);
}

static void
test_bad_files (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *empty = g_build_filename (dir, "empty.vis.db", NULL);
  g_autofree char *text = g_build_filename (dir, "text.vis.db", NULL);
  g_autofree char *truncated = g_build_filename (dir, "truncated.vis.db", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.vis.db", NULL);
  g_autofree char *inputs = msvis_test_reference ("inputs");
  g_autofree char *contents = NULL;
  g_autoptr(GPtrArray) written = NULL;
  const char *good;
  gsize length;

  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  expect_open_error (empty);
  g_assert_true (g_file_set_contents (text, "{\"root\": \"DefaultModel\"}\n", -1, NULL));
  expect_open_error (text);
  expect_open_error (missing);
  exec_sql (missing, "CREATE TABLE tb_nodes (id TEXT PRIMARY KEY)");
  expect_open_error (missing);

  written = run_job (&cases[3], inputs, dir, MSVIS_GRAPH_JOB_FORMAT_DB);
  good = g_ptr_array_index (written, 0);

  g_assert_true (g_file_get_contents (good, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (truncated, contents, MIN (length, 4096), NULL));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(MsvisVisDb) db = msvis_vis_db_open (truncated, &error);
    g_autoptr(MsvisVisDocument) doc = NULL;

    if (db != NULL)
      doc = msvis_vis_db_load (db, 0, 0, NULL, &error);
    g_assert_null (doc);
    g_assert_nonnull (error);
  }

  expect_load_error (good, "UPDATE tb_nodes SET sub_nodes = '[\"x' "
                           "WHERE node_name = 'DefaultModel'", "sub_nodes");
  expect_load_error (good, "UPDATE tb_nodes SET sub_nodes = '[\"Nowhere\"]' "
                           "WHERE node_name = 'DefaultModel'", "Nowhere");
  expect_load_error (good, "UPDATE tb_nodes SET sub_nodes = '[\"DefaultModel\"]' "
                           "WHERE up_node = 'DefaultModel' AND data_source = 'NPU'", "cycle");
  expect_load_error (good, "UPDATE tb_nodes SET input_data = '{\"a\": 1' "
                           "WHERE node_name = 'DefaultModel'", "input_data");
  expect_load_error (good, "DELETE FROM tb_stack", "stack_id");
  expect_load_error (good, "DELETE FROM tb_nodes WHERE node_name = 'DefaultModel'", "root");

  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/vis-db/round-trip/%.*s",
                                               (int)(strlen (cases[i].config) - 5),
                                               cases[i].config);

      g_test_add_data_func (name, &cases[i], test_round_trip);
    }
  g_test_add_func ("/vis-db/bad-files", test_bad_files);

  return g_test_run ();
}
