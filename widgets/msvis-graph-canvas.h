// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-layout.h"
#include "msvis-render.h"
#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* One side of a result drawn as nested boxes: expand and collapse, pan, zoom, select. It is
 * GtkScrollable: put it in a GtkScrolledWindow. Layout runs on the graphviz thread; the canvas
 * draws only what is in view. */

#define MSVIS_TYPE_GRAPH_CANVAS (msvis_graph_canvas_get_type ())

G_DECLARE_FINAL_TYPE (MsvisGraphCanvas, msvis_graph_canvas, MSVIS, GRAPH_CANVAS, GtkWidget)

/* What a container's badges count: leaves under it (msvis_graph_canvas_get_rollup()). */
typedef enum
{
  MSVIS_ROLLUP_ERROR,       /* in the legend's worst colour */
  MSVIS_ROLLUP_WARNING,     /* in any other colour past the pass one */
  MSVIS_ROLLUP_UNMATCHED,
  MSVIS_ROLLUP_OVERFLOW,    /* any overflow level */
  MSVIS_N_ROLLUPS
} MsvisRollupKind;

/* A badge on a closed container: in overflow mode one per overflow level inside, in the
 * overflow legend's colours; else one per MsvisRollupKind. */
#define MSVIS_CANVAS_MAX_BADGES 4

typedef struct
{
  GdkRGBA fill;
  GdkRGBA ink;
  guint   count;
} MsvisCanvasBadge;

GtkWidget   *msvis_graph_canvas_new              (void);
void         msvis_graph_canvas_set_wrap_peer    (MsvisGraphCanvas *self,
                                                  MsvisGraphCanvas *peer);
double       msvis_graph_canvas_get_wrap_width   (MsvisGraphCanvas *self);
void         msvis_graph_canvas_set_document     (MsvisGraphCanvas *self,
                                                  MsvisVisDocument *doc,
                                                  gboolean          is_bench);
MsvisGraph  *msvis_graph_canvas_get_graph        (MsvisGraphCanvas *self);
gboolean     msvis_graph_canvas_is_bench         (MsvisGraphCanvas *self);
MsvisLayout *msvis_graph_canvas_get_layout       (MsvisGraphCanvas *self);

void         msvis_graph_canvas_set_micro_step   (MsvisGraphCanvas *self,
                                                  gint              micro_step);
void         msvis_graph_canvas_set_overflow_mode (MsvisGraphCanvas *self,
                                                   gboolean          overflow_mode);

gboolean     msvis_graph_canvas_is_expanded      (MsvisGraphCanvas *self,
                                                  MsvisNodeId       node);
void         msvis_graph_canvas_set_expanded     (MsvisGraphCanvas *self,
                                                  MsvisNodeId       node,
                                                  gboolean          expanded);
void         msvis_graph_canvas_expand_all       (MsvisGraphCanvas *self);
void         msvis_graph_canvas_collapse_all     (MsvisGraphCanvas *self);
guint        msvis_graph_canvas_expand_to_errors (MsvisGraphCanvas *self);
MsvisNodeId  msvis_graph_canvas_get_first_divergent (MsvisGraphCanvas *self);
gboolean     msvis_graph_canvas_is_laying_out    (MsvisGraphCanvas *self);
void         msvis_graph_canvas_cancel_layout    (MsvisGraphCanvas *self);
gboolean     msvis_graph_canvas_get_rollup       (MsvisGraphCanvas *self,
                                                  MsvisNodeId       node,
                                                  guint             counts[MSVIS_N_ROLLUPS]);
guint        msvis_graph_canvas_get_badges       (MsvisGraphCanvas *self,
                                                  MsvisNodeId       node,
                                                  MsvisCanvasBadge *badges);

MsvisNodeId  msvis_graph_canvas_get_selected     (MsvisGraphCanvas *self);
void         msvis_graph_canvas_set_marked       (MsvisGraphCanvas *self,
                                                  MsvisNodeId       node);
MsvisNodeId  msvis_graph_canvas_get_marked       (MsvisGraphCanvas *self);
void         msvis_graph_canvas_results_changed  (MsvisGraphCanvas *self);
void         msvis_graph_canvas_select           (MsvisGraphCanvas *self,
                                                  MsvisNodeId       node,
                                                  gboolean          reveal);
void         msvis_graph_canvas_select_open      (MsvisGraphCanvas *self,
                                                  MsvisNodeId       node);

double       msvis_graph_canvas_get_zoom         (MsvisGraphCanvas *self);
void         msvis_graph_canvas_set_zoom         (MsvisGraphCanvas *self,
                                                  double            zoom);
void         msvis_graph_canvas_zoom_by          (MsvisGraphCanvas *self,
                                                  double            factor,
                                                  double            anchor_x,
                                                  double            anchor_y);
void         msvis_graph_canvas_zoom_to_fit      (MsvisGraphCanvas *self);
void         msvis_graph_canvas_zoom_to_selection (MsvisGraphCanvas *self);
void         msvis_graph_canvas_center_on        (MsvisGraphCanvas *self,
                                                  double            content_x,
                                                  double            content_y);
gboolean     msvis_graph_canvas_get_placement    (MsvisGraphCanvas     *self,
                                                  GtkWidget            *relative,
                                                  MsvisRenderPlacement *placement);
gboolean     msvis_graph_canvas_node_area        (MsvisGraphCanvas *self,
                                                  MsvisNodeId       node,
                                                  graphene_rect_t  *area);
void         msvis_graph_canvas_get_view         (MsvisGraphCanvas *self,
                                                  MsvisRect        *content_area);
guint        msvis_graph_canvas_get_drawing_serial (MsvisGraphCanvas *self);
void         msvis_graph_canvas_render_rows      (MsvisGraphCanvas *self,
                                                  cairo_t          *cr);
void         msvis_graph_canvas_render           (MsvisGraphCanvas *self,
                                                  cairo_t          *cr,
                                                  double            zoom,
                                                  const MsvisRect  *area);

G_END_DECLS
