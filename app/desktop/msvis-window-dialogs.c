// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-shortcuts-window.h"
#include "msvis-solid-popovers.h"
#include "msvis-window-private.h"

/* What the window's dialogs share: the keys stay out of the graphs while a dialog is coming
 * or open, and the shortcuts window (Ctrl+?). */

#define BLOCKS_KEY "msvis-window-key-blocks"

static guint
get_blocks (MsvisWindow *self)
{
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), BLOCKS_KEY));
}

/* Before a key reaches the focus (a graph) or any shortcut of the window: a dialog asked for
 * takes a moment to appear (a file chooser 2–3 s on a first use), and until the window
 * manager hands it the keyboard, keys typed meanwhile came here and moved the graph. */
static gboolean
key_pressed (GtkEventControllerKey *keys,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             MsvisWindow           *self)
{
  return get_blocks (self) > 0;
}

/**
 * _msvis_window_block_keys:
 *
 * From now until as many _msvis_window_unblock_keys(), the window drops every key press.
 */
void
_msvis_window_block_keys (MsvisWindow *self)
{
  g_object_set_data (G_OBJECT (self), BLOCKS_KEY, GUINT_TO_POINTER (get_blocks (self) + 1));
}

void
_msvis_window_unblock_keys (MsvisWindow *self)
{
  g_return_if_fail (get_blocks (self) > 0);

  g_object_set_data (G_OBJECT (self), BLOCKS_KEY, GUINT_TO_POINTER (get_blocks (self) - 1));
}

static void
unblock_when_gone (gpointer  data,
                   GObject  *where_the_object_was)
{
  g_autoptr(MsvisWindow) self = data;

  _msvis_window_unblock_keys (self);
}

/**
 * _msvis_window_block_keys_while:
 * @dialog: a window the user now works in
 *
 * Drops the window's key presses until @dialog is destroyed.
 */
void
_msvis_window_block_keys_while (MsvisWindow *self,
                                GObject     *dialog)
{
  _msvis_window_block_keys (self);
  g_object_weak_ref (dialog, unblock_when_gone, g_object_ref (self));
}

static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkWindow *window = GTK_WINDOW (widget);
  GtkWidget *shortcuts = msvis_shortcuts_window_new (window,
                                                     gtk_window_get_application (window));

  gtk_window_present (GTK_WINDOW (shortcuts));
}

void
_msvis_window_class_init_dialogs (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL,
                                   show_shortcuts_action);
}

void
_msvis_window_dialogs_init (MsvisWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  msvis_solid_popovers_install (GTK_WINDOW (self));
}
