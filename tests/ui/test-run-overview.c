// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "msvis-run-overview.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The rank × step overview (issue 25, item 5): a run of several graphs shows a grid of them,
 * each in its worst colour with its counts; a click opens that graph. */

#define STEPS "cmp_steps_oc/compare_20261127113906.vis.db"

static gboolean
is_overview (GtkWidget     *widget,
             gconstpointer  data)
{
  return MSVIS_IS_RUN_OVERVIEW (widget);
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static gboolean
overview_ready (gpointer overview)
{
  return msvis_run_overview_is_ready (overview);
}

static gboolean
is_window_title (GtkWidget     *widget,
                 gconstpointer  data)
{
  return ADW_IS_WINDOW_TITLE (widget);
}

typedef struct
{
  GtkWidget  *window;
  const char *wanted;
} Subtitle;

static gboolean
subtitle_says (gpointer data)
{
  Subtitle *s = data;
  AdwWindowTitle *title = ADW_WINDOW_TITLE (msvis_ui_test_find_widget (s->window,
                                                                       is_window_title, NULL));

  return !msvis_window_is_loading (MSVIS_WINDOW (s->window))
         && strstr (adw_window_title_get_subtitle (title), s->wanted) != NULL;
}

static void
test_grid_and_click (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "reference-2026", "out",
                                                 STEPS, NULL);
  g_autoptr(GFile) file = NULL;
  MsvisWindow *window;
  MsvisRunOverview *overview;
  GtkWidget *cell, *button;
  const char *tooltip;
  Subtitle subtitle;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("%s: the fixture is missing (tests/data/reference-2026)", path);
  window = msvis_window_test_new (NULL, 1280, 800);
  file = g_file_new_for_path (path);
  msvis_window_test_open (window, file);
  overview = MSVIS_RUN_OVERVIEW (msvis_ui_test_find_widget (GTK_WIDGET (window), is_overview,
                                                            NULL));
  g_assert_nonnull (overview);
  g_assert_true (msvis_ui_test_spin_until (overview_ready, overview, 10000));
  /* Its button shows for a run of several graphs. */
  button = gtk_widget_get_ancestor (GTK_WIDGET (overview), GTK_TYPE_POPOVER);
  g_assert_nonnull (button);
  button = gtk_widget_get_parent (button);
  g_assert_true (GTK_IS_MENU_BUTTON (button));
  g_assert_true (gtk_widget_get_visible (button));
  /* The popover can close again while the window settles (the toolbar re-fits its buttons
   * once it has its width): open it until it shows, so that the grid has frames to draw. */
  for (guint tries = 0; tries < 5 && !gtk_widget_get_mapped (GTK_WIDGET (overview)); tries++)
    {
      gtk_menu_button_popup (GTK_MENU_BUTTON (button));
      msvis_ui_test_spin_until (is_mapped, overview, 2000);
    }
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (overview)));
  msvis_ui_test_spin (300);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-run-overview"));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (overview), "run-overview-grid"));

  /* Two steps by two ranks, each cell says its graph and its counts. */
  g_assert_nonnull (msvis_run_overview_get_cell (overview, 0, 0));
  g_assert_nonnull (msvis_run_overview_get_cell (overview, 0, 1));
  cell = msvis_run_overview_get_cell (overview, 1, 0);
  g_assert_nonnull (cell);
  tooltip = gtk_widget_get_tooltip_text (cell);
  g_assert_nonnull (strstr (tooltip, "Step 1, rank 0"));
  g_assert_nonnull (strstr (tooltip, "divergent"));

  g_signal_emit_by_name (cell, "clicked");
  g_assert_false (gtk_widget_get_visible (
    GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)))));
  subtitle = (Subtitle) { GTK_WIDGET (window), "step 1" };
  g_assert_true (msvis_ui_test_spin_until (subtitle_says, &subtitle, 10000));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A run of one graph has no overview to offer. */
static void
test_single_graph (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisWindow *window;
  GtkWidget *overview;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  window = msvis_window_test_new (NULL, 0, 0);
  file = g_file_new_for_path (path);
  msvis_window_test_open (window, file);
  overview = msvis_ui_test_find_widget (GTK_WIDGET (window), is_overview, NULL);
  g_assert_false (gtk_widget_get_visible (
    gtk_widget_get_parent (gtk_widget_get_ancestor (overview, GTK_TYPE_POPOVER))));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/run-overview/grid-and-click", test_grid_and_click);
  g_test_add_func ("/run-overview/single-graph", test_single_graph);
  return g_test_run ();
}
