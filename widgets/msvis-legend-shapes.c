// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-layout.h"
#include "msvis-legend-private.h"

/* What the shapes of the boxes mean, drawn as the canvas draws them (msvis-render.c): a
 * module is a rounded rectangle, an API call a pill, an API list has a thick outline, and a
 * closed container carries a plus. */

#define SHAPE_W 44
#define SHAPE_H 20
#define SHAPE_CLOSED 3   /* after MsvisBoxShape's values: a module with its plus */

static void
rounded (cairo_t *cr,
         double   x,
         double   y,
         double   w,
         double   h,
         double   r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
draw_shape (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        data)
{
  int kind = GPOINTER_TO_INT (data);
  double w = SHAPE_W - 4, h = SHAPE_H - 4;
  GdkRGBA ink;

  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (area)), &ink);
  /* Sharper corners than the canvas's at this size, or a module looks like a pill. */
  rounded (cr, 2, 2, w, h, kind == MSVIS_BOX_SHAPE_API ? h / 2 : 2.5);
  cairo_set_source_rgb (cr, 1, 1, 0.95);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, ink.red, ink.green, ink.blue, 0.6);
  cairo_set_line_width (cr, kind == MSVIS_BOX_SHAPE_API_COLLECTION ? 2 : 1);
  cairo_stroke (cr);
  if (kind == SHAPE_CLOSED)
    {
      double cx = 2 + w - 9, cy = 2 + h / 2;

      cairo_rectangle (cr, cx - 4, cy - 0.75, 8, 1.5);
      cairo_rectangle (cr, cx - 0.75, cy - 4, 1.5, 8);
      cairo_fill (cr);
    }
}

static GtkWidget *
shape_row (int         kind,
           const char *text)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *shape = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (text);

  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (shape), SHAPE_W);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (shape), SHAPE_H);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (shape), draw_shape, GINT_TO_POINTER (kind),
                                  NULL);
  gtk_widget_set_valign (shape, GTK_ALIGN_START);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (row), shape);
  gtk_box_append (GTK_BOX (row), label);
  return row;
}

/**
 * _msvis_legend_shapes_new:
 *
 * Returns: the Shapes section of the legend: its heading and one row a shape
 */
GtkWidget *
_msvis_legend_shapes_new (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *title = gtk_label_new (_("Shapes"));

  gtk_widget_set_margin_top (box, 12);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), shape_row (MSVIS_BOX_SHAPE_MODULE,
                                            _("Module: a layer, with the calls made in it")));
  gtk_box_append (GTK_BOX (box), shape_row (MSVIS_BOX_SHAPE_API, _("API: one call")));
  gtk_box_append (GTK_BOX (box), shape_row (MSVIS_BOX_SHAPE_API_COLLECTION,
                                            _("API list: the calls between two modules")));
  gtk_box_append (GTK_BOX (box), shape_row (SHAPE_CLOSED,
                                            _("Closed container (+): a double click opens it")));
  return box;
}
