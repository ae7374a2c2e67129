// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include "msvis-render-text.h"

/* Device coordinates are the SVG's user units (points): cairo's SVG surface draws in them. */

typedef struct
{
  double x1, y1, x2, y2;
} Box;

struct _MsvisTextSink
{
  GString *texts;   /* the <text> elements so far */
  GArray  *clips;   /* Box: the clip rectangles some text needed */
  guint    n_texts;
};

static const cairo_user_data_key_t sink_key;

MsvisTextSink *
msvis_text_sink_new (void)
{
  MsvisTextSink *self = g_new0 (MsvisTextSink, 1);

  self->texts = g_string_new (NULL);
  self->clips = g_array_new (FALSE, FALSE, sizeof (Box));
  return self;
}

void
msvis_text_sink_free (MsvisTextSink *self)
{
  if (self == NULL)
    return;
  g_string_free (self->texts, TRUE);
  g_array_unref (self->clips);
  g_free (self);
}

/**
 * msvis_text_sink_attach:
 *
 * From now on, text drawn on @cr through msvis_render_show_layout() goes to @self, which
 * must outlive the drawing.
 */
void
msvis_text_sink_attach (MsvisTextSink *self,
                        cairo_t       *cr)
{
  cairo_set_user_data (cr, &sink_key, self, NULL);
}

guint
msvis_text_sink_get_n_texts (MsvisTextSink *self)
{
  return self->n_texts;
}

/* What a line shows: its runs' text, with "…" for the part Pango ellipsized. */
static char *
line_text (PangoLayout     *layout,
           PangoLayoutLine *line)
{
  const char *text = pango_layout_get_text (layout);
  GString *shown = g_string_new (NULL);

  for (GSList *l = line->runs; l != NULL; l = l->next)
    {
      PangoGlyphItem *run = l->data;
      PangoItem *item = run->item;

      if (item->analysis.flags & PANGO_ANALYSIS_FLAG_IS_ELLIPSIS)
        g_string_append (shown, "…");
      else
        g_string_append_len (shown, text + item->offset, item->length);
    }
  return g_string_free (shown, FALSE);
}

/* The index of the clip rectangle in force, if the text is not wholly inside it; -1 if no
 * clip is needed; -2 if the text is wholly outside (not drawn). */
static int
clip_for (MsvisTextSink *self,
          cairo_t       *cr,
          const Box     *text)
{
  Box clip;

  cairo_clip_extents (cr, &clip.x1, &clip.y1, &clip.x2, &clip.y2);
  cairo_user_to_device (cr, &clip.x1, &clip.y1);
  cairo_user_to_device (cr, &clip.x2, &clip.y2);
  if (text->x2 <= clip.x1 || text->x1 >= clip.x2 || text->y2 <= clip.y1 || text->y1 >= clip.y2)
    return -2;
  if (text->x1 >= clip.x1 && text->x2 <= clip.x2 && text->y1 >= clip.y1 && text->y2 <= clip.y2)
    return -1;
  for (guint i = 0; i < self->clips->len; i++)
    {
      const Box *b = &g_array_index (self->clips, Box, i);

      if (fabs (b->x1 - clip.x1) < 0.01 && fabs (b->y1 - clip.y1) < 0.01 &&
          fabs (b->x2 - clip.x2) < 0.01 && fabs (b->y2 - clip.y2) < 0.01)
        return (int) i;
    }
  g_array_append_val (self->clips, clip);
  return (int) self->clips->len - 1;
}

static void
append_font (GString                    *out,
             const PangoFontDescription *font,
             double                      size)
{
  const char *family = font ? pango_font_description_get_family (font) : NULL;
  g_autofree char *escaped = g_markup_escape_text (family ? family : "sans-serif", -1);
  PangoWeight weight = font ? pango_font_description_get_weight (font) : PANGO_WEIGHT_NORMAL;

  g_string_append_printf (out, " font-family=\"%s, sans-serif\" font-size=\"%.2f\"", escaped,
                          size);
  if (weight != PANGO_WEIGHT_NORMAL)
    g_string_append_printf (out, " font-weight=\"%d\"", (int) weight);
}

/* The font's size in @cr's device units. */
static double
font_size (cairo_t                    *cr,
           PangoLayout                *layout,
           const PangoFontDescription *font)
{
  double size = font ? pango_font_description_get_size (font) / (double) PANGO_SCALE : 10;
  double dpi = pango_cairo_context_get_resolution (pango_layout_get_context (layout));
  double dx = 0;

  if (font == NULL || !pango_font_description_get_size_is_absolute (font))
    size *= (dpi > 0 ? dpi : 96) / 72.;
  dx = size;
  {
    double dy = 0;

    cairo_user_to_device_distance (cr, &dx, &dy);
  }
  return fabs (dx);
}

static void
add_line (MsvisTextSink   *self,
          cairo_t         *cr,
          PangoLayout     *layout,
          PangoLayoutIter *iter,
          double           x,
          double           y,
          double           size)
{
  PangoLayoutLine *line = pango_layout_iter_get_line_readonly (iter);
  g_autofree char *text = line_text (layout, line);
  g_autofree char *escaped = NULL;
  PangoRectangle logical;
  double bx, by, width, dummy = 0, r = 0, g = 0, b = 0, a = 1;
  Box box;
  int clip;

  if (text[0] == '\0')
    return;
  pango_layout_iter_get_line_extents (iter, NULL, &logical);
  bx = x + logical.x / (double) PANGO_SCALE;
  by = y + pango_layout_iter_get_baseline (iter) / (double) PANGO_SCALE;
  box.x1 = bx;
  box.y1 = y + logical.y / (double) PANGO_SCALE;
  box.x2 = bx + logical.width / (double) PANGO_SCALE;
  box.y2 = box.y1 + logical.height / (double) PANGO_SCALE;
  cairo_user_to_device (cr, &box.x1, &box.y1);
  cairo_user_to_device (cr, &box.x2, &box.y2);
  cairo_user_to_device (cr, &bx, &by);
  if ((clip = clip_for (self, cr, &box)) == -2)
    return;
  width = logical.width / (double) PANGO_SCALE;
  cairo_user_to_device_distance (cr, &width, &dummy);
  cairo_pattern_get_rgba (cairo_get_source (cr), &r, &g, &b, &a);

  escaped = g_markup_escape_text (text, -1);
  g_string_append_printf (self->texts, "<text x=\"%.2f\" y=\"%.2f\"", bx, by);
  append_font (self->texts, pango_layout_get_font_description (layout), size);
  g_string_append_printf (self->texts, " fill=\"rgb(%d,%d,%d)\"", (int) lround (r * 255),
                          (int) lround (g * 255), (int) lround (b * 255));
  if (a < 1)
    g_string_append_printf (self->texts, " fill-opacity=\"%.3f\"", a);
  if (clip >= 0)
    g_string_append_printf (self->texts, " clip-path=\"url(#msvis-text-clip-%d)\"", clip);
  /* The same width as Pango's, whatever font the viewer finds. */
  g_string_append_printf (self->texts,
                          " textLength=\"%.2f\" lengthAdjust=\"spacingAndGlyphs\""
                          " xml:space=\"preserve\">%s</text>\n", fabs (width), escaped);
  self->n_texts++;
}

/**
 * msvis_render_show_layout:
 *
 * Draws @layout at @cr's current point, as pango_cairo_show_layout() does; with a text sink
 * attached to @cr, records its lines there instead.
 */
void
msvis_render_show_layout (cairo_t     *cr,
                          PangoLayout *layout)
{
  MsvisTextSink *sink = cairo_get_user_data (cr, &sink_key);
  PangoLayoutIter *iter;
  double x = 0, y = 0, size;

  if (sink == NULL)
    {
      pango_cairo_show_layout (cr, layout);
      return;
    }
  if (cairo_has_current_point (cr))
    cairo_get_current_point (cr, &x, &y);
  size = font_size (cr, layout, pango_layout_get_font_description (layout));
  iter = pango_layout_get_iter (layout);
  do
    add_line (sink, cr, layout, iter, x, y, size);
  while (pango_layout_iter_next_line (iter));
  pango_layout_iter_free (iter);
  cairo_new_path (cr);
}

gboolean
msvis_text_sink_write (MsvisTextSink  *self,
                       GOutputStream  *stream,
                       GCancellable   *cancellable,
                       GError        **error)
{
  g_autoptr(GString) defs = g_string_new (NULL);

  if (self->clips->len > 0)
    {
      g_string_append (defs, "<defs>\n");
      for (guint i = 0; i < self->clips->len; i++)
        {
          const Box *b = &g_array_index (self->clips, Box, i);

          g_string_append_printf (defs, "<clipPath id=\"msvis-text-clip-%u\"><rect x=\"%.2f\" "
                                  "y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/></clipPath>\n",
                                  i, b->x1, b->y1, b->x2 - b->x1, b->y2 - b->y1);
        }
      g_string_append (defs, "</defs>\n");
    }
  return g_output_stream_write_all (stream, defs->str, defs->len, NULL, cancellable, error) &&
         g_output_stream_write_all (stream, "<g id=\"msvis-text\">\n", 19, NULL, cancellable,
                                    error) &&
         g_output_stream_write_all (stream, self->texts->str, self->texts->len, NULL,
                                    cancellable, error) &&
         g_output_stream_write_all (stream, "</g>\n", 5, NULL, cancellable, error);
}
