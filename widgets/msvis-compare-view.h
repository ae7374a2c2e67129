// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-graph-canvas.h"

G_BEGIN_DECLS

/* NPU and Bench side by side with curves joining the matched pairs in view. Selecting a node
 * selects and reveals its counterpart; with sync-expand, opening a container opens its
 * counterpart too; with link-panes, scroll and zoom keep the two sides aligned on a pair. A
 * build shows one pane. */

#define MSVIS_TYPE_COMPARE_VIEW (msvis_compare_view_get_type ())

G_DECLARE_FINAL_TYPE (MsvisCompareView, msvis_compare_view, MSVIS, COMPARE_VIEW, GtkWidget)

GtkWidget        *msvis_compare_view_new            (void);
void              msvis_compare_view_set_document   (MsvisCompareView *self,
                                                     MsvisVisDocument *doc);
MsvisGraphCanvas *msvis_compare_view_get_canvas     (MsvisCompareView *self,
                                                     gboolean          bench);
MsvisGraphCanvas *msvis_compare_view_get_focus_canvas (MsvisCompareView *self);
void              msvis_compare_view_select         (MsvisCompareView *self,
                                                     gboolean          is_bench,
                                                     MsvisNodeId       node);
MsvisNodeId       msvis_compare_view_counterpart    (MsvisCompareView *self,
                                                     gboolean          is_bench,
                                                     MsvisNodeId       node);
void              msvis_compare_view_set_sync_expand (MsvisCompareView *self,
                                                      gboolean          sync_expand);
gboolean          msvis_compare_view_get_show_minimap (MsvisCompareView *self);
void              msvis_compare_view_set_show_minimap (MsvisCompareView *self,
                                                       gboolean          show_minimap);
GtkWidget        *msvis_compare_view_get_minimap    (MsvisCompareView *self,
                                                     gboolean          bench);
gboolean          msvis_compare_view_get_link_panes (MsvisCompareView *self);
void              msvis_compare_view_set_link_panes (MsvisCompareView *self,
                                                     gboolean          link_panes);
MsvisNodeId       msvis_compare_view_get_link_anchor (MsvisCompareView *self,
                                                      gboolean          bench);
void              msvis_compare_view_cancel_layouts (MsvisCompareView *self);
gboolean          msvis_compare_view_is_busy_shown  (MsvisCompareView *self);

G_END_DECLS
