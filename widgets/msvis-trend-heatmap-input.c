// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-trend-heatmap-private.h"

/* What the pointer and the keys do on the heat map, and what its tooltip says. */

/**
 * msvis_trend_heatmap_press:
 *
 * What a click (@n_press 1) or a double click at (@wx, @wy) does: a module's name folds or
 * unfolds it, a cell is activated or asked to open.
 */
void
msvis_trend_heatmap_press (MsvisTrendHeatmap *self,
                           double             wx,
                           double             wy,
                           int                n_press)
{
  guint x, r;

  if (!msvis_trend_heatmap_cell_at (self, wx, wy, &x, &r))
    return;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  self->cursor_row = r;
  if (x != G_MAXUINT)
    self->cursor_x = x;
  /* a group folds from its name only: a click meant for a cell must not make rows jump */
  if (x == G_MAXUINT || msvis_trend_rows_visible (self->rows, r)->target < 0)
    {
      if (x == G_MAXUINT && n_press == 1 && msvis_trend_rows_visible (self->rows, r)->target < 0)
        {
          msvis_trend_rows_toggle (self->rows, r);
          _msvis_trend_heatmap_configure (self);
          gtk_widget_queue_draw (GTK_WIDGET (self));
        }
      return;
    }
  g_signal_emit (self, _msvis_trend_heatmap_signals[n_press >= 2 ? CELL_OPEN : CELL_ACTIVATED],
                 0, x, msvis_trend_rows_visible (self->rows, r)->target);
}

/**
 * msvis_trend_heatmap_describe:
 *
 * What the tooltip at (@wx, @wy) says: the row's full name, and for a cell its column and value.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL outside the rows
 */
char *
msvis_trend_heatmap_describe (MsvisTrendHeatmap *self,
                              double             wx,
                              double             wy)
{
  const MsvisTrendRow *row;
  g_autofree char *name = NULL, *value_text = NULL;
  double value;
  MsvisTrendCell kind;
  guint x, r;

  if (!msvis_trend_heatmap_cell_at (self, wx, wy, &x, &r))
    return NULL;
  row = msvis_trend_rows_visible (self->rows, r);
  name = msvis_trend_heatmap_row_name (self, row);
  if (x == G_MAXUINT)
    return g_steal_pointer (&name);
  msvis_trend_rows_cell (self->rows, self->slice, row, x, &value, &kind);
  value_text = msvis_trend_format_value (value, kind);
  return g_strdup_printf ("%s\n%s %" G_GINT64_FORMAT "\n%s%s", name, self->x_title,
                          g_array_index (self->slice->x, gint64, x), value_text,
                          row->target < 0 ? _("\n(largest in magnitude of the group)") : "");
}

/* Arrows move a cell cursor, Enter does what a click does there (a group's name folds), Shift or
 * Ctrl with Enter what a double click does. */
gboolean
_msvis_trend_heatmap_key_pressed (GtkEventControllerKey *controller,
                                  guint                  keyval,
                                  guint                  keycode,
                                  GdkModifierType        state,
                                  MsvisTrendHeatmap     *self)
{
  guint nx = _msvis_trend_heatmap_n_columns (self), ny = _msvis_trend_heatmap_n_rows (self);
  const MsvisTrendRow *row;

  if (nx == 0 || ny == 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left:
      self->cursor_x = self->cursor_x > 0 ? self->cursor_x - 1 : 0;
      break;
    case GDK_KEY_Right:
      self->cursor_x = MIN (self->cursor_x + 1, nx - 1);
      break;
    case GDK_KEY_Up:
      self->cursor_row = self->cursor_row > 0 ? self->cursor_row - 1 : 0;
      break;
    case GDK_KEY_Down:
      self->cursor_row = MIN (self->cursor_row + 1, ny - 1);
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      row = msvis_trend_rows_visible (self->rows, MIN (self->cursor_row, ny - 1));
      if (row->target < 0)
        {
          msvis_trend_rows_toggle (self->rows, self->cursor_row);
          _msvis_trend_heatmap_configure (self);
        }
      else
        g_signal_emit (self,
                       _msvis_trend_heatmap_signals[state & (GDK_SHIFT_MASK | GDK_CONTROL_MASK)
                                                    ? CELL_OPEN : CELL_ACTIVATED],
                       0, MIN (self->cursor_x, nx - 1), row->target);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return TRUE;
    default:
      return FALSE;
    }
  {
    double wx, wy;

    msvis_trend_heatmap_cell_center (self, self->cursor_x, self->cursor_row, &wx, &wy);
  }
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

