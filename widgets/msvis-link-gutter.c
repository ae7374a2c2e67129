// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-link-gutter.h"

#define MAX_CURVES 600   /* more would be a grey wash, not information */
#define HOLES_MIN_ZOOM 0.5

struct _MsvisLinkGutter
{
  GtkWidget         parent_instance;
  MsvisGraphCanvas *npu;     /* weak: siblings in the compare view */
  MsvisGraphCanvas *bench;
};

G_DEFINE_FINAL_TYPE (MsvisLinkGutter, msvis_link_gutter, GTK_TYPE_WIDGET)

static void
draw_selected (MsvisLinkGutter            *self,
               cairo_t                    *cr,
               const MsvisRenderPlacement *npu,
               const MsvisRenderPlacement *bench,
               MsvisCompareResults        *results,
               double                      middle,
               const graphene_rect_t      *clip)
{
  MsvisNodeId node = msvis_graph_canvas_get_selected (self->npu);
  MsvisNodeId link = node == MSVIS_NODE_ID_NONE ? MSVIS_NODE_ID_NONE
                                                : msvis_compare_results_get_link (results, node);
  GdkRGBA accent;

  if (link == MSVIS_NODE_ID_NONE)
    return;
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)),
                                       "accent_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
  cairo_save (cr);
  /* Where labels are drawn, the selected pair's curve passes under the boxes it crosses, as
   * in exports. Only this one: clipping the many faint curves too doubled their cost
   * (measured with 60 to 150 curves over a 1280×800 view), and below that zoom the boxes are
   * too small to matter. */
  if (npu->scale >= HOLES_MIN_ZOOM && bench->scale >= HOLES_MIN_ZOOM)
    {
      MsvisRect npu_view, bench_view;

      msvis_graph_canvas_get_view (self->npu, &npu_view);
      msvis_graph_canvas_get_view (self->bench, &bench_view);
      cairo_rectangle (cr, clip->origin.x, clip->origin.y, clip->size.width, clip->size.height);
      msvis_render_link_holes (cr, npu, &npu_view);
      msvis_render_link_holes (cr, bench, &bench_view);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
      cairo_clip (cr);
      cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
    }
  gdk_cairo_set_source_rgba (cr, &accent);
  cairo_set_line_width (cr, 2.5);
  if (msvis_render_link_curve (cr, npu, bench, node, link, middle))
    cairo_stroke (cr);
  cairo_restore (cr);
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
  graphene_rect_t npu_bounds, bench_bounds, gutter_bounds, clip;
  MsvisRenderPlacement npu, bench;
  MsvisCompareResults *results;
  MsvisGraph *graph;
  MsvisRect view;
  GdkRGBA ink;
  double middle;
  cairo_t *cr;

  if (self->npu == NULL
      || !msvis_graph_canvas_get_placement (self->npu, relative, &npu)
      || !msvis_graph_canvas_get_placement (self->bench, relative, &bench)
      || !(graph = msvis_graph_canvas_get_graph (self->npu))
      || !(results = msvis_graph_get_compare_results (graph))
      || !gtk_widget_compute_bounds (GTK_WIDGET (self->npu), relative, &npu_bounds)
      || !gtk_widget_compute_bounds (GTK_WIDGET (self->bench), relative, &bench_bounds)
      || !gtk_widget_compute_bounds (GTK_WIDGET (self), relative, &gutter_bounds))
    return;

  middle = gutter_bounds.origin.x + gutter_bounds.size.width / 2;
  graphene_rect_union (&npu_bounds, &bench_bounds, &clip);
  cr = gtk_snapshot_append_cairo (snapshot, &clip);
  cairo_rectangle (cr, clip.origin.x, clip.origin.y, clip.size.width, clip.size.height);
  cairo_clip (cr);
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &ink);
  ink.alpha = 0.3;
  gdk_cairo_set_source_rgba (cr, &ink);
  cairo_set_line_width (cr, 1);
  msvis_graph_canvas_get_view (self->npu, &view);
  msvis_render_link_curves (cr, &npu, &bench, results, &view, middle, MAX_CURVES);
  cairo_stroke (cr);
  draw_selected (self, cr, &npu, &bench, results, middle, &clip);
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
