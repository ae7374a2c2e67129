// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "msvis-render-text.h"
#include "msvis-render.h"

#define MIN_LABEL_PX   9.     /* text smaller than this on the device is not drawn */
#define MIN_DETAIL_PX  3.     /* smaller boxes are one flat fill, their insides skipped */
#define MAX_LABELS     4096   /* layouts a cache keeps before it starts again */

struct _MsvisLabelCache
{
  GHashTable *layouts;   /* MsvisNodeId -> PangoLayout */
};

MsvisLabelCache *
msvis_label_cache_new (void)
{
  MsvisLabelCache *self = g_new0 (MsvisLabelCache, 1);

  self->layouts = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  return self;
}

void
msvis_label_cache_free (MsvisLabelCache *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->layouts);
  g_free (self);
}

void
msvis_label_cache_clear (MsvisLabelCache *self)
{
  g_hash_table_remove_all (self->layouts);
}

typedef struct
{
  cairo_t               *cr;
  const MsvisRenderSide *side;
  MsvisLabelCache       *labels;   /* the side's, or one for this draw */
  PangoFontDescription  *font;
} DrawData;

static void
set_source (cairo_t         *cr,
            const MsvisRgba *c)
{
  cairo_set_source_rgba (cr, c->red, c->green, c->blue, c->alpha);
}

static MsvisRgba
shade (const MsvisRgba *c,
       double           f)
{
  return (MsvisRgba) { c->red * f, c->green * f, c->blue * f, c->alpha };
}

static void
rounded_rect (cairo_t         *cr,
              const MsvisRect *r,
              double           radius)
{
  radius = MIN (radius, MIN (r->width, r->height) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, r->x + r->width - radius, r->y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, r->x + r->width - radius, r->y + r->height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, r->x + radius, r->y + r->height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, r->x + radius, r->y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static PangoLayout *
label_layout (DrawData             *d,
              const MsvisLayoutBox *box,
              double                width)
{
  PangoLayout *layout = g_hash_table_lookup (d->labels->layouts, GUINT_TO_POINTER (box->node));

  if (layout != NULL)
    {
      pango_cairo_update_layout (d->cr, layout);
      return layout;
    }
  if (g_hash_table_size (d->labels->layouts) >= MAX_LABELS)
    g_hash_table_remove_all (d->labels->layouts);
  layout = pango_cairo_create_layout (d->cr);
  pango_layout_set_text (layout, box->label, -1);
  pango_layout_set_font_description (layout, d->font);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
  pango_layout_set_width (layout, (int)(MAX (width, 8) * PANGO_SCALE));
  g_hash_table_insert (d->labels->layouts, GUINT_TO_POINTER (box->node), layout);
  return layout;
}

static void
draw_label (DrawData             *d,
            const MsvisLayoutBox *box,
            const MsvisRect      *place,
            const MsvisRgba      *fill)
{
  static const MsvisRgba dark_ink = { 0.12, 0.12, 0.12, 1 };
  static const MsvisRgba light_ink = { 0.96, 0.96, 0.96, 1 };
  PangoLayout *layout;
  int text_h;

  if (place->height * d->side->zoom < MIN_LABEL_PX
      || place->width * d->side->zoom < 2 * MIN_LABEL_PX)
    return;
  layout = label_layout (d, box, place->width);
  pango_layout_get_pixel_size (layout, NULL, &text_h);
  set_source (d->cr, msvis_rgba_is_light (fill) ? &dark_ink : &light_ink);
  cairo_move_to (d->cr, place->x, place->y + (place->height - text_h) / 2);
  msvis_render_show_layout (d->cr, layout);
}

static void
stroke_outline (DrawData        *d,
                const MsvisRgba *border,
                double           device_width)
{
  set_source (d->cr, border);
  cairo_set_line_width (d->cr, device_width / d->side->zoom);
  cairo_stroke (d->cr);
}

/* The viewer's Unattached group: dashed, so that it does not pass for a module of the file. */
static void
stroke_dashed (DrawData        *d,
               const MsvisRgba *border)
{
  double dash = 5 / d->side->zoom;

  cairo_save (d->cr);
  cairo_set_dash (d->cr, &dash, 1, 0);
  stroke_outline (d, border, 1.5);
  cairo_restore (d->cr);
}

static void
draw_container (DrawData             *d,
                const MsvisLayoutBox *box,
                const MsvisRgba      *fill,
                const MsvisRgba      *border)
{
  const MsvisRect *r = &box->rect;
  MsvisRgba body = *fill;

  /* The body is a wash of the node's colour, so nested levels stay readable. */
  body.alpha = d->side->dark ? 0.10 : 0.22;
  cairo_save (d->cr);
  rounded_rect (d->cr, r, 6);
  cairo_clip_preserve (d->cr);
  set_source (d->cr, &body);
  cairo_fill (d->cr);
  set_source (d->cr, fill);
  cairo_rectangle (d->cr, r->x, r->y, r->width, MIN (MSVIS_LAYOUT_HEADER, r->height));
  cairo_fill (d->cr);
  cairo_restore (d->cr);
  /* The outline last, so that the title strip does not cover its top. */
  rounded_rect (d->cr, r, 6);
  if (box->shape == MSVIS_BOX_SHAPE_UNATTACHED)
    stroke_dashed (d, border);
  else
    stroke_outline (d, border, 1);
  draw_label (d, box, &(MsvisRect) { r->x + 10, r->y, r->width - 20, MSVIS_LAYOUT_HEADER },
              fill);
}

static void
draw_collapsed (DrawData             *d,
                const MsvisLayoutBox *box,
                const MsvisRgba      *fill,
                const MsvisRgba      *border)
{
  const MsvisRect *r = &box->rect;
  double radius = box->shape == MSVIS_BOX_SHAPE_API ? r->height / 2 : 5;

  rounded_rect (d->cr, r, radius);
  set_source (d->cr, fill);
  cairo_fill_preserve (d->cr);
  if (box->shape == MSVIS_BOX_SHAPE_UNATTACHED)
    stroke_dashed (d, border);
  else
    stroke_outline (d, border, box->shape == MSVIS_BOX_SHAPE_API_COLLECTION ? 2 : 1);
  if (box->n_subnodes > 0 && !d->side->print && r->height * d->side->zoom >= MIN_LABEL_PX)
    {
      /* The mark of a closed container: a small plus at the right end. */
      MsvisRgba ink = msvis_rgba_is_light (fill) ? (MsvisRgba) { 0.25, 0.25, 0.25, 1 }
                                                 : (MsvisRgba) { 0.9, 0.9, 0.9, 1 };
      double cx = r->x + r->width - 13, cy = r->y + r->height / 2;

      set_source (d->cr, &ink);
      cairo_rectangle (d->cr, cx - 4, cy - 0.75, 8, 1.5);
      cairo_rectangle (d->cr, cx - 0.75, cy - 4, 1.5, 8);
      cairo_fill (d->cr);
    }
  draw_label (d, box,
              &(MsvisRect) { r->x + 14, r->y,
                             r->width - 28 - (box->n_subnodes > 0 ? 14 : 0), r->height },
              fill);
}

/* Children less than a device pixel tall are one translucent fill of the container's body,
 * not thousands of rectangles nobody can tell apart. */
static gboolean
children_too_small (DrawData             *d,
                    const MsvisLayoutBox *box,
                    const MsvisRgba      *border)
{
  const MsvisLayoutBox *first;
  const MsvisRect *r = &box->rect;
  MsvisRgba wash = *border;

  if (box->n_children == 0)
    return FALSE;
  first = msvis_layout_get_box (d->side->layout, box->first_child);
  if (first->rect.height * d->side->zoom >= 1.)
    return FALSE;
  wash.alpha = 0.6;
  set_source (d->cr, &wash);
  cairo_rectangle (d->cr, r->x + MSVIS_LAYOUT_PADDING, r->y + MSVIS_LAYOUT_HEADER,
                   MAX (r->width - 2 * MSVIS_LAYOUT_PADDING, 0),
                   MAX (r->height - MSVIS_LAYOUT_HEADER - MSVIS_LAYOUT_PADDING, 0));
  cairo_fill (d->cr);
  return TRUE;
}

static gboolean
draw_box_cb (const MsvisLayoutBox *box,
             gpointer              user_data)
{
  DrawData *d = user_data;
  const MsvisRect *r = &box->rect;
  MsvisRgba own = d->side->fill_map ? msvis_fill_map_get (d->side->fill_map, box->node)
                                    : msvis_render_white;
  const MsvisRgba *fill = d->side->fills ? &d->side->fills[box->node] : &own;
  MsvisRgba border = shade (fill, 0.62);

  /* Level of detail: a box a few pixels across is a flat fill and hides its insides. */
  if (r->width * d->side->zoom < MIN_DETAIL_PX || r->height * d->side->zoom < MIN_DETAIL_PX)
    {
      set_source (d->cr, &border);
      cairo_rectangle (d->cr, r->x, r->y, r->width, r->height);
      cairo_fill (d->cr);
      return FALSE;
    }
  if (!box->expanded)
    {
      draw_collapsed (d, box, fill, &border);
      return TRUE;
    }
  draw_container (d, box, fill, &border);
  return !children_too_small (d, box, &border);
}

void
msvis_render_boxes (cairo_t               *cr,
                    const MsvisRenderSide *side,
                    const MsvisRect       *area)
{
  MsvisLabelCache *own = side->labels ? NULL : msvis_label_cache_new ();
  DrawData d = { cr, side, side->labels ? side->labels : own,
                 pango_font_description_from_string (MSVIS_LAYOUT_FONT) };

  cairo_save (cr);
  msvis_layout_visit (side->layout, area, draw_box_cb, &d);
  cairo_restore (cr);
  pango_font_description_free (d.font);
  msvis_label_cache_free (own);
}
