// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-settings.h"
#include "msvis-window-private.h"

/* What a window keeps in GSettings: its size, the sidebar, sync-expand, the node colours and
 * the folder the open dialogs start in. A new window starts from what the last one left;
 * windows open side by side do not follow each other. Without a schema none of this is kept
 * and the window works the same. Only changes are written. */

/* The window properties kept as they are, and their keys. */
static const struct {
  const char *property;
  const char *key;
} kept_properties[] = {
  { "show-sidebar", "sidebar-visible" },
  { "sync-expand", "sync-expand" },
  { "show-minimap", "minimap-visible" },
};

/* Not g_settings_bind(): a window binds while it is being made, when GObject holds the
 * notifications back until the end of g_object_new(), so the binding would write every value
 * back to the settings (with dconf, a round trip on the bus each). This writes what changed. */
static void
property_changed (MsvisWindow *self,
                  GParamSpec  *pspec)
{
  for (guint i = 0; i < G_N_ELEMENTS (kept_properties); i++)
    if (g_str_equal (pspec->name, kept_properties[i].property))
      {
        gboolean on;

        g_object_get (self, pspec->name, &on, NULL);
        if (on != g_settings_get_boolean (self->settings, kept_properties[i].key))
          g_settings_set_boolean (self->settings, kept_properties[i].key, on);
      }
}

void
_msvis_window_load_settings (MsvisWindow *self)
{
  self->settings = msvis_settings_get_default ();
  if (self->settings == NULL)
    return;
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
  for (guint i = 0; i < G_N_ELEMENTS (kept_properties); i++)
    g_object_set (self, kept_properties[i].property,
                  g_settings_get_boolean (self->settings, kept_properties[i].key), NULL);
  g_signal_connect (self, "notify", G_CALLBACK (property_changed), NULL);
}

/* On closing. The default size follows the window as it is resized, but not while it is
 * maximized or fullscreen, so it is the size to come back to. */
void
_msvis_window_save_settings (MsvisWindow *self)
{
  int width, height;

  if (self->settings == NULL)
    return;
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width > 0 && width != g_settings_get_int (self->settings, "window-width"))
    g_settings_set_int (self->settings, "window-width", width);
  if (height > 0 && height != g_settings_get_int (self->settings, "window-height"))
    g_settings_set_int (self->settings, "window-height", height);
  if (gtk_window_is_maximized (GTK_WINDOW (self))
      != g_settings_get_boolean (self->settings, "window-maximized"))
    g_settings_set_boolean (self->settings, "window-maximized",
                            gtk_window_is_maximized (GTK_WINDOW (self)));
}

/* Overflow colours for a result made with the overflow check, when the user chose them last. */
gboolean
_msvis_window_prefers_overflow (MsvisWindow *self)
{
  return self->settings != NULL && _msvis_window_offers_overflow (self)
         && g_settings_get_enum (self->settings, "palette") == 1;
}

/* Only a result made with the overflow check offers the choice: opening one without keeps what
 * the user chose. */
void
_msvis_window_remember_palette (MsvisWindow *self)
{
  int palette = self->overflow_mode ? 1 : 0;

  if (self->settings == NULL || !_msvis_window_offers_overflow (self)
      || g_settings_get_enum (self->settings, "palette") == palette)
    return;
  g_settings_set_enum (self->settings, "palette", palette);
}

/* Returns: (transfer full) (nullable): where the open dialogs start */
GFile *
_msvis_window_dup_last_folder (MsvisWindow *self)
{
  g_autofree char *uri = NULL;

  if (self->settings == NULL)
    return NULL;
  uri = g_settings_get_string (self->settings, "last-folder");
  if (uri[0] == '\0')
    return NULL;
  return g_file_new_for_uri (uri);
}

void
_msvis_window_set_last_folder (MsvisWindow *self,
                               GFile       *folder)
{
  g_autofree char *uri = NULL, *old_uri = NULL;

  if (self->settings == NULL || folder == NULL)
    return;
  uri = g_file_get_uri (folder);
  old_uri = g_settings_get_string (self->settings, "last-folder");
  if (!g_str_equal (uri, old_uri))
    g_settings_set_string (self->settings, "last-folder", uri);
}
