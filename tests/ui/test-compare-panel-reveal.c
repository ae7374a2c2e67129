// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>

#include "msvis-canvas-test-util.h"
#include "msvis-compare-panel.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The worst cell's lines brought into view from the top of a pair: at 1280×720, where a
 * pair of more than two items scrolls, a thin slice of the line above showed under the column
 * titles, and the top of the next line at the bottom edge. Every line at the view's edges is
 * whole or out of view, in the .vis.db (2026) and the July .vis of the same cmp_stat compare,
 * pair after pair. */

#define JULY      "cmp_stat/compare_20261121191907.vis"
#define STAT_2026 "cmp_stat/compare_20261127113849.vis.db"

static gboolean
is_frozen_scroller (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_SCROLLED_WINDOW (widget) && gtk_widget_has_css_class (widget, "frozen-columns");
}

/* The grid a scrolled window of the panel scrolls. */
static GtkWidget *
scrolled_grid (GtkWidget *scroller)
{
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));

  return gtk_viewport_get_child (GTK_VIEWPORT (viewport));
}

/* No cell of @scroller's grid cut by the view's top edge (the titles' lower edge), nor by its
 * bottom edge: each is wholly out of view or wholly in it. */
static void
check_edges (GtkWidget  *scroller,
             const char *what)
{
  double height = gtk_widget_get_height (scroller);

  for (GtkWidget *cell = gtk_widget_get_first_child (scrolled_grid (scroller)); cell != NULL;
       cell = gtk_widget_get_next_sibling (cell))
    {
      graphene_rect_t bounds;
      double top, bottom;

      g_assert_true (gtk_widget_compute_bounds (cell, scroller, &bounds));
      top = bounds.origin.y;
      bottom = top + bounds.size.height;
      if (top < -0.5 && bottom > 0.5)
        g_error ("%s: \"%s\" is cut by the titles: %.1f to %.1f px", what,
                 gtk_label_get_text (GTK_LABEL (cell)), top, bottom);
      if (top < height - 0.5 && bottom > height + 0.5)
        g_error ("%s: \"%s\" is cut by the bottom edge at %.0f px: %.1f to %.1f px", what,
                 gtk_label_get_text (GTK_LABEL (cell)), height, top, bottom);
    }
}

/* Selects @id and checks the view; returns whether it had to scroll down to the worst line. */
static gboolean
check_pair (MsvisWindow *window,
            const char  *id)
{
  MsvisComparePanel *panel = msvis_window_test_compare_panel (window);
  GtkWidget *scroller = msvis_compare_panel_get_scroller (panel);
  GtkWidget *frozen = msvis_ui_test_find_widget (GTK_WIDGET (panel), is_frozen_scroller, NULL);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  GtkWidget *worst;
  graphene_rect_t bounds;
  g_autofree char *what = NULL;

  msvis_window_test_select_npu (window, id);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_panel_ready, panel, 5000));
  msvis_ui_test_spin (300);
  what = g_strdup_printf ("%s at %.0f of %.0f", id, gtk_adjustment_get_value (v),
                          gtk_adjustment_get_upper (v));
  g_assert_nonnull (frozen);
  check_edges (scroller, what);
  check_edges (frozen, what);
  /* The worst cell itself whole in view. */
  worst = msvis_compare_panel_get_worst_cell (panel);
  g_assert_nonnull (worst);
  g_assert_true (gtk_widget_compute_bounds (worst, scroller, &bounds));
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (scroller));
  return gtk_adjustment_get_value (v) > 0;
}

static void
check_file (const char *path)
{
  /* Items: relu 3 (worst its output), conv2d 7, conv1 4, linear 4, add 3. */
  const char *ids[] = { "Functional.relu.0.forward", "Functional.conv2d.0.forward",
                        "Module.conv1.Conv2d.forward.0", "Functional.relu.0.forward",
                        "Functional.linear.0.forward", "Tensor.__add__.0.forward",
                        "Functional.conv2d.0.forward" };
  MsvisWindow *window = msvis_window_test_open_sized (path, 1280, 720);
  guint scrolled = 0;

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    scrolled += check_pair (window, ids[i]);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "compare-panel-reveal-1280x720"));
  /* The case this is about: some worst lines were below the first ones. */
  g_assert_cmpuint (scrolled, >=, 2);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_no_line_cut (void)
{
  g_autofree char *july = NULL;
  g_autofree char *db = msvis_ui_test_reference_2026 (STAT_2026);

  if (!msvis_ui_test_require (JULY, &july))
    return;
  check_file (db);
  check_file (july);
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compare-panel-reveal/no-line-cut", test_no_line_cut);
  return g_test_run ();
}
