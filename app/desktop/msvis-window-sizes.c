// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-window-private.h"

/* Small screens (1280×720 laptops, remote desktops): the toolbar above the graphs asks for more
 * width than a 1280 px window leaves beside the sidebar. The paned then gave the graphs the
 * toolbar's width anyway and cut their left edge off, nodes and all. In a scroller of its own
 * the toolbar asks for nothing: at worst its end scrolls, the graphs always fit. */

void
_msvis_window_fit_small_screens (MsvisWindow *self)
{
  GtkWidget *column = gtk_widget_get_parent (GTK_WIDGET (self->compare_view));
  GtkWidget *toolbar = gtk_widget_get_first_child (column);
  GtkWidget *scroller;

  if (toolbar == NULL || toolbar == GTK_WIDGET (self->compare_view))
    return;
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_EXTERNAL,
                                  GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_widget_add_css_class (scroller, "toolbar-scroller");
  g_object_ref (toolbar);
  gtk_box_remove (GTK_BOX (column), toolbar);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), toolbar);
  g_object_unref (toolbar);
  gtk_box_prepend (GTK_BOX (column), scroller);
}
