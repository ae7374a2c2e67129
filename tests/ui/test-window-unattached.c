// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "msvis-application.h"
#include "msvis-compare-view.h"
#include "msvis-graph-unattached.h"
#include "msvis-match-panel.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* cmp_xfw_lm's nodes that the root does not reach (14 of 19 a side) are in the window, under an
 * Unattached group at the end of the root, which opens like any container (issue 26). */

#define XFW "cmp_xfw_lm/compare_20261121191907.vis"

static GtkApplication *app;

static gboolean
canvas_settled (gpointer data)
{
  MsvisGraphCanvas *canvas = data;

  return !msvis_graph_canvas_is_laying_out (canvas) && msvis_graph_canvas_get_layout (canvas);
}

static gboolean
is_match_panel (GtkWidget     *widget,
                gconstpointer  data)
{
  return MSVIS_IS_MATCH_PANEL (widget);
}

/* The Matching page's Unmatched lists hold the file's nodes only: those without a
 * counterpart, the roots aside. */
static void
check_unmatched (MsvisWindow *window,
                 MsvisGraph  *npu,
                 MsvisGraph  *bench)
{
  MsvisMatchPanel *panel = MSVIS_MATCH_PANEL (msvis_ui_test_find_widget (GTK_WIDGET (window),
                                                                         is_match_panel, NULL));
  MsvisCompareResults *results = msvis_graph_get_compare_results (npu);
  guint n_npu = msvis_graph_get_n_nodes (npu) - 1, n_bench = msvis_graph_get_n_nodes (bench) - 1;
  g_autofree guint8 *linked = g_new0 (guint8, n_bench);
  guint npu_unmatched = 0, bench_unmatched = 0;

  g_assert_nonnull (panel);
  g_assert_cmpuint (msvis_graph_get_unattached (npu), ==, n_npu);
  g_assert_cmpuint (msvis_graph_get_unattached (bench), ==, n_bench);
  for (MsvisNodeId node = 0; node < n_npu; node++)
    {
      MsvisNodeId link = msvis_compare_results_get_link (results, node);

      if (link != MSVIS_NODE_ID_NONE)
        linked[link] = 1;
      else if (node != msvis_graph_get_root (npu))
        npu_unmatched++;
    }
  for (MsvisNodeId node = 0; node < n_bench; node++)
    bench_unmatched += node != msvis_graph_get_root (bench) && !linked[node];
  g_assert_cmpuint (msvis_match_panel_get_n_unmatched (panel, FALSE), ==, npu_unmatched);
  g_assert_cmpuint (msvis_match_panel_get_n_unmatched (panel, TRUE), ==, bench_unmatched);
}

static void
check_side (MsvisGraphCanvas *canvas)
{
  MsvisGraph *graph = msvis_graph_canvas_get_graph (canvas);
  MsvisNodeId group = msvis_graph_get_unattached (graph);
  const MsvisLayoutBox *box, *root;
  MsvisLayout *layout;
  g_autofree char *expected = NULL;

  g_assert_cmpuint (group, !=, MSVIS_NODE_ID_NONE);
  g_assert_true (msvis_ui_test_spin_until (canvas_settled, canvas, 10000));
  layout = msvis_graph_canvas_get_layout (canvas);
  box = msvis_layout_lookup (layout, group);
  g_assert_nonnull (box);
  /* In the language of the run (tools/screenshots.sh runs it in Chinese too). */
  expected = g_strdup_printf (g_dgettext (GETTEXT_PACKAGE, "Unattached (%u)"), 14);
  g_assert_cmpstr (box->label, ==, expected);
  g_assert_cmpint (box->shape, ==, MSVIS_BOX_SHAPE_UNATTACHED);
  g_assert_false (box->expanded);
  /* The root's last box. */
  root = msvis_layout_get_box (layout, box->parent);
  g_assert_cmpuint (root->node, ==, msvis_graph_get_root (graph));
  g_assert_cmpuint (root->first_child + root->n_children - 1, ==,
                    (guint)(box - msvis_layout_get_box (layout, 0)));

  msvis_graph_canvas_set_expanded (canvas, group, TRUE);
  msvis_ui_test_spin (50);
  g_assert_true (msvis_ui_test_spin_until (canvas_settled, canvas, 10000));
  layout = msvis_graph_canvas_get_layout (canvas);
  box = msvis_layout_lookup (layout, group);
  g_assert_true (box->expanded);
  g_assert_cmpuint (box->n_children, ==, msvis_graph_node_get_n_children (graph, group));
  g_assert_cmpuint (box->n_children, >, 0);
  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, group); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (graph, c))
    g_assert_nonnull (msvis_layout_lookup (layout, c));
}

static void
test_group_shown (void)
{
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisCompareView *view;

  if (!msvis_ui_test_require ("cmp_xfw_lm/compare_20261121192016.vis", &path))
    return;
  window = msvis_window_test_new (app, 1280, 720);
  msvis_window_test_open_path (window, path);
  view = msvis_window_test_compare_view (window);
  check_unmatched (window, msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (view,
                                                                                        FALSE)),
                   msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (view, TRUE)));
  for (guint side = 0; side < 2; side++)
    check_side (msvis_compare_view_get_canvas (view, side));
  msvis_ui_test_spin (300);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-unattached-1280x720"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* msprobe 26's VPP merge leaves chunk 1's module listing the layers it moved to chunk 0's
 * (msprobe-2026.md §11.1): the window opens the file, the layers are chunk 0's, and no node
 * is left for an Unattached group. */
static void
test_vpp_db (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisGraphCanvas *canvas;
  MsvisWindow *window;
  MsvisGraph *graph;
  MsvisLayout *layout;
  const MsvisLayoutBox *box;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  path = msvis_test_data_db ("merge-2026", "vpp");
  file = g_file_new_for_path (path);
  window = msvis_window_new (app);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 720);
  gtk_window_present (GTK_WINDOW (window));
  msvis_window_open (window, file);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_idle, window, 10000));
  g_assert_true (msvis_window_has_document (window));
  canvas = msvis_compare_view_get_canvas (msvis_window_test_compare_view (window), FALSE);
  graph = msvis_graph_canvas_get_graph (canvas);
  g_assert_cmpuint (msvis_graph_get_n_nodes (graph), ==, 19);
  g_assert_cmpuint (msvis_graph_get_unattached (graph), ==, MSVIS_NODE_ID_NONE);
  g_assert_cmpstr (msvis_test_parent_of (graph, "Module.0.model.layers.7.Layer.forward.0", "-"),
                   ==, "Module.0.model.GPT.forward.0");
  g_assert_true (msvis_ui_test_spin_until (canvas_settled, canvas, 10000));
  layout = msvis_graph_canvas_get_layout (canvas);
  box = msvis_layout_lookup (layout, msvis_graph_lookup (graph, "Module.1.model.GPT.forward.0"));
  g_assert_nonnull (box);
  g_assert_cmpuint (msvis_layout_get_box (layout, box->parent)->node, ==,
                    msvis_graph_get_root (graph));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/window-unattached/group-shown", test_group_shown);
  g_test_add_func ("/window-unattached/vpp-db", test_vpp_db);
  if (msvis_ui_test_has_display ())
    app = msvis_window_test_new_app ();
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
