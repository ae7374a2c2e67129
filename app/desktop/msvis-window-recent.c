// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-window-private.h"

/* The start page's Recent list scrolls on its own, with a scroll bar that stays, in the room
 * the window leaves it: at 1280x720 the page itself scrolled, overlay scroll bars hidden, and
 * the list was cut at the window's bottom with nothing to say there was more. */

#define MIN_ROOM 112   /* two rows: less is no list to pick from; the page scrolls instead */

typedef struct
{
  GtkScrolledWindow *list;   /* the list's own scroller */
  GtkScrolledWindow *page;   /* the start page's (AdwStatusPage's) */
  guint              fit_id;
} RecentFit;

static void
recent_fit_free (gpointer data)
{
  RecentFit *fit = data;

  g_clear_handle_id (&fit->fit_id, g_source_remove);
  g_free (fit);
}

static int
natural_height (GtkWidget *widget)
{
  int natural = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (widget), NULL,
                      &natural, NULL, NULL);
  return natural;
}

/* The list gets the page's height less what the rest of the page needs, when that is less than
 * the whole list. */
static gboolean
fit_now (gpointer data)
{
  RecentFit *fit = data;
  GtkAdjustment *page = gtk_scrolled_window_get_vadjustment (fit->page);
  GtkWidget *list = gtk_scrolled_window_get_child (fit->list);
  GtkWidget *content = gtk_scrolled_window_get_child (fit->page);
  int rest, room, wanted;

  fit->fit_id = 0;
  if (list == NULL || content == NULL || !gtk_widget_get_mapped (GTK_WIDGET (fit->list)))
    return G_SOURCE_REMOVE;
  rest = natural_height (content) - natural_height (GTK_WIDGET (fit->list));
  room = (int) gtk_adjustment_get_page_size (page) - rest;
  wanted = natural_height (list) <= room ? -1 : MAX (room, MIN_ROOM);
  if (gtk_scrolled_window_get_max_content_height (fit->list) != wanted)
    gtk_scrolled_window_set_max_content_height (fit->list, wanted);
  return G_SOURCE_REMOVE;
}

/* The page's size or content changed (a resize, the list filled): after the frame, as changing
 * a size request during an allocation leaves GTK drawing widgets without one. */
static void
page_changed (GtkAdjustment *adjustment,
              GtkWidget     *list)
{
  RecentFit *fit = g_object_get_data (G_OBJECT (list), "msvis-recent-fit");

  if (fit->fit_id == 0)
    fit->fit_id = g_idle_add (fit_now, fit);
}

void
_msvis_window_recent_init (MsvisWindow *self)
{
  GtkWidget *list = gtk_widget_get_ancestor (GTK_WIDGET (self->recent_list),
                                             GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *page = list ? gtk_widget_get_ancestor (gtk_widget_get_parent (list),
                                                    GTK_TYPE_SCROLLED_WINDOW) : NULL;
  RecentFit *fit;

  g_return_if_fail (list != NULL && page != NULL);

  fit = g_new0 (RecentFit, 1);
  fit->list = GTK_SCROLLED_WINDOW (list);
  fit->page = GTK_SCROLLED_WINDOW (page);
  g_object_set_data_full (G_OBJECT (list), "msvis-recent-fit", fit, recent_fit_free);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (fit->page), "changed",
                           G_CALLBACK (page_changed), list, 0);
  g_object_bind_property (self->recent_list, "visible", list, "visible", G_BINDING_SYNC_CREATE);
}
