// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-export-private.h"
#include "msvis-render-text.h"
#include "msvis-safe-file.h"

#define VECTOR_ZOOM   4.        /* level of detail of SVG and PDF, which viewers zoom into */
#define PDF_MAX_PAGE  14400.    /* points: the largest page PDF viewers accept (200 inches) */

#define HOLD_BACK 32   /* bytes kept from the stream: more than cairo's "</svg>\n" */

typedef struct
{
  GOutputStream *stream;
  GCancellable  *cancellable;
  GError        *error;
  GByteArray    *tail;   /* SVG: the last bytes, where the text goes before "</svg>" */
} StreamClosure;

static cairo_status_t
write_to_stream (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  StreamClosure *c = closure;

  if (c->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (c->tail != NULL)
    {
      g_byte_array_append (c->tail, data, length);
      if (c->tail->len <= HOLD_BACK)
        return CAIRO_STATUS_SUCCESS;
      length = c->tail->len - HOLD_BACK;
      data = c->tail->data;
      if (!g_output_stream_write_all (c->stream, data, length, NULL, c->cancellable,
                                      &c->error))
        return CAIRO_STATUS_WRITE_ERROR;
      g_byte_array_remove_range (c->tail, 0, length);
      return CAIRO_STATUS_SUCCESS;
    }
  if (!g_output_stream_write_all (c->stream, data, length, NULL, c->cancellable, &c->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

/* The held-back end of cairo's SVG, with the text inserted before its closing tag. */
static gboolean
finish_svg (StreamClosure  *c,
            MsvisTextSink  *sink,
            GError        **error)
{
  const char *end = g_strrstr_len ((const char *) c->tail->data, c->tail->len, "</svg>");
  gsize before = end != NULL ? (gsize) (end - (const char *) c->tail->data) : c->tail->len;

  return g_output_stream_write_all (c->stream, c->tail->data, before, NULL, c->cancellable,
                                    error) &&
         msvis_text_sink_write (sink, c->stream, c->cancellable, error) &&
         g_output_stream_write_all (c->stream, c->tail->data + before, c->tail->len - before,
                                    NULL, c->cancellable, error);
}

/* A PDF larger than a viewer's largest page is scaled down to fit: it stays vector. */
static double
pdf_fit (MsvisExportScene *self)
{
  double largest = MAX (self->width, self->height);

  return largest > PDF_MAX_PAGE ? PDF_MAX_PAGE / largest : 1;
}

static gboolean
write_vector (MsvisExportScene  *self,
              MsvisExportFormat  format,
              GOutputStream     *stream,
              GCancellable      *cancellable,
              GError           **error)
{
  StreamClosure closure = { stream, cancellable, NULL, NULL };
  double fit = format == MSVIS_EXPORT_PDF ? pdf_fit (self) : 1;
  g_autoptr(MsvisTextSink) sink = NULL;
  g_autoptr(GByteArray) tail = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;

  if (format == MSVIS_EXPORT_PDF)
    surface = cairo_pdf_surface_create_for_stream (write_to_stream, &closure,
                                                   self->width * fit, self->height * fit);
  else
    {
      closure.tail = tail = g_byte_array_new ();
      sink = msvis_text_sink_new ();
      surface = cairo_svg_surface_create_for_stream (write_to_stream, &closure,
                                                     self->width, self->height);
    }
  cr = cairo_create (surface);
  if (sink != NULL)
    msvis_text_sink_attach (sink, cr);
  cairo_scale (cr, fit, fit);
  msvis_export_scene_draw (self, cr, &(MsvisRect) { 0, 0, self->width, self->height },
                           VECTOR_ZOOM);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (closure.error != NULL)
    {
      g_propagate_error (error, closure.error);
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, MSVIS_EXPORT_ERROR, MSVIS_EXPORT_ERROR_CAIRO, "cairo: %s",
                   cairo_status_to_string (status));
      return FALSE;
    }
  return sink == NULL || finish_svg (&closure, sink, error);
}

gboolean
msvis_export_scene_write_to_stream (MsvisExportScene  *self,
                                    MsvisExportFormat  format,
                                    GOutputStream     *stream,
                                    GCancellable      *cancellable,
                                    GError           **error)
{
  _msvis_export_scene_measure (self);
  if (format == MSVIS_EXPORT_PNG)
    return msvis_export_write_png (self, stream, cancellable, error);
  return write_vector (self, format, stream, cancellable, error);
}

gboolean
msvis_export_scene_write (MsvisExportScene  *self,
                          const char        *path,
                          MsvisExportFormat  format,
                          MsvisSafeFileFlags flags,
                          GCancellable      *cancellable,
                          GError           **error)
{
  g_autoptr(MsvisSafeFile) file = NULL;
  g_autoptr(GError) local = NULL;
  GOutputStream *stream;
  gboolean ok;

  _msvis_export_scene_measure (self);
  file = msvis_safe_file_new_full (path, 0644, flags, error);
  if (file == NULL)
    return FALSE;
  stream = msvis_safe_file_get_stream (file);
  ok = msvis_export_scene_write_to_stream (self, format, stream, cancellable, &local);
  if (ok)
    ok = msvis_safe_file_close (file, &local) && msvis_safe_file_commit (file, &local);
  if (ok)
    return TRUE;
  /* A write error of the file names it already. */
  if (strstr (local->message, path) != NULL)
    g_propagate_error (error, g_steal_pointer (&local));
  else
    /* translators: %s is the picture's file name, the second %s why it was not written */
    g_set_error (error, local->domain, local->code, _("Could not write %s: %s"), path,
                 local->message);
  return FALSE;
}

double
msvis_export_scene_pdf_fit (MsvisExportScene *self)
{
  _msvis_export_scene_measure (self);
  return pdf_fit (self);
}
