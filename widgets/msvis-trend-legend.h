// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-trend-heatmap.h"

G_BEGIN_DECLS

/* The heat map's colour scale with its ends, and the marks for NaN, ±inf, clipped and missing
 * cells. */

GtkWidget *msvis_trend_legend_new  (MsvisTrendHeatmap *heatmap);
void       msvis_trend_legend_draw (cairo_t               *cr,
                                    PangoLayout           *layout,
                                    const MsvisTrendScale *scale,
                                    double                 width,
                                    double                 height,
                                    const GdkRGBA         *fg);

G_END_DECLS
