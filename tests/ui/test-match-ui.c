// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "msvis-compare-view.h"
#include "msvis-match-panel.h"
#include "msvis-node-menu.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* Manual matching as a user meets it (issue 26): the first pick stays outlined, the title
 * says what is unsaved, Save keeps the file's mode, closing is clean, each side lists what is
 * unmatched; and the node menu. */

#define STAT "cmp_stat/compare_20261121191907.vis"
#define NAME "Tensor.view.1.forward"

typedef struct
{
  char        *dir;
  char        *copy;
  MsvisWindow *window;
  MsvisCompareView *view;
  MsvisGraph  *npu;
  MsvisGraph  *bench;
} Fixture;

static gboolean
open_copy (Fixture *f,
           guint    mode)
{
  g_autofree char *path = NULL, *contents = NULL;
  g_autoptr(GFile) file = NULL;
  gsize length;

  if (!msvis_ui_test_require (STAT, &path))
    return FALSE;
  f->dir = msvis_test_make_dir ();
  f->copy = g_build_filename (f->dir, "compare.vis", NULL);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (f->copy, contents, length, NULL));
  g_assert_cmpint (g_chmod (f->copy, mode), ==, 0);
  file = g_file_new_for_path (f->copy);

  f->window = msvis_window_test_new (NULL, 1280, 720);
  msvis_window_test_open (f->window, file);
  f->view = msvis_window_test_compare_view (f->window);
  f->npu = msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (f->view, FALSE));
  f->bench = msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (f->view, TRUE));
  return TRUE;
}

static void
fixture_clear (Fixture *f)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  msvis_ui_test_spin (100);
  if (f->dir != NULL)
    msvis_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->copy);
}

static void
pick_pair (Fixture *f)
{
  msvis_compare_view_select (f->view, FALSE, msvis_graph_lookup (f->npu, NAME));
  msvis_compare_view_select (f->view, TRUE, msvis_graph_lookup (f->bench, NAME));
  msvis_ui_test_spin (100);
}

static gboolean
is_match_panel (GtkWidget     *widget,
                gconstpointer  data)
{
  return MSVIS_IS_MATCH_PANEL (widget);
}

/* Picking on the Bench side took the NPU pick's selection away, and with it any sign of it. */
static void
test_pick_keeps_mark (void)
{
  Fixture f = { 0 };
  MsvisGraphCanvas *npu_canvas;

  if (!open_copy (&f, 0644))
    return;
  npu_canvas = msvis_compare_view_get_canvas (f.view, FALSE);
  pick_pair (&f);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (npu_canvas), !=,
                    msvis_graph_lookup (f.npu, NAME));
  g_assert_cmpuint (msvis_graph_canvas_get_marked (npu_canvas), ==,
                    msvis_graph_lookup (f.npu, NAME));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (f.window), "match-pick-marked"));
  /* Matched: nothing waits any more. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "match.link", NULL));
  msvis_ui_test_spin (200);
  g_assert_cmpuint (msvis_graph_canvas_get_marked (npu_canvas), ==, MSVIS_NODE_ID_NONE);
  fixture_clear (&f);
}

static void
test_title_and_mode (void)
{
  Fixture f = { 0 };
  GStatBuf st;

  if (!open_copy (&f, 0644))
    return;
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f.window)), "•"));
  pick_pair (&f);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "match.link", NULL));
  msvis_ui_test_spin (100);
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f.window)), "• "));
  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (f.window), "• "));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "match.save", NULL));
  msvis_ui_test_spin (200);
  g_assert_false (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (f.window)), "•"));
  g_assert_cmpint (g_stat (f.copy, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);

  /* Closing the window the user's way after a Save: no GLib CRITICAL (fatal in tests). */
  gtk_window_close (GTK_WINDOW (f.window));
  msvis_ui_test_spin (500);
  f.window = NULL;
  fixture_clear (&f);
}

static void
test_unmatched_lists (void)
{
  Fixture f = { 0 };
  MsvisMatchPanel *panel;
  guint npu_before, bench_before;
  GtkWidget *check;

  if (!open_copy (&f, 0644))
    return;
  panel = MSVIS_MATCH_PANEL (msvis_ui_test_find_widget (GTK_WIDGET (f.window), is_match_panel,
                                                         NULL));
  g_assert_nonnull (panel);
  npu_before = msvis_match_panel_get_n_unmatched (panel, FALSE);
  bench_before = msvis_match_panel_get_n_unmatched (panel, TRUE);
  g_assert_cmpuint (npu_before, >, 0);
  g_assert_cmpuint (bench_before, >, 0);

  /* A row is a pick on its side, and the page stays in front. */
  g_signal_emit_by_name (panel, "node-activated", FALSE, msvis_graph_lookup (f.npu, NAME));
  g_signal_emit_by_name (panel, "node-activated", TRUE, msvis_graph_lookup (f.bench, NAME));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  msvis_ui_test_spin (300);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (f.window), "match-unmatched-lists"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "match.link", NULL));
  msvis_ui_test_spin (100);
  g_assert_cmpuint (msvis_match_panel_get_n_unmatched (panel, FALSE), ==, npu_before - 1);
  g_assert_cmpuint (msvis_match_panel_get_n_unmatched (panel, TRUE), ==, bench_before - 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "match.undo", NULL));
  g_assert_cmpuint (msvis_match_panel_get_n_unmatched (panel, FALSE), ==, npu_before);

  /* With Descendants shows its state where it is set. */
  check = msvis_ui_test_find_label (GTK_WIDGET (panel), "With descendants");
  g_assert_nonnull (check);
  check = gtk_widget_get_ancestor (check, GTK_TYPE_CHECK_BUTTON);
  g_assert_nonnull (check);
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "match.descendants", NULL));
  msvis_ui_test_spin (50);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (check)));
  fixture_clear (&f);
}

/* Whether the NPU side's "No unmatched nodes" stands in for its list (FALSE: the list shows). */
static gboolean
shows_none (MsvisMatchPanel *panel)
{
  GtkWidget *none = msvis_ui_test_find_label (GTK_WIDGET (panel), "No unmatched nodes");

  g_assert_nonnull (none);
  return gtk_widget_get_child_visible (none);
}

/* A compare with every node matched said so with two blank white boxes. */
static void
test_nothing_unmatched (void)
{
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisMatchPanel *panel;

  if (!msvis_ui_test_require ("cmp_pt_tensor/compare_20261121193907.vis", &path))
    return;
  window = msvis_window_test_new (NULL, 1280, 720);
  msvis_window_test_open_path (window, path);
  panel = MSVIS_MATCH_PANEL (msvis_ui_test_find_widget (GTK_WIDGET (window), is_match_panel,
                                                         NULL));
  g_assert_nonnull (panel);
  g_assert_cmpuint (msvis_match_panel_get_n_unmatched (panel, FALSE), ==, 0);
  g_assert_cmpuint (msvis_match_panel_get_n_unmatched (panel, TRUE), ==, 0);
  g_assert_true (shows_none (panel));
  gtk_window_destroy (GTK_WINDOW (window));

  /* With nodes to list, the list. */
  g_clear_pointer (&path, g_free);
  g_assert_true (msvis_ui_test_require (STAT, &path));
  window = msvis_window_test_new (NULL, 1280, 720);
  msvis_window_test_open_path (window, path);
  panel = MSVIS_MATCH_PANEL (msvis_ui_test_find_widget (GTK_WIDGET (window), is_match_panel,
                                                         NULL));
  g_assert_cmpuint (msvis_match_panel_get_n_unmatched (panel, FALSE), >, 0);
  g_assert_false (shows_none (panel));
  gtk_window_destroy (GTK_WINDOW (window));
  msvis_ui_test_spin (100);
}

static gboolean
is_popover (GtkWidget     *widget,
            gconstpointer  data)
{
  return GTK_IS_POPOVER (widget);
}

static gboolean
model_has (GMenuModel *model,
           const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      GMenuModel *section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (section != NULL)
        {
          gboolean found = model_has (section, action);

          g_object_unref (section);
          if (found)
            return TRUE;
        }
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_str_equal (name, action))
        return TRUE;
    }
  return FALSE;
}

static guint
count_expanded (MsvisGraphCanvas *canvas,
                MsvisGraph       *graph)
{
  guint n = 0;

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    n += msvis_graph_canvas_is_expanded (canvas, node) && node != msvis_graph_get_root (graph);
  return n;
}

static guint
count_containers (MsvisGraph *graph)
{
  guint n = 0;

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    n += msvis_graph_node_get_n_children (graph, node) > 0 && node != msvis_graph_get_root (graph);
  return n;
}

static void
test_node_menu (void)
{
  Fixture f = { 0 };
  MsvisGraphCanvas *canvas;
  MsvisNodeId node;
  g_autofree char *copied = NULL;
  GMenuModel *model;

  if (!open_copy (&f, 0644))
    return;
  canvas = msvis_compare_view_get_canvas (f.view, FALSE);
  model = msvis_node_menu_get_model (canvas);
  g_assert_nonnull (model);
  for (guint i = 0; i < 6; i++)
    g_assert_true (model_has (model, (const char *[]) { "win.goto-counterpart",
                                                        "node.expand-errors", "match.link",
                                                        "match.unlink", "node.copy-name",
                                                        "node.copy-stack" }[i]));

  msvis_compare_view_select (f.view, FALSE, msvis_graph_lookup (f.npu, NAME));
  msvis_ui_test_spin (300);
  node = msvis_graph_lookup (f.npu, NAME);
  /* Towards the canvas's right end: its left may be under the other pane at this size. */
  g_assert_true (msvis_node_menu_popup (canvas, node,
                                       gtk_widget_get_width (GTK_WIDGET (canvas)) - 60, 100));
  msvis_ui_test_spin (300);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (f.window), "node-menu"));
  {
    GtkWidget *popover = msvis_ui_test_find_widget (GTK_WIDGET (canvas), is_popover, NULL);

    g_assert_nonnull (popover);
    g_assert_true (gtk_widget_get_mapped (popover));
    gtk_popover_popdown (GTK_POPOVER (popover));
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (canvas), "node.copy-name", NULL));
  copied = msvis_ui_test_dup_clipboard_text (GTK_WIDGET (canvas));
  g_assert_cmpstr (copied, ==, NAME);

  /* Expand to Errors from the root opens containers down to the coloured leaves only. */
  msvis_graph_canvas_collapse_all (canvas);
  msvis_ui_test_spin (300);
  g_assert_cmpuint (count_expanded (canvas, f.npu), ==, 0);
  g_assert_cmpuint (msvis_node_menu_expand_to_errors (canvas, MSVIS_NODE_ID_NONE), >, 0);
  g_assert_cmpuint (count_expanded (canvas, f.npu), >, 0);
  g_assert_cmpuint (count_expanded (canvas, f.npu), <, count_containers (f.npu));
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match-ui/pick-keeps-mark", test_pick_keeps_mark);
  g_test_add_func ("/match-ui/title-and-mode", test_title_and_mode);
  g_test_add_func ("/match-ui/unmatched-lists", test_unmatched_lists);
  g_test_add_func ("/match-ui/nothing-unmatched", test_nothing_unmatched);
  g_test_add_func ("/match-ui/node-menu", test_node_menu);
  return g_test_run ();
}
