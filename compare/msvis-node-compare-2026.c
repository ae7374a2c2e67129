// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include "msvis-indicator.h"
#include "msvis-node-compare-private.h"

/* msprobe 26's compare of two matched nodes (msprobe-2026.md §6, §7): get_accuracy with the
 * offsets in item order and aligned rows for extra NPU items, the indicator model over the
 * rows, and the mode's keys appended to the NPU items, typed as msprobe's dict holds them. */

typedef struct
{
  GArray     *rows;           /* MsvisIndicatorRow, in get_accuracy's order */
  GArray     *positions;      /* guint per row: its NPU item's place in npu.ops */
  guint32     npu_dtype, npu_requires_grad, bench_dtype, bench_requires_grad;
  guint32     consistent_atom, err_atom;
  const char *levels[3];
  const char *no_messages;    /* "[]" */
  const char *none_text;      /* "None" */
  GString    *scratch;
} State;

static gpointer
state_new (MsvisNodeCompare *self)
{
  State *st = g_new0 (State, 1);

  st->rows = g_array_new (FALSE, TRUE, sizeof (MsvisIndicatorRow));
  st->positions = g_array_new (FALSE, FALSE, sizeof (guint));
  st->npu_dtype = msvis_graph_atom (self->npu.graph, "dtype");
  st->npu_requires_grad = msvis_graph_atom (self->npu.graph, "requires_grad");
  st->bench_dtype = msvis_graph_atom (self->bench.graph, "dtype");
  st->bench_requires_grad = msvis_graph_atom (self->bench.graph, "requires_grad");
  st->consistent_atom = msvis_graph_atom (self->npu.graph, "Requires_grad Consistent");
  st->err_atom = msvis_graph_atom (self->npu.graph, "Err_message");
  for (guint i = 0; i < G_N_ELEMENTS (st->levels); i++)
    st->levels[i] = msvis_graph_intern (self->npu.graph, msvis_indicator_level_name (i));
  st->no_messages = msvis_graph_intern (self->npu.graph, "[]");
  st->none_text = msvis_graph_intern (self->npu.graph, "None");
  st->scratch = g_string_new (NULL);
  return st;
}

static void
state_free (gpointer data)
{
  State *st = data;

  g_array_unref (st->rows);
  g_array_unref (st->positions);
  g_string_free (st->scratch, TRUE);
  g_free (st);
}

static MsvisField
lookup (MsvisGraph *graph,
        guint32     item,
        guint32     atom)
{
  return copy_or_none (msvis_graph_item_find_field (graph, item, atom));
}

/* merge_tensor's statistic: None becomes the str "None". */
static MsvisField
raw_stat (MsvisNodeCompare *self,
          State            *st,
          Side             *side,
          guint32           item,
          guint             atom)
{
  MsvisField field = copy_or_none (side_field (side, item, atom));

  return field.kind == MSVIS_VALUE_NONE ? str_field (st->none_text) : field;
}

/* process_summary_data, then (summary mode) the tab get_rela_diff_summary_mode appends to
 * every cell whose str() is inf, -inf or nan. */
static MsvisField
row_stat (MsvisNodeCompare *self,
          State            *st,
          MsvisField        field,
          gboolean          tab)
{
  if (field.kind == MSVIS_VALUE_FLOAT && isnan (field.f))
    return str_field (self->nan);
  if (!tab)
    return field;
  if (field.kind == MSVIS_VALUE_FLOAT && isinf (field.f))
    return str_field (msvis_graph_intern (self->npu.graph, field.f > 0 ? "inf\t" : "-inf\t"));
  if (field.kind == MSVIS_VALUE_STR &&
      (strcmp (field.s, "inf") == 0 || strcmp (field.s, "-inf") == 0 ||
       strcmp (field.s, "nan") == 0))
    {
      g_string_printf (st->scratch, "%s\t", field.s);
      return str_field (msvis_graph_intern (self->npu.graph, st->scratch->str));
    }
  return field;
}

static void
fill_stats (MsvisNodeCompare  *self,
            State             *st,
            MsvisIndicatorRow *row,
            guint32            n_item,
            guint32            b_item,
            gboolean           paired)
{
  gboolean summary = self->mode == MSVIS_COMPARE_SUMMARY;
  MsvisField n_max = raw_stat (self, st, &self->npu, n_item, ATOM_MAX);
  MsvisField n_min = raw_stat (self, st, &self->npu, n_item, ATOM_MIN);

  if (!paired)
    {
      /* the NPU statistics as they are, the bench's "Nan" */
      row->npu_max = n_max;
      row->npu_min = n_min;
      row->bench_max = row->bench_min = str_field (self->nan);
      for (guint i = 0; i < 8; i++)
        row->metrics[i] = str_field (self->blank);
      return;
    }

  row->npu_max = row_stat (self, st, n_max, summary);
  row->npu_min = row_stat (self, st, n_min, summary);
  row->bench_max = row_stat (self, st, raw_stat (self, st, &self->bench, b_item, ATOM_MAX),
                             summary);
  row->bench_min = row_stat (self, st, raw_stat (self, st, &self->bench, b_item, ATOM_MIN),
                             summary);
  if (!summary)
    {
      for (guint i = 0; i < N_REAL_DATA_COLUMNS; i++)
        row->metrics[i] = str_field (self->blank);
      return;
    }
  for (guint i = 0; i < 4; i++)
    {
      MsvisField n = raw_stat (self, st, &self->npu, n_item, ATOM_MAX + i);
      MsvisField b = raw_stat (self, st, &self->bench, b_item, ATOM_MAX + i);

      _msvis_node_compare_difference (self, &n, &b, &row->metrics[i], &row->metrics[i + 4]);
    }
}

/* One row of get_accuracy_core: names, statistics and requires_grad at the item's place,
 * dtype, shape and md5 at @index of the state's list. */
static void
fill_row (MsvisNodeCompare  *self,
          State             *st,
          MsvisIndicatorRow *row,
          guint32            n_item,
          guint32            b_item,
          int                cat,
          guint              index,
          gboolean           paired)
{
  Side *npu = &self->npu, *bench = &self->bench;
  guint32 n_struct = _msvis_node_compare_struct_at (npu, cat, index);
  guint32 b_struct = paired ? _msvis_node_compare_struct_at (bench, cat, index) : 0;
  MsvisField nan = str_field (self->nan);

  memset (row, 0, sizeof *row);
  row->npu_name = msvis_graph_get_item (npu->graph, n_item)->key;
  row->output = msvis_str_contains (row->npu_name, ".output.");
  row->npu_dtype = lookup (npu->graph, n_struct, st->npu_dtype);
  row->npu_shape = copy_or_none (side_field (npu, n_struct, ATOM_SHAPE));
  row->npu_requires_grad = lookup (npu->graph, n_item, st->npu_requires_grad);
  if (paired)
    {
      row->bench_name = msvis_graph_get_item (bench->graph, b_item)->key;
      row->bench_dtype = lookup (bench->graph, b_struct, st->bench_dtype);
      row->bench_shape = copy_or_none (side_field (bench, b_struct, ATOM_SHAPE));
      row->bench_requires_grad = lookup (bench->graph, b_item, st->bench_requires_grad);
      row->requires_grad_consistent = msvis_py_fields_equal (&row->npu_requires_grad,
                                                             &row->bench_requires_grad);
    }
  else
    {
      row->bench_name = self->nan;
      row->bench_dtype = row->bench_shape = row->bench_requires_grad = nan;
    }

  if (self->mode == MSVIS_COMPARE_MD5)
    {
      row->n_metrics = 2;
      row->metrics[0] = copy_or_none (side_field (npu, n_struct, ATOM_MD5));
      row->metrics[1] = paired ? copy_or_none (side_field (bench, b_struct, ATOM_MD5)) : nan;
      return;
    }
  row->n_metrics = self->mode == MSVIS_COMPARE_SUMMARY ? N_SUMMARY_COLUMNS
                                                       : N_REAL_DATA_COLUMNS;
  fill_stats (self, st, row, n_item, b_item, paired);
}

static void
accuracy_core (MsvisNodeCompare *self,
               State            *st,
               guint             n_start,
               guint             n_len,
               guint             b_start,
               guint             b_len,
               int               cat,
               gboolean          add_real_data)
{
  for (guint index = 0; index < n_len; index++)
    {
      guint position = n_start + index;
      gboolean paired = index < b_len;
      guint32 n_item, b_item;
      MsvisIndicatorRow *row;

      if (position >= self->npu.ops->len || (paired && b_start + index >= self->bench.ops->len))
        break;
      n_item = op_at (&self->npu, position);
      b_item = paired ? op_at (&self->bench, b_start + index) : 0;
      g_array_set_size (st->rows, st->rows->len + 1);
      row = &g_array_index (st->rows, MsvisIndicatorRow, st->rows->len - 1);
      fill_row (self, st, row, n_item, b_item, cat, index, paired);
      g_array_append_val (st->positions, position);
      if (add_real_data)
        msvis_real_data_add_row (self->real_data, row->npu_name,
                                 _msvis_node_compare_data_name (&self->npu, n_item),
                                 paired ? _msvis_node_compare_data_name (&self->bench, b_item)
                                        : "-1");
    }
}

/* get_accuracy: inputs, parameters, outputs, parameter gradients, each at the offset of the
 * items before it (msprobe-2026.md §6). */
static guint
get_accuracy (MsvisNodeCompare *self,
              State            *st,
              gboolean          add_real_data)
{
  guint n[N_CATS], b[N_CATS];
  static const int order[] = { CAT_INPUT, CAT_PARAMS, CAT_OUTPUT, CAT_PARAMS_GRAD };
  guint n_start = 0, b_start = 0;

  for (guint i = 0; i < N_CATS; i++)
    {
      n[i] = self->npu.cats[i]->len;
      b[i] = self->bench.cats[i]->len;
    }
  g_array_set_size (st->rows, 0);
  g_array_set_size (st->positions, 0);
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      int cat = order[i];

      accuracy_core (self, st, n_start, n[cat], b_start, b[cat], cat, add_real_data);
      n_start += n[cat];
      b_start += b[cat];
    }
  return st->rows->len;
}

static const char *
messages_text (MsvisNodeCompare *self,
               State            *st,
               guint32           messages)
{
  if (messages == 0)
    return st->no_messages;
  g_string_truncate (st->scratch, 0);
  msvis_indicator_append_json (st->scratch, messages);
  return msvis_graph_intern (self->npu.graph, st->scratch->str);
}

/* _add_compare_data: the mode's keys, copied from each item's row (msprobe-2026.md §7.6). */
static void
attach_all (MsvisNodeCompare *self,
            State            *st)
{
  for (guint r = 0; r < st->rows->len; r++)
    {
      const MsvisIndicatorRow *row = &g_array_index (st->rows, MsvisIndicatorRow, r);
      MsvisField fields[MAX_COLUMNS + 3], consistent, result, err;
      guint n = 0;

      consistent = (MsvisField) { .name = st->consistent_atom, .kind = MSVIS_VALUE_BOOL,
                                  .b = row->requires_grad_consistent };
      result = str_field (st->levels[row->level]);
      result.name = self->result_atom;
      err = str_field (messages_text (self, st, row->messages));
      err.name = st->err_atom;
      if (self->mode == MSVIS_COMPARE_MD5)
        {
          fields[n++] = result;
          fields[n++] = consistent;
          fields[n++] = err;
        }
      else
        {
          for (guint i = 0; i < row->n_metrics; i++)
            {
              fields[n] = row->metrics[i];
              fields[n++].name = self->column_atoms[i];
            }
          fields[n++] = consistent;
          fields[n++] = result;
          fields[n++] = err;
        }
      msvis_compare_results_set_metrics_in (msvis_graph_get_compare_results (self->npu.graph),
                                            self->store,
                                            op_at (&self->npu,
                                                   g_array_index (st->positions, guint, r)),
                                            fields, n);
    }
}

/* COMPARE_INDICATOR_TO_PRECISION_INDEX_MAPPING, then _ignore_precision_index. */
static void
judge (MsvisNodeCompare *self,
       State            *st,
       MsvisNodeId       npu_node)
{
  static const MsvisPrecision indices[] = {
    { MSVIS_PRECISION_INT, 0 }, { MSVIS_PRECISION_FLOAT, 0.5 }, { MSVIS_PRECISION_INT, 1 },
  };
  MsvisIndicatorMode mode = self->mode == MSVIS_COMPARE_MD5 ? MSVIS_INDICATOR_MD5
                          : self->mode == MSVIS_COMPARE_SUMMARY ? MSVIS_INDICATOR_SUMMARY
                          : MSVIS_INDICATOR_ALL;
  MsvisLevel level = msvis_indicator_calculate ((MsvisIndicatorRow *)(void *)st->rows->data,
                                                st->rows->len, mode, self->parallel_merge);
  MsvisPrecision precision = indices[level];

  attach_all (self, st);
  if (msvis_compare_mode_ignores (msvis_graph_node_get_id (self->npu.graph, npu_node)))
    precision = (MsvisPrecision) { MSVIS_PRECISION_INT,
                                   self->mode == MSVIS_COMPARE_MD5 ? 1 : 0 };
  msvis_compare_results_set_precision (msvis_graph_get_compare_results (self->npu.graph),
                                       npu_node, precision);
}

static void
run (MsvisNodeCompare *self,
     MsvisNodeId       npu_node)
{
  State *st = self->model_state;

  if (get_accuracy (self, st, self->real_data != NULL) == 0)
    return;
  /* Real data waits for the tensors of the whole graph: finish_node(). */
  if (self->real_data != NULL)
    {
      g_array_append_val (self->compared, npu_node);
      return;
    }
  judge (self, st, npu_node);
}

/* After every tensor was compared: the node's rows get their metrics by NPU name, as
 * get_real_api_data_list finds them, and are judged in mode all. */
static void
finish_node (MsvisNodeCompare *self,
             MsvisNodeId       npu_node)
{
  State *st = self->model_state;
  MsvisNodeId bench_node = msvis_compare_results_get_link (
    msvis_graph_get_compare_results (self->npu.graph), npu_node);

  if (bench_node == MSVIS_NODE_ID_NONE)
    return;
  _msvis_node_compare_side_load (&self->bench, bench_node);
  if (get_accuracy (self, st, FALSE) == 0)
    return;
  for (guint r = 0; r < st->rows->len; r++)
    {
      MsvisIndicatorRow *row = &g_array_index (st->rows, MsvisIndicatorRow, r);
      const MsvisTensorMetrics *metrics = msvis_real_data_lookup (self->real_data,
                                                                  row->npu_name);

      for (guint i = 0; metrics != NULL && i < N_REAL_DATA_COLUMNS; i++)
        row->metrics[i] = _msvis_node_compare_metric_field (self, &metrics->metric[i]);
    }
  judge (self, st, npu_node);
}

const MsvisPrecisionModel _msvis_precision_model_2026 = {
  state_new, state_free, run, finish_node,
};
