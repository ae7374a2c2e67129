// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "msvis-compare-view.h"
#include "msvis-export-dialog.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* Export Picture and Export Report from the window: the dialog, what it says about the size,
 * the files written, and a name that is taken. */

static gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  title)
{
  return ADW_IS_PREFERENCES_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

static MsvisWindow *
open_window (const char *path)
{
  MsvisWindow *window = msvis_window_test_new (NULL, 1360, 860);

  msvis_window_test_open_path (window, path);
  msvis_ui_test_spin (500);
  return window;
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static MsvisExportDialog *
open_dialog (MsvisWindow *window)
{
  GtkWindow *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL));
  dialog = msvis_ui_test_find_toplevel (MSVIS_TYPE_EXPORT_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_is_mapped, dialog, 10000));
  return MSVIS_EXPORT_DIALOG (dialog);
}

static void
test_export_picture (void)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *svg = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisWindow *window;
  MsvisExportDialog *dialog;
  MsvisCompareView *view;
  AdwActionRow *size_row;
  GtkWidget *format_row;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  window = open_window (path);
  view = msvis_window_test_compare_view (window);
  msvis_graph_canvas_expand_all (msvis_compare_view_get_canvas (view, FALSE));
  msvis_graph_canvas_expand_all (msvis_compare_view_get_canvas (view, TRUE));
  msvis_ui_test_spin (800);

  dialog = open_dialog (window);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (dialog), "export-dialog"));
  size_row = ADW_ACTION_ROW (msvis_ui_test_find_widget (GTK_WIDGET (dialog), is_row_titled,
                                                        "Size"));
  format_row = msvis_ui_test_find_widget (GTK_WIDGET (dialog), is_row_titled, "_Format");
  g_assert_nonnull (size_row);
  g_assert_nonnull (format_row);
  /* The size is said before anything is written: pixels for a PNG, points for an SVG. */
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (size_row), "pixels"));
  adw_combo_row_set_selected (ADW_COMBO_ROW (format_row), MSVIS_EXPORT_SVG);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (size_row), "pt"));
  g_assert_cmpint (msvis_export_dialog_get_format (dialog), ==, MSVIS_EXPORT_SVG);

  dir = g_dir_make_tmp ("msvis-export-window-XXXXXX", NULL);
  svg = g_build_filename (dir, "picture.svg", NULL);
  file = g_file_new_for_path (svg);
  /* What the dialog does after its file chooser (which a test cannot drive). */
  g_signal_emit_by_name (dialog, "export-requested", file, FALSE);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_idle, window, 30000));
  text = read_text (svg);
  g_assert_true (g_str_has_prefix (text, "<?xml"));
  g_assert_nonnull (strstr (text, "<svg"));
  /* Both sides, with the title and the legend: more than one heading's worth of drawing. */
  g_assert_cmpuint (strlen (text), >, 20000);
  msvis_ui_test_spin (600);   /* the toast slides in */
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "export-window-toast"));

  g_unlink (svg);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A name that is taken, and not agreed to be replaced, is an error; the file stays. */
static void
test_export_refuses_existing (void)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *png = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisWindow *window;
  MsvisExportDialog *dialog;
  GtkWindow *message;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  window = open_window (path);
  dir = g_dir_make_tmp ("msvis-export-window-XXXXXX", NULL);
  png = g_build_filename (dir, "taken.png", NULL);
  g_assert_true (g_file_set_contents (png, "mine", -1, NULL));
  file = g_file_new_for_path (png);

  dialog = open_dialog (window);
  adw_combo_row_set_selected (ADW_COMBO_ROW (msvis_ui_test_find_widget (GTK_WIDGET (dialog),
                                                                       is_row_titled,
                                                                       "_Format")),
                              MSVIS_EXPORT_PNG);
  g_signal_emit_by_name (dialog, "export-requested", file, FALSE);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_idle, window, 30000));
  message = msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (message);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_is_mapped, message, 10000));
  text = read_text (png);
  g_assert_cmpstr (text, ==, "mine");
  gtk_window_destroy (message);

  g_unlink (png);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_export_report (void)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *html = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisWindow *window;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  window = open_window (path);
  dir = g_dir_make_tmp ("msvis-export-window-XXXXXX", NULL);
  html = g_build_filename (dir, "report.html", NULL);
  file = g_file_new_for_path (html);
  msvis_window_export_report (window, file, FALSE);
  g_assert_true (msvis_window_is_loading (window));
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_idle, window, 60000));
  g_assert_null (msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  text = read_text (html);
  /* The window names a run by its family, without the extension. */
  g_assert_nonnull (strstr (text, "<h1>compare_20261121191907</h1>"));
  /* Pictures of the worst nodes, each ringed. */
  g_assert_nonnull (strstr (text, "data:image/svg+xml"));

  g_unlink (html);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/export-window/picture", test_export_picture);
  g_test_add_func ("/export-window/refuses-existing", test_export_refuses_existing);
  g_test_add_func ("/export-window/report", test_export_report);

  return g_test_run ();
}
