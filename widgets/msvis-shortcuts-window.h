// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Every key at once, in columns that scroll: GTK's shortcuts window hid the graph's keys
 * behind a section switcher, and cannot scroll a page taller than a 720-pixel screen. */

#define MSVIS_TYPE_SHORTCUTS_WINDOW (msvis_shortcuts_window_get_type ())

G_DECLARE_FINAL_TYPE (MsvisShortcutsWindow, msvis_shortcuts_window, MSVIS, SHORTCUTS_WINDOW,
                      AdwWindow)

GtkWidget *msvis_shortcuts_window_new          (GtkWindow            *parent,
                                                GtkApplication       *app);
/* For tests: laid out for a screen of that size, not the parent's. */
GtkWidget *msvis_shortcuts_window_new_for_screen (GtkWindow          *parent,
                                                  GtkApplication     *app,
                                                  int                 width,
                                                  int                 height);
/* For tests: every accelerator shown, in the order shown. */
GStrv      msvis_shortcuts_window_dup_accelerators (MsvisShortcutsWindow *self);

G_END_DECLS
