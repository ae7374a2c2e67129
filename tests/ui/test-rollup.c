// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "msvis-compare-view.h"
#include "msvis-graph-canvas.h"
#include "msvis-minimap.h"
#include "msvis-graph-summary.h"
#include "msvis-render.h"
#include "msvis-canvas-test-util.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"

/* Roll-ups (issue 25, item 3): the badges of a closed container count the errors, warnings,
 * unmatched and overflowing leaves inside, as the summary counts them; Expand to Errors opens
 * exactly the paths to the divergent leaves; a fully unmatched API list is grey. */

#define STAT      "cmp_stat/compare_20261121191907.vis"
#define STAT_2026 "cmp_stat/compare_20261127113849.vis.db"
#define MEGATRON  "cmp_mini_megatron/compare_20261127113951.vis.db"

typedef struct
{
  GtkWidget        *window;
  MsvisGraphCanvas *canvas;
  MsvisVisDocument *doc;
} Fixture;

static gboolean
fixture_open (Fixture  *f,
              gboolean  is_2026,
              gboolean  is_bench)
{
  g_autofree char *path = NULL;

  if (!msvis_ui_test_require (is_2026 ? NULL : STAT, is_2026 ? NULL : &path))
    return FALSE;
  f->doc = is_2026 ? msvis_ui_test_read_2026 (STAT_2026) : msvis_ui_test_read (path);
  f->canvas = msvis_ui_test_show_canvas (f->doc, is_bench, 700, 700, &f->window);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_canvas_laid_out, f->canvas, 5000));
  return TRUE;
}

static void
fixture_close (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_pointer (&f->doc, msvis_vis_document_unref);
}

/* The summary's leaf counts (msvis inspect's, the Legend's) with the legend's last bucket as
 * the worst: the ranges of a precision legend grow towards the worst colour. */
static void
expected_counts (MsvisVisDocument *doc,
                 guint             expected[MSVIS_N_ROLLUPS])
{
  g_autoptr(MsvisBuckets) buckets = msvis_buckets_new_from_colors (
    msvis_vis_document_get_colors (doc));
  MsvisGraphSummary summary;
  guint n;

  msvis_graph_summarize (msvis_vis_document_get_npu (doc), buckets, &summary);
  n = summary.n_buckets;
  g_assert_cmpuint (n, >=, 3);
  expected[MSVIS_ROLLUP_ERROR] = summary.bucket_counts[n - 1];
  expected[MSVIS_ROLLUP_WARNING] = 0;
  for (guint i = 1; i + 1 < n; i++)
    expected[MSVIS_ROLLUP_WARNING] += summary.bucket_counts[i];
  expected[MSVIS_ROLLUP_UNMATCHED] = summary.n_unmatched;
  expected[MSVIS_ROLLUP_OVERFLOW] = summary.n_overflow[MSVIS_OVERFLOW_MEDIUM]
                                    + summary.n_overflow[MSVIS_OVERFLOW_HIGH]
                                    + summary.n_overflow[MSVIS_OVERFLOW_CRITICAL];
  msvis_graph_summary_clear (&summary);
}

/* Each container counts what its children count: every leaf once. */
static void
check_sums (MsvisGraphCanvas *canvas,
            MsvisGraph       *graph)
{
  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      guint own[MSVIS_N_ROLLUPS], sum[MSVIS_N_ROLLUPS] = { 0 };

      if (msvis_graph_node_get_first_child (graph, node) == MSVIS_NODE_ID_NONE)
        continue;
      g_assert_true (msvis_graph_canvas_get_rollup (canvas, node, own));
      for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node);
           c != MSVIS_NODE_ID_NONE; c = msvis_graph_node_get_next_sibling (graph, c))
        {
          guint child[MSVIS_N_ROLLUPS];

          g_assert_true (msvis_graph_canvas_get_rollup (canvas, c, child));
          for (guint k = 0; k < MSVIS_N_ROLLUPS; k++)
            sum[k] += child[k];
        }
      for (guint k = 0; k < MSVIS_N_ROLLUPS; k++)
        g_assert_cmpuint (own[k], ==, sum[k]);
    }
}

static void
check_root (gboolean is_2026)
{
  Fixture f = { 0 };
  guint expected[MSVIS_N_ROLLUPS], npu[MSVIS_N_ROLLUPS], bench[MSVIS_N_ROLLUPS];
  MsvisGraph *graph;

  if (!fixture_open (&f, is_2026, FALSE))
    return;
  graph = msvis_vis_document_get_npu (f.doc);
  expected_counts (f.doc, expected);
  g_assert_true (msvis_graph_canvas_get_rollup (f.canvas, msvis_graph_get_root (graph), npu));
  for (guint k = 0; k < MSVIS_N_ROLLUPS; k++)
    g_assert_cmpuint (npu[k], ==, expected[k]);
  /* cmp_stat has some of each: the check is not of zeros. */
  g_assert_cmpuint (npu[MSVIS_ROLLUP_ERROR], >, 0);
  g_assert_cmpuint (npu[MSVIS_ROLLUP_WARNING], >, 0);
  g_assert_cmpuint (npu[MSVIS_ROLLUP_UNMATCHED], >, 0);
  check_sums (f.canvas, graph);
  fixture_close (&f);

  /* The Bench side counts its leaves in their counterparts' colours. */
  if (!fixture_open (&f, is_2026, TRUE))
    return;
  graph = msvis_vis_document_get_bench (f.doc);
  g_assert_true (msvis_graph_canvas_get_rollup (f.canvas, msvis_graph_get_root (graph), bench));
  g_assert_cmpuint (bench[MSVIS_ROLLUP_ERROR], ==, npu[MSVIS_ROLLUP_ERROR]);
  g_assert_cmpuint (bench[MSVIS_ROLLUP_WARNING], ==, npu[MSVIS_ROLLUP_WARNING]);
  check_sums (f.canvas, graph);
  fixture_close (&f);
}

static void
test_counts_july (void)
{
  check_root (FALSE);
}

static void
test_counts_2026 (void)
{
  check_root (TRUE);
}

/* Exactly the paths: a container is open if and only if a divergent leaf is under it. */
static void
test_expand_to_errors (void)
{
  Fixture f = { 0 };
  MsvisGraph *graph;
  MsvisLayout *layout;
  MsvisUiTestRelaid r;
  guint n_divergent = 0, n_shown = 0;

  if (!fixture_open (&f, FALSE, FALSE))
    return;
  graph = msvis_vis_document_get_npu (f.doc);
  r = (MsvisUiTestRelaid) { f.canvas, msvis_graph_canvas_get_layout (f.canvas) };
  msvis_graph_canvas_expand_all (f.canvas);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_relaid, &r, 5000));
  r.old = msvis_graph_canvas_get_layout (f.canvas);
  g_assert_cmpuint (msvis_graph_canvas_expand_to_errors (f.canvas), >, 0);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_relaid, &r, 5000));
  layout = msvis_graph_canvas_get_layout (f.canvas);
  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      guint c[MSVIS_N_ROLLUPS];
      gboolean divergent;

      g_assert_true (msvis_graph_canvas_get_rollup (f.canvas, node, c));
      divergent = c[MSVIS_ROLLUP_ERROR] + c[MSVIS_ROLLUP_WARNING] > 0;
      if (msvis_graph_node_get_first_child (graph, node) != MSVIS_NODE_ID_NONE)
        {
          if (node != msvis_graph_get_root (graph))
            g_assert_cmpint (msvis_graph_canvas_is_expanded (f.canvas, node), ==, divergent);
        }
      else if (divergent)
        {
          n_divergent++;
          g_assert_nonnull (msvis_layout_lookup (layout, node));
        }
      if (msvis_layout_lookup (layout, node) != NULL)
        n_shown++;
    }
  g_assert_cmpuint (n_divergent, >, 0);
  /* Not everything: the passing branches stay closed. */
  g_assert_cmpuint (n_shown, <, msvis_graph_get_n_nodes (graph));
  g_free (msvis_ui_test_screenshot (f.window, "canvas-expand-to-errors"));
  fixture_close (&f);
}

/* The badges are drawn: the error badge's red is in the picture of the collapsed graph. */
static void
test_badges_drawn (void)
{
  Fixture f = { 0 };
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree guchar *pixels = NULL;
  gsize stride;
  int width, height;
  guint red = 0;

  if (!fixture_open (&f, FALSE, FALSE))
    return;
  msvis_ui_test_spin (100);
  g_free (msvis_ui_test_screenshot (f.window, "canvas-badges"));
  texture = msvis_ui_test_render (GTK_WIDGET (f.canvas));
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  stride = (gsize) width * 4;
  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);
  /* Downloads are B, G, R, A on little-endian machines: the badge's (204, 36, 28). */
  for (gsize i = 0; i < stride * height; i += 4)
    if (ABS (pixels[i + 2] - 204) < 6 && ABS (pixels[i + 1] - 36) < 6 && ABS (pixels[i] - 28) < 6)
      red++;
  g_assert_cmpuint (red, >, 20);
  fixture_close (&f);
}

/* An API list whose calls all lack a counterpart is grey, like them; one with a matched call
 * stays white, as in tb_graph_ascend. */
static void
test_unmatched_list_grey (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisBuckets) buckets = NULL;
  g_autoptr(MsvisFillMap) fills = NULL;
  MsvisGraph *graph;
  MsvisRgba grey, white;

  if (!msvis_ui_test_require (STAT, &path))
    return;
  doc = msvis_ui_test_read (path);
  graph = msvis_vis_document_get_npu (doc);
  buckets = msvis_buckets_new_from_colors (msvis_vis_document_get_colors (doc));
  fills = msvis_fill_map_new (graph, msvis_vis_document_get_bench (doc), FALSE, buckets,
                              MSVIS_PALETTE_PRECISION);
  grey = msvis_fill_map_get (fills, msvis_graph_lookup (graph, "Apis_Between_Modules.3"));
  white = msvis_fill_map_get (fills, msvis_graph_lookup (graph, "Apis_Between_Modules.1"));
  g_assert_cmpfloat (grey.red, ==, msvis_render_unmatched_grey.red);
  g_assert_cmpfloat (grey.green, ==, msvis_render_unmatched_grey.green);
  g_assert_cmpfloat (white.red, ==, 1);
  g_assert_cmpfloat (white.blue, ==, 1);
}

/* A tall graph: Fit keeps a readable zoom, as wide as the view, from the top. */
static void
test_fit_readable (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  GtkWidget *window;
  MsvisGraphCanvas *canvas;
  MsvisRect bounds, view;
  MsvisUiTestRelaid r;
  double whole;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  doc = msvis_ui_test_read_2026 (MEGATRON);
  canvas = msvis_ui_test_show_canvas (doc, FALSE, 900, 400, &window);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_canvas_laid_out, canvas, 5000));
  r = (MsvisUiTestRelaid) { canvas, msvis_graph_canvas_get_layout (canvas) };
  msvis_graph_canvas_expand_all (canvas);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_relaid, &r, 5000));
  msvis_ui_test_spin (50);
  bounds = msvis_layout_get_bounds (msvis_graph_canvas_get_layout (canvas));
  whole = MIN ((gtk_widget_get_width (GTK_WIDGET (canvas)) - 48) / bounds.width,
               (gtk_widget_get_height (GTK_WIDGET (canvas)) - 48) / bounds.height);
  g_test_message ("canvas %d x %d, bounds %g x %g, whole fit %g",
                  gtk_widget_get_width (GTK_WIDGET (canvas)),
                  gtk_widget_get_height (GTK_WIDGET (canvas)), bounds.width, bounds.height,
                  whole);
  g_assert_cmpfloat (whole, >, 0);
  g_assert_cmpfloat (whole, <, 0.5);

  msvis_graph_canvas_zoom_to_fit (canvas);
  msvis_ui_test_spin (50);
  g_assert_cmpfloat (msvis_graph_canvas_get_zoom (canvas), >=, 0.5);
  msvis_graph_canvas_get_view (canvas, &view);
  /* The top of the graph is in view, and its width fits unless that is below readable. */
  g_assert_cmpfloat (view.y, <=, bounds.y + 1);
  if ((gtk_widget_get_width (GTK_WIDGET (canvas)) - 48) / bounds.width >= 0.5)
    g_assert_cmpfloat (view.width, >=, bounds.width);
  g_free (msvis_ui_test_screenshot (window, "canvas-fit-tall"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
minimap_shown (gpointer minimap)
{
  return msvis_minimap_is_shown (minimap);
}

/* The minimap of a tall graph is a strip one can read: its rows stretched across, coloured,
 * and a click in its lower half goes down the graph. */
static void
test_minimap_strip (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkWidget *window, *minimap;
  MsvisCompareView *view;
  MsvisGraphCanvas *npu;
  MsvisRect bounds, seen;
  MsvisUiTestRelaid r;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  doc = msvis_ui_test_read_2026 (MEGATRON);
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  view = MSVIS_COMPARE_VIEW (msvis_compare_view_new ());
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  msvis_compare_view_set_document (view, doc);
  gtk_window_present (GTK_WINDOW (window));
  npu = msvis_compare_view_get_canvas (view, FALSE);
  minimap = msvis_compare_view_get_minimap (view, FALSE);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_canvas_laid_out, npu, 5000));
  r = (MsvisUiTestRelaid) { npu, msvis_graph_canvas_get_layout (npu) };
  msvis_graph_canvas_expand_all (npu);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_relaid, &r, 5000));
  msvis_graph_canvas_set_zoom (npu, 1.);
  g_assert_true (msvis_ui_test_spin_until (minimap_shown, minimap, 5000));
  /* Its new size comes a frame after it shows. */
  msvis_ui_test_spin (200);
  bounds = msvis_layout_get_bounds (msvis_graph_canvas_get_layout (npu));
  g_test_message ("bounds %g x %g", bounds.width, bounds.height);
  g_assert_cmpfloat (bounds.height, >, 8 * bounds.width);
  /* Wider than the hairline a scaled picture would be, and as tall as a strip goes. */
  g_assert_cmpint (gtk_widget_get_width (minimap), >=, 50);
  g_assert_cmpint (gtk_widget_get_height (minimap), >=, 200);
  texture = msvis_ui_test_render (minimap);
  g_assert_cmpuint (msvis_ui_test_count_colors (texture), >, 8);
  g_free (msvis_ui_test_screenshot (window, "minimap-tall-strip"));

  msvis_minimap_pan_to (MSVIS_MINIMAP (minimap), gtk_widget_get_width (minimap) / 2.,
                        gtk_widget_get_height (minimap) * 0.75);
  msvis_ui_test_spin (50);
  msvis_graph_canvas_get_view (npu, &seen);
  g_assert_cmpfloat (fabs (seen.y + seen.height / 2 - (bounds.y + bounds.height * 0.75)), <,
                     bounds.height * 0.05);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rollup/counts-july", test_counts_july);
  g_test_add_func ("/rollup/counts-2026", test_counts_2026);
  g_test_add_func ("/rollup/expand-to-errors", test_expand_to_errors);
  g_test_add_func ("/rollup/badges-drawn", test_badges_drawn);
  g_test_add_func ("/rollup/unmatched-list-grey", test_unmatched_list_grey);
  g_test_add_func ("/rollup/fit-readable", test_fit_readable);
  g_test_add_func ("/rollup/minimap-strip", test_minimap_strip);
  return g_test_run ();
}
