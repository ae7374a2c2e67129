// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "msvis-graph-canvas-private.h"

enum {
  PROP_0,
  PROP_ZOOM,
  PROP_SELECTED_NODE,
  N_PROPS,
  /* GtkScrollable */
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

enum {
  NODE_SELECTED,
  NODE_EXPANDED,
  VIEW_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE_WITH_CODE (MsvisGraphCanvas, msvis_graph_canvas, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL))


/* Where content (layout) coordinates start in widget coordinates: scrolled, and across
 * centred when the content is narrower than the view. A shorter graph starts at the top, as a
 * page does: centred it floated in the middle of the pane, and two sides of different heights
 * did not start level. */
void
_msvis_graph_canvas_content_origin (MsvisGraphCanvas *self,
                double           *ox,
                double           *oy)
{
  MsvisRect bounds = self->layout ? msvis_layout_get_bounds (self->layout) : (MsvisRect) { 0 };
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double content_w = bounds.width * self->zoom + 2 * MSVIS_CANVAS_MARGIN;
  double content_h = bounds.height * self->zoom + 2 * MSVIS_CANVAS_MARGIN;
  double hvalue = self->hadjustment ? gtk_adjustment_get_value (self->hadjustment) : 0;
  double vvalue = self->vadjustment ? gtk_adjustment_get_value (self->vadjustment) : 0;

  *ox = (content_w < width ? (width - content_w) / 2 : -hvalue) + MSVIS_CANVAS_MARGIN
        - bounds.x * self->zoom;
  *oy = (content_h < height ? 0 : -vvalue) + MSVIS_CANVAS_MARGIN - bounds.y * self->zoom;
}

gboolean
_msvis_graph_canvas_widget_to_content (MsvisGraphCanvas *self,
                                       double            wx,
                                       double            wy,
                                       double           *cx,
                                       double           *cy)
{
  double ox, oy;

  if (self->layout == NULL)
    return FALSE;
  _msvis_graph_canvas_content_origin (self, &ox, &oy);
  *cx = (wx - ox) / self->zoom;
  *cy = (wy - oy) / self->zoom;
  return TRUE;
}

const MsvisLayoutBox *
_msvis_graph_canvas_hit (MsvisGraphCanvas *self,
                         double            wx,
                         double            wy)
{
  double cx, cy;

  if (!_msvis_graph_canvas_widget_to_content (self, wx, wy, &cx, &cy))
    return NULL;
  return msvis_layout_hit (self->layout, cx, cy);
}

/**
 * msvis_graph_canvas_get_view:
 * @content_area: (out): the part of the layout in view, in layout coordinates
 */
void
msvis_graph_canvas_get_view (MsvisGraphCanvas *self,
                             MsvisRect        *content_area)
{
  double x0 = 0, y0 = 0;

  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  *content_area = (MsvisRect) { 0 };
  if (!_msvis_graph_canvas_widget_to_content (self, 0, 0, &x0, &y0))
    return;
  *content_area = (MsvisRect) { x0, y0, gtk_widget_get_width (GTK_WIDGET (self)) / self->zoom,
                                gtk_widget_get_height (GTK_WIDGET (self)) / self->zoom };
}

/**
 * msvis_graph_canvas_node_area:
 * @area: (out): where @node is drawn, in widget coordinates
 *
 * Returns: %FALSE when @node has no box (inside a collapsed container)
 */
gboolean
msvis_graph_canvas_node_area (MsvisGraphCanvas *self,
                              MsvisNodeId       node,
                              graphene_rect_t  *area)
{
  const MsvisLayoutBox *box;
  double ox, oy;

  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), FALSE);

  if (self->layout == NULL || !(box = msvis_layout_lookup (self->layout, node)))
    return FALSE;
  _msvis_graph_canvas_content_origin (self, &ox, &oy);
  graphene_rect_init (area, ox + box->rect.x * self->zoom, oy + box->rect.y * self->zoom,
                      box->rect.width * self->zoom, box->rect.height * self->zoom);
  return TRUE;
}

/**
 * msvis_graph_canvas_get_placement:
 * @relative: the widget whose coordinates @placement maps the layout to
 *
 * Returns: %FALSE when nothing is laid out or @relative is not an ancestor
 */
gboolean
msvis_graph_canvas_get_placement (MsvisGraphCanvas     *self,
                                  GtkWidget            *relative,
                                  MsvisRenderPlacement *placement)
{
  double ox, oy, rx, ry;

  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), FALSE);

  if (self->layout == NULL
      || !gtk_widget_translate_coordinates (GTK_WIDGET (self), relative, 0, 0, &rx, &ry))
    return FALSE;
  _msvis_graph_canvas_content_origin (self, &ox, &oy);
  *placement = (MsvisRenderPlacement) { self->layout, self->zoom, rx + ox, ry + oy };
  return TRUE;
}

static void
configure_adjustment (GtkAdjustment *adjustment,
                      double         content,
                      double         page)
{
  double value;

  if (adjustment == NULL)
    return;
  value = CLAMP (gtk_adjustment_get_value (adjustment), 0, MAX (0, content - page));
  gtk_adjustment_configure (adjustment, value, 0, MAX (content, page), page * 0.1, page * 0.9,
                            page);
}

void
_msvis_graph_canvas_configure_adjustments (MsvisGraphCanvas *self)
{
  MsvisRect bounds = self->layout ? msvis_layout_get_bounds (self->layout) : (MsvisRect) { 0 };
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  double margins = 2 * MSVIS_CANVAS_MARGIN;

  configure_adjustment (self->hadjustment, bounds.width * self->zoom + margins, width);
  configure_adjustment (self->vadjustment, bounds.height * self->zoom + margins, height);
}

static void
msvis_graph_canvas_size_allocate (GtkWidget *widget,
                                  int        width,
                                  int        height,
                                  int        baseline)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (widget);

  _msvis_graph_canvas_configure_adjustments (self);
  _msvis_graph_canvas_schedule_wrap (self);
  g_signal_emit (self, signals[VIEW_CHANGED], 0);
  /* A popover child (the node menu) is sized and placed only when its parent presents it. */
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child) && gtk_widget_get_visible (child))
      gtk_popover_present (GTK_POPOVER (child));
}

static void
msvis_graph_canvas_measure (GtkWidget      *widget,
                            GtkOrientation  orientation,
                            int             for_size,
                            int            *minimum,
                            int            *natural,
                            int            *minimum_baseline,
                            int            *natural_baseline)
{
  *minimum = 64;
  *natural = 400;
}

static void
msvis_graph_canvas_snapshot (GtkWidget   *widget,
                             GtkSnapshot *snapshot)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (widget);
  double ox, oy;

  if (self->layout == NULL)
    return;

  _msvis_graph_canvas_content_origin (self, &ox, &oy);
  gtk_snapshot_push_clip (snapshot, &GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget),
                                                         gtk_widget_get_height (widget)));
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (ox, oy));
  gtk_snapshot_scale (snapshot, self->zoom, self->zoom);
  _msvis_graph_canvas_snapshot_content (self, snapshot);
  gtk_snapshot_pop (snapshot);
}

/* A new layout moves the view once, at its end: the adjustments it clamps and scrolls on the
 * way are no scroll of the user's, which would make a linked pane's follower the leader. */
static void
adjustment_value_changed (MsvisGraphCanvas *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (!self->applying)
    g_signal_emit (self, signals[VIEW_CHANGED], 0);
}

static void
set_adjustment (MsvisGraphCanvas  *self,
                GtkAdjustment    **slot,
                GtkAdjustment     *adjustment)
{
  if (adjustment == *slot)
    return;
  if (*slot != NULL)
    g_signal_handlers_disconnect_by_func (*slot, adjustment_value_changed, self);
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  g_object_ref_sink (adjustment);
  g_clear_object (slot);
  *slot = adjustment;
  g_signal_connect_object (*slot, "value-changed", G_CALLBACK (adjustment_value_changed), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

static void
msvis_graph_canvas_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      g_value_set_double (value, self->zoom);
      break;
    case PROP_SELECTED_NODE:
      g_value_set_uint (value, self->selected);
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
msvis_graph_canvas_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (object);

  switch (prop_id)
    {
    case PROP_ZOOM:
      msvis_graph_canvas_set_zoom (self, g_value_get_double (value));
      break;
    case PROP_SELECTED_NODE:
      msvis_graph_canvas_select (self, g_value_get_uint (value), FALSE);
      break;
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value));
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value));
      break;
    case PROP_HSCROLL_POLICY:
      self->hscroll_policy = g_value_get_enum (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;
    case PROP_VSCROLL_POLICY:
      self->vscroll_policy = g_value_get_enum (value);
      gtk_widget_queue_resize (GTK_WIDGET (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
clear_document (MsvisGraphCanvas *self)
{
  g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);
  g_clear_object (&self->graph);
  g_clear_object (&self->other);
  g_clear_pointer (&self->buckets, msvis_buckets_free);
  g_clear_pointer (&self->engine, msvis_layout_engine_unref);
  g_clear_pointer (&self->layout, msvis_layout_unref);
  g_clear_pointer (&self->fill_map, msvis_fill_map_free);
  g_clear_pointer (&self->rollups, _msvis_rollups_free);
  g_clear_handle_id (&self->wrap_id, g_source_remove);
  self->wrap_width = 0;
  g_hash_table_remove_all (self->expanded);
  _msvis_graph_canvas_drop_cache (self);
  self->selected = self->hovered = self->pending_center = self->anchor_node = MSVIS_NODE_ID_NONE;
  self->marked = MSVIS_NODE_ID_NONE;
}

static void
msvis_graph_canvas_dispose (GObject *object)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (object);

  clear_document (self);
  g_clear_weak_pointer (&self->wrap_peer);
  G_OBJECT_CLASS (msvis_graph_canvas_parent_class)->dispose (object);
}

static void
msvis_graph_canvas_finalize (GObject *object)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (object);

  g_hash_table_unref (self->expanded);
  msvis_label_cache_free (self->labels);
  g_hash_table_unref (self->tiles);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  G_OBJECT_CLASS (msvis_graph_canvas_parent_class)->finalize (object);
}

static void
msvis_graph_canvas_css_changed (GtkWidget         *widget,
                                GtkCssStyleChange *change)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (widget);

  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  GTK_WIDGET_CLASS (msvis_graph_canvas_parent_class)->css_changed (widget, change);
  /* The fills do not follow the theme, only the washes of the containers do: focus and
   * hover changes of the style keep the tiles. */
  if (dark == self->drawn_dark)
    return;
  self->drawn_dark = dark;
  _msvis_graph_canvas_drop_cache (self);
  gtk_widget_queue_draw (widget);
  g_signal_emit (self, signals[VIEW_CHANGED], 0);
}

static void
msvis_graph_canvas_class_init (MsvisGraphCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_graph_canvas_dispose;
  object_class->finalize = msvis_graph_canvas_finalize;
  object_class->get_property = msvis_graph_canvas_get_property;
  object_class->set_property = msvis_graph_canvas_set_property;
  widget_class->snapshot = msvis_graph_canvas_snapshot;
  widget_class->size_allocate = msvis_graph_canvas_size_allocate;
  widget_class->measure = msvis_graph_canvas_measure;
  widget_class->query_tooltip = _msvis_graph_canvas_query_tooltip;
  widget_class->css_changed = msvis_graph_canvas_css_changed;

  properties[PROP_ZOOM] =
    g_param_spec_double ("zoom", NULL, NULL, MSVIS_CANVAS_MIN_ZOOM, MSVIS_CANVAS_MAX_ZOOM, 1.,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_NODE] =
    g_param_spec_uint ("selected-node", NULL, NULL, 0, G_MAXUINT, MSVIS_NODE_ID_NONE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /* The user picked a node (click, keys, or a reveal from elsewhere). */
  signals[NODE_SELECTED] =
    g_signal_new ("node-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* The user opened or closed a container: the compare view mirrors it on the other side. */
  signals[NODE_EXPANDED] =
    g_signal_new ("node-expanded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
  /* Scroll, zoom, size or layout changed: what is in view moved (link gutter, minimap). */
  signals[VIEW_CHANGED] =
    g_signal_new ("view-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);

  _msvis_graph_canvas_class_init_input (widget_class);
  gtk_widget_class_set_css_name (widget_class, "graphcanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
msvis_graph_canvas_init (MsvisGraphCanvas *self)
{
  self->zoom = 1.;
  self->micro_step = -1;
  self->expanded = g_hash_table_new (NULL, NULL);
  self->labels = msvis_label_cache_new ();
  self->tiles = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
  self->selected = self->hovered = self->pending_center = self->anchor_node = MSVIS_NODE_ID_NONE;
  self->marked = MSVIS_NODE_ID_NONE;
  set_adjustment (self, &self->hadjustment, NULL);
  set_adjustment (self, &self->vadjustment, NULL);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  _msvis_graph_canvas_init_input (self);
}

GtkWidget *
msvis_graph_canvas_new (void)
{
  return g_object_new (MSVIS_TYPE_GRAPH_CANVAS, NULL);
}

/**
 * msvis_graph_canvas_set_document:
 * @doc: (nullable): the result; %NULL empties the canvas
 * @is_bench: draw the Bench graph of a compare instead of the NPU graph
 */
void
msvis_graph_canvas_set_document (MsvisGraphCanvas *self,
                                 MsvisVisDocument *doc,
                                 gboolean          is_bench)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));
  g_return_if_fail (!is_bench || doc == NULL || msvis_vis_document_get_bench (doc) != NULL);

  clear_document (self);
  self->is_bench = is_bench;
  if (doc != NULL)
    {
      self->doc = msvis_vis_document_ref (doc);
      self->graph = g_object_ref (msvis_vis_document_get_graph (doc, is_bench));
      if (msvis_vis_document_is_compare (doc) && msvis_vis_document_get_bench (doc) != NULL)
        self->other = g_object_ref (msvis_vis_document_get_graph (doc, !is_bench));
      if (msvis_vis_document_get_colors (doc) != NULL)
        self->buckets = msvis_buckets_new_from_colors (msvis_vis_document_get_colors (doc));
      self->engine = msvis_layout_engine_new (self->graph);
      _msvis_graph_canvas_update_fills (self);
      self->pending_center = msvis_graph_get_root (self->graph);
      _msvis_graph_canvas_request_layout (self);
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_signal_emit (self, signals[VIEW_CHANGED], 0);
}

static void
apply_layout (MsvisGraphCanvas *self,
              MsvisLayout      *layout)
{
  MsvisLayout *old = self->layout;
  graphene_rect_t area;

  self->applying = TRUE;
  self->layout = msvis_layout_ref (layout);
  g_clear_pointer (&old, msvis_layout_unref);
  _msvis_graph_canvas_drop_cache (self);
  _msvis_graph_canvas_configure_adjustments (self);

  if (self->pending_center != MSVIS_NODE_ID_NONE
      && msvis_layout_lookup (layout, self->pending_center) != NULL)
    {
      const MsvisLayoutBox *box = msvis_layout_lookup (layout, self->pending_center);

      double half_w = (gtk_widget_get_width (GTK_WIDGET (self)) / 2. - MSVIS_CANVAS_MARGIN)
                      / self->zoom;

      /* The root opens at its top; one wider than the pane at its left edge, where every
       * name starts, rather than cut on both sides. */
      if (box->depth == 0)
        msvis_graph_canvas_center_on (self, box->rect.width / 2 > half_w
                                            ? box->rect.x + half_w
                                            : box->rect.x + box->rect.width / 2,
                                      box->rect.y + gtk_widget_get_height (GTK_WIDGET (self))
                                                    / 2 / self->zoom
                                                    - MSVIS_CANVAS_MARGIN / self->zoom);
      else
        msvis_graph_canvas_center_on (self, box->rect.x + box->rect.width / 2,
                                      box->rect.y + box->rect.height / 2);
      self->pending_center = MSVIS_NODE_ID_NONE;
    }
  else if (self->anchor_node != MSVIS_NODE_ID_NONE
           && msvis_graph_canvas_node_area (self, self->anchor_node, &area))
    _msvis_graph_canvas_scroll_to_content (self, area.origin.x, area.origin.y, self->anchor_x,
                                           self->anchor_y);

  self->anchor_node = MSVIS_NODE_ID_NONE;
  self->applying = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_signal_emit (self, signals[VIEW_CHANGED], 0);
}

static void
layout_done (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(MsvisGraphCanvas) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisLayout) layout = msvis_layout_engine_run_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->layout_pending = FALSE;
  gtk_widget_remove_css_class (GTK_WIDGET (self), "busy");
  if (layout == NULL)
    {
      g_warning ("layout failed: %s", error->message);
      return;
    }
  apply_layout (self, layout);
}

/* Cancel-and-replace: the newest expansion state wins. */
void
_msvis_graph_canvas_request_layout (MsvisGraphCanvas *self)
{
  if (self->engine == NULL)
    return;
  g_cancellable_cancel (self->layout_cancellable);
  g_clear_object (&self->layout_cancellable);
  self->layout_cancellable = g_cancellable_new ();
  self->layout_pending = TRUE;
  self->wrap_width = _msvis_graph_canvas_wanted_wrap (self);
  msvis_layout_engine_set_wrap_width (self->engine, self->wrap_width);
  gtk_widget_add_css_class (GTK_WIDGET (self), "busy");
  g_signal_emit (self, signals[VIEW_CHANGED], 0);   /* the compare view shows it is busy */
  msvis_layout_engine_run_async (self->engine, self->expanded, self->micro_step,
                                 self->layout_cancellable, layout_done, g_object_ref (self));
}

void
msvis_graph_canvas_set_micro_step (MsvisGraphCanvas *self,
                                   gint              micro_step)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  if (self->micro_step == micro_step)
    return;
  self->micro_step = micro_step;
  _msvis_graph_canvas_request_layout (self);
}

void
msvis_graph_canvas_set_overflow_mode (MsvisGraphCanvas *self,
                                      gboolean          overflow_mode)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  self->overflow_mode = !!overflow_mode;
  _msvis_graph_canvas_update_fills (self);
  g_signal_emit (self, signals[VIEW_CHANGED], 0);
}

gboolean
msvis_graph_canvas_is_expanded (MsvisGraphCanvas *self,
                                MsvisNodeId       node)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), FALSE);
  return g_hash_table_contains (self->expanded, GUINT_TO_POINTER (node));
}

/**
 * msvis_graph_canvas_set_expanded:
 *
 * Opens or closes a container. The node keeps its place on screen. Does not emit
 * ::node-expanded: that signal is for what the user did.
 */
void
msvis_graph_canvas_set_expanded (MsvisGraphCanvas *self,
                                 MsvisNodeId       node,
                                 gboolean          expanded)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  if (self->graph == NULL || node >= msvis_graph_get_n_nodes (self->graph)
      || msvis_graph_node_get_n_children (self->graph, node) == 0
      || msvis_graph_canvas_is_expanded (self, node) == !!expanded)
    return;
  if (expanded)
    g_hash_table_add (self->expanded, GUINT_TO_POINTER (node));
  else
    g_hash_table_remove (self->expanded, GUINT_TO_POINTER (node));
  _msvis_graph_canvas_remember_anchor (self, node);
  _msvis_graph_canvas_request_layout (self);
}

void
_msvis_graph_canvas_toggle (MsvisGraphCanvas *self,
                            MsvisNodeId       node)
{
  gboolean expanded = !msvis_graph_canvas_is_expanded (self, node);

  if (self->graph == NULL || msvis_graph_node_get_n_children (self->graph, node) == 0)
    return;
  msvis_graph_canvas_set_expanded (self, node, expanded);
  g_signal_emit (self, signals[NODE_EXPANDED], 0, node, expanded);
}

void
msvis_graph_canvas_expand_all (MsvisGraphCanvas *self)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  if (self->graph == NULL)
    return;
  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (self->graph); node++)
    if (msvis_graph_node_get_n_children (self->graph, node) > 0)
      g_hash_table_add (self->expanded, GUINT_TO_POINTER (node));
  _msvis_graph_canvas_remember_anchor (self, self->selected);
  _msvis_graph_canvas_request_layout (self);
}

void
msvis_graph_canvas_collapse_all (MsvisGraphCanvas *self)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  g_hash_table_remove_all (self->expanded);
  if (self->graph != NULL)
    self->pending_center = msvis_graph_get_root (self->graph);
  _msvis_graph_canvas_request_layout (self);
}

MsvisNodeId
msvis_graph_canvas_get_selected (MsvisGraphCanvas *self)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), MSVIS_NODE_ID_NONE);
  return self->selected;
}

/* Zoom moved: the property, and what is in view. */
void
_msvis_graph_canvas_zoom_changed (MsvisGraphCanvas *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOM]);
  g_signal_emit (self, signals[VIEW_CHANGED], 0);
}

void
_msvis_graph_canvas_emit_selected (MsvisGraphCanvas *self)
{
  g_signal_emit (self, signals[NODE_SELECTED], 0, self->selected);
}

/**
 * msvis_graph_canvas_select:
 * @node: a node, or %MSVIS_NODE_ID_NONE
 * @reveal: open the containers above @node and centre it
 *
 * Selects without emitting ::node-selected (which is for the user's own choices).
 */
static void
set_selected (MsvisGraphCanvas *self,
              MsvisNodeId       node)
{
  if (self->graph == NULL || (node != MSVIS_NODE_ID_NONE
                              && node >= msvis_graph_get_n_nodes (self->graph)))
    node = MSVIS_NODE_ID_NONE;
  self->selected = node;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_NODE]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Opens the containers above @node; lays out again when that, or its box missing, asks. */
static gboolean
open_above (MsvisGraphCanvas *self,
            MsvisNodeId       node)
{
  gboolean opened = FALSE;

  for (MsvisNodeId up = msvis_graph_node_get_parent (self->graph, node);
       up != MSVIS_NODE_ID_NONE; up = msvis_graph_node_get_parent (self->graph, up))
    if (!g_hash_table_contains (self->expanded, GUINT_TO_POINTER (up))
        && up != msvis_graph_get_root (self->graph))
      {
        g_hash_table_add (self->expanded, GUINT_TO_POINTER (up));
        opened = TRUE;
      }
  if (!opened && !self->layout_pending && self->layout != NULL
      && msvis_layout_lookup (self->layout, node) != NULL)
    return FALSE;
  _msvis_graph_canvas_request_layout (self);
  return TRUE;
}

void
msvis_graph_canvas_select (MsvisGraphCanvas *self,
                           MsvisNodeId       node,
                           gboolean          reveal)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  set_selected (self, node);
  node = self->selected;
  if (!reveal || node == MSVIS_NODE_ID_NONE)
    return;
  self->pending_center = node;
  if (!open_above (self, node))
    apply_layout (self, self->layout);
}

/**
 * msvis_graph_canvas_select_open:
 *
 * Selects @node and opens the containers above it, but leaves the view where it is: the side
 * that follows a click on the other, which linked panes then bring level (centring it first
 * made the linked panes move the clicked side from under the pointer).
 */
void
msvis_graph_canvas_select_open (MsvisGraphCanvas *self,
                                MsvisNodeId       node)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  set_selected (self, node);
  if (self->selected != MSVIS_NODE_ID_NONE)
    open_above (self, self->selected);
}
