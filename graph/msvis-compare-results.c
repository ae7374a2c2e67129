// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-compare-results.h"
#include "msvis-py-repr.h"

typedef struct
{
  guint32 first;
  guint32 n;
} MetricRun;

struct _MsvisCompareResults
{
  GArray *links;        /* MsvisNodeId per node */
  GArray *precision;    /* MsvisPrecision per node */
  GArray *md5_results;  /* guint8 per node */
  GArray *runs;         /* MetricRun per item */
  GArray *fields;       /* MsvisField, the runs end to end */
  GMutex  metrics_lock; /* guards runs and fields while shared */
  gboolean shared;
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
  self->fields = g_array_new (FALSE, FALSE, sizeof (MsvisField));
  g_mutex_init (&self->metrics_lock);
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
  g_array_unref (self->fields);
  g_mutex_clear (&self->metrics_lock);
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
  MetricRun *run;

  if (self->shared)
    g_mutex_lock (&self->metrics_lock);
  if (self->runs->len <= item)
    g_array_set_size (self->runs, item + 1);
  run = &g_array_index (self->runs, MetricRun, item);
  run->first = self->fields->len;
  run->n = n_fields;
  g_array_append_vals (self->fields, fields, n_fields);
  if (self->shared)
    g_mutex_unlock (&self->metrics_lock);
}

/**
 * msvis_compare_results_share:
 * @n_nodes: how many nodes the graph has
 * @n_items: how many data items
 * @shared: whether threads set results from now on, each for nodes of its own
 *
 * Makes room for every node's and item's result, so that threads setting them for
 * different nodes never move the arrays, and makes metrics lock. Call with %TRUE before the
 * threads start and %FALSE after all have stopped.
 */
void
msvis_compare_results_share (MsvisCompareResults *self,
                             guint                n_nodes,
                             guint                n_items,
                             gboolean             shared)
{
  if (self->precision->len < n_nodes)
    g_array_set_size (self->precision, n_nodes);
  if (self->md5_results->len < n_nodes)
    g_array_set_size (self->md5_results, n_nodes);
  if (self->runs->len < n_items)
    g_array_set_size (self->runs, n_items);
  self->shared = shared;
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
  return run->n ? &g_array_index (self->fields, MsvisField, run->first) : NULL;
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
