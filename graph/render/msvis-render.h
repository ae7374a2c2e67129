// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <cairo.h>

#include "msvis-graph.h"
#include "msvis-layout.h"
#include "msvis-precision-buckets.h"

G_BEGIN_DECLS

/* Drawing a laid-out graph with cairo: the one drawing code of the canvas (through
 * GtkSnapshot) and of the PNG, SVG and PDF exports. Colours follow tb_graph_ascend
 * (vis-format.md §6.4): the NPU side is coloured by its precision bucket, a Bench node by its
 * NPU counterpart's, unmatched nodes grey. */

typedef struct
{
  double red;
  double green;
  double blue;
  double alpha;
} MsvisRgba;

typedef enum
{
  MSVIS_PALETTE_PRECISION,
  MSVIS_PALETTE_OVERFLOW,
} MsvisPalette;

extern const MsvisRgba msvis_render_unmatched_grey;
extern const MsvisRgba msvis_render_white;
/* Indexed by MsvisOverflowLevel */
extern const MsvisRgba msvis_render_overflow_fills[4];

gboolean   msvis_rgba_parse           (const char      *text,
                                       MsvisRgba       *rgba);
gboolean   msvis_rgba_is_light        (const MsvisRgba *rgba);

/* One fill per node of @graph. @other is the other graph of a compare (NULL for a build),
 * @is_bench says which side @graph is. */
MsvisRgba *msvis_render_fills_new     (MsvisGraph      *graph,
                                       MsvisGraph      *other,
                                       gboolean         is_bench,
                                       MsvisBuckets    *buckets,
                                       MsvisPalette     palette);

/* A node's fill worked out when it is drawn (one colour per bucket is all it keeps), so that
 * a palette or theme change does not walk a graph of a million nodes. */
typedef struct _MsvisFillMap MsvisFillMap;

MsvisFillMap *msvis_fill_map_new      (MsvisGraph         *graph,
                                       MsvisGraph         *other,
                                       gboolean            is_bench,
                                       MsvisBuckets       *buckets,
                                       MsvisPalette        palette);
void          msvis_fill_map_set_links (MsvisFillMap      *self,
                                        const MsvisNodeId *links);
void          msvis_fill_map_free     (MsvisFillMap       *self);
MsvisRgba     msvis_fill_map_get      (const MsvisFillMap *self,
                                       MsvisNodeId         node);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisFillMap, msvis_fill_map_free)

/* PangoLayouts of labels, kept between draws of the same side (shaping is the costly part of
 * a redraw). Not thread-safe: one per drawing thread. */
typedef struct _MsvisLabelCache MsvisLabelCache;

MsvisLabelCache *msvis_label_cache_new   (void);
void             msvis_label_cache_free  (MsvisLabelCache *self);
void             msvis_label_cache_clear (MsvisLabelCache *self);

typedef struct
{
  MsvisLayout     *layout;
  const MsvisRgba *fills;    /* one per node; NULL: all white */
  double           zoom;     /* device pixels per layout unit: sets the level of detail */
  gboolean         dark;     /* lighter washes on a dark background */
  MsvisLabelCache *labels;   /* nullable */
  const MsvisFillMap *fill_map; /* nullable: used when fills is NULL */
  gboolean         print;    /* an export: no expander marks, which mean nothing on paper */
} MsvisRenderSide;

/* Draws the boxes of @side that meet @area (layout coordinates, as is @cr's user space). */
void       msvis_render_boxes         (cairo_t               *cr,
                                       const MsvisRenderSide *side,
                                       const MsvisRect       *area);

/* Where a side sits on a common surface: surface = layout × scale + offset. */
typedef struct
{
  MsvisLayout *layout;
  double       scale;
  double       dx;
  double       dy;
} MsvisRenderPlacement;

/* Appends to @cr's path one curve per closed NPU box in @npu_area (layout coordinates) whose
 * counterpart is in the Bench layout, from the NPU box's right edge to the Bench box's left
 * edge, turning at @middle; at most @max_curves. Returns the number of curves. */
guint      msvis_render_link_curves   (cairo_t                    *cr,
                                       const MsvisRenderPlacement *npu,
                                       const MsvisRenderPlacement *bench,
                                       MsvisCompareResults        *results,
                                       const MsvisRect            *npu_area,
                                       double                      middle,
                                       guint                       max_curves);
/* Appends to @cr's path the closed boxes and the title strips of the open ones that meet
 * @area: clipped out (even-odd) so that curves pass under the boxes they cross instead of
 * striking through their labels. */
void       msvis_render_link_holes    (cairo_t                    *cr,
                                       const MsvisRenderPlacement *side,
                                       const MsvisRect            *area);
gboolean   msvis_render_link_curve    (cairo_t                    *cr,
                                       const MsvisRenderPlacement *npu,
                                       const MsvisRenderPlacement *bench,
                                       MsvisNodeId                 npu_node,
                                       MsvisNodeId                 bench_node,
                                       double                      middle);

G_END_DECLS
