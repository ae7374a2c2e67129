// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <png.h>
#include <setjmp.h>

#include "msvis-export-private.h"

/* cairo draws at most 32767 pixels a side: a PNG is drawn in tiles of at most TILE_W × band
 * pixels, a band of rows at a time, and written row by row, so neither its width, its height
 * nor memory is a limit. */
#define TILE_W        8192
#define BAND_BYTES    (64 << 20)

typedef struct
{
  GOutputStream *stream;
  GCancellable  *cancellable;
  GError        *error;
} PngSink;

static void
png_write_cb (png_structp png,
              png_bytep   data,
              png_size_t  length)
{
  PngSink *sink = png_get_io_ptr (png);

  if (sink->error == NULL)
    g_output_stream_write_all (sink->stream, data, length, NULL, sink->cancellable,
                               &sink->error);
  if (sink->error != NULL)
    png_error (png, "write");
}

static void
png_flush_cb (png_structp png)
{
}

static void
png_error_cb (png_structp     png,
              png_const_charp message)
{
  PngSink *sink = png_get_error_ptr (png);

  if (sink->error == NULL)
    g_set_error (&sink->error, MSVIS_EXPORT_ERROR, MSVIS_EXPORT_ERROR_PNG, "libpng: %s", message);
  png_longjmp (png, 1);
}

static void
png_warning_cb (png_structp     png,
                png_const_charp message)
{
}

/* Draws rows [y0, y0 + rows) of the picture into @band (width × rows, RGB). */
static void
draw_band (MsvisExportScene *self,
           guint8           *band,
           guint64           width,
           guint64           y0,
           guint             rows)
{
  for (guint64 x0 = 0; x0 < width; x0 += TILE_W)
    {
      int tile_w = (int) MIN (TILE_W, width - x0);
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, tile_w, rows);
      int stride = cairo_image_surface_get_stride (surface);
      double s = self->scale;
      cairo_t *cr = cairo_create (surface);
      guint8 *pixels;

      cairo_translate (cr, -(double) x0, -(double) y0);
      cairo_scale (cr, s, s);
      msvis_export_scene_draw (self, cr, &(MsvisRect) { x0 / s, y0 / s, tile_w / s, rows / s },
                               s);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      pixels = cairo_image_surface_get_data (surface);
      for (guint r = 0; r < rows; r++)
        {
          const guint32 *in = (const guint32 *) (pixels + (gsize) r * stride);
          guint8 *out = band + ((gsize) r * width + x0) * 3;

          for (int x = 0; x < tile_w; x++)
            {
              out[3 * x] = in[x] >> 16;
              out[3 * x + 1] = in[x] >> 8;
              out[3 * x + 2] = in[x];
            }
        }
      cairo_surface_destroy (surface);
    }
}

gboolean
msvis_export_write_png (MsvisExportScene *self,
                        GOutputStream    *stream,
                        GCancellable     *cancellable,
                        GError          **error)
{
  PngSink sink = { stream, cancellable, NULL };
  guint64 width, height;
  guint band_rows;
  guint8 *volatile band = NULL;
  png_structp png;
  png_infop info;

  msvis_export_scene_get_size (self, MSVIS_EXPORT_PNG, &width, &height);
  if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX)
    {
      g_autofree char *w = g_strdup_printf ("%" G_GUINT64_FORMAT, width);
      g_autofree char *h = g_strdup_printf ("%" G_GUINT64_FORMAT, height);

      g_set_error (error, MSVIS_EXPORT_ERROR, MSVIS_EXPORT_ERROR_TOO_LARGE,
                   /* translators: a PNG's width and height in pixels */
                   _("A PNG of %s × %s pixels cannot be written"), w, h);
      return FALSE;
    }
  band_rows = (guint) CLAMP (BAND_BYTES / (width * 3), 1, MIN (height, 4096));

  png = png_create_write_struct (PNG_LIBPNG_VER_STRING, &sink, png_error_cb, png_warning_cb);
  info = png ? png_create_info_struct (png) : NULL;
  if (info == NULL)
    {
      png_destroy_write_struct (&png, NULL);
      g_set_error_literal (error, MSVIS_EXPORT_ERROR, MSVIS_EXPORT_ERROR_PNG,
                           "libpng: out of memory");
      return FALSE;
    }
  if (setjmp (png_jmpbuf (png)))
    {
      png_destroy_write_struct (&png, &info);
      g_free (band);
      g_propagate_error (error, sink.error);
      return FALSE;
    }
  png_set_write_fn (png, &sink, png_write_cb, png_flush_cb);
  /* Flat fills compress well at a low level; the default level takes several times longer. */
  png_set_compression_level (png, 3);
  /* One filter for every row: choosing per row costs more than it saves on flat fills. */
  png_set_filter (png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
  png_set_IHDR (png, info, (png_uint_32) width, (png_uint_32) height, 8, PNG_COLOR_TYPE_RGB,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info (png, info);

  band = g_malloc ((gsize) width * 3 * band_rows);
  for (guint64 y0 = 0; y0 < height; y0 += band_rows)
    {
      guint rows = (guint) MIN (band_rows, height - y0);

      if (g_cancellable_set_error_if_cancelled (cancellable, &sink.error))
        png_error (png, "cancelled");
      draw_band (self, band, width, y0, rows);
      for (guint r = 0; r < rows; r++)
        png_write_row (png, band + (gsize) r * width * 3);
    }
  png_write_end (png, NULL);
  png_destroy_write_struct (&png, &info);
  g_free (band);
  return TRUE;
}
