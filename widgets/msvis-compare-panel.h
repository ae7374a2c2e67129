// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* The comparison table of the selected pair, under both graphs and as wide as the window: NPU
 * and Bench lines in pairs, Name and Side frozen on the left while the statistics and metrics
 * scroll; each column's header says what the file's ToolTip says; the cell that compares
 * worst is marked and brought into view. */

#define MSVIS_TYPE_COMPARE_PANEL (msvis_compare_panel_get_type ())

G_DECLARE_FINAL_TYPE (MsvisComparePanel, msvis_compare_panel, MSVIS, COMPARE_PANEL, GtkWidget)

GtkWidget *msvis_compare_panel_new          (void);
void       msvis_compare_panel_show_nodes   (MsvisComparePanel *self,
                                             MsvisVisDocument  *doc,
                                             MsvisNodeId        npu,
                                             MsvisNodeId        bench);
gboolean   msvis_compare_panel_is_ready     (MsvisComparePanel *self);
GtkWidget *msvis_compare_panel_get_worst_cell (MsvisComparePanel *self);
GtkWidget *msvis_compare_panel_get_scroller (MsvisComparePanel *self);
guint      msvis_compare_panel_get_n_columns (MsvisComparePanel *self);

G_END_DECLS
