// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>

#include "msvis-compare-panel-private.h"

/* The lines' scrolled windows show whole lines: each is given the height of as many lines as
 * fit, from the grid's top margin, and the rest of the room stays empty under it, above the
 * horizontal scrollbar. With all the height the pane gave it, the top of the next line showed
 * cut at the bottom edge. The panel's own size is not changed, so the pane's is not either. */

/* The height of a line and the gap under it, as the grid lays out its rows (all alike); 0 with
 * no lines. */
static int
line_pitch (MsvisComparePanel *self)
{
  guint n = self->data != NULL && self->data->rows->len > 0
            ? self->data->rows->len * MAX (self->data->n_sides, 1) : 0;
  int spacing = gtk_grid_get_row_spacing (GTK_GRID (self->frozen));
  int height;

  if (n == 0 || gtk_widget_get_first_child (self->frozen) == NULL)
    return 0;
  /* Rows are homogeneous: the grid's height, less its margins and gaps, over its lines. */
  gtk_widget_measure (self->frozen, GTK_ORIENTATION_VERTICAL, -1, &height, NULL, NULL, NULL);
  height -= gtk_widget_get_margin_top (self->frozen) + gtk_widget_get_margin_bottom (self->frozen)
            + (int) (n - 1) * spacing;
  return height > 0 ? height / (int) n + spacing : 0;
}

static void
fit_measure (GtkWidget      *widget,
             GtkOrientation  orientation,
             int             for_size,
             int            *minimum,
             int            *natural,
             int            *minimum_baseline,
             int            *natural_baseline)
{
  gtk_widget_measure (gtk_widget_get_first_child (widget), orientation, for_size, minimum,
                      natural, minimum_baseline, natural_baseline);
}

static void
fit_allocate (GtkWidget *widget,
              int        width,
              int        height,
              int        baseline)
{
  MsvisComparePanel *self = g_object_get_data (G_OBJECT (widget), "msvis-compare-panel");
  GtkWidget *child = gtk_widget_get_first_child (widget);
  int pitch = self != NULL && self->frozen != NULL ? line_pitch (self) : 0;
  int minimum, top;

  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, width, &minimum, NULL, NULL, NULL);
  if (pitch > 0)
    {
      top = gtk_widget_get_margin_top (self->frozen);
      /* Whole lines, each with the gap under it: the view ends where the next line starts. */
      if (height > top + pitch)
        height = MAX (top + (height - top) / pitch * pitch, minimum);
    }
  gtk_widget_allocate (child, width, height, -1, NULL);
}

/* A bin around @scroller, that gives it the height of whole lines of @self's table. */
GtkWidget *
_msvis_compare_panel_fit_lines_new (MsvisComparePanel *self,
                                    GtkWidget         *scroller)
{
  GtkWidget *bin = adw_bin_new ();

  gtk_widget_set_layout_manager (bin, gtk_custom_layout_new (NULL, fit_measure, fit_allocate));
  g_object_set_data (G_OBJECT (bin), "msvis-compare-panel", self);
  adw_bin_set_child (ADW_BIN (bin), scroller);
  gtk_widget_set_hexpand (bin, gtk_widget_get_hexpand (scroller));
  gtk_widget_set_vexpand (bin, TRUE);
  return bin;
}
