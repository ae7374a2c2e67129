// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>

#include "msvis-canvas-test-util.h"
#include "msvis-compare-panel.h"
#include "msvis-node-details.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The comparison panel's cells as a reader sees them: a .vis.db's floats with their exponent,
 * the table opened at a column's edge, the horizontal scrollbar in a line of its own, every
 * column title whole. The same cmp_stat compare in both eras: July's .vis and msprobe 26's
 * .vis.db. */

#define JULY      "cmp_stat/compare_20261121191907.vis"
#define STAT_2026 "cmp_stat/compare_20261127113849.vis.db"

static gboolean
is_details (GtkWidget     *widget,
            gconstpointer  data)
{
  return MSVIS_IS_NODE_DETAILS (widget);
}

/* Selects @id (NULL: the first divergence) and waits for the panel's table. */
static MsvisComparePanel *
select_node (MsvisWindow *window,
             const char  *id)
{
  MsvisComparePanel *panel = msvis_window_test_compare_panel (window);

  if (id == NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.first-divergence", NULL);
  else
    msvis_window_test_select_npu (window, id);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_panel_ready, panel, 5000));
  msvis_ui_test_spin (300);
  return panel;
}

/* The grid of the columns right of Name and Side. */
static GtkWidget *
cells_grid (MsvisComparePanel *panel)
{
  GtkWidget *viewport = gtk_scrolled_window_get_child (
    GTK_SCROLLED_WINDOW (msvis_compare_panel_get_scroller (panel)));

  return gtk_viewport_get_child (GTK_VIEWPORT (viewport));
}

static gboolean
is_label_text (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

/* conv2d's Min diff, -7.700920104980469e-05: July's file says "-7.700920e-05"; the .vis.db's
 * seventeen digits were cut at the column's end ("-7.7009201049…"). */
static void
check_min_diff (const char *path,
                gboolean    db)
{
  MsvisWindow *window = msvis_window_test_open_sized (path, 1600, 1000);
  MsvisComparePanel *panel = select_node (window, "Functional.conv2d.0.forward");
  GtkWidget *cell = msvis_ui_test_find_widget (GTK_WIDGET (panel), is_label_text,
                                               "-7.700920e-05");
  GtkWidget *details;
  g_autofree char *copied = NULL;

  g_assert_nonnull (cell);
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (cell))));
  /* The file's text whole in the tooltip, and in what Copy puts on the clipboard. */
  g_assert_cmpstr (gtk_widget_get_tooltip_text (cell), ==,
                   db ? "-7.700920104980469e-05" : "-7.700920e-05");
  g_assert_nonnull (msvis_ui_test_find_widget (GTK_WIDGET (panel), is_label_text, "0.000746"));
  details = msvis_ui_test_find_widget (GTK_WIDGET (window), is_details, NULL);
  g_assert_nonnull (details);
  g_assert_true (gtk_widget_activate_action (details, "details.copy-table", NULL));
  copied = msvis_ui_test_dup_clipboard_text (details);
  g_assert_nonnull (strstr (copied, db ? "\t-7.700920104980469e-05\t" : "\t-7.700920e-05\t"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_floats_keep_exponent (void)
{
  g_autofree char *july = NULL;
  g_autofree char *db = msvis_ui_test_reference_2026 (STAT_2026);

  if (!msvis_ui_test_require (JULY, &july))
    return;
  check_min_diff (db, TRUE);
  check_min_diff (july, FALSE);
}

static gboolean
is_column_title (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "column-title");
}

/* The columns right of Name and Side: each column's title spans the column. */
static void
check_columns_whole (MsvisComparePanel *panel)
{
  GtkWidget *scroller = msvis_compare_panel_get_scroller (panel);
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));
  GtkWidget *worst = msvis_compare_panel_get_worst_cell (panel);
  double page = gtk_adjustment_get_page_size (h), middle;
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();
  graphene_rect_t bounds, title_bounds;
  gboolean titled = FALSE;

  g_assert_nonnull (worst);
  g_assert_true (gtk_widget_compute_bounds (worst, scroller, &bounds));
  middle = bounds.origin.x + bounds.size.width / 2;
  msvis_ui_test_collect_widgets (GTK_WIDGET (panel), is_column_title, NULL, titles);
  /* No column cut at the left edge, next to Name and Side; the worst one's title found. */
  for (guint i = 0; i < titles->len; i++)
    {
      g_assert_true (gtk_widget_compute_bounds (g_ptr_array_index (titles, i), scroller,
                                                &title_bounds));
      g_assert_false (title_bounds.origin.x < -0.5
                      && title_bounds.origin.x + title_bounds.size.width > 0.5);
      if (title_bounds.origin.x <= middle
          && middle <= title_bounds.origin.x + title_bounds.size.width)
        {
          graphene_rect_union (&bounds, &title_bounds, &bounds);
          titled = TRUE;
        }
    }
  g_assert_true (titled);
  /* Opened at the left unless the worst column needs otherwise. */
  if (bounds.origin.x + gtk_adjustment_get_value (h) + bounds.size.width <= page)
    g_assert_cmpfloat (gtk_adjustment_get_value (h), ==, 0);
  /* The worst column and its title whole in view. */
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, page);
}

static void
check_opens_left (const char *path,
                  int         width,
                  const char *node)
{
  MsvisWindow *window = msvis_window_test_open_sized (path, width, 800);
  MsvisComparePanel *panel = select_node (window, NULL);

  check_columns_whole (panel);
  /* Another pair opens at its own worst column, not where the last one was scrolled to. */
  panel = select_node (window, node);
  check_columns_whole (panel);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_opens_at_column_edge (void)
{
  g_autofree char *july = NULL;
  g_autofree char *db = msvis_ui_test_reference_2026 (STAT_2026);
  const int widths[] = { 1000, 1280, 1440 };

  if (!msvis_ui_test_require (JULY, &july))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      check_opens_left (db, widths[i], "Functional.conv2d.0.forward");
      check_opens_left (july, widths[i], "Functional.conv2d.0.forward");
    }
}

static gboolean
is_hscrollbar (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_SCROLLBAR (widget) && gtk_widget_get_mapped (widget)
         && gtk_orientable_get_orientation (GTK_ORIENTABLE (widget)) == GTK_ORIENTATION_HORIZONTAL;
}

/* At 1280×720 a pair of two items (four lines) shows whole: its last line is not under the
 * horizontal scrollbar, and nothing scrolls vertically. */
static void
check_scrollbar_below (const char *path)
{
  MsvisWindow *window = msvis_window_test_open_sized (path, 1280, 720);
  MsvisComparePanel *panel = select_node (window, "Torch.sum.0.forward");
  GtkWidget *scroller = msvis_compare_panel_get_scroller (panel);
  GtkWidget *cells = cells_grid (panel);
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  GtkWidget *bar = msvis_ui_test_find_widget (GTK_WIDGET (panel), is_hscrollbar, NULL);
  graphene_rect_t last, bar_bounds, view;

  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "compare-panel-scrollbar-1280x720"));
  /* Wider than the window: there is something to scroll. */
  g_assert_nonnull (bar);
  g_assert_true (gtk_widget_compute_bounds (bar, GTK_WIDGET (panel), &bar_bounds));
  g_assert_cmpfloat (gtk_adjustment_get_upper (v), <=, gtk_adjustment_get_page_size (v) + 1);
  /* The last line: output.0 Bench, in the first column of values. */
  g_assert_true (gtk_widget_compute_bounds (gtk_grid_get_child_at (GTK_GRID (cells), 0, 3),
                                            GTK_WIDGET (panel), &last));
  g_assert_true (gtk_widget_compute_bounds (scroller, GTK_WIDGET (panel), &view));
  g_assert_cmpfloat (last.origin.y + last.size.height, <=, bar_bounds.origin.y);
  g_assert_cmpfloat (last.origin.y + last.size.height, <=, view.origin.y + view.size.height);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_scrollbar_own_line (void)
{
  g_autofree char *july = NULL;
  g_autofree char *db = msvis_ui_test_reference_2026 (STAT_2026);

  if (!msvis_ui_test_require (JULY, &july))
    return;
  check_scrollbar_below (db);
  check_scrollbar_below (july);
}

/* At 1600 px every title reads whole: none ends in an ellipsis ("MaxRelativ…"). */
static void
check_titles (const char *path)
{
  MsvisWindow *window = msvis_window_test_open_sized (path, 1600, 1000);
  MsvisComparePanel *panel = select_node (window, "Functional.conv2d.0.forward");
  g_autoptr(GPtrArray) titles = g_ptr_array_new ();
  gboolean relative = FALSE;

  msvis_ui_test_collect_widgets (GTK_WIDGET (panel), is_column_title, NULL, titles);
  g_assert_cmpuint (titles->len, >=, 14);
  for (guint i = 0; i < titles->len; i++)
    {
      GtkLabel *label = g_ptr_array_index (titles, i);
      int width;

      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
      pango_layout_get_pixel_size (gtk_label_get_layout (label), &width, NULL);
      g_assert_cmpint (width, <=, gtk_widget_get_width (GTK_WIDGET (label)));
      if (strstr (gtk_label_get_text (label), "Relative") != NULL)
        relative = TRUE;
    }
  g_assert_true (relative);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_titles_whole (void)
{
  g_autofree char *july = NULL;
  g_autofree char *db = msvis_ui_test_reference_2026 (STAT_2026);

  if (!msvis_ui_test_require (JULY, &july))
    return;
  check_titles (db);
  check_titles (july);
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compare-panel-cells/floats-keep-exponent", test_floats_keep_exponent);
  g_test_add_func ("/compare-panel-cells/opens-at-column-edge", test_opens_at_column_edge);
  g_test_add_func ("/compare-panel-cells/scrollbar-own-line", test_scrollbar_own_line);
  g_test_add_func ("/compare-panel-cells/titles-whole", test_titles_whole);
  return g_test_run ();
}
