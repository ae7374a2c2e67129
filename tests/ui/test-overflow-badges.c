// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>

#include "msvis-graph-canvas.h"
#include "msvis-graph-summary.h"
#include "msvis-render.h"
#include "msvis-canvas-test-util.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"

/* Overflow mode colours the boxes by overflow level: the badges of closed containers count
 * the overflow levels inside in the overflow legend's colours, and no precision colour
 * (error, warning, unmatched) is left on them. cmp_stat_oc has errors, warnings, unmatched
 * leaves and one critical overflow. */

#define STAT_OC "cmp_stat_oc/compare_20261127113852.vis.db"

typedef struct
{
  GtkWidget        *window;
  MsvisGraphCanvas *canvas;
  MsvisVisDocument *doc;
} Fixture;

static gboolean
fixture_open (Fixture *f)
{
  if (!msvis_ui_test_require (NULL, NULL))
    return FALSE;
  f->doc = msvis_ui_test_read_2026 (STAT_OC);
  g_assert_true (msvis_vis_document_get_overflow_check (f->doc));
  f->canvas = msvis_ui_test_show_canvas (f->doc, FALSE, 700, 700, &f->window);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_canvas_laid_out, f->canvas, 5000));
  msvis_ui_test_spin (100);
  return TRUE;
}

static void
fixture_close (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_pointer (&f->doc, msvis_vis_document_unref);
}

/* Pixels of the canvas within a few levels of @rgb (0–255). */
static guint
count_pixels (MsvisGraphCanvas *canvas,
              const guchar      rgb[3])
{
  g_autoptr(GdkTexture) texture = msvis_ui_test_render (GTK_WIDGET (canvas));
  g_autofree guchar *pixels = NULL;
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  gsize stride = (gsize) width * 4;
  guint n = 0;

  pixels = g_malloc (stride * height);
  gdk_texture_download (texture, pixels, stride);
  /* B, G, R, A on little-endian machines */
  for (gsize i = 0; i < stride * height; i += 4)
    if (ABS (pixels[i + 2] - rgb[0]) < 6 && ABS (pixels[i + 1] - rgb[1]) < 6 &&
        ABS (pixels[i] - rgb[2]) < 6)
      n++;
  return n;
}

static const guchar error_red[3] = { 204, 36, 28 };       /* the error badge */
static const guchar warning_amber[3] = { 245, 181, 33 };  /* the warning badge */

/* What is drawn: in precision mode the error badge is there; in overflow mode neither it nor
 * the warning badge is, and the critical level's colour is. */
static void
test_badges_drawn (void)
{
  Fixture f = { 0 };
  const MsvisRgba *c = &msvis_render_overflow_fills[MSVIS_OVERFLOW_CRITICAL];
  const guchar critical[3] = { c->red * 255 + 0.5, c->green * 255 + 0.5, c->blue * 255 + 0.5 };

  if (!fixture_open (&f))
    return;
  g_assert_cmpuint (count_pixels (f.canvas, error_red), >, 20);
  g_assert_cmpuint (count_pixels (f.canvas, warning_amber), >, 20);
  msvis_graph_canvas_set_overflow_mode (f.canvas, TRUE);
  msvis_ui_test_spin (100);
  g_free (msvis_ui_test_screenshot (f.window, "canvas-overflow-badges"));
  g_assert_cmpuint (count_pixels (f.canvas, error_red), ==, 0);
  g_assert_cmpuint (count_pixels (f.canvas, warning_amber), ==, 0);
  g_assert_cmpuint (count_pixels (f.canvas, critical), >, 20);
  fixture_close (&f);
}

static gboolean
same_color (const GdkRGBA   *a,
            const MsvisRgba *b)
{
  return G_APPROX_VALUE (a->red, b->red, 1e-6) && G_APPROX_VALUE (a->green, b->green, 1e-6) &&
         G_APPROX_VALUE (a->blue, b->blue, 1e-6);
}

/* Every container: one badge per overflow level inside, in that level's legend colour, the
 * counts adding up to its overflowing leaves; the root's are the summary's. */
static void
test_badges_state (void)
{
  Fixture f = { 0 };
  MsvisGraph *graph;
  MsvisGraphSummary summary;
  MsvisCanvasBadge badges[MSVIS_CANVAS_MAX_BADGES];
  guint n;

  if (!fixture_open (&f))
    return;
  graph = msvis_graph_canvas_get_graph (f.canvas);
  msvis_graph_summarize (graph, NULL, &summary);
  /* precision mode: as before, error first from the left */
  n = msvis_graph_canvas_get_badges (f.canvas, msvis_graph_get_root (graph), badges);
  g_assert_cmpuint (n, ==, 4);

  msvis_graph_canvas_set_overflow_mode (f.canvas, TRUE);
  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      guint rollup[MSVIS_N_ROLLUPS], sum = 0;

      if (msvis_graph_node_get_first_child (graph, node) == MSVIS_NODE_ID_NONE)
        continue;
      g_assert_true (msvis_graph_canvas_get_rollup (f.canvas, node, rollup));
      n = msvis_graph_canvas_get_badges (f.canvas, node, badges);
      for (guint i = 0; i < n; i++)
        {
          gboolean legend = FALSE;

          for (int level = MSVIS_OVERFLOW_MEDIUM; level <= MSVIS_OVERFLOW_CRITICAL; level++)
            legend |= same_color (&badges[i].fill, &msvis_render_overflow_fills[level]);
          g_assert_true (legend);
          sum += badges[i].count;
        }
      g_assert_cmpuint (sum, ==, rollup[MSVIS_ROLLUP_OVERFLOW]);
    }
  n = msvis_graph_canvas_get_badges (f.canvas, msvis_graph_get_root (graph), badges);
  g_assert_cmpuint (summary.n_overflow[MSVIS_OVERFLOW_CRITICAL], ==, 1);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (badges[0].count, ==, summary.n_overflow[MSVIS_OVERFLOW_CRITICAL]);
  g_assert_true (same_color (&badges[0].fill,
                             &msvis_render_overflow_fills[MSVIS_OVERFLOW_CRITICAL]));
  msvis_graph_summary_clear (&summary);
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/overflow-badges/drawn", test_badges_drawn);
  g_test_add_func ("/overflow-badges/state", test_badges_state);
  return g_test_run ();
}
