// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-window-private.h"

/* The window's view actions that belong to the compare view's panes: "view.link-panes". */

void
_msvis_window_panes_init (MsvisWindow *self)
{
  GSimpleActionGroup *group = g_simple_action_group_new ();
  g_autoptr(GPropertyAction) link = g_property_action_new ("link-panes", self->compare_view,
                                                           "link-panes");

  g_action_map_add_action (G_ACTION_MAP (group), G_ACTION (link));
  gtk_widget_insert_action_group (GTK_WIDGET (self), "view", G_ACTION_GROUP (group));
  g_object_unref (group);
}
