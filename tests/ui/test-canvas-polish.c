// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "msvis-canvas-test-util.h"
#include "msvis-compare-view.h"
#include "msvis-display-name.h"
#include "msvis-graph-canvas.h"
#include "msvis-node-details.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"

/* What a review of the window's pictures found in the graph: a click on a node in view moved
 * it from under the pointer, the selection ring covered a container's badges, and long names
 * wrapped in the middle of a word. */

#define MEGATRON  "cmp_mini_megatron/compare_20261127113951.vis.db"
#define STAT_2026 "cmp_stat/compare_20261127113849.vis.db"

static gboolean
laid_out (gpointer data)
{
  MsvisGraphCanvas *canvas = data;

  return msvis_graph_canvas_get_layout (canvas) != NULL
         && gtk_widget_get_mapped (GTK_WIDGET (canvas))
         && !msvis_graph_canvas_is_laying_out (canvas);
}

/* Another layout, and none under way after it. */
static gboolean
relaid (gpointer data)
{
  MsvisUiTestRelaid *r = data;

  return msvis_ui_test_relaid (r) && !msvis_graph_canvas_is_laying_out (r->canvas);
}

/* The canvas's own first-button click, as a press on the node reaches it. */
static void
click_at (MsvisGraphCanvas *canvas,
          double            x,
          double            y)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (canvas));
  gboolean clicked = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !clicked; i++)
    {
      g_autoptr(GtkEventController) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (c)
          && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_PRIMARY)
        {
          g_signal_emit_by_name (c, "pressed", 1, x, y);
          clicked = TRUE;
        }
    }
  g_assert_true (clicked);
}

typedef struct
{
  MsvisCompareView *view;
  MsvisGraphCanvas *canvas;
  MsvisRect         area;     /* the view, shrunk: a box well inside it */
  double            y_most;   /* the box must sit above this */
  MsvisNodeId       found;
} Pick;

static gboolean
pick_cb (const MsvisLayoutBox *box,
         gpointer              user_data)
{
  Pick *p = user_data;

  if (box->expanded || box->depth == 0)
    return TRUE;
  if (p->found == MSVIS_NODE_ID_NONE && box->rect.x >= p->area.x && box->rect.y >= p->area.y
      && box->rect.x + box->rect.width <= p->area.x + p->area.width
      && box->rect.y + box->rect.height <= p->y_most
      && box->node != msvis_graph_canvas_get_selected (p->canvas)
      && msvis_compare_view_counterpart (p->view, FALSE, box->node) != MSVIS_NODE_ID_NONE)
    p->found = box->node;
  return FALSE;
}

/* A click on a node fully in view selects it, and its side does not scroll: the node stays
 * under the pointer (its menu on it). The other side selects the counterpart. */
static void
test_click_keeps_view (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  GtkWidget *window;
  MsvisCompareView *view;
  MsvisGraphCanvas *npu, *bench;
  GtkAdjustment *h, *v;
  graphene_rect_t area;
  double h_before, v_before;
  MsvisUiTestRelaid rn, rb;
  Pick pick = { 0 };
  MsvisRect shown;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  doc = msvis_ui_test_read_2026 (MEGATRON);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 600);
  view = MSVIS_COMPARE_VIEW (msvis_compare_view_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  msvis_compare_view_set_document (view, doc);
  gtk_window_present (GTK_WINDOW (window));
  npu = msvis_compare_view_get_canvas (view, FALSE);
  bench = msvis_compare_view_get_canvas (view, TRUE);
  g_assert_true (msvis_ui_test_spin_until (laid_out, npu, 5000));
  g_assert_true (msvis_ui_test_spin_until (laid_out, bench, 5000));
  rn = (MsvisUiTestRelaid) { npu, msvis_graph_canvas_get_layout (npu) };
  rb = (MsvisUiTestRelaid) { bench, msvis_graph_canvas_get_layout (bench) };
  msvis_graph_canvas_expand_all (npu);
  msvis_graph_canvas_expand_all (bench);
  g_assert_true (msvis_ui_test_spin_until (relaid, &rn, 10000));
  g_assert_true (msvis_ui_test_spin_until (relaid, &rb, 10000));
  msvis_ui_test_spin (200);

  /* Down the graph a little, then a node in the top third of the view: far from its middle,
   * where centring the counterpart put it. */
  h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (npu));
  v = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (npu));
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), >, gtk_adjustment_get_page_size (v) * 2);
  gtk_adjustment_set_value (v, gtk_adjustment_get_page_size (v) * 0.5);
  msvis_ui_test_spin (200);
  msvis_graph_canvas_get_view (npu, &shown);
  pick = (Pick) { view, npu, { shown.x + 8, shown.y + 8, shown.width - 16, shown.height - 16 },
                  shown.y + shown.height / 3, MSVIS_NODE_ID_NONE };
  msvis_layout_visit (msvis_graph_canvas_get_layout (npu), &shown, pick_cb, &pick);
  g_assert_cmpuint (pick.found, !=, MSVIS_NODE_ID_NONE);
  g_assert_true (msvis_graph_canvas_node_area (npu, pick.found, &area));

  h_before = gtk_adjustment_get_value (h);
  v_before = gtk_adjustment_get_value (v);
  click_at (npu, area.origin.x + area.size.width / 2, area.origin.y + area.size.height / 2);
  msvis_ui_test_spin (500);

  g_assert_cmpuint (msvis_graph_canvas_get_selected (npu), ==, pick.found);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (bench), ==,
                    msvis_compare_view_counterpart (view, FALSE, pick.found));
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (h), h_before, 0.5);
  g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (v), v_before, 0.5);
  /* The linked side brought the counterpart level with it. */
  {
    graphene_rect_t b;
    graphene_point_t pa, pb;

    g_assert_true (msvis_graph_canvas_node_area (
                     bench, msvis_compare_view_counterpart (view, FALSE, pick.found), &b));
    g_assert_true (gtk_widget_compute_point (GTK_WIDGET (npu), window,
                                             &GRAPHENE_POINT_INIT (0, area.origin.y), &pa));
    g_assert_true (gtk_widget_compute_point (GTK_WIDGET (bench), window,
                                             &GRAPHENE_POINT_INIT (0, b.origin.y), &pb));
    g_assert_cmpfloat (fabs (pa.y - pb.y), <, 1.5);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The fills of the badges (msvis-graph-canvas-rollup.c), by kind. */
static const GdkRGBA badge_fills[MSVIS_N_ROLLUPS] = {
  [MSVIS_ROLLUP_ERROR] = { 0.80, 0.14, 0.11, 1 },
  [MSVIS_ROLLUP_WARNING] = { 0.96, 0.71, 0.13, 1 },
  [MSVIS_ROLLUP_UNMATCHED] = { 0.45, 0.45, 0.45, 1 },
  [MSVIS_ROLLUP_OVERFLOW] = { 0.27, 0.41, 0.72, 1 },
};

typedef struct
{
  MsvisGraphCanvas *canvas;
  MsvisRect         view;
  MsvisNodeId       found;
  int               kind;     /* of its rightmost badge */
} Badged;

static gboolean
badged_cb (const MsvisLayoutBox *box,
           gpointer              user_data)
{
  Badged *b = user_data;
  guint counts[MSVIS_N_ROLLUPS];

  if (box->expanded)
    return TRUE;
  if (b->found != MSVIS_NODE_ID_NONE || box->n_subnodes == 0
      || !msvis_graph_canvas_get_rollup (b->canvas, box->node, counts)
      || box->rect.y < b->view.y + 20 || box->rect.x + box->rect.width > b->view.x + b->view.width)
    return FALSE;
  for (int kind = MSVIS_N_ROLLUPS - 1; kind >= 0; kind--)
    if (counts[kind] > 0)
      {
        b->found = box->node;
        b->kind = kind;
        break;
      }
  return FALSE;
}

/* The selection ring runs along a container's top edge, where its badges sit: the badges are
 * drawn over it, so their colour shows where the ring crosses them. */
static void
test_badges_over_ring (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  GtkWidget *window;
  MsvisGraphCanvas *canvas;
  graphene_rect_t area;
  Badged b = { 0 };
  int x, y, stride;
  const guchar *px;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  doc = msvis_ui_test_read_2026 (STAT_2026);
  canvas = msvis_ui_test_show_canvas (doc, FALSE, 700, 700, &window);
  g_assert_true (msvis_ui_test_spin_until (laid_out, canvas, 5000));
  msvis_graph_canvas_set_zoom (canvas, 1.);
  msvis_ui_test_spin (200);

  b.canvas = canvas;
  b.found = MSVIS_NODE_ID_NONE;
  msvis_graph_canvas_get_view (canvas, &b.view);
  msvis_layout_visit (msvis_graph_canvas_get_layout (canvas), &b.view, badged_cb, &b);
  g_assert_cmpuint (b.found, !=, MSVIS_NODE_ID_NONE);
  msvis_graph_canvas_select (canvas, b.found, FALSE);
  msvis_ui_test_spin (100);
  g_assert_true (msvis_graph_canvas_node_area (canvas, b.found, &area));

  /* Just inside the right end of the rightmost pill, on the box's top edge: the ring's
   * straight part runs there (its corners are rounded by 6 px). */
  texture = msvis_ui_test_render (GTK_WIDGET (canvas));
  g_assert_cmpint (gtk_widget_get_scale_factor (GTK_WIDGET (canvas)), ==, 1);
  x = (int) floor (area.origin.x + area.size.width - 4 - 3);
  y = (int) floor (area.origin.y);
  stride = gdk_texture_get_width (texture) * 4;
  pixels = g_malloc ((gsize) stride * gdk_texture_get_height (texture));
  gdk_texture_download (texture, pixels, stride);
  px = pixels + (gsize) y * stride + (gsize) x * 4;   /* B, G, R, A */
  g_test_message ("pixel (%d, %d): %u %u %u, badge %d", x, y, px[2], px[1], px[0], b.kind);
  g_assert_cmpfloat (fabs (px[2] / 255. - badge_fills[b.kind].red), <, 0.08);
  g_assert_cmpfloat (fabs (px[1] / 255. - badge_fills[b.kind].green), <, 0.08);
  g_assert_cmpfloat (fabs (px[0] / 255. - badge_fills[b.kind].blue), <, 0.08);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_title (GtkWidget     *widget,
          gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title-4");
}

static MsvisNodeId
longest_name (MsvisGraph *graph)
{
  MsvisNodeId best = MSVIS_NODE_ID_NONE;
  gsize best_len = 0;

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      gsize len = strlen (msvis_graph_node_get_id (graph, node));

      if (len > best_len && len < MSVIS_DISPLAY_NAME_MAX)
        best = node, best_len = len;
    }
  return best;
}

/* The sidebar's title wraps a long name between its parts ('.', '_'), not inside a word; the
 * zero-width spaces that allow it are not part of what Copy gives. */
static void
test_title_wraps_at_dots (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  GtkWidget *window, *title;
  MsvisNodeDetails *details;
  MsvisGraph *graph;
  MsvisNodeId node;
  PangoLayout *layout;
  const char *text;
  int n_lines;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  doc = msvis_ui_test_read_2026 (MEGATRON);
  graph = msvis_vis_document_get_npu (doc);
  node = longest_name (graph);
  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 300, 600);
  details = MSVIS_NODE_DETAILS (msvis_node_details_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (details));
  gtk_window_present (GTK_WINDOW (window));
  msvis_node_details_set_node (details, doc, node, MSVIS_NODE_ID_NONE);
  msvis_ui_test_spin (300);

  title = msvis_ui_test_find_widget (GTK_WIDGET (details), is_title, NULL);
  g_assert_nonnull (title);
  layout = gtk_label_get_layout (GTK_LABEL (title));
  text = pango_layout_get_text (layout);
  n_lines = pango_layout_get_line_count (layout);
  g_test_message ("%s: %d lines", msvis_graph_node_get_id (graph, node), n_lines);
  g_assert_cmpint (n_lines, >=, 2);
  for (int i = 0; i + 1 < n_lines; i++)
    {
      PangoLayoutLine *line = pango_layout_get_line_readonly (layout, i);
      const char *end = text + line->start_index + line->length;

      /* Back over the break itself to the last character shown. */
      while (end > text + line->start_index && g_str_has_prefix (g_utf8_prev_char (end),
                                                                 MSVIS_NAME_BREAK))
        end = g_utf8_prev_char (end);
      g_test_message ("line %d ends with '%c'", i, end[-1]);
      g_assert_true (end[-1] == '.' || end[-1] == '_');
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What is shown gets breaks after '.' and '_' runs; the name itself comes back without. */
static void
test_name_breaks (void)
{
  g_autofree char *shown = msvis_name_with_breaks ("Module.lm_head.__add__.0");
  g_autoptr(GString) back = g_string_new (shown);

  g_assert_cmpstr (shown, ==, "Module." MSVIS_NAME_BREAK "lm_" MSVIS_NAME_BREAK "head."
                   MSVIS_NAME_BREAK "__add__." MSVIS_NAME_BREAK "0");
  g_string_replace (back, MSVIS_NAME_BREAK, "", 0);
  g_assert_cmpstr (back->str, ==, "Module.lm_head.__add__.0");
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/canvas-polish/click-keeps-view", test_click_keeps_view);
  g_test_add_func ("/canvas-polish/badges-over-ring", test_badges_over_ring);
  g_test_add_func ("/canvas-polish/title-wraps-at-dots", test_title_wraps_at_dots);
  g_test_add_func ("/canvas-polish/name-breaks", test_name_breaks);
  return g_test_run ();
}
