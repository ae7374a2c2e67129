// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <sqlite3.h>

#include "msvis-graph-merger.h"
#include "msvis-graph-unattached.h"
#include "msvis-json-writer.h"
#include "msvis-test-util.h"
#include "msvis-vis-db-reader.h"

/* Every .vis.db that mindstudio-probe 26.0.0 wrote for tests/data (merge-2026/out and
 * reference-2026/out) opens, every graph of it loads, and the hierarchy read from it writes
 * back the rows' node_name, up_node and sub_nodes in node_order: the reader keeps what
 * msprobe wrote, the VPP merge's doubly listed layers included (msprobe-2026.md §11.1). */

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

static void
collect_dbs (const char *dir_path,
             GPtrArray  *found)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir_path, names->pdata[i], NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_dbs (path, found);
      else if (g_str_has_suffix (path, ".vis.db"))
        g_ptr_array_add (found, g_steal_pointer (&path));
    }
}

static void
append_json_string (GString    *out,
                    const char *text)
{
  msvis_json_append_escaped (out, text, strlen (text));
}

/* name|up_node|sub_nodes per node, in the writer's order (children first, a node listed
 * twice at its first completion), sub_nodes as json.dumps writes a list ('' when empty). */
static char *
graph_rows (MsvisGraph *graph)
{
  g_autoptr(GArray) sorted = msvis_merge_sorted_nodes (graph);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < sorted->len; i++)
    {
      MsvisNodeId node = g_array_index (sorted, MsvisNodeId, i);
      MsvisNodeId up = msvis_graph_node_get_parent (graph, node);
      guint n, j = 0;
      const MsvisNodeId *set = msvis_graph_node_get_subnode_list (graph, node, &n);

      g_string_append_printf (out, "%s|%s|", msvis_graph_node_get_id (graph, node),
                              up == MSVIS_NODE_ID_NONE ? "" : msvis_graph_node_get_id (graph, up));
      if (set != NULL)
        for (j = 0; j < n; j++)
          {
            g_string_append (out, j == 0 ? "[" : ", ");
            append_json_string (out, msvis_graph_node_get_id (graph, set[j]));
          }
      else
        for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node);
             c != MSVIS_NODE_ID_NONE; c = msvis_graph_node_get_next_sibling (graph, c), j++)
          {
            g_string_append (out, j == 0 ? "[" : ", ");
            append_json_string (out, msvis_graph_node_get_id (graph, c));
          }
      g_string_append (out, j > 0 ? "]\n" : "\n");
    }
  return g_string_free (out, FALSE);
}

static char *
file_rows (const char *path,
           gint        step,
           gint        rank,
           const char *source)
{
  sqlite3 *db = msvis_test_open_db (path);
  sqlite3_stmt *stmt = NULL;
  GString *out = g_string_new (NULL);

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT node_name, up_node, sub_nodes FROM tb_nodes "
                                       "WHERE step = ?1 AND rank = ?2 AND data_source = ?3 "
                                       "ORDER BY node_order", -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int (stmt, 1, step);
  sqlite3_bind_int (stmt, 2, rank);
  sqlite3_bind_text (stmt, 3, source, -1, SQLITE_STATIC);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    for (int c = 0; c < 3; c++)
      {
        const char *text = (const char *)sqlite3_column_text (stmt, c);

        g_string_append_printf (out, "%s%c", text ? text : "", c < 2 ? '|' : '\n');
      }
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return g_string_free (out, FALSE);
}

static void
check_graph (const char *path,
             MsvisGraph *graph,
             gint        step,
             gint        rank,
             const char *source)
{
  g_autofree char *expected = file_rows (path, step, rank, source);
  g_autofree char *made = graph_rows (graph);

  g_assert_cmpstr (expected, !=, "");
  g_assert_cmpstr (made, ==, expected);
  /* The window hangs nothing in its Unattached group: the root reaches every node. */
  g_assert_cmpuint (msvis_graph_gather_unattached (graph), ==, MSVIS_NODE_ID_NONE);
}

static void
test_open (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDb) db = msvis_vis_db_open (path, &error);
  g_autoptr(GArray) graphs = NULL;

  g_assert_no_error (error);
  graphs = msvis_vis_db_list_graphs (db, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (graphs->len, >, 0);
  for (guint i = 0; i < graphs->len; i++)
    {
      const MsvisVisDbGraphKey *key = &g_array_index (graphs, MsvisVisDbGraphKey, i);
      g_autoptr(MsvisVisDocument) doc = msvis_vis_db_load (db, key->step, key->rank, NULL,
                                                           &error);

      g_assert_no_error (error);
      check_graph (path, msvis_vis_document_get_npu (doc), key->step, key->rank, "NPU");
      if (msvis_vis_db_is_compare (db))
        check_graph (path, msvis_vis_document_get_bench (doc), key->step, key->rank, "Bench");
    }
}

/* The VPP merge moves chunk 1's layers under chunk 0's module and leaves them in chunk 1's
 * sub_nodes: they hang where their up_node says, as the viewer shows them, and chunk 1's
 * module is an empty module the root lists. */
static void
test_vpp (void)
{
  g_autofree char *path = msvis_test_data_db ("merge-2026", "vpp");
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDb) db = msvis_vis_db_open (path, &error);
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autofree char *chunk0 = NULL, *chunk1 = NULL;
  MsvisGraph *graph;
  MsvisNodeId stale;
  guint n;

  g_assert_no_error (error);
  doc = msvis_vis_db_load (db, 0, 0, NULL, &error);
  g_assert_no_error (error);
  graph = msvis_vis_document_get_npu (doc);
  g_assert_cmpstr (msvis_test_parent_of (graph, "Module.0.model.layers.4.Layer.forward.0", "-"),
                   ==, "Module.0.model.GPT.forward.0");
  g_assert_cmpstr (msvis_test_parent_of (graph, "Module.1.model.GPT.forward.0", "-"), ==,
                   "DefaultModel");
  chunk0 = msvis_test_children_of (graph, "Module.0.model.GPT.forward.0");
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *layer = g_strdup_printf ("Module.0.model.layers.%u.Layer.forward.0", i);
      g_auto(GStrv) words = g_strsplit (chunk0, " ", -1);

      g_assert_cmpuint (g_strv_length (words), ==, 8);
      g_assert_cmpstr (words[i], ==, layer);
    }
  chunk1 = msvis_test_children_of (graph, "Module.1.model.GPT.forward.0");
  g_assert_cmpstr (chunk1, ==, "");
  stale = msvis_graph_lookup (graph, "Module.1.model.GPT.forward.0");
  g_assert_nonnull (msvis_graph_node_get_subnode_list (graph, stale, &n));
  g_assert_cmpuint (n, ==, 4);
}

int
main (int   argc,
      char *argv[])
{
  static const char *const folders[][2] = {
    { "merge-2026", "out" },
    { "reference-2026", "out" },
  };
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);

  g_test_init (&argc, &argv, NULL);
  for (guint f = 0; f < G_N_ELEMENTS (folders); f++)
    {
      g_autofree char *dir = msvis_test_data_path (folders[f][0], folders[f][1]);
      guint before = found->len;

      collect_dbs (dir, found);
      /* Each folder has its databases: a moved folder fails, not an empty loop. */
      g_assert_cmpuint (found->len, >, before);
    }
  for (guint i = 0; i < found->len; i++)
    {
      const char *data = strstr (found->pdata[i], "/data/");
      g_autofree char *name = NULL;

      g_assert_nonnull (data);
      name = g_strdup_printf ("/vis-db-outputs/open%s", data);

      g_test_add_data_func (name, found->pdata[i], test_open);
    }
  g_test_add_func ("/vis-db-outputs/vpp", test_vpp);
  return g_test_run ();
}
