// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include "msvis-node-compare-private.h"
#include "msvis-py-repr.h"

/* precision_index per mode: msprobe's _add_summary_compare_data, _add_md5_compare_data and
 * _add_real_compare_data over a node's rows. */

static gboolean
has_max (MsvisNodeCompare *self,
         guint32           item)
{
  const MsvisField *max = side_field (&self->npu, item, ATOM_MAX);

  return max != NULL && max->kind != MSVIS_VALUE_NONE;
}

static gboolean
has_invalid_stats (MsvisNodeCompare *self,
                   guint32           item)
{
  return msvis_py_field_is_invalid_float (side_field (&self->npu, item, ATOM_MAX)) ||
         msvis_py_field_is_invalid_float (side_field (&self->npu, item, ATOM_MIN));
}

/* _add_md5_compare_data: 1 unless some item's md5 differs. */
MsvisPyNumber
_msvis_node_compare_md5_side (MsvisNodeCompare *self,
                              guint             start,
                              guint             end,
                              gboolean          output)
{
  MsvisPyNumber index = MSVIS_PY_INT (1);

  for (guint p = start; p < end; p++)
    {
      const Row *row = row_for (self, p, output);

      if (row == NULL)
        continue;
      attach (self, p, row);
      if (row->fields[0].s != self->pass)
        index = MSVIS_PY_INT (0);
    }
  return index;
}

/* _add_summary_compare_data: the largest relative error, 1 for broken statistics. */
MsvisPyNumber
_msvis_node_compare_summary_side (MsvisNodeCompare *self,
                                  guint             start,
                                  guint             end,
                                  gboolean          output)
{
  MsvisPyNumber worst = MSVIS_PY_INT (0);

  for (guint p = start; p < end; p++)
    {
      guint32 item = op_at (&self->npu, p);
      const Row *row;

      if (!has_max (self, item))
        continue;
      row = row_for (self, p, output);
      if (row != NULL)
        {
          attach (self, p, row);
          for (guint i = 4; i < N_SUMMARY_COLUMNS; i++)
            worst = msvis_py_max (worst, msvis_py_str2float (&row->fields[i]));
        }
      if (has_invalid_stats (self, item))
        worst = MSVIS_PY_INT (1);
    }
  return worst.value > 1 ? MSVIS_PY_INT (1) : worst;
}

typedef enum
{
  THOUSANDTH_NONE,
  THOUSANDTH_NOT_APPLICABLE,
  THOUSANDTH_VALUE,
} ThousandthKind;

static gboolean
field_to_float (const MsvisField *field,
                double           *value)
{
  if (field == NULL)
    return FALSE;
  switch ((MsvisValueKind)field->kind)
    {
    case MSVIS_VALUE_INT:
    case MSVIS_VALUE_FLOAT:
      *value = msvis_py_field_as_float (field);
      return TRUE;
    case MSVIS_VALUE_BOOL:
      *value = field->b ? 1 : 0;
      return TRUE;
    case MSVIS_VALUE_STR:
      return msvis_py_parse_float (field->s, strlen (field->s), value);
    case MSVIS_VALUE_NONE:
    case MSVIS_VALUE_OBJECT:
    case MSVIS_VALUE_PERCENT:   /* float("23.0%") fails */
    default:
      return FALSE;
    }
}

/* A tensor metric as the data frame holds it: a float or one of msprobe's words. */
MsvisField
_msvis_node_compare_metric_field (MsvisNodeCompare       *self,
                                  const MsvisMetricValue *value)
{
  switch (value->kind)
    {
    case MSVIS_METRIC_NUMBER:
      return (MsvisField) { .kind = MSVIS_VALUE_FLOAT, .f = value->value };
    case MSVIS_METRIC_SHAPE_UNMATCHED:
      return str_field (self->shape_unmatched);
    case MSVIS_METRIC_N_A:
      return str_field (self->not_applicable);
    case MSVIS_METRIC_NAN:
      return str_field (self->nan);
    case MSVIS_METRIC_UNSUPPORTED:
    default:
      return str_field (self->unsupported);
    }
}

/* The row an item finds. In real-data mode msprobe looks inputs and outputs alike up by
 * name in one dict of every row of the graph, where the last row of a name wins. */
static const Row *
find_row (MsvisNodeCompare *self,
          guint             position,
          gboolean          in_output_dict,
          Row              *scratch)
{
  const MsvisTensorMetrics *metrics;
  const char *name;

  if (self->real_data == NULL)
    return row_for (self, position, in_output_dict);
  name = msvis_graph_get_item (self->npu.graph, op_at (&self->npu, position))->key;
  metrics = msvis_real_data_lookup (self->real_data, name);
  if (metrics == NULL)
    return NULL;
  memset (scratch, 0, sizeof *scratch);
  scratch->present = TRUE;
  scratch->n = N_REAL_DATA_COLUMNS;
  for (guint i = 0; i < N_REAL_DATA_COLUMNS; i++)
    {
      scratch->fields[i] = _msvis_node_compare_metric_field (self, &metrics->metric[i]);
      scratch->fields[i].name = self->column_atoms[i];
    }
  return scratch;
}

/* _add_real_compare_data: the smallest one-thousandth ratio of the tensors on one side. */
static ThousandthKind
real_data_side (MsvisNodeCompare *self,
                guint             start,
                guint             end,
                gboolean          output,
                double           *minimum)
{
  gboolean any = FALSE, not_applicable = FALSE;
  double smallest = 0;

  for (guint p = start; p < end; p++)
    {
      guint32 item = op_at (&self->npu, p);
      const Row *row;
      Row scratch;

      if (!has_max (self, item))
        continue;
      row = find_row (self, p, output, &scratch);
      if (row != NULL)
        {
          double ratio;

          attach (self, p, row);
          /* a scalar has no ratio */
          if (!msvis_py_field_is_truthy (side_field (&self->npu, item, ATOM_SHAPE)))
            continue;
          if (field_to_float (&row->fields[4], &ratio))
            {
              /* min() keeps the first unless a later one is smaller */
              if (!any || ratio < smallest)
                smallest = ratio;
              any = TRUE;
            }
        }
      if (has_invalid_stats (self, item))
        not_applicable = TRUE;
    }

  if (not_applicable)
    return THOUSANDTH_NOT_APPLICABLE;
  if (!any)
    return THOUSANDTH_NONE;
  *minimum = 1.0 < smallest ? 1.0 : smallest;
  return THOUSANDTH_VALUE;
}

MsvisPyNumber
_msvis_node_compare_real_data_index (MsvisNodeCompare *self,
                                     guint             n_inputs,
                                     guint             n_ops)
{
  /* Structure mode looks both sides up in the input dict. */
  gboolean outputs_dict = self->mode != MSVIS_COMPARE_STRUCTURE;
  double in = 0, out = 0;
  ThousandthKind kind_in = real_data_side (self, 0, n_inputs, FALSE, &in);
  ThousandthKind kind_out = real_data_side (self, n_inputs, n_ops, outputs_dict, &out);
  MsvisPyNumber change;

  if (kind_out == THOUSANDTH_NOT_APPLICABLE)
    change = MSVIS_PY_INT (1);
  else if (kind_in == THOUSANDTH_NOT_APPLICABLE)
    change = MSVIS_PY_INT (0);
  else if (kind_in == THOUSANDTH_VALUE && kind_out == THOUSANDTH_VALUE)
    change = (MsvisPyNumber) { TRUE, in - out };
  else
    change = MSVIS_PY_INT (0);

  if (change.value < 0)
    return MSVIS_PY_INT (0);
  if (change.value > 1)
    return MSVIS_PY_INT (1);
  return change;
}

