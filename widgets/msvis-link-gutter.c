// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-link-gutter.h"

#define MAX_VISITED   20000  /* boxes looked at a draw: beyond, the curves are a grey wash */
#define PX_PER_CURVE  6.     /* closer than this, curves stop being told apart: thin them */

struct _MsvisLinkGutter
{
  GtkWidget         parent_instance;
  MsvisGraphCanvas *npu;     /* weak: siblings in the compare view */
  MsvisGraphCanvas *bench;
  guint             n_drawn; /* curves in the last draw, for tests */
};

G_DEFINE_FINAL_TYPE (MsvisLinkGutter, msvis_link_gutter, GTK_TYPE_WIDGET)

/* One matched pair in view: the heights of its two boxes' middles in gutter coordinates, and
 * the NPU box's parent, which names the container run it belongs to. */
typedef struct
{
  double  y0;
  double  y1;
  guint32 parent;
} Pair;

typedef struct
{
  MsvisGraphCanvas     *bench;
  MsvisCompareResults  *results;
  MsvisRenderPlacement  npu;
  MsvisRenderPlacement  bench_place;
  double                bench_top;
  double                bench_bottom;
  GArray               *pairs;
  guint                 visited;
} Collect;

static gboolean
box_middle (const MsvisRenderPlacement *place,
            MsvisNodeId                 node,
            double                     *y)
{
  const MsvisLayoutBox *box = msvis_layout_lookup (place->layout, node);

  if (box == NULL)
    return FALSE;
  *y = (box->rect.y + box->rect.height / 2) * place->scale + place->dy;
  return TRUE;
}

static gboolean
collect_cb (const MsvisLayoutBox *box,
            gpointer              user_data)
{
  Collect *c = user_data;
  MsvisNodeId link;
  Pair pair;

  if (++c->visited > MAX_VISITED)
    return FALSE;
  /* Open containers are drawn through their children; only closed boxes get a curve. */
  if (box->expanded)
    return TRUE;
  link = msvis_compare_results_get_link (c->results, box->node);
  if (link == MSVIS_NODE_ID_NONE
      || !box_middle (&c->npu, box->node, &pair.y0)
      || !box_middle (&c->bench_place, link, &pair.y1))
    return FALSE;
  pair.parent = box->parent;
  g_array_append_val (c->pairs, pair);
  return FALSE;
}

/* More pairs than the gutter can show apart: one curve per run of siblings, from the run's
 * middle on one side to its middle on the other. */
static void
thin_to_runs (GArray *pairs)
{
  guint out = 0;

  for (guint i = 0; i < pairs->len;)
    {
      Pair run = g_array_index (pairs, Pair, i);
      guint j = i + 1;
      double sum0 = run.y0, sum1 = run.y1;

      for (; j < pairs->len && g_array_index (pairs, Pair, j).parent == run.parent; j++)
        {
          sum0 += g_array_index (pairs, Pair, j).y0;
          sum1 += g_array_index (pairs, Pair, j).y1;
        }
      run.y0 = sum0 / (j - i);
      run.y1 = sum1 / (j - i);
      g_array_index (pairs, Pair, out++) = run;
      i = j;
    }
  g_array_set_size (pairs, out);
}

static void
curve (cairo_t *cr,
       double   width,
       double   y0,
       double   y1)
{
  cairo_move_to (cr, 0, y0);
  cairo_curve_to (cr, width / 2, y0, width / 2, y1, width, y1);
}

/* The pairs whose NPU box is in view, in gutter coordinates. */
static GArray *
collect_pairs (MsvisLinkGutter *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  Collect c = { 0 };
  MsvisGraph *graph;
  MsvisRect view;

  if (self->npu == NULL
      || !(graph = msvis_graph_canvas_get_graph (self->npu))
      || !(c.results = msvis_graph_get_compare_results (graph))
      || !msvis_graph_canvas_get_placement (self->npu, widget, &c.npu)
      || !msvis_graph_canvas_get_placement (self->bench, widget, &c.bench_place))
    return NULL;
  c.pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
  msvis_graph_canvas_get_view (self->npu, &view);
  msvis_layout_visit (c.npu.layout, &view, collect_cb, &c);
  return c.pairs;
}

static void
draw_selected (MsvisLinkGutter *self,
               cairo_t         *cr,
               double           width)
{
  MsvisRenderPlacement npu, bench;
  MsvisNodeId node = msvis_graph_canvas_get_selected (self->npu);
  MsvisNodeId link = msvis_graph_canvas_get_selected (self->bench);
  GdkRGBA accent;
  double y0, y1;

  if (node == MSVIS_NODE_ID_NONE || link == MSVIS_NODE_ID_NONE
      || !msvis_graph_canvas_get_placement (self->npu, GTK_WIDGET (self), &npu)
      || !msvis_graph_canvas_get_placement (self->bench, GTK_WIDGET (self), &bench)
      || !box_middle (&npu, node, &y0) || !box_middle (&bench, link, &y1))
    return;
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (GTK_WIDGET (self)),
                                       "accent_color", &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
  gdk_cairo_set_source_rgba (cr, &accent);
  cairo_set_line_width (cr, 2.5);
  curve (cr, width, y0, y1);
  cairo_stroke (cr);
}

/* The panes' titles sit above their canvases: across the gutter their strip goes on in the
 * window's colour (a white gap broke it), and the curves start below it. Returns its height. */
static double
snapshot_title_strip (MsvisLinkGutter *self,
                      GtkSnapshot     *snapshot)
{
  GtkWidget *widget = GTK_WIDGET (self);
  graphene_point_t top;
  GdkRGBA strip;

  if (self->npu == NULL
      || !gtk_widget_compute_point (GTK_WIDGET (self->npu), widget, &GRAPHENE_POINT_INIT (0, 0),
                                    &top)
      || top.y <= 0)
    return 0;
  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "window_bg_color",
                                       &strip))
    strip = (GdkRGBA) { 0.98, 0.98, 0.98, 1 };
  gtk_snapshot_append_color (snapshot, &strip,
                             &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget), top.y));
  return top.y;
}

/* Curves live in the gutter only: over the graphs they would cross the boxes they join. */
static void
msvis_link_gutter_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  MsvisLinkGutter *self = MSVIS_LINK_GUTTER (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  g_autoptr(GArray) pairs = collect_pairs (self);
  double top = snapshot_title_strip (self, snapshot);
  GdkRGBA ink;
  cairo_t *cr;

  self->n_drawn = 0;
  if (pairs == NULL || top >= height)
    return;
  if (pairs->len * PX_PER_CURVE > height - top)
    thin_to_runs (pairs);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, top, width, height - top));
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &ink);
  ink.alpha = 0.35;
  gdk_cairo_set_source_rgba (cr, &ink);
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < pairs->len; i++)
    {
      const Pair *p = &g_array_index (pairs, Pair, i);

      /* Both ends above or both below the gutter: nothing of it would show. */
      if ((p->y0 < top && p->y1 < top) || (p->y0 > height && p->y1 > height))
        continue;
      curve (cr, width, p->y0, p->y1);
      self->n_drawn++;
    }
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

  widget_class->measure = msvis_link_gutter_measure;
  widget_class->snapshot = msvis_link_gutter_snapshot;
  gtk_widget_class_set_css_name (widget_class, "linkgutter");
}

static void
msvis_link_gutter_init (MsvisLinkGutter *self)
{
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
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
  g_signal_connect_object (bench, "notify::selected-node", G_CALLBACK (gtk_widget_queue_draw),
                           self, G_CONNECT_SWAPPED);
}

/**
 * msvis_link_gutter_get_n_drawn:
 *
 * Returns: how many curves the last draw put in the gutter (after thinning), the selected
 *   pair's aside
 */
guint
msvis_link_gutter_get_n_drawn (MsvisLinkGutter *self)
{
  g_return_val_if_fail (MSVIS_IS_LINK_GUTTER (self), 0);
  return self->n_drawn;
}
