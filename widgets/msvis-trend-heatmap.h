// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-trend-reader.h"
#include "msvis-trend-rows.h"

G_BEGIN_DECLS

/* One metric and statistic over two dimensions (trend-2026 § 10.3): row labels on the left
 * (the module tree folds there), column labels on top, cells coloured by a scale over the
 * finite values, with infinities, NaN, clipped values and gaps drawn apart. Scrollable; only
 * what is visible is drawn. */

#define MSVIS_TYPE_TREND_HEATMAP (msvis_trend_heatmap_get_type ())

G_DECLARE_FINAL_TYPE (MsvisTrendHeatmap, msvis_trend_heatmap, MSVIS, TREND_HEATMAP, GtkWidget)

typedef struct
{
  double   min, max;      /* of the finite values under the clip; min > max: none */
  gboolean log;           /* the scale is logarithmic (only when min > 0) */
  gboolean relative;      /* of relative differences to a benchmark, symmetric around 0 */
} MsvisTrendScale;

GtkWidget       *msvis_trend_heatmap_new          (void);
void             msvis_trend_heatmap_set_data     (MsvisTrendHeatmap     *self,
                                                   MsvisTrendSlice       *slice,
                                                   MsvisTrendRows        *rows,
                                                   GArray                *targets,
                                                   const char            *x_title,
                                                   const char            *y_title);
const MsvisTrendSlice *msvis_trend_heatmap_get_slice (MsvisTrendHeatmap *self);
MsvisTrendRows  *msvis_trend_heatmap_get_rows     (MsvisTrendHeatmap     *self);
void             msvis_trend_heatmap_set_log      (MsvisTrendHeatmap     *self,
                                                   gboolean               log);
const MsvisTrendScale *msvis_trend_heatmap_get_scale (MsvisTrendHeatmap *self);
void             msvis_trend_heatmap_set_marks    (MsvisTrendHeatmap     *self,
                                                   GArray                *marks);
gboolean         msvis_trend_heatmap_cell_at      (MsvisTrendHeatmap     *self,
                                                   double                 wx,
                                                   double                 wy,
                                                   guint                 *x,
                                                   guint                 *visible_row);
gboolean         msvis_trend_heatmap_cell_center  (MsvisTrendHeatmap     *self,
                                                   guint                  x,
                                                   guint                  visible_row,
                                                   double                *wx,
                                                   double                *wy);
void             msvis_trend_heatmap_press        (MsvisTrendHeatmap     *self,
                                                   double                 wx,
                                                   double                 wy,
                                                   int                    n_press);
char            *msvis_trend_heatmap_describe     (MsvisTrendHeatmap     *self,
                                                   double                 wx,
                                                   double                 wy);
char            *msvis_trend_heatmap_row_name     (MsvisTrendHeatmap     *self,
                                                   const MsvisTrendRow   *row);
void             msvis_trend_heatmap_draw_all     (MsvisTrendHeatmap     *self,
                                                   cairo_t               *cr,
                                                   double                *width,
                                                   double                *height);

/* Shared with the legend and the exports. */
void             msvis_trend_colour               (const MsvisTrendScale *scale,
                                                   double                 value,
                                                   MsvisTrendCell         kind,
                                                   GdkRGBA               *rgba);
void             msvis_trend_draw_cell            (cairo_t               *cr,
                                                   const MsvisTrendScale *scale,
                                                   double                 value,
                                                   MsvisTrendCell         kind,
                                                   double                 x,
                                                   double                 y,
                                                   double                 w,
                                                   double                 h);
char            *msvis_trend_format_value         (double                 value,
                                                   MsvisTrendCell         kind);

/* A pinned cell: drawn with a frame of its line's colour. */
typedef struct
{
  guint   x;
  gint    target;     /* the row's target (slice row) */
  GdkRGBA colour;
} MsvisTrendMark;

G_END_DECLS
