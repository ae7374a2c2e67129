// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph-canvas.h"
#include "msvis-layout-engine.h"
#include "msvis-precision-buckets.h"
#include "msvis-render.h"

G_BEGIN_DECLS

#define MSVIS_CANVAS_MIN_ZOOM   0.02
#define MSVIS_CANVAS_MAX_ZOOM   8.0
#define MSVIS_CANVAS_MARGIN     24.   /* widget pixels around the content */
#define MSVIS_CANVAS_READABLE_ZOOM 0.5 /* labels of 10 pt drawn at 5 pt: Fit goes no lower */

typedef struct _MsvisRollups MsvisRollups;

struct _MsvisGraphCanvas
{
  GtkWidget          parent_instance;

  MsvisVisDocument  *doc;
  MsvisGraph        *graph;
  MsvisGraph        *other;          /* the counterpart graph of a compare, or NULL */
  MsvisBuckets      *buckets;
  MsvisLayoutEngine *engine;
  MsvisLayout       *layout;
  GHashTable        *expanded;       /* MsvisNodeId set */
  GCancellable      *layout_cancellable;
  gint               micro_step;

  GtkAdjustment     *hadjustment;
  GtkAdjustment     *vadjustment;
  guint              hscroll_policy : 1;
  guint              vscroll_policy : 1;
  guint              is_bench : 1;
  guint              overflow_mode : 1;
  guint              layout_pending : 1;
  guint              drawn_dark : 1;  /* the style the tiles were drawn for */
  guint              applying : 1;    /* in apply_layout(): one view change, at its end */

  double             zoom;
  MsvisNodeId        selected;
  MsvisNodeId        hovered;
  MsvisNodeId        marked;          /* picked for matching: outlined while unselected */
  MsvisNodeId        pending_center;  /* centre on it once the layout that shows it arrives */
  MsvisNodeId        anchor_node;     /* keeps its place on screen across a re-layout */
  double             anchor_x;        /* its widget position before */
  double             anchor_y;

  /* Draw cache: tiles of TILE_PX device pixels drawn at tile_zoom and tile_scale, keyed by
   * their column and row. Scrolling draws only the tiles that come into view. */
  GHashTable        *tiles;          /* guint64 (column, row) -> GdkTexture */
  double             tile_zoom;
  int                tile_scale;
  MsvisLabelCache   *labels;
  MsvisFillMap      *fill_map;       /* node fills, worked out as they are drawn */
  MsvisRollups      *rollups;        /* what each container holds, for its badges */
  guint              drawing_serial; /* changes with what a draw of the whole shows */
  GdkRGBA            text_color;
  GdkRGBA            frame_color;
  GdkRGBA            accent_color;

  double             drag_start_x;
  double             drag_start_y;
  double             zoom_gesture_start;
  double             pointer_x;       /* the Ctrl+wheel zoom anchor */
  double             pointer_y;

  MsvisGraphCanvas  *wrap_peer;       /* weak: the linked pane whose rows must match */
  double             wrap_width;      /* what the last layout request fit rows of leaves in */
  guint              wrap_id;         /* a re-layout for a new width, waiting */
};

/* msvis-graph-canvas-draw.c */
void     _msvis_graph_canvas_update_fills      (MsvisGraphCanvas *self);
void     _msvis_graph_canvas_drop_cache        (MsvisGraphCanvas *self);
void     _msvis_graph_canvas_snapshot_content  (MsvisGraphCanvas *self,
                                               GtkSnapshot      *snapshot);

/* msvis-graph-canvas-rollup.c */
MsvisRollups *_msvis_rollups_new                (MsvisVisDocument *doc,
                                                 gboolean          is_bench);
void     _msvis_rollups_free                   (MsvisRollups     *self);
void     _msvis_graph_canvas_snapshot_badges   (MsvisGraphCanvas *self,
                                                GtkSnapshot      *snapshot,
                                                const MsvisRect  *view);
void     _msvis_graph_canvas_describe_rollup   (MsvisGraphCanvas *self,
                                                MsvisNodeId       node,
                                                GString          *text);

/* msvis-graph-canvas-input.c */
void     _msvis_graph_canvas_init_input        (MsvisGraphCanvas *self);
void     _msvis_graph_canvas_class_init_input  (GtkWidgetClass   *widget_class);
gboolean _msvis_graph_canvas_query_tooltip     (GtkWidget        *widget,
                                               int               x,
                                               int               y,
                                               gboolean          keyboard,
                                               GtkTooltip       *tooltip);

/* msvis-graph-canvas.c */
gboolean _msvis_graph_canvas_widget_to_content (MsvisGraphCanvas *self,
                                                double            wx,
                                                double            wy,
                                                double           *cx,
                                                double           *cy);
const MsvisLayoutBox *_msvis_graph_canvas_hit  (MsvisGraphCanvas *self,
                                               double            wx,
                                               double            wy);
void     _msvis_graph_canvas_emit_selected     (MsvisGraphCanvas *self);
void     _msvis_graph_canvas_zoom_changed      (MsvisGraphCanvas *self);
void     _msvis_graph_canvas_content_origin    (MsvisGraphCanvas *self,
                                               double           *ox,
                                               double           *oy);
void     _msvis_graph_canvas_configure_adjustments (MsvisGraphCanvas *self);
void     _msvis_graph_canvas_scroll_to_content (MsvisGraphCanvas *self,
                                                double            wx_now,
                                                double            wy_now,
                                                double            wx_wanted,
                                                double            wy_wanted);
void     _msvis_graph_canvas_toggle            (MsvisGraphCanvas *self,
                                               MsvisNodeId       node);
void     _msvis_graph_canvas_request_layout    (MsvisGraphCanvas *self);
void     _msvis_graph_canvas_remember_anchor   (MsvisGraphCanvas *self,
                                                MsvisNodeId       node);

/* msvis-graph-canvas-wrap.c */
double   _msvis_graph_canvas_wanted_wrap       (MsvisGraphCanvas *self);
void     _msvis_graph_canvas_schedule_wrap     (MsvisGraphCanvas *self);

G_END_DECLS
