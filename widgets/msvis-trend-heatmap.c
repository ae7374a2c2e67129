// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "msvis-trend-heatmap-private.h"

#define LABEL_WIDTH  300.   /* the row labels; long names are ellipsized, the tooltip has them */
#define HEADER       34.    /* the column labels */
#define ROW_HEIGHT   18.
#define MIN_CELL     14.
#define MAX_CELL     56.
#define INDENT       12.


enum
{
  PROP_0,
  PROP_HADJUSTMENT,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

guint _msvis_trend_heatmap_signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE_WITH_CODE (MsvisTrendHeatmap, msvis_trend_heatmap, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL))

static guint
n_columns (MsvisTrendHeatmap *self)
{
  return self->slice ? self->slice->x->len : 0;
}

static guint
n_rows (MsvisTrendHeatmap *self)
{
  return self->rows ? msvis_trend_rows_n_visible (self->rows) : 0;
}

/* Cells widen to fill the width when there are few columns, down to MIN_CELL when many. */
static double
cell_width (MsvisTrendHeatmap *self,
            double             width)
{
  guint n = MAX (n_columns (self), 1);

  return CLAMP (floor ((width - LABEL_WIDTH) / n), MIN_CELL, MAX_CELL);
}

static void
configure (MsvisTrendHeatmap *self)
{
  double width = gtk_widget_get_width (GTK_WIDGET (self));
  double height = gtk_widget_get_height (GTK_WIDGET (self));
  double cw = cell_width (self, width);
  double content_w = n_columns (self) * cw, content_h = n_rows (self) * ROW_HEIGHT;
  double page_w = MAX (width - LABEL_WIDTH, 1), page_h = MAX (height - HEADER, 1);

  if (self->hadjustment != NULL)
    gtk_adjustment_configure (self->hadjustment,
                              CLAMP (gtk_adjustment_get_value (self->hadjustment), 0,
                                     MAX (content_w - page_w, 0)),
                              0, MAX (content_w, page_w), cw, page_w * 0.9, page_w);
  if (self->vadjustment != NULL)
    gtk_adjustment_configure (self->vadjustment,
                              CLAMP (gtk_adjustment_get_value (self->vadjustment), 0,
                                     MAX (content_h - page_h, 0)),
                              0, MAX (content_h, page_h), ROW_HEIGHT, page_h * 0.9, page_h);
}

guint
_msvis_trend_heatmap_n_columns (MsvisTrendHeatmap *self)
{
  return n_columns (self);
}

guint
_msvis_trend_heatmap_n_rows (MsvisTrendHeatmap *self)
{
  return n_rows (self);
}

void
_msvis_trend_heatmap_configure (MsvisTrendHeatmap *self)
{
  configure (self);
}

static double
scroll_x (MsvisTrendHeatmap *self)
{
  return self->hadjustment ? gtk_adjustment_get_value (self->hadjustment) : 0;
}

static double
scroll_y (MsvisTrendHeatmap *self)
{
  return self->vadjustment ? gtk_adjustment_get_value (self->vadjustment) : 0;
}

static void
compute_scale (MsvisTrendHeatmap *self)
{
  gsize n = self->slice ? (gsize)self->slice->x->len * self->slice->y->len : 0;

  self->scale.min = INFINITY;
  self->scale.max = -INFINITY;
  for (gsize i = 0; i < n; i++)
    if (self->slice->kinds[i] == MSVIS_TREND_CELL_VALUE)
      {
        self->scale.min = MIN (self->scale.min, self->slice->values[i]);
        self->scale.max = MAX (self->scale.max, self->slice->values[i]);
      }
  self->scale.relative = self->slice != NULL && self->slice->relative;
  if (self->scale.relative && self->scale.min <= self->scale.max)
    {
      double m = MAX (fabs (self->scale.min), fabs (self->scale.max));

      self->scale.min = -m;
      self->scale.max = m;
    }
  self->scale.log = self->want_log && !self->scale.relative && self->scale.min > 0 &&
                    self->scale.max > self->scale.min;
}

/**
 * msvis_trend_heatmap_set_data:
 * @slice: (transfer full) (nullable)
 * @rows: (transfer full) (nullable): the slice's rows
 * @targets: (transfer full) (nullable): the slice's targets, for names
 */
void
msvis_trend_heatmap_set_data (MsvisTrendHeatmap *self,
                              MsvisTrendSlice   *slice,
                              MsvisTrendRows    *rows,
                              GArray            *targets,
                              const char        *x_title,
                              const char        *y_title)
{
  g_return_if_fail (MSVIS_IS_TREND_HEATMAP (self));

  g_clear_pointer (&self->slice, msvis_trend_slice_free);
  g_clear_pointer (&self->rows, msvis_trend_rows_free);
  g_clear_pointer (&self->targets, g_array_unref);
  self->slice = slice;
  self->rows = rows;
  self->targets = targets;
  g_free (self->x_title);
  g_free (self->y_title);
  self->x_title = g_strdup (x_title);
  self->y_title = g_strdup (y_title);
  if (slice != NULL && rows != NULL)
    msvis_trend_rows_aggregate (rows, slice);
  compute_scale (self);
  g_array_set_size (self->marks, 0);
  self->cursor_x = self->cursor_row = 0;
  configure (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const MsvisTrendSlice *
msvis_trend_heatmap_get_slice (MsvisTrendHeatmap *self)
{
  return self->slice;
}

MsvisTrendRows *
msvis_trend_heatmap_get_rows (MsvisTrendHeatmap *self)
{
  return self->rows;
}

void
msvis_trend_heatmap_set_log (MsvisTrendHeatmap *self,
                             gboolean           log)
{
  self->want_log = log;
  compute_scale (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const MsvisTrendScale *
msvis_trend_heatmap_get_scale (MsvisTrendHeatmap *self)
{
  return &self->scale;
}

/* @marks: (transfer none): MsvisTrendMark */
void
msvis_trend_heatmap_set_marks (MsvisTrendHeatmap *self,
                               GArray            *marks)
{
  g_array_set_size (self->marks, 0);
  if (marks != NULL)
    g_array_append_vals (self->marks, marks->data, marks->len);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

char *
msvis_trend_heatmap_row_name (MsvisTrendHeatmap   *self,
                              const MsvisTrendRow *row)
{
  if (row->target >= 0 && self->targets != NULL)
    return g_strdup (g_array_index (self->targets, MsvisTrendTarget, row->target).name);
  return msvis_trend_rows_full_name (self->rows, row);
}

/* What the column of @x is called: "12" for a step, "rank 3" for a rank. */
static char *
column_label (MsvisTrendHeatmap *self,
              guint              x)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, g_array_index (self->slice->x, gint64, x));
}

static void
draw_text (GtkWidget  *widget,
           cairo_t    *cr,
           const char *text,
           double      x,
           double      y,
           double      width,
           gboolean    centre)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  int w, h;

  pango_layout_set_width (layout, (int)(width * PANGO_SCALE));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_MIDDLE);
  if (centre)
    pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x, y - h / 2.);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

static void
foreground (GtkWidget *widget,
            GdkRGBA   *rgba)
{
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), rgba);
}

/* Rows [r0, r1) and columns [c0, c1), with the origin at the map's top left corner. */
static void
draw_cells (MsvisTrendHeatmap *self,
            cairo_t           *cr,
            double             cw,
            guint              r0,
            guint              r1,
            guint              c0,
            guint              c1)
{
  GdkRGBA fg;

  foreground (GTK_WIDGET (self), &fg);
  for (guint r = r0; r < r1; r++)
    {
      const MsvisTrendRow *row = msvis_trend_rows_visible (self->rows, r);

      for (guint c = c0; c < c1; c++)
        {
          double value;
          MsvisTrendCell kind;

          msvis_trend_rows_cell (self->rows, self->slice, row, c, &value, &kind);
          msvis_trend_draw_cell (cr, &self->scale, value, kind, c * cw, r * ROW_HEIGHT,
                                 cw - 1, ROW_HEIGHT - 1);
          /* A step without data is the key's "no data" swatch, not the background. */
          if (kind == MSVIS_TREND_CELL_GAP && cw > 3)
            {
              gdk_cairo_set_source_rgba (cr, &fg);
              cairo_set_line_width (cr, 1);
              cairo_rectangle (cr, c * cw + 0.5, r * ROW_HEIGHT + 0.5, cw - 2, ROW_HEIGHT - 2);
              cairo_stroke (cr);
            }
        }
    }
  for (guint i = 0; i < self->marks->len; i++)
    {
      MsvisTrendMark *mark = &g_array_index (self->marks, MsvisTrendMark, i);

      for (guint r = r0; r < r1; r++)
        if (msvis_trend_rows_visible (self->rows, r)->target == mark->target &&
            mark->x >= c0 && mark->x < c1)
          {
            gdk_cairo_set_source_rgba (cr, &mark->colour);
            cairo_set_line_width (cr, 2.5);
            cairo_rectangle (cr, mark->x * cw + 1.25, r * ROW_HEIGHT + 1.25, cw - 3.5,
                             ROW_HEIGHT - 3.5);
            cairo_stroke (cr);
          }
    }
}

static void
draw_row_labels (MsvisTrendHeatmap *self,
                 cairo_t           *cr,
                 guint              r0,
                 guint              r1)
{
  GtkWidget *widget = GTK_WIDGET (self);

  for (guint r = r0; r < r1; r++)
    {
      const MsvisTrendRow *row = msvis_trend_rows_visible (self->rows, r);
      double indent = 4 + row->depth * INDENT, y = r * ROW_HEIGHT + ROW_HEIGHT / 2;
      g_autofree char *text = NULL;

      if (row->target < 0)
        text = g_strdup_printf ("%s %s", row->folded ? "▸" : "▾", row->label);
      draw_text (widget, cr, text ? text : row->label, indent, y, LABEL_WIDTH - indent - 6,
                 FALSE);
    }
}

static void
draw_column_labels (MsvisTrendHeatmap *self,
                    cairo_t           *cr,
                    double             cw,
                    guint              c0,
                    guint              c1)
{
  GtkWidget *widget = GTK_WIDGET (self);
  guint every = MAX (1, (guint)ceil (36. / cw));

  for (guint c = c0; c < c1; c++)
    if (c % every == 0)
      {
        g_autofree char *text = column_label (self, c);
        double room = every * cw;

        draw_text (widget, cr, text, c * cw + cw / 2 - room / 2, HEADER - 10, room, TRUE);
        cairo_rectangle (cr, c * cw + cw / 2 - 0.5, HEADER - 4, 1, 4);
        cairo_fill (cr);
      }
}

static void
draw_titles (MsvisTrendHeatmap *self,
             cairo_t           *cr)
{
  g_autofree char *corner = g_strdup_printf ("%s ↓   %s →", self->y_title ? self->y_title : "",
                                             self->x_title ? self->x_title : "");

  draw_text (GTK_WIDGET (self), cr, corner, 4, HEADER - 10, LABEL_WIDTH - 8, FALSE);
}

/* The visible part: labels stay put while the cells scroll under them. */
static void
draw_view (MsvisTrendHeatmap *self,
           cairo_t           *cr,
           double             width,
           double             height)
{
  double cw = cell_width (self, width), sx = scroll_x (self), sy = scroll_y (self);
  guint c0 = (guint)floor (sx / cw), c1 = MIN (n_columns (self), (guint)ceil ((sx + width) / cw));
  guint r0 = (guint)floor (sy / ROW_HEIGHT);
  guint r1 = MIN (n_rows (self), (guint)ceil ((sy + height) / ROW_HEIGHT));
  GdkRGBA fg;

  foreground (GTK_WIDGET (self), &fg);
  cairo_save (cr);
  cairo_rectangle (cr, LABEL_WIDTH, HEADER, width - LABEL_WIDTH, height - HEADER);
  cairo_clip (cr);
  cairo_translate (cr, LABEL_WIDTH - sx, HEADER - sy);
  draw_cells (self, cr, cw, r0, r1, c0, c1);
  if (gtk_widget_has_focus (GTK_WIDGET (self)) && self->cursor_row < n_rows (self))
    {
      static const double dash[] = { 2, 2 };

      gdk_cairo_set_source_rgba (cr, &fg);
      cairo_set_line_width (cr, 1);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_rectangle (cr, self->cursor_x * cw + 0.5, self->cursor_row * ROW_HEIGHT + 0.5,
                       cw - 2, ROW_HEIGHT - 2);
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  gdk_cairo_set_source_rgba (cr, &fg);
  cairo_save (cr);
  cairo_rectangle (cr, 0, HEADER, LABEL_WIDTH, height - HEADER);
  cairo_clip (cr);
  cairo_translate (cr, 0, HEADER - sy);
  draw_row_labels (self, cr, r0, r1);
  cairo_restore (cr);

  cairo_save (cr);
  cairo_rectangle (cr, LABEL_WIDTH, 0, width - LABEL_WIDTH, HEADER);
  cairo_clip (cr);
  cairo_translate (cr, LABEL_WIDTH - sx, 0);
  draw_column_labels (self, cr, cw, c0, c1);
  cairo_restore (cr);
  draw_titles (self, cr);
}

static void
msvis_trend_heatmap_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  MsvisTrendHeatmap *self = MSVIS_TREND_HEATMAP (widget);
  double width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->slice == NULL || self->rows == NULL || width <= LABEL_WIDTH)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  draw_view (self, cr, width, height);
  cairo_destroy (cr);
}

/**
 * msvis_trend_heatmap_draw_all:
 *
 * The whole map, not only what is visible, for an export; @width and @height are set to its
 * size (call with a recording surface first to learn it).
 */
void
msvis_trend_heatmap_draw_all (MsvisTrendHeatmap *self,
                              cairo_t           *cr,
                              double            *width,
                              double            *height)
{
  /* small maps get room for their column labels, big ones stay printable */
  double cw = n_columns (self) <= 60 ? 2 * MIN_CELL : MIN_CELL;

  *width = LABEL_WIDTH + n_columns (self) * cw;
  *height = HEADER + n_rows (self) * ROW_HEIGHT;
  if (self->slice == NULL || self->rows == NULL)
    return;
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_save (cr);
  cairo_translate (cr, 0, HEADER);
  draw_row_labels (self, cr, 0, n_rows (self));
  cairo_restore (cr);
  cairo_save (cr);
  cairo_translate (cr, LABEL_WIDTH, 0);
  draw_column_labels (self, cr, cw, 0, n_columns (self));
  cairo_restore (cr);
  draw_titles (self, cr);
  cairo_translate (cr, LABEL_WIDTH, HEADER);
  draw_cells (self, cr, cw, 0, n_rows (self), 0, n_columns (self));
  cairo_restore (cr);
}

gboolean
msvis_trend_heatmap_cell_at (MsvisTrendHeatmap *self,
                             double             wx,
                             double             wy,
                             guint             *x,
                             guint             *visible_row)
{
  double cw = cell_width (self, gtk_widget_get_width (GTK_WIDGET (self)));
  double cx = wx - LABEL_WIDTH + scroll_x (self), cy = wy - HEADER + scroll_y (self);

  if (self->slice == NULL || wy < HEADER || cy < 0 || cy >= n_rows (self) * ROW_HEIGHT)
    return FALSE;
  *visible_row = (guint)(cy / ROW_HEIGHT);
  if (wx < LABEL_WIDTH)
    {
      *x = G_MAXUINT;        /* the label column */
      return TRUE;
    }
  if (cx < 0 || cx >= n_columns (self) * cw)
    return FALSE;
  *x = (guint)(cx / cw);
  return TRUE;
}

/* Scrolls the cell into view and gives its centre in widget coordinates. */
gboolean
msvis_trend_heatmap_cell_center (MsvisTrendHeatmap *self,
                                 guint              x,
                                 guint              visible_row,
                                 double            *wx,
                                 double            *wy)
{
  double cw = cell_width (self, gtk_widget_get_width (GTK_WIDGET (self)));

  if (x >= n_columns (self) || visible_row >= n_rows (self))
    return FALSE;
  if (self->hadjustment != NULL)
    gtk_adjustment_clamp_page (self->hadjustment, x * cw, (x + 1) * cw);
  if (self->vadjustment != NULL)
    gtk_adjustment_clamp_page (self->vadjustment, visible_row * ROW_HEIGHT,
                               (visible_row + 1) * ROW_HEIGHT);
  *wx = LABEL_WIDTH + x * cw + cw / 2 - scroll_x (self);
  *wy = HEADER + visible_row * ROW_HEIGHT + ROW_HEIGHT / 2 - scroll_y (self);
  return TRUE;
}

static void
pressed (GtkGestureClick   *gesture,
         int                n_press,
         double             wx,
         double             wy,
         MsvisTrendHeatmap *self)
{
  msvis_trend_heatmap_press (self, wx, wy, n_press);
}

static gboolean
query_tooltip (GtkWidget  *widget,
               int         wx,
               int         wy,
               gboolean    keyboard,
               GtkTooltip *tooltip)
{
  g_autofree char *text = msvis_trend_heatmap_describe (MSVIS_TREND_HEATMAP (widget), wx, wy);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
adjustment_changed (MsvisTrendHeatmap *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_adjustment (MsvisTrendHeatmap  *self,
                GtkAdjustment     **slot,
                GtkAdjustment      *adjustment)
{
  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_func (*slot, adjustment_changed, self);
      g_object_unref (*slot);
    }
  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect_swapped (adjustment, "value-changed", G_CALLBACK (adjustment_changed), self);
  configure (self);
}

static void
msvis_trend_heatmap_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  MsvisTrendHeatmap *self = MSVIS_TREND_HEATMAP (object);

  switch (prop_id)
    {
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value));
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value));
      break;
    case PROP_HSCROLL_POLICY:
      self->hscroll_policy = g_value_get_enum (value);
      break;
    case PROP_VSCROLL_POLICY:
      self->vscroll_policy = g_value_get_enum (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
msvis_trend_heatmap_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  MsvisTrendHeatmap *self = MSVIS_TREND_HEATMAP (object);

  switch (prop_id)
    {
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
msvis_trend_heatmap_size_allocate (GtkWidget *widget,
                                   int        width,
                                   int        height,
                                   int        baseline)
{
  configure (MSVIS_TREND_HEATMAP (widget));
}

static void
msvis_trend_heatmap_dispose (GObject *object)
{
  MsvisTrendHeatmap *self = MSVIS_TREND_HEATMAP (object);

  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->hadjustment, adjustment_changed, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, adjustment_changed, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  G_OBJECT_CLASS (msvis_trend_heatmap_parent_class)->dispose (object);
}

static void
msvis_trend_heatmap_finalize (GObject *object)
{
  MsvisTrendHeatmap *self = MSVIS_TREND_HEATMAP (object);

  g_clear_pointer (&self->slice, msvis_trend_slice_free);
  g_clear_pointer (&self->rows, msvis_trend_rows_free);
  g_clear_pointer (&self->targets, g_array_unref);
  g_array_unref (self->marks);
  g_free (self->x_title);
  g_free (self->y_title);
  G_OBJECT_CLASS (msvis_trend_heatmap_parent_class)->finalize (object);
}

static void
msvis_trend_heatmap_class_init (MsvisTrendHeatmapClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->set_property = msvis_trend_heatmap_set_property;
  object_class->get_property = msvis_trend_heatmap_get_property;
  object_class->dispose = msvis_trend_heatmap_dispose;
  object_class->finalize = msvis_trend_heatmap_finalize;
  widget_class->snapshot = msvis_trend_heatmap_snapshot;
  widget_class->size_allocate = msvis_trend_heatmap_size_allocate;
  widget_class->query_tooltip = query_tooltip;
  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  /* (x, target): a cell of a module or rank row was clicked, or double-clicked */
  _msvis_trend_heatmap_signals[CELL_ACTIVATED] =
    g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT);
  _msvis_trend_heatmap_signals[CELL_OPEN] =
    g_signal_new ("cell-open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_INT);
  gtk_widget_class_set_css_name (widget_class, "trend-heatmap");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
msvis_trend_heatmap_init (MsvisTrendHeatmap *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys;

  self->marks = g_array_new (FALSE, FALSE, sizeof (MsvisTrendMark));
  self->scale.min = INFINITY;
  self->scale.max = -INFINITY;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  g_signal_connect (click, "pressed", G_CALLBACK (pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (_msvis_trend_heatmap_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

GtkWidget *
msvis_trend_heatmap_new (void)
{
  return g_object_new (MSVIS_TYPE_TREND_HEATMAP, NULL);
}
