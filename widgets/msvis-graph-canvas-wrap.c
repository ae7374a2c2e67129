// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include "msvis-graph-canvas-private.h"

/* Rows of leaves as wide as the pane: a 400-px pane (1280×720 with the sidebar) cut the fifth
 * leaf of every row at its edge. The layout follows the width after the user stops resizing. */

#define WRAP_DELAY_MS  150    /* a resize is a stream of allocations: lay out once at its end */
#define WRAP_STEP      16.    /* widths this close give the same rows nearly always */

static double
pane_room (MsvisGraphCanvas *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));

  if (width <= 2 * MSVIS_CANVAS_MARGIN)
    return 0;
  return floor ((width - 2 * MSVIS_CANVAS_MARGIN) / WRAP_STEP) * WRAP_STEP;
}

/* The narrower of two linked panes: both sides break their rows alike, so that matched nodes
 * stay level across the gutter. */
double
_msvis_graph_canvas_wanted_wrap (MsvisGraphCanvas *self)
{
  double room = pane_room (self);
  MsvisGraphCanvas *peer = self->wrap_peer;

  if (peer != NULL && peer->graph != NULL && gtk_widget_get_mapped (GTK_WIDGET (peer)))
    {
      double other = pane_room (peer);

      if (other > 0 && (room <= 0 || other < room))
        room = other;
    }
  return room;
}

/* What stays still across the new rows: the selection when it is in view, else the node in
 * the middle of the view. */
static MsvisNodeId
wrap_anchor (MsvisGraphCanvas *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  graphene_rect_t area;
  const MsvisLayoutBox *box;

  if (self->selected != MSVIS_NODE_ID_NONE
      && msvis_graph_canvas_node_area (self, self->selected, &area)
      && graphene_rect_intersection (&area, &GRAPHENE_RECT_INIT (0, 0, width, height), NULL))
    return self->selected;
  box = _msvis_graph_canvas_hit (self, width / 2., height / 2.);
  return box != NULL ? box->node : MSVIS_NODE_ID_NONE;
}

static gboolean
wrap_now (gpointer data)
{
  MsvisGraphCanvas *self = data;
  double wanted = _msvis_graph_canvas_wanted_wrap (self);

  self->wrap_id = 0;
  if (self->engine != NULL && wanted != self->wrap_width)
    {
      if (self->pending_center == MSVIS_NODE_ID_NONE)
        _msvis_graph_canvas_remember_anchor (self, wrap_anchor (self));
      _msvis_graph_canvas_request_layout (self);
    }
  /* The other side's rows follow the narrower pane too. */
  if (self->wrap_peer != NULL && self->wrap_peer->wrap_id == 0
      && _msvis_graph_canvas_wanted_wrap (self->wrap_peer) != self->wrap_peer->wrap_width)
    _msvis_graph_canvas_schedule_wrap (self->wrap_peer);
  return G_SOURCE_REMOVE;
}

/* From size_allocate: nothing that queues an allocation may run now. A canvas that has never
 * had a width lays out at once (after the frame), one being resized once the resize stops. */
void
_msvis_graph_canvas_schedule_wrap (MsvisGraphCanvas *self)
{
  if (self->wrap_id != 0 || self->engine == NULL
      || _msvis_graph_canvas_wanted_wrap (self) == self->wrap_width)
    return;
  if (self->wrap_width <= 0)
    self->wrap_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, wrap_now, self, NULL);
  else
    self->wrap_id = g_timeout_add (WRAP_DELAY_MS, wrap_now, self);
}

/**
 * msvis_graph_canvas_set_wrap_peer:
 * @peer: (nullable): the canvas beside this one whose rows must match
 */
void
msvis_graph_canvas_set_wrap_peer (MsvisGraphCanvas *self,
                                  MsvisGraphCanvas *peer)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  g_set_weak_pointer (&self->wrap_peer, peer);
}

/**
 * msvis_graph_canvas_get_wrap_width:
 *
 * Returns: the width the rows of leaves of the layout asked last fit in; 0 before the canvas
 *   had a width
 */
double
msvis_graph_canvas_get_wrap_width (MsvisGraphCanvas *self)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), 0);
  return self->wrap_width;
}
