// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-render.h"

/* A box's attachment point on the common surface: the NPU box's right edge, the Bench box's
 * left edge, half-way down. */
static gboolean
attach_point (const MsvisRenderPlacement *place,
              MsvisNodeId                 node,
              gboolean                    right_edge,
              double                     *x,
              double                     *y)
{
  const MsvisLayoutBox *box = msvis_layout_lookup (place->layout, node);

  if (box == NULL)
    return FALSE;
  *x = (box->rect.x + (right_edge ? box->rect.width : 0)) * place->scale + place->dx;
  *y = (box->rect.y + box->rect.height / 2) * place->scale + place->dy;
  return TRUE;
}

gboolean
msvis_render_link_curve (cairo_t                    *cr,
                         const MsvisRenderPlacement *npu,
                         const MsvisRenderPlacement *bench,
                         MsvisNodeId                 npu_node,
                         MsvisNodeId                 bench_node,
                         double                      middle)
{
  double x0, y0, x1, y1;
  double clip_x0, clip_y0, clip_x1, clip_y1;

  if (!attach_point (npu, npu_node, TRUE, &x0, &y0)
      || !attach_point (bench, bench_node, FALSE, &x1, &y1))
    return FALSE;
  /* A curve whose two ends are both above or both below what is drawn is not seen. */
  cairo_clip_extents (cr, &clip_x0, &clip_y0, &clip_x1, &clip_y1);
  if ((y0 < clip_y0 && y1 < clip_y0) || (y0 > clip_y1 && y1 > clip_y1))
    return FALSE;
  cairo_move_to (cr, x0, y0);
  cairo_curve_to (cr, middle, y0, middle, y1, x1, y1);
  return TRUE;
}

typedef struct
{
  cairo_t                    *cr;
  const MsvisRenderPlacement *npu;
  const MsvisRenderPlacement *bench;
  MsvisCompareResults        *results;
  double                      middle;
  guint                       n_curves;
  guint                       max_curves;
} CurveData;

static gboolean
npu_box_cb (const MsvisLayoutBox *box,
            gpointer              user_data)
{
  CurveData *d = user_data;
  MsvisNodeId link;

  /* Open containers are drawn through their children; only closed boxes get a curve. */
  if (box->expanded || d->n_curves >= d->max_curves)
    return box->expanded;
  link = msvis_compare_results_get_link (d->results, box->node);
  if (link != MSVIS_NODE_ID_NONE
      && msvis_render_link_curve (d->cr, d->npu, d->bench, box->node, link, d->middle))
    d->n_curves++;
  return FALSE;
}

typedef struct
{
  cairo_t                    *cr;
  const MsvisRenderPlacement *side;
} HoleData;

static gboolean
hole_cb (const MsvisLayoutBox *box,
         gpointer              user_data)
{
  HoleData *d = user_data;
  const MsvisRenderPlacement *p = d->side;
  double height = box->expanded ? MIN (MSVIS_LAYOUT_HEADER, box->rect.height) : box->rect.height;

  cairo_rectangle (d->cr, box->rect.x * p->scale + p->dx, box->rect.y * p->scale + p->dy,
                   box->rect.width * p->scale, height * p->scale);
  return box->expanded;
}

void
msvis_render_link_holes (cairo_t                    *cr,
                         const MsvisRenderPlacement *side,
                         const MsvisRect            *area)
{
  HoleData d = { cr, side };

  msvis_layout_visit (side->layout, area, hole_cb, &d);
}

guint
msvis_render_link_curves (cairo_t                    *cr,
                          const MsvisRenderPlacement *npu,
                          const MsvisRenderPlacement *bench,
                          MsvisCompareResults        *results,
                          const MsvisRect            *npu_area,
                          double                      middle,
                          guint                       max_curves)
{
  CurveData d = { cr, npu, bench, results, middle, 0, max_curves };

  msvis_layout_visit (npu->layout, npu_area, npu_box_cb, &d);
  return d.n_curves;
}
