// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-find-panel.h"
#include "msvis-legend.h"
#include "msvis-node-details.h"
#include "msvis-window-private.h"

/* The sidebar: node details, finding, and the legend. Everything that picks a node ends in
 * msvis_compare_view_select(), which reveals it and its counterpart. */

static void
node_activated (MsvisWindow *self,
                gboolean     is_bench,
                guint        node)
{
  msvis_compare_view_select (self->compare_view, is_bench, node);
}

/* The details show the NPU node of a selection that has one, else the Bench node: the link is
 * on that side. */
static void
rank_node_activated (MsvisWindow *self,
                     gint         rank,
                     const char  *node_name)
{
  MsvisGraphCanvas *npu = msvis_compare_view_get_canvas (self->compare_view, FALSE);
  MsvisGraphCanvas *bench = msvis_compare_view_get_canvas (self->compare_view, TRUE);
  gboolean is_bench = msvis_graph_canvas_get_selected (npu) == MSVIS_NODE_ID_NONE
                      && msvis_graph_canvas_get_selected (bench) != MSVIS_NODE_ID_NONE;

  _msvis_window_jump_to_rank (self, rank, node_name, is_bench);
}

static void
bucket_activated (MsvisWindow *self,
                  int          bucket)
{
  gtk_stack_set_visible_child (self->sidebar_stack, self->find_panel);
  msvis_find_panel_show_bucket (MSVIS_FIND_PANEL (self->find_panel), bucket);
}

void
_msvis_window_add_sidebar_pages (MsvisWindow *self)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();

  self->details = msvis_node_details_new ();
  /* The comparison panel under the graphs shows the inputs and outputs, full width. */
  msvis_node_details_set_show_table (MSVIS_NODE_DETAILS (self->details), FALSE);
  self->find_panel = msvis_find_panel_new ();
  self->legend = msvis_legend_new ();

  gtk_stack_add_titled (self->sidebar_stack, self->details, "details", _("Details"));
  gtk_stack_add_titled (self->sidebar_stack, self->find_panel, "find", _("Find"));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), self->legend);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_stack_add_titled (self->sidebar_stack, scroller, "legend", _("Legend"));

  g_signal_connect_object (self->details, "node-activated", G_CALLBACK (node_activated), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->details, "rank-node-activated",
                           G_CALLBACK (rank_node_activated), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->find_panel, "node-activated", G_CALLBACK (node_activated), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->legend, "bucket-activated", G_CALLBACK (bucket_activated), self,
                           G_CONNECT_SWAPPED);
}

void
_msvis_window_sidebar_set_document (MsvisWindow *self)
{
  msvis_node_details_set_node (MSVIS_NODE_DETAILS (self->details), self->doc, MSVIS_NODE_ID_NONE,
                               MSVIS_NODE_ID_NONE);
  msvis_find_panel_set_document (MSVIS_FIND_PANEL (self->find_panel), self->doc);
  msvis_legend_set_document (MSVIS_LEGEND (self->legend), self->doc);
}

void
_msvis_window_show_selection (MsvisWindow *self,
                              MsvisNodeId  npu,
                              MsvisNodeId  bench)
{
  msvis_node_details_set_node (MSVIS_NODE_DETAILS (self->details), self->doc, npu, bench);
  /* Picking a result keeps Find's list in view: the pair's table shows in the bottom panel
   * (issue 25). */
  if ((npu != MSVIS_NODE_ID_NONE || bench != MSVIS_NODE_ID_NONE)
      && gtk_stack_get_visible_child (self->sidebar_stack) != self->find_panel)
    gtk_stack_set_visible_child (self->sidebar_stack, self->details);
}

void
_msvis_window_find (MsvisWindow *self,
                    const char  *action_name)
{
  MsvisFindPanel *panel = MSVIS_FIND_PANEL (self->find_panel);

  gtk_stack_set_visible_child (self->sidebar_stack, self->find_panel);
  if (g_str_equal (action_name, "win.find"))
    msvis_find_panel_focus_search (panel);
  else if (g_str_equal (action_name, "win.find-next"))
    msvis_find_panel_select_next (panel);
  else if (g_str_equal (action_name, "win.find-previous"))
    msvis_find_panel_select_previous (panel);
  else if (g_str_equal (action_name, "win.first-divergence"))
    msvis_find_panel_first_divergence (panel);
  else if (g_str_equal (action_name, "win.first-worst"))
    msvis_find_panel_first_worst (panel);
}
