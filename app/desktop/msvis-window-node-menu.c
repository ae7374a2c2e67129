// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-node-menu.h"
#include "msvis-window-private.h"

/* The node menus of both canvases, and the window action their "Open in Rank" items use. */

static void
open_rank_node_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  gint32 rank;
  const char *name;
  gboolean is_bench;

  g_variant_get (parameter, "(i&sb)", &rank, &name, &is_bench);
  _msvis_window_jump_to_rank (MSVIS_WINDOW (widget), rank, name, is_bench);
}

void
_msvis_window_class_init_node_menu (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open-rank-node", "(isb)",
                                   open_rank_node_action);
}

void
_msvis_window_node_menu_init (MsvisWindow *self)
{
  msvis_node_menu_attach (msvis_compare_view_get_canvas (self->compare_view, FALSE));
  msvis_node_menu_attach (msvis_compare_view_get_canvas (self->compare_view, TRUE));
}
