// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>

#include "msvis-canvas-test-util.h"
#include "msvis-graph-canvas.h"
#include "msvis-ui-test-util.h"

typedef struct
{
  GtkWidget        *window;
  MsvisGraphCanvas *canvas;
  MsvisVisDocument *doc;
} Fixture;

static gboolean
fixture_open (Fixture    *f,
              const char *relative,
              gboolean    is_bench)
{
  g_autofree char *path = NULL;

  if (!msvis_ui_test_require (relative, &path))
    return FALSE;
  f->doc = msvis_ui_test_read (path);
  f->canvas = msvis_ui_test_show_canvas (f->doc, is_bench, 900, 640, &f->window);
  return TRUE;
}

static void
fixture_close (Fixture *f)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = NULL;
  g_clear_pointer (&f->doc, msvis_vis_document_unref);
}

typedef struct
{
  MsvisGraphCanvas *canvas;
  MsvisNodeId       node;
} Shown;

static gboolean
is_shown (gpointer data)
{
  Shown *s = data;
  MsvisLayout *layout = msvis_graph_canvas_get_layout (s->canvas);

  return layout != NULL && msvis_layout_lookup (layout, s->node) != NULL
         && gtk_widget_get_mapped (GTK_WIDGET (s->canvas));
}

static gboolean
wait_shown (MsvisGraphCanvas *canvas,
            MsvisNodeId       node)
{
  Shown s = { canvas, node };

  return msvis_ui_test_spin_until (is_shown, &s, 5000);
}

/* The first container under the root, and its first child. */
static MsvisNodeId
first_module (MsvisGraph *graph)
{
  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, msvis_graph_get_root (graph));
       c != MSVIS_NODE_ID_NONE; c = msvis_graph_node_get_next_sibling (graph, c))
    if (msvis_graph_node_get_n_children (graph, c) > 0)
      return c;
  return MSVIS_NODE_ID_NONE;
}

static void
test_expand_select_reveal (void)
{
  Fixture f = { 0 };
  MsvisGraph *graph;
  MsvisNodeId module, child, deepest = 0;
  guint deepest_depth = 0;
  graphene_rect_t area;
  g_autofree char *shot = NULL;

  if (!fixture_open (&f, "cmp_stat/compare_20261121191907.vis", FALSE))
    return;
  graph = msvis_vis_document_get_npu (f.doc);
  g_assert_true (wait_shown (f.canvas, msvis_graph_get_root (graph)));
  msvis_ui_test_spin (100);
  shot = msvis_ui_test_screenshot (f.window, "canvas-collapsed");

  module = first_module (graph);
  g_assert_cmpuint (module, !=, MSVIS_NODE_ID_NONE);
  child = msvis_graph_node_get_first_child (graph, module);
  g_assert_null (msvis_layout_lookup (msvis_graph_canvas_get_layout (f.canvas), child));
  msvis_graph_canvas_set_expanded (f.canvas, module, TRUE);
  g_assert_true (wait_shown (f.canvas, child));
  g_assert_true (msvis_graph_canvas_is_expanded (f.canvas, module));

  /* Revealing the deepest node opens its ancestors and brings it into view. */
  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      guint depth = 0;

      for (MsvisNodeId up = node; up != msvis_graph_get_root (graph);
           up = msvis_graph_node_get_parent (graph, up))
        depth++;
      if (depth > deepest_depth)
        deepest_depth = depth, deepest = node;
    }
  msvis_graph_canvas_select (f.canvas, deepest, TRUE);
  g_assert_true (wait_shown (f.canvas, deepest));
  msvis_ui_test_spin (50);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (f.canvas), ==, deepest);
  g_assert_true (msvis_graph_canvas_node_area (f.canvas, deepest, &area));
  g_assert_cmpfloat (area.origin.x + area.size.width / 2, >, 0);
  g_assert_cmpfloat (area.origin.x + area.size.width / 2, <,
                     gtk_widget_get_width (GTK_WIDGET (f.canvas)));
  g_assert_cmpfloat (area.origin.y + area.size.height / 2, >, 0);
  g_assert_cmpfloat (area.origin.y + area.size.height / 2, <,
                     gtk_widget_get_height (GTK_WIDGET (f.canvas)));
  g_free (shot);
  shot = msvis_ui_test_screenshot (f.window, "canvas-revealed");

  /* Arrow keys walk the tree: Up from a first child goes to its parent. */
  msvis_graph_canvas_select (f.canvas, child, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (f.canvas), "canvas.move", "s", "up");
  g_assert_cmpuint (msvis_graph_canvas_get_selected (f.canvas), ==, module);
  gtk_widget_activate_action (GTK_WIDGET (f.canvas), "canvas.move", "s", "down");
  g_assert_cmpuint (msvis_graph_canvas_get_selected (f.canvas), ==,
                    msvis_graph_node_get_next_sibling (graph, module));

  fixture_close (&f);
}

static void
test_zoom (void)
{
  Fixture f = { 0 };
  MsvisRect view, bounds;
  double before;

  if (!fixture_open (&f, "cmp_stat/compare_20261121191907.vis", TRUE))
    return;
  g_assert_true (wait_shown (f.canvas,
                             msvis_graph_get_root (msvis_vis_document_get_bench (f.doc))));
  msvis_graph_canvas_expand_all (f.canvas);
  msvis_ui_test_spin (300);
  msvis_graph_canvas_zoom_to_fit (f.canvas);
  bounds = msvis_layout_get_bounds (msvis_graph_canvas_get_layout (f.canvas));
  msvis_graph_canvas_get_view (f.canvas, &view);
  g_assert_cmpfloat (view.x, <=, bounds.x + 0.5);
  g_assert_cmpfloat (view.y, <=, bounds.y + 0.5);
  g_assert_cmpfloat (view.x + view.width, >=, bounds.x + bounds.width - 0.5);
  g_assert_cmpfloat (view.y + view.height, >=, bounds.y + bounds.height - 0.5);
  msvis_ui_test_spin (100);
  g_free (msvis_ui_test_screenshot (f.window, "canvas-bench-fit"));

  /* No 1x–3x clamp: far out and far in. */
  before = msvis_graph_canvas_get_zoom (f.canvas);
  gtk_widget_activate_action (GTK_WIDGET (f.canvas), "canvas.zoom", "d", 1.25);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.canvas), >, before);
  msvis_graph_canvas_set_zoom (f.canvas, 0.05);
  g_assert_cmpfloat_with_epsilon (msvis_graph_canvas_get_zoom (f.canvas), 0.05, 1e-9);
  msvis_graph_canvas_set_zoom (f.canvas, 5);
  g_assert_cmpfloat_with_epsilon (msvis_graph_canvas_get_zoom (f.canvas), 5, 1e-9);

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  msvis_graph_canvas_zoom_to_fit (f.canvas);
  msvis_ui_test_spin (100);
  g_free (msvis_ui_test_screenshot (f.window, "canvas-bench-fit-dark"));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);
  fixture_close (&f);
}

/* A graph shorter than its pane starts at the top, as a page does, instead of floating in the
 * middle of it (issue 26). */
static void
test_small_graph_on_top (void)
{
  Fixture f = { 0 };
  graphene_rect_t area;
  MsvisNodeId root;

  if (!fixture_open (&f, "cmp_stat/compare_20261121191907.vis", FALSE))
    return;
  root = msvis_graph_get_root (msvis_vis_document_get_npu (f.doc));
  g_assert_true (wait_shown (f.canvas, root));
  /* Zoomed out, the graph is far shorter than the 640-pixel window. */
  msvis_graph_canvas_set_zoom (f.canvas, 0.3);
  msvis_ui_test_spin (100);
  g_assert_true (msvis_graph_canvas_node_area (f.canvas, root, &area));
  g_assert_cmpfloat (area.size.height, <, gtk_widget_get_height (GTK_WIDGET (f.canvas)) / 2.);
  g_assert_cmpfloat (area.origin.y, <, 48);
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/graph-canvas/expand-select-reveal", test_expand_select_reveal);
  g_test_add_func ("/graph-canvas/zoom", test_zoom);
  g_test_add_func ("/graph-canvas/small-graph-on-top", test_small_graph_on_top);

  return g_test_run ();
}
