// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <math.h>

#include "msvis-graph-canvas-private.h"

#define TILE_PX    512   /* device pixels a side: 1 MB a tile */
#define MAX_TILES  96    /* about six 1280x800 views at scale 2 */

/**
 * msvis_graph_canvas_results_changed:
 *
 * The compare results (links, precision) changed, by manual matching: colours are worked out
 * again and the drawn tiles dropped.
 */
void
msvis_graph_canvas_results_changed (MsvisGraphCanvas *self)
{
  _msvis_graph_canvas_update_fills (self);
}

/* Cheap: the map keeps one colour per bucket, each node's fill is worked out as it is drawn. */
void
_msvis_graph_canvas_update_fills (MsvisGraphCanvas *self)
{
  g_clear_pointer (&self->fill_map, msvis_fill_map_free);
  _msvis_graph_canvas_drop_cache (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (self->graph != NULL)
    {
      self->fill_map = msvis_fill_map_new (self->graph, self->other, self->is_bench,
                                           self->buckets,
                                           self->overflow_mode ? MSVIS_PALETTE_OVERFLOW
                                                               : MSVIS_PALETTE_PRECISION);
      /* A Bench node coloured by its counterpart, which the file may give on the NPU side. */
      if (self->is_bench && self->other != NULL)
        msvis_fill_map_set_links (self->fill_map,
                                  msvis_vis_document_get_bench_links (self->doc));
      /* Manual matching changes what is unmatched and what colour a Bench node takes. */
      g_clear_pointer (&self->rollups, _msvis_rollups_free);
      self->rollups = _msvis_rollups_new (self->doc, self->is_bench);
    }
}

/* Whatever a draw shows changed: the tiles go, and the minimap's picture with its serial. */
void
_msvis_graph_canvas_drop_cache (MsvisGraphCanvas *self)
{
  self->drawing_serial++;
  g_hash_table_remove_all (self->tiles);
  msvis_label_cache_clear (self->labels);
}

static GdkTexture *
render_tile (MsvisGraphCanvas *self,
             const MsvisRect  *area,
             int               scale)
{
  MsvisRenderSide side = {
    self->layout, NULL, self->zoom,
    adw_style_manager_get_dark (adw_style_manager_get_default ()), self->labels, self->fill_map
  };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, TILE_PX, TILE_PX);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GBytes) bytes = NULL;

  cairo_scale (cr, self->zoom * scale, self->zoom * scale);
  cairo_translate (cr, -area->x, -area->y);
  msvis_render_boxes (cr, &side, area);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* cairo's ARGB32 is premultiplied BGRA in memory on little-endian machines, which is GDK's
   * default format; the surface owns the pixels, the bytes keep it alive. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface) * TILE_PX,
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  return gdk_memory_texture_new (TILE_PX, TILE_PX, GDK_MEMORY_DEFAULT, bytes,
                                 cairo_image_surface_get_stride (surface));
}

static void
append_tiles (MsvisGraphCanvas *self,
              GtkSnapshot      *snapshot,
              const MsvisRect  *view)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  double side = TILE_PX / (self->zoom * scale);   /* a tile in layout units */
  gint64 col0 = floor (view->x / side), col1 = floor ((view->x + view->width) / side);
  gint64 row0 = floor (view->y / side), row1 = floor ((view->y + view->height) / side);

  if (self->tile_zoom != self->zoom || self->tile_scale != scale
      || g_hash_table_size (self->tiles) + (col1 - col0 + 1) * (row1 - row0 + 1) > MAX_TILES)
    {
      g_hash_table_remove_all (self->tiles);
      self->tile_zoom = self->zoom;
      self->tile_scale = scale;
    }
  for (gint64 row = row0; row <= row1; row++)
    for (gint64 col = col0; col <= col1; col++)
      {
        /* Unsigned: a row above the origin is negative, and shifting one is undefined. */
        gint64 key = (gint64) (((guint64) row << 32) ^ ((guint64) col & 0xffffffff));
        MsvisRect area = { col * side, row * side, side, side };
        GdkTexture *tile = g_hash_table_lookup (self->tiles, &key);

        if (tile == NULL)
          {
            tile = render_tile (self, &area, scale);
            g_hash_table_insert (self->tiles, g_memdup2 (&key, sizeof key), tile);
          }
        gtk_snapshot_append_texture (snapshot, tile,
                                     &GRAPHENE_RECT_INIT (area.x, area.y, side, side));
      }
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
_msvis_graph_canvas_snapshot_content (MsvisGraphCanvas *self,
                                      GtkSnapshot      *snapshot)
{
  MsvisRect view;
  GdkRGBA accent, hover;

  msvis_graph_canvas_get_view (self, &view);
  append_tiles (self, snapshot, &view);

  /* Hover and selection change often: drawn on top, never cached. */
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)),
                                       "accent_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
  hover = accent;
  hover.alpha = 0.55;
  if (self->hovered != self->selected)
    draw_ring (self, snapshot, self->hovered, &hover, 2);
  /* A node picked for matching keeps a double ring while the other side is picked. */
  if (self->marked != self->selected)
    {
      draw_ring (self, snapshot, self->marked, &accent, 3);
      draw_ring (self, snapshot, self->marked, &hover, 9);
    }
  draw_ring (self, snapshot, self->selected, &accent, 3);
  /* Above the rings: a ring across a badge hid the count it stands on. */
  _msvis_graph_canvas_snapshot_badges (self, snapshot, &view);
}

/**
 * msvis_graph_canvas_set_marked:
 * @node: a node, or %MSVIS_NODE_ID_NONE
 *
 * Outlines @node whether or not it is selected: the node picked on this side for a manual
 * match stays visible while the user picks on the other side.
 */
void
msvis_graph_canvas_set_marked (MsvisGraphCanvas *self,
                               MsvisNodeId       node)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  if (self->graph == NULL || node >= msvis_graph_get_n_nodes (self->graph))
    node = MSVIS_NODE_ID_NONE;
  if (node == self->marked)
    return;
  self->marked = node;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

MsvisNodeId
msvis_graph_canvas_get_marked (MsvisGraphCanvas *self)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), MSVIS_NODE_ID_NONE);
  return self->marked;
}

/**
 * msvis_graph_canvas_get_drawing_serial:
 *
 * Returns: a number that changes whenever what a drawing of the whole layout shows changes
 *   (the layout, the fills, the theme), for pictures drawn from it to know when to redraw
 */
guint
msvis_graph_canvas_get_drawing_serial (MsvisGraphCanvas *self)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), 0);
  return self->drawing_serial;
}

/**
 * msvis_graph_canvas_render:
 * @cr: user space in layout coordinates
 * @zoom: device pixels per layout unit, which sets the level of detail
 * @area: the part of the layout to draw
 *
 * Draws the boxes as the canvas does, without selection or hover: for an overview.
 */
void
msvis_graph_canvas_render (MsvisGraphCanvas *self,
                           cairo_t          *cr,
                           double            zoom,
                           const MsvisRect  *area)
{
  MsvisRenderSide side = {
    self->layout, NULL, zoom, adw_style_manager_get_dark (adw_style_manager_get_default ()),
    NULL, self->fill_map
  };

  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  if (self->layout != NULL)
    msvis_render_boxes (cr, &side, area);
}
