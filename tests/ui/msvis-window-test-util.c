// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-application.h"
#include "msvis-compare-panel.h"
#include "msvis-graph-job.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"

/* A document is shown and nothing is loading: what a test waits for after opening. */
gboolean
msvis_window_test_ready (gpointer window)
{
  return msvis_window_has_document (window) && !msvis_window_is_loading (window);
}

/* No load, build, export or report is running. */
gboolean
msvis_window_test_idle (gpointer window)
{
  return !msvis_window_is_loading (window);
}

static gboolean
is_compare_view (GtkWidget     *widget,
                 gconstpointer  data)
{
  return MSVIS_IS_COMPARE_VIEW (widget);
}

MsvisCompareView *
msvis_window_test_compare_view (MsvisWindow *window)
{
  return MSVIS_COMPARE_VIEW (msvis_ui_test_find_widget (GTK_WIDGET (window), is_compare_view,
                                                        NULL));
}

GtkApplication *
msvis_window_test_new_app (void)
{
  GApplication *app = G_APPLICATION (msvis_application_new ());
  g_autoptr(GError) error = NULL;

  /* Never hand the windows to an msvis the user is running. */
  g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
  g_application_register (app, NULL, &error);
  g_assert_no_error (error);
  return GTK_APPLICATION (app);
}

MsvisWindow *
msvis_window_test_new (GtkApplication *app,
                       int             width,
                       int             height)
{
  MsvisWindow *window = msvis_window_new (app);

  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

void
msvis_window_test_open (MsvisWindow *window,
                        GFile       *file)
{
  msvis_window_open (window, file);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_ready, window, 10000));
}

void
msvis_window_test_open_path (MsvisWindow *window,
                             const char  *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  msvis_window_test_open (window, file);
}

/* @kind: "build" or "compare", as the sample's JSON files are named. Returns: the result. */
char *
msvis_window_test_build_sample (const char *dir,
                                const char *kind,
                                gboolean    overflow_check)
{
  g_autofree char *json = g_strconcat (kind, ".json", NULL);
  g_autofree char *config_path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples",
                                                        json, NULL);
  g_autofree char *out = g_build_filename (dir, kind, NULL);
  MsvisGraphJob job = { 0 };
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;

  job.config_path = config_path;
  job.output_dir = out;
  job.overflow_check = overflow_check;
  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 1);
  return g_strdup (g_ptr_array_index (written, 0));
}

char *
msvis_window_test_make_sample_dir (const char *name)
{
  g_autofree char *template = g_strdup_printf ("msvis-%s-XXXXXX", name);
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp (template, &error);

  g_assert_no_error (error);
  return dir;
}

void
msvis_window_test_finish (GtkApplication **app,
                          char           **sample_dir)
{
  if (*sample_dir != NULL)
    msvis_test_remove_tree (*sample_dir);
  g_clear_pointer (sample_dir, g_free);
  g_clear_object (app);
}

/* A window of at least @width × @height, not merely its default size, which GTK keeps within
 * the screen (CI's is 1280 wide), with the result at @path opened. */
MsvisWindow *
msvis_window_test_open_sized (const char *path,
                              int         width,
                              int         height)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MsvisWindow *window = msvis_window_new (NULL);

  gtk_widget_set_size_request (GTK_WIDGET (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  msvis_window_test_open (window, file);
  msvis_ui_test_spin (300);
  return window;
}

static gboolean
is_compare_panel (GtkWidget     *widget,
                  gconstpointer  data)
{
  return MSVIS_IS_COMPARE_PANEL (widget);
}

MsvisComparePanel *
msvis_window_test_compare_panel (MsvisWindow *window)
{
  GtkWidget *panel = msvis_ui_test_find_widget (GTK_WIDGET (window), is_compare_panel, NULL);

  g_assert_nonnull (panel);
  return MSVIS_COMPARE_PANEL (panel);
}

gboolean
msvis_window_test_panel_ready (gpointer panel)
{
  return msvis_compare_panel_is_ready (panel);
}

void
msvis_window_test_select_npu (MsvisWindow *window,
                              const char  *id)
{
  MsvisCompareView *view = msvis_window_test_compare_view (window);
  MsvisGraphCanvas *npu = msvis_compare_view_get_canvas (view, FALSE);
  MsvisNodeId node = msvis_graph_lookup (msvis_graph_canvas_get_graph (npu), id);

  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  msvis_compare_view_select (view, FALSE, node);
}
