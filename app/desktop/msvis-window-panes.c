// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-compare-panel.h"
#include "msvis-find-panel.h"
#include "msvis-node-details.h"
#include "msvis-node-menu.h"
#include "msvis-run-overview.h"
#include "msvis-window-private.h"

/* The window's actions that belong to the compare view's panes: "view.link-panes" and
 * "win.expand-errors" (both sides: each opens the paths to its own divergent leaves, which
 * are the counterparts of the other's). */

static void
expand_errors (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsvisWindow *self = MSVIS_WINDOW (widget);
  MsvisGraphCanvas *npu = msvis_compare_view_get_canvas (self->compare_view, FALSE);
  guint n = msvis_graph_canvas_expand_to_errors (npu);
  MsvisNodeId first = msvis_graph_canvas_get_first_divergent (npu);
  g_autofree char *text = NULL;

  if (self->doc != NULL && msvis_vis_document_get_bench (self->doc) != NULL)
    msvis_graph_canvas_expand_to_errors (msvis_compare_view_get_canvas (self->compare_view,
                                                                        TRUE));
  if (self->doc == NULL)
    return;
  /* On 90,000 nodes the view lands among hundreds of open containers: the first divergence
   * selected, and how many there are, say what happened. */
  if (first != MSVIS_NODE_ID_NONE)
    msvis_compare_view_select (self->compare_view, FALSE, first);
  text = n == 0 ? g_strdup (_("No divergent nodes to open"))
    /* translators: %u is a number of nodes; Expand to Errors (Ctrl+Shift+D) did it */
    : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Opened the path to %u divergent node",
                                    "Opened the paths to %u divergent nodes", n), n);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
}

static void
selection_changed (MsvisWindow *self,
                   guint        npu,
                   guint        bench)
{
  msvis_compare_panel_show_nodes (MSVIS_COMPARE_PANEL (self->compare_panel), self->doc, npu,
                                  bench);
}

static guint
index_in (GArray *values,
          gint    value)
{
  for (guint i = 0; i < values->len; i++)
    if (g_array_index (values, gint, i) == value)
      return i;
  return GTK_INVALID_LIST_POSITION;
}

/* A cell of the overview: that graph, with the choosers saying so. */
static void
graph_activated (MsvisWindow *self,
                 gint         step,
                 gint         rank)
{
  guint s = index_in (self->steps, step), r = index_in (self->ranks, rank);

  gtk_menu_button_popdown (GTK_MENU_BUTTON (self->overview_button));
  self->updating_selectors = TRUE;
  if (s != GTK_INVALID_LIST_POSITION)
    gtk_drop_down_set_selected (self->step_dropdown, s);
  if (r != GTK_INVALID_LIST_POSITION)
    gtk_drop_down_set_selected (self->rank_dropdown, r);
  self->updating_selectors = FALSE;
  _msvis_window_load_graph (self, (MsvisVisGraphKey) { step, rank });
}

/* A run of more than one graph gets its overview, read anew for each run. */
void
_msvis_window_panes_source_changed (MsvisWindow *self)
{
  gboolean several = self->source != NULL
                     && msvis_vis_source_get_graphs (self->source)->len > 1;

  g_autoptr(MsvisPeerLevels) peers = several ? msvis_peer_levels_new (self->source) : NULL;

  gtk_widget_set_visible (self->overview_button, several);
  msvis_run_overview_set_source (MSVIS_RUN_OVERVIEW (self->run_overview),
                                 several ? self->source : NULL);
  /* The node menu's peer ranks, in their own graphs' colours. */
  for (guint side = 0; side < 2; side++)
    msvis_node_menu_set_peer_levels (msvis_compare_view_get_canvas (self->compare_view, side),
                                     peers);
  msvis_node_details_set_peer_levels (MSVIS_NODE_DETAILS (self->details), peers);
}

/* "any": First Divergence is the earliest leaf past the pass colour; "errors": of the worst. */
static void
threshold_changed (GSimpleAction *action,
                   GVariant      *value,
                   gpointer       user_data)
{
  MsvisWindow *self = user_data;

  g_simple_action_set_state (action, value);
  msvis_find_panel_set_divergence_errors_only (MSVIS_FIND_PANEL (self->find_panel),
                                               g_str_equal (g_variant_get_string (value, NULL),
                                                            "errors"));
}

void
_msvis_window_panes_init (MsvisWindow *self)
{
  GSimpleActionGroup *group = g_simple_action_group_new ();
  g_autoptr(GPropertyAction) link = g_property_action_new ("link-panes", self->compare_view,
                                                           "link-panes");
  g_autoptr(GSimpleAction) threshold = g_simple_action_new_stateful (
    "divergence-threshold", G_VARIANT_TYPE_STRING, g_variant_new_string ("any"));

  g_signal_connect_object (threshold, "change-state", G_CALLBACK (threshold_changed), self, 0);
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (threshold));
  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (link));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "view", G_ACTION_GROUP (group));
  g_object_unref (group);
  g_signal_connect_object (self->compare_view, "selection-changed",
                           G_CALLBACK (selection_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->run_overview, "graph-activated", G_CALLBACK (graph_activated),
                           self, G_CONNECT_SWAPPED);
}

void
_msvis_window_class_init_panes (GtkWidgetClass *widget_class)
{
  g_type_ensure (MSVIS_TYPE_COMPARE_PANEL);
  g_type_ensure (MSVIS_TYPE_RUN_OVERVIEW);
  gtk_widget_class_bind_template_child_full (widget_class, "overview_button", FALSE,
                                             G_STRUCT_OFFSET (MsvisWindow, overview_button));
  gtk_widget_class_bind_template_child_full (widget_class, "run_overview", FALSE,
                                             G_STRUCT_OFFSET (MsvisWindow, run_overview));
  gtk_widget_class_bind_template_child_full (widget_class, "compare_panel", FALSE,
                                             G_STRUCT_OFFSET (MsvisWindow, compare_panel));
  gtk_widget_class_install_action (widget_class, "win.expand-errors", NULL, expand_errors);
}
