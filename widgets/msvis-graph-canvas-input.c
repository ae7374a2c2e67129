// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "msvis-display-name.h"
#include "msvis-graph-canvas-private.h"
#include "msvis-graph-unattached.h"

#define ZOOM_STEP 1.25
#define PAN_STEP  80.

static void
click_pressed (GtkGestureClick  *gesture,
               int               n_press,
               double            x,
               double            y,
               MsvisGraphCanvas *self)
{
  const MsvisLayoutBox *box = _msvis_graph_canvas_hit (self, x, y);

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (box == NULL)
    return;
  if (n_press == 2)
    {
      _msvis_graph_canvas_toggle (self, box->node);
      return;
    }
  if (n_press == 1 && box->node != self->selected)
    {
      msvis_graph_canvas_select (self, box->node, FALSE);
      _msvis_graph_canvas_emit_selected (self);
    }
}

static void
drag_begin (GtkGestureDrag   *gesture,
            double            x,
            double            y,
            MsvisGraphCanvas *self)
{
  self->drag_start_x = gtk_adjustment_get_value (self->hadjustment);
  self->drag_start_y = gtk_adjustment_get_value (self->vadjustment);
}

static void
drag_update (GtkGestureDrag   *gesture,
             double            dx,
             double            dy,
             MsvisGraphCanvas *self)
{
  if (ABS (dx) + ABS (dy) > 3)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
  gtk_adjustment_set_value (self->hadjustment, self->drag_start_x - dx);
  gtk_adjustment_set_value (self->vadjustment, self->drag_start_y - dy);
}

static void
drag_end (GtkGestureDrag   *gesture,
          double            dx,
          double            dy,
          MsvisGraphCanvas *self)
{
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
}

/* Ctrl+wheel zooms at the pointer; a plain wheel is left to the GtkScrolledWindow. */
static gboolean
scroll (GtkEventControllerScroll *controller,
        double                    dx,
        double                    dy,
        MsvisGraphCanvas         *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (
    GTK_EVENT_CONTROLLER (controller));

  if (!(state & GDK_CONTROL_MASK))
    return FALSE;
  msvis_graph_canvas_zoom_by (self, pow (ZOOM_STEP, -dy), self->pointer_x, self->pointer_y);
  return TRUE;
}

static void
zoom_begin (GtkGesture       *gesture,
            GdkEventSequence *sequence,
            MsvisGraphCanvas *self)
{
  self->zoom_gesture_start = self->zoom;
}

static void
zoom_scale_changed (GtkGestureZoom   *gesture,
                    double            scale,
                    MsvisGraphCanvas *self)
{
  double x, y;

  if (!gtk_gesture_get_bounding_box_center (GTK_GESTURE (gesture), &x, &y))
    {
      x = gtk_widget_get_width (GTK_WIDGET (self)) / 2.;
      y = gtk_widget_get_height (GTK_WIDGET (self)) / 2.;
    }
  msvis_graph_canvas_zoom_by (self, self->zoom_gesture_start * scale / self->zoom, x, y);
}

static void
motion (GtkEventControllerMotion *controller,
        double                    x,
        double                    y,
        MsvisGraphCanvas         *self)
{
  const MsvisLayoutBox *box = _msvis_graph_canvas_hit (self, x, y);
  MsvisNodeId node = box ? box->node : MSVIS_NODE_ID_NONE;

  self->pointer_x = x;
  self->pointer_y = y;
  if (node != self->hovered)
    {
      self->hovered = node;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
leave (GtkEventControllerMotion *controller,
       MsvisGraphCanvas         *self)
{
  self->hovered = MSVIS_NODE_ID_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_msvis_graph_canvas_init_input (MsvisGraphCanvas *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *zoom = gtk_gesture_zoom_new ();
  GtkEventController *scroller = gtk_event_controller_scroll_new (
    GTK_EVENT_CONTROLLER_SCROLL_VERTICAL | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE);
  GtkEventController *pointer = gtk_event_controller_motion_new ();

  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  g_signal_connect (zoom, "begin", G_CALLBACK (zoom_begin), self);
  g_signal_connect (zoom, "scale-changed", G_CALLBACK (zoom_scale_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (zoom));

  g_signal_connect (scroller, "scroll", G_CALLBACK (scroll), self);
  gtk_widget_add_controller (GTK_WIDGET (self), scroller);

  g_signal_connect (pointer, "motion", G_CALLBACK (motion), self);
  g_signal_connect (pointer, "leave", G_CALLBACK (leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), pointer);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (widget);
  double factor = g_variant_get_double (parameter);

  if (factor <= 0)
    msvis_graph_canvas_set_zoom (self, 1.);
  else
    msvis_graph_canvas_zoom_by (self, factor, gtk_widget_get_width (widget) / 2.,
                                gtk_widget_get_height (widget) / 2.);
}

static void
fit_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  msvis_graph_canvas_zoom_to_fit (MSVIS_GRAPH_CANVAS (widget));
}

static void
pan_action (GtkWidget  *widget,
            const char *action_name,
            GVariant   *parameter)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (widget);
  double dx, dy;

  g_variant_get (parameter, "(dd)", &dx, &dy);
  gtk_adjustment_set_value (self->hadjustment, gtk_adjustment_get_value (self->hadjustment)
                                               + dx * PAN_STEP);
  gtk_adjustment_set_value (self->vadjustment, gtk_adjustment_get_value (self->vadjustment)
                                               + dy * PAN_STEP);
}

static MsvisNodeId
previous_sibling (MsvisGraph  *graph,
                  MsvisNodeId  node)
{
  MsvisNodeId parent = msvis_graph_node_get_parent (graph, node), previous = MSVIS_NODE_ID_NONE;

  if (parent == MSVIS_NODE_ID_NONE)
    return MSVIS_NODE_ID_NONE;
  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, parent); c != node;
       c = msvis_graph_node_get_next_sibling (graph, c))
    previous = c;
  return previous;
}

/* Arrow keys walk the hierarchy as a tree view does: up and down through siblings in call
 * order, left closes or goes to the parent, right opens or goes to the first child. */
static MsvisNodeId
move_target (MsvisGraphCanvas *self,
             const char       *direction)
{
  MsvisGraph *graph = self->graph;
  MsvisNodeId node = self->selected, next = MSVIS_NODE_ID_NONE;

  if (node == MSVIS_NODE_ID_NONE)
    return msvis_graph_get_root (graph);
  if (g_str_equal (direction, "up"))
    next = previous_sibling (graph, node);
  else if (g_str_equal (direction, "down"))
    next = msvis_graph_node_get_next_sibling (graph, node);
  if (next == MSVIS_NODE_ID_NONE && g_str_equal (direction, "up"))
    next = msvis_graph_node_get_parent (graph, node);
  if (g_str_equal (direction, "left"))
    {
      if (msvis_graph_canvas_is_expanded (self, node))
        {
          _msvis_graph_canvas_toggle (self, node);
          return MSVIS_NODE_ID_NONE;
        }
      next = msvis_graph_node_get_parent (graph, node);
    }
  if (g_str_equal (direction, "right"))
    {
      if (msvis_graph_node_get_n_children (graph, node) > 0
          && !msvis_graph_canvas_is_expanded (self, node)
          && node != msvis_graph_get_root (graph))
        {
          _msvis_graph_canvas_toggle (self, node);
          return MSVIS_NODE_ID_NONE;
        }
      next = msvis_graph_node_get_first_child (graph, node);
    }
  return next;
}

static void
move_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (widget);
  MsvisNodeId next;

  if (self->graph == NULL)
    return;
  next = move_target (self, g_variant_get_string (parameter, NULL));
  if (next == MSVIS_NODE_ID_NONE)
    return;
  msvis_graph_canvas_select (self, next, TRUE);
  _msvis_graph_canvas_emit_selected (self);
}

static void
toggle_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (widget);

  if (self->selected != MSVIS_NODE_ID_NONE)
    _msvis_graph_canvas_toggle (self, self->selected);
}

static void
add_zoom_keys (GtkWidgetClass *widget_class,
               const guint    *keys,
               guint           n_keys,
               double          factor)
{
  for (guint i = 0; i < n_keys; i++)
    gtk_widget_class_add_binding_action (widget_class, keys[i], 0, "canvas.zoom", "d", factor);
}

void
_msvis_graph_canvas_class_init_input (GtkWidgetClass *widget_class)
{
  static const guint zoom_in_keys[] = { GDK_KEY_plus, GDK_KEY_equal, GDK_KEY_KP_Add, GDK_KEY_w };
  static const guint zoom_out_keys[] = { GDK_KEY_minus, GDK_KEY_KP_Subtract, GDK_KEY_s };
  static const struct { guint key; const char *direction; } moves[] = {
    { GDK_KEY_Up, "up" }, { GDK_KEY_Down, "down" }, { GDK_KEY_Left, "left" },
    { GDK_KEY_Right, "right" },
  };

  gtk_widget_class_install_action (widget_class, "canvas.zoom", "d", zoom_action);
  gtk_widget_class_install_action (widget_class, "canvas.fit", NULL, fit_action);
  gtk_widget_class_install_action (widget_class, "canvas.pan", "(dd)", pan_action);
  gtk_widget_class_install_action (widget_class, "canvas.move", "s", move_action);
  gtk_widget_class_install_action (widget_class, "canvas.toggle", NULL, toggle_action);

  /* W/S and A/D keep tb_graph_ascend's habits. */
  add_zoom_keys (widget_class, zoom_in_keys, G_N_ELEMENTS (zoom_in_keys), ZOOM_STEP);
  add_zoom_keys (widget_class, zoom_out_keys, G_N_ELEMENTS (zoom_out_keys), 1 / ZOOM_STEP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "canvas.zoom", "d", 0.);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "canvas.fit", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, 0, "canvas.pan", "(dd)", -1., 0.);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, 0, "canvas.pan", "(dd)", 1., 0.);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    gtk_widget_class_add_binding_action (widget_class, moves[i].key, 0, "canvas.move", "s",
                                         moves[i].direction);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "canvas.toggle", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "canvas.toggle", NULL);
}

static const char *
type_name (MsvisGraph  *graph,
           MsvisNodeId  node)
{
  if (msvis_graph_node_is_synthetic (graph, node))
    return _("Nodes no path from the root reaches: their upnode is not in the file");
  switch (msvis_graph_node_get_node_type (graph, node))
    {
    case MSVIS_NODE_MODULE:
      return msvis_graph_node_get_n_children (graph, node) > 0 ? _("Module") : _("API");
    case MSVIS_NODE_API_COLLECTION:
      return _("APIs between modules");
    case MSVIS_NODE_API:
    default:
      return _("API");
    }
}

gboolean
_msvis_graph_canvas_query_tooltip (GtkWidget  *widget,
                                   int         x,
                                   int         y,
                                   gboolean    keyboard,
                                   GtkTooltip *tooltip)
{
  MsvisGraphCanvas *self = MSVIS_GRAPH_CANVAS (widget);
  const MsvisLayoutBox *box = keyboard ? NULL : _msvis_graph_canvas_hit (self, x, y);
  MsvisCompareResults *results;
  g_autoptr(GString) text = NULL;

  if (box == NULL)
    return FALSE;

  text = g_string_new (NULL);
  {
    /* The Unattached group by its label, in the reader's language. */
    g_autofree char *name = msvis_graph_node_is_synthetic (self->graph, box->node)
                            ? g_strdup (box->label)
                            : msvis_display_name (msvis_graph_node_get_id (self->graph,
                                                                           box->node));
    g_autofree char *head = g_markup_printf_escaped ("<b>%s</b>\n%s", name,
                                                     type_name (self->graph, box->node));
    g_string_append (text, head);
  }
  /* The Unattached group's label counts its nodes; its tops would be a second number. */
  if (box->n_subnodes > 0 && box->shape != MSVIS_BOX_SHAPE_UNATTACHED)
    /* translators: %u is a number of child nodes */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " · %u child", " · %u children",
                                               box->n_subnodes), box->n_subnodes);
  if (!box->expanded)
    _msvis_graph_canvas_describe_rollup (self, box->node, text);
  results = msvis_graph_get_compare_results (self->graph);
  if (results != NULL && self->other != NULL)
    {
      MsvisNodeId link = msvis_vis_document_get_counterpart (self->doc, self->is_bench,
                                                             box->node);
      MsvisPrecision precision = msvis_compare_results_get_precision (results, box->node);

      if (link == MSVIS_NODE_ID_NONE)
        {
          /* The Unattached group is no node of the file, to be matched or not. */
          if (!msvis_graph_node_is_synthetic (self->graph, box->node))
            g_string_append_printf (text, "\n%s", _("No matching node"));
        }
      else if (precision.kind != MSVIS_PRECISION_NONE)
        {
          g_autoptr(GString) value = g_string_new (NULL);

          msvis_precision_append_display (value, precision);
          g_string_append_c (text, '\n');
          /* translators: %s is a number such as 0.25 */
          g_string_append_printf (text, _("Precision index %s"), value->str);
        }
    }
  if (msvis_graph_node_get_overflow (self->graph, box->node) != MSVIS_OVERFLOW_NONE)
    g_string_append_printf (text, "\n%s %s", _("Overflow:"),
                            msvis_overflow_level_to_string (msvis_graph_node_get_overflow (
                                                              self->graph, box->node)));
  gtk_tooltip_set_markup (tooltip, text->str);
  return TRUE;
}
