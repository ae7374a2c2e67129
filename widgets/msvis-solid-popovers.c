// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-solid-popovers.h"

/* style.css drops the shadow and the round corners of popovers in a solid-csd window, whose
 * see-through pixels came out black; the arrow's corners are see-through as well and left a
 * black strip above every drop-down of a dialog, which no CSS can remove. */

static void
flatten (GtkWidget *widget)
{
  if (GTK_IS_POPOVER (widget))
    gtk_popover_set_has_arrow (GTK_POPOVER (widget), FALSE);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    flatten (child);
}

/**
 * msvis_solid_popovers_apply:
 * @root: a widget whose popovers (its own and its descendants') are checked
 *
 * On a display without a compositor, takes the arrow off every popover under @root. A
 * composited display keeps GTK's look.
 */
void
msvis_solid_popovers_apply (GtkWidget *root)
{
  g_return_if_fail (GTK_IS_WIDGET (root));

  if (gdk_display_is_composited (gtk_widget_get_display (root)))
    return;
  flatten (root);
}

static void
mapped (GtkWidget *window)
{
  msvis_solid_popovers_apply (window);
}

/**
 * msvis_solid_popovers_install:
 *
 * Applies msvis_solid_popovers_apply() to @window now and whenever it is mapped, for the
 * popovers its widgets made since (a menu button's, once it has a menu).
 */
void
msvis_solid_popovers_install (GtkWindow *window)
{
  g_return_if_fail (GTK_IS_WINDOW (window));

  msvis_solid_popovers_apply (GTK_WIDGET (window));
  g_signal_connect (window, "map", G_CALLBACK (mapped), NULL);
}
