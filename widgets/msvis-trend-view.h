// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <adwaita.h>

#include "msvis-trend-chart.h"
#include "msvis-trend-heatmap.h"
#include "msvis-trend-reader.h"

G_BEGIN_DECLS

/* TREND ANALYZER in a window (trend-2026 § 10): choosers for metric, statistic and the fixed
 * dimension, the heat map with its colour legend, and the line chart of the cells clicked. */

#define MSVIS_TYPE_TREND_VIEW (msvis_trend_view_get_type ())

G_DECLARE_FINAL_TYPE (MsvisTrendView, msvis_trend_view, MSVIS, TREND_VIEW, GtkBox)

typedef enum
{
  MSVIS_TREND_EXPORT_MAP,
  MSVIS_TREND_EXPORT_CHART,
} MsvisTrendExportWhat;

GtkWidget         *msvis_trend_view_new         (void);
void               msvis_trend_view_set_reader  (MsvisTrendView       *self,
                                                 MsvisTrendReader     *reader);
MsvisTrendReader  *msvis_trend_view_get_reader  (MsvisTrendView       *self);
gboolean           msvis_trend_view_set_bench   (MsvisTrendView       *self,
                                                 MsvisTrendReader     *bench,
                                                 GError              **error);
MsvisTrendReader  *msvis_trend_view_get_bench   (MsvisTrendView       *self);
MsvisTrendHeatmap *msvis_trend_view_get_heatmap (MsvisTrendView       *self);
MsvisTrendChart   *msvis_trend_view_get_chart   (MsvisTrendView       *self);
gboolean           msvis_trend_view_show        (MsvisTrendView       *self,
                                                 guint                 metric,
                                                 const char           *stat,
                                                 MsvisTrendDim         dim,
                                                 gint64                fixed,
                                                 GError              **error);
void               msvis_trend_view_pin         (MsvisTrendView       *self,
                                                 guint                 x,
                                                 gint                  target);
void               msvis_trend_view_open_cell   (MsvisTrendView       *self,
                                                 guint                 x,
                                                 gint                  target);
void               msvis_trend_view_set_can_open (MsvisTrendView      *self,
                                                  gboolean             can_open);
gboolean           msvis_trend_view_export      (MsvisTrendView       *self,
                                                 MsvisTrendExportWhat  what,
                                                 GFile                *file,
                                                 GError              **error);

/* msvis-trend-export.c */
gboolean           msvis_trend_export_map       (MsvisTrendHeatmap    *map,
                                                 GFile                *file,
                                                 GError              **error);
gboolean           msvis_trend_export_chart     (MsvisTrendChart      *chart,
                                                 GFile                *file,
                                                 GError              **error);

G_END_DECLS
