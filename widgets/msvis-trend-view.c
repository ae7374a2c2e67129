// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-trend-legend.h"
#include "msvis-trend-view.h"

struct _MsvisTrendView
{
  GtkBox             parent_instance;

  MsvisTrendReader  *reader;
  MsvisTrendReader  *bench;          /* nullable: the map shows the relative difference to it */
  GArray            *targets;        /* MsvisTrendTarget of the current metric */
  guint              metric;
  char              *stat;
  MsvisTrendDim      dim;
  gint64             fixed;
  GArray            *marks;          /* MsvisTrendMark, one per line of the chart */
  GtkDropDown       *metric_dropdown;
  GtkDropDown       *stat_dropdown;
  GtkDropDown       *dim_dropdown;
  GtkDropDown       *value_dropdown;
  GtkToggleButton   *log_button;
  GtkWidget         *heatmap;
  GtkWidget         *legend;
  GtkWidget         *chart;
  GtkLabel          *hint;
  guint              updating : 1;
  guint              can_open : 1;
};

enum
{
  OPEN_GRAPH,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsvisTrendView, msvis_trend_view, GTK_TYPE_BOX)

static const char *
dim_title (MsvisTrendDim dim)
{
  switch (dim)
    {
    case MSVIS_TREND_DIM_STEP:
      return _("Step");
    case MSVIS_TREND_DIM_RANK:
      return _("Rank");
    case MSVIS_TREND_DIM_MODULE:
    default:
      return _("Module");
    }
}

/* The axes of a map with @dim fixed: across, down, and along the line chart. */
static void
axes (MsvisTrendDim  dim,
      MsvisTrendDim *across,
      MsvisTrendDim *down,
      MsvisTrendDim *along)
{
  *across = dim == MSVIS_TREND_DIM_STEP ? MSVIS_TREND_DIM_RANK : MSVIS_TREND_DIM_STEP;
  *down = dim == MSVIS_TREND_DIM_MODULE ? MSVIS_TREND_DIM_RANK : MSVIS_TREND_DIM_MODULE;
  *along = dim;
}

static GtkStringList *
string_list (const char *const *strings)
{
  return gtk_string_list_new (strings);
}

/* What the value chooser offers for @dim: the steps, the ranks, or the targets by name. */
static void
fill_values (MsvisTrendView *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  const GArray *values = self->dim == MSVIS_TREND_DIM_STEP
                         ? msvis_trend_reader_get_steps (self->reader)
                         : msvis_trend_reader_get_ranks (self->reader);

  if (self->dim == MSVIS_TREND_DIM_MODULE)
    for (guint i = 0; i < self->targets->len; i++)
      {
        const MsvisTrendTarget *t = &g_array_index (self->targets, MsvisTrendTarget, i);
        g_autofree char *label = t->index ? g_strdup_printf ("%s [%" G_GINT64_FORMAT "]",
                                                             t->name, t->index)
                                          : g_strdup (t->name);

        gtk_string_list_append (list, label);
      }
  else
    for (guint i = 0; i < values->len; i++)
      {
        g_autofree char *label = g_strdup_printf ("%" G_GINT64_FORMAT,
                                                  g_array_index (values, gint64, i));

        gtk_string_list_append (list, label);
      }
  gtk_drop_down_set_model (self->value_dropdown, G_LIST_MODEL (list));
}

static gint64
value_at (MsvisTrendView *self,
          guint           i)
{
  const GArray *values;

  if (self->dim == MSVIS_TREND_DIM_MODULE)
    return i < self->targets->len ? g_array_index (self->targets, MsvisTrendTarget, i).id : 0;
  values = self->dim == MSVIS_TREND_DIM_STEP ? msvis_trend_reader_get_steps (self->reader)
                                             : msvis_trend_reader_get_ranks (self->reader);
  return i < values->len ? g_array_index (values, gint64, i) : 0;
}

static guint
index_of_value (MsvisTrendView *self,
                gint64          value)
{
  for (guint i = 0; i < G_MAXUINT; i++)
    {
      if (i >= g_list_model_get_n_items (gtk_drop_down_get_model (self->value_dropdown)))
        return 0;
      if (value_at (self, i) == value)
        return i;
    }
  return 0;
}

static void
clear_lines (MsvisTrendView *self)
{
  msvis_trend_chart_clear (MSVIS_TREND_CHART (self->chart));
  g_array_set_size (self->marks, 0);
  msvis_trend_heatmap_set_marks (MSVIS_TREND_HEATMAP (self->heatmap), self->marks);
}

static void
fill_stats (MsvisTrendView *self)
{
  g_autoptr(GtkStringList) list =
    string_list (msvis_trend_reader_metric_stats (self->reader, self->metric));

  gtk_drop_down_set_model (self->stat_dropdown, G_LIST_MODEL (list));
}

/**
 * msvis_trend_view_show:
 *
 * Shows @metric's @stat with @dim fixed at @fixed; the lines of the chart go (§ 10.5).
 */
gboolean
msvis_trend_view_show (MsvisTrendView  *self,
                       guint            metric,
                       const char      *stat,
                       MsvisTrendDim    dim,
                       gint64           fixed,
                       GError         **error)
{
  g_autoptr(GArray) targets = NULL;
  MsvisTrendSlice *slice;
  MsvisTrendRows *rows;
  MsvisTrendDim across, down, along;
  const char *const *stats;

  g_return_val_if_fail (self->reader != NULL, FALSE);
  if (metric != self->metric || self->targets == NULL)
    {
      targets = msvis_trend_reader_targets (self->reader, metric, error);
      if (targets == NULL)
        return FALSE;
    }
  slice = msvis_trend_reader_slice (self->reader, metric, stat, dim, fixed,
                                    targets ? targets : self->targets, error);
  if (slice == NULL)
    return FALSE;
  if (self->bench != NULL &&
      !msvis_trend_compare_slice (self->bench, msvis_trend_reader_metric_name (self->reader,
                                                                             metric),
                                  stat, slice, targets ? targets : self->targets, error))
    {
      msvis_trend_slice_free (slice);
      return FALSE;
    }
  if (targets != NULL)
    {
      g_clear_pointer (&self->targets, g_array_unref);
      self->targets = g_steal_pointer (&targets);
    }
  self->metric = metric;
  g_free (self->stat);
  self->stat = g_strdup (stat);
  self->dim = dim;
  self->fixed = fixed;
  rows = dim == MSVIS_TREND_DIM_MODULE
         ? msvis_trend_rows_new_flat (slice->y, _("Rank %lld"))
         : msvis_trend_rows_new_targets (self->targets, slice);
  axes (dim, &across, &down, &along);
  msvis_trend_heatmap_set_data (MSVIS_TREND_HEATMAP (self->heatmap), slice, rows,
                                dim == MSVIS_TREND_DIM_MODULE ? NULL : g_array_ref (self->targets),
                                dim_title (across), dim_title (down));
  {
    /* translators: the chart's vertical axis against a benchmark: a statistic's name */
    g_autofree char *y_title = self->bench ? g_strdup_printf (_("%s, relative to the benchmark"),
                                                              stat)
                                           : g_strdup (stat);

    msvis_trend_chart_set_axis (MSVIS_TREND_CHART (self->chart), dim_title (along), y_title);
  }
  clear_lines (self);
  gtk_widget_queue_draw (self->legend);

  /* the choosers follow without calling back */
  self->updating = TRUE;
  gtk_drop_down_set_selected (self->metric_dropdown, metric);
  fill_stats (self);
  stats = msvis_trend_reader_metric_stats (self->reader, metric);
  for (guint i = 0; stats[i] != NULL; i++)
    if (g_str_equal (stats[i], stat))
      gtk_drop_down_set_selected (self->stat_dropdown, i);
  gtk_drop_down_set_selected (self->dim_dropdown, dim);
  fill_values (self);
  gtk_drop_down_set_selected (self->value_dropdown, index_of_value (self, fixed));
  self->updating = FALSE;
  return TRUE;
}

static const char *
selected_string (GtkDropDown *dropdown)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (dropdown);

  return item ? gtk_string_object_get_string (item) : NULL;
}

static void
show_or_warn (MsvisTrendView *self,
              guint           metric,
              const char     *stat,
              MsvisTrendDim   dim,
              gint64          fixed)
{
  g_autoptr(GError) error = NULL;

  if (!msvis_trend_view_show (self, metric, stat, dim, fixed, &error))
    gtk_label_set_text (self->hint, error->message);
}

static void
chooser_changed (MsvisTrendView *self)
{
  guint metric, dim;
  const char *stat;
  const char *const *stats;
  gint64 fixed;

  if (self->updating || self->reader == NULL)
    return;
  metric = gtk_drop_down_get_selected (self->metric_dropdown);
  dim = gtk_drop_down_get_selected (self->dim_dropdown);
  if (metric >= msvis_trend_reader_n_metrics (self->reader) || dim > MSVIS_TREND_DIM_MODULE)
    return;
  stats = msvis_trend_reader_metric_stats (self->reader, metric);
  stat = metric == self->metric ? selected_string (self->stat_dropdown) : stats[0];
  if (stat == NULL || !g_strv_contains (stats, stat))
    stat = stats[0];
  if (stat == NULL)
    return;
  if (dim != self->dim || metric != self->metric)
    {
      /* another dimension or metric: its first value, as TREND ANALYZER does (§ 10.5) */
      if (metric != self->metric)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GArray) targets = msvis_trend_reader_targets (self->reader, metric, &error);

          if (targets == NULL)
            return;
          g_clear_pointer (&self->targets, g_array_unref);
          self->targets = g_steal_pointer (&targets);
          self->metric = metric;
        }
      self->dim = dim;
      self->updating = TRUE;
      fill_values (self);
      self->updating = FALSE;
      fixed = value_at (self, 0);
    }
  else
    fixed = value_at (self, gtk_drop_down_get_selected (self->value_dropdown));
  show_or_warn (self, metric, stat, dim, fixed);
}

/**
 * msvis_trend_view_set_reader:
 * @reader: (transfer full)
 *
 * Shows the first metric's first statistic with the first rank fixed.
 */
void
msvis_trend_view_set_reader (MsvisTrendView   *self,
                             MsvisTrendReader *reader)
{
  g_autoptr(GtkStringList) metrics = gtk_string_list_new (NULL);
  const GArray *steps = msvis_trend_reader_get_steps (reader);

  g_clear_pointer (&self->targets, g_array_unref);
  g_clear_pointer (&self->reader, msvis_trend_reader_free);
  self->reader = reader;
  for (guint i = 0; i < msvis_trend_reader_n_metrics (reader); i++)
    gtk_string_list_append (metrics, msvis_trend_reader_metric_name (reader, i));
  self->updating = TRUE;
  gtk_drop_down_set_model (self->metric_dropdown, G_LIST_MODEL (metrics));
  self->updating = FALSE;
  if (msvis_trend_reader_n_metrics (reader) == 0 || steps->len == 0 ||
      msvis_trend_reader_metric_stats (reader, 0)[0] == NULL)
    {
      gtk_label_set_text (self->hint, _("This trend database has no values."));
      return;
    }
  /* TREND ANALYZER starts with a step fixed (§ 10.5); with micro steps on, one step holds
   * only its micro step's modules, while a rank over all steps shows the whole run */
  show_or_warn (self, 0, msvis_trend_reader_metric_stats (reader, 0)[0], MSVIS_TREND_DIM_RANK,
                g_array_index (msvis_trend_reader_get_ranks (reader), gint64, 0));
}

/**
 * msvis_trend_view_set_bench:
 * @bench: (transfer full) (nullable): a benchmark run's trends; %NULL shows the values again
 *
 * Shows the same map as the relative difference (NPU − bench) / |bench|.
 */
gboolean
msvis_trend_view_set_bench (MsvisTrendView    *self,
                            MsvisTrendReader  *bench,
                            GError           **error)
{
  MsvisTrendReader *old = g_steal_pointer (&self->bench);
  g_autofree char *stat = g_strdup (self->stat);

  self->bench = bench;
  if (self->reader == NULL || stat == NULL ||
      msvis_trend_view_show (self, self->metric, stat, self->dim, self->fixed, error))
    {
      msvis_trend_reader_free (old);
      return TRUE;
    }
  /* the benchmark does not fit: the map stays as it was */
  self->bench = old;
  msvis_trend_reader_free (bench);
  return FALSE;
}

MsvisTrendReader *
msvis_trend_view_get_bench (MsvisTrendView *self)
{
  return self->bench;
}

MsvisTrendReader *
msvis_trend_view_get_reader (MsvisTrendView *self)
{
  return self->reader;
}

MsvisTrendHeatmap *
msvis_trend_view_get_heatmap (MsvisTrendView *self)
{
  return MSVIS_TREND_HEATMAP (self->heatmap);
}

MsvisTrendChart *
msvis_trend_view_get_chart (MsvisTrendView *self)
{
  return MSVIS_TREND_CHART (self->chart);
}

/* The cell's (rank, step) and target, whatever is fixed. */
static void
cell_coordinates (MsvisTrendView *self,
                  guint           x,
                  gint            row,
                  gint64         *rank,
                  gint64         *step,
                  gint           *target)
{
  const MsvisTrendSlice *slice =
    msvis_trend_heatmap_get_slice (MSVIS_TREND_HEATMAP (self->heatmap));
  gint64 across = g_array_index (slice->x, gint64, x);

  *rank = self->dim == MSVIS_TREND_DIM_RANK ? self->fixed
          : self->dim == MSVIS_TREND_DIM_STEP ? across : g_array_index (slice->y, gint64, row);
  *step = self->dim == MSVIS_TREND_DIM_STEP ? self->fixed : across;
  *target = row;
  if (self->dim == MSVIS_TREND_DIM_MODULE)
    for (guint i = 0; i < self->targets->len; i++)
      if (g_array_index (self->targets, MsvisTrendTarget, i).id == self->fixed)
        *target = (gint)i;
}

/**
 * msvis_trend_view_pin:
 * @target: the row of the slice
 *
 * Adds the cell's line to the chart (once: a line already there is not added again).
 */
void
msvis_trend_view_pin (MsvisTrendView *self,
                      guint           x,
                      gint            target)
{
  const MsvisTrendSlice *slice =
    msvis_trend_heatmap_get_slice (MSVIS_TREND_HEATMAP (self->heatmap));
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL, *name = NULL;
  MsvisTrendMark mark = { x, target, { 0 } };
  MsvisTrendLine *line;
  gint64 rank, step;
  gint t;

  if (slice == NULL || x >= slice->x->len || target < 0 || (guint)target >= slice->y->len)
    return;
  if (slice->kinds[(gsize)target * slice->x->len + x] == MSVIS_TREND_CELL_GAP)
    {
      gtk_label_set_text (self->hint, _("That cell has no data: the module did not run there."));
      return;
    }
  for (guint i = 0; i < self->marks->len; i++)
    if (g_array_index (self->marks, MsvisTrendMark, i).x == x &&
        g_array_index (self->marks, MsvisTrendMark, i).target == target)
      return;
  line = msvis_trend_reader_line (self->reader, self->metric, self->stat, self->dim, self->fixed,
                                  g_array_index (slice->x, gint64, x),
                                  g_array_index (slice->y, gint64, target), self->targets,
                                  &error);
  if (line != NULL && self->bench != NULL &&
      !msvis_trend_compare_line (self->bench, msvis_trend_reader_metric_name (self->reader,
                                                                            self->metric),
                                 self->stat, self->dim, self->fixed,
                                 g_array_index (slice->x, gint64, x),
                                 g_array_index (slice->y, gint64, target), self->targets, line,
                                 &error))
    g_clear_pointer (&line, msvis_trend_line_free);
  if (line == NULL)
    {
      gtk_label_set_text (self->hint, error->message);
      return;
    }
  cell_coordinates (self, x, target, &rank, &step, &t);
  name = g_strdup (g_array_index (self->targets, MsvisTrendTarget, t).name);
  label = self->dim == MSVIS_TREND_DIM_STEP
          /* translators: a line of the chart: a rank, then a module's name */
          ? g_strdup_printf (_("rank %lld · %s"), (long long)rank, name)
          : self->dim == MSVIS_TREND_DIM_RANK
          /* translators: a line of the chart: a step, then a module's name */
          ? g_strdup_printf (_("step %lld · %s"), (long long)step, name)
          /* translators: a line of the chart: a step and a rank */
          : g_strdup_printf (_("step %lld · rank %lld"), (long long)step, (long long)rank);
  msvis_trend_series_colour (self->marks->len, &mark.colour);
  g_array_append_val (self->marks, mark);
  msvis_trend_chart_add (MSVIS_TREND_CHART (self->chart), label, line, &mark.colour);
  msvis_trend_view_set_can_open (self, self->can_open);     /* the hint again, not an old error */
  msvis_trend_heatmap_set_marks (MSVIS_TREND_HEATMAP (self->heatmap), self->marks);
}

/* Asks whoever holds the run for the graph of the cell's rank and step, with its module. */
void
msvis_trend_view_open_cell (MsvisTrendView *self,
                            guint           x,
                            gint            target)
{
  const MsvisTrendSlice *slice =
    msvis_trend_heatmap_get_slice (MSVIS_TREND_HEATMAP (self->heatmap));
  gint64 rank, step;
  gint t;

  if (slice == NULL || x >= slice->x->len || target < 0 || (guint)target >= slice->y->len)
    return;
  cell_coordinates (self, x, target, &rank, &step, &t);
  g_signal_emit (self, signals[OPEN_GRAPH], 0, rank, step,
                 msvis_trend_reader_metric_name (self->reader, self->metric),
                 &g_array_index (self->targets, MsvisTrendTarget, t));
}

void
msvis_trend_view_set_can_open (MsvisTrendView *self,
                               gboolean        can_open)
{
  self->can_open = can_open;
  gtk_label_set_text (self->hint,
                      can_open ? _("Click a cell to follow it in the chart; double-click it to "
                                   "open the graph of its rank and step.")
                               : _("Click a cell to follow it in the chart; click a module’s "
                                   "name to fold it."));
}

static void
cell_activated (MsvisTrendView *self,
                guint           x,
                gint            target)
{
  msvis_trend_view_pin (self, x, target);
}

static void
cell_open (MsvisTrendView *self,
           guint           x,
           gint            target)
{
  if (self->can_open)
    msvis_trend_view_open_cell (self, x, target);
}

static void
log_toggled (MsvisTrendView *self)
{
  msvis_trend_heatmap_set_log (MSVIS_TREND_HEATMAP (self->heatmap),
                               gtk_toggle_button_get_active (self->log_button));
  gtk_widget_queue_draw (self->legend);
}

static void
fold_clicked (GtkButton      *button,
              MsvisTrendView *self)
{
  MsvisTrendRows *rows = msvis_trend_heatmap_get_rows (MSVIS_TREND_HEATMAP (self->heatmap));
  gboolean fold = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "fold"));

  if (rows == NULL)
    return;
  msvis_trend_rows_fold_all (rows, fold);
  /* the same data again re-measures the scroll range */
  gtk_widget_queue_allocate (self->heatmap);
  gtk_widget_queue_draw (self->heatmap);
}

static void
export_chosen (GtkNativeDialog *dialog,
               int              response,
               MsvisTrendView  *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  MsvisTrendExportWhat what = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "what"));

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
  g_object_unref (dialog);
  if (file == NULL)
    return;
  if (!msvis_trend_view_export (self, what, file, &error))
    {
      AdwMessageDialog *alert = ADW_MESSAGE_DIALOG (
        adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                _("Could Not Export"), error->message));

      adw_message_dialog_add_response (alert, "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (alert));
    }
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsvisTrendView *self = MSVIS_TREND_VIEW (widget);
  gboolean chart = g_str_equal (action_name, "trend.export-chart");
  GtkFileChooserNative *dialog;
  GtkFileFilter *filter = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (chart ? _("Export the Line Chart")
                                              : _("Export the Heat Map"),
                                        GTK_WINDOW (gtk_widget_get_root (widget)),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                        _("_Cancel"));
  gtk_file_filter_set_name (filter, _("PNG, SVG, PDF or CSV"));
  gtk_file_filter_add_suffix (filter, "png");
  gtk_file_filter_add_suffix (filter, "svg");
  gtk_file_filter_add_suffix (filter, "pdf");
  gtk_file_filter_add_suffix (filter, "csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  g_object_unref (filter);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog),
                                     chart ? "trend-lines.png" : "trend-heatmap.png");
  g_object_set_data (G_OBJECT (dialog), "what", GINT_TO_POINTER (chart));
  g_signal_connect (dialog, "response", G_CALLBACK (export_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
clear_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  clear_lines (MSVIS_TREND_VIEW (widget));
}

gboolean
msvis_trend_view_export (MsvisTrendView        *self,
                         MsvisTrendExportWhat   what,
                         GFile                 *file,
                         GError               **error)
{
  if (what == MSVIS_TREND_EXPORT_CHART)
    return msvis_trend_export_chart (MSVIS_TREND_CHART (self->chart), file, error);
  return msvis_trend_export_map (MSVIS_TREND_HEATMAP (self->heatmap), file, error);
}

static GtkDropDown *
chooser (MsvisTrendView *self,
         GtkWidget      *bar,
         const char     *title,
         GListModel     *model)
{
  GtkWidget *label = gtk_label_new (title);
  GtkDropDown *dropdown = GTK_DROP_DOWN (gtk_drop_down_new (model, NULL));

  gtk_widget_add_css_class (label, "dim-label");
  gtk_box_append (GTK_BOX (bar), label);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (dropdown));
  g_signal_connect_swapped (dropdown, "notify::selected", G_CALLBACK (chooser_changed), self);
  return dropdown;
}

static GtkWidget *
build_toolbar (MsvisTrendView *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  const char *dims[] = { _("Step"), _("Rank"), _("Module"), NULL };
  g_autoptr(GMenu) menu = g_menu_new ();
  GtkWidget *export = gtk_menu_button_new (), *fold, *unfold, *clear;

  gtk_widget_set_margin_start (bar, 8);
  gtk_widget_set_margin_end (bar, 8);
  gtk_widget_set_margin_top (bar, 6);
  gtk_widget_set_margin_bottom (bar, 6);
  self->metric_dropdown = chooser (self, bar, _("Metric"), NULL);
  self->stat_dropdown = chooser (self, bar, _("Statistic"), NULL);
  self->dim_dropdown = chooser (self, bar, _("Fixed"), G_LIST_MODEL (string_list (dims)));
  self->value_dropdown = chooser (self, bar, "=", NULL);
  gtk_drop_down_set_enable_search (self->value_dropdown, TRUE);
  gtk_drop_down_set_expression (self->value_dropdown,
                                gtk_property_expression_new (GTK_TYPE_STRING_OBJECT, NULL,
                                                             "string"));
  gtk_widget_set_size_request (GTK_WIDGET (self->value_dropdown), 120, -1);
  gtk_widget_set_hexpand (GTK_WIDGET (self->value_dropdown), FALSE);

  self->log_button = GTK_TOGGLE_BUTTON (gtk_toggle_button_new_with_label (_("Log Scale")));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->log_button),
                               _("A logarithmic colour scale, when every value is positive"));
  g_signal_connect_swapped (self->log_button, "toggled", G_CALLBACK (log_toggled), self);
  gtk_widget_set_margin_start (GTK_WIDGET (self->log_button), 12);
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->log_button));

  fold = gtk_button_new_from_icon_name ("view-restore-symbolic");
  gtk_widget_set_tooltip_text (fold, _("Fold all modules"));
  g_object_set_data (G_OBJECT (fold), "fold", GINT_TO_POINTER (TRUE));
  unfold = gtk_button_new_from_icon_name ("view-fullscreen-symbolic");
  gtk_widget_set_tooltip_text (unfold, _("Unfold all modules"));
  g_signal_connect (fold, "clicked", G_CALLBACK (fold_clicked), self);
  g_signal_connect (unfold, "clicked", G_CALLBACK (fold_clicked), self);
  gtk_box_append (GTK_BOX (bar), fold);
  gtk_box_append (GTK_BOX (bar), unfold);

  clear = gtk_button_new_with_label (_("Clear Lines"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (clear), "trend.clear-lines");
  gtk_widget_set_hexpand (clear, TRUE);
  gtk_widget_set_halign (clear, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (bar), clear);
  g_menu_append (menu, _("Export the Heat Map…"), "trend.export-map");
  g_menu_append (menu, _("Export the Line Chart…"), "trend.export-chart");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (export), G_MENU_MODEL (menu));
  gtk_menu_button_set_label (GTK_MENU_BUTTON (export), _("Export"));
  gtk_box_append (GTK_BOX (bar), export);
  return bar;
}

static void
msvis_trend_view_finalize (GObject *object)
{
  MsvisTrendView *self = MSVIS_TREND_VIEW (object);

  g_clear_pointer (&self->reader, msvis_trend_reader_free);
  g_clear_pointer (&self->bench, msvis_trend_reader_free);
  g_clear_pointer (&self->targets, g_array_unref);
  g_array_unref (self->marks);
  g_free (self->stat);
  G_OBJECT_CLASS (msvis_trend_view_parent_class)->finalize (object);
}

static void
msvis_trend_view_class_init (MsvisTrendViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = msvis_trend_view_finalize;
  gtk_widget_class_install_action (widget_class, "trend.export-map", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "trend.export-chart", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "trend.clear-lines", NULL, clear_action);

  /* (rank, step, metric name, MsvisTrendTarget *): the graph of a cell is asked for */
  signals[OPEN_GRAPH] = g_signal_new ("open-graph", G_TYPE_FROM_CLASS (klass),
                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 4,
                                      G_TYPE_INT64, G_TYPE_INT64, G_TYPE_STRING, G_TYPE_POINTER);
}

static void
msvis_trend_view_init (MsvisTrendView *self)
{
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  self->marks = g_array_new (FALSE, FALSE, sizeof (MsvisTrendMark));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_append (GTK_BOX (self), build_toolbar (self));
  gtk_box_append (GTK_BOX (self), gtk_separator_new (GTK_ORIENTATION_HORIZONTAL));

  self->heatmap = msvis_trend_heatmap_new ();
  g_signal_connect_swapped (self->heatmap, "cell-activated", G_CALLBACK (cell_activated), self);
  g_signal_connect_swapped (self->heatmap, "cell-open", G_CALLBACK (cell_open), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->heatmap);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (top), scrolled);
  self->legend = msvis_trend_legend_new (MSVIS_TREND_HEATMAP (self->heatmap));
  gtk_box_append (GTK_BOX (top), self->legend);

  self->chart = msvis_trend_chart_new ();
  gtk_paned_set_start_child (GTK_PANED (paned), top);
  gtk_paned_set_end_child (GTK_PANED (paned), self->chart);
  gtk_paned_set_resize_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (self), paned);

  self->hint = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->hint, 0);
  gtk_label_set_ellipsize (self->hint, PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (GTK_WIDGET (self->hint), "dim-label");
  gtk_widget_set_margin_start (GTK_WIDGET (self->hint), 8);
  gtk_widget_set_margin_top (GTK_WIDGET (self->hint), 3);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->hint), 3);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->hint));
  msvis_trend_view_set_can_open (self, FALSE);
  gtk_widget_set_size_request (self->chart, -1, 200);
}

GtkWidget *
msvis_trend_view_new (void)
{
  return g_object_new (MSVIS_TYPE_TREND_VIEW, NULL);
}
