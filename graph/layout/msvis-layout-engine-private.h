// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-layout-engine.h"

G_BEGIN_DECLS

/* One child to place: its size, whether it may share a row with its neighbours, and whether
 * a row starts with it (the engine breaks rows to fit the pane's width). */
typedef struct
{
  double   width;
  double   height;
  gboolean leaf;
  gboolean row_start;
} MsvisChunkItem;

#define MSVIS_LAYOUT_ROW_MAX   5      /* leaves per row at most, as tb_graph_ascend */
#define MSVIS_LAYOUT_GAP       10.    /* between neighbours and between rows */

gboolean msvis_layout_graphviz_place (const MsvisChunkItem *items,
                                      guint                 n_items,
                                      double               *xy,
                                      double               *width,
                                      double               *height,
                                      GError              **error);

/* Label widths, measured once per character with MSVIS_LAYOUT_FONT. Not thread-safe. */
typedef struct _MsvisTextMeter MsvisTextMeter;

MsvisTextMeter *msvis_text_meter_new     (void);
void            msvis_text_meter_free    (MsvisTextMeter *self);
double          msvis_text_meter_measure (MsvisTextMeter *self,
                                          const char     *text);

G_END_DECLS
