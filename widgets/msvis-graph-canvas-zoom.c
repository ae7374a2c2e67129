// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-graph-canvas-private.h"

double
msvis_graph_canvas_get_zoom (MsvisGraphCanvas *self)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), 1.);
  return self->zoom;
}

/* @anchor_x: widget position that stays still (the pointer, or the view's centre) */
static void
zoom_at (MsvisGraphCanvas *self,
         double            zoom,
         double            anchor_x,
         double            anchor_y)
{
  double cx, cy, ox, oy;

  zoom = CLAMP (zoom, MSVIS_CANVAS_MIN_ZOOM, MSVIS_CANVAS_MAX_ZOOM);
  if (zoom == self->zoom)
    return;
  if (!_msvis_graph_canvas_widget_to_content (self, anchor_x, anchor_y, &cx, &cy))
    {
      self->zoom = zoom;
      _msvis_graph_canvas_zoom_changed (self);
      return;
    }

  self->zoom = zoom;
  _msvis_graph_canvas_drop_cache (self);
  _msvis_graph_canvas_configure_adjustments (self);
  /* Bring the content point under the anchor back under it. */
  _msvis_graph_canvas_content_origin (self, &ox, &oy);
  _msvis_graph_canvas_scroll_to_content (self, ox + cx * zoom, oy + cy * zoom, anchor_x, anchor_y);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _msvis_graph_canvas_zoom_changed (self);
}

/**
 * msvis_graph_canvas_zoom_by:
 * @anchor_x: widget position that stays still (the pointer, or the view's centre)
 */
void
msvis_graph_canvas_zoom_by (MsvisGraphCanvas *self,
                            double            factor,
                            double            anchor_x,
                            double            anchor_y)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  zoom_at (self, self->zoom * factor, anchor_x, anchor_y);
}

/* Exactly @zoom: a linked pane given the other's zoom as a factor came out a rounding off. */
void
msvis_graph_canvas_set_zoom (MsvisGraphCanvas *self,
                             double            zoom)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  zoom_at (self, zoom, gtk_widget_get_width (GTK_WIDGET (self)) / 2.,
           gtk_widget_get_height (GTK_WIDGET (self)) / 2.);
}

/**
 * msvis_graph_canvas_center_on:
 *
 * Scrolls so that the layout point (@content_x, @content_y) is in the middle of the view.
 */
void
msvis_graph_canvas_center_on (MsvisGraphCanvas *self,
                              double            content_x,
                              double            content_y)
{
  double ox, oy;

  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  if (self->layout == NULL)
    return;
  _msvis_graph_canvas_content_origin (self, &ox, &oy);
  _msvis_graph_canvas_scroll_to_content (self, ox + content_x * self->zoom,
                                         oy + content_y * self->zoom,
                     gtk_widget_get_width (GTK_WIDGET (self)) / 2.,
                     gtk_widget_get_height (GTK_WIDGET (self)) / 2.);
}

static void
zoom_to_rect (MsvisGraphCanvas *self,
              MsvisRect         rect,
              double            max_zoom)
{
  double width = MAX (gtk_widget_get_width (GTK_WIDGET (self)) - 2 * MSVIS_CANVAS_MARGIN, 32);
  double height = MAX (gtk_widget_get_height (GTK_WIDGET (self)) - 2 * MSVIS_CANVAS_MARGIN, 32);
  double zoom = MIN (width / MAX (rect.width, 1), height / MAX (rect.height, 1));

  self->zoom = CLAMP (zoom, MSVIS_CANVAS_MIN_ZOOM, max_zoom);
  _msvis_graph_canvas_drop_cache (self);
  _msvis_graph_canvas_configure_adjustments (self);
  msvis_graph_canvas_center_on (self, rect.x + rect.width / 2, rect.y + rect.height / 2);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _msvis_graph_canvas_zoom_changed (self);
}

/**
 * msvis_graph_canvas_zoom_to_fit:
 *
 * The whole graph when it can be read so; else as wide as the view (never below
 * MSVIS_CANVAS_READABLE_ZOOM), from its top, to scroll down: a 90,000-node model fitted whole
 * was a sliver at 2 %.
 */
void
msvis_graph_canvas_zoom_to_fit (MsvisGraphCanvas *self)
{
  double width, height, zoom;
  MsvisRect bounds;

  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  if (self->layout == NULL)
    return;
  bounds = msvis_layout_get_bounds (self->layout);
  width = MAX (gtk_widget_get_width (GTK_WIDGET (self)) - 2 * MSVIS_CANVAS_MARGIN, 32);
  height = MAX (gtk_widget_get_height (GTK_WIDGET (self)) - 2 * MSVIS_CANVAS_MARGIN, 32);
  if (MIN (width / MAX (bounds.width, 1), height / MAX (bounds.height, 1))
      >= MSVIS_CANVAS_READABLE_ZOOM)
    {
      zoom_to_rect (self, bounds, MSVIS_CANVAS_MAX_ZOOM);
      return;
    }
  zoom = CLAMP (width / MAX (bounds.width, 1), MSVIS_CANVAS_READABLE_ZOOM, 1.);
  self->zoom = zoom;
  _msvis_graph_canvas_drop_cache (self);
  _msvis_graph_canvas_configure_adjustments (self);
  msvis_graph_canvas_center_on (self, bounds.x + bounds.width / 2,
                                bounds.y + (gtk_widget_get_height (GTK_WIDGET (self)) / 2.
                                            - MSVIS_CANVAS_MARGIN) / zoom);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  _msvis_graph_canvas_zoom_changed (self);
}

void
msvis_graph_canvas_zoom_to_selection (MsvisGraphCanvas *self)
{
  const MsvisLayoutBox *box;

  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  if (self->layout != NULL && (box = msvis_layout_lookup (self->layout, self->selected)))
    zoom_to_rect (self, box->rect, 2.);   /* a single leaf is read at 2x, not 8x */
}

MsvisGraph *
msvis_graph_canvas_get_graph (MsvisGraphCanvas *self)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), NULL);
  return self->graph;
}

gboolean
msvis_graph_canvas_is_bench (MsvisGraphCanvas *self)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), FALSE);
  return self->is_bench;
}

/**
 * msvis_graph_canvas_get_layout:
 *
 * Returns: (transfer none) (nullable): what is drawn now
 */
MsvisLayout *
msvis_graph_canvas_get_layout (MsvisGraphCanvas *self)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), NULL);
  return self->layout;
}

/* Widget position of a node's top-left corner, to keep it still across a re-layout. */
void
_msvis_graph_canvas_remember_anchor (MsvisGraphCanvas *self,
                                     MsvisNodeId       node)
{
  graphene_rect_t area;

  self->anchor_node = MSVIS_NODE_ID_NONE;
  if (node != MSVIS_NODE_ID_NONE && msvis_graph_canvas_node_area (self, node, &area))
    {
      self->anchor_node = node;
      self->anchor_x = area.origin.x;
      self->anchor_y = area.origin.y;
    }
}

void
_msvis_graph_canvas_scroll_to_content (MsvisGraphCanvas *self,
                   double            wx_now,
                   double            wy_now,
                   double            wx_wanted,
                   double            wy_wanted)
{
  gtk_adjustment_set_value (self->hadjustment,
                            gtk_adjustment_get_value (self->hadjustment) + wx_now - wx_wanted);
  gtk_adjustment_set_value (self->vadjustment,
                            gtk_adjustment_get_value (self->vadjustment) + wy_now - wy_wanted);
}
