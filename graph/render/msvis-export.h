// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-render.h"
#include "msvis-safe-file.h"

G_BEGIN_DECLS

/* A picture to export: a title, a legend, and one or two laid-out sides (NPU and Bench of a
 * compare, joined by link curves), each the whole layout or a part of it. Measured in points;
 * PNG pixels are points × scale. The window and `msvis export` both make one of these. */

/* Errors of drawing a picture that are not plain file-system errors. */
#define MSVIS_EXPORT_ERROR (msvis_export_error_quark ())

typedef enum
{
  MSVIS_EXPORT_ERROR_FORMAT,     /* the output's name says no format msvis writes */
  MSVIS_EXPORT_ERROR_TOO_LARGE,  /* beyond what the format can hold */
  MSVIS_EXPORT_ERROR_CAIRO,      /* cairo failed to draw or write */
  MSVIS_EXPORT_ERROR_PNG,        /* libpng failed */
  MSVIS_EXPORT_ERROR_NO_SIDE,    /* a side the result does not have */
} MsvisExportError;

GQuark msvis_export_error_quark (void);

typedef enum
{
  MSVIS_EXPORT_PNG,
  MSVIS_EXPORT_SVG,
  MSVIS_EXPORT_PDF,
} MsvisExportFormat;

typedef struct _MsvisExportScene MsvisExportScene;

#define MSVIS_EXPORT_MAX_SIDES 2

gboolean          msvis_export_format_from_path (const char         *path,
                                                 MsvisExportFormat  *format,
                                                 GError            **error);

MsvisExportScene *msvis_export_scene_new        (const char         *title,
                                                 const char         *subtitle);
void              msvis_export_scene_free       (MsvisExportScene   *self);
/* @area: the part of @layout to show (layout coordinates), or NULL for all of it. @fills is
 * copied. */
void              msvis_export_scene_add_side   (MsvisExportScene   *self,
                                                 const char         *heading,
                                                 MsvisLayout        *layout,
                                                 const MsvisRgba    *fills,
                                                 guint               n_fills,
                                                 const MsvisRect    *area);
/* Curves from the first side's boxes to the second's, by @results (the NPU graph's). */
void              msvis_export_scene_set_links  (MsvisExportScene   *self,
                                                 MsvisCompareResults *results);
void              msvis_export_scene_add_legend (MsvisExportScene   *self,
                                                 const MsvisRgba    *color,
                                                 const char         *text);
/* Adds the buckets of @buckets, then grey for unmatched nodes, as the legend. */
void              msvis_export_scene_add_bucket_legend (MsvisExportScene *self,
                                                        MsvisBuckets     *buckets);
void              msvis_export_scene_add_overflow_legend (MsvisExportScene *self);
/* Rings @node on side @side (0 or 1): what a picture is about. */
void              msvis_export_scene_highlight  (MsvisExportScene   *self,
                                                 guint               side,
                                                 MsvisNodeId         node);
void              msvis_export_scene_set_scale  (MsvisExportScene   *self,
                                                 double              scale);
void              msvis_export_scene_get_size   (MsvisExportScene   *self,
                                                 MsvisExportFormat   format,
                                                 guint64            *width,
                                                 guint64            *height);
/* An estimate of the file's size in bytes, for asking before writing a very large one. */
guint64           msvis_export_scene_estimate_bytes (MsvisExportScene *self,
                                                     MsvisExportFormat format);
/* Draws the part @clip (points) of the picture onto @cr, whose user space is in points;
 * @zoom is device pixels per point, for the level of detail. */
void              msvis_export_scene_draw       (MsvisExportScene   *self,
                                                 cairo_t            *cr,
                                                 const MsvisRect    *clip,
                                                 double              zoom);
/* Writes @path complete or not at all; it replaces a file only with
 * %MSVIS_SAFE_FILE_REPLACE. */
gboolean          msvis_export_scene_write      (MsvisExportScene   *self,
                                                 const char         *path,
                                                 MsvisExportFormat   format,
                                                 MsvisSafeFileFlags  flags,
                                                 GCancellable       *cancellable,
                                                 GError            **error);

gboolean          msvis_export_scene_write_to_stream (MsvisExportScene  *self,
                                                     MsvisExportFormat  format,
                                                     GOutputStream     *stream,
                                                     GCancellable      *cancellable,
                                                     GError           **error);

/* msvis-export-png.c: PNG of any size, drawn and written in bands of rows. */
gboolean          msvis_export_write_png        (MsvisExportScene   *self,
                                                 GOutputStream      *stream,
                                                 GCancellable       *cancellable,
                                                 GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisExportScene, msvis_export_scene_free)

G_END_DECLS
