// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-compare-view.h"
#include "msvis-link-gutter.h"
#include "msvis-minimap.h"

/* What a side showed at its last view change: which of them changed tells a resize (the
 * size) from the user's scroll or zoom. */
typedef struct
{
  double zoom;
  int    width;
  int    height;
  double x;
  double y;
} SeenView;

struct _MsvisCompareView
{
  GtkWidget         parent_instance;

  GtkWidget        *npu_pane;
  GtkWidget        *gutter;
  GtkWidget        *bench_pane;
  MsvisGraphCanvas *npu;
  MsvisGraphCanvas *bench;
  GtkWidget        *npu_minimap;
  GtkWidget        *bench_minimap;
  MsvisGraphCanvas *focus;     /* the side the user worked in last */

  MsvisVisDocument *doc;
  guint             sync_expand : 1;
  guint             show_minimap : 1;
  guint             link_panes : 1;
  guint             linking : 1;  /* moving the follower: its own view changes are ours */

  /* Linked panes: the side scrolled, zoomed or re-laid out last leads, the other follows. */
  MsvisGraphCanvas *leader;
  MsvisLayout      *seen_layout[2]; /* each side's layout at its last view change */
  SeenView          seen[2];        /* and its zoom, size and scroll then */
  gboolean          zoom_led;       /* the leader's zoom changed: the follower takes it */
  MsvisNodeId       anchor[2];      /* the pair the last alignment used: NPU, Bench */
  GtkWidget        *busy;           /* a revealer: "Laying out… Cancel" while either side is */
  guint             busy_id;        /* update_busy() waiting for the frame to end */
  guint             align_id;       /* align_later() likewise */
};

enum {
  PROP_0,
  PROP_SYNC_EXPAND,
  PROP_SHOW_MINIMAP,
  PROP_LINK_PANES,
  N_PROPS
};

enum {
  SELECTION_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsvisCompareView, msvis_compare_view, GTK_TYPE_WIDGET)

MsvisNodeId
msvis_compare_view_counterpart (MsvisCompareView *self,
                                gboolean          is_bench,
                                MsvisNodeId       node)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_VIEW (self), MSVIS_NODE_ID_NONE);

  if (self->doc == NULL)
    return MSVIS_NODE_ID_NONE;
  /* A Bench node without a link of its own has the NPU side's: the document indexed them. */
  return msvis_vis_document_get_counterpart (self->doc, is_bench, node);
}

static gboolean align_later (gpointer user_data);

static void
emit_selection (MsvisCompareView *self)
{
  g_signal_emit (self, signals[SELECTION_CHANGED], 0, msvis_graph_canvas_get_selected (self->npu),
                 msvis_graph_canvas_get_selected (self->bench));
}

static void
node_selected (MsvisGraphCanvas *canvas,
               guint             node,
               MsvisCompareView *self)
{
  gboolean is_bench = canvas == self->bench;
  MsvisGraphCanvas *other = is_bench ? self->npu : self->bench;
  gboolean compare = self->doc != NULL && msvis_vis_document_get_bench (self->doc) != NULL;

  self->focus = self->leader = canvas;
  if (compare && self->link_panes)
    {
      /* The other side comes level with the node where it is: centred, it became the leader
       * and moved a clicked node from under the pointer (and its menu off it). */
      msvis_graph_canvas_select_open (other, msvis_compare_view_counterpart (self, is_bench,
                                                                             node));
      if (self->align_id == 0)
        self->align_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, align_later, self, NULL);
    }
  else if (compare)
    msvis_graph_canvas_select (other, msvis_compare_view_counterpart (self, is_bench, node), TRUE);
  emit_selection (self);
}

static void
node_expanded (MsvisGraphCanvas *canvas,
               guint             node,
               gboolean          expanded,
               MsvisCompareView *self)
{
  gboolean is_bench = canvas == self->bench;
  MsvisNodeId link;

  self->focus = self->leader = canvas;
  if (!self->sync_expand || self->doc == NULL || msvis_vis_document_get_bench (self->doc) == NULL)
    return;
  link = msvis_compare_view_counterpart (self, is_bench, node);
  if (link != MSVIS_NODE_ID_NONE)
    msvis_graph_canvas_set_expanded (is_bench ? self->npu : self->bench, link, expanded);
}

/* Linked panes */

typedef struct
{
  MsvisCompareView *self;
  gboolean          is_bench;
  MsvisLayout      *other;
  double            cx;        /* the middle of the view, layout coordinates */
  double            cy;
  double            best;
  MsvisNodeId       node;
  MsvisNodeId       link;
} Nearest;

/* The box on the other side that stands for @node's counterpart: its own, or that of the
 * closed container it is in (Sync Expand off, or Expand All on one side only); never the
 * root, which would align everything on the top. */
static MsvisNodeId
shown_counterpart (MsvisCompareView *self,
                   gboolean          is_bench,
                   MsvisNodeId       node,
                   MsvisLayout      *other)
{
  MsvisNodeId link = msvis_compare_view_counterpart (self, is_bench, node);
  MsvisGraph *graph = msvis_vis_document_get_graph (self->doc, !is_bench);
  const MsvisLayoutBox *box;

  for (; link != MSVIS_NODE_ID_NONE; link = msvis_graph_node_get_parent (graph, link))
    if ((box = msvis_layout_lookup (other, link)) != NULL)
      return box->depth > 0 ? link : MSVIS_NODE_ID_NONE;
  return MSVIS_NODE_ID_NONE;
}

static gboolean
nearest_cb (const MsvisLayoutBox *box,
            gpointer              user_data)
{
  Nearest *n = user_data;
  double dx, dy, distance;
  MsvisNodeId link;

  /* An open container is a poor anchor (its middle may be far off): its children are better. */
  if (box->expanded || box->depth == 0)
    return TRUE;
  dx = box->rect.x + box->rect.width / 2 - n->cx;
  dy = box->rect.y + box->rect.height / 2 - n->cy;
  distance = dx * dx + dy * dy;
  if (distance < n->best
      && (link = shown_counterpart (n->self, n->is_bench, box->node, n->other))
         != MSVIS_NODE_ID_NONE)
    {
      n->best = distance;
      n->node = box->node;
      n->link = link;
    }
  return FALSE;
}

/* The pair to align on: the selected one when it is in view on @from, else the matched pair
 * nearest the middle of @from's view. */
static gboolean
pick_anchor (MsvisCompareView *self,
             MsvisGraphCanvas *from,
             MsvisGraphCanvas *to,
             MsvisNodeId      *node,
             MsvisNodeId      *link)
{
  gboolean is_bench = from == self->bench;
  MsvisLayout *layout = msvis_graph_canvas_get_layout (from);
  MsvisNodeId selected = msvis_graph_canvas_get_selected (from);
  const MsvisLayoutBox *box;
  Nearest n = { self, is_bench, msvis_graph_canvas_get_layout (to) };
  MsvisRect view;

  msvis_graph_canvas_get_view (from, &view);
  if (selected != MSVIS_NODE_ID_NONE && (box = msvis_layout_lookup (layout, selected)) != NULL
      && msvis_rect_intersects (&box->rect, &view)
      && (*link = shown_counterpart (self, is_bench, selected, n.other)) != MSVIS_NODE_ID_NONE)
    {
      *node = selected;
      return TRUE;
    }
  n.cx = view.x + view.width / 2;
  n.cy = view.y + view.height / 2;
  n.best = G_MAXDOUBLE;
  n.node = MSVIS_NODE_ID_NONE;
  msvis_layout_visit (layout, &view, nearest_cb, &n);
  *node = n.node;
  *link = n.link;
  return n.node != MSVIS_NODE_ID_NONE;
}

static void
shift_adjustment (MsvisGraphCanvas *canvas,
                  const char       *name,
                  double            by)
{
  GtkAdjustment *adjustment = NULL;

  g_object_get (canvas, name, &adjustment, NULL);
  if (adjustment != NULL)
    gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + by);
  g_clear_object (&adjustment);
}

static SeenView
view_of (MsvisGraphCanvas *canvas)
{
  GtkAdjustment *h = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (canvas));
  GtkAdjustment *v = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (canvas));

  return (SeenView) { msvis_graph_canvas_get_zoom (canvas),
                      gtk_widget_get_width (GTK_WIDGET (canvas)),
                      gtk_widget_get_height (GTK_WIDGET (canvas)),
                      h != NULL ? gtk_adjustment_get_value (h) : 0,
                      v != NULL ? gtk_adjustment_get_value (v) : 0 };
}

/* Moves the side that follows so that the anchor pair's boxes sit in the same place, and, when
 * @copy_zoom (the leader was zoomed, or the link just turned on), at the leader's zoom. */
static void
align_from (MsvisCompareView *self,
            MsvisGraphCanvas *from,
            gboolean          copy_zoom)
{
  MsvisGraphCanvas *to = from == self->npu ? self->bench : self->npu;
  graphene_rect_t from_area, to_area;
  MsvisNodeId node, link;

  if (!self->link_panes || self->linking || self->doc == NULL
      || msvis_vis_document_get_bench (self->doc) == NULL
      || msvis_graph_canvas_get_layout (from) == NULL
      || msvis_graph_canvas_get_layout (to) == NULL)
    return;
  self->linking = TRUE;
  if (copy_zoom && msvis_graph_canvas_get_zoom (to) != msvis_graph_canvas_get_zoom (from))
    msvis_graph_canvas_set_zoom (to, msvis_graph_canvas_get_zoom (from));
  if (pick_anchor (self, from, to, &node, &link)
      && msvis_graph_canvas_node_area (from, node, &from_area)
      && msvis_graph_canvas_node_area (to, link, &to_area))
    {
      shift_adjustment (to, "hadjustment", to_area.origin.x - from_area.origin.x);
      shift_adjustment (to, "vadjustment", to_area.origin.y - from_area.origin.y);
      self->anchor[from == self->bench] = node;
      self->anchor[to == self->bench] = link;
    }
  /* What the follower now shows is ours, not a scroll or zoom of the user's. */
  self->seen[0] = view_of (self->npu);
  self->seen[1] = view_of (self->bench);
  self->linking = FALSE;
}

static gboolean
align_later (gpointer user_data)
{
  MsvisCompareView *self = user_data;
  gboolean copy_zoom = self->zoom_led;

  self->align_id = 0;
  self->zoom_led = FALSE;
  if (self->leader != NULL)
    align_from (self, self->leader, copy_zoom);
  return G_SOURCE_REMOVE;
}

/* After the frame: a canvas says its view changed while it is being allocated, when showing
 * or hiding a widget would leave the tree half allocated ("Trying to snapshot … without a
 * current allocation"). */
static gboolean
update_busy (gpointer user_data)
{
  MsvisCompareView *self = user_data;

  self->busy_id = 0;
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->busy),
                                 msvis_graph_canvas_is_laying_out (self->npu)
                                 || msvis_graph_canvas_is_laying_out (self->bench));
  return G_SOURCE_REMOVE;
}

/* A view change the follower made itself (its new layout arriving) is caught up with the
 * leader; a scroll or zoom of the user's makes its side the leader. A resize (the window, the
 * sidebar) is neither: it keeps the leader and copies no zoom. Both panes are allocated in
 * turn, so taking a resize for the user's made the one allocated last lead, and the other
 * took its zoom, even a zoom the user had just given that other side. */
static void
view_changed (MsvisGraphCanvas *canvas,
              MsvisCompareView *self)
{
  guint side = canvas == self->bench;
  MsvisLayout *layout = msvis_graph_canvas_get_layout (canvas);
  gboolean relaid = layout != self->seen_layout[side];
  SeenView was = self->seen[side], now = view_of (canvas);

  if (self->busy != NULL && self->busy_id == 0)
    self->busy_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_busy, self, NULL);
  if (self->linking)
    return;
  if (relaid)
    {
      g_clear_pointer (&self->seen_layout[side], msvis_layout_unref);
      self->seen_layout[side] = layout ? msvis_layout_ref (layout) : NULL;
    }
  self->seen[side] = now;
  if (!self->link_panes)
    return;
  if (now.width != was.width || now.height != was.height)
    ;   /* resized: the scroll a new size clamps, or a zoom not seen before, is no one's */
  else if (now.zoom != was.zoom)
    {
      self->leader = canvas;
      self->zoom_led = TRUE;
    }
  else if (relaid)
    ;   /* its own new layout: the leader stays; a follower catches up with it */
  else if (now.x != was.x || now.y != was.y)
    self->leader = canvas;
  else
    return;   /* nothing moved: it only says it is busy, or restyled */
  /* After the frame, like the busy bar: moving the other side's scroll bars while this one is
   * being allocated left GTK snapshotting a scroll bar without an allocation. */
  if (self->align_id == 0)
    self->align_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, align_later, self, NULL);
}

/**
 * msvis_compare_view_get_link_anchor:
 *
 * Returns: the node of one side of the pair the panes were last aligned on, or
 *   MSVIS_NODE_ID_NONE
 */
MsvisNodeId
msvis_compare_view_get_link_anchor (MsvisCompareView *self,
                                    gboolean          bench)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_VIEW (self), MSVIS_NODE_ID_NONE);
  return self->anchor[!!bench];
}

/**
 * msvis_compare_view_cancel_layouts:
 *
 * Cancels what either side is laying out (the busy bar's Cancel).
 */
void
msvis_compare_view_cancel_layouts (MsvisCompareView *self)
{
  g_return_if_fail (MSVIS_IS_COMPARE_VIEW (self));

  msvis_graph_canvas_cancel_layout (self->npu);
  msvis_graph_canvas_cancel_layout (self->bench);
}

gboolean
msvis_compare_view_is_busy_shown (MsvisCompareView *self)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_VIEW (self), FALSE);
  return gtk_revealer_get_reveal_child (GTK_REVEALER (self->busy));
}

/* Expand All on 90,000 nodes takes a second or two: it says so, and can be stopped. */
static GtkWidget *
make_busy_bar (MsvisCompareView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *spinner = gtk_spinner_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));

  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_box_append (GTK_BOX (box), spinner);
  gtk_box_append (GTK_BOX (box), gtk_label_new (_("Laying out…")));
  gtk_box_append (GTK_BOX (box), cancel);
  gtk_widget_add_css_class (box, "osd");
  gtk_widget_add_css_class (box, "busy-bar");
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (msvis_compare_view_cancel_layouts),
                            self);
  self->busy = gtk_revealer_new ();
  gtk_revealer_set_transition_type (GTK_REVEALER (self->busy),
                                    GTK_REVEALER_TRANSITION_TYPE_CROSSFADE);
  gtk_revealer_set_transition_duration (GTK_REVEALER (self->busy), 400);
  gtk_revealer_set_child (GTK_REVEALER (self->busy), box);
  gtk_widget_set_halign (self->busy, GTK_ALIGN_START);
  gtk_widget_set_valign (self->busy, GTK_ALIGN_START);
  gtk_widget_set_margin_start (self->busy, 12);
  gtk_widget_set_margin_top (self->busy, 12);
  return self->busy;
}

/* The minimap floats in a bottom corner of its canvas: the outer corners of a compare, where
 * no link curves run. */
static GtkWidget *
make_pane (MsvisCompareView  *self,
           const char        *title,
           MsvisGraphCanvas **canvas_out,
           GtkWidget        **minimap_out)
{
  GtkWidget *pane = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *label = gtk_label_new (title);
  GtkWidget *overlay = gtk_overlay_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *canvas = msvis_graph_canvas_new ();
  GtkWidget *minimap = msvis_minimap_new (MSVIS_GRAPH_CANVAS (canvas));

  gtk_widget_add_css_class (label, "pane-title");
  gtk_widget_add_css_class (label, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (pane), label);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_widget_set_hexpand (scroller, TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), canvas);
  gtk_overlay_set_child (GTK_OVERLAY (overlay), scroller);
  gtk_widget_set_halign (minimap, GTK_ALIGN_END);
  gtk_widget_set_valign (minimap, GTK_ALIGN_END);
  gtk_overlay_add_overlay (GTK_OVERLAY (overlay), minimap);
  if (self->busy == NULL)
    gtk_overlay_add_overlay (GTK_OVERLAY (overlay), make_busy_bar (self));
  gtk_box_append (GTK_BOX (pane), overlay);
  gtk_widget_set_parent (pane, GTK_WIDGET (self));
  g_signal_connect (canvas, "node-selected", G_CALLBACK (node_selected), self);
  g_signal_connect (canvas, "node-expanded", G_CALLBACK (node_expanded), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (canvas), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  *canvas_out = MSVIS_GRAPH_CANVAS (canvas);
  *minimap_out = minimap;
  return pane;
}

static void
msvis_compare_view_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  MsvisCompareView *self = MSVIS_COMPARE_VIEW (object);

  switch (prop_id)
    {
    case PROP_SYNC_EXPAND:
      g_value_set_boolean (value, self->sync_expand);
      break;
    case PROP_SHOW_MINIMAP:
      g_value_set_boolean (value, self->show_minimap);
      break;
    case PROP_LINK_PANES:
      g_value_set_boolean (value, self->link_panes);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
msvis_compare_view_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  MsvisCompareView *self = MSVIS_COMPARE_VIEW (object);

  switch (prop_id)
    {
    case PROP_SYNC_EXPAND:
      msvis_compare_view_set_sync_expand (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_MINIMAP:
      msvis_compare_view_set_show_minimap (self, g_value_get_boolean (value));
      break;
    case PROP_LINK_PANES:
      msvis_compare_view_set_link_panes (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
msvis_compare_view_dispose (GObject *object)
{
  MsvisCompareView *self = MSVIS_COMPARE_VIEW (object);

  /* A canvas outlives the view while its layout is under way (the task holds it): it must
   * not call back into a view that is gone. */
  if (self->npu != NULL)
    g_signal_handlers_disconnect_by_data (self->npu, self);
  if (self->bench != NULL)
    g_signal_handlers_disconnect_by_data (self->bench, self);
  g_clear_handle_id (&self->busy_id, g_source_remove);
  g_clear_handle_id (&self->align_id, g_source_remove);
  self->npu = self->bench = self->focus = self->leader = NULL;
  self->busy = NULL;
  /* The panes hold the canvases the minimaps follow. */
  g_clear_pointer (&self->npu_pane, gtk_widget_unparent);
  g_clear_pointer (&self->gutter, gtk_widget_unparent);
  g_clear_pointer (&self->bench_pane, gtk_widget_unparent);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);
  g_clear_pointer (&self->seen_layout[0], msvis_layout_unref);
  g_clear_pointer (&self->seen_layout[1], msvis_layout_unref);
  G_OBJECT_CLASS (msvis_compare_view_parent_class)->dispose (object);
}

static void
msvis_compare_view_class_init (MsvisCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_compare_view_dispose;
  object_class->get_property = msvis_compare_view_get_property;
  object_class->set_property = msvis_compare_view_set_property;

  properties[PROP_SYNC_EXPAND] =
    g_param_spec_boolean ("sync-expand", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_MINIMAP] =
    g_param_spec_boolean ("show-minimap", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LINK_PANES] =
    g_param_spec_boolean ("link-panes", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The selected NPU and Bench nodes (either may be MSVIS_NODE_ID_NONE). */
  signals[SELECTION_CHANGED] =
    g_signal_new ("selection-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "compareview");
}

static void
msvis_compare_view_init (MsvisCompareView *self)
{
  self->sync_expand = TRUE;
  self->show_minimap = TRUE;
  self->link_panes = TRUE;
  self->anchor[0] = self->anchor[1] = MSVIS_NODE_ID_NONE;
  self->npu_pane = make_pane (self, _("NPU"), &self->npu, &self->npu_minimap);
  self->gutter = msvis_link_gutter_new ();
  gtk_widget_set_parent (self->gutter, GTK_WIDGET (self));
  self->bench_pane = make_pane (self, _("Bench"), &self->bench, &self->bench_minimap);
  msvis_link_gutter_set_canvases (MSVIS_LINK_GUTTER (self->gutter), self->npu, self->bench);
  /* Both sides break rows of leaves at the narrower pane's width, so rows stay level. */
  msvis_graph_canvas_set_wrap_peer (self->npu, self->bench);
  msvis_graph_canvas_set_wrap_peer (self->bench, self->npu);
  gtk_box_layout_set_homogeneous (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (
                                                    GTK_WIDGET (self))), FALSE);
  self->focus = self->leader = self->npu;
  g_signal_connect (self->npu, "view-changed", G_CALLBACK (view_changed), self);
  g_signal_connect (self->bench, "view-changed", G_CALLBACK (view_changed), self);
}

GtkWidget *
msvis_compare_view_new (void)
{
  return g_object_new (MSVIS_TYPE_COMPARE_VIEW, NULL);
}

/**
 * msvis_compare_view_set_document:
 * @doc: (nullable): a build shows the NPU pane alone
 */
void
msvis_compare_view_set_document (MsvisCompareView *self,
                                 MsvisVisDocument *doc)
{
  gboolean compare;

  g_return_if_fail (MSVIS_IS_COMPARE_VIEW (self));

  g_clear_pointer (&self->doc, msvis_vis_document_unref);
  self->doc = doc ? msvis_vis_document_ref (doc) : NULL;
  compare = doc != NULL && msvis_vis_document_get_bench (doc) != NULL;
  msvis_graph_canvas_set_document (self->npu, doc, FALSE);
  msvis_graph_canvas_set_document (self->bench, compare ? doc : NULL, TRUE);
  gtk_widget_set_visible (self->gutter, compare);
  gtk_widget_set_visible (self->bench_pane, compare);
  gtk_widget_set_visible (gtk_widget_get_first_child (self->npu_pane), compare);
  gtk_widget_set_halign (self->npu_minimap, compare ? GTK_ALIGN_START : GTK_ALIGN_END);
  self->focus = self->leader = self->npu;
  self->anchor[0] = self->anchor[1] = MSVIS_NODE_ID_NONE;
  g_clear_pointer (&self->seen_layout[0], msvis_layout_unref);
  g_clear_pointer (&self->seen_layout[1], msvis_layout_unref);
  emit_selection (self);
}

MsvisGraphCanvas *
msvis_compare_view_get_canvas (MsvisCompareView *self,
                               gboolean          bench)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_VIEW (self), NULL);
  return bench ? self->bench : self->npu;
}

/* Where zoom keys and "zoom to selection" apply. */
MsvisGraphCanvas *
msvis_compare_view_get_focus_canvas (MsvisCompareView *self)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_VIEW (self), NULL);
  return self->focus;
}

/**
 * msvis_compare_view_select:
 *
 * Selects @node on its side and its counterpart on the other, revealing both (a search result,
 * a list entry, a jump target).
 */
void
msvis_compare_view_select (MsvisCompareView *self,
                           gboolean          is_bench,
                           MsvisNodeId       node)
{
  MsvisGraphCanvas *canvas;

  g_return_if_fail (MSVIS_IS_COMPARE_VIEW (self));

  if (self->doc == NULL || (is_bench && msvis_vis_document_get_bench (self->doc) == NULL))
    return;
  canvas = is_bench ? self->bench : self->npu;
  msvis_graph_canvas_select (canvas, node, TRUE);
  node_selected (canvas, node, self);
}

void
msvis_compare_view_set_sync_expand (MsvisCompareView *self,
                                    gboolean          sync_expand)
{
  g_return_if_fail (MSVIS_IS_COMPARE_VIEW (self));

  if (self->sync_expand == !!sync_expand)
    return;
  self->sync_expand = !!sync_expand;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SYNC_EXPAND]);
}

gboolean
msvis_compare_view_get_show_minimap (MsvisCompareView *self)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_VIEW (self), FALSE);
  return self->show_minimap;
}

void
msvis_compare_view_set_show_minimap (MsvisCompareView *self,
                                     gboolean          show_minimap)
{
  g_return_if_fail (MSVIS_IS_COMPARE_VIEW (self));

  if (self->show_minimap == !!show_minimap)
    return;
  self->show_minimap = !!show_minimap;
  gtk_widget_set_visible (self->npu_minimap, show_minimap);
  gtk_widget_set_visible (self->bench_minimap, show_minimap);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_MINIMAP]);
}

/**
 * msvis_compare_view_get_minimap:
 *
 * Returns: (transfer none): the #MsvisMinimap of one side
 */
GtkWidget *
msvis_compare_view_get_minimap (MsvisCompareView *self,
                                gboolean          bench)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_VIEW (self), NULL);
  return bench ? self->bench_minimap : self->npu_minimap;
}

gboolean
msvis_compare_view_get_link_panes (MsvisCompareView *self)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_VIEW (self), FALSE);
  return self->link_panes;
}

/**
 * msvis_compare_view_set_link_panes:
 *
 * With linked panes, scrolling, zooming or re-laying out one side moves the other so that the
 * counterpart of the pair it aligns on sits in the same place.
 */
void
msvis_compare_view_set_link_panes (MsvisCompareView *self,
                                   gboolean          link_panes)
{
  g_return_if_fail (MSVIS_IS_COMPARE_VIEW (self));

  if (self->link_panes == !!link_panes)
    return;
  self->link_panes = !!link_panes;
  if (link_panes)
    align_from (self, self->leader, TRUE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LINK_PANES]);
}
