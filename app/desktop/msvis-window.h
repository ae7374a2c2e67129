// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define MSVIS_TYPE_WINDOW (msvis_window_get_type ())

G_DECLARE_FINAL_TYPE (MsvisWindow, msvis_window, MSVIS, WINDOW, AdwApplicationWindow)

MsvisWindow *msvis_window_new          (GtkApplication *application);
void         msvis_window_open         (MsvisWindow    *self,
                                        GFile          *file);
gboolean     msvis_window_is_loading   (MsvisWindow    *self);
gboolean     msvis_window_has_document (MsvisWindow    *self);
GActionGroup *msvis_window_get_match_actions (MsvisWindow *self);
void         msvis_window_export_report (MsvisWindow   *self,
                                         GFile         *file,
                                         gboolean       replace);

G_END_DECLS
