// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>

#include "msvis-canvas-test-util.h"
#include "msvis-compare-view.h"
#include "msvis-minimap.h"
#include "msvis-ui-test-util.h"

/* The minimap of each side of a compare: shown when the graph does not fit, its picture and
 * viewport, panning, hiding, and how it looks in light and dark (run with GDK_SCALE=2 for the
 * 2x pictures). */

typedef struct
{
  GtkWidget        *window;
  MsvisCompareView *view;
  MsvisVisDocument *doc;
} Fixture;

static gboolean
fixture_open (Fixture *f,
              int      width,
              int      height)
{
  static gsize styled = 0;
  g_autofree char *path = NULL;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return FALSE;
  f->doc = msvis_ui_test_read (path);
  /* The application's style sheet (AdwApplication loads it; a bare window does not): the card
   * of the minimap is part of how it looks. */
  if (g_once_init_enter (&styled))
    {
      GtkCssProvider *css = gtk_css_provider_new ();

      gtk_css_provider_load_from_resource (css, RESOURCE_BASE "/style.css");
      gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                                  GTK_STYLE_PROVIDER (css),
                                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
      g_once_init_leave (&styled, 1);
    }
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  f->view = MSVIS_COMPARE_VIEW (msvis_compare_view_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->view));
  msvis_compare_view_set_document (f->view, f->doc);
  gtk_window_present (GTK_WINDOW (f->window));
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_canvas_laid_out,
                                           msvis_compare_view_get_canvas (f->view, FALSE), 5000));
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_canvas_laid_out,
                                           msvis_compare_view_get_canvas (f->view, TRUE), 5000));
  return TRUE;
}

static void
fixture_close (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_pointer (&f->doc, msvis_vis_document_unref);
}

static void
expand_all (MsvisGraphCanvas *canvas)
{
  MsvisUiTestRelaid r = { canvas, msvis_graph_canvas_get_layout (canvas) };

  msvis_graph_canvas_expand_all (canvas);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_relaid, &r, 5000));
}

/* How many different colours a picture of @widget holds: a blank card has one or two. */
static guint
count_colors (GtkWidget  *widget,
              const char *name)
{
  g_autoptr(GdkTexture) texture = msvis_ui_test_render (widget);

  g_free (msvis_ui_test_screenshot (widget, name));
  return msvis_ui_test_count_colors (texture);
}

static gboolean
minimap_shown (gpointer minimap)
{
  return msvis_minimap_is_shown (minimap);
}

static gboolean
minimap_hidden (gpointer minimap)
{
  return !msvis_minimap_is_shown (minimap);
}

static void
check_side (Fixture    *f,
            gboolean    bench,
            const char *shot)
{
  MsvisGraphCanvas *canvas = msvis_compare_view_get_canvas (f->view, bench);
  MsvisMinimap *minimap = MSVIS_MINIMAP (msvis_compare_view_get_minimap (f->view, bench));
  MsvisRect bounds, view;
  graphene_rect_t viewport, before;
  double cx, cy;

  expand_all (canvas);
  msvis_graph_canvas_set_zoom (canvas, 1.);
  msvis_graph_canvas_center_on (canvas, 0, 0);
  /* It follows the canvas once the frame is drawn, and a busy machine may take a while. */
  g_assert_true (msvis_ui_test_spin_until (minimap_shown, minimap, 5000));
  g_assert_cmpfloat (gtk_widget_get_opacity (GTK_WIDGET (minimap)), ==, 1);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (minimap)), <=, 180);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (minimap)), <=, 140);
  g_assert_cmpuint (count_colors (GTK_WIDGET (minimap), shot), >, 8);

  /* The viewport is the view, scaled: the top of a graph taller than the view (this one is
   * narrower than it). */
  g_assert_true (msvis_minimap_get_viewport (minimap, &viewport));
  msvis_graph_canvas_get_view (canvas, &view);
  bounds = msvis_layout_get_bounds (msvis_graph_canvas_get_layout (canvas));
  g_assert_cmpfloat (bounds.height, >, view.height);
  g_assert_cmpfloat (viewport.size.height, <, gtk_widget_get_height (GTK_WIDGET (minimap)));
  g_assert_cmpfloat (fabs (viewport.size.height / viewport.size.width
                           - view.height / view.width), <, 0.01);

  /* A click in the middle of the picture brings the middle of the graph into the middle of
   * the view, and the viewport follows. */
  before = viewport;
  msvis_minimap_pan_to (minimap, gtk_widget_get_width (GTK_WIDGET (minimap)) / 2.,
                        gtk_widget_get_height (GTK_WIDGET (minimap)) / 2.);
  msvis_ui_test_spin (50);
  bounds = msvis_layout_get_bounds (msvis_graph_canvas_get_layout (canvas));
  msvis_graph_canvas_get_view (canvas, &view);
  cx = view.x + view.width / 2;
  cy = view.y + view.height / 2;
  /* Unless the graph's edge stops the scroll, the middles meet. */
  if (bounds.width > view.width)
    g_assert_cmpfloat (fabs (cx - (bounds.x + bounds.width / 2)), <, 2);
  if (bounds.height > view.height)
    g_assert_cmpfloat (fabs (cy - (bounds.y + bounds.height / 2)), <, 2);
  g_assert_true (msvis_minimap_get_viewport (minimap, &viewport));
  g_assert_false (graphene_rect_equal (&before, &viewport));

  /* The whole graph in view: nowhere to go, no minimap (and it lets clicks through). */
  msvis_graph_canvas_zoom_to_fit (canvas);
  g_assert_true (msvis_ui_test_spin_until (minimap_hidden, minimap, 5000));
  g_assert_false (gtk_widget_get_can_target (GTK_WIDGET (minimap)));
  msvis_graph_canvas_set_zoom (canvas, 1.);
  g_assert_true (msvis_ui_test_spin_until (minimap_shown, minimap, 5000));
}

static void
test_minimap (void)
{
  Fixture f = { 0 };
  AdwStyleManager *style = adw_style_manager_get_default ();
  MsvisGraphCanvas *npu;
  guint serial;
  g_autofree char *light = NULL, *dark = NULL;
  g_autofree char *name = NULL;
  int scale;

  if (!fixture_open (&f, 1200, 760))
    return;
  npu = msvis_compare_view_get_canvas (f.view, FALSE);
  scale = gtk_widget_get_scale_factor (f.window);
  name = g_strdup_printf ("minimap-npu-%dx", scale);
  check_side (&f, FALSE, name);
  g_free (name);
  name = g_strdup_printf ("minimap-bench-%dx", scale);
  check_side (&f, TRUE, name);

  /* The NPU minimap in the outer corner of a compare, away from the link curves. */
  g_assert_cmpint (gtk_widget_get_halign (msvis_compare_view_get_minimap (f.view, FALSE)), ==,
                   GTK_ALIGN_START);
  g_assert_cmpint (gtk_widget_get_halign (msvis_compare_view_get_minimap (f.view, TRUE)), ==,
                   GTK_ALIGN_END);
  msvis_ui_test_spin (100);
  g_free (name);
  name = g_strdup_printf ("minimap-window-light-%dx", scale);
  light = msvis_ui_test_screenshot (f.window, name);

  /* A theme change draws the picture again (the washes follow it); the fills are kept. */
  serial = msvis_graph_canvas_get_drawing_serial (npu);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_FORCE_DARK);
  msvis_ui_test_spin (200);
  g_assert_cmpuint (msvis_graph_canvas_get_drawing_serial (npu), !=, serial);
  g_free (name);
  name = g_strdup_printf ("minimap-window-dark-%dx", scale);
  dark = msvis_ui_test_screenshot (f.window, name);
  g_free (name);
  name = g_strdup_printf ("minimap-npu-dark-%dx", scale);
  g_assert_cmpuint (count_colors (msvis_compare_view_get_minimap (f.view, FALSE), name), >, 8);
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);

  /* A focus change restyles the canvas without drawing again. */
  msvis_ui_test_spin (100);
  serial = msvis_graph_canvas_get_drawing_serial (npu);
  gtk_widget_grab_focus (GTK_WIDGET (npu));
  msvis_ui_test_spin (50);
  gtk_widget_grab_focus (GTK_WIDGET (msvis_compare_view_get_canvas (f.view, TRUE)));
  msvis_ui_test_spin (50);
  g_assert_cmpuint (msvis_graph_canvas_get_drawing_serial (npu), ==, serial);

  /* Hidden when asked. */
  msvis_compare_view_set_show_minimap (f.view, FALSE);
  g_assert_false (gtk_widget_get_visible (msvis_compare_view_get_minimap (f.view, FALSE)));
  g_assert_false (msvis_minimap_is_shown (MSVIS_MINIMAP (msvis_compare_view_get_minimap (f.view,
                                                                                       TRUE))));
  msvis_compare_view_set_show_minimap (f.view, TRUE);
  g_assert_true (gtk_widget_get_visible (msvis_compare_view_get_minimap (f.view, TRUE)));
  fixture_close (&f);
}

/* Whether the card of side @bench, where it is drawn, hides the selected node's name. */
static gboolean
card_over_selection (Fixture  *f,
                     gboolean  bench)
{
  MsvisGraphCanvas *canvas = msvis_compare_view_get_canvas (f->view, bench);
  GtkWidget *minimap = msvis_compare_view_get_minimap (f->view, bench);
  MsvisNodeId selected = msvis_graph_canvas_get_selected (canvas);
  MsvisGraph *graph = msvis_graph_canvas_get_graph (canvas);
  graphene_rect_t area, card;

  if (selected == MSVIS_NODE_ID_NONE || !msvis_minimap_is_shown (MSVIS_MINIMAP (minimap))
      || gtk_widget_get_opacity (minimap) == 0
      || !msvis_graph_canvas_node_area (canvas, selected, &area)
      || !gtk_widget_compute_bounds (minimap, GTK_WIDGET (canvas), &card))
    return FALSE;
  /* An open container's name is on its title strip. */
  if (msvis_graph_node_get_n_children (graph, selected) > 0
      && msvis_graph_canvas_is_expanded (canvas, selected))
    area.size.height = MIN (area.size.height, 28 * msvis_graph_canvas_get_zoom (canvas));
  return graphene_rect_intersection (&area, &card, NULL);
}

static gboolean
cards_clear (gpointer data)
{
  return !card_over_selection (data, FALSE) && !card_over_selection (data, TRUE);
}

static void
shift (GtkAdjustment *adjustment,
       double         by)
{
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + by);
}

/* The selected node is never under a minimap. At a compare's 1280x720 every corner has names,
 * so the card stayed in its corner, faint, over the node Expand to Errors or First Divergence
 * had just selected and scrolled to. Here the selection is scrolled into the NPU card's corner
 * (the bottom outer one) on a graph with names in every corner. */
static void
test_off_selection (void)
{
  Fixture f = { 0 };
  MsvisGraphCanvas *npu;
  GtkWidget *minimap;
  MsvisNodeId node;
  graphene_rect_t area, card;
  const MsvisLayoutBox *box;
  MsvisRect view;
  double zoom;

  if (!fixture_open (&f, 640, 470))
    return;
  npu = msvis_compare_view_get_canvas (f.view, FALSE);
  minimap = msvis_compare_view_get_minimap (f.view, FALSE);
  expand_all (npu);
  expand_all (msvis_compare_view_get_canvas (f.view, TRUE));
  msvis_graph_canvas_set_zoom (npu, 2.);   /* wider than the pane: it scrolls both ways */
  node = msvis_ui_test_middle_matched_leaf (f.view, f.doc);
  msvis_compare_view_select (f.view, FALSE, node);
  g_assert_true (msvis_ui_test_spin_until (minimap_shown, minimap, 5000));
  msvis_ui_test_spin (100);

  /* Into the card's corner: its top left a few pixels inside the card. */
  g_assert_true (gtk_widget_compute_bounds (minimap, GTK_WIDGET (npu), &card));
  g_assert_true (msvis_graph_canvas_node_area (npu, node, &area));
  shift (gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (npu)),
         area.origin.x - (card.origin.x + 8));
  shift (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (npu)),
         area.origin.y - (card.origin.y + 8));
  msvis_ui_test_spin (100);
  g_assert_true (msvis_graph_canvas_node_area (npu, node, &area));
  g_test_message ("selection at %g,%g %gx%g, the card's corner at %g,%g", area.origin.x,
                  area.origin.y, area.size.width, area.size.height, card.origin.x,
                  card.origin.y);
  g_free (msvis_ui_test_screenshot (f.window, "minimap-off-selection"));
  g_assert_true (msvis_ui_test_spin_until (cards_clear, &f, 2000));

  /* A click selects a node in view without scrolling: the card moves off that one too. */
  g_assert_true (gtk_widget_compute_bounds (minimap, GTK_WIDGET (npu), &card));
  msvis_graph_canvas_get_view (npu, &view);
  zoom = msvis_graph_canvas_get_zoom (npu);
  box = msvis_layout_hit (msvis_graph_canvas_get_layout (npu),
                          view.x + (card.origin.x + card.size.width / 2) / zoom,
                          view.y + (card.origin.y + card.size.height / 2) / zoom);
  g_assert_nonnull (box);
  msvis_graph_canvas_select (npu, box->node, FALSE);
  g_assert_true (msvis_ui_test_spin_until (cards_clear, &f, 2000));
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/minimap/compare", test_minimap);
  g_test_add_func ("/minimap/off-selection", test_off_selection);

  return g_test_run ();
}
