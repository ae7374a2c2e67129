// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "msvis-canvas-test-util.h"
#include "msvis-compare-view.h"
#include "msvis-link-gutter.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"

/* Linked panes (issue 25, item 1): scroll, zoom, Fit and re-layouts of one side move the other
 * so that a matched pair sits level on both; the link curves stay in the gutter. */

typedef struct
{
  GtkWidget        *window;
  MsvisCompareView *view;
  MsvisVisDocument *doc;
  MsvisGraphCanvas *npu;
  MsvisGraphCanvas *bench;
} Fixture;

static gboolean
laid_out (gpointer data)
{
  MsvisGraphCanvas *canvas = data;

  /* The layout for the pane's width: the one asked before the window had a size is done
   * again once it has one. */
  return msvis_graph_canvas_get_layout (canvas) != NULL
         && gtk_widget_get_mapped (GTK_WIDGET (canvas))
         && msvis_graph_canvas_get_wrap_width (canvas) > 0
         && !msvis_graph_canvas_is_laying_out (canvas);
}

/* msprobe 26.0.0's compare of the mini Megatron model: 188 nodes a side, two micro steps, a
 * .vis.db, tall enough to scroll. */
#define MEGATRON "cmp_mini_megatron/compare_20261127113951.vis.db"

static gboolean
fixture_open (Fixture    *f,
              const char *relative,
              int         height)
{
  if (!msvis_ui_test_require (NULL, NULL))
    return FALSE;
  f->doc = msvis_ui_test_read_2026 (relative);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1200, height);
  f->view = MSVIS_COMPARE_VIEW (msvis_compare_view_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->view));
  msvis_compare_view_set_document (f->view, f->doc);
  gtk_window_present (GTK_WINDOW (f->window));
  f->npu = msvis_compare_view_get_canvas (f->view, FALSE);
  f->bench = msvis_compare_view_get_canvas (f->view, TRUE);
  g_assert_true (msvis_ui_test_spin_until (laid_out, f->npu, 5000));
  g_assert_true (msvis_ui_test_spin_until (laid_out, f->bench, 5000));
  return TRUE;
}

static void
fixture_close (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_pointer (&f->doc, msvis_vis_document_unref);
}

static void
expand_all (Fixture *f)
{
  MsvisUiTestRelaid npu = { f->npu, msvis_graph_canvas_get_layout (f->npu) };
  MsvisUiTestRelaid bench = { f->bench, msvis_graph_canvas_get_layout (f->bench) };

  msvis_graph_canvas_expand_all (f->npu);
  msvis_graph_canvas_expand_all (f->bench);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_relaid, &npu, 10000));
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_relaid, &bench, 10000));
  msvis_ui_test_spin (50);
}

static GtkAdjustment *
vadjustment (MsvisGraphCanvas *canvas)
{
  return gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (canvas));
}

/* How far apart in height a node and its counterpart are drawn, in window pixels. */
static double
level_gap (Fixture     *f,
           MsvisNodeId  npu_node)
{
  MsvisNodeId bench_node = msvis_compare_view_counterpart (f->view, FALSE, npu_node);
  graphene_rect_t a, b;
  graphene_point_t pa, pb;

  g_assert_cmpuint (bench_node, !=, MSVIS_NODE_ID_NONE);
  g_assert_true (msvis_graph_canvas_node_area (f->npu, npu_node, &a));
  g_assert_true (msvis_graph_canvas_node_area (f->bench, bench_node, &b));
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (f->npu), f->window, &a.origin, &pa));
  g_assert_true (gtk_widget_compute_point (GTK_WIDGET (f->bench), f->window, &b.origin, &pb));
  return fabs (pa.y - pb.y);
}

/* Scrolling the NPU side scrolls the Bench side, the selected pair level on both. */
static void
test_linked_scroll (void)
{
  Fixture f = { 0 };
  MsvisNodeId node;
  double bench_before;
  g_autofree char *shot = NULL;

  if (!fixture_open (&f, MEGATRON, 760))
    return;
  expand_all (&f);
  msvis_graph_canvas_set_zoom (f.npu, 1.5);
  msvis_ui_test_spin (50);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.bench), ==, 1.5);

  node = msvis_ui_test_middle_matched_leaf (f.view, f.doc);
  msvis_compare_view_select (f.view, FALSE, node);
  msvis_ui_test_spin (300);
  g_assert_cmpfloat (level_gap (&f, node), <, 1.5);

  /* A small scroll keeps the selected pair in view: it stays the anchor. */
  bench_before = gtk_adjustment_get_value (vadjustment (f.bench));
  gtk_adjustment_set_value (vadjustment (f.npu),
                            gtk_adjustment_get_value (vadjustment (f.npu)) + 120);
  msvis_ui_test_spin (50);
  g_assert_cmpfloat (fabs (gtk_adjustment_get_value (vadjustment (f.bench)) - bench_before - 120),
                     <, 1.5);
  g_assert_cmpfloat (level_gap (&f, node), <, 1.5);

  /* Scrolling the Bench side leads the other way. */
  gtk_adjustment_set_value (vadjustment (f.bench),
                            gtk_adjustment_get_value (vadjustment (f.bench)) - 60);
  msvis_ui_test_spin (50);
  g_assert_cmpfloat (level_gap (&f, node), <, 1.5);
  shot = msvis_ui_test_screenshot (f.window, "compare-linked");
  fixture_close (&f);
}

/* Far from the selection, the pair nearest the middle of the view is the anchor. */
static void
test_nearest_anchor (void)
{
  Fixture f = { 0 };
  MsvisNodeId anchor;

  if (!fixture_open (&f, MEGATRON, 760))
    return;
  expand_all (&f);
  msvis_graph_canvas_set_zoom (f.npu, 2.);
  msvis_ui_test_spin (50);
  gtk_adjustment_set_value (vadjustment (f.npu),
                            gtk_adjustment_get_upper (vadjustment (f.npu)) / 3);
  msvis_ui_test_spin (50);
  anchor = msvis_compare_view_get_link_anchor (f.view, FALSE);
  g_assert_cmpuint (anchor, !=, MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (msvis_compare_view_get_link_anchor (f.view, TRUE), ==,
                    msvis_compare_view_counterpart (f.view, FALSE, anchor));
  g_assert_cmpfloat (level_gap (&f, anchor), <, 1.5);
  fixture_close (&f);
}

/* Fit and zoom on one side zoom the other; with the link off, the other side stays. */
static void
test_zoom_fit_and_off (void)
{
  Fixture f = { 0 };
  double bench_value;

  if (!fixture_open (&f, MEGATRON, 760))
    return;
  expand_all (&f);
  msvis_graph_canvas_zoom_to_fit (f.bench);
  msvis_ui_test_spin (50);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.npu), ==,
                     msvis_graph_canvas_get_zoom (f.bench));
  msvis_graph_canvas_set_zoom (f.npu, 1.);
  msvis_ui_test_spin (50);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.bench), ==, 1.);

  msvis_compare_view_set_link_panes (f.view, FALSE);
  bench_value = gtk_adjustment_get_value (vadjustment (f.bench));
  gtk_adjustment_set_value (vadjustment (f.npu),
                            gtk_adjustment_get_value (vadjustment (f.npu)) + 200);
  msvis_graph_canvas_set_zoom (f.npu, 0.5);
  msvis_ui_test_spin (50);
  g_assert_cmpfloat (gtk_adjustment_get_value (vadjustment (f.bench)), ==, bench_value);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.bench), ==, 1.);
  fixture_close (&f);
}

typedef struct
{
  MsvisGraphCanvas *canvas;
  int               width;
} Resized;

static gboolean
resized (gpointer data)
{
  Resized *r = data;

  return gtk_widget_get_width (GTK_WIDGET (r->canvas)) != r->width
         && !msvis_graph_canvas_is_laying_out (r->canvas);
}

/* Resizes the window and waits for the panes' new width and the rows laid out for it. */
static void
resize_window (Fixture *f,
               int      width,
               int      height)
{
  Resized r = { f->npu, gtk_widget_get_width (GTK_WIDGET (f->npu)) };

  gtk_window_set_default_size (GTK_WINDOW (f->window), width, height);
  g_assert_true (msvis_ui_test_spin_until (resized, &r, 5000));
  msvis_ui_test_spin (400);   /* past the re-layout for the new width, and its alignment */
}

/* Sets @canvas's zoom behind the compare view's back: linked panes at two zooms, as they are
 * for a moment between a zoom of one side and the other side following it. */
static void
set_zoom_unseen (Fixture          *f,
                 MsvisGraphCanvas *canvas,
                 double            zoom)
{
  g_signal_handlers_block_matched (canvas, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, f->view);
  msvis_graph_canvas_set_zoom (canvas, zoom);
  g_signal_handlers_unblock_matched (canvas, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, f->view);
}

/* A resize of the window is no zoom of the user's: with the link on and the sides at two
 * zooms, each keeps its own (the NPU pane took the Bench pane's, the last one allocated). */
static void
test_resize_keeps_zooms (void)
{
  Fixture f = { 0 };

  if (!fixture_open (&f, MEGATRON, 760))
    return;
  expand_all (&f);
  set_zoom_unseen (&f, f.npu, 1.5);
  set_zoom_unseen (&f, f.bench, 0.75);
  resize_window (&f, 1000, 700);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.npu), ==, 1.5);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.bench), ==, 0.75);
  resize_window (&f, 1200, 760);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.npu), ==, 1.5);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.bench), ==, 0.75);

  /* The user's zoom still carries over, after a resize too. */
  msvis_graph_canvas_set_zoom (f.npu, 1.25);
  msvis_ui_test_spin (50);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.bench), ==, 1.25);
  resize_window (&f, 1000, 700);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.npu), ==, 1.25);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.bench), ==, 1.25);
  msvis_graph_canvas_set_zoom (f.bench, 0.8);
  msvis_ui_test_spin (50);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.npu), ==, 0.8);
  fixture_close (&f);
}

typedef struct
{
  Fixture *f;
  double   zoom;
} ZoomInFrame;

static gboolean
zoom_in_frame (GtkWidget     *widget,
               GdkFrameClock *clock,
               gpointer       data)
{
  ZoomInFrame *z = data;

  msvis_graph_canvas_set_zoom (z->f->npu, z->zoom);
  return G_SOURCE_REMOVE;
}

/* The user zooms one side in the frame that also resizes the window (a pinch or a key while
 * the window is being resized): the zoom stays, and the other side follows it, not the other
 * way round. */
static void
test_zoom_during_resize (void)
{
  Fixture f = { 0 };
  ZoomInFrame z = { &f, 1.6 };
  Resized r;

  if (!fixture_open (&f, MEGATRON, 760))
    return;
  expand_all (&f);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.bench), ==, 1.);
  r = (Resized) { f.npu, gtk_widget_get_width (GTK_WIDGET (f.npu)) };
  gtk_window_set_default_size (GTK_WINDOW (f.window), 1000, 700);
  gtk_widget_add_tick_callback (f.window, zoom_in_frame, &z, NULL);
  g_assert_true (msvis_ui_test_spin_until (resized, &r, 5000));
  msvis_ui_test_spin (400);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.npu), ==, 1.6);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (f.bench), ==, 1.6);
  fixture_close (&f);
}

typedef struct
{
  MsvisLayout *layout;
  guint        n;
} CountData;

static gboolean
count_closed (const MsvisLayoutBox *box,
              gpointer              user_data)
{
  CountData *c = user_data;

  if (!box->expanded)
    c->n++;
  return box->expanded;
}

/* Zoomed far out on an open graph, there are more pairs in view than the gutter can tell
 * apart: one curve per container run instead. */
static void
test_gutter_thinning (void)
{
  Fixture f = { 0 };
  GtkWidget *gutter;
  CountData c = { 0 };
  MsvisRect view;
  guint drawn;
  g_autofree char *shot = NULL;

  if (!fixture_open (&f, MEGATRON, 400))
    return;
  gutter = gtk_widget_get_next_sibling (gtk_widget_get_first_child (GTK_WIDGET (f.view)));
  g_assert_true (MSVIS_IS_LINK_GUTTER (gutter));
  expand_all (&f);
  msvis_graph_canvas_set_zoom (f.npu, 0.05);
  msvis_ui_test_spin (50);
  shot = msvis_ui_test_screenshot (f.window, "compare-gutter-thinned");
  msvis_graph_canvas_get_view (f.npu, &view);
  msvis_layout_visit (msvis_graph_canvas_get_layout (f.npu), &view, count_closed, &c);
  drawn = msvis_link_gutter_get_n_drawn (MSVIS_LINK_GUTTER (gutter));
  g_assert_cmpuint (drawn, >, 0);
  g_assert_cmpuint (c.n * 6, >, (guint) gtk_widget_get_height (gutter));
  g_assert_cmpuint (drawn, <, c.n);

  /* Close in, every pair in view gets its own curve. */
  msvis_graph_canvas_set_zoom (f.npu, 1.5);
  msvis_ui_test_spin (50);
  g_free (msvis_ui_test_screenshot (f.window, "compare-gutter-near"));
  c.n = 0;
  msvis_graph_canvas_get_view (f.npu, &view);
  msvis_layout_visit (msvis_graph_canvas_get_layout (f.npu), &view, count_closed, &c);
  g_assert_cmpuint (msvis_link_gutter_get_n_drawn (MSVIS_LINK_GUTTER (gutter)), >, 0);
  g_assert_cmpuint (msvis_link_gutter_get_n_drawn (MSVIS_LINK_GUTTER (gutter)), <=, c.n);
  fixture_close (&f);
}

/* Expand All says it is busy and can be cancelled: what stays open is what was drawn. */
static void
test_cancel_expand_all (void)
{
  Fixture f = { 0 };
  MsvisLayout *before_npu, *before_bench;
  MsvisGraph *graph;
  guint n_open = 0;

  if (!fixture_open (&f, MEGATRON, 760))
    return;
  graph = msvis_vis_document_get_npu (f.doc);
  before_npu = msvis_graph_canvas_get_layout (f.npu);
  before_bench = msvis_graph_canvas_get_layout (f.bench);
  msvis_graph_canvas_expand_all (f.npu);
  msvis_graph_canvas_expand_all (f.bench);
  g_assert_true (msvis_graph_canvas_is_laying_out (f.npu));
  g_assert_true (msvis_graph_canvas_is_laying_out (f.bench));
  msvis_compare_view_cancel_layouts (f.view);
  g_assert_false (msvis_graph_canvas_is_laying_out (f.npu));
  g_assert_false (msvis_graph_canvas_is_laying_out (f.bench));
  msvis_ui_test_spin (500);
  /* The busy bar is said after the frame; gone once nothing lays out. */
  g_assert_false (msvis_compare_view_is_busy_shown (f.view));
  g_assert_true (msvis_graph_canvas_get_layout (f.npu) == before_npu);
  g_assert_true (msvis_graph_canvas_get_layout (f.bench) == before_bench);
  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    if (msvis_graph_canvas_is_expanded (f.npu, node))
      n_open++;
  g_assert_cmpuint (n_open, ==, 0);
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compare-link/scroll", test_linked_scroll);
  g_test_add_func ("/compare-link/nearest-anchor", test_nearest_anchor);
  g_test_add_func ("/compare-link/zoom-fit-off", test_zoom_fit_and_off);
  g_test_add_func ("/compare-link/resize-keeps-zooms", test_resize_keeps_zooms);
  g_test_add_func ("/compare-link/zoom-during-resize", test_zoom_during_resize);
  g_test_add_func ("/compare-link/gutter-thinning", test_gutter_thinning);
  g_test_add_func ("/compare-link/cancel-expand-all", test_cancel_expand_all);
  return g_test_run ();
}
