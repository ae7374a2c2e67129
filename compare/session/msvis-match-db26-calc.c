// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include "msvis-json-scanner.h"
#include "msvis-json-writer.h"
#include "msvis-match-db26-private.h"
#include "msvis-node-compare.h"
#include "msvis-py-float.h"
#include "msvis-py-repr.h"

/* msprobe 26's MatchedNodeCalculator (msprobe_adapter.py:238-678@8ff00da3), which the 26.0.0
 * viewer runs on a pair matched by hand: the items of the two rows are paired by position
 * (not by state, which a 26.0.0 file no longer holds), their printed values are read back
 * with float() and json.loads(), in a real-data compare the tensor files of each pair of
 * items are compared again (msvis-match-db26-tensor.c), and the rows go through the
 * indicator model of msvis graph (msvis-indicator.c). Summary and real-data pairs get the
 * keys of msprobe-2026.md §7.6 added to the NPU items as the viewer stores them: numbers as
 * JSON numbers, the rest as strings. */

static const char *const stat_names[] = { "Max", "Min", "Mean", "Norm" };

/* TENSOR_COMPARE_INDEX and STATISTICS_COMPARE_INDEX: what unmatching takes off NPU items. */
static const char *const compare_keys[] = {
  "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio",
  "Five Thousandths Err Ratio", "Max diff", "Min diff", "Mean diff", "L2norm diff",
  "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr", "Requires_grad Consistent",
  "Result", "Err_message",
};

typedef struct
{
  MsvisArena       *arena;
  MsvisJsonScanner *scanner;
  GArray           *rows;          /* MsvisIndicatorRow */
  GPtrArray        *consistent;    /* const char *, per row */
  MsvisIndicatorMode mode;
  const MsvisDb26Dirs *dirs;       /* MSVIS_INDICATOR_ALL */
} Calc;

static MsvisField
str_field (const char *text)
{
  return (MsvisField) { .kind = MSVIS_VALUE_STR, .s = text };
}

static const MsvisJsonValue *
nth_member (const MsvisJsonValue *object,
            guint                 index)
{
  const MsvisJsonValue *member = object->first;

  while (member != NULL && index-- > 0)
    member = member->next;
  return member;
}

/* npu_data.get(key, ""): the item's str; a value of another type (never in a 26.0.0 file)
 * as its JSON text. */
static const char *
raw_text (Calc                 *calc,
          const MsvisJsonValue *item,
          const char           *key)
{
  const MsvisJsonValue *value = item != NULL ? msvis_json_value_get_member (item, key) : NULL;
  MsvisJsonWriter *writer;
  g_autoptr(GString) text = NULL;

  if (value == NULL)
    return "";
  if (value->kind == MSVIS_JSON_STRING)
    return value->s;
  writer = msvis_json_writer_new_compact ();
  msvis_json_writer_value (writer, value);
  text = msvis_json_writer_end_fragment (writer);
  return msvis_arena_strndup (calc->arena, text->str, text->len);
}

static gboolean
is_json (Calc       *calc,
         const char *text)
{
  g_autoptr(GError) error = NULL;
  MsvisJsonToken token;

  msvis_json_scanner_set_span (calc->scanner, text, strlen (text), 0);
  return msvis_json_scanner_next (calc->scanner, &token, &error) &&
         msvis_json_value_read (calc->arena, calc->scanner, token, &error) != NULL &&
         msvis_json_scanner_next (calc->scanner, &token, &error) &&
         token == MSVIS_JSON_TOKEN_EOF;
}

/* _safe_convert_shape: json.loads of the text, "" for none or what does not parse. A
 * parsed list compares as the text str() printed it. */
static MsvisField
shape_field (Calc                 *calc,
             const MsvisJsonValue *item)
{
  const char *text = raw_text (calc, item, "shape");

  if (*text == '\0' || strcmp (text, "null") == 0 || !is_json (calc, text))
    return str_field ("");
  return (MsvisField) { .kind = MSVIS_VALUE_OBJECT, .s = text };
}

/* _safe_convert_float: float() of the text, "" for none or what float() refuses. */
static MsvisField
stat_field (Calc                 *calc,
            const MsvisJsonValue *item,
            const char           *key)
{
  const char *text = raw_text (calc, item, key);
  double value;

  if (*text == '\0' || strcmp (text, "null") == 0 ||
      !msvis_py_parse_float (text, strlen (text), &value))
    return str_field ("");
  return (MsvisField) { .kind = MSVIS_VALUE_FLOAT, .f = value };
}

/* get_rela_diff_summary_mode's last loop: a cell whose str() is inf, -inf or nan gets a tab. */
static MsvisField
tabbed (MsvisField field)
{
  if (field.kind == MSVIS_VALUE_FLOAT && !isfinite (field.f))
    return str_field (isnan (field.f) ? "nan\t" : field.f > 0 ? "inf\t" : "-inf\t");
  return field;
}

/* get_rela_diff_summary_mode for one statistic, on what float() gave. */
static void
difference (Calc             *calc,
            const MsvisField *n,
            const MsvisField *b,
            MsvisField       *diff,
            MsvisField       *relative)
{
  g_autoptr(GString) text = g_string_new (NULL);
  double d;

  *diff = *relative = str_field ("N/A");
  if (n->kind != MSVIS_VALUE_FLOAT || b->kind != MSVIS_VALUE_FLOAT)
    return;
  d = n->f - b->f;
  if (isnan (d))
    {
      *diff = *relative = str_field ("Nan");
      return;
    }
  if (b->f != 0)
    {
      msvis_py_append_float_repr (text, fabs ((d / b->f) * 100));
      g_string_append_c (text, '%');
      *relative = str_field (msvis_arena_strndup (calc->arena, text->str, text->len));
    }
  *diff = tabbed ((MsvisField) { .kind = MSVIS_VALUE_FLOAT, .f = d });
}

static MsvisField
tensor_field (const MsvisMetricValue *value)
{
  if (value->kind == MSVIS_METRIC_NUMBER)
    return (MsvisField) { .kind = MSVIS_VALUE_FLOAT, .f = value->value };
  return str_field (msvis_metric_kind_to_string (value->kind));
}

/* The statistics of a real-data row, as float() gave them, and compare_by_op's results. */
static void
tensor_row (Calc                     *calc,
            MsvisIndicatorRow        *row,
            const MsvisJsonValue     *n,
            const MsvisJsonValue     *b,
            const MsvisTensorMetrics *metrics)
{
  row->npu_max = stat_field (calc, n, "Max");
  row->npu_min = stat_field (calc, n, "Min");
  row->bench_max = stat_field (calc, b, "Max");
  row->bench_min = stat_field (calc, b, "Min");
  for (guint i = 0; i < MSVIS_N_METRICS; i++)
    row->metrics[i] = metrics != NULL ? tensor_field (&metrics->metric[i]) : str_field ("");
  row->n_metrics = MSVIS_N_METRICS;
}

/* One row of _convert_db_data2data_lists (and _compare_statistics); @metrics: the pair's
 * tensor compare, %NULL for none. */
static void
add_row (Calc                     *calc,
         const char               *npu_key,
         const MsvisJsonValue     *n,
         const char               *bench_key,
         const MsvisJsonValue     *b,
         const MsvisTensorMetrics *metrics)
{
  MsvisIndicatorRow row = { 0 };
  const char *n_grad, *b_grad;

  row.npu_name = npu_key;
  row.bench_name = bench_key;
  row.output = strstr (npu_key, ".output.") != NULL;
  row.npu_dtype = str_field (raw_text (calc, n, "dtype"));
  row.bench_dtype = str_field (raw_text (calc, b, "dtype"));
  row.npu_shape = shape_field (calc, n);
  row.bench_shape = shape_field (calc, b);
  n_grad = raw_text (calc, n, "requires_grad");
  b_grad = raw_text (calc, b, "requires_grad");
  row.npu_requires_grad = str_field (n_grad);
  row.bench_requires_grad = str_field (b_grad);
  row.requires_grad_consistent = *n_grad != '\0' && *b_grad != '\0' &&
                                 strcmp (n_grad, b_grad) == 0;
  g_ptr_array_add (calc->consistent,
                   *n_grad == '\0' || *b_grad == '\0' ? ""
                   : row.requires_grad_consistent ? "True" : "False");
  if (calc->mode == MSVIS_INDICATOR_ALL)
    tensor_row (calc, &row, n, b, metrics);
  else if (calc->mode == MSVIS_INDICATOR_MD5)
    {
      row.metrics[0] = str_field (raw_text (calc, n, "md5"));
      row.metrics[1] = str_field (raw_text (calc, b, "md5"));
      row.n_metrics = 2;
    }
  else
    {
      for (guint i = 0; i < G_N_ELEMENTS (stat_names); i++)
        {
          MsvisField n_stat = stat_field (calc, n, stat_names[i]);
          MsvisField b_stat = stat_field (calc, b, stat_names[i]);

          difference (calc, &n_stat, &b_stat, &row.metrics[i], &row.metrics[i + 4]);
          if (i == 0)
            {
              row.npu_max = tabbed (n_stat);
              row.bench_max = tabbed (b_stat);
            }
          else if (i == 1)
            {
              row.npu_min = tabbed (n_stat);
              row.bench_min = tabbed (b_stat);
            }
        }
      row.n_metrics = 8;
    }
  g_array_append_val (calc->rows, row);
}

/* npu_value.get('data_name'): a JSON null is None, no file, as "" is. */
static const char *
data_name (Calc                 *calc,
           const MsvisJsonValue *item)
{
  const MsvisJsonValue *value = msvis_json_value_get_member (item, "data_name");

  return value == NULL || value->kind == MSVIS_JSON_NULL ? ""
                                                          : raw_text (calc, item, "data_name");
}

/* _compare_db_tensor_node for one pair of items: compared when both have a data_name. */
static gboolean
compare_pair (Calc                  *calc,
              const MsvisJsonValue  *n_item,
              const MsvisJsonValue  *b_item,
              MsvisTensorMetrics    *metrics,
              gboolean              *compared,
              GError               **error)
{
  const char *n_name, *b_name;

  *compared = FALSE;
  if (calc->mode != MSVIS_INDICATOR_ALL || n_item == NULL || b_item == NULL)
    return TRUE;
  n_name = data_name (calc, n_item);
  b_name = data_name (calc, b_item);
  if (*n_name == '\0' || *b_name == '\0')
    return TRUE;
  *compared = TRUE;
  return _msvis_match_db26_compare_tensors (calc->dirs, n_name, b_name, metrics, error);
}

/* Items in order, the shorter side padded with "Nan" names and no data. */
static gboolean
add_rows (Calc                  *calc,
          const MsvisJsonValue  *npu,
          const MsvisJsonValue  *bench,
          GError               **error)
{
  guint n = MAX (npu->n, bench->n);

  for (guint i = 0; i < n; i++)
    {
      const MsvisJsonValue *n_item = nth_member (npu, i), *b_item = nth_member (bench, i);
      const char *n_key = n_item != NULL ? msvis_arena_strndup (calc->arena, n_item->key,
                                                                n_item->key_len) : "Nan";
      const char *b_key = b_item != NULL ? msvis_arena_strndup (calc->arena, b_item->key,
                                                                b_item->key_len) : "Nan";
      MsvisTensorMetrics metrics;
      gboolean compared;

      if (n_item != NULL && n_item->kind != MSVIS_JSON_OBJECT)
        n_item = NULL;
      if (b_item != NULL && b_item->kind != MSVIS_JSON_OBJECT)
        b_item = NULL;
      if (!compare_pair (calc, n_item, b_item, &metrics, &compared, error))
        return FALSE;
      add_row (calc, n_key, n_item, b_key, b_item, compared ? &metrics : NULL);
    }
  return TRUE;
}

static MsvisJsonValue *
json_of_field (MsvisArena       *arena,
               const MsvisField *field)
{
  MsvisJsonValue *value;

  if (field->kind != MSVIS_VALUE_FLOAT)
    return msvis_json_value_new_string (arena, field->s);
  value = msvis_json_value_new (arena, MSVIS_JSON_FLOAT);
  value->f = field->f;
  return value;
}

/* _parse_data, then MatchNodesController.update_graph_node_data: the row's keys set on the
 * NPU item of its name, or on a new item of that name ("Nan" for a bench item without an
 * NPU one). */
static void
attach (Calc           *calc,
        MsvisJsonValue *items,
        guint           first,
        guint           n)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_names;
  const char *const *names =
    msvis_node_compare_columns (calc->mode == MSVIS_INDICATOR_ALL ? MSVIS_COMPARE_REAL_DATA
                                                                  : MSVIS_COMPARE_SUMMARY,
                                &n_names);

  if (items->n == 0)
    return;
  for (guint r = first; r < first + n; r++)
    {
      const MsvisIndicatorRow *row = &g_array_index (calc->rows, MsvisIndicatorRow, r);
      MsvisJsonValue *item = msvis_json_value_get_member (items, row->npu_name);

      if (item == NULL || item->kind != MSVIS_JSON_OBJECT)
        {
          item = msvis_json_value_new (calc->arena, MSVIS_JSON_OBJECT);
          msvis_json_value_set_member (calc->arena, items, row->npu_name, item);
        }
      for (guint i = 0; i < row->n_metrics && i < n_names; i++)
        msvis_json_value_set_member (calc->arena, item, names[i],
                                     json_of_field (calc->arena, &row->metrics[i]));
      msvis_json_value_set_member (calc->arena, item, "Requires_grad Consistent",
                                   msvis_json_value_new_string (
                                     calc->arena, g_ptr_array_index (calc->consistent, r)));
      msvis_json_value_set_member (calc->arena, item, "Result",
                                   msvis_json_value_new_string (
                                     calc->arena, msvis_indicator_level_name (row->level)));
      g_string_truncate (text, 0);
      msvis_indicator_append_json (text, row->messages);
      msvis_json_value_set_member (calc->arena, item, "Err_message",
                                   msvis_json_value_new_string (calc->arena, text->str));
    }
}

/* The viewer's task names, as its MatchNodesController branches on them. */
gboolean
_msvis_match_db26_mode_of_task (const char         *task,
                                MsvisIndicatorMode *mode)
{
  MsvisCompareMode compare;

  /* no structure compare: it has no metrics to calculate */
  if (!msvis_compare_mode_from_task (task, &compare) || compare == MSVIS_COMPARE_STRUCTURE)
    return FALSE;
  *mode = compare == MSVIS_COMPARE_MD5 ? MSVIS_INDICATOR_MD5
        : compare == MSVIS_COMPARE_REAL_DATA ? MSVIS_INDICATOR_ALL : MSVIS_INDICATOR_SUMMARY;
  return TRUE;
}

/**
 * _msvis_match_db26_calculate:
 * @mode: get_db_statistics_compare_result, get_db_md5_compare_result (the items stay as they
 *   are) or get_db_tensor_compare_result
 * @level: (out): the pair's indicator
 *
 * On success @npu's items have the mode's keys.
 *
 * Returns: %FALSE when a tensor file of a real-data pair cannot be read
 */
gboolean
_msvis_match_db26_calculate (MsvisArena           *arena,
                             MsvisDb26Items       *npu,
                             const MsvisDb26Items *bench,
                             MsvisIndicatorMode    mode,
                             const MsvisDb26Dirs  *dirs,
                             MsvisLevel           *level,
                             GError              **error)
{
  Calc calc = { arena, msvis_json_scanner_new_for_spans ("shape"),
                g_array_new (FALSE, TRUE, sizeof (MsvisIndicatorRow)),
                g_ptr_array_new (), mode, dirs };
  guint n_inputs = 0;
  gboolean ok;

  g_return_val_if_fail (mode != MSVIS_INDICATOR_ALL || dirs != NULL, FALSE);
  ok = add_rows (&calc, npu->input, bench->input, error);
  n_inputs = calc.rows->len;
  ok = ok && add_rows (&calc, npu->output, bench->output, error);
  if (ok)
    {
      *level = msvis_indicator_calculate ((MsvisIndicatorRow *)(void *)calc.rows->data,
                                          calc.rows->len, mode, FALSE);
      if (mode != MSVIS_INDICATOR_MD5)
        {
          attach (&calc, npu->input, 0, n_inputs);
          attach (&calc, npu->output, n_inputs, calc.rows->len - n_inputs);
        }
    }
  msvis_json_scanner_free (calc.scanner);
  g_array_unref (calc.rows);
  g_ptr_array_unref (calc.consistent);
  return ok;
}

static void
strip_items (MsvisArena     *arena,
             MsvisJsonValue *items)
{
  msvis_json_value_foreach (item, items)
    {
      MsvisJsonValue *kept;

      if (item->kind != MSVIS_JSON_OBJECT || item->n == 0)
        continue;
      kept = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
      msvis_json_value_foreach (value, item)
        {
          g_autofree char *key = g_strndup (value->key, value->key_len);
          gboolean compare = FALSE;

          for (guint i = 0; i < G_N_ELEMENTS (compare_keys) && !compare; i++)
            compare = strcmp (key, compare_keys[i]) == 0;
          if (!compare)
            msvis_json_value_set_member (arena, kept, key, msvis_json_value_copy (arena, value));
        }
      item->first = kept->first;
      item->last = kept->last;
      item->n = kept->n;
    }
}

/* delete_matched_node_data: unmatching takes every compare key off the NPU items. */
void
_msvis_match_db26_strip (MsvisArena     *arena,
                         MsvisDb26Items *npu)
{
  strip_items (arena, npu->input);
  strip_items (arena, npu->output);
}
