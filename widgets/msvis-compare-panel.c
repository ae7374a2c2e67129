// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "msvis-compare-panel-private.h"

G_DEFINE_FINAL_TYPE (MsvisComparePanel, msvis_compare_panel, GTK_TYPE_WIDGET)

static GtkWidget *
cell_label (const char *text,
            guint       chars,
            gboolean    numeric)
{
  /* A float as the .vis writer prints it, the file's text whole in the tooltip. */
  g_autofree char *shown = numeric ? _msvis_details_format_cell (text) : g_strdup (text);
  GtkWidget *label = gtk_label_new (shown);

  gtk_label_set_xalign (GTK_LABEL (label), numeric ? 1 : 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  /* A scrolled window gives its child the minimum width, not the natural one: the minimum
   * is the text's, so columns scroll rather than each shrinking to an ellipsis. */
  gtk_label_set_width_chars (GTK_LABEL (label),
                             MIN ((guint) g_utf8_strlen (shown ? shown : "", -1) + 1, chars));
  gtk_label_set_max_width_chars (GTK_LABEL (label), chars);
  gtk_label_set_single_line_mode (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "cell");
  if (numeric)
    gtk_widget_add_css_class (label, "numeric");
  if (text != NULL && text[0] != '\0')
    gtk_widget_set_tooltip_text (label, text);
  return label;
}

/* Where a long column title breaks onto a second line: at the space or lower-to-upper case
 * change that leaves the longer line shortest; 0 where it is short or has no such place. */
static gsize
title_break (const char *title)
{
  gsize len = strlen (title), best = 0, best_longest = len;

  if (g_utf8_strlen (title, -1) < 12)
    return 0;
  for (gsize i = 1; i < len; i++)
    {
      gboolean at = title[i] == ' '
                    || (g_ascii_islower (title[i - 1]) && g_ascii_isupper (title[i]));
      gsize second = len - i - (title[i] == ' ');

      if (at && MAX (i, second) < best_longest)
        {
          best = i;
          best_longest = MAX (i, second);
        }
    }
  return best;
}

static GtkWidget *
header_label (MsvisComparePanel *self,
              const char        *title)
{
  gsize at = title_break (title);
  g_autofree char *text = at == 0 ? g_strdup (title)
                                  : g_strdup_printf ("%.*s\n%s", (int) at, title,
                                                     title + at + (title[at] == ' '));
  GtkWidget *label = cell_label (text, CELL_CHARS, FALSE);
  const char *tip = self->data ? g_hash_table_lookup (self->data->tooltips, title) : NULL;

  gtk_widget_add_css_class (label, "heading");
  gtk_widget_add_css_class (label, "column-title");
  /* A title is read whole: a long one takes two lines rather than an ellipsis. */
  gtk_label_set_single_line_mode (GTK_LABEL (label), FALSE);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_NONE);
  gtk_label_set_width_chars (GTK_LABEL (label), -1);
  gtk_label_set_max_width_chars (GTK_LABEL (label), -1);
  gtk_widget_set_valign (label, GTK_ALIGN_END);
  /* The file's own words for its columns (the ToolTip member), else the name whole. */
  if (tip != NULL)
    {
      g_autofree char *both = g_strdup_printf ("%s\n%s", title, tip);

      gtk_widget_set_tooltip_text (label, both);
    }
  else
    gtk_widget_set_tooltip_text (label, title);
  return label;
}

static void
clear_grid (GtkWidget *grid)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (grid)) != NULL)
    gtk_grid_remove (GTK_GRID (grid), child);
}

static void
mark_worst (GtkWidget        *label,
            MsvisDetailsData *data)
{
  gtk_widget_add_css_class (label, "worst");
  gtk_widget_add_css_class (label, "heading");
  gtk_widget_add_css_class (label, data->worst_badness >= 0.8 ? "error" : "warning");
}

/* The frozen part: Name and Side of every line, two lines a pair. */
static void
fill_frozen (MsvisComparePanel *self)
{
  MsvisDetailsData *data = self->data;
  GtkGrid *grid = GTK_GRID (self->frozen);

  /* translators: column title: an input, output or parameter of the node */
  gtk_grid_attach (GTK_GRID (self->frozen_titles), header_label (self, _("Name")), 0, 0, 1, 1);
  /* translators: column title: NPU or Bench */
  gtk_grid_attach (GTK_GRID (self->frozen_titles), header_label (self, _("Side")), 1, 0, 1, 1);
  for (guint r = 0; r < data->rows->len; r++)
    {
      const MsvisDetailsPair *pair = &g_array_index (data->rows, MsvisDetailsPair, r);

      for (guint side = 0; side < data->n_sides; side++)
        {
          const char *name = pair->sides[side].name;
          guint row = r * data->n_sides + side;

          gtk_grid_attach (grid, cell_label (name ? name : "—", NAME_CHARS, FALSE), 0, row, 1, 1);
          gtk_grid_attach (grid, cell_label (side == 0 ? _("NPU") : _("Bench"), 6, FALSE), 1,
                           row, 1, 1);
          gtk_widget_add_css_class (gtk_grid_get_child_at (grid, 1, row), "dim-label");
        }
    }
}

/* The values of an argument that is not a tensor, where NPU and Bench differ: in the error
 * colour where the file's msprobe judged that an error, else only marked, with a tooltip
 * that says why it is not coloured. */
static void
mark_values (GtkWidget              *label,
             const MsvisDetailsPair *pair)
{
  gboolean error = pair->values_check == MSVIS_VALUES_DIFFER_ERROR;

  gtk_widget_add_css_class (label, "heading");
  gtk_widget_add_css_class (label, error ? "error" : "accent");
  gtk_widget_add_css_class (label, "values-differ");
  gtk_widget_set_tooltip_text (label,
                               error ? _("NPU and Bench values differ: msprobe counts this "
                                         "as an error")
                                     : _("NPU and Bench values differ: the msprobe that wrote "
                                         "this file does not judge arguments that are not "
                                         "tensors"));
}

/* msprobe 26's Result column in the colour of its level, as the node's fill says it. */
static void
mark_result (GtkWidget  *label,
             const char *column,
             const char *text)
{
  if (strcmp (column, "Result") != 0)
    return;
  if (strcmp (text, "error") == 0 || strcmp (text, "Different") == 0)
    gtk_widget_add_css_class (label, "error");
  else if (strcmp (text, "warning") == 0)
    gtk_widget_add_css_class (label, "warning");
}

/* The panel never repeats a column, to keep every column in view: msprobe copies an int's or
 * a bool's value into Max, Min, Mean and Norm, so "value" shows only where an item has a value
 * its statistics do not show (None, a process group's ranks). Returns the statistics column
 * whose cells carry the mark of values that differ, and sets @skip to the one not shown. */
static gint
values_column (MsvisDetailsData *data,
               gint             *skip)
{
  gint max = -1;

  *skip = -1;
  if (data->value_column < 0)
    return -1;
  for (guint c = 0; c < data->stat_columns->len; c++)
    if (strcmp (g_ptr_array_index (data->stat_columns, c), "Max") == 0)
      max = c;
  for (guint r = 0; r < data->rows->len; r++)
    {
      const MsvisDetailsPair *pair = &g_array_index (data->rows, MsvisDetailsPair, r);

      for (guint side = 0; side < data->n_sides; side++)
        {
          const char *value = pair->sides[side].values[data->value_column];

          if (value[0] != '\0'
              && (max < 0 || strcmp (value, pair->sides[side].values[max]) != 0))
            return data->value_column;
        }
    }
  *skip = data->value_column;
  return max;
}

/* Statistics per line; metrics once a pair, on both its lines. */
static void
fill_cells (MsvisComparePanel *self)
{
  MsvisDetailsData *data = self->data;
  GtkGrid *grid = GTK_GRID (self->cells);
  gint skip;
  gint marked = values_column (data, &skip);
  guint n_stats = data->stat_columns->len - (skip >= 0);

  for (guint c = 0, x = 0; c < data->stat_columns->len; c++)
    if ((gint) c != skip)
      gtk_grid_attach (GTK_GRID (self->titles),
                       header_label (self, g_ptr_array_index (data->stat_columns, c)),
                       x++, 0, 1, 1);
  for (guint m = 0; m < data->metric_columns->len; m++)
    gtk_grid_attach (GTK_GRID (self->titles),
                     header_label (self, g_ptr_array_index (data->metric_columns, m)),
                     n_stats + m, 0, 1, 1);
  self->n_columns = 2 + n_stats + data->metric_columns->len;
  for (guint r = 0; r < data->rows->len; r++)
    {
      const MsvisDetailsPair *pair = &g_array_index (data->rows, MsvisDetailsPair, r);
      guint top = r * data->n_sides;

      for (guint side = 0; side < data->n_sides; side++)
        for (guint c = 0, x = 0; c < data->stat_columns->len; c++)
          {
            GtkWidget *label;

            if ((gint) c == skip)
              continue;
            label = cell_label (pair->sides[side].name ? pair->sides[side].values[c] : "—",
                                CELL_CHARS, TRUE);
            if ((gint) c == marked && pair->values_check != MSVIS_VALUES_AGREE)
              mark_values (label, pair);
            gtk_grid_attach (grid, label, x++, top + side, 1, 1);
          }
      for (guint m = 0; m < data->metric_columns->len; m++)
        {
          GtkWidget *label = cell_label (pair->metrics[m], CELL_CHARS, TRUE);

          mark_result (label, g_ptr_array_index (data->metric_columns, m), pair->metrics[m]);

          gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
          gtk_grid_attach (grid, label, n_stats + m, top, 1, data->n_sides);
          if (data->worst_row == (gint) r && data->worst_metric == (gint) m)
            {
              mark_worst (label, data);
              self->worst_cell = label;
            }
        }
    }
}

static void
set_title (MsvisComparePanel *self)
{
  MsvisDetailsData *data = self->data;
  g_autofree char *text = NULL;

  if (data->worst_row >= 0)
    {
      const MsvisDetailsPair *pair = &g_array_index (data->rows, MsvisDetailsPair,
                                                     data->worst_row);
      g_autofree char *value = _msvis_details_format_cell (pair->metrics[data->worst_metric]);

      /* translators: the table cell that compares worst: its item, column and value */
      text = g_strdup_printf (_("Worst: %s, %s = %s"),
                              pair->sides[0].name ? pair->sides[0].name : pair->sides[1].name,
                              (char *) g_ptr_array_index (data->metric_columns,
                                                          data->worst_metric),
                              value);
    }
  /* Empty, not hidden: the panel keeps its height, and the graphs theirs, as pairs come. */
  gtk_label_set_text (GTK_LABEL (self->title), text ? text : "");
}

/* Room for a node's usual four lines (two items, NPU and Bench) without scrolling, measured
 * once in the panel's font: a height that changed with the pair would resize the graphs. */
static void
fit_lines (MsvisComparePanel *self)
{
  GtkWidget *probe = cell_label ("0", 4, TRUE), *title = header_label (self, "A\nB");
  int line, titles;

  gtk_grid_attach (GTK_GRID (self->frozen), probe, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (self->frozen), title, 1, 0, 1, 1);
  gtk_widget_measure (probe, GTK_ORIENTATION_VERTICAL, -1, NULL, &line, NULL, NULL);
  gtk_widget_measure (title, GTK_ORIENTATION_VERTICAL, -1, NULL, &titles, NULL, NULL);
  clear_grid (self->frozen);
  /* Two lines of titles always: the panel is as tall whatever the pair's titles. */
  gtk_widget_set_size_request (self->frozen_titles, -1, titles);
  /* On the bin that gives the lines whole lines' height (msvis-compare-panel-fit.c): it may
   * give them less than this, the probe not being in the window's style yet. */
  gtk_widget_set_size_request (
    gtk_widget_get_parent (self->scroller), -1,
    4 * line + 3 * gtk_grid_get_row_spacing (GTK_GRID (self->frozen))
    + gtk_widget_get_margin_top (self->frozen) + gtk_widget_get_margin_bottom (self->frozen));
}

/* The titles sit in grids of their own, to stay in view as the lines scroll: each column as
 * wide in both, the widest of its title and values. */
static void
match_widths (GtkWidget *titles,
              GtkWidget *lines,
              guint      n_columns)
{
  g_autofree int *widths = g_new0 (int, n_columns);
  GtkWidget *grids[] = { titles, lines };

  for (guint g = 0; g < G_N_ELEMENTS (grids); g++)
    for (GtkWidget *child = gtk_widget_get_first_child (grids[g]); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      {
        int column, width;

        gtk_grid_query_child (GTK_GRID (grids[g]), child, &column, NULL, NULL, NULL);
        gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &width, NULL, NULL);
        if (column >= 0 && (guint) column < n_columns)
          widths[column] = MAX (widths[column], width);
      }
  for (guint c = 0; c < n_columns; c++)
    for (guint g = 0; g < G_N_ELEMENTS (grids); g++)
      {
        GtkWidget *first = gtk_grid_get_child_at (GTK_GRID (grids[g]), c, 0);

        if (first != NULL)
          gtk_widget_set_size_request (first, widths[c], -1);
      }
}

static void
show_data (MsvisComparePanel *self,
           MsvisDetailsData  *data)
{
  g_clear_pointer (&self->data, _msvis_details_data_unref);
  self->data = data;
  self->worst_cell = NULL;
  self->n_columns = 0;
  clear_grid (self->frozen);
  clear_grid (self->cells);
  clear_grid (self->frozen_titles);
  clear_grid (self->titles);
  /* Each pair opens at its first columns, not where the last one was scrolled to. */
  gtk_widget_set_margin_end (self->cells, GRID_MARGIN);
  gtk_widget_set_margin_end (self->titles, GRID_MARGIN);
  gtk_widget_set_margin_bottom (self->cells, ROW_GAP);
  gtk_widget_set_margin_bottom (self->frozen, ROW_GAP);
  gtk_adjustment_set_value (
    gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
  if (data == NULL || data->rows->len == 0)
    {
      /* A selected node without items says so, as the sidebar's table did. */
      gtk_stack_set_visible_child_name (GTK_STACK (self->stack),
                                        data == NULL ? "empty" : "no-rows");
      return;
    }
  fill_frozen (self);
  fill_cells (self);
  match_widths (self->frozen_titles, self->frozen, 2);
  match_widths (self->titles, self->cells, self->n_columns - 2);
  set_title (self);
  gtk_stack_set_visible_child_name (GTK_STACK (self->stack), "table");
  g_clear_handle_id (&self->reveal_id, g_source_remove);
  self->reveal_passes = 0;
  self->reveal_retries = 0;
  self->reveal_id = g_timeout_add (50, _msvis_compare_panel_reveal_worst, self);
}

static void
read_done (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(MsvisComparePanel) self = user_data;
  g_autoptr(GError) error = NULL;
  MsvisDetailsData *data = msvis_vis_document_read_nodes_finish (result, &error);

  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    self->reading = FALSE;

  /* Cancelled, or done just as the panel went away: its grids are gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->stack == NULL)
    {
      g_clear_pointer (&data, _msvis_details_data_unref);
      return;
    }
  /* The details panel says what went wrong; here the table is just empty. */
  show_data (self, data);
}

/**
 * msvis_compare_panel_show_nodes:
 * @doc: (nullable): the document; %NULL empties the panel
 *
 * Reads the pair's items on a worker and shows them.
 */
void
msvis_compare_panel_show_nodes (MsvisComparePanel *self,
                                MsvisVisDocument  *doc,
                                MsvisNodeId        npu,
                                MsvisNodeId        bench)
{
  MsvisDetailsNodes *nodes;

  g_return_if_fail (MSVIS_IS_COMPARE_PANEL (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->reading = FALSE;
  if (doc == NULL || (npu == MSVIS_NODE_ID_NONE && bench == MSVIS_NODE_ID_NONE))
    {
      show_data (self, NULL);
      return;
    }
  nodes = g_new (MsvisDetailsNodes, 1);
  nodes->npu = npu;
  nodes->bench = bench;
  self->cancellable = g_cancellable_new ();
  self->reading = TRUE;
  msvis_vis_document_read_nodes_async (doc, npu, bench, _msvis_details_data_read, nodes, g_free,
                                       (GDestroyNotify) _msvis_details_data_unref,
                                       self->cancellable, read_done, g_object_ref (self));
}

gboolean
msvis_compare_panel_is_ready (MsvisComparePanel *self)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_PANEL (self), FALSE);
  return self->data != NULL && self->reveal_id == 0 && !self->reading;
}

/**
 * msvis_compare_panel_get_worst_cell:
 *
 * Returns: (transfer none) (nullable): the marked cell
 */
GtkWidget *
msvis_compare_panel_get_worst_cell (MsvisComparePanel *self)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_PANEL (self), NULL);
  return self->worst_cell;
}

/**
 * msvis_compare_panel_get_scroller:
 *
 * Returns: (transfer none): the scrolled window of the columns right of Name and Side
 */
GtkWidget *
msvis_compare_panel_get_scroller (MsvisComparePanel *self)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_PANEL (self), NULL);
  return self->scroller;
}

guint
msvis_compare_panel_get_n_columns (MsvisComparePanel *self)
{
  g_return_val_if_fail (MSVIS_IS_COMPARE_PANEL (self), 0);
  return self->n_columns;
}

static GtkWidget *
make_grid (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_column_spacing (GTK_GRID (grid), COLUMN_GAP);
  gtk_grid_set_row_spacing (GTK_GRID (grid), ROW_GAP);
  gtk_widget_set_margin_start (grid, GRID_MARGIN);
  gtk_widget_set_margin_end (grid, GRID_MARGIN);
  gtk_widget_set_margin_top (grid, 4);
  gtk_widget_set_margin_bottom (grid, ROW_GAP);
  gtk_grid_set_row_homogeneous (GTK_GRID (grid), TRUE);
  return grid;
}

/* The horizontal scrollbar in a line of its own, kept (unseen) when the columns fit. */
static void
hadjustment_changed (GtkAdjustment     *h,
                     MsvisComparePanel *self)
{
  gboolean needed = gtk_adjustment_get_upper (h) > gtk_adjustment_get_page_size (h) + 0.5;

  gtk_widget_set_opacity (self->hscrollbar, needed ? 1 : 0);
  gtk_widget_set_can_target (self->hscrollbar, needed);
}

static GtkWidget *
make_table (MsvisComparePanel *self)
{
  GtkWidget *table = gtk_grid_new ();
  GtkAdjustment *h;

  GtkWidget *titles_scroller = gtk_scrolled_window_new ();

  self->frozen = make_grid ();
  self->cells = make_grid ();
  self->frozen_titles = make_grid ();
  self->titles = make_grid ();
  /* A line's top is a row gap under the last's bottom, the first's under the titles: a view
   * that starts a gap above a line shows nothing of the line before. */
  gtk_widget_set_margin_top (self->frozen, ROW_GAP);
  gtk_widget_set_margin_top (self->cells, ROW_GAP);
  /* A title may take two lines; the lines under it are one each. */
  gtk_grid_set_row_homogeneous (GTK_GRID (self->titles), FALSE);
  gtk_widget_set_margin_bottom (self->frozen_titles, 0);
  gtk_widget_set_margin_bottom (self->titles, 0);
  gtk_widget_set_valign (self->titles, GTK_ALIGN_END);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (titles_scroller), GTK_POLICY_EXTERNAL,
                                  GTK_POLICY_NEVER);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (titles_scroller), self->titles);
  self->frozen_scroller = gtk_scrolled_window_new ();
  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->frozen_scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_EXTERNAL);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (self->frozen_scroller),
                                                   TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->frozen_scroller), self->frozen);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), self->cells);
  /* An overlay scrollbar covered the last line: this one has its own, under the columns. */
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller), GTK_POLICY_EXTERNAL,
                                  GTK_POLICY_AUTOMATIC);
  h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  gtk_scrolled_window_set_hadjustment (GTK_SCROLLED_WINDOW (titles_scroller), h);
  self->hscrollbar = gtk_scrollbar_new (GTK_ORIENTATION_HORIZONTAL, h);
  gtk_widget_set_opacity (self->hscrollbar, 0);
  gtk_widget_set_can_target (self->hscrollbar, FALSE);
  g_signal_connect_object (h, "changed", G_CALLBACK (hadjustment_changed), self, 0);
  /* One vertical scroll for both: the frozen columns follow the rest. */
  gtk_scrolled_window_set_vadjustment (
    GTK_SCROLLED_WINDOW (self->frozen_scroller),
    gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)));
  gtk_widget_set_hexpand (self->scroller, TRUE);
  gtk_widget_set_vexpand (self->scroller, TRUE);
  gtk_widget_add_css_class (self->frozen_scroller, "frozen-columns");
  gtk_grid_attach (GTK_GRID (table), self->frozen_titles, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (table), titles_scroller, 2, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (table),
                   _msvis_compare_panel_fit_lines_new (self, self->frozen_scroller), 0, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (table), gtk_separator_new (GTK_ORIENTATION_VERTICAL), 1, 0, 1, 2);
  gtk_grid_attach (GTK_GRID (table), _msvis_compare_panel_fit_lines_new (self, self->scroller),
                   2, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (table), self->hscrollbar, 2, 2, 1, 1);
  fit_lines (self);
  return table;
}

static void
msvis_compare_panel_dispose (GObject *object)
{
  MsvisComparePanel *self = MSVIS_COMPARE_PANEL (object);
  GtkWidget *child;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->reveal_id, g_source_remove);
  g_clear_pointer (&self->data, _msvis_details_data_unref);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->stack = self->title = self->frozen = self->cells = NULL;
  self->scroller = self->frozen_scroller = self->worst_cell = self->hscrollbar = NULL;
  self->frozen_titles = self->titles = NULL;
  G_OBJECT_CLASS (msvis_compare_panel_parent_class)->dispose (object);
}

static void
msvis_compare_panel_class_init (MsvisComparePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_compare_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "comparepanel");
}

static GtkWidget *
no_rows_page (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *title = gtk_label_new (_("No Inputs or Outputs"));
  GtkWidget *text = gtk_label_new (_("The dump has no tensors or arguments for this node; its "
                                     "children may have some."));

  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_justify (GTK_LABEL (text), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (text, "dim-label");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), text);
  return box;
}

static void
msvis_compare_panel_init (MsvisComparePanel *self)
{
  GtkWidget *empty = gtk_label_new (_("Select a node to compare its inputs and outputs."));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (
                                                    GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  self->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->title), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (self->title, "heading");
  gtk_widget_add_css_class (self->title, "panel-title");
  gtk_widget_set_parent (self->title, GTK_WIDGET (self));
  self->stack = gtk_stack_new ();
  gtk_widget_set_vexpand (self->stack, TRUE);
  gtk_widget_add_css_class (empty, "dim-label");
  gtk_stack_add_named (GTK_STACK (self->stack), empty, "empty");
  gtk_stack_add_named (GTK_STACK (self->stack), no_rows_page (), "no-rows");
  gtk_stack_add_named (GTK_STACK (self->stack), make_table (self), "table");
  gtk_widget_set_parent (self->stack, GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Comparison of the selected pair"), -1);
}

GtkWidget *
msvis_compare_panel_new (void)
{
  return g_object_new (MSVIS_TYPE_COMPARE_PANEL, NULL);
}
