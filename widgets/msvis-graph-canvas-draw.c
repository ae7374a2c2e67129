// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "msvis-graph-canvas-private.h"

#define MIN_LABEL_PX     9.    /* text smaller than this on screen is not drawn */
#define MIN_DETAIL_PX    3.    /* smaller boxes are one flat fill, their insides skipped */
#define CACHE_MARGIN     0.5   /* the draw cache covers the view plus half a view each side */
#define MAX_LABELS       4096

/* tb_graph_ascend's fills (vis-format.md §6.4). */
static const GdkRGBA unmatched_grey = { 199 / 255., 199 / 255., 199 / 255., 1 };
static const GdkRGBA white = { 1, 1, 1, 1 };
static const GdkRGBA overflow_fills[] = {
  { 199 / 255., 199 / 255., 199 / 255., 1 },   /* none */
  { 0xB6 / 255., 0xC7 / 255., 0xFC / 255., 1 },  /* medium */
  { 0x7E / 255., 0x96 / 255., 0xF0 / 255., 1 },  /* high */
  { 0x46 / 255., 0x68 / 255., 0xB8 / 255., 1 },  /* critical */
};

typedef struct
{
  MsvisGraphCanvas *self;
  GtkSnapshot      *snapshot;
  double            zoom;
  gboolean          dark;
} DrawData;

static GdkRGBA
bucket_fill (MsvisGraphCanvas *self,
             int               bucket)
{
  GdkRGBA rgba = unmatched_grey;

  if (bucket >= 0)
    {
      const MsvisBucket *b = msvis_buckets_get (self->buckets, bucket);

      if (!gdk_rgba_parse (&rgba, b->color))
        rgba = unmatched_grey;
    }
  else if (bucket == MSVIS_BUCKET_NO_VALUE)
    rgba = white;
  return rgba;
}

/* The NPU side classifies itself; a Bench node shows its NPU counterpart's colour, so both
 * sides point at the same problem. */
static GdkRGBA
compare_fill (MsvisGraphCanvas *self,
              MsvisNodeId       node)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (self->graph);
  MsvisGraph *npu = self->is_bench ? self->other : self->graph;
  MsvisCompareResults *npu_results = msvis_graph_get_compare_results (npu);
  MsvisNodeId link = results ? msvis_compare_results_get_link (results, node)
                             : MSVIS_NODE_ID_NONE;
  MsvisNodeId npu_node = self->is_bench ? link : node;

  if (link == MSVIS_NODE_ID_NONE || npu_results == NULL)
    return unmatched_grey;
  if (self->buckets == NULL)
    return white;
  return bucket_fill (self, msvis_buckets_classify (self->buckets, TRUE,
                                                    msvis_compare_results_get_precision (
                                                      npu_results, npu_node)));
}

void
msvis_graph_canvas_update_fills (MsvisGraphCanvas *self)
{
  guint n;

  g_clear_pointer (&self->fills, g_free);
  msvis_graph_canvas_drop_cache (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->graph == NULL)
    return;

  n = msvis_graph_get_n_nodes (self->graph);
  self->fills = g_new (GdkRGBA, n);
  for (MsvisNodeId node = 0; node < n; node++)
    {
      if (self->overflow_mode)
        self->fills[node] = overflow_fills[MIN (msvis_graph_node_get_overflow (self->graph, node),
                                                G_N_ELEMENTS (overflow_fills) - 1)];
      else if (msvis_graph_node_get_node_type (self->graph, node) == MSVIS_NODE_API_COLLECTION)
        self->fills[node] = white;
      else if (self->other != NULL)
        self->fills[node] = compare_fill (self, node);
      else
        self->fills[node] = white;
    }
}

void
msvis_graph_canvas_drop_cache (MsvisGraphCanvas *self)
{
  g_clear_pointer (&self->cache, gsk_render_node_unref);
  g_hash_table_remove_all (self->labels);
}

static GdkRGBA
shade (const GdkRGBA *c,
       double         f)
{
  return (GdkRGBA) { c->red * f, c->green * f, c->blue * f, c->alpha };
}

static gboolean
is_light (const GdkRGBA *c)
{
  return 0.299 * c->red + 0.587 * c->green + 0.114 * c->blue > 0.55;
}

static PangoLayout *
label_layout (MsvisGraphCanvas     *self,
              const MsvisLayoutBox *box,
              double                width)
{
  PangoLayout *layout = g_hash_table_lookup (self->labels, GUINT_TO_POINTER (box->node));

  if (layout == NULL)
    {
      g_autoptr(PangoFontDescription) font = pango_font_description_from_string (MSVIS_LAYOUT_FONT);

      if (g_hash_table_size (self->labels) >= MAX_LABELS)
        g_hash_table_remove_all (self->labels);
      layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), box->label);
      pango_layout_set_font_description (layout, font);
      pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
      pango_layout_set_width (layout, (int)(MAX (width, 8) * PANGO_SCALE));
      g_hash_table_insert (self->labels, GUINT_TO_POINTER (box->node), layout);
    }
  return layout;
}

static void
draw_label (DrawData             *d,
            const MsvisLayoutBox *box,
            double                x,
            double                y,
            double                width,
            double                height,
            const GdkRGBA        *fill)
{
  PangoLayout *layout;
  int text_h;
  GdkRGBA ink = is_light (fill) ? (GdkRGBA) { 0.12, 0.12, 0.12, 1 }
                                : (GdkRGBA) { 0.96, 0.96, 0.96, 1 };

  if (height * d->zoom < MIN_LABEL_PX || width * d->zoom < 2 * MIN_LABEL_PX)
    return;
  layout = label_layout (d->self, box, width);
  pango_layout_get_pixel_size (layout, NULL, &text_h);
  gtk_snapshot_save (d->snapshot);
  gtk_snapshot_translate (d->snapshot, &GRAPHENE_POINT_INIT (x, y + (height - text_h) / 2));
  gtk_snapshot_append_layout (d->snapshot, layout, &ink);
  gtk_snapshot_restore (d->snapshot);
}

static void
append_box (GtkSnapshot         *snapshot,
            const GskRoundedRect *outline,
            const GdkRGBA        *fill,
            const GdkRGBA        *border,
            double                border_width)
{
  float w = border_width;
  GdkRGBA borders[4] = { *border, *border, *border, *border };

  gtk_snapshot_push_rounded_clip (snapshot, outline);
  gtk_snapshot_append_color (snapshot, fill, &outline->bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, outline, (float[4]) { w, w, w, w }, borders);
}

static void
draw_container (DrawData             *d,
                const MsvisLayoutBox *box,
                const GdkRGBA        *fill,
                const GdkRGBA        *border)
{
  const MsvisRect *r = &box->rect;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (r->x, r->y, r->width, r->height);
  graphene_rect_t header = GRAPHENE_RECT_INIT (r->x, r->y, r->width, MSVIS_LAYOUT_HEADER);
  GdkRGBA body = *fill;
  GskRoundedRect outline;

  /* The body is a wash of the node's colour, so nested levels stay readable. */
  body.alpha = d->dark ? 0.10 : 0.22;
  gsk_rounded_rect_init_from_rect (&outline, &bounds, 6);
  gtk_snapshot_push_rounded_clip (d->snapshot, &outline);
  gtk_snapshot_append_color (d->snapshot, &body, &bounds);
  gtk_snapshot_append_color (d->snapshot, fill, &header);
  gtk_snapshot_pop (d->snapshot);
  /* The outline last, so that the title strip does not cover its top. */
  append_box (d->snapshot, &outline, &(GdkRGBA) { 0, 0, 0, 0 }, border, 1. / d->zoom);
  draw_label (d, box, r->x + 10, r->y, r->width - 20, MSVIS_LAYOUT_HEADER, fill);
}

static void
draw_collapsed (DrawData             *d,
                const MsvisLayoutBox *box,
                const GdkRGBA        *fill,
                const GdkRGBA        *border)
{
  const MsvisRect *r = &box->rect;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (r->x, r->y, r->width, r->height);
  double radius = box->shape == MSVIS_BOX_SHAPE_API ? r->height / 2 : 5;
  double width = box->shape == MSVIS_BOX_SHAPE_API_COLLECTION ? 2. : 1.;
  GskRoundedRect outline;

  gsk_rounded_rect_init_from_rect (&outline, &bounds, radius);
  append_box (d->snapshot, &outline, fill, border, width / d->zoom);
  if (box->n_subnodes > 0 && r->height * d->zoom >= MIN_LABEL_PX)
    {
      /* The mark of a closed container: a small plus at the right end. */
      GdkRGBA ink = is_light (fill) ? (GdkRGBA) { 0.25, 0.25, 0.25, 1 }
                                    : (GdkRGBA) { 0.9, 0.9, 0.9, 1 };
      double cx = r->x + r->width - 13, cy = r->y + r->height / 2;

      graphene_rect_t bar = GRAPHENE_RECT_INIT (cx - 4, cy - 0.75, 8, 1.5);
      graphene_rect_t stem = GRAPHENE_RECT_INIT (cx - 0.75, cy - 4, 1.5, 8);

      gtk_snapshot_append_color (d->snapshot, &ink, &bar);
      gtk_snapshot_append_color (d->snapshot, &ink, &stem);
    }
  draw_label (d, box, r->x + 14, r->y, r->width - 28 - (box->n_subnodes > 0 ? 14 : 0),
              r->height, fill);
}

/* Children less than a pixel tall are one translucent fill of the container's body, not
 * thousands of rectangles nobody can tell apart (the benchmark's 10,000-leaf frame). */
static gboolean
children_too_small (DrawData             *d,
                    const MsvisLayoutBox *box,
                    const GdkRGBA        *border)
{
  const MsvisLayoutBox *first;
  const MsvisRect *r = &box->rect;
  GdkRGBA wash = *border;
  graphene_rect_t body;

  if (box->n_children == 0)
    return FALSE;
  first = msvis_layout_get_box (d->self->layout, box->first_child);
  if (first->rect.height * d->zoom >= 1.)
    return FALSE;
  body = GRAPHENE_RECT_INIT (r->x + MSVIS_LAYOUT_PADDING, r->y + MSVIS_LAYOUT_HEADER,
                             MAX (r->width - 2 * MSVIS_LAYOUT_PADDING, 0),
                             MAX (r->height - MSVIS_LAYOUT_HEADER - MSVIS_LAYOUT_PADDING, 0));
  wash.alpha = 0.6;
  gtk_snapshot_append_color (d->snapshot, &wash, &body);
  return TRUE;
}

static gboolean
draw_box_cb (const MsvisLayoutBox *box,
             gpointer              user_data)
{
  DrawData *d = user_data;
  const MsvisRect *r = &box->rect;
  const GdkRGBA *fill = d->self->fills ? &d->self->fills[box->node] : &white;
  GdkRGBA border = shade (fill, 0.62);

  /* Level of detail: a box a few pixels across is a flat fill and hides its insides. */
  if (r->width * d->zoom < MIN_DETAIL_PX || r->height * d->zoom < MIN_DETAIL_PX)
    {
      gtk_snapshot_append_color (d->snapshot, &border,
                                 &GRAPHENE_RECT_INIT (r->x, r->y, r->width, r->height));
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

static gboolean
contains (const MsvisRect *outer,
          const MsvisRect *inner)
{
  return inner->x >= outer->x && inner->y >= outer->y
         && inner->x + inner->width <= outer->x + outer->width
         && inner->y + inner->height <= outer->y + outer->height;
}

static GskRenderNode *
render_area (MsvisGraphCanvas *self,
             const MsvisRect  *area)
{
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  AdwStyleManager *style = adw_style_manager_get_default ();
  DrawData d = { self, snapshot, self->zoom, adw_style_manager_get_dark (style) };

  msvis_layout_visit (self->layout, area, draw_box_cb, &d);
  return gtk_snapshot_free_to_node (snapshot);
}

static void
draw_ring (MsvisGraphCanvas *self,
           GtkSnapshot      *snapshot,
           MsvisNodeId       node,
           const GdkRGBA    *color,
           double            px)
{
  const MsvisLayoutBox *box;
  GskRoundedRect outline;
  graphene_rect_t bounds;
  double grow = px / 2 / self->zoom;
  float w = px / self->zoom;

  if (node == MSVIS_NODE_ID_NONE || !(box = msvis_layout_lookup (self->layout, node)))
    return;
  bounds = GRAPHENE_RECT_INIT (box->rect.x - grow, box->rect.y - grow,
                               box->rect.width + 2 * grow, box->rect.height + 2 * grow);
  gsk_rounded_rect_init_from_rect (&outline, &bounds,
                                   box->shape == MSVIS_BOX_SHAPE_API && !box->expanded
                                   ? bounds.size.height / 2 : 6);
  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { w, w, w, w },
                              (GdkRGBA[4]) { *color, *color, *color, *color });
}

/* Called with the snapshot in layout coordinates (translated and scaled). */
void
msvis_graph_canvas_snapshot_content (MsvisGraphCanvas *self,
                                     GtkSnapshot      *snapshot)
{
  MsvisRect view;
  GdkRGBA accent, hover;

  msvis_graph_canvas_get_view (self, &view);
  if (self->cache == NULL || !contains (&self->cache_area, &view))
    {
      g_clear_pointer (&self->cache, gsk_render_node_unref);
      self->cache_area = (MsvisRect) { view.x - view.width * CACHE_MARGIN,
                                       view.y - view.height * CACHE_MARGIN,
                                       view.width * (1 + 2 * CACHE_MARGIN),
                                       view.height * (1 + 2 * CACHE_MARGIN) };
      self->cache = render_area (self, &self->cache_area);
    }
  if (self->cache != NULL)
    gtk_snapshot_append_node (snapshot, self->cache);

  /* Hover and selection change often: drawn on top, never cached. */
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)),
                                       "accent_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
  hover = accent;
  hover.alpha = 0.55;
  if (self->hovered != self->selected)
    draw_ring (self, snapshot, self->hovered, &hover, 2);
  draw_ring (self, snapshot, self->selected, &accent, 3);
}
