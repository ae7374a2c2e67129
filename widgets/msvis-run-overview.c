// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-graph-summary.h"
#include "msvis-run-overview.h"
#include "msvis-swatch.h"

typedef struct
{
  MsvisVisGraphKey key;
  char            *color;         /* the worst colour any leaf is in; NULL: none, or unread */
  char            *worst_label;   /* that colour's legend text */
  guint            n_worst;       /* leaves in it */
  guint            n_divergent;   /* leaves past the pass colour */
  guint            n_unmatched;
  char            *error;         /* why the graph could not be read */
} Cell;

struct _MsvisRunOverview
{
  GtkWidget     parent_instance;

  GtkWidget    *grid;
  GtkWidget    *status;
  GCancellable *cancellable;
  GArray       *cells;   /* Cell, in the source's order */
  guint         ready : 1;
};

enum {
  GRAPH_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsvisRunOverview, msvis_run_overview, GTK_TYPE_WIDGET)

static void
cell_clear (gpointer data)
{
  Cell *cell = data;

  g_free (cell->color);
  g_free (cell->worst_label);
  g_free (cell->error);
}

/* One graph's counts, as the Legend and `msvis inspect` count them: leaves. */
static void
summarize (MsvisVisDocument *doc,
           Cell             *cell)
{
  const MsvisJsonValue *colors = msvis_vis_document_get_colors (doc);
  g_autoptr(MsvisBuckets) buckets = colors ? msvis_buckets_new_from_colors (colors) : NULL;
  MsvisGraphSummary summary;

  msvis_graph_summarize (msvis_vis_document_get_npu (doc), buckets, &summary);
  cell->n_unmatched = summary.n_unmatched;
  /* A precision legend's ranges grow towards its worst colour: the last one present. */
  for (guint b = 0; b < summary.n_buckets; b++)
    if (summary.bucket_counts[b] > 0)
      {
        const MsvisBucket *bucket = msvis_buckets_get (buckets, b);

        g_free (cell->color);
        g_free (cell->worst_label);
        cell->color = g_strdup (bucket->color);
        cell->worst_label = g_strdup (bucket->description ? bucket->description : "");
        cell->n_worst = summary.bucket_counts[b];
        if (b > 0)
          cell->n_divergent += summary.bucket_counts[b];
      }
  msvis_graph_summary_clear (&summary);
}

static void
read_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  GFile *file = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisSource) source = msvis_vis_source_open (file, cancellable, &error);
  GArray *cells = g_array_new (FALSE, TRUE, sizeof (Cell));
  const GArray *graphs;

  g_array_set_clear_func (cells, cell_clear);
  if (source == NULL)
    {
      g_array_unref (cells);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  graphs = msvis_vis_source_get_graphs (source);
  for (guint i = 0; i < graphs->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      Cell cell = { g_array_index (graphs, MsvisVisGraphKey, i) };
      g_autoptr(GError) load_error = NULL;
      MsvisVisDocument *doc = msvis_vis_source_load (source, cell.key, cancellable, &load_error);

      if (doc != NULL)
        {
          summarize (doc, &cell);
          msvis_vis_document_unref (doc);
        }
      else
        cell.error = g_strdup (load_error->message);
      g_array_append_val (cells, cell);
    }
  g_task_return_pointer (task, cells, (GDestroyNotify) g_array_unref);
}

static void
cell_clicked (GtkButton        *button,
              MsvisRunOverview *self)
{
  g_signal_emit (self, signals[GRAPH_ACTIVATED], 0,
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "step")),
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "rank")));
}

static char *
cell_tooltip (const Cell *cell)
{
  if (cell->error != NULL)
    return g_strdup (cell->error);
  if (cell->color == NULL)
    /* translators: a graph of a run in the overview: no leaf has a colour */
    return g_strdup_printf (_("Step %d, rank %d: no compared leaves"), cell->key.step,
                            cell->key.rank);
  /* translators: the overview's cell of one graph: its step and rank, its worst colour (a
   * legend range such as [0.8, 1]) with how many leaves have it, then how many leaves differ
   * from the benchmark (any colour past the pass one) and how many have no counterpart */
  return g_strdup_printf (_("Step %d, rank %d\nWorst colour %s: %u leaves\n%u divergent leaves, "
                            "%u unmatched"), cell->key.step, cell->key.rank,
                          cell->worst_label, cell->n_worst, cell->n_divergent,
                          cell->n_unmatched);
}

static GtkWidget *
make_cell (MsvisRunOverview *self,
           const Cell       *cell)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *swatch = msvis_swatch_new ();
  g_autofree char *counts = NULL, *tooltip = cell_tooltip (cell);

  if (cell->error != NULL)
    counts = g_strdup ("!");
  else
    /* translators: the overview cell's counts: divergent leaves / unmatched leaves */
    counts = g_strdup_printf (_("%u / %u"), cell->n_divergent, cell->n_unmatched);
  msvis_swatch_set_color (MSVIS_SWATCH (swatch), cell->color);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), gtk_label_new (counts));
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "flat");
  g_object_set_data (G_OBJECT (button), "step", GINT_TO_POINTER (cell->key.step));
  g_object_set_data (G_OBJECT (button), "rank", GINT_TO_POINTER (cell->key.rank));
  g_signal_connect (button, "clicked", G_CALLBACK (cell_clicked), self);
  return button;
}

static guint
index_of (GArray *values,
          gint    value)
{
  for (guint i = 0; i < values->len; i++)
    if (g_array_index (values, gint, i) == value)
      return i;
  g_array_append_val (values, value);
  return values->len - 1;
}

/* Steps across, ranks down, in the order the source lists them. */
static void
fill_grid (MsvisRunOverview *self)
{
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (gint));
  GtkGrid *grid = GTK_GRID (self->grid);

  for (guint i = 0; i < self->cells->len; i++)
    {
      const Cell *cell = &g_array_index (self->cells, Cell, i);
      guint column = index_of (steps, cell->key.step), row = index_of (ranks, cell->key.rank);
      g_autofree char *step = NULL, *rank = NULL;

      if (gtk_grid_get_child_at (grid, column + 1, 0) == NULL)
        {
          /* translators: the overview's column title: a training step */
          step = g_strdup_printf (_("Step %d"), cell->key.step);
          gtk_grid_attach (grid, gtk_label_new (step), column + 1, 0, 1, 1);
        }
      if (gtk_grid_get_child_at (grid, 0, row + 1) == NULL)
        {
          /* translators: the overview's row title: a rank (device) */
          rank = g_strdup_printf (_("Rank %d"), cell->key.rank);
          gtk_grid_attach (grid, gtk_label_new (rank), 0, row + 1, 1, 1);
        }
      gtk_grid_attach (grid, make_cell (self, cell), column + 1, row + 1, 1, 1);
    }
}

static void
read_done (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(MsvisRunOverview) self = user_data;
  g_autoptr(GError) error = NULL;
  GArray *cells = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->grid == NULL)
    {
      g_clear_pointer (&cells, g_array_unref);
      return;
    }
  gtk_widget_set_visible (self->status, cells == NULL);
  if (cells == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->status), error->message);
      return;
    }
  self->cells = cells;
  fill_grid (self);
  self->ready = TRUE;
}

/**
 * msvis_run_overview_set_source:
 * @source: (nullable): the run; %NULL empties the grid
 */
void
msvis_run_overview_set_source (MsvisRunOverview *self,
                               MsvisVisSource   *source)
{
  GtkWidget *child;
  GTask *task;

  g_return_if_fail (MSVIS_IS_RUN_OVERVIEW (self));

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->cells, g_array_unref);
  self->ready = FALSE;
  while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
    gtk_grid_remove (GTK_GRID (self->grid), child);
  if (source == NULL)
    return;
  gtk_label_set_text (GTK_LABEL (self->status), _("Reading every graph of the run…"));
  gtk_widget_set_visible (self->status, TRUE);
  self->cancellable = g_cancellable_new ();
  task = g_task_new (NULL, self->cancellable, read_done, g_object_ref (self));
  g_task_set_name (task, "[msvis] run overview");
  g_task_set_task_data (task, g_object_ref (msvis_vis_source_get_file (source)),
                        g_object_unref);
  g_task_run_in_thread (task, read_thread);
  g_object_unref (task);
}

gboolean
msvis_run_overview_is_ready (MsvisRunOverview *self)
{
  g_return_val_if_fail (MSVIS_IS_RUN_OVERVIEW (self), FALSE);
  return self->ready;
}

/**
 * msvis_run_overview_get_cell:
 *
 * Returns: (transfer none) (nullable): the button of one graph
 */
GtkWidget *
msvis_run_overview_get_cell (MsvisRunOverview *self,
                             gint              step,
                             gint              rank)
{
  g_return_val_if_fail (MSVIS_IS_RUN_OVERVIEW (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (self->grid); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_BUTTON (child)
        && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "step")) == step
        && GPOINTER_TO_INT (g_object_get_data (G_OBJECT (child), "rank")) == rank)
      return child;
  return NULL;
}

static void
msvis_run_overview_dispose (GObject *object)
{
  MsvisRunOverview *self = MSVIS_RUN_OVERVIEW (object);
  GtkWidget *child;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->cells, g_array_unref);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  self->grid = self->status = NULL;
  G_OBJECT_CLASS (msvis_run_overview_parent_class)->dispose (object);
}

static void
msvis_run_overview_class_init (MsvisRunOverviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_run_overview_dispose;
  /* The step and rank of the graph clicked. */
  signals[GRAPH_ACTIVATED] =
    g_signal_new ("graph-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "runoverview");
}

static void
msvis_run_overview_init (MsvisRunOverview *self)
{
  GtkWidget *title = gtk_label_new (_("Each graph's worst colour; divergent / unmatched leaves"));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (
                                                    GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_widget_add_css_class (title, "dim-label");
  gtk_widget_add_css_class (title, "caption");
  gtk_widget_set_parent (title, GTK_WIDGET (self));
  self->status = gtk_label_new (NULL);
  gtk_widget_set_parent (self->status, GTK_WIDGET (self));
  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 4);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 4);
  gtk_widget_set_margin_top (self->grid, 6);
  gtk_widget_set_parent (self->grid, GTK_WIDGET (self));
}

GtkWidget *
msvis_run_overview_new (void)
{
  return g_object_new (MSVIS_TYPE_RUN_OVERVIEW, NULL);
}
