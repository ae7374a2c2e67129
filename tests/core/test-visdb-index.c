// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-test-util.h"
#include "msvis-vis-db26-index.h"
#include "msvis-vis-db26-index-sort.h"
#include "msvis-vis-db26-writer.h"
#include "msvis-vis-reader.h"

/* The 26.0.0 .vis.db's index1 to index7 are b-trees msvis writes itself after SQLite's pages
 * (msvis-vis-db26-index.c): SQLite must find each one whole and in its order. PRAGMA
 * integrity_check looks every row up in every index, and a scan through each index must give
 * the rows in the order SQLite sorts them to by itself. */

static const char *const index_columns[MSVIS_DB26_N_INDEXES] = {
  "step, rank, data_source, up_node, node_order",
  "step, rank, data_source, node_name",
  "step, rank, data_source, node_order",
  "step, rank, node_order",
  "step, rank, micro_step_id, node_order",
  "step, rank, modified, matched_node_link",
  "is_distributed",
};

static GString *
rowids (sqlite3    *db,
        const char *sql,
        guint      *n)
{
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  for (*n = 0; sqlite3_step (stmt) == SQLITE_ROW; (*n)++)
    g_string_append_printf (out, "%lld ", (long long)sqlite3_column_int64 (stmt, 0));
  sqlite3_finalize (stmt);
  return out;
}

/* The id's index (the PRIMARY KEY, written by msvis) in sqlite_master's second row as
 * SQLite makes it, listing the ids in order and finding each. */
static void
assert_id_index_sound (sqlite3 *db,
                       guint    min_rows)
{
  guint n_a, n_b, n_found;
  g_autoptr(GString) a = rowids (db, "SELECT rowid FROM tb_nodes INDEXED BY "
                                 "sqlite_autoindex_tb_nodes_1 ORDER BY id", &n_a);
  g_autoptr(GString) b = rowids (db, "SELECT rowid FROM tb_nodes NOT INDEXED ORDER BY id",
                                 &n_b);
  g_autoptr(GString) found = rowids (db, "SELECT (SELECT t.rowid FROM tb_nodes AS t INDEXED BY "
                                     "sqlite_autoindex_tb_nodes_1 WHERE t.id = u.id) FROM "
                                     "tb_nodes AS u NOT INDEXED ORDER BY u.rowid", &n_found);
  g_autoptr(GString) all = rowids (db, "SELECT rowid FROM tb_nodes NOT INDEXED ORDER BY rowid",
                                   &n_b);
  g_autoptr(GString) master = rowids (db, "SELECT rowid FROM sqlite_master WHERE name = "
                                      "'sqlite_autoindex_tb_nodes_1' AND sql IS NULL", &n_b);

  g_assert_cmpuint (n_a, >=, min_rows);
  g_assert_cmpstr (a->str, ==, b->str);
  g_assert_cmpstr (found->str, ==, all->str);
  g_assert_cmpstr (master->str, ==, "2 ");
}

/* integrity_check is ok, and each index lists the rows as SQLite's own sort does. */
static void
assert_indexes_sound (const char *path,
                      guint       min_rows)
{
  sqlite3 *db = msvis_test_open_db (path);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *)sqlite3_column_text (stmt, 0), ==, "ok");
  sqlite3_finalize (stmt);
  for (guint i = 0; i < MSVIS_DB26_N_INDEXES; i++)
    {
      g_autofree char *by_index = g_strdup_printf ("SELECT rowid FROM tb_nodes INDEXED BY "
                                                   "index%u ORDER BY %s, rowid", i + 1,
                                                   index_columns[i]);
      g_autofree char *sorted = g_strdup_printf ("SELECT rowid FROM tb_nodes NOT INDEXED "
                                                 "ORDER BY %s, rowid", index_columns[i]);
      guint n_a, n_b;
      g_autoptr(GString) a = rowids (db, by_index, &n_a);
      g_autoptr(GString) b = rowids (db, sorted, &n_b);

      g_assert_cmpuint (n_a, >=, min_rows);
      g_assert_cmpuint (n_a, ==, n_b);
      g_assert_cmpstr (a->str, ==, b->str);
    }
  assert_id_index_sound (db, min_rows);
  sqlite3_close (db);
}

/* The rows in msprobe's order though their texts are made in chunks by several threads: each
 * graph's nodes by node_order, then its stacks by number, NPU before Bench. */
static void
assert_rows_in_order (const char *path)
{
  static const char *const sql[] = {
    "SELECT count(*), sum(node_order = rowid - 1), sum(data_source = 'NPU') FROM tb_nodes "
    "WHERE rowid <= (SELECT count(*) FROM tb_nodes WHERE data_source = 'NPU')",
    "SELECT count(*), sum(node_order = rowid - 1 - (SELECT count(*) FROM tb_nodes WHERE "
    "data_source = 'NPU')), count(*) FROM tb_nodes WHERE data_source = 'Bench'",
    "SELECT count(*), sum(id = 'NPU_0_0_' || (rowid - 1)), sum(id LIKE 'NPU%') FROM tb_stack "
    "WHERE rowid <= (SELECT count(*) FROM tb_stack WHERE id LIKE 'NPU%')",
  };
  sqlite3 *db = msvis_test_open_db (path);

  for (guint i = 0; i < G_N_ELEMENTS (sql); i++)
    {
      sqlite3_stmt *stmt = NULL;

      g_assert_cmpint (sqlite3_prepare_v2 (db, sql[i], -1, &stmt, NULL), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
      g_assert_cmpint (sqlite3_column_int (stmt, 0), >, i < 2 ? 2000 : 2);
      g_assert_cmpint (sqlite3_column_int (stmt, 1), ==, sqlite3_column_int (stmt, 0));
      g_assert_cmpint (sqlite3_column_int (stmt, 2), ==, sqlite3_column_int (stmt, 0));
      sqlite3_finalize (stmt);
    }
  sqlite3_close (db);
}

/* A compare large enough for interior pages in every index, as graph_visualize writes it. */
static void
test_generated_compare (void)
{
  const char *gen = g_getenv ("MSVIS_GEN_DUMP");
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *npu = g_build_filename (tmp, "npu", NULL);
  g_autofree char *bench = g_build_filename (tmp, "bench", NULL);
  g_autofree char *out = g_build_filename (tmp, "out", NULL);
  const char *npu_argv[] = { gen, "--entries=20000", "--seed=1", npu, NULL };
  const char *bench_argv[] = { gen, "--entries=20000", "--seed=1", "--perturb=0.05",
                               "--perturb-from=0.5", bench, NULL };
  const char *const *argvs[] = { npu_argv, bench_argv };
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autofree char *db = NULL;
  const char *name;
  int status = 0;

  g_assert_nonnull (gen);
  for (guint i = 0; i < G_N_ELEMENTS (argvs); i++)
    {
      g_assert_true (g_spawn_sync (NULL, (char **)argvs[i], NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                                   NULL, NULL, NULL, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
  g_assert_cmpint (msvis_test_run_msvis (NULL, "graph_visualize",
                                         (const char *[]) { "-tp", npu, "-gp", bench, "-o", out,
                                                            NULL }, NULL, NULL), ==, 0);
  dir = g_dir_open (out, 0, &error);
  g_assert_no_error (error);
  name = g_dir_read_name (dir);
  g_assert_nonnull (name);
  g_assert_true (g_str_has_suffix (name, ".vis.db"));
  db = g_build_filename (out, name, NULL);
  assert_indexes_sound (db, 20000);
  assert_rows_in_order (db);
  msvis_test_remove_tree (tmp);
}

/* msprobe's three tables, empty, in 64 KiB pages, with tb_nodes' id index left to msvis. */
static void
make_tables (const char       *path,
             MsvisDb26IdIndex *id_index)
{
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA page_size=65536", NULL, NULL, NULL), ==, SQLITE_OK);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (sqlite3_exec (db, msvis_vis_db26_schema[i], NULL, NULL, NULL), ==,
                     SQLITE_OK);
  g_assert_true (_msvis_db26_id_index_hide (db, id_index));
  sqlite3_close (db);
}

/* Keys of every length up to several overflow pages, some equal but for the rowid: index
 * b-trees four levels deep, cells spilling over, and pages ending at every place. */
static void
test_long_keys (void)
{
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (tmp, "t.vis.db", NULL);
  g_autoptr(MsvisDb26Indexes) indexes = _msvis_db26_indexes_new ();
  g_autoptr(GError) error = NULL;
  guint32 roots[MSVIS_DB26_N_INDEXES];
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  GRand *rand = g_rand_new_with_seed (7);
  const guint n_rows = 300;
  MsvisDb26IdIndex id_index = { 0 };

  /* the id's index written here too, into the root page SQLite gave it */
  make_tables (path, &id_index);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "BEGIN", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "INSERT INTO tb_nodes (id, graph_id, node_order, "
                                       "node_name, node_type, up_node, micro_step_id, "
                                       "matched_node_link, modified, data_source, step, rank, "
                                       "is_distributed) VALUES (?, 'g', ?, ?, '1', ?, ?, ?, 0, ?, "
                                       "?, ?, ?)", -1, &stmt, NULL), ==, SQLITE_OK);
  for (guint i = 0; i < n_rows; i++)
    {
      /* up to 3 overflow pages; every 7th row repeats an earlier key */
      gsize len = i % 7 == 0 ? 40 : (gsize)g_rand_int_range (rand, 1, 3 * 65536);
      g_autofree char *link = g_malloc (len + 1);
      g_autofree char *name = g_strdup_printf ("%c.%u", 'A' + g_rand_int_range (rand, 0, 26), i);
      /* ids from a few bytes to two overflow pages, ending with the name or not */
      g_autofree char *id = g_strdup_printf ("%s%0*u%s", i % 2 ? "NPU_0_0_" : "id",
                                             i % 11 == 0 ? 100000 : 1, i, i % 2 ? name : "");
      g_autofree char *parent = g_strdup_printf ("%c", 'A' + g_rand_int_range (rand, 0, 3));
      MsvisDb26IndexRow row = {
        .rowid = i + 1, .id = id, .id_len = strlen (id), .step = (gint)(i % 3),
        .rank = -(gint)(i % 2),
        .node_order = (gint64)g_rand_int_range (rand, -300, 300) * (1 << 24),
        .micro_step = g_rand_int_range (rand, 0, 4), .distributed = i % 5 == 0,
        .data_source = i % 4 == 0 ? "NPU" : "Bench", .up_node = parent, .node_name = name,
        .link = link, .link_len = len
      };

      for (gsize c = 0; c < len; c++)
        link[c] = (char)('a' + (c * 7 + i % 3) % 26);
      link[len] = '\0';
      sqlite3_bind_text (stmt, 1, id, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (stmt, 2, row.node_order);
      sqlite3_bind_text (stmt, 3, name, -1, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 4, parent, -1, SQLITE_STATIC);
      sqlite3_bind_int (stmt, 5, row.micro_step);
      sqlite3_bind_text (stmt, 6, link, (int)len, SQLITE_STATIC);
      sqlite3_bind_text (stmt, 7, row.data_source, -1, SQLITE_STATIC);
      sqlite3_bind_int (stmt, 8, row.step);
      sqlite3_bind_int (stmt, 9, row.rank);
      sqlite3_bind_int (stmt, 10, row.distributed);
      g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
      sqlite3_reset (stmt);
      g_assert_cmpint (sqlite3_last_insert_rowid (db), ==, row.rowid);
      _msvis_db26_indexes_add (indexes, &row);
    }
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  g_rand_free (rand);

  g_assert_true (_msvis_db26_indexes_write (indexes, path, path, id_index.root, roots, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_true (_msvis_db26_indexes_register (db, msvis_vis_db26_schema + 3, roots,
                                                 &id_index));
  g_free (id_index.nodes_sql);
  sqlite3_close (db);
  assert_indexes_sound (path, n_rows);
  msvis_test_remove_tree (tmp);
}

static int
compare_for_index (gconstpointer a,
                   gconstpointer b,
                   gpointer      index)
{
  return _msvis_db26_index_compare (*(MsvisDb26IndexRow *const *)a,
                                    *(MsvisDb26IndexRow *const *)b, GPOINTER_TO_UINT (index));
}

/* The fast text sort orders rows as the plain comparison does: texts that are prefixes of
 * each other, equal texts told apart by node_order and rowid, empty texts, bytes above 0x7f,
 * and (step, rank, data_source) groups in several runs and out of order. */
static void
test_text_sort (void)
{
  static const char *const parts[] = {
    "Module.", "layers.", "0", "1", "10", "", "\xc3\xa9", "a"
  };
  GRand *rand = g_rand_new_with_seed (11);
  const guint n = 6000;
  g_autofree MsvisDb26IndexRow *rows = g_new0 (MsvisDb26IndexRow, n);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    {
      char *t[3];

      for (guint k = 0; k < 3; k++)
        {
          GString *text = g_string_new (NULL);
          guint n_parts = (guint)g_rand_int_range (rand, 0, i % 97 == 0 ? 40 : 6);

          for (guint p = 0; p < n_parts; p++)
            g_string_append (text, parts[g_rand_int_range (rand, 0, G_N_ELEMENTS (parts))]);
          t[k] = g_string_free (text, FALSE);
          g_ptr_array_add (texts, t[k]);
        }
      rows[i] = (MsvisDb26IndexRow) {
        .rowid = i + 1, .id = t[1], .id_len = strlen (t[1]), .step = (i / 1000) % 2,
        .rank = -(gint)((i / 500) % 3), .node_order = g_rand_int_range (rand, -5, 5),
        .micro_step = g_rand_int_range (rand, 0, 3), .distributed = g_rand_boolean (rand),
        .data_source = (i / 250) % 2 ? "NPU" : "Bench", .up_node = t[0], .node_name = t[1],
        .link = t[2], .link_len = strlen (t[2]), .up_node_len = strlen (t[0]),
        .node_name_len = strlen (t[1])
      };
    }
  for (guint index = 0; index <= MSVIS_DB26_ID_INDEX; index++)
    {
      g_autofree MsvisDb26IndexRow **fast = g_new (MsvisDb26IndexRow *, n);
      g_autofree MsvisDb26IndexRow **plain = g_new (MsvisDb26IndexRow *, n);

      for (guint i = 0; i < n; i++)
        fast[i] = plain[i] = &rows[i];
      _msvis_db26_index_sort (fast, n, index);
      g_qsort_with_data (plain, (gint)n, sizeof (gpointer), compare_for_index,
                         GUINT_TO_POINTER (index));
      for (guint i = 0; i < n; i++)
        g_assert_cmpint (fast[i]->rowid, ==, plain[i]->rowid);
    }
  g_rand_free (rand);
}

/* Two results under one (step, rank) give rows with one id: the write fails as SQLite's
 * PRIMARY KEYs made it fail (tb_stack's on the way, tb_nodes' now kept by msvis), naming the
 * file, and leaves nothing. */
static void
test_duplicate_ids (void)
{
  g_autofree char *vis = msvis_test_reference ("cmp_md5/compare_20261121191925.vis");
  g_autoptr(GFile) file = g_file_new_for_path (vis);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDocument) doc = msvis_vis_read (file, MSVIS_VIS_READ_ALL_DATA, NULL, &error);
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "t.vis.db", NULL);
  g_autoptr(MsvisDb26Indexes) indexes = _msvis_db26_indexes_new ();
  MsvisVisOptions options = { 0 };
  MsvisDb26IdIndex id_index = { 0 };
  guint32 roots[MSVIS_DB26_N_INDEXES];
  MsvisVisCompare compare;
  MsvisVisDb26Writer *writer;
  g_autoptr(GDir) listing = NULL;

  g_assert_no_error (error);
  msvis_vis_document_get_compare (doc, &compare);
  writer = msvis_vis_db26_writer_new (path, &options, &error);
  g_assert_no_error (error);
  g_assert_true (msvis_vis_db26_writer_add (writer, msvis_vis_document_get_npu (doc), &compare,
                                            0, 0, NULL, &error));
  g_assert_false (msvis_vis_db26_writer_add (writer, msvis_vis_document_get_npu (doc), &compare,
                                             0, 0, NULL, &error));
  g_assert_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "UNIQUE constraint failed"));
  g_assert_nonnull (strstr (error->message, path));
  g_clear_error (&error);
  msvis_vis_db26_writer_free (writer);
  listing = g_dir_open (dir, 0, NULL);
  g_assert_null (g_dir_read_name (listing));

  /* tb_nodes' key alone */
  make_tables (path, &id_index);
  for (guint i = 0; i < 3; i++)
    {
      MsvisDb26IndexRow row = {
        .rowid = i + 1, .id = i == 2 ? "NPU_0_0_a" : "NPU_0_0_b", .id_len = 9,
        .data_source = "NPU", .up_node = "", .node_name = i == 2 ? "a" : "b", .link = "[]",
        .link_len = 2
      };

      _msvis_db26_indexes_add (indexes, &row);
    }
  g_assert_false (_msvis_db26_indexes_write (indexes, path, path, id_index.root, roots, &error));
  g_assert_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_WRITE);
  g_assert_nonnull (strstr (error->message, "UNIQUE constraint failed: tb_nodes.id"));
  g_free (id_index.nodes_sql);
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/visdb-index/text-sort", test_text_sort);
  g_test_add_func ("/visdb-index/duplicate-ids", test_duplicate_ids);
  g_test_add_func ("/visdb-index/long-keys", test_long_keys);
  g_test_add_func ("/visdb-index/generated-compare", test_generated_compare);
  return g_test_run ();
}
