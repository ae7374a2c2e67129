// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>

#include "msvis-compare-panel.h"
#include "msvis-display-name.h"
#include "msvis-find-panel.h"
#include "msvis-layout-engine.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The comparison panel (issue 25, item 2): under both graphs, the window's full width; at
 * 1600 px every column of cmp_stat shows without scrolling, the worst cell marked in view;
 * Name and Side stay put while the rest scrolls. */

static void
test_worst_in_view (void)
{
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisComparePanel *panel;
  GtkWidget *worst, *scroller;
  GtkAdjustment *h;
  graphene_rect_t bounds;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  window = msvis_window_test_open_sized (path, 1600, 1000);
  panel = msvis_window_test_compare_panel (window);
  g_assert_nonnull (panel);
  /* The full width of the window, under the graphs and the sidebar. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (panel)), >=,
                   gtk_widget_get_width (GTK_WIDGET (window)) - 8);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.first-divergence", NULL);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_panel_ready, panel, 5000));
  msvis_ui_test_spin (200);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-compare-panel-1600"));
  worst = msvis_compare_panel_get_worst_cell (panel);
  g_assert_nonnull (worst);
  g_assert_true (gtk_widget_has_css_class (worst, "worst"));
  scroller = msvis_compare_panel_get_scroller (panel);
  h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
  /* Every column in view: nothing to scroll to. */
  g_assert_cmpfloat (gtk_adjustment_get_upper (h), <=, gtk_adjustment_get_page_size (h) + 1);
  g_assert_true (gtk_widget_compute_bounds (worst, scroller, &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (scroller));
  g_assert_cmpuint (msvis_compare_panel_get_n_columns (panel), >=, 12);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Narrower, the columns scroll; the worst one is brought into view, Name and Side stay. */
static void
test_narrow_scrolls_to_worst (void)
{
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisComparePanel *panel;
  GtkWidget *worst, *scroller;
  graphene_rect_t bounds;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  window = msvis_window_test_open_sized (path, 1000, 800);
  panel = msvis_window_test_compare_panel (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.first-divergence", NULL);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_panel_ready, panel, 5000));
  msvis_ui_test_spin (200);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-compare-panel-narrow"));
  worst = msvis_compare_panel_get_worst_cell (panel);
  scroller = msvis_compare_panel_get_scroller (panel);
  g_assert_true (gtk_widget_compute_bounds (worst, scroller, &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (scroller));
  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (panel), "Side"));
  g_assert_true (msvis_ui_test_is_mapped (msvis_ui_test_find_label (GTK_WIDGET (panel), "Side")));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_find_panel (GtkWidget     *widget,
               gconstpointer  data)
{
  return MSVIS_IS_FIND_PANEL (widget);
}

typedef struct
{
  const char *text;
  GtkWidget  *found;
} LabelSearch;

static void
find_exact_label (GtkWidget   *widget,
                  LabelSearch *search)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget))
    {
      g_autoptr(GString) shown = g_string_new (gtk_label_get_text (GTK_LABEL (widget)));

      /* A name is shown with zero-width spaces where it may wrap (msvis-display-name.h). */
      g_string_replace (shown, MSVIS_NAME_BREAK, "", 0);
      if (g_strcmp0 (shown->str, search->text) == 0)
        search->found = widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_exact_label (child, search);
}

/* Item 4: picking a Find result keeps the list in view (the pair's table is in the bottom
 * panel), and the result's row shows its short name whole with the parent's path under it. */
static void
test_find_stays (void)
{
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisComparePanel *panel;
  GtkWidget *find;
  MsvisGraphCanvas *npu;
  MsvisGraph *graph;
  MsvisNodeId node, parent;
  LabelSearch search = { NULL, NULL };
  g_autofree char *parent_name = NULL;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  window = msvis_window_test_open_sized (path, 1280, 800);
  panel = msvis_window_test_compare_panel (window);
  find = msvis_ui_test_find_widget (GTK_WIDGET (window), is_find_panel, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.first-divergence", NULL);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_panel_ready, panel, 5000));
  msvis_find_panel_select_next (MSVIS_FIND_PANEL (find));
  msvis_ui_test_spin (300);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-find-stays"));
  g_assert_true (gtk_stack_get_visible_child (GTK_STACK (gtk_widget_get_parent (find))) == find);
  g_assert_true (msvis_ui_test_is_mapped (find));

  npu = msvis_compare_view_get_canvas (msvis_window_test_compare_view (window), FALSE);
  node = msvis_graph_canvas_get_selected (npu);
  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  graph = msvis_graph_canvas_get_graph (npu);
  parent = msvis_graph_node_get_parent (graph, node);
  search.text = msvis_layout_short_label (msvis_graph_node_get_id (graph, node),
                                          parent == msvis_graph_get_root (graph),
                                          msvis_graph_node_get_n_children (graph, node) > 0);
  find_exact_label (find, &search);
  g_assert_nonnull (search.found);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (search.found))));
  g_assert_false (pango_layout_is_wrapped (gtk_label_get_layout (GTK_LABEL (search.found))));
  /* The parent's name on the line under it. */
  parent_name = g_strdup (msvis_graph_node_get_id (graph, parent));
  g_assert_true (GTK_IS_LABEL (gtk_widget_get_next_sibling (search.found)));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (search.found))),
                   ==, parent_name);
  gtk_window_destroy (GTK_WINDOW (window));
}

static MsvisNodeId
first_divergence (MsvisWindow *window,
                  const char  *threshold)
{
  MsvisGraphCanvas *npu = msvis_compare_view_get_canvas (msvis_window_test_compare_view (window),
                                                         FALSE);

  gtk_widget_activate_action (GTK_WIDGET (window), "view.divergence-threshold", "s", threshold);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.first-divergence", NULL);
  msvis_ui_test_spin (300);
  return msvis_graph_canvas_get_selected (npu);
}

/* First Divergence stops at the earliest non-pass leaf by default (cmp_stat's yellow ReLU,
 * above the red add); with "the worst colour only", at the earliest red leaf. */
static void
test_divergence_threshold (void)
{
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisGraph *graph;
  MsvisNodeId any, errors;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  window = msvis_window_test_open_sized (path, 1280, 800);
  graph = msvis_graph_canvas_get_graph (
    msvis_compare_view_get_canvas (msvis_window_test_compare_view (window), FALSE));
  any = first_divergence (window, "any");
  errors = first_divergence (window, "errors");
  g_assert_cmpstr (msvis_graph_node_get_id (graph, any), ==, "Functional.relu.0.forward");
  g_assert_cmpuint (any, <, errors);
  g_assert_cmpstr (msvis_graph_node_get_id (graph, errors), ==, "Tensor.__add__.0.forward");
  g_assert_cmpuint (first_divergence (window, "any"), ==, any);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compare-panel/worst-in-view", test_worst_in_view);
  g_test_add_func ("/compare-panel/narrow", test_narrow_scrolls_to_worst);
  g_test_add_func ("/compare-panel/find-stays", test_find_stays);
  g_test_add_func ("/compare-panel/divergence-threshold", test_divergence_threshold);
  return g_test_run ();
}
