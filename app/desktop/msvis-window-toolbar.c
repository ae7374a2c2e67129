// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-window-private.h"

/* At 1280 px with the sidebar open (English, with micro steps) the toolbar is wider than its
 * column: its end scrolled out of view and First Divergence was cut. There the two view toggles
 * give up their words for icons (their tooltips still name them). Whether the words fit is
 * judged against the toolbar's width *with* the words, kept while they show, so that the
 * narrower icon form cannot make the words come back and go again. */

static const char *const compact_icons[] = { "view-dual-symbolic", "insert-link-symbolic" };

static void
set_compact (MsvisWindow *self,
             gboolean     compact)
{
  GtkButton *buttons[] = { self->sync_button, self->link_button };

  if (self->toolbar_compact == compact)
    return;
  self->toolbar_compact = compact;
  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    {
      if (compact)
        {
          g_free (self->toolbar_labels[i]);
          self->toolbar_labels[i] = g_strdup (gtk_button_get_label (buttons[i]));
          gtk_button_set_icon_name (buttons[i], compact_icons[i]);
        }
      else
        {
          gtk_button_set_label (buttons[i], self->toolbar_labels[i]);
        }
    }
}

static gboolean
fit_toolbar (gpointer data)
{
  MsvisWindow *self = data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (self->toolbar_scroller);
  double room = gtk_adjustment_get_page_size (adjustment);
  int natural = 0;

  self->toolbar_fit_source = 0;
  if (room <= 1)
    return G_SOURCE_REMOVE;
  if (!self->toolbar_compact)
    {
      gtk_widget_measure (self->toolbar, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL,
                          NULL);
      self->toolbar_full_width = natural;
    }
  set_compact (self, room < self->toolbar_full_width);
  return G_SOURCE_REMOVE;
}

/* The scroller's width changes while GTK allocates: the buttons change after that pass. */
static void
width_changed (MsvisWindow *self)
{
  if (self->toolbar_fit_source == 0)
    self->toolbar_fit_source = g_idle_add (fit_toolbar, self);
}

void
_msvis_window_toolbar_init (MsvisWindow *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_hadjustment (self->toolbar_scroller);

  g_signal_connect_object (adjustment, "changed", G_CALLBACK (width_changed), self,
                           G_CONNECT_SWAPPED);
}

void
_msvis_window_toolbar_dispose (MsvisWindow *self)
{
  g_clear_handle_id (&self->toolbar_fit_source, g_source_remove);
  for (guint i = 0; i < G_N_ELEMENTS (self->toolbar_labels); i++)
    g_clear_pointer (&self->toolbar_labels[i], g_free);
}
