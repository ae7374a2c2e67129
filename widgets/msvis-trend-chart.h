// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-trend-reader.h"

G_BEGIN_DECLS

/* The line chart of pinned heat-map cells along the dimension the map does not show
 * (trend-2026 § 10.4). Gaps and NaN break a line; infinities and clipped values are drawn
 * as marks at the top or bottom edge instead of stretching the scale. */

#define MSVIS_TYPE_TREND_CHART (msvis_trend_chart_get_type ())

G_DECLARE_FINAL_TYPE (MsvisTrendChart, msvis_trend_chart, MSVIS, TREND_CHART, GtkWidget)

GtkWidget *msvis_trend_chart_new        (void);
void       msvis_trend_chart_set_axis   (MsvisTrendChart *self,
                                         const char      *x_title,
                                         const char      *y_title);
void       msvis_trend_chart_add        (MsvisTrendChart *self,
                                         const char      *label,
                                         MsvisTrendLine  *line,
                                         const GdkRGBA   *colour);
void       msvis_trend_chart_clear      (MsvisTrendChart *self);
guint      msvis_trend_chart_n_series   (MsvisTrendChart *self);
const char *msvis_trend_chart_get_label (MsvisTrendChart *self,
                                         guint            i);
const MsvisTrendLine *msvis_trend_chart_get_line (MsvisTrendChart *self,
                                                  guint            i);
void       msvis_trend_chart_draw       (MsvisTrendChart *self,
                                         cairo_t         *cr,
                                         double           width,
                                         double           height,
                                         const GdkRGBA   *fg);
void       msvis_trend_series_colour    (guint            i,
                                         GdkRGBA         *rgba);

G_END_DECLS
