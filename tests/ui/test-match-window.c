// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "msvis-canvas-test-util.h"
#include "msvis-compare-view.h"
#include "msvis-test-util.h"
#include "msvis-visdb-diff.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-vis-reader.h"
#include "msvis-window.h"

/* Manual matching in the window: pick two grey nodes, match, save, reopen. */

static gboolean
offer_shown (gpointer window)
{
  return msvis_ui_test_find_label (window, "Match Tensor.view.1.forward with") != NULL;
}

static void
test_match_save_reopen (void)
{
  g_autofree char *path = NULL, *dir = msvis_test_make_dir ();
  g_autofree char *copy = g_build_filename (dir, "compare.vis", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(MsvisVisDocument) back = NULL;
  g_autoptr(GError) error = NULL;
  MsvisWindow *window;
  MsvisCompareView *view;
  MsvisGraph *npu, *bench;
  gsize length;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (copy, contents, length, NULL));
  file = g_file_new_for_path (copy);

  window = msvis_window_test_new (NULL, 1360, 860);
  msvis_window_test_open (window, file);
  view = msvis_window_test_compare_view (window);
  npu = msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (view, FALSE));
  bench = msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (view, TRUE));
  g_assert_cmpuint (msvis_ui_test_linked (npu, "Tensor.view.1.forward"), ==, MSVIS_NODE_ID_NONE);

  /* two grey nodes, one picked on each side */
  msvis_compare_view_select (view, FALSE, msvis_graph_lookup (npu, "Tensor.view.1.forward"));
  msvis_compare_view_select (view, TRUE, msvis_graph_lookup (bench, "Tensor.view.1.forward"));
  /* Both picks made: a toast names the pair, since the first pick is no longer selected. */
  g_assert_true (msvis_ui_test_spin_until (offer_shown, window, 5000));
  msvis_ui_test_spin (600);   /* the toast slides in */
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-match-offer"));
  msvis_ui_test_spin (200);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "match.link", NULL));
  msvis_ui_test_spin (400);
  g_assert_cmpuint (msvis_ui_test_linked (npu, "Tensor.view.1.forward"), ==,
                    msvis_graph_lookup (bench, "Tensor.view.1.forward"));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-matched"));

  /* undo, redo, save into the file itself */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "match.undo", NULL));
  g_assert_cmpuint (msvis_ui_test_linked (npu, "Tensor.view.1.forward"), ==, MSVIS_NODE_ID_NONE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "match.redo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "match.save", NULL));
  msvis_ui_test_spin (200);
  g_assert_cmpuint (msvis_test_count_files (dir), ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));

  back = msvis_vis_read (file, MSVIS_VIS_READ_DEFAULT, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (msvis_ui_test_linked (msvis_vis_document_get_npu (back),
                                          "Tensor.view.1.forward"), ==,
                    msvis_graph_lookup (msvis_vis_document_get_bench (back),
                                        "Tensor.view.1.forward"));
  g_assert_cmpstr (g_hash_table_lookup (msvis_vis_document_get_npu_match_nodes (back),
                                        "Tensor.view.1.forward"), ==,
                   "Tensor.view.1.forward");
  msvis_test_remove_tree (dir);
}

static MsvisWindow *
open_window (GFile *file)
{
  MsvisWindow *window = msvis_window_test_new (NULL, 1360, 860);

  msvis_window_test_open (window, file);
  return window;
}

/* A mindstudio-probe 26.0.0 file: matching a forward pair also matches its backward twin, as
 * the viewer's match button does (process_task_add), and the saved file has the rows that
 * button writes (tests/data/match-2026/fuzzy-button.vis.db); undo takes both back. */
static void
test_match_twin_2026 (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *source = msvis_test_data_path ("match-2026", "fuzzy-unmatched.vis.db");
  g_autofree char *expected = msvis_test_data_path ("match-2026", "fuzzy-button.vis.db");
  g_autofree char *copy = g_build_filename (dir, "run.vis.db", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GString) report = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  MsvisWindow *window;
  MsvisCompareView *view;
  MsvisGraph *npu, *bench;
  gsize length;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (copy, contents, length, NULL));
  file = g_file_new_for_path (copy);
  window = open_window (file);
  view = msvis_window_test_compare_view (window);
  npu = msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (view, FALSE));
  bench = msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (view, TRUE));
  g_assert_cmpuint (msvis_ui_test_linked (npu, "Functional.conv2d.1.backward"), ==,
                    MSVIS_NODE_ID_NONE);

  msvis_compare_view_select (view, FALSE, msvis_graph_lookup (npu, "Functional.conv2d.1.forward"));
  msvis_compare_view_select (view, TRUE,
                             msvis_graph_lookup (bench, "Functional.conv2d.1.forward"));
  msvis_ui_test_spin (200);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "match.link", NULL));
  msvis_ui_test_spin (400);
  g_assert_cmpuint (msvis_ui_test_linked (npu, "Functional.conv2d.1.forward"), ==,
                    msvis_graph_lookup (bench, "Functional.conv2d.1.forward"));
  g_assert_cmpuint (msvis_ui_test_linked (npu, "Functional.conv2d.1.backward"), ==,
                    msvis_graph_lookup (bench, "Functional.conv2d.1.backward"));
  g_assert_cmpuint (msvis_ui_test_linked (bench, "Functional.conv2d.1.backward"), ==,
                    msvis_graph_lookup (npu, "Functional.conv2d.1.backward"));

  /* one undo step for the pair and its twin */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "match.undo", NULL));
  g_assert_cmpuint (msvis_ui_test_linked (npu, "Functional.conv2d.1.backward"), ==,
                    MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (msvis_ui_test_linked (npu, "Functional.conv2d.1.forward"), ==,
                    MSVIS_NODE_ID_NONE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "match.redo", NULL));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "match.save", NULL));
  msvis_ui_test_spin (200);
  gtk_window_destroy (GTK_WINDOW (window));
  msvis_ui_test_spin (100);

  if (!msvis_visdb_compare (copy, expected, NULL, report, &error))
    g_error ("%s differs from %s: %s", copy, expected,
             error != NULL ? error->message : report->str);
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match-window/match-save-reopen", test_match_save_reopen);
  g_test_add_func ("/match-window/match-twin-2026", test_match_twin_2026);
  return g_test_run ();
}
