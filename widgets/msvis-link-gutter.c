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
  MsvisLinkGutter *self;
  cairo_t         *cr;
  MsvisCompareResults *results;
  guint            n_curves;
  double           width;
  double           height;
} CurveData;

/* A canvas point in gutter coordinates (GTK 4.8 has no gtk_widget_compute_point). */
static gboolean
to_gutter (MsvisLinkGutter  *self,
           MsvisGraphCanvas *canvas,
           double            x,
           double            y,
           double           *gx,
           double           *gy)
{
  return gtk_widget_translate_coordinates (GTK_WIDGET (canvas), GTK_WIDGET (self), x, y, gx, gy);
}

static void
curve (cairo_t *cr,
       double   y0,
       double   y1,
       double   width)
{
  cairo_move_to (cr, 0, y0);
  cairo_curve_to (cr, width * 0.5, y0, width * 0.5, y1, width, y1);
}

static gboolean
npu_box_cb (const MsvisLayoutBox *box,
            gpointer              user_data)
{
  CurveData *d = user_data;
  MsvisNodeId link;
  graphene_rect_t a, b;
  double y0, y1, unused;

  /* Open containers are drawn through their children; only closed boxes get a curve. */
  if (box->expanded || d->n_curves >= MAX_CURVES)
    return box->expanded;
  link = msvis_compare_results_get_link (d->results, box->node);
  if (link == MSVIS_NODE_ID_NONE || !msvis_graph_canvas_node_area (d->self->npu, box->node, &a)
      || !msvis_graph_canvas_node_area (d->self->bench, link, &b))
    return FALSE;
  if (!to_gutter (d->self, d->self->npu, 0, a.origin.y + a.size.height / 2, &unused, &y0)
      || !to_gutter (d->self, d->self->bench, 0, b.origin.y + b.size.height / 2, &unused, &y1))
    return FALSE;
  if ((y0 < 0 && y1 < 0) || (y0 > d->height && y1 > d->height))
    return FALSE;
  curve (d->cr, y0, y1, d->width);
  d->n_curves++;
  return FALSE;
}

static void
draw_selected (MsvisLinkGutter *self,
               cairo_t         *cr,
               double           width)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (msvis_graph_canvas_get_graph (
                                                                    self->npu));
  MsvisNodeId node = msvis_graph_canvas_get_selected (self->npu);
  MsvisNodeId link = node == MSVIS_NODE_ID_NONE ? MSVIS_NODE_ID_NONE
                                                : msvis_compare_results_get_link (results, node);
  graphene_rect_t a, b;
  double y0, y1, unused;
  GdkRGBA accent;

  if (link == MSVIS_NODE_ID_NONE || !msvis_graph_canvas_node_area (self->npu, node, &a)
      || !msvis_graph_canvas_node_area (self->bench, link, &b)
      || !to_gutter (self, self->npu, 0, a.origin.y + a.size.height / 2, &unused, &y0)
      || !to_gutter (self, self->bench, 0, b.origin.y + b.size.height / 2, &unused, &y1))
    return;
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)),
                                       "accent_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
  gdk_cairo_set_source_rgba (cr, &accent);
  cairo_set_line_width (cr, 2.5);
  curve (cr, y0, y1, width);
  cairo_stroke (cr);
}

static void
msvis_link_gutter_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  MsvisLinkGutter *self = MSVIS_LINK_GUTTER (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  MsvisLayout *layout;
  MsvisGraph *graph;
  MsvisRect view;
  GdkRGBA ink;
  cairo_t *cr;
  CurveData d;

  if (self->npu == NULL || self->bench == NULL
      || !(layout = msvis_graph_canvas_get_layout (self->npu))
      || msvis_graph_canvas_get_layout (self->bench) == NULL
      || !(graph = msvis_graph_canvas_get_graph (self->npu))
      || msvis_graph_get_compare_results (graph) == NULL)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &ink);
  ink.alpha = 0.35;
  gdk_cairo_set_source_rgba (cr, &ink);
  cairo_set_line_width (cr, 1);
  msvis_graph_canvas_get_view (self->npu, &view);
  d = (CurveData) { self, cr, msvis_graph_get_compare_results (graph), 0, width, height };
  msvis_layout_visit (layout, &view, npu_box_cb, &d);
  cairo_stroke (cr);
  draw_selected (self, cr, width);
  cairo_destroy (cr);
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

  widget_class->snapshot = msvis_link_gutter_snapshot;
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

void
msvis_link_gutter_set_canvases (MsvisLinkGutter  *self,
                                MsvisGraphCanvas *npu,
                                MsvisGraphCanvas *bench)
{
  g_return_if_fail (MSVIS_IS_LINK_GUTTER (self));

  self->npu = npu;
  self->bench = bench;
  g_signal_connect_object (npu, "view-changed", G_CALLBACK (gtk_widget_queue_draw), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (bench, "view-changed", G_CALLBACK (gtk_widget_queue_draw), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (npu, "notify::selected-node", G_CALLBACK (gtk_widget_queue_draw),
                           self, G_CONNECT_SWAPPED);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
