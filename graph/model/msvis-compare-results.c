// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-compare-results.h"
#include "msvis-py-repr.h"

typedef struct
{
  guint32 first;
  guint16 n;
  guint16 store;   /* which of stores holds the fields */
} MetricRun;

/* While shared, each thread appends its items' metrics to a store of its own, so that none
 * waits for another: a lock per item cost the compare's threads more than they gained. */
#define MAX_STORES 16

struct _MsvisCompareResults
{
  GArray *links;        /* MsvisNodeId per node */
  GArray *precision;    /* MsvisPrecision per node */
  GArray *md5_results;  /* guint8 per node */
  GArray *runs;         /* MetricRun per item */
  GArray *stores[MAX_STORES];   /* MsvisField, runs end to end; [0] always there */
};

/**
 * msvis_compare_results_new:
 *
 * Returns: (transfer full): an empty set of results: nothing matched, no data
 */
MsvisCompareResults *
msvis_compare_results_new (void)
{
  MsvisCompareResults *self = g_new0 (MsvisCompareResults, 1);

  self->links = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  self->precision = g_array_new (FALSE, TRUE, sizeof (MsvisPrecision));
  self->md5_results = g_array_new (FALSE, TRUE, sizeof (guint8));
  self->runs = g_array_new (FALSE, TRUE, sizeof (MetricRun));
  self->stores[0] = g_array_new (FALSE, FALSE, sizeof (MsvisField));
  return self;
}

void
msvis_compare_results_free (MsvisCompareResults *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->links);
  g_array_unref (self->precision);
  g_array_unref (self->md5_results);
  g_array_unref (self->runs);
  for (guint i = 0; i < MAX_STORES; i++)
    g_clear_pointer (&self->stores[i], g_array_unref);
  g_free (self);
}

void
msvis_compare_results_set_link (MsvisCompareResults *self,
                                MsvisNodeId          node,
                                MsvisNodeId          other)
{
  while (self->links->len <= node)
    {
      MsvisNodeId none = MSVIS_NODE_ID_NONE;

      g_array_append_val (self->links, none);
    }
  g_array_index (self->links, MsvisNodeId, node) = other;
}

/**
 * msvis_compare_results_get_link:
 *
 * Returns: the node of the other graph that @node matched, or %MSVIS_NODE_ID_NONE
 */
MsvisNodeId
msvis_compare_results_get_link (MsvisCompareResults *self,
                                MsvisNodeId          node)
{
  if (node >= self->links->len)
    return MSVIS_NODE_ID_NONE;
  return g_array_index (self->links, MsvisNodeId, node);
}

void
msvis_compare_results_set_precision (MsvisCompareResults *self,
                                     MsvisNodeId          node,
                                     MsvisPrecision       precision)
{
  if (self->precision->len <= node)
    g_array_set_size (self->precision, node + 1);
  g_array_index (self->precision, MsvisPrecision, node) = precision;
}

MsvisPrecision
msvis_compare_results_get_precision (MsvisCompareResults *self,
                                     MsvisNodeId          node)
{
  MsvisPrecision none = { MSVIS_PRECISION_NONE, 0 };

  if (node >= self->precision->len)
    return none;
  return g_array_index (self->precision, MsvisPrecision, node);
}

void
msvis_compare_results_set_md5_result (MsvisCompareResults *self,
                                      MsvisNodeId          node,
                                      MsvisMd5Result       result)
{
  if (self->md5_results->len <= node)
    g_array_set_size (self->md5_results, node + 1);
  g_array_index (self->md5_results, guint8, node) = result;
}

MsvisMd5Result
msvis_compare_results_get_md5_result (MsvisCompareResults *self,
                                      MsvisNodeId          node)
{
  if (node >= self->md5_results->len)
    return MSVIS_MD5_RESULT_NONE;
  return g_array_index (self->md5_results, guint8, node);
}

/**
 * msvis_compare_results_set_metrics:
 * @fields: (array length=n_fields): columns appended after the item's own fields; their
 *   strings must live as long as the graph the item belongs to
 *
 * Setting them again replaces the earlier ones, as a Python dict update would.
 */
void
msvis_compare_results_set_metrics (MsvisCompareResults *self,
                                   guint32              item,
                                   const MsvisField    *fields,
                                   guint                n_fields)
{
  msvis_compare_results_set_metrics_in (self, 0, item, fields, n_fields);
}

/**
 * msvis_compare_results_set_metrics_in:
 * @store: the calling thread's number while shared (see msvis_compare_results_share()),
 *   else 0
 *
 * msvis_compare_results_set_metrics() from one of several threads.
 */
void
msvis_compare_results_set_metrics_in (MsvisCompareResults *self,
                                      guint                store,
                                      guint32              item,
                                      const MsvisField    *fields,
                                      guint                n_fields)
{
  GArray *fields_store = self->stores[store];
  MetricRun *run;

  g_return_if_fail (store < MAX_STORES && fields_store != NULL);
  g_return_if_fail (n_fields <= G_MAXUINT16);

  if (self->runs->len <= item)
    g_array_set_size (self->runs, item + 1);
  run = &g_array_index (self->runs, MetricRun, item);
  run->first = fields_store->len;
  run->n = n_fields;
  run->store = store;
  g_array_append_vals (fields_store, fields, n_fields);
}

/**
 * msvis_compare_results_share:
 * @n_nodes: how many nodes the graph has
 * @n_items: how many data items
 * @n_threads: how many threads set results from now on, each for nodes of its own, with
 *   msvis_compare_results_set_metrics_in() and its own number; 0 when they have stopped
 *
 * Makes room for every node's and item's result, so that threads setting them for
 * different nodes never move the arrays, and gives each thread a store for its metrics.
 */
void
msvis_compare_results_share (MsvisCompareResults *self,
                             guint                n_nodes,
                             guint                n_items,
                             guint                n_threads)
{
  g_return_if_fail (n_threads <= MAX_STORES);

  if (self->precision->len < n_nodes)
    g_array_set_size (self->precision, n_nodes);
  if (self->md5_results->len < n_nodes)
    g_array_set_size (self->md5_results, n_nodes);
  if (self->runs->len < n_items)
    g_array_set_size (self->runs, n_items);
  for (guint i = 1; i < n_threads; i++)
    if (self->stores[i] == NULL)
      self->stores[i] = g_array_new (FALSE, FALSE, sizeof (MsvisField));
}

const MsvisField *
msvis_compare_results_get_metrics (MsvisCompareResults *self,
                                   guint32              item,
                                   guint               *n_fields)
{
  const MetricRun *run;

  *n_fields = 0;
  if (item >= self->runs->len)
    return NULL;
  run = &g_array_index (self->runs, MetricRun, item);
  *n_fields = run->n;
  return run->n ? &g_array_index (self->stores[run->store], MsvisField, run->first) : NULL;
}

/**
 * msvis_precision_append_display:
 *
 * Appends a precision_index for people: four significant digits ("0.01854"), where
 * msvis_precision_append_repr() gives Python's seventeen for files and comparisons.
 */
void
msvis_precision_append_display (GString        *out,
                                MsvisPrecision  precision)
{
  if (precision.kind == MSVIS_PRECISION_FLOAT)
    g_string_append_printf (out, "%.4g", precision.value);
  else
    g_string_append_printf (out, "%d", (int)precision.value);
}

/**
 * msvis_precision_append_repr:
 *
 * Appends str() of a precision_index: "0", "1" or a float repr such as "0.2307691985903016".
 */
void
msvis_precision_append_repr (GString        *out,
                             MsvisPrecision  precision)
{
  if (precision.kind == MSVIS_PRECISION_FLOAT)
    msvis_py_append_float_repr (out, precision.value);
  else
    g_string_append_printf (out, "%d", (int)precision.value);
}
