// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-graph-unattached.h"
#include "msvis-match-session.h"
#include "msvis-node-finder.h"
#include "msvis-test-util.h"
#include "msvis-vis-db-writer.h"
#include "msvis-vis-writer.h"

/* Nodes the root does not reach (cmp_xfw_lm: 14 of the NPU side's 19, whose upnode is "None")
 * go under a viewer's Unattached group (issue 26), which no file written from the document
 * holds and matching refuses. */

#define XFW "cmp_xfw_lm/compare_20261121192016.vis"

static MsvisVisDocument *
load (const char *relative)
{
  g_autofree char *path = msvis_test_reference (relative);

  return msvis_test_load_first_graph (path);
}

static void
test_group (void)
{
  g_autoptr(MsvisVisDocument) doc = load (XFW);
  MsvisGraph *npu = msvis_vis_document_get_npu (doc);
  MsvisGraph *bench = msvis_vis_document_get_bench (doc);
  guint n_file = msvis_graph_get_n_nodes (npu);
  MsvisNodeId root = msvis_graph_get_root (npu), group, last = MSVIS_NODE_ID_NONE;

  g_assert_cmpuint (n_file, ==, 19);
  g_assert_cmpuint (msvis_test_count_below (npu, root), ==, 5);
  g_assert_cmpuint (msvis_graph_get_unattached (npu), ==, MSVIS_NODE_ID_NONE);

  /* The Bench links indexed for the file's nodes first, as a window's load does. */
  msvis_vis_document_index_links (doc);
  msvis_vis_document_gather_unattached (doc);
  group = msvis_graph_get_unattached (npu);
  g_assert_cmpuint (group, ==, n_file);
  g_assert_true (msvis_graph_node_is_synthetic (npu, group));
  g_assert_cmpuint (msvis_graph_get_n_unattached (npu), ==, 14);
  g_assert_cmpstr (msvis_graph_get_unattached_label (npu), ==, "Unattached (14)");
  /* The root's last child; every node of the file now in the tree, once. */
  for (MsvisNodeId c = msvis_graph_node_get_first_child (npu, root); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (npu, c))
    last = c;
  g_assert_cmpuint (last, ==, group);
  g_assert_cmpuint (msvis_graph_node_get_parent (npu, group), ==, root);
  g_assert_cmpuint (msvis_test_count_below (npu, root), ==, n_file + 1);
  g_assert_cmpuint (msvis_test_count_below (npu, group), ==, 15);
  /* Its nodes have no parent in the file. */
  for (MsvisNodeId c = msvis_graph_node_get_first_child (npu, group); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (npu, c))
    g_assert_cmpuint (msvis_graph_node_get_file_parent (npu, c), ==, MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (msvis_graph_get_n_unattached (bench), ==, 14);
  /* Once only; no data to read for it; no counterpart. */
  msvis_vis_document_gather_unattached (doc);
  g_assert_cmpuint (msvis_graph_get_n_nodes (npu), ==, n_file + 1);
  g_assert_true (msvis_vis_document_ensure_all_data (doc, NULL, NULL));
  g_assert_cmpuint (msvis_vis_document_get_counterpart (doc, TRUE,
                                                        msvis_graph_get_unattached (bench)),
                    ==, MSVIS_NODE_ID_NONE);
}

/* Find finds the group by its name, and the nodes in it; the leaf counts stay those of the
 * file's nodes (the group is no leaf, and no node is in the tree twice). */
static void
test_found (void)
{
  g_autoptr(MsvisVisDocument) doc = load (XFW);
  g_autoptr(MsvisNodeFinder) before = msvis_node_finder_new (doc, FALSE);
  g_autoptr(MsvisNodeFinder) finder = NULL;
  g_autoptr(GArray) found = NULL, inside = NULL;
  g_autoptr(GError) error = NULL;
  MsvisGraph *npu = msvis_vis_document_get_npu (doc);
  guint counts[2];

  counts[0] = msvis_node_finder_count (before, MSVIS_BUCKET_UNMATCHED);
  msvis_vis_document_gather_unattached (doc);
  finder = msvis_node_finder_new (doc, FALSE);
  counts[1] = msvis_node_finder_count (finder, MSVIS_BUCKET_UNMATCHED);
  g_assert_cmpuint (counts[0], ==, counts[1]);
  found = msvis_node_finder_search (finder, "unattached", MSVIS_FIND_SUBSTRING, 100, NULL, NULL,
                                    &error);
  g_assert_no_error (error);
  g_assert_cmpuint (found->len, ==, 1);
  g_assert_cmpuint (g_array_index (found, MsvisNodeId, 0), ==, msvis_graph_get_unattached (npu));
  inside = msvis_node_finder_search (finder, "Mint.cos", MSVIS_FIND_SUBSTRING, 100, NULL, NULL,
                                     &error);
  g_assert_no_error (error);
  g_assert_cmpuint (inside->len, ==, 1);
  g_assert_cmpuint (msvis_graph_node_get_parent (npu, g_array_index (inside, MsvisNodeId, 0)),
                    !=, MSVIS_NODE_ID_NONE);
}

/* A graph whose root reaches every node gets no group. */
static void
test_none (void)
{
  g_autoptr(MsvisVisDocument) doc = load ("cmp_stat/compare_20261121191907.vis");
  MsvisGraph *npu = msvis_vis_document_get_npu (doc);
  guint n = msvis_graph_get_n_nodes (npu);

  msvis_vis_document_gather_unattached (doc);
  g_assert_cmpuint (msvis_graph_get_unattached (npu), ==, MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (msvis_graph_get_n_nodes (npu), ==, n);
}

/* The 8.2.1 .vis.db a window's Save writes: its rows, one line each. */
static char *
db_rows (MsvisVisDocument *doc,
         const char       *path)
{
  MsvisVisOptions options = { .overflow_check = msvis_vis_document_get_overflow_check (doc) };
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDbWriter) writer = msvis_vis_db_writer_new (path, &options, &error);
  MsvisVisCompare compare;
  GString *rows = g_string_new (NULL);
  sqlite3 *db;
  sqlite3_stmt *stmt;

  g_assert_no_error (error);
  msvis_vis_document_get_compare (doc, &compare);
  g_assert_true (msvis_vis_db_writer_add (writer, msvis_vis_document_get_npu (doc), &compare, 0,
                                          0, NULL, &error));
  g_assert_true (msvis_vis_db_writer_commit (writer, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT data_source, node_name, up_node, sub_nodes "
                                       "FROM tb_nodes ORDER BY rowid", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_string_append_printf (rows, "%s|%s|%s|%s\n", sqlite3_column_text (stmt, 0),
                            sqlite3_column_text (stmt, 1), sqlite3_column_text (stmt, 2),
                            sqlite3_column_text (stmt, 3));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return g_string_free (rows, FALSE);
}

/* Saving from a window that shows the group writes what it would without it. */
static void
test_not_written (void)
{
  g_autoptr(MsvisVisDocument) plain = load (XFW);
  g_autoptr(MsvisVisDocument) shown = load (XFW);
  g_autoptr(GBytes) want = NULL, got = NULL;
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *plain_db = g_build_filename (dir, "plain.vis.db", NULL);
  g_autofree char *shown_db = g_build_filename (dir, "shown.vis.db", NULL);
  g_autofree char *want_rows = NULL, *got_rows = NULL;

  msvis_vis_document_gather_unattached (shown);
  want = msvis_test_vis_bytes (plain, FALSE);
  got = msvis_test_vis_bytes (shown, FALSE);
  g_assert_null (strstr (g_bytes_get_data (got, NULL), "Unattached"));
  g_assert_true (g_bytes_equal (want, got));

  want_rows = db_rows (plain, plain_db);
  got_rows = db_rows (shown, shown_db);
  g_assert_null (strstr (got_rows, "Unattached"));
  g_assert_cmpstr (want_rows, ==, got_rows);
  msvis_test_remove_tree (dir);
}

/* The group is no node to match, alone or with its descendants. */
static void
test_not_matched (void)
{
  g_autoptr(MsvisVisDocument) doc = load (XFW);
  g_autoptr(GError) error = NULL;
  MsvisMatchSession *session;
  MsvisMatchChange change;
  MsvisGraph *npu = msvis_vis_document_get_npu (doc), *bench;

  msvis_vis_document_gather_unattached (doc);
  bench = msvis_vis_document_get_bench (doc);
  session = msvis_match_session_new (doc, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (msvis_match_session_match (session, msvis_graph_get_unattached (npu),
                                             msvis_graph_get_unattached (bench), TRUE, &change,
                                             &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "Unattached"));
  msvis_match_session_free (session);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/unattached/group", test_group);
  g_test_add_func ("/unattached/none", test_none);
  g_test_add_func ("/unattached/found", test_found);
  g_test_add_func ("/unattached/not-written", test_not_written);
  g_test_add_func ("/unattached/not-matched", test_not_matched);
  return g_test_run ();
}
