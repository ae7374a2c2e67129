// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "msvis-compare-view.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* Expand to Errors (Ctrl+Shift+D) on a large compare opened hundreds of containers and left
 * nothing selected and nothing said: now the first divergent node is selected and a toast
 * counts them. */

#define STAT "cmp_stat/compare_20261121191907.vis"

typedef struct
{
  GtkWidget  *root;
  const char *needle;
} Said;

static gboolean
toast_says (gpointer data)
{
  Said *s = data;

  return msvis_ui_test_find_label (s->root, s->needle) != NULL;
}

static void
test_expand_errors_feedback (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *count = NULL;
  MsvisWindow *window;
  MsvisCompareView *view;
  MsvisGraphCanvas *npu;
  guint n;
  Said said;

  if (!msvis_ui_test_require (STAT, &path))
    return;
  window = msvis_window_test_new (NULL, 1280, 720);
  file = g_file_new_for_path (path);
  msvis_window_test_open (window, file);
  view = msvis_window_test_compare_view (window);
  npu = msvis_compare_view_get_canvas (view, FALSE);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (npu), ==, MSVIS_NODE_ID_NONE);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.expand-errors", NULL));
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_idle, window, 10000));
  msvis_ui_test_spin (300);

  /* What it opened the paths to: the first of them selected, on both sides. */
  g_assert_cmpuint (msvis_graph_canvas_get_first_divergent (npu), !=, MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (npu), ==,
                    msvis_graph_canvas_get_first_divergent (npu));
  n = msvis_graph_canvas_expand_to_errors (npu);
  g_assert_cmpuint (n, >, 0);
  count = g_strdup_printf ("%u divergent node", n);
  said = (Said) { GTK_WIDGET (window), count };
  g_assert_true (msvis_ui_test_spin_until (toast_says, &said, 3000));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-expand-errors"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/expand-errors-window/feedback", test_expand_errors_feedback);
  return g_test_run ();
}
