// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-window-private.h"

/* Back and forward through the nodes selected in a window, as a browser goes through pages:
 * every node the user picks (clicked, walked to with the keys, found, jumped to) is an entry;
 * going back and then picking another node drops the entries ahead. Node ids belong to one
 * graph, so opening another result or step starts a new history. */

#define MAX_ENTRIES 500

#define MOUSE_BUTTON_BACK    8
#define MOUSE_BUTTON_FORWARD 9

typedef struct
{
  MsvisNodeId node;
  gboolean    is_bench;
} MsvisHistoryEntry;

void
_msvis_window_history_reset (MsvisWindow *self)
{
  g_array_set_size (self->history, 0);
  self->history_pos = 0;
}

static MsvisHistoryEntry *
current_entry (MsvisWindow *self)
{
  if (self->history->len == 0)
    return NULL;
  return &g_array_index (self->history, MsvisHistoryEntry, self->history_pos);
}

/* Called on every selection change; the side the user worked in is the entry's side. */
void
_msvis_window_history_record (MsvisWindow *self)
{
  MsvisGraphCanvas *canvas = msvis_compare_view_get_focus_canvas (self->compare_view);
  MsvisHistoryEntry entry = { msvis_graph_canvas_get_selected (canvas),
                              msvis_graph_canvas_is_bench (canvas) };
  MsvisHistoryEntry *current = current_entry (self);

  if (self->in_history || entry.node == MSVIS_NODE_ID_NONE)
    return;
  if (current != NULL && current->node == entry.node && current->is_bench == entry.is_bench)
    return;
  if (self->history->len > 0)
    g_array_set_size (self->history, self->history_pos + 1);
  if (self->history->len == MAX_ENTRIES)
    g_array_remove_index (self->history, 0);
  g_array_append_val (self->history, entry);
  self->history_pos = self->history->len - 1;
}

/* @direction: -1 back, 1 forward */
gboolean
_msvis_window_history_can_go (MsvisWindow *self,
                              int          direction)
{
  if (self->history->len == 0)
    return FALSE;
  return direction < 0 ? self->history_pos > 0 : self->history_pos + 1 < self->history->len;
}

void
_msvis_window_history_go (MsvisWindow *self,
                          int          direction)
{
  MsvisHistoryEntry *entry;

  if (!_msvis_window_history_can_go (self, direction))
    return;
  self->history_pos += direction;
  entry = current_entry (self);
  self->in_history = TRUE;
  msvis_compare_view_select (self->compare_view, entry->is_bench, entry->node);
  self->in_history = FALSE;
  _msvis_window_update_actions (self);
}

/* The back and forward buttons of a mouse, anywhere in the window. */
static void
mouse_button_pressed (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      MsvisWindow     *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  const char *action = button == MOUSE_BUTTON_BACK ? "win.go-back"
                       : button == MOUSE_BUTTON_FORWARD ? "win.go-forward" : NULL;

  if (action == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_activate_action (GTK_WIDGET (self), action, NULL);
}

void
_msvis_window_history_init (MsvisWindow *self)
{
  GtkGesture *buttons = gtk_gesture_click_new ();

  self->history = g_array_new (FALSE, FALSE, sizeof (MsvisHistoryEntry));
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (buttons), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (buttons), GTK_PHASE_CAPTURE);
  g_signal_connect (buttons, "pressed", G_CALLBACK (mouse_button_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (buttons));
}
