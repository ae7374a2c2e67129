// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-link-gutter.h"

#define MAX_CURVES 600   /* more would be a grey wash, not information */

struct _MsvisLinkGutter
{
  GtkWidget         parent_instance;
  MsvisGraphCanvas *npu;     /* weak: siblings in the compare view */
  MsvisGraphCanvas *bench;
};

G_DEFINE_FINAL_TYPE (MsvisLinkGutter, msvis_link_gutter, GTK_TYPE_WIDGET)

typedef struct
{
  MsvisLinkGutter     *self;
  GtkWidget           *relative;
  cairo_t             *cr;
  MsvisCompareResults *results;
  guint                n_curves;
  double               middle;   /* the gutter's centre line, where curves turn */
  graphene_rect_t      clip;
} CurveData;

/* A box's attachment point in @relative's coordinates: the NPU box's right edge, the Bench
 * box's left edge (GTK 4.8 has no gtk_widget_compute_point). */
static gboolean
attach_point (GtkWidget        *relative,
              MsvisGraphCanvas *canvas,
              MsvisNodeId       node,
              gboolean          right_edge,
              double           *x,
              double           *y)
{
  graphene_rect_t area;

  if (!msvis_graph_canvas_node_area (canvas, node, &area))
    return FALSE;
  return gtk_widget_translate_coordinates (GTK_WIDGET (canvas), relative,
                                           area.origin.x + (right_edge ? area.size.width : 0),
                                           area.origin.y + area.size.height / 2, x, y);
}

static gboolean
link_curve (CurveData   *d,
            MsvisNodeId  npu,
            MsvisNodeId  bench)
{
  double x0, y0, x1, y1;

  if (!attach_point (d->relative, d->self->npu, npu, TRUE, &x0, &y0)
      || !attach_point (d->relative, d->self->bench, bench, FALSE, &x1, &y1))
    return FALSE;
  if ((y0 < d->clip.origin.y && y1 < d->clip.origin.y)
      || (y0 > d->clip.origin.y + d->clip.size.height
          && y1 > d->clip.origin.y + d->clip.size.height))
    return FALSE;
  cairo_move_to (d->cr, x0, y0);
  cairo_curve_to (d->cr, d->middle, y0, d->middle, y1, x1, y1);
  return TRUE;
}

static gboolean
npu_box_cb (const MsvisLayoutBox *box,
            gpointer              user_data)
{
  CurveData *d = user_data;
  MsvisNodeId link;

  /* Open containers are drawn through their children; only closed boxes get a curve. */
  if (box->expanded || d->n_curves >= MAX_CURVES)
    return box->expanded;
  link = msvis_compare_results_get_link (d->results, box->node);
  if (link != MSVIS_NODE_ID_NONE && link_curve (d, box->node, link))
    d->n_curves++;
  return FALSE;
}

static void
draw_selected (CurveData *d)
{
  MsvisNodeId node = msvis_graph_canvas_get_selected (d->self->npu);
  MsvisNodeId link = node == MSVIS_NODE_ID_NONE ? MSVIS_NODE_ID_NONE
                                                : msvis_compare_results_get_link (d->results,
                                                                                  node);
  GdkRGBA accent;

  if (link == MSVIS_NODE_ID_NONE)
    return;
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (d->self)),
                                       "accent_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
  gdk_cairo_set_source_rgba (d->cr, &accent);
  cairo_set_line_width (d->cr, 2.5);
  if (link_curve (d, node, link))
    cairo_stroke (d->cr);
}

/**
 * msvis_link_gutter_snapshot_links:
 * @relative: the widget whose snapshot this is (the compare view, drawing over its children)
 *
 * Curves from each NPU box in view to its Bench counterpart, across the gutter, clipped to
 * the two canvases.
 */
void
msvis_link_gutter_snapshot_links (MsvisLinkGutter *self,
                                  GtkWidget       *relative,
                                  GtkSnapshot     *snapshot)
{
  graphene_rect_t npu_bounds, bench_bounds, gutter_bounds;
  MsvisLayout *layout;
  MsvisGraph *graph;
  MsvisRect view;
  GdkRGBA ink;
  CurveData d;

  if (self->npu == NULL || !(layout = msvis_graph_canvas_get_layout (self->npu))
      || msvis_graph_canvas_get_layout (self->bench) == NULL
      || !(graph = msvis_graph_canvas_get_graph (self->npu))
      || msvis_graph_get_compare_results (graph) == NULL
      || !gtk_widget_compute_bounds (GTK_WIDGET (self->npu), relative, &npu_bounds)
      || !gtk_widget_compute_bounds (GTK_WIDGET (self->bench), relative, &bench_bounds)
      || !gtk_widget_compute_bounds (GTK_WIDGET (self), relative, &gutter_bounds))
    return;

  d = (CurveData) { self, relative, NULL, msvis_graph_get_compare_results (graph), 0,
                    gutter_bounds.origin.x + gutter_bounds.size.width / 2 };
  graphene_rect_union (&npu_bounds, &bench_bounds, &d.clip);
  d.cr = gtk_snapshot_append_cairo (snapshot, &d.clip);
  cairo_rectangle (d.cr, d.clip.origin.x, d.clip.origin.y, d.clip.size.width,
                   d.clip.size.height);
  cairo_clip (d.cr);
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &ink);
  ink.alpha = 0.3;
  gdk_cairo_set_source_rgba (d.cr, &ink);
  cairo_set_line_width (d.cr, 1);
  msvis_graph_canvas_get_view (self->npu, &view);
  msvis_layout_visit (layout, &view, npu_box_cb, &d);
  cairo_stroke (d.cr);
  draw_selected (&d);
  cairo_destroy (d.cr);
}

static void
msvis_link_gutter_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 48 : 0;
}

static void
msvis_link_gutter_class_init (MsvisLinkGutterClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = msvis_link_gutter_measure;
  gtk_widget_class_set_css_name (widget_class, "linkgutter");
}

static void
msvis_link_gutter_init (MsvisLinkGutter *self)
{
}

GtkWidget *
msvis_link_gutter_new (void)
{
  return g_object_new (MSVIS_TYPE_LINK_GUTTER, NULL);
}

static void
queue_parent_draw (MsvisLinkGutter *self)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));

  if (parent != NULL)
    gtk_widget_queue_draw (parent);
}

void
msvis_link_gutter_set_canvases (MsvisLinkGutter  *self,
                                MsvisGraphCanvas *npu,
                                MsvisGraphCanvas *bench)
{
  g_return_if_fail (MSVIS_IS_LINK_GUTTER (self));

  self->npu = npu;
  self->bench = bench;
  /* The curves are drawn by the parent over both canvases: it redraws when either moves. */
  g_signal_connect_object (npu, "view-changed", G_CALLBACK (queue_parent_draw), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (bench, "view-changed", G_CALLBACK (queue_parent_draw), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (npu, "notify::selected-node", G_CALLBACK (queue_parent_draw), self,
                           G_CONNECT_SWAPPED);
}
