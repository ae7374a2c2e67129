// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "msvis-minimap-private.h"

#define MAX_WIDTH   180.   /* widget pixels, the card included */
#define MAX_HEIGHT  140.
#define MIN_SIDE    36.    /* a long thin graph still gets a picture one can aim at */
#define PADDING     5.     /* between the card's edge and the picture */
#define MIN_ROOM    2.     /* the canvas is this many minimaps wide and high, or none shows */
#define STRIP_WIDTH  56.   /* a tall graph's picture: a strip of its rows, stretched across */
#define STRIP_HEIGHT 240.
#define TALL_RATIO   8.    /* taller than wide by this much, a scaled picture is a hairline */

struct _MsvisMinimap
{
  GtkWidget         parent_instance;

  MsvisGraphCanvas *canvas;      /* weak: a sibling in the same pane */
  MsvisRect         bounds;      /* of the layout the size was measured for */
  GdkTexture       *picture;     /* the whole layout, drawn once per drawing serial */
  guint             picture_serial;
  int               picture_width;
  int               picture_height;
  int               picture_scale;
  int               canvas_w;      /* the canvas's size when the card was sized */
  int               canvas_h;
  double            drag_x;
  double            drag_y;
  guint             sync_id;       /* view_changed()'s work, waiting for the frame to end */
  GtkAlign          home_halign;   /* the side its owner put it on; it moves off names */
  guint             shown : 1;
  guint             hovered : 1;
  guint             placing : 1;   /* its own moves are not its owner's choice */
};

G_DEFINE_FINAL_TYPE (MsvisMinimap, msvis_minimap, GTK_TYPE_WIDGET)

static MsvisLayout *
get_layout (MsvisMinimap *self)
{
  return self->canvas ? msvis_graph_canvas_get_layout (self->canvas) : NULL;
}

/* A graph so tall that its picture would be a line a pixel or two wide (a 90,000-node model
 * collapsed is thousands of rows of one box): drawn stretched across instead, each row a
 * coloured band, which is what one aims at. */
static gboolean
is_tall (const MsvisRect *bounds)
{
  return bounds->height > TALL_RATIO * MAX (bounds->width, 1)
         && bounds->height > STRIP_HEIGHT;
}

/* The picture's size for @bounds, the card not included. The card takes at most a
 * MIN_ROOM-th of the canvas each way: a pane shorter than MIN_ROOM full cards (about 500 px,
 * a compare at 1280x720) gets a smaller one rather than none. */
static void
picture_size (MsvisMinimap    *self,
              const MsvisRect *bounds,
              double          *width,
              double          *height)
{
  GtkWidget *canvas = self->canvas ? GTK_WIDGET (self->canvas) : NULL;
  double canvas_w = canvas ? gtk_widget_get_width (canvas) : 0;
  double canvas_h = canvas ? gtk_widget_get_height (canvas) : 0;
  double card_w = canvas_w > 0 ? MIN (MAX_WIDTH, canvas_w / MIN_ROOM) : MAX_WIDTH;
  double card_h = canvas_h > 0 ? MIN (MAX_HEIGHT, canvas_h / MIN_ROOM) : MAX_HEIGHT;
  double strip_h = canvas_h > 0 ? MIN (STRIP_HEIGHT, canvas_h / MIN_ROOM) : STRIP_HEIGHT;
  double room_w = MAX (card_w - 2 * PADDING, MIN_SIDE);
  double room_h = MAX (card_h - 2 * PADDING, MIN_SIDE);
  double scale = MIN (room_w / MAX (bounds->width, 1), room_h / MAX (bounds->height, 1));

  if (is_tall (bounds))
    {
      *width = MIN (STRIP_WIDTH, room_w);
      *height = MAX (strip_h - 2 * PADDING, MIN_SIDE);
      return;
    }
  *width = CLAMP (ceil (bounds->width * scale), MIN_SIDE, room_w);
  *height = CLAMP (ceil (bounds->height * scale), MIN_SIDE, room_h);
}

/* Layout to widget: widget = layout × scale + offset, across (x) and down (y) alike but for a
 * tall graph, stretched across. The layout sits in the middle of the picture when MIN_SIDE
 * made the picture wider or taller than it. */
static gboolean
get_mapping (MsvisMinimap *self,
             MsvisRect    *bounds,
             double       *sx,
             double       *sy,
             double       *dx,
             double       *dy)
{
  MsvisLayout *layout = get_layout (self);
  double w = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PADDING;
  double h = gtk_widget_get_height (GTK_WIDGET (self)) - 2 * PADDING;

  if (layout == NULL || w < 1 || h < 1)
    return FALSE;
  *bounds = msvis_layout_get_bounds (layout);
  if (bounds->width <= 0 || bounds->height <= 0)
    return FALSE;
  *sx = *sy = MIN (w / bounds->width, h / bounds->height);
  if (is_tall (bounds))
    {
      *sx = w / bounds->width;
      *sy = h / bounds->height;
    }
  *dx = PADDING + (w - bounds->width * *sx) / 2 - bounds->x * *sx;
  *dy = PADDING + (h - bounds->height * *sy) / 2 - bounds->y * *sy;
  return TRUE;
}

static void view_changed (MsvisMinimap *self);

/* Shown when there is somewhere to go: the layout does not fit the view, and the canvas has
 * room for the minimap beside what it shows. Hidden by opacity, not visibility, so that
 * showing it never changes the layout around it. */
static void
update_shown (MsvisMinimap *self)
{
  MsvisLayout *layout = get_layout (self);
  GtkWidget *canvas = GTK_WIDGET (self->canvas);
  gboolean shown = FALSE;

  if (layout != NULL)
    {
      MsvisRect bounds = msvis_layout_get_bounds (layout), view;
      double w, h;

      picture_size (self, &bounds, &w, &h);
      msvis_graph_canvas_get_view (self->canvas, &view);
      shown = (view.x > bounds.x + 0.5 || view.y > bounds.y + 0.5
               || view.x + view.width < bounds.x + bounds.width - 0.5
               || view.y + view.height < bounds.y + bounds.height - 0.5)
              && gtk_widget_get_width (canvas) >= MIN_ROOM * (w + 2 * PADDING)
              && gtk_widget_get_height (canvas) >= MIN_ROOM * (h + 2 * PADDING);
    }
  self->shown = shown;
  gtk_widget_set_can_target (GTK_WIDGET (self), shown);
  if (!shown)
    {
      gtk_widget_set_opacity (GTK_WIDGET (self), 0);
      return;
    }
  self->placing = TRUE;
  /* No corner clear of the selected node: no card, and no clicks taken, until there is one. */
  if (!_msvis_minimap_place (GTK_WIDGET (self), self->canvas, self->home_halign, self->hovered))
    {
      self->shown = FALSE;
      gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
    }
  self->placing = FALSE;
}

MsvisGraphCanvas *
_msvis_minimap_get_canvas (MsvisMinimap *self)
{
  return self->canvas;
}

static void
halign_changed (MsvisMinimap *self)
{
  if (!self->placing)
    self->home_halign = gtk_widget_get_halign (GTK_WIDGET (self));
}

static void
pointer_moved (MsvisMinimap *self,
               gboolean      hovered)
{
  self->hovered = hovered;
  if (self->shown)
    view_changed (self);
}

static void
pointer_enter (GtkEventControllerMotion *motion,
               double                    x,
               double                    y,
               MsvisMinimap             *self)
{
  pointer_moved (self, TRUE);
}

static void
pointer_leave (GtkEventControllerMotion *motion,
               MsvisMinimap             *self)
{
  pointer_moved (self, FALSE);
}

/* After the frame: whether to show, and the size for a new layout's shape. */
static gboolean
sync_later (gpointer data)
{
  MsvisMinimap *self = data;
  MsvisLayout *layout = get_layout (self);
  MsvisRect bounds = layout ? msvis_layout_get_bounds (layout) : (MsvisRect) { 0 };

  int canvas_w = self->canvas ? gtk_widget_get_width (GTK_WIDGET (self->canvas)) : 0;
  int canvas_h = self->canvas ? gtk_widget_get_height (GTK_WIDGET (self->canvas)) : 0;

  self->sync_id = 0;
  /* The card's size follows the canvas's too (picture_size()). */
  if (memcmp (&bounds, &self->bounds, sizeof bounds) != 0 || canvas_w != self->canvas_w
      || canvas_h != self->canvas_h)
    {
      self->bounds = bounds;
      self->canvas_w = canvas_w;
      self->canvas_h = canvas_h;
      gtk_widget_queue_resize (GTK_WIDGET (self));
    }
  update_shown (self);
  return G_SOURCE_REMOVE;
}

/* The canvas says so while it is being allocated: anything that queues a resize or an
 * allocation now leaves its scrolled window marked for allocation when the frame is drawn
 * ("Trying to snapshot GtkScrolledWindow without a current allocation"). Only the drawing
 * follows at once. */
static void
view_changed (MsvisMinimap *self)
{
  if (self->sync_id == 0)
    self->sync_id = g_idle_add_full (G_PRIORITY_HIGH_IDLE, sync_later, self, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
msvis_minimap_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  MsvisMinimap *self = MSVIS_MINIMAP (widget);
  MsvisLayout *layout = get_layout (self);
  MsvisRect bounds = layout ? msvis_layout_get_bounds (layout) : (MsvisRect) { 0, 0, 1, 1 };
  double w, h;

  picture_size (self, &bounds, &w, &h);
  *minimum = *natural = (int) ((orientation == GTK_ORIENTATION_HORIZONTAL ? w : h)
                               + 2 * PADDING);
}

static GdkTexture *
draw_picture (MsvisMinimap *self,
              int           width,
              int           height,
              int           scale)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale,
                                                         height * scale);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GBytes) bytes = NULL;
  MsvisRect bounds;
  double sx, sy, dx, dy;

  if (get_mapping (self, &bounds, &sx, &sy, &dx, &dy))
    {
      /* The picture starts at the padding: the mapping is the widget's. */
      cairo_scale (cr, scale, scale);
      cairo_translate (cr, dx - PADDING, dy - PADDING);
      cairo_scale (cr, sx, sy);
      if (is_tall (&bounds))
        msvis_graph_canvas_render_rows (self->canvas, cr);
      else
        msvis_graph_canvas_render (self->canvas, cr, MIN (sx, sy) * scale, &bounds);
    }
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  /* Premultiplied BGRA, GDK's default format; the bytes keep the surface alive. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) cairo_image_surface_get_stride (surface)
                                      * height * scale,
                                      (GDestroyNotify) cairo_surface_destroy, surface);
  return gdk_memory_texture_new (width * scale, height * scale, GDK_MEMORY_DEFAULT, bytes,
                                 cairo_image_surface_get_stride (surface));
}

/* Drawn again only when the layout, the fills, the theme or the size changed. */
static GdkTexture *
get_picture (MsvisMinimap *self,
             int           width,
             int           height)
{
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (self));
  guint serial = msvis_graph_canvas_get_drawing_serial (self->canvas);

  if (self->picture == NULL || self->picture_serial != serial || self->picture_width != width
      || self->picture_height != height || self->picture_scale != scale)
    {
      g_clear_object (&self->picture);
      self->picture = draw_picture (self, width, height, scale);
      self->picture_serial = serial;
      self->picture_width = width;
      self->picture_height = height;
      self->picture_scale = scale;
    }
  return self->picture;
}

/**
 * msvis_minimap_get_viewport:
 * @viewport: (out): the part of the layout in the canvas's view, in minimap coordinates (it
 *   may reach past the picture)
 *
 * Returns: %FALSE when nothing is laid out
 */
gboolean
msvis_minimap_get_viewport (MsvisMinimap    *self,
                            graphene_rect_t *viewport)
{
  MsvisRect bounds, view;
  double sx, sy, dx, dy;

  g_return_val_if_fail (MSVIS_IS_MINIMAP (self), FALSE);

  if (!get_mapping (self, &bounds, &sx, &sy, &dx, &dy))
    return FALSE;
  msvis_graph_canvas_get_view (self->canvas, &view);
  graphene_rect_init (viewport, dx + view.x * sx, dy + view.y * sy, view.width * sx,
                      view.height * sy);
  return TRUE;
}

static void
msvis_minimap_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  MsvisMinimap *self = MSVIS_MINIMAP (widget);
  int width = gtk_widget_get_width (widget) - 2 * PADDING;
  int height = gtk_widget_get_height (widget) - 2 * PADDING;
  graphene_rect_t picture = GRAPHENE_RECT_INIT (PADDING, PADDING, width, height);
  graphene_rect_t viewport;
  GskRoundedRect frame;
  GdkRGBA accent, wash;

  if (!self->shown || width < 1 || height < 1 || !msvis_minimap_get_viewport (self, &viewport))
    return;
  gtk_snapshot_append_texture (snapshot, get_picture (self, width, height), &picture);

  if (!gtk_style_context_lookup_color (gtk_widget_get_style_context (widget), "accent_color",
                                       &accent))
    accent = (GdkRGBA) { 0.21, 0.52, 0.89, 1 };
  wash = accent;
  wash.alpha = 0.16;
  /* The part in view, at least a few pixels so that it stays visible when deeply zoomed in. */
  if (viewport.size.width < 6)
    viewport = GRAPHENE_RECT_INIT (viewport.origin.x + viewport.size.width / 2 - 3,
                                   viewport.origin.y, 6, viewport.size.height);
  if (viewport.size.height < 6)
    viewport = GRAPHENE_RECT_INIT (viewport.origin.x,
                                   viewport.origin.y + viewport.size.height / 2 - 3,
                                   viewport.size.width, 6);
  gtk_snapshot_push_clip (snapshot, &picture);
  gtk_snapshot_append_color (snapshot, &wash, &viewport);
  gsk_rounded_rect_init_from_rect (&frame, &viewport, 2);
  gtk_snapshot_append_border (snapshot, &frame, (float[4]) { 1.5, 1.5, 1.5, 1.5 },
                              (GdkRGBA[4]) { accent, accent, accent, accent });
  gtk_snapshot_pop (snapshot);
}

/**
 * msvis_minimap_pan_to:
 * @x: minimap coordinates of the point to bring to the middle of the canvas
 */
void
msvis_minimap_pan_to (MsvisMinimap *self,
                      double        x,
                      double        y)
{
  MsvisRect bounds;
  double sx, sy, dx, dy;

  g_return_if_fail (MSVIS_IS_MINIMAP (self));

  if (!get_mapping (self, &bounds, &sx, &sy, &dx, &dy))
    return;
  msvis_graph_canvas_center_on (self->canvas,
                                CLAMP ((x - dx) / sx, bounds.x, bounds.x + bounds.width),
                                CLAMP ((y - dy) / sy, bounds.y, bounds.y + bounds.height));
}

gboolean
msvis_minimap_is_shown (MsvisMinimap *self)
{
  g_return_val_if_fail (MSVIS_IS_MINIMAP (self), FALSE);
  return self->shown && gtk_widget_get_visible (GTK_WIDGET (self));
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            MsvisMinimap   *self)
{
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  self->drag_x = x;
  self->drag_y = y;
  msvis_minimap_pan_to (self, x, y);
}

static void
drag_update (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             MsvisMinimap   *self)
{
  msvis_minimap_pan_to (self, self->drag_x + offset_x, self->drag_y + offset_y);
}

static void
msvis_minimap_dispose (GObject *object)
{
  MsvisMinimap *self = MSVIS_MINIMAP (object);

  g_clear_weak_pointer (&self->canvas);
  g_clear_object (&self->picture);
  g_clear_handle_id (&self->sync_id, g_source_remove);
  G_OBJECT_CLASS (msvis_minimap_parent_class)->dispose (object);
}

static void
msvis_minimap_class_init (MsvisMinimapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_minimap_dispose;
  widget_class->measure = msvis_minimap_measure;
  widget_class->snapshot = msvis_minimap_snapshot;
  gtk_widget_class_set_css_name (widget_class, "minimap");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
msvis_minimap_init (MsvisMinimap *self)
{
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  g_signal_connect (motion, "enter", G_CALLBACK (pointer_enter), self);
  g_signal_connect (motion, "leave", G_CALLBACK (pointer_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  self->home_halign = GTK_ALIGN_END;
  g_signal_connect (self, "notify::halign", G_CALLBACK (halign_changed), NULL);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  gtk_widget_set_opacity (GTK_WIDGET (self), 0);
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Overview of the whole graph"), -1);
}

/**
 * msvis_minimap_new:
 * @canvas: the canvas it shows and pans; it must outlive the minimap or be disposed first
 */
GtkWidget *
msvis_minimap_new (MsvisGraphCanvas *canvas)
{
  MsvisMinimap *self = g_object_new (MSVIS_TYPE_MINIMAP, NULL);

  g_set_weak_pointer (&self->canvas, canvas);
  g_signal_connect_object (canvas, "view-changed", G_CALLBACK (view_changed), self,
                           G_CONNECT_SWAPPED);
  /* A click selects a node in view without scrolling: the card may be over it. */
  g_signal_connect_object (canvas, "notify::selected-node", G_CALLBACK (view_changed), self,
                           G_CONNECT_SWAPPED);
  return GTK_WIDGET (self);
}
