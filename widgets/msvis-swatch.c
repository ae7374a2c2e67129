// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-swatch.h"

/* A pill, wider than tall: a square with a grey outline read as an unchecked check box,
 * and the near-white pass colour most of all. */
#define SWATCH_WIDTH 18
#define SWATCH_HEIGHT 10

struct _MsvisSwatch
{
  GtkWidget  parent_instance;

  char      *color;   /* as set, for the property */
  GdkRGBA    rgba;
  gboolean   has_rgba;
};

G_DEFINE_FINAL_TYPE (MsvisSwatch, msvis_swatch, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_COLOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
msvis_swatch_measure (GtkWidget      *widget,
                      GtkOrientation  orientation,
                      int             for_size,
                      int            *minimum,
                      int            *natural,
                      int            *minimum_baseline,
                      int            *natural_baseline)
{
  *minimum = *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? SWATCH_WIDTH : SWATCH_HEIGHT;
}

/* Several legend colours (#FFFCF3, the Bench white) are nearly white: an outline in a darker
 * shade of the colour itself keeps them visible on light and dark backgrounds alike, and says
 * "colour", not "control", as a grey outline did. */
static void
msvis_swatch_snapshot (GtkWidget   *widget,
                       GtkSnapshot *snapshot)
{
  MsvisSwatch *self = MSVIS_SWATCH (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  float w = MIN (width, SWATCH_WIDTH), h = MIN (height, SWATCH_HEIGHT);
  GskRoundedRect box;
  GdkRGBA outline;
  float border[4] = { 1.5f, 1.5f, 1.5f, 1.5f };
  GdkRGBA outlines[4];

  if (!self->has_rgba || w <= 0 || h <= 0)
    return;

  outline = (GdkRGBA) { self->rgba.red * 0.55f, self->rgba.green * 0.55f,
                        self->rgba.blue * 0.55f, 1 };
  for (guint i = 0; i < 4; i++)
    outlines[i] = outline;

  gsk_rounded_rect_init_from_rect (&box,
                                   &GRAPHENE_RECT_INIT ((width - w) / 2.f, (height - h) / 2.f,
                                                        w, h),
                                   h / 2.f);
  gtk_snapshot_push_rounded_clip (snapshot, &box);
  gtk_snapshot_append_color (snapshot, &self->rgba, &box.bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &box, border, outlines);
}

static void
msvis_swatch_finalize (GObject *object)
{
  MsvisSwatch *self = (MsvisSwatch *)object;

  g_clear_pointer (&self->color, g_free);

  G_OBJECT_CLASS (msvis_swatch_parent_class)->finalize (object);
}

static void
msvis_swatch_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  MsvisSwatch *self = MSVIS_SWATCH (object);

  switch (prop_id)
    {
    case PROP_COLOR:
      g_value_set_string (value, msvis_swatch_get_color (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
msvis_swatch_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  MsvisSwatch *self = MSVIS_SWATCH (object);

  switch (prop_id)
    {
    case PROP_COLOR:
      msvis_swatch_set_color (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
msvis_swatch_class_init (MsvisSwatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = msvis_swatch_finalize;
  object_class->get_property = msvis_swatch_get_property;
  object_class->set_property = msvis_swatch_set_property;

  widget_class->measure = msvis_swatch_measure;
  widget_class->snapshot = msvis_swatch_snapshot;

  /**
   * MsvisSwatch:color:
   *
   * The colour as gdk_rgba_parse() reads it ("#FF704D"); NULL or unreadable draws nothing.
   */
  properties[PROP_COLOR] =
    g_param_spec_string ("color", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "swatch");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
msvis_swatch_init (MsvisSwatch *self)
{
  gtk_widget_set_valign (GTK_WIDGET (self), GTK_ALIGN_CENTER);
}

GtkWidget *
msvis_swatch_new (void)
{
  return g_object_new (MSVIS_TYPE_SWATCH, NULL);
}

const char *
msvis_swatch_get_color (MsvisSwatch *self)
{
  g_return_val_if_fail (MSVIS_IS_SWATCH (self), NULL);
  return self->color;
}

void
msvis_swatch_set_color (MsvisSwatch *self,
                        const char  *color)
{
  g_return_if_fail (MSVIS_IS_SWATCH (self));

  if (g_strcmp0 (color, self->color) == 0)
    return;
  g_free (self->color);
  self->color = g_strdup (color);
  self->has_rgba = color != NULL && gdk_rgba_parse (&self->rgba, color);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLOR]);
}
