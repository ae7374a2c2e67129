// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* The find sidebar: node names by substring or regex, the lists of the legend (each colour,
 * unmatched, each overflow level), and the divergences worst first, with next and previous. */

#define MSVIS_TYPE_FIND_PANEL (msvis_find_panel_get_type ())

G_DECLARE_FINAL_TYPE (MsvisFindPanel, msvis_find_panel, MSVIS, FIND_PANEL, GtkWidget)

GtkWidget *msvis_find_panel_new              (void);
void       msvis_find_panel_set_document     (MsvisFindPanel   *self,
                                              MsvisVisDocument *doc);
void       msvis_find_panel_focus_search     (MsvisFindPanel   *self);
void       msvis_find_panel_show_bucket      (MsvisFindPanel   *self,
                                              int               bucket);
void       msvis_find_panel_select_next      (MsvisFindPanel   *self);
void       msvis_find_panel_select_previous  (MsvisFindPanel   *self);
void       msvis_find_panel_first_divergence (MsvisFindPanel   *self);
void       msvis_find_panel_first_worst      (MsvisFindPanel   *self);
void       msvis_find_panel_set_micro_step   (MsvisFindPanel   *self,
                                              gint              micro_step);
void       msvis_find_panel_set_divergence_errors_only (MsvisFindPanel *self,
                                                        gboolean        errors_only);

G_END_DECLS
