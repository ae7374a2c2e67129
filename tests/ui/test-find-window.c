// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "msvis-compare-panel.h"
#include "msvis-find-panel.h"
#include "msvis-node-details.h"
#include "msvis-node-menu.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* Issue 25's leftovers in the whole window: the sidebar's details without the table the
 * comparison panel shows, Find following the graph's micro step, and the node menu's peer
 * ranks in their own graphs' colours. */

#define STAT  "cmp_stat/compare_20261121191907.vis"
#define RANK0 "cmp_ranks/compare_rank0_20261121191933.vis"

static MsvisWindow *
open_window (const char *path)
{
  MsvisWindow *window = msvis_window_test_new (NULL, 1280, 800);

  msvis_window_test_open_path (window, path);
  msvis_ui_test_spin (300);
  return window;
}

static gboolean
is_type (GtkWidget     *widget,
         gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (data));
}

static GtkWidget *
find_type (MsvisWindow *window,
           GType        type)
{
  return msvis_ui_test_find_widget (GTK_WIDGET (window), is_type, GSIZE_TO_POINTER (type));
}

static MsvisGraphCanvas *
npu_canvas (MsvisWindow *window)
{
  return msvis_compare_view_get_canvas (msvis_window_test_compare_view (window), FALSE);
}

static void
select_named (MsvisWindow *window,
              const char  *name)
{
  msvis_window_test_select_npu (window, name);
}

static gboolean
panel_ready (gpointer panel)
{
  return msvis_compare_panel_is_ready (panel);
}

static gboolean
is_mapped_column_view (GtkWidget     *widget,
                       gconstpointer  data)
{
  return GTK_IS_COLUMN_VIEW (widget) && gtk_widget_get_mapped (widget);
}

/* Item 5: the table is in the comparison panel only; the sidebar keeps the header, the call
 * stack and Copy; a node without items says so in the panel, as the sidebar's table did. */
static void
test_details_without_table (void)
{
  g_autofree char *path = NULL;
  MsvisWindow *window;
  GtkWidget *details, *panel, *copy;

  if (!msvis_ui_test_require (STAT, &path))
    return;
  window = open_window (path);
  details = find_type (window, MSVIS_TYPE_NODE_DETAILS);
  panel = find_type (window, MSVIS_TYPE_COMPARE_PANEL);
  gtk_stack_set_visible_child (GTK_STACK (gtk_widget_get_parent (details)), details);

  select_named (window, "Tensor.__add__.0.forward");
  g_assert_true (msvis_ui_test_spin_until (panel_ready, panel, 5000));
  msvis_ui_test_spin (300);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-details-no-table"));
  g_assert_true (msvis_ui_test_is_mapped (msvis_compare_panel_get_worst_cell (
                                            MSVIS_COMPARE_PANEL (panel))));
  g_assert_null (msvis_ui_test_find_widget (details, is_mapped_column_view, NULL));
  g_assert_true (msvis_ui_test_is_mapped (msvis_ui_test_find_label (details, "Call Stack")));
  copy = msvis_ui_test_find_widget (details, msvis_ui_test_has_css_class, "flat");
  g_assert_nonnull (copy);
  g_assert_true (gtk_widget_get_mapped (copy));

  /* The root has no inputs or outputs. */
  select_named (window, "DefaultModel");
  g_assert_true (msvis_ui_test_spin_until (panel_ready, panel, 5000));
  msvis_ui_test_spin (200);
  g_assert_true (msvis_ui_test_is_mapped (msvis_ui_test_find_label (panel,
                                                                    "No Inputs or Outputs")));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_micro_step_chooser (GtkWidget     *widget,
                       gconstpointer  data)
{
  return GTK_IS_DROP_DOWN (widget) &&
         g_strcmp0 (gtk_widget_get_tooltip_text (widget),
                    "Show the top-level nodes of one micro step") == 0;
}

/* Item 2: the window's micro-step chooser narrows Find as it narrows the graph. cmp_stat has
 * MicroSteps 2; of its 5 leaves in the worst colour, 3 are in micro step 0 (test-node-query). */
static void
test_micro_step (void)
{
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisFindPanel *find;
  GtkWidget *chooser;
  guint n = 0;

  if (!msvis_ui_test_require (STAT, &path))
    return;
  window = open_window (path);
  find = MSVIS_FIND_PANEL (find_type (window, MSVIS_TYPE_FIND_PANEL));
  chooser = msvis_ui_test_find_widget (GTK_WIDGET (window), is_micro_step_chooser, NULL);
  g_assert_nonnull (chooser);
  g_assert_true (gtk_widget_get_visible (chooser));

  msvis_find_panel_show_bucket (find, 4);
  g_object_get (find, "n-results", &n, NULL);
  g_assert_cmpuint (n, ==, 5);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (chooser), 1);   /* "All", then 0 */
  g_object_get (find, "n-results", &n, NULL);
  g_assert_cmpuint (n, ==, 3);
  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (find), "2 in other micro steps"));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (chooser), 0);
  g_object_get (find, "n-results", &n, NULL);
  g_assert_cmpuint (n, ==, 5);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
ranks_listed (gpointer data)
{
  return g_menu_model_get_n_items (data) > 3;
}

static gboolean
peer_dot_shown (gpointer details)
{
  GtkWidget *link = msvis_ui_test_find_label (details, "Distributed.recv.0.forward");

  return link != NULL &&
         strstr (gtk_label_get_label (GTK_LABEL (link)), "<span foreground=\"#C2BFB8\">") != NULL;
}

/* Item 4: the node menu's peer rank, with the peer's colour in rank 1's graph (#FFFCF3 for
 * precision_index 0, test-node-query), darkened to show on a light menu, and its name. */
static void
test_peer_menu (void)
{
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisGraphCanvas *npu;
  GMenuModel *model, *ranks;
  GtkWidget *details;
  g_autofree char *label = NULL;
  g_autofree char *markup = NULL;

  if (!msvis_ui_test_require (RANK0, &path))
    return;
  window = open_window (path);
  npu = npu_canvas (window);
  select_named (window, "Distributed.send.0.forward");
  g_assert_true (msvis_node_menu_popup (npu, msvis_graph_canvas_get_selected (npu), 20, 20));
  model = msvis_node_menu_get_model (npu);
  g_assert_true (msvis_ui_test_spin_until (ranks_listed, model, 5000));
  msvis_ui_test_spin (200);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-peer-menu"));

  ranks = g_menu_model_get_item_link (model, 3, G_MENU_LINK_SECTION);
  g_assert_nonnull (ranks);
  g_assert_cmpuint (g_menu_model_get_n_items (ranks), ==, 1);
  g_assert_true (g_menu_model_get_item_attribute (ranks, 0, G_MENU_ATTRIBUTE_LABEL, "s",
                                                  &label));
  /* As GTK 4.8 reads it: a string (a boolean was not seen, and the markup showed as text). */
  g_assert_true (g_menu_model_get_item_attribute (ranks, 0, "use-markup", "s", &markup));
  g_assert_cmpstr (markup, ==, "true");
  g_assert_nonnull (strstr (label, "Open in Rank 1"));
  g_assert_nonnull (strstr (label, "<span foreground=\"#C2BFB8\">"));
  g_object_unref (ranks);

  /* The details' communication peer, in the same colour, with its Legend name after it. */
  details = find_type (window, MSVIS_TYPE_NODE_DETAILS);
  gtk_stack_set_visible_child (GTK_STACK (gtk_widget_get_parent (details)), details);
  g_assert_true (msvis_ui_test_spin_until (peer_dot_shown, details, 5000));
  msvis_ui_test_spin (200);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-peer-details"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/find-window/details-without-table", test_details_without_table);
  g_test_add_func ("/find-window/micro-step", test_micro_step);
  g_test_add_func ("/find-window/peer-menu", test_peer_menu);
  return g_test_run ();
}
