// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "msvis-export-private.h"
#include "msvis-render-text.h"

G_DEFINE_QUARK (msvis-export-error-quark, msvis_export_error)

#define MARGIN        24.
#define GAP           96.    /* between the two sides, where the link curves run */
#define SWATCH        12.
#define LEGEND_SPACE  18.    /* between legend entries */
#define HIGHLIGHT_WIDTH 3.

static const MsvisRgba ink = { 0.13, 0.13, 0.13, 1 };
static const MsvisRgba dim_ink = { 0.40, 0.40, 0.40, 1 };
static const MsvisRgba link_ink = { 0.25, 0.25, 0.25, 0.35 };
static const MsvisRgba highlight_ink = { 0.21, 0.52, 0.89, 1 };   /* GNOME's accent blue */

gboolean
msvis_export_format_from_path (const char         *path,
                               MsvisExportFormat  *format,
                               GError            **error)
{
  g_autofree char *lower = g_ascii_strdown (path, -1);

  if (g_str_has_suffix (lower, ".png"))
    *format = MSVIS_EXPORT_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = MSVIS_EXPORT_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    *format = MSVIS_EXPORT_PDF;
  else
    {
      g_set_error (error, MSVIS_EXPORT_ERROR, MSVIS_EXPORT_ERROR_FORMAT,
                   /* translators: %s is a file name */
                   _("%s: the picture’s name must end in .png, .svg or .pdf"), path);
      return FALSE;
    }
  return TRUE;
}

static void
legend_entry_clear (gpointer data)
{
  g_free (((MsvisLegendEntry *) data)->text);
}

MsvisExportScene *
msvis_export_scene_new (const char *title,
                        const char *subtitle)
{
  MsvisExportScene *self = g_new0 (MsvisExportScene, 1);

  self->title = g_strdup (title ? title : "");
  self->subtitle = g_strdup (subtitle ? subtitle : "");
  self->legend = g_array_new (FALSE, TRUE, sizeof (MsvisLegendEntry));
  g_array_set_clear_func (self->legend, legend_entry_clear);
  self->scale = 1;
  return self;
}

void
msvis_export_scene_free (MsvisExportScene *self)
{
  if (self == NULL)
    return;
  for (guint i = 0; i < self->n_sides; i++)
    {
      g_free (self->sides[i].heading);
      g_free (self->sides[i].fills);
      msvis_layout_unref (self->sides[i].layout);
      msvis_label_cache_free (self->sides[i].labels);
    }
  g_free (self->title);
  g_free (self->subtitle);
  g_array_unref (self->legend);
  g_free (self);
}

void
msvis_export_scene_add_side (MsvisExportScene *self,
                             const char       *heading,
                             MsvisLayout      *layout,
                             const MsvisRgba  *fills,
                             guint             n_fills,
                             const MsvisRect  *area)
{
  MsvisExportSide *side;

  g_return_if_fail (self->n_sides < MSVIS_EXPORT_MAX_SIDES);

  side = &self->sides[self->n_sides++];
  side->heading = g_strdup (heading);
  side->layout = msvis_layout_ref (layout);
  side->labels = msvis_label_cache_new ();
  side->fills = fills ? g_memdup2 (fills, n_fills * sizeof *fills) : NULL;
  side->area = area ? *area : msvis_layout_get_bounds (layout);
  side->highlight = MSVIS_NODE_ID_NONE;
  self->measured = FALSE;
}

void
msvis_export_scene_highlight (MsvisExportScene *self,
                              guint             side,
                              MsvisNodeId       node)
{
  g_return_if_fail (side < self->n_sides);

  self->sides[side].highlight = node;
}

void
msvis_export_scene_set_links (MsvisExportScene    *self,
                              MsvisCompareResults *results)
{
  self->links = results;
}

void
msvis_export_scene_add_legend (MsvisExportScene *self,
                               const MsvisRgba  *color,
                               const char       *text)
{
  MsvisLegendEntry entry = { *color, g_strdup (text) };

  g_array_append_val (self->legend, entry);
  self->measured = FALSE;
}

void
msvis_export_scene_add_bucket_legend (MsvisExportScene *self,
                                      MsvisBuckets     *buckets)
{
  for (guint i = 0; buckets != NULL && i < msvis_buckets_get_n (buckets); i++)
    {
      const MsvisBucket *bucket = msvis_buckets_get (buckets, i);
      g_autofree char *text = g_strdup_printf ("[%g, %g]", bucket->lo, bucket->hi);
      MsvisRgba color;

      if (msvis_rgba_parse (bucket->color, &color))
        msvis_export_scene_add_legend (self, &color, text);
    }
  /* In the language of the program, as the ranges are: the file's own description is in
   * whatever language msprobe was run in (Chinese, in an English report). */
  msvis_export_scene_add_legend (self, &msvis_render_unmatched_grey, _("Unmatched"));
}

void
msvis_export_scene_add_overflow_legend (MsvisExportScene *self)
{
  const char *names[] = { N_("No overflow"), N_("Medium overflow"), N_("High overflow"),
                          N_("Critical overflow") };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    msvis_export_scene_add_legend (self, &msvis_render_overflow_fills[i], _(names[i]));
}

void
msvis_export_scene_set_scale (MsvisExportScene *self,
                              double            scale)
{
  self->scale = scale;
}

static PangoLayout *
text_layout (MsvisExportScene *self,
             cairo_t          *cr,
             const char       *text,
             const char       *font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  g_autoptr(PangoFontDescription) desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  return layout;
}

static double
text_width (MsvisExportScene *self,
            cairo_t          *cr,
            const char       *text,
            const char       *font,
            double           *height)
{
  g_autoptr(PangoLayout) layout = text_layout (self, cr, text, font);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  if (height)
    *height = h;
  return w;
}

/* Places the title, the legend (wrapped to the width of the sides) and the sides. */
void
_msvis_export_scene_measure (MsvisExportScene *self)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  double sides_width = 0, sides_height = 0, y, x, h, row_h = SWATCH, width;

  if (self->measured)
    goto done;
  for (guint i = 0; i < self->n_sides; i++)
    {
      sides_width += self->sides[i].area.width + (i > 0 ? GAP : 0);
      sides_height = MAX (sides_height, self->sides[i].area.height);
    }
  width = MAX (sides_width, 360);
  width = MAX (width, text_width (self, cr, self->title, TITLE_FONT, &h));
  self->title_y = MARGIN;
  y = MARGIN + h;
  width = MAX (width, text_width (self, cr, self->subtitle, SUBTITLE_FONT, &h));
  self->subtitle_y = y + 2;
  y += 2 + h + 14;

  x = 0;
  for (guint i = 0; i < self->legend->len; i++)
    {
      MsvisLegendEntry *entry = &g_array_index (self->legend, MsvisLegendEntry, i);
      double w = SWATCH + 6 + text_width (self, cr, entry->text, LEGEND_FONT, &h);

      row_h = MAX (row_h, h);
      if (x > 0 && x + w > width)
        {
          x = 0;
          y += row_h + 6;
        }
      entry->x = MARGIN + x;
      entry->y = y;
      x += w + LEGEND_SPACE;
    }
  if (self->legend->len > 0)
    y += row_h + 18;

  self->heading_y = y;
  text_width (self, cr, "NPU", HEADING_FONT, &h);
  self->sides_y = y + h + 8;
  x = MARGIN;
  for (guint i = 0; i < self->n_sides; i++)
    {
      self->sides[i].x = x;
      x += self->sides[i].area.width + GAP;
    }
  self->width = width + 2 * MARGIN;
  self->height = self->sides_y + sides_height + MARGIN;
  self->measured = TRUE;
done:
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

void
msvis_export_scene_get_size (MsvisExportScene  *self,
                             MsvisExportFormat  format,
                             guint64           *width,
                             guint64           *height)
{
  double scale = format == MSVIS_EXPORT_PNG ? self->scale
                 : format == MSVIS_EXPORT_PDF ? msvis_export_scene_pdf_fit (self) : 1;

  _msvis_export_scene_measure (self);
  *width = (guint64) ceil (self->width * scale);
  *height = (guint64) ceil (self->height * scale);
}

guint64
msvis_export_scene_estimate_bytes (MsvisExportScene  *self,
                                   MsvisExportFormat  format)
{
  guint64 width, height, boxes = 0;

  msvis_export_scene_get_size (self, format, &width, &height);
  for (guint i = 0; i < self->n_sides; i++)
    boxes += msvis_layout_get_n_boxes (self->sides[i].layout);
  /* Flat fills compress about tenfold in a PNG; a box costs about 1.5 kB of SVG or PDF with
   * its outlined label. */
  return format == MSVIS_EXPORT_PNG ? width * height * 3 / 10 : 1500 * boxes + 50000;
}

static void
draw_text (cairo_t          *cr,
           MsvisExportScene *self,
           const char       *text,
           const char       *font,
           const MsvisRgba  *color,
           double            x,
           double            y)
{
  g_autoptr(PangoLayout) layout = text_layout (self, cr, text, font);

  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha);
  cairo_move_to (cr, x, y);
  msvis_render_show_layout (cr, layout);
}

static void
draw_legend (MsvisExportScene *self,
             cairo_t          *cr)
{
  for (guint i = 0; i < self->legend->len; i++)
    {
      MsvisLegendEntry *entry = &g_array_index (self->legend, MsvisLegendEntry, i);
      const MsvisRgba *c = &entry->color;

      cairo_rectangle (cr, entry->x + 0.5, entry->y + 2.5, SWATCH - 1, SWATCH - 1);
      cairo_set_source_rgba (cr, c->red, c->green, c->blue, 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, c->red * 0.62, c->green * 0.62, c->blue * 0.62, 1);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      draw_text (cr, self, entry->text, LEGEND_FONT, &dim_ink, entry->x + SWATCH + 6, entry->y);
    }
}

static MsvisRenderPlacement
placement (MsvisExportScene *self,
           guint             i)
{
  MsvisExportSide *side = &self->sides[i];

  return (MsvisRenderPlacement) { side->layout, 1, side->x - side->area.x,
                                  self->sides_y - side->area.y };
}

/* Outside the box, so that its fill and label stay as the legend says. */
static void
draw_highlight (cairo_t         *cr,
                MsvisExportSide *side)
{
  const MsvisLayoutBox *box;

  if (side->highlight == MSVIS_NODE_ID_NONE
      || !(box = msvis_layout_lookup (side->layout, side->highlight)))
    return;
  cairo_rectangle (cr, box->rect.x - HIGHLIGHT_WIDTH, box->rect.y - HIGHLIGHT_WIDTH,
                   box->rect.width + 2 * HIGHLIGHT_WIDTH, box->rect.height + 2 * HIGHLIGHT_WIDTH);
  cairo_set_source_rgba (cr, highlight_ink.red, highlight_ink.green, highlight_ink.blue, 1);
  cairo_set_line_width (cr, HIGHLIGHT_WIDTH);
  cairo_stroke (cr);
}

static void
draw_side (MsvisExportScene *self,
           cairo_t          *cr,
           guint             i,
           const MsvisRect  *clip,
           double            zoom)
{
  MsvisExportSide *side = &self->sides[i];
  MsvisRect visible = { side->x, self->sides_y, side->area.width, side->area.height };
  MsvisRect area;
  MsvisRenderSide render = { side->layout, side->fills, zoom, FALSE, side->labels, NULL, TRUE };

  draw_text (cr, self, side->heading, HEADING_FONT, &ink, side->x, self->heading_y);
  if (!msvis_rect_intersects (&visible, clip))
    return;
  /* The part of the side inside @clip, in layout coordinates. */
  area.x = MAX (visible.x, clip->x) - side->x + side->area.x;
  area.y = MAX (visible.y, clip->y) - self->sides_y + side->area.y;
  area.width = MIN (visible.x + visible.width, clip->x + clip->width) - MAX (visible.x, clip->x);
  area.height = MIN (visible.y + visible.height, clip->y + clip->height)
                - MAX (visible.y, clip->y);
  cairo_save (cr);
  cairo_rectangle (cr, visible.x, visible.y, visible.width, visible.height);
  cairo_clip (cr);
  cairo_translate (cr, side->x - side->area.x, self->sides_y - side->area.y);
  msvis_render_boxes (cr, &render, &area);
  draw_highlight (cr, side);
  cairo_restore (cr);
}

static void
draw_links (MsvisExportScene *self,
            cairo_t          *cr)
{
  MsvisRenderPlacement npu = placement (self, 0), bench = placement (self, 1);
  MsvisExportSide *left = &self->sides[0], *right = &self->sides[1];

  cairo_save (cr);
  cairo_rectangle (cr, left->x, self->sides_y,
                   right->x + right->area.width - left->x,
                   MAX (left->area.height, right->area.height));
  cairo_clip (cr);
  /* Curves pass under the boxes they cross: everything but the boxes, even-odd. */
  cairo_rectangle (cr, left->x, self->sides_y,
                   right->x + right->area.width - left->x,
                   MAX (left->area.height, right->area.height));
  msvis_render_link_holes (cr, &npu, &left->area);
  msvis_render_link_holes (cr, &bench, &right->area);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_clip (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  cairo_set_source_rgba (cr, link_ink.red, link_ink.green, link_ink.blue, link_ink.alpha);
  cairo_set_line_width (cr, 1);
  msvis_render_link_curves (cr, &npu, &bench, self->links, &left->area,
                            left->x + left->area.width + GAP / 2, G_MAXUINT);
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
msvis_export_scene_draw (MsvisExportScene *self,
                         cairo_t          *cr,
                         const MsvisRect  *clip,
                         double            zoom)
{
  _msvis_export_scene_measure (self);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, clip->x, clip->y, clip->width, clip->height);
  cairo_fill (cr);
  draw_text (cr, self, self->title, TITLE_FONT, &ink, MARGIN, self->title_y);
  draw_text (cr, self, self->subtitle, SUBTITLE_FONT, &dim_ink, MARGIN, self->subtitle_y);
  draw_legend (self, cr);
  for (guint i = 0; i < self->n_sides; i++)
    draw_side (self, cr, i, clip, zoom);
  if (self->n_sides == 2 && self->links != NULL)
    draw_links (self, cr);
  cairo_restore (cr);
}
