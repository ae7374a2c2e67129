// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "msvis-application.h"
#include "msvis-compare-view.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The whole window, as a user meets it: start page, open, select, errors. */

typedef struct
{
  MsvisWindow *window;
} Fixture;

static MsvisWindow *
new_window (void)
{
  MsvisWindow *window = msvis_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1360, 860);
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
test_start_page (void)
{
  MsvisWindow *window;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  window = new_window ();
  msvis_ui_test_spin (200);
  g_assert_false (msvis_window_has_document (window));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-start"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_open_compare (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisWindow *window;
  MsvisCompareView *view;
  MsvisGraphCanvas *npu;
  MsvisGraph *graph;
  MsvisNodeId node;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  window = new_window ();
  file = g_file_new_for_path (path);
  msvis_window_open (window, file);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_ready, window, 10000));
  view = msvis_window_test_compare_view (window);
  npu = msvis_compare_view_get_canvas (view, FALSE);
  msvis_ui_test_spin (300);

  /* Selecting a node shows its counterpart on the Bench side and the details. */
  graph = msvis_graph_canvas_get_graph (npu);
  node = msvis_graph_lookup (graph, "Module.fc.Linear.backward.0");
  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  msvis_compare_view_select (view, FALSE, node);
  msvis_ui_test_spin (600);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (msvis_compare_view_get_canvas (view, TRUE)),
                    !=, MSVIS_NODE_ID_NONE);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-compare"));

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  msvis_ui_test_spin (300);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-compare-dark"));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A broken file leaves what is open as it was. */
static void
test_open_error_keeps_document (void)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL, *broken = NULL;
  g_autoptr(GFile) file = NULL, bad = NULL;
  AdwMessageDialog *dialog;
  MsvisWindow *window;

  if (!msvis_ui_test_require ("build_single/build_20261121191905.vis", &path))
    return;
  window = new_window ();
  file = g_file_new_for_path (path);
  msvis_window_open (window, file);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_ready, window, 10000));

  dir = g_dir_make_tmp ("msvis-window-XXXXXX", NULL);
  broken = g_build_filename (dir, "broken.vis", NULL);
  g_assert_true (g_file_set_contents (broken, "{\"NPU\": {\"node\": {", -1, NULL));
  bad = g_file_new_for_path (broken);
  msvis_window_open (window, bad);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_idle, window, 10000));
  g_assert_true (msvis_window_has_document (window));
  msvis_ui_test_spin (300);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-error"));

  /* The error names the file and the place, in a dialog over the window. */
  dialog = ADW_MESSAGE_DIALOG (msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "broken.vis"));
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_is_mapped, dialog, 10000));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (dialog), "window-error-dialog"));
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_unlink (broken);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/window/start-page", test_start_page);
  g_test_add_func ("/window/open-compare", test_open_compare);
  g_test_add_func ("/window/open-error-keeps-document", test_open_error_keeps_document);

  return g_test_run ();
}
