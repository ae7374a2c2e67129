// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include <sqlite3.h>

#include "msvis-reader-error.h"
#include "msvis-render.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-db-writer.h"
#include "msvis-vis-db26-writer.h"
#include "msvis-visdb-diff.h"
#include "msvis-test-util.h"
#include "msvis-vis-reader.h"

/* .vis -> model -> .vis must give msprobe's bytes back, for every reference output. */

static void
collect_vis_files (const char *dir,
                   GPtrArray  *out)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_vis_files (path, out);
      else if (g_str_has_suffix (name, ".vis"))
        g_ptr_array_add (out, g_steal_pointer (&path));
    }
}

/* Every .vis msprobe wrote in the reference runs (test-golden checks the folders against its
 * list of cases). */
static GPtrArray *
reference_vis_files (void)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *reference = msvis_test_reference (NULL);

  collect_vis_files (reference, files);
  g_assert_cmpuint (files->len, >=, 20);
  return g_steal_pointer (&files);
}

static GBytes *
write_document (MsvisVisDocument *doc)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  g_assert_true (msvis_vis_document_write_vis (doc, stream, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (stream, NULL, NULL));
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (stream));
}

static void
assert_round_trip (const char        *path,
                   MsvisVisReadFlags  flags)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDocument) doc = msvis_vis_read (file, flags, NULL, &error);
  g_autoptr(GBytes) written = NULL;
  g_autofree char *expected = NULL;
  gsize expected_len;

  g_assert_no_error (error);
  g_assert_nonnull (doc);
  written = write_document (doc);
  g_assert_true (g_file_get_contents (path, &expected, &expected_len, NULL));
  if (g_bytes_get_size (written) != expected_len ||
      memcmp (g_bytes_get_data (written, NULL), expected, expected_len) != 0)
    g_error ("%s: writing it back does not give the same bytes", path);
}

static void
test_round_trip (void)
{
  g_autoptr(GPtrArray) files = reference_vis_files ();

  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);

      g_test_message ("%s", path);
      assert_round_trip (path, MSVIS_VIS_READ_DEFAULT);
      assert_round_trip (path, MSVIS_VIS_READ_ALL_DATA);
    }
}

/* Reading a file with a progress takes the fraction to its end, by the bytes read; phases
 * nest as ranges of the whole. */
static void
test_progress (void)
{
  g_autoptr(GPtrArray) files = reference_vis_files ();
  g_autoptr(MsvisProgress) nested = msvis_progress_new ();

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(MsvisProgress) progress = msvis_progress_new ();
      g_autoptr(GFile) file = g_file_new_for_path (g_ptr_array_index (files, i));
      g_autoptr(GError) error = NULL;
      g_autoptr(MsvisVisDocument) doc = NULL;

      g_assert_cmpfloat (msvis_progress_get_fraction (progress), ==, 0.);
      doc = msvis_vis_read_full (file, MSVIS_VIS_READ_DEFAULT, progress, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpfloat (msvis_progress_get_fraction (progress), ==, 1.);
    }

  msvis_progress_push_range (nested, 0.5, 1.);
  msvis_progress_set_done (nested, 1, 2);
  g_assert_cmpfloat_with_epsilon (msvis_progress_get_fraction (nested), 0.75, 1e-6);
  /* Never backwards. */
  msvis_progress_set_fraction (nested, 0.);
  g_assert_cmpfloat_with_epsilon (msvis_progress_get_fraction (nested), 0.75, 1e-6);
  msvis_progress_pop_range (nested);
  g_assert_cmpfloat (msvis_progress_get_fraction (nested), ==, 1.);
}

static void
assert_items_equal (MsvisGraph *a,
                    guint32     first_a,
                    guint32     n_a,
                    MsvisGraph *b,
                    guint32     first_b,
                    guint32     n_b)
{
  g_assert_cmpuint (n_a, ==, n_b);
  for (guint32 i = 0; i < n_a; i++)
    {
      const MsvisItem *x = msvis_graph_get_item (a, first_a + i);
      const MsvisItem *y = msvis_graph_get_item (b, first_b + i);
      const MsvisField *fx = msvis_graph_get_fields (a, x), *fy = msvis_graph_get_fields (b, y);

      g_assert_cmpstr (x->key, ==, y->key);
      g_assert_cmpuint (x->n_fields, ==, y->n_fields);
      for (guint j = 0; j < x->n_fields; j++)
        {
          g_assert_cmpstr (msvis_graph_atom_name (a, fx[j].name), ==,
                           msvis_graph_atom_name (b, fy[j].name));
          g_assert_cmpuint (fx[j].kind, ==, fy[j].kind);
          g_assert_cmpstr (fx[j].s, ==, fy[j].s);
        }
    }
}

static gboolean
reaches_root (MsvisGraph  *graph,
              MsvisNodeId  node)
{
  while (msvis_graph_node_get_parent (graph, node) != MSVIS_NODE_ID_NONE)
    node = msvis_graph_node_get_parent (graph, node);
  return node == msvis_graph_get_root (graph);
}

/* Same nodes, hierarchy, links, precision, overflow, micro steps, items and stacks. The db
 * keeps no md5 Result, its INTEGER column gives 1.0 back as 1, and like msprobe's it leaves
 * out nodes the root does not reach (msprobe writes such orphans in a .vis). */
static void
assert_graphs_equal (MsvisGraph *a,
                     MsvisGraph *a_other,
                     MsvisGraph *b,
                     MsvisGraph *b_other)
{
  MsvisCompareResults *ra = msvis_graph_get_compare_results (a);
  MsvisCompareResults *rb = msvis_graph_get_compare_results (b);

  guint reached = 0;

  for (MsvisNodeId x = 0; x < msvis_graph_get_n_nodes (a); x++)
    {
      const char *id = msvis_graph_node_get_id (a, x);
      MsvisNodeId y = msvis_graph_lookup (b, id), pa, pb, ca, cb;
      guint32 fa, na, fb, nb;
      const char *const *la, *const *lb;
      guint nla, nlb;

      if (!reaches_root (a, x))
        {
          g_assert_cmpuint (y, ==, MSVIS_NODE_ID_NONE);
          continue;
        }
      reached++;
      g_assert_cmpuint (y, !=, MSVIS_NODE_ID_NONE);
      g_assert_cmpint (msvis_graph_node_get_node_type (a, x), ==,
                       msvis_graph_node_get_node_type (b, y));
      pa = msvis_graph_node_get_parent (a, x);
      pb = msvis_graph_node_get_parent (b, y);
      g_assert_cmpstr (pa == MSVIS_NODE_ID_NONE ? NULL : msvis_graph_node_get_id (a, pa), ==,
                       pb == MSVIS_NODE_ID_NONE ? NULL : msvis_graph_node_get_id (b, pb));
      for (ca = msvis_graph_node_get_first_child (a, x),
           cb = msvis_graph_node_get_first_child (b, y);
           ca != MSVIS_NODE_ID_NONE || cb != MSVIS_NODE_ID_NONE;
           ca = msvis_graph_node_get_next_sibling (a, ca),
           cb = msvis_graph_node_get_next_sibling (b, cb))
        {
          g_assert_true (ca != MSVIS_NODE_ID_NONE && cb != MSVIS_NODE_ID_NONE);
          g_assert_cmpstr (msvis_graph_node_get_id (a, ca), ==, msvis_graph_node_get_id (b, cb));
        }
      g_assert_cmpint (msvis_graph_node_get_micro_step (a, x), ==,
                       msvis_graph_node_get_micro_step (b, y));
      g_assert_cmpint (msvis_graph_node_get_overflow (a, x), ==,
                       msvis_graph_node_get_overflow (b, y));

      fa = msvis_graph_node_get_inputs (a, x, &na);
      fb = msvis_graph_node_get_inputs (b, y, &nb);
      assert_items_equal (a, fa, na, b, fb, nb);
      fa = msvis_graph_node_get_outputs (a, x, &na);
      fb = msvis_graph_node_get_outputs (b, y, &nb);
      assert_items_equal (a, fa, na, b, fb, nb);

      la = msvis_graph_get_stack (a, msvis_graph_node_get_stack (a, x), &nla);
      lb = msvis_graph_get_stack (b, msvis_graph_node_get_stack (b, y), &nlb);
      g_assert_cmpuint (nla, ==, nlb);
      for (guint i = 0; i < nla; i++)
        g_assert_cmpstr (la[i], ==, lb[i]);

      if (ra != NULL)
        {
          MsvisNodeId oa = msvis_compare_results_get_link (ra, x);
          MsvisNodeId ob = msvis_compare_results_get_link (rb, y);
          MsvisPrecision qa = msvis_compare_results_get_precision (ra, x);
          MsvisPrecision qb = msvis_compare_results_get_precision (rb, y);

          g_assert_cmpstr (oa == MSVIS_NODE_ID_NONE ? NULL : msvis_graph_node_get_id (a_other, oa),
                           ==,
                           ob == MSVIS_NODE_ID_NONE ? NULL : msvis_graph_node_get_id (b_other, ob));
          g_assert_cmpint (qa.kind == MSVIS_PRECISION_NONE, ==, qb.kind == MSVIS_PRECISION_NONE);
          if (qa.kind != MSVIS_PRECISION_NONE && !isnan (qa.value))
            g_assert_cmpfloat (qa.value, ==, qb.value);
        }
    }
  g_assert_cmpuint (reached, ==, msvis_graph_get_n_nodes (b));
}

static void
assert_db_round_trip (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDocument) doc = msvis_vis_read (file, MSVIS_VIS_READ_ALL_DATA, NULL, &error);
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *db_path = g_build_filename (dir, "t.vis.db", NULL);
  g_autoptr(MsvisVisDbWriter) writer = NULL;
  g_autoptr(MsvisVisDb) db = NULL;
  g_autoptr(MsvisVisDocument) back = NULL;
  MsvisVisOptions options = { .overflow_check = TRUE };
  MsvisVisCompare compare;

  g_assert_no_error (error);
  msvis_vis_document_get_compare (doc, &compare);
  writer = msvis_vis_db_writer_new (db_path, &options, &error);
  g_assert_no_error (error);
  g_assert_true (msvis_vis_db_writer_add (writer, msvis_vis_document_get_npu (doc),
                                          msvis_vis_document_is_compare (doc) ? &compare : NULL,
                                          0, 0, NULL, &error));
  g_assert_true (msvis_vis_db_writer_commit (writer, &error));
  g_assert_no_error (error);

  db = msvis_vis_db_open (db_path, &error);
  g_assert_no_error (error);
  back = msvis_vis_db_load (db, 0, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (msvis_vis_document_ensure_all_data (back, NULL, &error));
  g_assert_no_error (error);

  /* Reading leaves nothing beside the file. */
  g_assert_cmpuint (msvis_test_count_files (dir), ==, 1);
  g_assert_cmpint (msvis_vis_document_is_compare (back), ==, msvis_vis_document_is_compare (doc));
  g_assert_cmpstr (msvis_vis_document_get_task (back), ==, msvis_vis_document_get_task (doc));
  assert_graphs_equal (msvis_vis_document_get_npu (doc), msvis_vis_document_get_bench (doc),
                       msvis_vis_document_get_npu (back), msvis_vis_document_get_bench (back));
  if (msvis_vis_document_get_bench (doc) != NULL)
    assert_graphs_equal (msvis_vis_document_get_bench (doc), msvis_vis_document_get_npu (doc),
                         msvis_vis_document_get_bench (back), msvis_vis_document_get_npu (back));
}

/* .vis -> .vis.db -> model gives the model the .vis gave. */
static void
test_db_round_trip (void)
{
  g_autoptr(GPtrArray) files = reference_vis_files ();

  for (guint i = 0; i < files->len; i++)
    {
      g_test_message ("%s", (char *)g_ptr_array_index (files, i));
      assert_db_round_trip (g_ptr_array_index (files, i));
    }
}

/* The 26.0.0 writer makes its row texts on a thread of its own: a cancel stops that thread and
 * leaves nothing behind, and a writer not cancelled writes every file. */
static void
test_db26_rows_thread (void)
{
  g_autoptr(GPtrArray) files = reference_vis_files ();

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (g_ptr_array_index (files, i));
      g_autoptr(GError) error = NULL;
      g_autoptr(MsvisVisDocument) doc = msvis_vis_read (file, MSVIS_VIS_READ_ALL_DATA, NULL,
                                                        &error);
      g_autofree char *dir = msvis_test_make_dir ();
      g_autofree char *path = g_build_filename (dir, "t.vis.db", NULL);
      g_autoptr(GCancellable) cancellable = g_cancellable_new ();
      MsvisVisOptions options = { .overflow_check = TRUE };
      MsvisVisCompare compare;
      const MsvisVisCompare *with = NULL;
      MsvisVisDb26Writer *writer;
      g_autoptr(GDir) listing = NULL;

      g_assert_no_error (error);
      msvis_vis_document_get_compare (doc, &compare);
      if (msvis_vis_document_is_compare (doc))
        with = &compare;

      g_cancellable_cancel (cancellable);
      writer = msvis_vis_db26_writer_new (path, &options, &error);
      g_assert_no_error (error);
      g_assert_false (msvis_vis_db26_writer_add (writer, msvis_vis_document_get_npu (doc), with,
                                                 0, 0, cancellable, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_clear_error (&error);
      msvis_vis_db26_writer_free (writer);
      listing = g_dir_open (dir, 0, NULL);
      g_assert_null (g_dir_read_name (listing));

      writer = msvis_vis_db26_writer_new (path, &options, &error);
      g_assert_no_error (error);
      g_assert_true (msvis_vis_db26_writer_add (writer, msvis_vis_document_get_npu (doc), with,
                                                0, 0, NULL, &error));
      g_assert_true (msvis_vis_db26_writer_commit (writer, FALSE, &error));
      g_assert_no_error (error);
      msvis_vis_db26_writer_free (writer);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
}

/* Three results in one file: each index lists the rows of every step, in order. */
static void
test_db26_steps (void)
{
  g_autoptr(GPtrArray) files = reference_vis_files ();
  g_autoptr(GFile) file = g_file_new_for_path (g_ptr_array_index (files, 0));
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDocument) doc = msvis_vis_read (file, MSVIS_VIS_READ_ALL_DATA, NULL, &error);
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "steps.vis.db", NULL);
  MsvisVisOptions options = { .overflow_check = TRUE };
  MsvisVisCompare compare;
  MsvisVisDb26Writer *writer;
  sqlite3 *db;
  sqlite3_stmt *stmt = NULL;

  g_assert_no_error (error);
  writer = msvis_vis_db26_writer_new (path, &options, &error);
  g_assert_no_error (error);
  msvis_vis_document_get_compare (doc, &compare);
  for (gint step = 2; step >= 0; step--)
    g_assert_true (msvis_vis_db26_writer_add (writer, msvis_vis_document_get_npu (doc),
                                              msvis_vis_document_is_compare (doc) ? &compare
                                                                                  : NULL,
                                              step, 0, NULL, &error));
  g_assert_true (msvis_vis_db26_writer_commit (writer, FALSE, &error));
  g_assert_no_error (error);
  msvis_vis_db26_writer_free (writer);

  db = msvis_test_open_db (path);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT (SELECT group_concat(rowid) FROM (SELECT "
                                       "rowid FROM tb_nodes INDEXED BY index3 ORDER BY step, "
                                       "rank, data_source, node_order)) = (SELECT "
                                       "group_concat(rowid) FROM (SELECT rowid FROM tb_nodes "
                                       "NOT INDEXED ORDER BY step, rank, data_source, "
                                       "node_order, rowid)), (SELECT count(DISTINCT step) FROM "
                                       "tb_nodes INDEXED BY index4 WHERE step >= 0)", -1, &stmt,
                                       NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 1);
  g_assert_cmpint (sqlite3_column_int (stmt, 1), ==, 3);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA integrity_check", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  g_assert_cmpstr ((const char *)sqlite3_column_text (stmt, 0), ==, "ok");
  sqlite3_finalize (stmt);
  sqlite3_close (db);
}

/* A compare as tb_graph_ascend saves it: UTF-8 text, match tables, prefixed links. */
static const char viewer_saved[] =
  "{\"NPU\": {\"root\": \"DefaultModel\", \"dump_data_dir\": null, \"node\": {"
  "\"DefaultModel\": {\"id\": \"DefaultModel\", \"node_type\": 0, \"output_data\": {},"
  " \"input_data\": {}, \"upnode\": \"None\", \"subnodes\": [\"Module.层.0\"],"
  " \"matched_node_link\": [\"N___DefaultModel\"], \"suggestions\": {}, \"stack_info\": [],"
  " \"data\": {\"precision_index\": NaN}},"
  "\"Module.层.0\": {\"id\": \"Module.层.0\", \"node_type\": 1,"
  " \"output_data\": {\"Module.层.0.output.0\": {\"Max\": \"1.0\", \"说明\": \"张量\"}},"
  " \"input_data\": {}, \"upnode\": \"DefaultModel\", \"subnodes\": [],"
  " \"matched_node_link\": [], \"suggestions\": {}, \"stack_info\": [\"File a.py, line 1\"],"
  " \"micro_step_id\": 0, \"data\": {\"overflow_level\": \"high\"}}}},"
  "\"Bench\": {\"root\": \"DefaultModel\", \"dump_data_dir\": \"/d\", \"node\": {"
  "\"DefaultModel\": {\"id\": \"DefaultModel\", \"node_type\": 0, \"output_data\": {},"
  " \"input_data\": {}, \"upnode\": \"None\", \"subnodes\": [],"
  " \"matched_node_link\": [\"B___DefaultModel\"], \"suggestions\": {}, \"stack_info\": [],"
  " \"data\": {}}}},"
  "\"ToolTip\": \"{}\", \"Colors\": {\"#FFFFFF\": {\"value\": [0, 0.1]}}, \"MicroSteps\": 1,"
  " \"task\": \"summary\", \"OverflowCheck\": true,"
  " \"npu_match_nodes\": {\"Module.层.0\": \"Module.x\"}, \"bench_match_nodes\": {}}";

static MsvisVisDocument *
read_text (const char    *text,
           gssize         length,
           MsvisVisReadFlags flags,
           GError       **error)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "t.vis", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);

  msvis_test_write (dir, "t.vis", text, length);
  return msvis_vis_read (file, flags, NULL, error);
}

static void
test_viewer_saved (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDocument) doc = read_text (viewer_saved, -1, MSVIS_VIS_READ_DEFAULT,
                                               &error);
  MsvisCompareResults *results;
  MsvisNodeId layer;
  guint32 first, n;
  const MsvisItem *item;
  guint n_lines;

  g_assert_no_error (error);
  g_assert_true (msvis_vis_document_is_compare (doc));
  g_assert_cmpstr (msvis_vis_document_get_task (doc), ==, "summary");
  g_assert_true (msvis_vis_document_get_overflow_check (doc));
  g_assert_cmpstr (g_hash_table_lookup (msvis_vis_document_get_npu_match_nodes (doc), "Module.层.0"),
                   ==, "Module.x");
  g_assert_cmpuint (g_hash_table_size (msvis_vis_document_get_bench_match_nodes (doc)), ==, 0);

  layer = msvis_graph_lookup (msvis_vis_document_get_npu (doc), "Module.层.0");
  g_assert_cmpuint (layer, ==, 1);
  g_assert_cmpuint (msvis_graph_node_get_parent (msvis_vis_document_get_npu (doc), layer), ==, 0);
  g_assert_cmpint (msvis_graph_node_get_node_type (msvis_vis_document_get_npu (doc), layer), ==,
                   MSVIS_NODE_API);
  g_assert_cmpint (msvis_graph_node_get_micro_step (msvis_vis_document_get_npu (doc), layer), ==,
                   0);
  g_assert_cmpint (msvis_graph_node_get_overflow (msvis_vis_document_get_npu (doc), layer), ==,
                   MSVIS_OVERFLOW_HIGH);

  results = msvis_graph_get_compare_results (msvis_vis_document_get_npu (doc));
  g_assert_cmpuint (msvis_compare_results_get_link (results, 0), ==, 0);
  g_assert_cmpuint (msvis_compare_results_get_link (results, layer), ==, MSVIS_NODE_ID_NONE);
  g_assert_true (isnan (msvis_compare_results_get_precision (results, 0).value));

  /* Nothing of the node's data is read before it is asked for. */
  msvis_graph_node_get_outputs (msvis_vis_document_get_npu (doc), layer, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_true (msvis_vis_document_ensure_node_data (doc, msvis_vis_document_get_npu (doc), layer,
                                                      &error));
  g_assert_no_error (error);
  first = msvis_graph_node_get_outputs (msvis_vis_document_get_npu (doc), layer, &n);
  g_assert_cmpuint (n, ==, 1);
  item = msvis_graph_get_item (msvis_vis_document_get_npu (doc), first);
  g_assert_cmpstr (item->key, ==, "Module.层.0.output.0");
  g_assert_cmpuint (item->n_fields, ==, 2);
  g_assert_cmpstr (msvis_graph_get_fields (msvis_vis_document_get_npu (doc), item)[1].s, ==, "张量");
  g_assert_cmpstr (msvis_graph_get_stack (msvis_vis_document_get_npu (doc),
                                          msvis_graph_node_get_stack (
                                            msvis_vis_document_get_npu (doc), layer),
                                          &n_lines)[0], ==, "File a.py, line 1");
}

static const char small_build[] =
  "{\"root\": \"DefaultModel\", \"dump_data_dir\": null, \"node\": {"
  "\"DefaultModel\": {\"id\": \"DefaultModel\", \"node_type\": 0, \"output_data\": {},"
  " \"input_data\": {\"DefaultModel.input.0\": {\"type\": \"int\", \"value\": \"1\"}},"
  " \"upnode\": \"None\", \"subnodes\": [\"A\", \"B\"], \"matched_node_link\": [],"
  " \"suggestions\": {}, \"stack_info\": [], \"data\": {}},"
  "\"A\": {\"id\": \"A\", \"node_type\": 0, \"output_data\": {}, \"input_data\": {},"
  " \"upnode\": \"DefaultModel\", \"subnodes\": [], \"matched_node_link\": [],"
  " \"suggestions\": {}, \"stack_info\": [\"s\"], \"micro_step_id\": 0, \"data\": {}},"
  "\"B\": {\"id\": \"B\", \"node_type\": 1, \"output_data\": {}, \"input_data\": {},"
  " \"upnode\": \"DefaultModel\", \"subnodes\": [], \"matched_node_link\": [],"
  " \"suggestions\": {}, \"stack_info\": [], \"data\": {}}},"
  " \"MicroSteps\": 1, \"OverflowCheck\": false}";

static void
assert_fails (const char *text,
              int         code,
              const char *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDocument) doc = read_text (text, -1, MSVIS_VIS_READ_DEFAULT, &error);

  g_assert_null (doc);
  g_assert_error (error, MSVIS_READER_ERROR, code);
  g_assert_nonnull (strstr (error->message, "t.vis"));
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s” does not say “%s”", error->message, fragment);
}

static char *
replace (const char *text,
         const char *from,
         const char *to)
{
  g_auto(GStrv) parts = g_strsplit (text, from, 2);

  g_assert_nonnull (parts[1]);
  return g_strconcat (parts[0], to, parts[1], NULL);
}

static void
test_lies (void)
{
  struct { const char *from, *to, *fragment; int code; } cases[] = {
    { "[\"A\", \"B\"]", "[\"A\", \"C\"]", "“C”, which is not in the node map",
      MSVIS_READER_ERROR_INVALID_VALUE },
    { "[\"A\", \"B\"]", "[\"A\", \"A\"]", "listed elsewhere", MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"subnodes\": [], \"matched_node_link\": [], \"suggestions\": {}, \"stack_info\": [\"s\"]",
      "\"subnodes\": [\"DefaultModel\"], \"matched_node_link\": [], \"suggestions\": {},"
      " \"stack_info\": [\"s\"]", "listed elsewhere", MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"upnode\": \"DefaultModel\", \"subnodes\": [], \"matched_node_link\": [], "
      "\"suggestions\": {}, \"stack_info\": [\"s\"]",
      "\"upnode\": \"B\", \"subnodes\": [], \"matched_node_link\": [], "
      "\"suggestions\": {}, \"stack_info\": [\"s\"]", "its upnode is “B”",
      MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"B\": {\"id\": \"B\"", "\"A\": {\"id\": \"A\"", "in the node map already",
      MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"id\": \"B\"", "\"id\": \"Z\"", "differs from its name", MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"node_type\": 1", "\"node_type\": \"1\"", "“node_type” should be",
      MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"node_type\": 1", "\"node_type\": 100000", "“node_type” should be",
      MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"root\": \"DefaultModel\"", "\"root\": \"A\"", "not the root",
      MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"micro_step_id\": 0", "\"micro_step_id\": -3", "“micro_step_id” should be",
      MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"MicroSteps\": 1", "\"MicroSteps\": [1]", "“MicroSteps” should be",
      MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"stack_info\": [\"s\"]", "\"stack_info\": {\"s\": 1}", "“stack_info” should be",
      MSVIS_READER_ERROR_INVALID_VALUE },
    { "\"node\": {", "\"nodes\": {", "neither a “node” map", MSVIS_READER_ERROR_MISSING_FIELD },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = replace (small_build, cases[i].from, cases[i].to);

      g_test_message ("case %u", i);
      assert_fails (text, cases[i].code, cases[i].fragment);
    }

  assert_fails ("", MSVIS_READER_ERROR_SYNTAX, "empty");
  assert_fails ("[1, 2]", MSVIS_READER_ERROR_INVALID_VALUE, "one object");
}

static void
test_cycle (void)
{
  /* A and B each other's parent, away from the root. */
  const char *text =
    "{\"root\": \"DefaultModel\", \"node\": {"
    "\"DefaultModel\": {\"upnode\": \"None\", \"subnodes\": []},"
    "\"A\": {\"upnode\": \"B\", \"subnodes\": [\"B\"]},"
    "\"B\": {\"upnode\": \"A\", \"subnodes\": [\"A\"]}}}";

  assert_fails (text, MSVIS_READER_ERROR_INVALID_VALUE, "its own ancestor");
}

static void
test_compare_links (void)
{
  g_autofree char *text = replace (viewer_saved, "[\"N___DefaultModel\"]", "[\"Gone\"]");

  assert_fails (text, MSVIS_READER_ERROR_INVALID_VALUE, "NPU node “DefaultModel”: it is "
                                                        "matched with “Gone”");
}

/* Every prefix of a file is an error, never a crash or a document. */
static void
test_truncated (void)
{
  gsize length = strlen (small_build);

  for (gsize n = 0; n < length; n++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MsvisVisDocument) doc = read_text (small_build, n, MSVIS_VIS_READ_DEFAULT,
                                                   &error);

      g_assert_null (doc);
      g_assert_nonnull (error);
    }
}

/* Node data that is broken inside passes the index; asking for it gives the error. */
static void
test_lazy_error (void)
{
  g_autofree char *text = replace (small_build, "\"value\": \"1\"", "\"value\": [1]");
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDocument) doc = read_text (text, -1, MSVIS_VIS_READ_DEFAULT, &error);

  g_assert_no_error (error);
  g_assert_false (msvis_vis_document_ensure_node_data (doc, msvis_vis_document_get_npu (doc), 0,
                                                       &error));
  g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "t.vis, byte "));
  g_clear_error (&error);

  g_assert_null (read_text (text, -1, MSVIS_VIS_READ_ALL_DATA, &error));
  g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, "t.vis, line 1"));
}

static gboolean
count_load (gpointer      source,
            MsvisGraph   *graph,
            MsvisNodeId   node,
            GError      **error)
{
  g_atomic_int_inc ((gint *)source);
  return TRUE;
}

static gpointer
load_first_node (gpointer data)
{
  MsvisVisDocument *doc = data;

  g_assert_true (msvis_vis_document_ensure_node_data (doc, msvis_vis_document_get_npu (doc), 0,
                                                      NULL));
  return NULL;
}

static gpointer
read_while_another_loads (MsvisVisDocument *doc,
                          gpointer          user_data)
{
  GThread *loader = g_thread_new ("load", load_first_node, doc);

  /* The loader waits for the read to end, however long it takes. */
  g_usleep (100 * 1000);
  g_assert_cmpint (g_atomic_int_get ((gint *)user_data), ==, 0);
  return loader;
}

/* Reading node data holds off loading on other threads, and only while it reads. */
static void
test_read_node_data (void)
{
  g_autoptr(MsvisVisDocument) doc = msvis_vis_document_new ();
  gint loads = 0;
  GThread *loader;

  msvis_vis_document_set_graphs (doc, msvis_graph_new (), NULL);
  msvis_vis_document_set_loader (doc, count_load, &loads, NULL);
  loader = msvis_vis_document_read_node_data (doc, read_while_another_loads, &loads);
  g_thread_join (loader);
  g_assert_cmpint (loads, ==, 1);
}

/* A file with links on the NPU side only: the Bench side answers with them, and its own
 * link wins where it has one. Its compare results stay as read, so writing gives the file
 * back. */
static void
test_bench_links (void)
{
  g_autoptr(MsvisVisDocument) doc = msvis_vis_document_new ();
  MsvisCompareResults *npu_results, *bench_results;
  MsvisNodeId n[3], b[3];

  msvis_vis_document_set_compare (doc, TRUE);
  msvis_vis_document_set_graphs (doc, msvis_graph_new (), msvis_graph_new ());
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *id = g_strdup_printf ("Torch.matmul.%u.forward", i);

      n[i] = msvis_graph_add_node (msvis_vis_document_get_npu (doc), MSVIS_NODE_API, id);
      b[i] = msvis_graph_add_node (msvis_vis_document_get_bench (doc), MSVIS_NODE_API, id);
    }
  npu_results = msvis_graph_ensure_compare_results (msvis_vis_document_get_npu (doc));
  bench_results = msvis_graph_ensure_compare_results (msvis_vis_document_get_bench (doc));
  msvis_compare_results_set_link (npu_results, n[0], b[0]);
  msvis_compare_results_set_link (npu_results, n[1], b[1]);
  msvis_compare_results_set_link (npu_results, n[2], b[1]);    /* the first NPU node wins */
  msvis_compare_results_set_link (bench_results, b[0], n[2]);  /* its own link wins */

  g_assert_cmpuint (msvis_vis_document_get_counterpart (doc, TRUE, b[0]), ==, n[2]);
  g_assert_cmpuint (msvis_vis_document_get_counterpart (doc, TRUE, b[1]), ==, n[1]);
  g_assert_cmpuint (msvis_vis_document_get_counterpart (doc, TRUE, b[2]), ==,
                    MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (msvis_vis_document_get_counterpart (doc, FALSE, n[2]), ==, b[1]);
  g_assert_cmpuint (msvis_vis_document_get_counterpart (doc, TRUE, MSVIS_NODE_ID_NONE), ==,
                    MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (msvis_compare_results_get_link (bench_results, b[1]), ==,
                    MSVIS_NODE_ID_NONE);

  /* Drawn as matched (white without buckets), not grey, with the indexed links. */
  {
    g_autoptr(MsvisFillMap) map = msvis_fill_map_new (msvis_vis_document_get_bench (doc),
                                                      msvis_vis_document_get_npu (doc), TRUE, NULL,
                                                      MSVIS_PALETTE_PRECISION);
    MsvisRgba fill = msvis_fill_map_get (map, b[1]);

    g_assert_cmpfloat (fill.red, ==, msvis_render_unmatched_grey.red);
    msvis_fill_map_set_links (map, msvis_vis_document_get_bench_links (doc));
    fill = msvis_fill_map_get (map, b[1]);
    g_assert_cmpfloat (fill.red, ==, msvis_render_white.red);
    fill = msvis_fill_map_get (map, b[2]);
    g_assert_cmpfloat (fill.red, ==, msvis_render_unmatched_grey.red);
  }
}

/* ToolTip is read once, as Python reads it: a repeated name keeps its place and takes the last
 * value; members that are not strings are left out; a ToolTip that is not an object gives none. */
static void
test_tool_tips (void)
{
  static const struct {
    const char *text;
    const char *pairs;   /* joined with | */
  } cases[] = {
    { "{\"Cosine\": \"\\u4f59\\u5f26\", \"MaxAbsErr\": 1, \"RMSE\": \"r\", \"Cosine\": \"c\"}",
      "Cosine|c|RMSE|r" },
    { "{}", "" },
    { "[\"Cosine\", \"c\"]", "" },
    { "{", "" },
    { NULL, "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MsvisVisDocument) doc = msvis_vis_document_new ();
      g_autoptr(GString) joined = g_string_new (NULL);
      const MsvisTooltipEntry *tips;
      guint n, again;

      msvis_vis_document_set_tooltip (doc, cases[i].text);
      tips = msvis_vis_document_get_tooltip_entries (doc, &n);
      for (guint t = 0; t < n; t++)
        g_string_append_printf (joined, "%s%s|%s", t > 0 ? "|" : "", tips[t].name, tips[t].text);
      g_assert_cmpstr (joined->str, ==, cases[i].pairs);
      /* Read once: the same array again. */
      g_assert_true (msvis_vis_document_get_tooltip_entries (doc, &again) == tips);
      g_assert_cmpuint (again, ==, n);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vis-reader/round-trip", test_round_trip);
  g_test_add_func ("/vis-reader/progress", test_progress);
  g_test_add_func ("/vis-reader/db-round-trip", test_db_round_trip);
  g_test_add_func ("/vis-reader/db26-rows-thread", test_db26_rows_thread);
  g_test_add_func ("/vis-reader/db26-steps", test_db26_steps);
  g_test_add_func ("/vis-reader/viewer-saved", test_viewer_saved);
  g_test_add_func ("/vis-reader/lies", test_lies);
  g_test_add_func ("/vis-reader/cycle", test_cycle);
  g_test_add_func ("/vis-reader/compare-links", test_compare_links);
  g_test_add_func ("/vis-reader/truncated", test_truncated);
  g_test_add_func ("/vis-reader/lazy-error", test_lazy_error);
  g_test_add_func ("/vis-reader/read-node-data", test_read_node_data);
  g_test_add_func ("/vis-reader/bench-links", test_bench_links);
  g_test_add_func ("/vis-reader/tool-tips", test_tool_tips);

  return g_test_run ();
}
