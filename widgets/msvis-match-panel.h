// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* The matching page of the sidebar: the nodes of each side that have no counterpart, one list
 * per side, and the buttons of the "match" actions. Activating a row emits ::node-activated,
 * which the window turns into a pick on that side. */

#define MSVIS_TYPE_MATCH_PANEL (msvis_match_panel_get_type ())

G_DECLARE_FINAL_TYPE (MsvisMatchPanel, msvis_match_panel, MSVIS, MATCH_PANEL, GtkWidget)

GtkWidget *msvis_match_panel_new          (void);
void       msvis_match_panel_set_document (MsvisMatchPanel  *self,
                                           MsvisVisDocument *doc);
void       msvis_match_panel_refresh      (MsvisMatchPanel  *self);
guint      msvis_match_panel_get_n_unmatched (MsvisMatchPanel *self,
                                              gboolean         is_bench);
void       msvis_match_panel_set_pending  (MsvisMatchPanel  *self,
                                           const char       *text);

G_END_DECLS
