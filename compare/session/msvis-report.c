// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "msvis-metric-cells.h"
#include "msvis-node-finder.h"
#include "msvis-report.h"

#define STACK_FRAMES 3   /* the user's innermost frames a row shows */

static const char *const metric_names[] = {
  "MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr",
  "Cosine", "One Thousandth Err Ratio", "Five Thousandths Err Ratio", "Result",
};

static void
bucket_clear (gpointer data)
{
  MsvisReportBucket *b = data;

  g_free (b->label);
  g_free (b->color);
}

static void
row_clear (gpointer data)
{
  MsvisReportRow *r = data;

  g_free (r->name);
  g_free (r->bucket_label);
  g_free (r->precision);
  g_free (r->overflow);
  g_free (r->counterpart);
  g_free (r->item);
  g_free (r->metric);
  g_free (r->value);
  g_free (r->stack);
}

void
msvis_report_free (MsvisReport *self)
{
  if (self == NULL)
    return;
  g_free (self->title);
  g_free (self->subtitle);
  g_free (self->task);
  g_free (self->first_divergence);
  g_free (self->first_worst);
  /* A report that failed before its arrays were made is freed too. */
  g_clear_pointer (&self->buckets, g_array_unref);
  g_clear_pointer (&self->rows, g_array_unref);
  g_free (self);
}

static gboolean
is_metric (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (metric_names); i++)
    if (strcmp (name, metric_names[i]) == 0)
      return TRUE;
  return FALSE;
}

/* Weighs one field; keeps it in @row when it is the worst so far. */
static void
weigh_field (MsvisReportRow   *row,
             MsvisGraph       *graph,
             const MsvisItem  *item,
             gsize             id_len,
             const MsvisField *field)
{
  const char *name = msvis_graph_atom_name (graph, field->name);
  g_autofree char *text = NULL;
  double badness;

  if (!is_metric (name))
    return;
  text = msvis_metric_format_field (field);
  badness = msvis_metric_badness (name, text);
  if (badness <= row->badness)
    return;
  row->badness = badness;
  g_free (row->item);
  g_free (row->metric);
  g_free (row->value);
  /* As tb_graph_ascend shows items: "input.0" rather than "<node id>.input.0". */
  row->item = g_strdup (strlen (item->key) > id_len ? item->key + id_len + 1 : item->key);
  row->metric = g_strdup (name);
  row->value = g_steal_pointer (&text);
}

static void
weigh_items (MsvisReportRow *row,
             MsvisGraph     *graph,
             guint32         first,
             guint32         n)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  gsize id_len = strlen (row->name);

  for (guint32 i = first; i < first + n; i++)
    {
      const MsvisItem *item = msvis_graph_get_item (graph, i);
      const MsvisField *fields = msvis_graph_get_fields (graph, item);
      const MsvisField *metrics = NULL;
      guint n_metrics = 0;

      for (guint f = 0; f < item->n_fields; f++)
        weigh_field (row, graph, item, id_len, &fields[f]);
      if (results != NULL)
        metrics = msvis_compare_results_get_metrics (results, i, &n_metrics);
      for (guint f = 0; f < n_metrics; f++)
        weigh_field (row, graph, item, id_len, &metrics[f]);
    }
}

/* The frames of the user's code: not Python's, torch's or msprobe's own. */
static gboolean
is_user_frame (const char *line)
{
  return strstr (line, "site-packages/") == NULL && strstr (line, "dist-packages/") == NULL
         && strstr (line, "/lib/python") == NULL && strstr (line, "msprobe") == NULL;
}

static char *
user_stack (MsvisGraph  *graph,
            MsvisNodeId  node)
{
  guint n = 0, taken = 0;
  const char *const *lines = msvis_graph_get_stack (graph, msvis_graph_node_get_stack (graph,
                                                                                      node), &n);
  GPtrArray *kept = g_ptr_array_new ();
  GString *text = g_string_new (NULL);

  /* msprobe lists the innermost frame first. */
  for (guint i = 0; i < n && taken < STACK_FRAMES; i++)
    if (is_user_frame (lines[i]))
      {
        g_ptr_array_add (kept, (gpointer) lines[i]);
        taken++;
      }
  for (guint i = kept->len; i > 0; i--)
    g_string_append_printf (text, "%s%s", text->len ? "\n" : "",
                            (const char *) g_ptr_array_index (kept, i - 1));
  g_ptr_array_unref (kept);
  return g_string_free (text, FALSE);
}

static void
add_row (MsvisReport     *self,
         MsvisNodeFinder *finder,
         MsvisNodeId      node)
{
  MsvisGraph *graph = msvis_node_finder_get_graph (finder);
  MsvisVisDocument *doc = msvis_node_finder_get_document (finder);
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  MsvisNodeId link = results ? msvis_compare_results_get_link (results, node) : MSVIS_NODE_ID_NONE;
  MsvisOverflowLevel level = msvis_graph_node_get_overflow (graph, node);
  GString *precision = g_string_new (NULL);
  guint32 first, n;
  MsvisReportRow row = { 0 };

  row.node = node;
  row.name = g_strdup (msvis_graph_node_get_id (graph, node));
  row.bucket = msvis_node_finder_get_bucket (finder, node);
  row.bucket_label = msvis_node_finder_dup_bucket_label (finder, row.bucket);
  if (results != NULL)
    msvis_precision_append_repr (precision, msvis_compare_results_get_precision (results, node));
  row.precision = g_string_free (precision, FALSE);
  row.overflow = g_strdup (level == MSVIS_OVERFLOW_NONE ? ""
                           : msvis_overflow_level_to_string (level));
  row.counterpart = g_strdup (link != MSVIS_NODE_ID_NONE && msvis_vis_document_get_bench (doc)
                              ? msvis_graph_node_get_id (msvis_vis_document_get_bench (doc),
                                                         link) : "");
  row.item = g_strdup ("");
  row.metric = g_strdup ("");
  row.value = g_strdup ("");
  row.badness = -1;
  first = msvis_graph_node_get_inputs (graph, node, &n);
  weigh_items (&row, graph, first, n);
  first = msvis_graph_node_get_outputs (graph, node, &n);
  weigh_items (&row, graph, first, n);
  row.stack = user_stack (graph, node);
  g_array_append_val (self->rows, row);
}

static gint
compare_ids (gconstpointer a,
             gconstpointer b)
{
  MsvisNodeId x = *(const MsvisNodeId *) a, y = *(const MsvisNodeId *) b;

  return x < y ? -1 : x > y;
}

static void
count_buckets (MsvisReport     *self,
               MsvisNodeFinder *finder)
{
  MsvisBuckets *buckets = msvis_node_finder_get_buckets (finder);

  for (guint i = 0; i < msvis_buckets_get_n (buckets); i++)
    {
      MsvisReportBucket b = {
        msvis_node_finder_dup_bucket_label (finder, i),
        g_strdup (msvis_node_finder_get_bucket_color (finder, i)),
        msvis_node_finder_count (finder, i),
      };

      g_array_append_val (self->buckets, b);
      self->leaves += b.count;
    }
  self->unmatched = msvis_node_finder_count (finder, MSVIS_BUCKET_UNMATCHED);
  self->leaves += self->unmatched;
  for (MsvisOverflowLevel level = MSVIS_OVERFLOW_MEDIUM; level <= MSVIS_OVERFLOW_CRITICAL;
       level++)
    self->overflow[level] = msvis_node_finder_count (finder, msvis_bucket_for_overflow (level));
}

static char *
dup_node_name (MsvisNodeFinder *finder,
               MsvisNodeId      node)
{
  if (node == MSVIS_NODE_ID_NONE)
    return g_strdup ("");
  return g_strdup (msvis_graph_node_get_id (msvis_node_finder_get_graph (finder), node));
}

MsvisReport *
msvis_report_new (MsvisVisDocument  *doc,
                  const char        *name,
                  GCancellable      *cancellable,
                  GError           **error)
{
  g_autoptr(MsvisReport) self = g_new0 (MsvisReport, 1);
  g_autoptr(MsvisNodeFinder) finder = NULL;
  g_autoptr(GArray) nodes = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

  if (!msvis_vis_document_ensure_all_data (doc, cancellable, error))
    return NULL;
  self->title = g_strdup (name);
  self->subtitle = msvis_vis_document_describe (doc, -1);
  self->task = g_strdup (msvis_vis_document_get_task (doc));
  if (self->task == NULL)
    self->task = g_strdup ("");
  self->is_compare = msvis_vis_document_is_compare (doc);
  self->buckets = g_array_new (FALSE, TRUE, sizeof (MsvisReportBucket));
  g_array_set_clear_func (self->buckets, bucket_clear);
  self->rows = g_array_new (FALSE, TRUE, sizeof (MsvisReportRow));
  g_array_set_clear_func (self->rows, row_clear);

  finder = msvis_node_finder_new (doc, FALSE);
  count_buckets (self, finder);
  self->first_divergence = dup_node_name (finder, msvis_node_finder_first_divergence (finder));
  self->first_worst = dup_node_name (finder, msvis_node_finder_first_worst (finder));

  /* Divergent leaves and overflowing ones, each once, in dump order. */
  nodes = msvis_vis_document_is_compare (doc) ? msvis_node_finder_list_divergences (finder)
                          : g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  for (MsvisOverflowLevel level = MSVIS_OVERFLOW_MEDIUM; level <= MSVIS_OVERFLOW_CRITICAL;
       level++)
    {
      g_autoptr(GArray) over = msvis_node_finder_list (finder, msvis_bucket_for_overflow (level));

      g_array_append_vals (nodes, over->data, over->len);
    }
  g_array_sort (nodes, compare_ids);
  for (guint i = 0; i < nodes->len; i++)
    {
      MsvisNodeId node = g_array_index (nodes, MsvisNodeId, i);

      if (g_hash_table_add (seen, GUINT_TO_POINTER (node)))
        add_row (self, finder, node);
    }
  return g_steal_pointer (&self);
}

static gint
compare_worst (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  MsvisReport *self = user_data;
  const MsvisReportRow *x = &g_array_index (self->rows, MsvisReportRow, *(const guint *) a);
  const MsvisReportRow *y = &g_array_index (self->rows, MsvisReportRow, *(const guint *) b);

  if (x->badness != y->badness)
    return x->badness > y->badness ? -1 : 1;
  return x->node < y->node ? -1 : x->node > y->node;
}

GArray *
msvis_report_worst_rows (MsvisReport *self,
                         guint        n)
{
  GArray *order = g_array_sized_new (FALSE, FALSE, sizeof (guint), self->rows->len);

  for (guint i = 0; i < self->rows->len; i++)
    g_array_append_val (order, i);
  g_array_sort_with_data (order, compare_worst, self);
  g_array_set_size (order, MIN (n, order->len));
  return order;
}
