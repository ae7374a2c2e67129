// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "msvis-trend-chart.h"
#include "msvis-trend-heatmap.h"

#define LEFT    72.
#define RIGHT   16.
#define TOP     24.
#define BOTTOM  34.
#define LEGEND_ROW 16.

typedef struct
{
  char           *label;
  MsvisTrendLine *line;
  GdkRGBA         colour;
} Series;

struct _MsvisTrendChart
{
  GtkWidget  parent_instance;

  GArray    *series;     /* Series */
  char      *x_title;
  char      *y_title;
};

G_DEFINE_FINAL_TYPE (MsvisTrendChart, msvis_trend_chart, GTK_TYPE_WIDGET)

/* Okabe–Ito: told apart by colour-blind eyes too. */
void
msvis_trend_series_colour (guint    i,
                           GdkRGBA *rgba)
{
  static const guint32 colours[] = {
    0x0072b2, 0xd55e00, 0x009e73, 0xcc79a7, 0xe69f00, 0x56b4e9, 0x000000, 0xf0e442,
  };
  guint32 hex = colours[i % G_N_ELEMENTS (colours)];

  *rgba = (GdkRGBA) { ((hex >> 16) & 0xff) / 255., ((hex >> 8) & 0xff) / 255.,
                      (hex & 0xff) / 255., 1. };
}

static void
series_clear (gpointer data)
{
  Series *series = data;

  g_free (series->label);
  msvis_trend_line_free (series->line);
}

void
msvis_trend_chart_set_axis (MsvisTrendChart *self,
                            const char      *x_title,
                            const char      *y_title)
{
  g_free (self->x_title);
  g_free (self->y_title);
  self->x_title = g_strdup (x_title);
  self->y_title = g_strdup (y_title);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* @line: (transfer full) */
void
msvis_trend_chart_add (MsvisTrendChart *self,
                       const char      *label,
                       MsvisTrendLine  *line,
                       const GdkRGBA   *colour)
{
  Series series = { g_strdup (label), line, *colour };

  g_array_append_val (self->series, series);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
msvis_trend_chart_clear (MsvisTrendChart *self)
{
  g_array_set_size (self->series, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

guint
msvis_trend_chart_n_series (MsvisTrendChart *self)
{
  return self->series->len;
}

const char *
msvis_trend_chart_get_label (MsvisTrendChart *self,
                             guint            i)
{
  return g_array_index (self->series, Series, i).label;
}

const MsvisTrendLine *
msvis_trend_chart_get_line (MsvisTrendChart *self,
                            guint            i)
{
  return g_array_index (self->series, Series, i).line;
}

/* The round step, 1, 2, 2.5 or 5 times a power of ten, at least @raw. */
static double
nice_step (double raw)
{
  double power = pow (10, floor (log10 (raw))), f = raw / power;

  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10) * power;
}

/* The scale widened to four round steps, so that the ticks read 75, 100, 125 rather than
 * 73.97, 108.7, 143.4. */
static void
round_range (double *lo,
             double *hi)
{
  double step = nice_step ((*hi - *lo) / 4), start;

  if (!isfinite (step) || step <= 0)
    return;
  for (int tries = 0; tries < 4; tries++)
    {
      start = floor (*lo / step) * step;
      if (start + 4 * step >= *hi)
        break;
      step = nice_step (step * 1.0001);
    }
  *lo = start;
  *hi = start + 4 * step;
}

static void
ranges (MsvisTrendChart *self,
        double          *lo,
        double          *hi,
        guint           *n)
{
  *lo = INFINITY;
  *hi = -INFINITY;
  *n = 0;
  for (guint s = 0; s < self->series->len; s++)
    {
      MsvisTrendLine *line = g_array_index (self->series, Series, s).line;

      *n = MAX (*n, line->at->len);
      for (guint i = 0; i < line->at->len; i++)
        if (line->kinds[i] == MSVIS_TREND_CELL_VALUE)
          {
            *lo = MIN (*lo, line->values[i]);
            *hi = MAX (*hi, line->values[i]);
          }
    }
  if (*lo > *hi)
    *lo = 0, *hi = 1;
  if (*lo == *hi)
    *lo -= fabs (*lo) * 0.5 + 0.5, *hi += fabs (*hi) * 0.5 + 0.5;
  else
    {
      /* points at the extremes stay off the frame, where they could not be seen */
      double pad = (*hi - *lo) * 0.06;

      *lo -= pad;
      *hi += pad;
    }
  round_range (lo, hi);
}

static void
text_at (cairo_t    *cr,
         const char *text,
         double      x,
         double      y,
         double      align)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 8");
  int w, h;

  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - w * align, y - h / 2.);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
draw_axes (MsvisTrendChart *self,
           cairo_t         *cr,
           double           width,
           double           height,
           double           lo,
           double           hi,
           guint            n)
{
  double pw = width - LEFT - RIGHT, ph = height - TOP - BOTTOM;
  const GArray *at = self->series->len ? g_array_index (self->series, Series, 0).line->at : NULL;
  guint every = MAX (1, (guint)ceil (n * 40. / MAX (pw, 1)));

  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, LEFT + 0.5, TOP + 0.5, pw, ph);
  cairo_stroke (cr);
  for (int k = 0; k <= 4; k++)
    {
      double step = (hi - lo) / 4, v = round ((lo + step * k) / step) * step;
      double y = TOP + ph - ph * k / 4;
      g_autofree char *text = g_strdup_printf ("%.6g", v);

      text_at (cr, text, LEFT - 4, y, 1);
    }
  for (guint i = 0; at != NULL && i < at->len; i += every)
    {
      double x = LEFT + (n > 1 ? pw * i / (n - 1) : pw / 2);
      g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT,
                                               g_array_index (at, gint64, i));

      text_at (cr, text, x, TOP + ph + 9, 0.5);
    }
  if (self->x_title != NULL)
    text_at (cr, self->x_title, LEFT + pw / 2, height - 8, 0.5);
  if (self->y_title != NULL)
    text_at (cr, self->y_title, 4, TOP / 2, 0);
}

static void
draw_series (cairo_t      *cr,
             const Series *series,
             double        width,
             double        height,
             double        lo,
             double        hi,
             guint         n)
{
  double pw = width - LEFT - RIGHT, ph = height - TOP - BOTTOM;
  const MsvisTrendLine *line = series->line;
  gboolean open = FALSE;

  gdk_cairo_set_source_rgba (cr, &series->colour);
  cairo_set_line_width (cr, 1.6);
  for (guint i = 0; i < line->at->len; i++)
    {
      double x = LEFT + (n > 1 ? pw * i / (n - 1) : pw / 2), y;
      MsvisTrendCell kind = line->kinds[i];

      if (kind != MSVIS_TREND_CELL_VALUE)
        {
          if (open)
            cairo_stroke (cr);
          open = FALSE;
          if (kind != MSVIS_TREND_CELL_GAP)
            {
              /* beyond the scale: a triangle at the edge it went over, a square for NaN */
              gboolean up = kind == MSVIS_TREND_CELL_POS_INF ||
                            (kind == MSVIS_TREND_CELL_CLIPPED && line->values[i] > 0);

              y = kind == MSVIS_TREND_CELL_NAN ? TOP + ph / 2 : up ? TOP + 4 : TOP + ph - 4;
              if (kind == MSVIS_TREND_CELL_NAN)
                cairo_rectangle (cr, x - 3, y - 3, 6, 6);
              else
                {
                  cairo_move_to (cr, x, up ? y - 4 : y + 4);
                  cairo_line_to (cr, x - 4, up ? y + 3 : y - 3);
                  cairo_line_to (cr, x + 4, up ? y + 3 : y - 3);
                  cairo_close_path (cr);
                }
              cairo_fill (cr);
            }
          continue;
        }
      y = TOP + ph - ph * (line->values[i] - lo) / (hi - lo);
      if (open)
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
      cairo_rectangle (cr, x - 1.5, y - 1.5, 3, 3);
      cairo_move_to (cr, x, y);
      open = TRUE;
    }
  if (open)
    cairo_stroke (cr);
}

/* Whether a point of a line falls in the box (x, y, w, h) of the plot. */
static gboolean
box_is_free (MsvisTrendChart *self,
             double           x,
             double           y,
             double           w,
             double           h,
             double           width,
             double           height,
             double           lo,
             double           hi,
             guint            n)
{
  double pw = width - LEFT - RIGHT, ph = height - TOP - BOTTOM;

  for (guint s = 0; s < self->series->len; s++)
    {
      const MsvisTrendLine *line = g_array_index (self->series, Series, s).line;

      for (guint i = 0; i < line->at->len; i++)
        {
          double px = LEFT + (n > 1 ? pw * i / (n - 1) : pw / 2), py;

          if (line->kinds[i] != MSVIS_TREND_CELL_VALUE)
            continue;
          py = TOP + ph - ph * (line->values[i] - lo) / (hi - lo);
          if (px >= x - 4 && px <= x + w + 4 && py >= y - 4 && py <= y + h + 4)
            return FALSE;
        }
    }
  return TRUE;
}

/* The legend above the plot, in one line right of the axis title, where it fits; else in a
 * corner of the plot no line goes through (top left first), over a background where every
 * corner has one. */
static void
draw_legend (MsvisTrendChart *self,
             cairo_t         *cr,
             double           width,
             double           height,
             double           lo,
             double           hi,
             guint            n,
             const GdkRGBA   *fg)
{
  double pw = width - LEFT - RIGHT, ph = height - TOP - BOTTOM;
  double w = 30, h = self->series->len * LEGEND_ROW, x0, y0, across = 0;
  gboolean free = FALSE;

  for (guint s = 0; s < self->series->len; s++)
    {
      PangoLayout *layout = pango_cairo_create_layout (cr);
      PangoFontDescription *font = pango_font_description_from_string ("Sans 8");
      int tw;

      pango_layout_set_font_description (layout, font);
      pango_layout_set_text (layout, g_array_index (self->series, Series, s).label, -1);
      pango_layout_get_pixel_size (layout, &tw, NULL);
      w = MAX (w, 26 + tw + 6);
      across += 22 + tw + 14;
      pango_font_description_free (font);
      g_object_unref (layout);
    }
  if (across <= pw - 40)
    {
      x0 = LEFT + pw - across;
      for (guint s = 0; s < self->series->len; s++)
        {
          Series *series = &g_array_index (self->series, Series, s);
          PangoLayout *layout = pango_cairo_create_layout (cr);
          PangoFontDescription *font = pango_font_description_from_string ("Sans 8");
          int tw;

          pango_layout_set_font_description (layout, font);
          pango_layout_set_text (layout, series->label, -1);
          pango_layout_get_pixel_size (layout, &tw, NULL);
          pango_font_description_free (font);
          g_object_unref (layout);
          gdk_cairo_set_source_rgba (cr, &series->colour);
          cairo_rectangle (cr, x0, TOP / 2 - 4, 14, 8);
          cairo_fill (cr);
          gdk_cairo_set_source_rgba (cr, fg);
          text_at (cr, series->label, x0 + 18, TOP / 2, 0);
          x0 += 22 + tw + 14;
        }
      return;
    }
  x0 = LEFT + 4;
  y0 = TOP + 2;
  for (int corner = 0; corner < 4 && !free; corner++)
    {
      x0 = corner % 2 == 0 ? LEFT + 4 : LEFT + pw - w - 4;
      y0 = corner < 2 ? TOP + 2 : TOP + ph - h - 2;
      free = box_is_free (self, x0, y0, w, h, width, height, lo, hi, n);
    }
  if (!free)
    {
      x0 = LEFT + 4;
      y0 = TOP + 2;
      cairo_set_source_rgba (cr, 1 - fg->red, 1 - fg->green, 1 - fg->blue, 0.85);
      cairo_rectangle (cr, x0, y0, w, h);
      cairo_fill (cr);
    }
  for (guint s = 0; s < self->series->len; s++)
    {
      Series *series = &g_array_index (self->series, Series, s);
      double y = y0 + 6 + s * LEGEND_ROW;

      gdk_cairo_set_source_rgba (cr, &series->colour);
      cairo_rectangle (cr, x0 + 4, y - 4, 14, 8);
      cairo_fill (cr);
      gdk_cairo_set_source_rgba (cr, fg);
      text_at (cr, series->label, x0 + 22, y, 0);
    }
}

void
msvis_trend_chart_draw (MsvisTrendChart *self,
                        cairo_t         *cr,
                        double           width,
                        double           height,
                        const GdkRGBA   *fg)
{
  double lo, hi;
  guint n;

  if (width <= LEFT + RIGHT + 10 || height <= TOP + BOTTOM + 10)
    return;
  gdk_cairo_set_source_rgba (cr, fg);
  if (self->series->len == 0)
    {
      text_at (cr, _("Click cells of the heat map to follow them here"), width / 2, height / 2,
               0.5);
      return;
    }
  ranges (self, &lo, &hi, &n);
  draw_axes (self, cr, width, height, lo, hi, n);
  for (guint s = 0; s < self->series->len; s++)
    draw_series (cr, &g_array_index (self->series, Series, s), width, height, lo, hi, n);
  draw_legend (self, cr, width, height, lo, hi, n, fg);
}

static void
msvis_trend_chart_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  GdkRGBA fg;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  msvis_trend_chart_draw (MSVIS_TREND_CHART (widget), cr, width, height, &fg);
  cairo_destroy (cr);
}

static gboolean
query_tooltip (GtkWidget  *widget,
               int         wx,
               int         wy,
               gboolean    keyboard,
               GtkTooltip *tooltip)
{
  MsvisTrendChart *self = MSVIS_TREND_CHART (widget);
  double pw = gtk_widget_get_width (widget) - LEFT - RIGHT, lo, hi;
  GString *text;
  guint n, i;

  if (self->series->len == 0 || wx < LEFT - 4 || wx > LEFT + pw + 4)
    return FALSE;
  ranges (self, &lo, &hi, &n);
  i = n > 1 ? (guint)CLAMP (round ((wx - LEFT) / pw * (n - 1)), 0, n - 1) : 0;
  text = g_string_new (NULL);
  for (guint s = 0; s < self->series->len; s++)
    {
      Series *series = &g_array_index (self->series, Series, s);
      g_autofree char *value = NULL;

      if (i >= series->line->at->len)
        continue;
      value = msvis_trend_format_value (series->line->values[i], series->line->kinds[i]);
      if (s == 0)
        g_string_append_printf (text, "%s %" G_GINT64_FORMAT, self->x_title ? self->x_title : "",
                                g_array_index (series->line->at, gint64, i));
      g_string_append_printf (text, "\n%s: %s", series->label, value);
    }
  gtk_tooltip_set_text (tooltip, text->str);
  g_string_free (text, TRUE);
  return TRUE;
}

static void
msvis_trend_chart_finalize (GObject *object)
{
  MsvisTrendChart *self = MSVIS_TREND_CHART (object);

  g_array_unref (self->series);
  g_free (self->x_title);
  g_free (self->y_title);
  G_OBJECT_CLASS (msvis_trend_chart_parent_class)->finalize (object);
}

static void
msvis_trend_chart_class_init (MsvisTrendChartClass *klass)
{
  GTK_WIDGET_CLASS (klass)->snapshot = msvis_trend_chart_snapshot;
  GTK_WIDGET_CLASS (klass)->query_tooltip = query_tooltip;
  G_OBJECT_CLASS (klass)->finalize = msvis_trend_chart_finalize;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "trend-chart");
}

static void
msvis_trend_chart_init (MsvisTrendChart *self)
{
  self->series = g_array_new (FALSE, FALSE, sizeof (Series));
  g_array_set_clear_func (self->series, series_clear);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self), 200, 160);
}

GtkWidget *
msvis_trend_chart_new (void)
{
  return g_object_new (MSVIS_TYPE_TREND_CHART, NULL);
}
