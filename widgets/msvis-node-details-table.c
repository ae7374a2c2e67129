// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "msvis-node-details-private.h"

/* The details table: one GtkColumnView row per pair of items. Its columns depend on what the
 * document holds (statistics, md5, the metrics of the compare mode), so they are made here
 * rather than in the template. */

struct _MsvisDetailsRow
{
  GObject           parent_instance;

  MsvisDetailsData *data;
  guint             index;
};

G_DEFINE_FINAL_TYPE (MsvisDetailsRow, msvis_details_row, G_TYPE_OBJECT)

typedef enum
{
  COLUMN_NAME,
  COLUMN_SIDE,
  COLUMN_STAT,
  COLUMN_METRIC,
} ColumnKind;

/* A column is its kind and index, packed into the pointer its factory and sorter get. */
#define COLUMN_PACK(kind, index) GUINT_TO_POINTER (((guint)(kind) << 16) | (index))
#define COLUMN_KIND(packed)      ((ColumnKind)(GPOINTER_TO_UINT (packed) >> 16))
#define COLUMN_INDEX(packed)     (GPOINTER_TO_UINT (packed) & 0xffff)

static void
msvis_details_row_finalize (GObject *object)
{
  MsvisDetailsRow *self = MSVIS_DETAILS_ROW (object);

  g_clear_pointer (&self->data, _msvis_details_data_unref);

  G_OBJECT_CLASS (msvis_details_row_parent_class)->finalize (object);
}

static void
msvis_details_row_class_init (MsvisDetailsRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = msvis_details_row_finalize;
}

static void
msvis_details_row_init (MsvisDetailsRow *self)
{
}

static MsvisDetailsRow *
msvis_details_row_new (MsvisDetailsData *data,
                       guint             index)
{
  MsvisDetailsRow *self = g_object_new (MSVIS_TYPE_DETAILS_ROW, NULL);

  self->data = _msvis_details_data_ref (data);
  self->index = index;
  return self;
}

MsvisDetailsData *
_msvis_details_row_get_data (MsvisDetailsRow *self)
{
  g_return_val_if_fail (MSVIS_IS_DETAILS_ROW (self), NULL);
  return self->data;
}

const MsvisDetailsPair *
_msvis_details_row_get_pair (MsvisDetailsRow *self)
{
  g_return_val_if_fail (MSVIS_IS_DETAILS_ROW (self), NULL);
  return &g_array_index (self->data->rows, MsvisDetailsPair, self->index);
}

guint
_msvis_details_row_get_index (MsvisDetailsRow *self)
{
  g_return_val_if_fail (MSVIS_IS_DETAILS_ROW (self), 0);
  return self->index;
}

/* The text a row shows in a column, for one side; metrics live on the NPU side only. */
static const char *
cell_text (const MsvisDetailsPair *pair,
           gpointer                column,
           guint                   side)
{
  const MsvisDetailsSide *s = &pair->sides[side];

  switch (COLUMN_KIND (column))
    {
    case COLUMN_NAME:
      return s->name ? s->name : "—";
    case COLUMN_SIDE:
      /* translators: which model a line of the table describes; "Bench" is the benchmark
       * (标杆) that the NPU run is compared with */
      return side == 0 ? _("NPU") : _("Bench");
    case COLUMN_STAT:
      return s->name ? s->values[COLUMN_INDEX (column)] : "—";
    case COLUMN_METRIC:
      return side == 0 ? pair->metrics[COLUMN_INDEX (column)] : "";
    default:
      g_assert_not_reached ();
    }
}

static GtkWidget *
make_inscription (ColumnKind kind,
                  guint      chars)
{
  GtkWidget *line = gtk_inscription_new (NULL);

  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (line),
                                     GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  /* GtkColumnView gives columns their minimum width once the natural widths do not fit,
   * which in a sidebar is always: the minimum is what the values need. */
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (line), chars);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (line), chars);
  if (kind == COLUMN_METRIC)
    gtk_inscription_set_xalign (GTK_INSCRIPTION (line), 1.);
  /* Dynamic columns have no template to name their style classes in. */
  if (kind == COLUMN_SIDE)
    gtk_widget_add_css_class (line, "dim-label");
  if (kind == COLUMN_STAT || kind == COLUMN_METRIC)
    gtk_widget_add_css_class (line, "numeric");
  return line;
}

/* A cell is two single-line inscriptions, the NPU value above the Bench one: each line
 * ellipsizes on its own instead of wrapping into the other. */
static void
cell_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               gpointer                  column)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  guint chars = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (factory), "chars"));

  gtk_box_append (GTK_BOX (box), make_inscription (COLUMN_KIND (column), chars));
  gtk_box_append (GTK_BOX (box), make_inscription (COLUMN_KIND (column), chars));
  gtk_list_item_set_child (list_item, box);
}

/* The worst cell of a node stands out; it reads as an error only from the red end of
 * msprobe's summary legend ([0.8, 1]) on, since the worst of a good node is still good. */
static void
set_worst (GtkWidget        *line,
           MsvisDetailsData *data,
           gboolean          worst)
{
  gboolean severe = worst && data->worst_badness >= 0.8;

  if (worst)
    {
      gtk_widget_add_css_class (line, "worst");
      gtk_widget_add_css_class (line, "heading");
    }
  else
    {
      gtk_widget_remove_css_class (line, "worst");
      gtk_widget_remove_css_class (line, "heading");
    }
  if (severe)
    gtk_widget_add_css_class (line, "error");
  else
    gtk_widget_remove_css_class (line, "error");
  if (worst && !severe)
    gtk_widget_add_css_class (line, "warning");
  else
    gtk_widget_remove_css_class (line, "warning");
}

static void
cell_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  column)
{
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *top = gtk_widget_get_first_child (box);
  GtkWidget *bottom = gtk_widget_get_last_child (box);
  MsvisDetailsRow *row = gtk_list_item_get_item (list_item);
  MsvisDetailsData *data = row->data;
  const MsvisDetailsPair *pair = _msvis_details_row_get_pair (row);
  gboolean two_lines = data->n_sides == 2 && COLUMN_KIND (column) != COLUMN_METRIC;
  const char *text = cell_text (pair, column, 0);

  gtk_inscription_set_text (GTK_INSCRIPTION (top), text);
  gtk_widget_set_tooltip_text (top, text[0] != '\0' ? text : NULL);
  set_worst (top, data, COLUMN_KIND (column) == COLUMN_METRIC &&
                  data->worst_row == (gint)row->index &&
                  data->worst_metric == (gint)COLUMN_INDEX (column));

  /* Metrics belong to the pair, but the row is two lines tall: they stay on the NPU line. */
  text = two_lines ? cell_text (pair, column, 1) : "";
  gtk_inscription_set_text (GTK_INSCRIPTION (bottom), text);
  gtk_widget_set_tooltip_text (bottom, text[0] != '\0' ? text : NULL);
  gtk_widget_set_visible (bottom, data->n_sides == 2);
}

/* Numbers before text, NaN after every number; text by its bytes. */
static int
compare_cells (const char *a,
               const char *b)
{
  double x, y;
  gboolean a_num = msvis_metric_parse_number (a, &x);
  gboolean b_num = msvis_metric_parse_number (b, &y);

  if (a_num != b_num)
    return a_num ? -1 : 1;
  if (!a_num)
    return strcmp (a, b);
  if (isnan (x) || isnan (y))
    return isnan (x) - isnan (y);
  return x < y ? -1 : x > y;
}

static const char *
sort_text (const MsvisDetailsPair *pair,
           gpointer                column)
{
  /* A pair sorts by its NPU item; by the Bench one where the NPU side has none. */
  guint side = pair->sides[0].name == NULL && pair->sides[1].name != NULL ? 1 : 0;

  return cell_text (pair, column, side);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      column)
{
  const MsvisDetailsPair *pa = _msvis_details_row_get_pair ((MsvisDetailsRow *)a);
  const MsvisDetailsPair *pb = _msvis_details_row_get_pair ((MsvisDetailsRow *)b);
  int result;

  if (COLUMN_KIND (column) == COLUMN_NAME)
    {
      /* Natural order: input.2 before input.10. */
      g_autofree char *ka = g_utf8_collate_key_for_filename (sort_text (pa, column), -1);
      g_autofree char *kb = g_utf8_collate_key_for_filename (sort_text (pb, column), -1);

      result = strcmp (ka, kb);
    }
  else
    result = compare_cells (sort_text (pa, column), sort_text (pb, column));

  return result != 0 ? result : (int)pa->position - (int)pb->position;
}

/* Columns are as wide as their longest value, within bounds, so that numbers show whole
 * and the table scrolls sideways rather than cutting every value short. */
static guint
column_chars (MsvisDetailsData *data,
              gpointer          column)
{
  guint chars = 0, limit = COLUMN_KIND (column) == COLUMN_NAME ? 28 : 20;

  for (guint r = 0; r < data->rows->len; r++)
    {
      const MsvisDetailsPair *pair = &g_array_index (data->rows, MsvisDetailsPair, r);

      for (guint side = 0; side < data->n_sides; side++)
        chars = MAX (chars, (guint)g_utf8_strlen (cell_text (pair, column, side), -1));
    }
  return CLAMP (chars + 1, 3, limit);
}

static void
add_column (GtkColumnView    *view,
            MsvisDetailsData *data,
            const char       *title,
            gpointer          column,
            gboolean          expand)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkColumnViewColumn) col = NULL;

  g_object_set_data (G_OBJECT (factory), "chars",
                     GUINT_TO_POINTER (column_chars (data, column)));
  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup_cb), column);
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind_cb), column);

  col = gtk_column_view_column_new (title, g_object_ref (factory));
  gtk_column_view_column_set_resizable (col, TRUE);
  gtk_column_view_column_set_expand (col, expand);
  if (COLUMN_KIND (column) != COLUMN_SIDE)
    {
      g_autoptr(GtkCustomSorter) sorter = gtk_custom_sorter_new (compare_rows, column, NULL);

      gtk_column_view_column_set_sorter (col, GTK_SORTER (sorter));
    }
  gtk_column_view_append_column (view, col);
}

/* HACK: a GtkColumnViewColumn has no tooltip in GTK 4.8. Its title widgets are the children
 * of the view's "header" node, one per column in column order, so they get one directly. */
static void
set_header_tooltips (GtkColumnView    *view,
                     MsvisDetailsData *data)
{
  GListModel *columns = gtk_column_view_get_columns (view);
  GtkWidget *header = NULL;
  guint i = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (strcmp (gtk_widget_get_css_name (child), "header") == 0)
      header = child;
  if (header == NULL)
    return;

  for (GtkWidget *title = gtk_widget_get_first_child (header);
       title != NULL && i < g_list_model_get_n_items (columns);
       title = gtk_widget_get_next_sibling (title), i++)
    {
      g_autoptr(GtkColumnViewColumn) col = g_list_model_get_item (columns, i);
      const char *name = gtk_column_view_column_get_title (col);

      gtk_widget_set_tooltip_text (title, g_hash_table_lookup (data->tooltips, name));
    }
}

void
_msvis_details_table_clear (GtkColumnView *view)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  gtk_column_view_set_model (view, NULL);
  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) col = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (view, col);
    }
}

/**
 * _msvis_details_table_fill:
 *
 * Replaces @view's columns and rows with @data's. The model is sorted by the view's sorter,
 * so clicking a header sorts whole pairs.
 */
void
_msvis_details_table_fill (GtkColumnView    *view,
                           MsvisDetailsData *data)
{
  g_autoptr(GListStore) store = g_list_store_new (MSVIS_TYPE_DETAILS_ROW);
  g_autoptr(GtkNoSelection) selection = NULL;
  GtkSortListModel *sorted;

  _msvis_details_table_clear (view);

  /* translators: column title: an input, output or parameter of the node */
  add_column (view, data, _("Name"), COLUMN_PACK (COLUMN_NAME, 0), FALSE);
  if (data->n_sides == 2)
    /* translators: column title: NPU or Bench */
    add_column (view, data, _("Side"), COLUMN_PACK (COLUMN_SIDE, 0), FALSE);
  for (guint i = 0; i < data->stat_columns->len; i++)
    add_column (view, data, g_ptr_array_index (data->stat_columns, i),
                COLUMN_PACK (COLUMN_STAT, i), FALSE);
  for (guint i = 0; i < data->metric_columns->len; i++)
    add_column (view, data, g_ptr_array_index (data->metric_columns, i),
                COLUMN_PACK (COLUMN_METRIC, i), FALSE);
  set_header_tooltips (view, data);

  for (guint i = 0; i < data->rows->len; i++)
    {
      g_autoptr(MsvisDetailsRow) row = msvis_details_row_new (data, i);

      g_list_store_append (store, row);
    }

  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_steal_pointer (&store)),
                                    g_object_ref (gtk_column_view_get_sorter (view)));
  selection = gtk_no_selection_new (G_LIST_MODEL (sorted));
  gtk_column_view_set_model (view, GTK_SELECTION_MODEL (selection));
}
