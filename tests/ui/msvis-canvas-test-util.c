// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-canvas-test-util.h"
#include "msvis-compare-results.h"
#include "msvis-test-util.h"

/* Fails the test when the file is missing: a renamed fixture must fail, not skip. */
char *
msvis_ui_test_reference_2026 (const char *relative)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", "reference-2026", "out", relative,
                                      NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("%s: the fixture is missing (tests/data/reference-2026)", path);
  return path;
}

MsvisVisDocument *
msvis_ui_test_read_2026 (const char *relative)
{
  g_autofree char *path = msvis_ui_test_reference_2026 (relative);

  return msvis_test_load_first_graph (path);
}

gboolean
msvis_ui_test_canvas_laid_out (gpointer data)
{
  MsvisGraphCanvas *canvas = data;

  return msvis_graph_canvas_get_layout (canvas) != NULL
         && gtk_widget_get_mapped (GTK_WIDGET (canvas));
}

MsvisGraphCanvas *
msvis_ui_test_show_canvas (MsvisVisDocument  *doc,
                           gboolean           is_bench,
                           int                width,
                           int                height,
                           GtkWidget        **window)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  MsvisGraphCanvas *canvas = MSVIS_GRAPH_CANVAS (msvis_graph_canvas_new ());

  *window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (*window), width, height);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (canvas));
  gtk_window_set_child (GTK_WINDOW (*window), scroller);
  msvis_graph_canvas_set_document (canvas, doc, is_bench);
  gtk_window_present (GTK_WINDOW (*window));
  return canvas;
}

/* The matched leaf half-way down the NPU graph's list of matched leaves: one that can be
 * scrolled to any corner of the view. */
MsvisNodeId
msvis_ui_test_middle_matched_leaf (MsvisCompareView *view,
                                   MsvisVisDocument *doc)
{
  MsvisGraph *graph = msvis_vis_document_get_npu (doc);
  g_autoptr(GArray) leaves = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    if (msvis_graph_node_get_n_children (graph, node) == 0
        && msvis_compare_view_counterpart (view, FALSE, node) != MSVIS_NODE_ID_NONE)
      g_array_append_val (leaves, node);
  g_assert_cmpuint (leaves->len, >, 4);
  return g_array_index (leaves, MsvisNodeId, leaves->len / 2);
}

MsvisNodeId
msvis_ui_test_linked (MsvisGraph *graph,
                      const char *id)
{
  return msvis_compare_results_get_link (msvis_graph_get_compare_results (graph),
                                         msvis_graph_lookup (graph, id));
}

/* A wait condition (msvis_ui_test_wait and the like) on a MsvisUiTestRelaid. */
gboolean
msvis_ui_test_relaid (gpointer relaid)
{
  MsvisUiTestRelaid *r = relaid;

  return msvis_graph_canvas_get_layout (r->canvas) != r->old;
}
