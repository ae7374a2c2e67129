// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "msvis-trend-heatmap.h"

/* TREND ANALYZER's gradient (trend-2026 § 10.3): ten colours from blue to red. Its range there
 * included the clipped 1e9 values, so one inf flattened every other cell to blue; here the
 * range is the finite values only, and the clipped and non-finite cells have marks of their
 * own. */
static const guint32 ramp[] = {
  0x4575b4, 0x74add1, 0xabd9e9, 0xe0f3f8, 0xffffbf,
  0xfee090, 0xfdae61, 0xf46d43, 0xd73027, 0xa50026,
};

static void
set_hex (GdkRGBA *rgba,
         guint32  hex)
{
  rgba->red = ((hex >> 16) & 0xff) / 255.;
  rgba->green = ((hex >> 8) & 0xff) / 255.;
  rgba->blue = (hex & 0xff) / 255.;
  rgba->alpha = 1.;
}

static double
position (const MsvisTrendScale *scale,
          double                 value)
{
  if (scale->min >= scale->max)
    return 0.5;
  if (scale->log && value > 0)
    return (log10 (value) - log10 (scale->min)) / (log10 (scale->max) - log10 (scale->min));
  return (value - scale->min) / (scale->max - scale->min);
}

void
msvis_trend_colour (const MsvisTrendScale *scale,
                    double                 value,
                    MsvisTrendCell         kind,
                    GdkRGBA               *rgba)
{
  double t, f;
  guint i;
  GdkRGBA a, b;

  switch (kind)
    {
    case MSVIS_TREND_CELL_GAP:
      *rgba = (GdkRGBA) { 0, 0, 0, 0 };
      return;
    case MSVIS_TREND_CELL_NAN:
      set_hex (rgba, 0x3a3a3a);
      return;
    case MSVIS_TREND_CELL_POS_INF:
      set_hex (rgba, 0xd01c8b);
      return;
    case MSVIS_TREND_CELL_NEG_INF:
      set_hex (rgba, 0x7b3294);
      return;
    case MSVIS_TREND_CELL_CLIPPED:
      set_hex (rgba, value > 0 ? ramp[G_N_ELEMENTS (ramp) - 1] : ramp[0]);
      return;
    case MSVIS_TREND_CELL_VALUE:
    default:
      break;
    }
  t = CLAMP (position (scale, value), 0., 1.) * (G_N_ELEMENTS (ramp) - 1);
  i = MIN ((guint)t, G_N_ELEMENTS (ramp) - 2);
  f = t - i;
  set_hex (&a, ramp[i]);
  set_hex (&b, ramp[i + 1]);
  rgba->red = a.red + (b.red - a.red) * f;
  rgba->green = a.green + (b.green - a.green) * f;
  rgba->blue = a.blue + (b.blue - a.blue) * f;
  rgba->alpha = 1.;
}

/* The marks are shapes, not only colours: a cross for NaN, a bar for ±inf, a corner for a
 * clipped value, so that they read in print and for colour-blind eyes. */
void
msvis_trend_draw_cell (cairo_t               *cr,
                       const MsvisTrendScale *scale,
                       double                 value,
                       MsvisTrendCell         kind,
                       double                 x,
                       double                 y,
                       double                 w,
                       double                 h)
{
  GdkRGBA rgba;

  if (kind == MSVIS_TREND_CELL_GAP)
    return;
  msvis_trend_colour (scale, value, kind, &rgba);
  gdk_cairo_set_source_rgba (cr, &rgba);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  if (kind == MSVIS_TREND_CELL_VALUE || w < 4 || h < 4)
    return;
  cairo_save (cr);
  /* the marks keep their shape in a wide cell: drawn in its middle square */
  if (kind != MSVIS_TREND_CELL_CLIPPED && w > h)
    x += (w - h) / 2, w = h;
  cairo_set_line_width (cr, 1.2);
  if (kind == MSVIS_TREND_CELL_CLIPPED)
    {
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_move_to (cr, x + w, y);
      cairo_line_to (cr, x + w, y + MIN (h, w) * 0.6);
      cairo_line_to (cr, x + w - MIN (h, w) * 0.6, y);
      cairo_close_path (cr);
      cairo_fill (cr);
    }
  else if (kind == MSVIS_TREND_CELL_NAN)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_move_to (cr, x + w * 0.3, y + h * 0.3);
      cairo_line_to (cr, x + w * 0.7, y + h * 0.7);
      cairo_move_to (cr, x + w * 0.7, y + h * 0.3);
      cairo_line_to (cr, x + w * 0.3, y + h * 0.7);
      cairo_stroke (cr);
    }
  else
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_move_to (cr, x + w * 0.25, y + h * 0.5);
      cairo_line_to (cr, x + w * 0.75, y + h * 0.5);
      if (kind == MSVIS_TREND_CELL_POS_INF)
        {
          cairo_move_to (cr, x + w * 0.5, y + h * 0.25);
          cairo_line_to (cr, x + w * 0.5, y + h * 0.75);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

char *
msvis_trend_format_value (double         value,
                          MsvisTrendCell kind)
{
  switch (kind)
    {
    case MSVIS_TREND_CELL_GAP:
      return g_strdup (_("no data"));
    case MSVIS_TREND_CELL_NAN:
      return g_strdup (_("NaN (or no value)"));
    case MSVIS_TREND_CELL_POS_INF:
      return g_strdup (_("+inf (stored as 1e9+1)"));
    case MSVIS_TREND_CELL_NEG_INF:
      return g_strdup (_("−inf (stored as −1e9−1)"));
    case MSVIS_TREND_CELL_CLIPPED:
      return g_strdup (value > 0 ? _("≥ 1e9 (clipped)") : _("≤ −1e9 (clipped)"));
    case MSVIS_TREND_CELL_VALUE:
    default:
      return g_strdup_printf ("%.6g", value);
    }
}
