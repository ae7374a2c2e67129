// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include "msvis-compare-panel-private.h"

/* The worst cell brought into view once the new grid is allocated: its column from a
 * column's edge, its lines from a line's top. */

/* The left edge, in the grid's scrolled coordinates, of the column @cell is in, and its right
 * edge: the wider of the cell and the column's title. */
static gboolean
column_extent (MsvisComparePanel *self,
               GtkWidget         *cell,
               double             h_value,
               double            *left,
               double            *right)
{
  graphene_rect_t bounds;
  int column;
  GtkWidget *title;

  gtk_grid_query_child (GTK_GRID (gtk_widget_get_parent (cell)), cell, &column, NULL, NULL,
                        NULL);
  title = gtk_grid_get_child_at (GTK_GRID (self->titles), column, 0);
  if (!gtk_widget_compute_bounds (cell, self->scroller, &bounds))
    return FALSE;
  *left = bounds.origin.x + h_value;
  *right = *left + bounds.size.width;
  if (title != NULL && gtk_widget_compute_bounds (title, self->scroller, &bounds))
    {
      *left = MIN (*left, bounds.origin.x + h_value);
      *right = MAX (*right, bounds.origin.x + h_value + bounds.size.width);
    }
  return TRUE;
}

/* Where the view starts to show the worst cell's column whole: at 0 when it shows there,
 * else at the first column start that keeps it in view, so that no cut column stands next
 * to Name and Side. Returns %FALSE when the grid needs room at its end to start there. */
static gboolean
reveal_worst_column (MsvisComparePanel *self,
                     GtkAdjustment     *h)
{
  double value = gtk_adjustment_get_value (h), page = gtk_adjustment_get_page_size (h);
  double left, right, start;
  int pad;

  if (!column_extent (self, self->worst_cell, value, &left, &right))
    return TRUE;
  if (right <= page)
    {
      gtk_adjustment_set_value (h, 0);
      return TRUE;
    }
  start = left;
  for (GtkWidget *title = gtk_widget_get_first_child (self->titles); title != NULL;
       title = gtk_widget_get_next_sibling (title))
    {
      double l, r;

      if (column_extent (self, title, value, &l, &r) && l < start
          && l + page >= right)
        start = l;
    }
  start = MAX (start - COLUMN_GAP / 2, 0);
  /* The last columns: the view cannot start at a column's edge without room after them. */
  pad = (int) ceil (start + page - gtk_adjustment_get_upper (h));
  if (pad > 0)
    {
      gtk_widget_set_margin_end (self->cells, gtk_widget_get_margin_end (self->cells) + pad);
      gtk_widget_set_margin_end (self->titles, gtk_widget_get_margin_end (self->cells));
      return FALSE;
    }
  gtk_adjustment_set_value (h, start);
  return TRUE;
}

/* Where the view may start: the gap above a pair's first line (by its Name), 0 for the first
 * pair. Not at a Bench line: the pair's metrics, centred on both its lines, would show cut
 * under the titles. Sets @end to the last line's bottom, in the same scrolled coordinates. */
static GArray *
pair_starts (MsvisComparePanel *self,
             double            *end)
{
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (double));
  int n_sides = MAX ((int) self->data->n_sides, 1);
  double margin = gtk_widget_get_margin_top (self->frozen);

  *end = margin;
  for (GtkWidget *name = gtk_widget_get_first_child (self->frozen); name != NULL;
       name = gtk_widget_get_next_sibling (name))
    {
      int column, row;
      graphene_rect_t line;
      double start;

      gtk_grid_query_child (GTK_GRID (self->frozen), name, &column, &row, NULL, NULL);
      if (column != 0 || !gtk_widget_compute_bounds (name, self->frozen, &line))
        continue;
      *end = MAX (*end, line.origin.y + line.size.height + margin);
      start = MAX (line.origin.y + margin - ROW_GAP, 0);
      if (row % n_sides == 0)
        g_array_append_val (starts, start);
    }
  return starts;
}

/* The worst cell's lines in view from a pair's top, with as many lines before them as fit:
 * no line cut under the titles. Returns %FALSE when the view cannot start there before room
 * added after the last lines is allocated. */
static gboolean
reveal_worst_line (MsvisComparePanel     *self,
                   GtkAdjustment         *v,
                   const graphene_rect_t *worst)
{
  double value = gtk_adjustment_get_value (v), page = gtk_adjustment_get_page_size (v);
  double top = worst->origin.y + gtk_widget_get_margin_top (self->cells);
  double bottom = top + worst->size.height, start = -1, own = 0, end;
  g_autoptr(GArray) starts = pair_starts (self, &end);
  gboolean aligned = FALSE;
  int first, n, margin;
  graphene_rect_t line;

  /* The lines the cell spans whole (it is centred in them, smaller): by their names. */
  gtk_grid_query_child (GTK_GRID (self->cells), self->worst_cell, NULL, &first, NULL, &n);
  for (int row = first; row < first + n; row++)
    {
      GtkWidget *name = gtk_grid_get_child_at (GTK_GRID (self->frozen), 0, row);

      if (name != NULL && gtk_widget_compute_bounds (name, self->frozen, &line))
        {
          top = MIN (top, line.origin.y + gtk_widget_get_margin_top (self->frozen));
          bottom = MAX (bottom, line.origin.y + line.size.height
                                + gtk_widget_get_margin_top (self->frozen));
        }
    }
  for (guint i = 0; i < starts->len; i++)
    {
      double at = g_array_index (starts, double, i);

      aligned = aligned || fabs (at - value) < 0.5;
      if (at <= top + 0.5)
        own = MAX (own, at);
      if (at <= top + 0.5 && at + page >= bottom && (start < 0 || at < start))
        start = at;
    }
  /* In view, from a pair's top (a value kept from the last pair may be anywhere). */
  if (top >= value && bottom <= value + page && aligned)
    return TRUE;
  /* Lines taller than the view: from their own pair's top. */
  if (start < 0)
    start = own;
  /* The last lines: room after them, so that the view starts at a pair's top. Set, not
   * added to: the passes before the room is allocated ask for the same. */
  margin = MAX (ROW_GAP, (int) ceil (start + page - end));
  if (margin != gtk_widget_get_margin_bottom (self->cells))
    {
      gtk_widget_set_margin_bottom (self->cells, margin);
      gtk_widget_set_margin_bottom (self->frozen, margin);
    }
  if (start + page > gtk_adjustment_get_upper (v) + 0.5)
    {
      /* The adjustment would stop short of it, a slice of the line above in view. */
      gtk_adjustment_set_value (v, start);
      return FALSE;
    }
  gtk_adjustment_set_value (v, start);
  return TRUE;
}

/* After the grid is allocated: the worst cell's column in view, and its line. */
gboolean
_msvis_compare_panel_reveal_worst (gpointer user_data)
{
  MsvisComparePanel *self = user_data;
  GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  GtkAdjustment *v = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  graphene_rect_t bounds;

  self->reveal_id = 0;
  if (self->worst_cell == NULL
      || !gtk_widget_compute_bounds (self->worst_cell, self->cells, &bounds))
    return G_SOURCE_REMOVE;
  /* Not laid out yet (the grid is new each pair): its bounds say nothing. */
  if (gtk_widget_get_width (self->worst_cell) == 0 || !reveal_worst_column (self, h))
    {
      /* Once more when the room is allocated. */
      self->reveal_id = g_timeout_add (50, _msvis_compare_panel_reveal_worst, self);
      return G_SOURCE_REMOVE;
    }
  if (!reveal_worst_line (self, v, &bounds) && self->reveal_retries++ < 20)
    {
      /* Once more when the room after the last lines is allocated. */
      self->reveal_id = g_timeout_add (50, _msvis_compare_panel_reveal_worst, self);
      return G_SOURCE_REMOVE;
    }
  /* Once more when the titles' lines and the panel's height have settled. */
  if (self->reveal_passes++ == 0)
    self->reveal_id = g_timeout_add (100, _msvis_compare_panel_reveal_worst, self);
  return G_SOURCE_REMOVE;
}
