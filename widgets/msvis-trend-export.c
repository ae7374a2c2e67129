// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "msvis-py-repr.h"
#include "msvis-trend-legend.h"
#include "msvis-trend-view.h"

/* The heat map and the chart as PNG, SVG, PDF (drawn by the same code as the screen) or CSV.
 * Each is written under a temporary name beside the target and renamed when complete, so a
 * failed export leaves nothing behind and replaces nothing. */

#define LEGEND_HEIGHT 30.
#define CHART_WIDTH   900.
#define CHART_HEIGHT  420.
#define MAX_PIXELS    (16384. * 16384.)

typedef enum { FORMAT_PNG, FORMAT_SVG, FORMAT_PDF, FORMAT_CSV, FORMAT_NONE } Format;

static Format
format_of (GFile   *file,
           GError **error)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = g_ascii_strdown (name, -1);

  if (g_str_has_suffix (lower, ".png"))
    return FORMAT_PNG;
  if (g_str_has_suffix (lower, ".svg"))
    return FORMAT_SVG;
  if (g_str_has_suffix (lower, ".pdf"))
    return FORMAT_PDF;
  if (g_str_has_suffix (lower, ".csv"))
    return FORMAT_CSV;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
               /* translators: a file name */
               _("%s: the name must end in .png, .svg, .pdf or .csv"), name);
  return FORMAT_NONE;
}

typedef void (*Painter) (gpointer  source,
                         cairo_t  *cr);

static gboolean
commit (const char  *tmp,
        GFile       *file,
        GError     **error)
{
  g_autofree char *path = g_file_get_path (file);

  if (g_rename (tmp, path) != 0)
    {
      int saved = errno;

      g_unlink (tmp);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* translators: a file path, then the system's message */
                   _("%s: cannot write: %s"), path, g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

static char *
tmp_path (GFile   *file,
          GError **error)
{
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("Only local files can be written"));
      return NULL;
    }
  return g_strconcat (path, ".part", NULL);
}

static gboolean
paint (Format    format,
       GFile    *file,
       double    width,
       double    height,
       Painter   painter,
       gpointer  source,
       GError  **error)
{
  g_autofree char *tmp = tmp_path (file, error);
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (tmp == NULL)
    return FALSE;
  if (format == FORMAT_PNG && width * height > MAX_PIXELS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                   /* translators: a file path */
                   _("%s: the picture would be too big for a PNG; export SVG or PDF"), tmp);
      return FALSE;
    }
  surface = format == FORMAT_SVG ? cairo_svg_surface_create (tmp, width, height)
            : format == FORMAT_PDF ? cairo_pdf_surface_create (tmp, width, height)
            : cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int)ceil (width),
                                          (int)ceil (height));
  cr = cairo_create (surface);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  painter (source, cr);
  cairo_destroy (cr);
  if (format == FORMAT_PNG)
    status = cairo_surface_write_to_png (surface, tmp);
  else
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_unlink (tmp);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   /* translators: a file path, then cairo's message */
                   _("%s: cannot write: %s"), tmp, cairo_status_to_string (status));
      return FALSE;
    }
  return commit (tmp, file, error);
}

static gboolean
write_text (GFile    *file,
            GString  *text,
            GError  **error)
{
  g_autofree char *tmp = tmp_path (file, error);

  if (tmp == NULL || !g_file_set_contents (tmp, text->str, (gssize)text->len, error))
    return FALSE;
  return commit (tmp, file, error);
}

/* A CSV cell: the stored number, or what it stands for. */
static void
append_value (GString        *out,
              double          value,
              MsvisTrendCell  kind)
{
  switch (kind)
    {
    case MSVIS_TREND_CELL_GAP:
      break;
    case MSVIS_TREND_CELL_NAN:
      g_string_append (out, "nan");
      break;
    case MSVIS_TREND_CELL_POS_INF:
      g_string_append (out, "inf");
      break;
    case MSVIS_TREND_CELL_NEG_INF:
      g_string_append (out, "-inf");
      break;
    case MSVIS_TREND_CELL_CLIPPED:
    case MSVIS_TREND_CELL_VALUE:
    default:
      /* the shortest text that reads back as the same double, as Python prints it */
      msvis_py_append_float_repr (out, value);
    }
}

static void
append_field (GString    *out,
              const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
paint_map (gpointer  source,
           cairo_t  *cr)
{
  MsvisTrendHeatmap *map = source;
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 9");
  GdkRGBA black = { 0.1, 0.1, 0.1, 1 };
  double width, height;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  msvis_trend_heatmap_draw_all (map, cr, &width, &height);
  cairo_translate (cr, 0, height);
  msvis_trend_legend_draw (cr, layout, msvis_trend_heatmap_get_scale (map), width,
                           LEGEND_HEIGHT, &black);
  g_object_unref (layout);
}

/* CSV of the map: one line per module (every one, folded or not: the folds stay as they are)
 * or rank, one column each. */
static GString *
map_csv (MsvisTrendHeatmap *map)
{
  const MsvisTrendSlice *slice = msvis_trend_heatmap_get_slice (map);
  MsvisTrendRows *rows = msvis_trend_heatmap_get_rows (map);
  GString *out = g_string_new ("name");

  for (guint x = 0; x < slice->x->len; x++)
    g_string_append_printf (out, ",%" G_GINT64_FORMAT, g_array_index (slice->x, gint64, x));
  g_string_append_c (out, '\n');
  for (guint r = 0; r < msvis_trend_rows_n_rows (rows); r++)
    {
      const MsvisTrendRow *row = msvis_trend_rows_get (rows, r);
      g_autofree char *name = NULL;

      if (row->target < 0)
        continue;
      name = msvis_trend_heatmap_row_name (map, row);
      append_field (out, name);
      for (guint x = 0; x < slice->x->len; x++)
        {
          gsize i = (gsize)row->target * slice->x->len + x;

          g_string_append_c (out, ',');
          append_value (out, slice->values[i], slice->kinds[i]);
        }
      g_string_append_c (out, '\n');
    }
  return out;
}

gboolean
msvis_trend_export_map (MsvisTrendHeatmap  *map,
                        GFile              *file,
                        GError            **error)
{
  Format format = format_of (file, error);
  g_autoptr(GString) csv = NULL;
  cairo_surface_t *probe;
  cairo_t *cr;
  double width, height;

  if (format == FORMAT_NONE)
    return FALSE;
  if (msvis_trend_heatmap_get_slice (map) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no heat map"));
      return FALSE;
    }
  if (format == FORMAT_CSV)
    {
      csv = map_csv (map);
      return write_text (file, csv, error);
    }
  /* measured first: its size is that of the whole map, not of the window */
  probe = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cr = cairo_create (probe);
  msvis_trend_heatmap_draw_all (map, cr, &width, &height);
  cairo_destroy (cr);
  cairo_surface_destroy (probe);
  return paint (format, file, MAX (width, 760), height + LEGEND_HEIGHT, paint_map, map, error);
}

static void
paint_chart (gpointer  source,
             cairo_t  *cr)
{
  GdkRGBA black = { 0.1, 0.1, 0.1, 1 };

  msvis_trend_chart_draw (source, cr, CHART_WIDTH, CHART_HEIGHT, &black);
}

static GString *
chart_csv (MsvisTrendChart *chart)
{
  GString *out = g_string_new ("at");
  const MsvisTrendLine *first = msvis_trend_chart_get_line (chart, 0);

  for (guint s = 0; s < msvis_trend_chart_n_series (chart); s++)
    {
      g_string_append_c (out, ',');
      append_field (out, msvis_trend_chart_get_label (chart, s));
    }
  g_string_append_c (out, '\n');
  for (guint i = 0; i < first->at->len; i++)
    {
      g_string_append_printf (out, "%" G_GINT64_FORMAT, g_array_index (first->at, gint64, i));
      for (guint s = 0; s < msvis_trend_chart_n_series (chart); s++)
        {
          const MsvisTrendLine *line = msvis_trend_chart_get_line (chart, s);

          g_string_append_c (out, ',');
          if (i < line->at->len)
            append_value (out, line->values[i], line->kinds[i]);
        }
      g_string_append_c (out, '\n');
    }
  return out;
}

gboolean
msvis_trend_export_chart (MsvisTrendChart  *chart,
                          GFile            *file,
                          GError          **error)
{
  Format format = format_of (file, error);
  g_autoptr(GString) csv = NULL;

  if (format == FORMAT_NONE)
    return FALSE;
  if (msvis_trend_chart_n_series (chart) == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                           _("The line chart is empty: click cells of the heat map first"));
      return FALSE;
    }
  if (format == FORMAT_CSV)
    {
      csv = chart_csv (chart);
      return write_text (file, csv, error);
    }
  return paint (format, file, CHART_WIDTH, CHART_HEIGHT, paint_chart, chart, error);
}
