// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "msvis-trend-legend.h"

#define BAR_WIDTH  220.
#define HEIGHT     30.
#define SWATCH     14.

static double
show (cairo_t       *cr,
      PangoLayout   *layout,
      const char    *text,
      double         x,
      double         y)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x, y - h / 2.);
  pango_cairo_show_layout (cr, layout);
  return x + w;
}

static double
swatch (cairo_t               *cr,
        PangoLayout           *layout,
        const MsvisTrendScale *scale,
        double                 value,
        MsvisTrendCell         kind,
        const char            *text,
        double                 x,
        double                 y,
        const GdkRGBA         *fg)
{
  msvis_trend_draw_cell (cr, scale, value, kind, x, y - SWATCH / 2, SWATCH, SWATCH);
  if (kind == MSVIS_TREND_CELL_GAP)
    {
      gdk_cairo_set_source_rgba (cr, fg);
      cairo_set_line_width (cr, 1);
      cairo_rectangle (cr, x + 0.5, y - SWATCH / 2 + 0.5, SWATCH - 1, SWATCH - 1);
      cairo_stroke (cr);
    }
  gdk_cairo_set_source_rgba (cr, fg);
  return show (cr, layout, text, x + SWATCH + 4, y) + 14;
}

void
msvis_trend_legend_draw (cairo_t               *cr,
                         PangoLayout           *layout,
                         const MsvisTrendScale *scale,
                         double                 width,
                         double                 height,
                         const GdkRGBA         *fg)
{
  double y = height / 2, x = 8;
  g_autofree char *lo = NULL, *hi = NULL;

  gdk_cairo_set_source_rgba (cr, fg);
  if (scale->min <= scale->max)
    {
      lo = g_strdup_printf ("%.4g", scale->min);
      hi = g_strdup_printf ("%.4g", scale->max);
      x = show (cr, layout, lo, x, y) + 6;
      for (int i = 0; i < (int)BAR_WIDTH; i++)
        {
          double t = i / (BAR_WIDTH - 1);
          double v = scale->log ? pow (10, log10 (scale->min)
                                             + t * (log10 (scale->max) - log10 (scale->min)))
                                : scale->min + t * (scale->max - scale->min);
          GdkRGBA rgba;

          msvis_trend_colour (scale, v, MSVIS_TREND_CELL_VALUE, &rgba);
          gdk_cairo_set_source_rgba (cr, &rgba);
          cairo_rectangle (cr, x + i, y - SWATCH / 2, 1, SWATCH);
          cairo_fill (cr);
        }
      gdk_cairo_set_source_rgba (cr, fg);
      x = show (cr, layout, hi, x + BAR_WIDTH + 6, y) + 8;
      x = show (cr, layout, scale->relative ? _("(NPU − bench) / |bench|")
                            : scale->log ? _("(log)") : "", x, y) + 16;
    }
  x = swatch (cr, layout, scale, 1e9, MSVIS_TREND_CELL_CLIPPED, _("≥ 1e9 clipped"), x, y, fg);
  x = swatch (cr, layout, scale, 1e9 + 1, MSVIS_TREND_CELL_POS_INF, _("+inf"), x, y, fg);
  x = swatch (cr, layout, scale, -1e9 - 1, MSVIS_TREND_CELL_NEG_INF, _("−inf"), x, y, fg);
  x = swatch (cr, layout, scale, NAN, MSVIS_TREND_CELL_NAN, _("NaN"), x, y, fg);
  swatch (cr, layout, scale, 0, MSVIS_TREND_CELL_GAP, _("no data"), x, y, fg);
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        heatmap)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (area), NULL);
  GdkRGBA fg;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &fg);
  msvis_trend_legend_draw (cr, layout, msvis_trend_heatmap_get_scale (heatmap), width, height,
                           &fg);
  g_object_unref (layout);
}

GtkWidget *
msvis_trend_legend_new (MsvisTrendHeatmap *heatmap)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), (int)HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw, g_object_ref (heatmap),
                                  g_object_unref);
  return area;
}
