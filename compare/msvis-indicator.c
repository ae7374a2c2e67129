// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include "msvis-indicator.h"
#include "msvis-py-float.h"
#include "msvis-py-number.h"
#include "msvis-py-repr.h"

/* msprobe's texts, written into the result as data of the format: not translated. */
static const char *const messages[MSVIS_N_MESSAGES] = {
  "error: There is nan/inf/-inf in the maximum or minimum value of NPU.",
  "error: The NormRelativeErr of output is greater than 0.5.",
  "error: The input/parameters of One Thousandth Err Ratio > 0.9 while the output < 0.6.",
  "error: The Required_Grad of NPU and Bench are inconsistent",
  "error: The scalar parameters of NPU and Bench are inconsistent.",
  "error: The dtype of NPU and Bench are inconsistent.",
  "error: The shape of NPU and Bench are inconsistent.",
  "warning: The norm relative error of output is 10 times that of input.",
  "warning: The input/parameters of Cosine > 0.9, and input/parameters - output > 0.1",
  "error: The CRC-32 value of NPU differs from that of the bench.",
  "warning: The parameter of NPU does not match the bench.",
};

typedef enum
{
  NO_IGNORE,
  INPUT_IGNORE,
  ALL_IGNORE,
} IgnoreInfo;

/* Metric columns the checkers aggregate. */
#define NORM_RELATIVE_ERR 7
#define COSINE 0
#define ONE_THOUSANDTH 4

typedef struct
{
  MsvisIndicatorRow *rows;
  guint              n_rows;
  IgnoreInfo         ignore;
} Node;

static void
raise_level (MsvisIndicatorRow     *row,
             MsvisLevel             level,
             MsvisIndicatorMessage  message)
{
  if (level > row->level)
    row->level = level;
  row->messages |= 1u << message;
}

static gboolean
is_str (const MsvisField *v,
        const char       *text)
{
  return v->kind == MSVIS_VALUE_STR && strcmp (v->s, text) == 0;
}

/* is_inf_or_nan: a float NaN or infinity, or a str that strips to inf, -inf or nan. */
static gboolean
inf_or_nan (const MsvisField *v)
{
  const char *s, *e;
  gsize n;

  if (v->kind == MSVIS_VALUE_FLOAT)
    return !isfinite (v->f);
  if (v->kind != MSVIS_VALUE_STR)
    return FALSE;
  s = v->s;
  e = s + strlen (s);
  while (s < e && g_ascii_isspace (*s))
    s++;
  while (e > s && g_ascii_isspace (e[-1]))
    e--;
  n = e - s;
  return (n == 3 && (g_ascii_strncasecmp (s, "inf", 3) == 0 ||
                     g_ascii_strncasecmp (s, "nan", 3) == 0)) ||
         (n == 4 && g_ascii_strncasecmp (s, "-inf", 4) == 0);
}

/* str2float: a percent str as a fraction; the int 0 for anything else. */
static double
pct (const MsvisField *v)
{
  return msvis_py_str2float (v).value;
}

/* get_min_or_max_value over one side's rows: None, "Nan" and "N/A" are skipped, a str
 * ending in % is read as a fraction, any other str is skipped; min()/max() never take a
 * NaN in. */
static double
aggregate (const Node *node,
           guint       column,
           gboolean    outputs,
           gboolean    is_min)
{
  double current = is_min ? 1.0 : 0.0;

  for (guint i = 0; i < node->n_rows; i++)
    {
      const MsvisField *v = &node->rows[i].metrics[column];
      double value;

      if (node->rows[i].output != outputs || v->kind == MSVIS_VALUE_NONE ||
          is_str (v, "Nan") || is_str (v, "N/A"))
        continue;
      if (v->kind == MSVIS_VALUE_PERCENT ||
          (v->kind == MSVIS_VALUE_STR && g_str_has_suffix (v->s, "%")))
        value = pct (v);
      else if (v->kind == MSVIS_VALUE_INT)
        value = (double)v->i;
      else if (v->kind == MSVIS_VALUE_FLOAT)
        value = v->f;
      else if (v->kind == MSVIS_VALUE_BOOL)
        value = v->b ? 1 : 0;
      else
        continue;
      if (is_min ? value < current : value > current)
        current = value;
    }
  return current;
}

/* Whether a row is one of get_data_list_by_ignore_info's. */
static gboolean
judged (const Node              *node,
        const MsvisIndicatorRow *row)
{
  return node->ignore == NO_IGNORE || (node->ignore == INPUT_IGNORE && row->output);
}

static const char *
bench_name_or_null (const MsvisIndicatorRow *row)
{
  return row->bench_name == NULL || *row->bench_name == '\0' ||
         strcmp (row->bench_name, "N/A") == 0 ? NULL : row->bench_name;
}

static MsvisIndicatorRow *
first_output (const Node *node)
{
  for (guint i = 0; i < node->n_rows; i++)
    if (node->rows[i].output)
      return &node->rows[i];
  return NULL;
}

static void
check_inf_nan (const Node *node)
{
  for (guint i = 0; i < node->n_rows; i++)
    {
      MsvisIndicatorRow *row = &node->rows[i];

      if (!judged (node, row) || inf_or_nan (&row->bench_max) || inf_or_nan (&row->bench_min))
        continue;
      if (inf_or_nan (&row->npu_max) || inf_or_nan (&row->npu_min))
        raise_level (row, MSVIS_LEVEL_ERROR, MSVIS_MESSAGE_INF_NAN);
    }
}

static void
check_relative_err (const Node *node)
{
  if (node->ignore != NO_IGNORE ||
      !(fabs (aggregate (node, NORM_RELATIVE_ERR, FALSE, FALSE)) < 0.1))
    return;
  for (guint i = 0; i < node->n_rows; i++)
    if (node->rows[i].output && fabs (pct (&node->rows[i].metrics[NORM_RELATIVE_ERR])) > 0.5)
      raise_level (&node->rows[i], MSVIS_LEVEL_ERROR, MSVIS_MESSAGE_RELATIVE_ERR);
}

static void
check_one_thousandth (const Node *node)
{
  MsvisIndicatorRow *first = first_output (node);

  if (node->ignore != NO_IGNORE || first == NULL)
    return;
  if (aggregate (node, ONE_THOUSANDTH, FALSE, TRUE) > 0.9 &&
      aggregate (node, ONE_THOUSANDTH, TRUE, TRUE) < 0.1)
    raise_level (first, MSVIS_LEVEL_ERROR, MSVIS_MESSAGE_ONE_THOUSANDTH);
}

static void
check_requires_grad (const Node *node)
{
  for (guint i = 0; i < node->n_rows; i++)
    {
      MsvisIndicatorRow *row = &node->rows[i];

      if (!judged (node, row) || bench_name_or_null (row) == NULL ||
          !msvis_py_field_is_truthy (&row->npu_requires_grad) ||
          !msvis_py_field_is_truthy (&row->bench_requires_grad))
        continue;
      if (!msvis_py_fields_equal (&row->npu_requires_grad, &row->bench_requires_grad))
        raise_level (row, MSVIS_LEVEL_ERROR, MSVIS_MESSAGE_REQUIRES_GRAD);
    }
}

static gboolean
dtype_names_class (const MsvisField *dtype)
{
  return dtype->kind == MSVIS_VALUE_STR && strstr (dtype->s, "class") != NULL;
}

/* str(shape) == "[]": a scalar's "[]" or a 0-d tensor's empty list. */
static gboolean
is_scalar_shape (const MsvisField *shape)
{
  return (shape->kind == MSVIS_VALUE_STR || shape->kind == MSVIS_VALUE_OBJECT) &&
         strcmp (shape->s, "[]") == 0;
}

static void
check_parameters (const Node *node)
{
  if (node->ignore != NO_IGNORE)
    return;
  for (guint i = 0; i < node->n_rows; i++)
    {
      MsvisIndicatorRow *row = &node->rows[i];

      if (row->output || bench_name_or_null (row) == NULL ||
          !msvis_py_field_is_truthy (&row->npu_dtype) ||
          !msvis_py_field_is_truthy (&row->bench_dtype) ||
          !dtype_names_class (&row->npu_dtype) || !dtype_names_class (&row->bench_dtype) ||
          !is_scalar_shape (&row->npu_shape))
        continue;
      if (!msvis_py_fields_equal (&row->npu_max, &row->bench_max))
        raise_level (row, MSVIS_LEVEL_ERROR, MSVIS_MESSAGE_PARAMETERS);
    }
}

static void
check_dtype (const Node *node)
{
  for (guint i = 0; i < node->n_rows; i++)
    {
      MsvisIndicatorRow *row = &node->rows[i];
      const char *bench = bench_name_or_null (row);

      if (!judged (node, row) || bench == NULL || strcmp (row->npu_name, "N/A") == 0 ||
          strstr (bench, "qkv") != NULL || strstr (bench, "gate_up") != NULL ||
          !msvis_py_field_is_truthy (&row->npu_dtype) ||
          !msvis_py_field_is_truthy (&row->bench_dtype))
        continue;
      if (!msvis_py_fields_equal (&row->npu_dtype, &row->bench_dtype))
        raise_level (row, MSVIS_LEVEL_ERROR, MSVIS_MESSAGE_DTYPE);
    }
}

static void
check_shape (const Node *node)
{
  for (guint i = 0; i < node->n_rows; i++)
    {
      MsvisIndicatorRow *row = &node->rows[i];

      if (!judged (node, row) || bench_name_or_null (row) == NULL ||
          row->npu_shape.kind == MSVIS_VALUE_NONE || row->bench_shape.kind == MSVIS_VALUE_NONE)
        continue;
      if (!msvis_py_fields_equal (&row->npu_shape, &row->bench_shape))
        raise_level (row, MSVIS_LEVEL_ERROR, MSVIS_MESSAGE_SHAPE);
    }
}

static void
check_relative_warn (const Node *node)
{
  MsvisIndicatorRow *first = first_output (node);
  double in, out;

  if (node->ignore != NO_IGNORE || first == NULL)
    return;
  in = fabs (aggregate (node, NORM_RELATIVE_ERR, FALSE, FALSE));
  out = fabs (aggregate (node, NORM_RELATIVE_ERR, TRUE, FALSE));
  if (in == 0 ? out > 0.1 : out / in > 10)
    raise_level (first, MSVIS_LEVEL_WARNING, MSVIS_MESSAGE_RELATIVE_WARN);
}

static void
check_cosine_warn (const Node *node)
{
  MsvisIndicatorRow *first = first_output (node);
  double in, out;

  if (node->ignore != NO_IGNORE || first == NULL)
    return;
  in = aggregate (node, COSINE, FALSE, TRUE);
  out = aggregate (node, COSINE, TRUE, TRUE);
  if (in > 0.9 && in - out > 0.1)
    raise_level (first, MSVIS_LEVEL_WARNING, MSVIS_MESSAGE_COSINE_WARN);
}

static gboolean
is_null_md5 (const MsvisField *md5)
{
  return is_str (md5, "N/A") || is_str (md5, "Nan") || is_str (md5, "");
}

static void
check_crc32 (const Node *node)
{
  for (guint i = 0; i < node->n_rows; i++)
    {
      MsvisIndicatorRow *row = &node->rows[i];

      if (!judged (node, row) || msvis_py_fields_equal (&row->metrics[0], &row->metrics[1]))
        continue;
      if (is_null_md5 (&row->metrics[0]) || is_null_md5 (&row->metrics[1]))
        raise_level (row, MSVIS_LEVEL_WARNING, MSVIS_MESSAGE_CRC32_WARN);
      else
        raise_level (row, MSVIS_LEVEL_ERROR, MSVIS_MESSAGE_CRC32_ERROR);
    }
}

/* get_api_ignore_info: the API of the first input row's NPU name, without the _rank suffix
 * of a parallel merge. */
static IgnoreInfo
ignore_info (const Node *node,
             gboolean    parallel_merge)
{
  static const char *const all[] = {
    "empty", "empty_like", "numpy", "to", "__setitem__", "empty_with_format",
    "new_empty_strided", "new_empty", "empty_strided",
  };
  static const char *const inputs[] = {
    "_reduce_scatter_base", "_all_gather_base", "all_to_all_single", "batch_isend_irecv",
  };
  const char *name = NULL, *start, *end;
  g_autofree char *api = NULL;

  for (guint i = 0; i < node->n_rows && name == NULL; i++)
    if (!node->rows[i].output)
      name = node->rows[i].npu_name;
  if (name == NULL || (start = strchr (name, '.')) == NULL)
    return NO_IGNORE;
  start++;
  end = strchrnul (start, '.');
  api = g_strndup (start, end - start);
  if (parallel_merge)
    {
      char *rank = g_strrstr (api, "_rank");

      if (rank != NULL && rank[5] != '\0' && strspn (rank + 5, "0123456789") == strlen (rank + 5))
        *rank = '\0';
    }
  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    if (strcmp (api, all[i]) == 0)
      return ALL_IGNORE;
  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    if (strcmp (api, inputs[i]) == 0)
      return INPUT_IGNORE;
  return NO_IGNORE;
}

/**
 * msvis_indicator_calculate:
 * @rows: (array length=n_rows): a node's rows in get_accuracy's order; each gets its level
 *   and messages
 * @parallel_merge: the graphs are parallel merges: no shape check, rank suffixes ignored
 *
 * calculate_result: every row starts as pass, the mode's checkers run in msprobe's order.
 *
 * Returns: the node's indicator, the worst level of its rows
 */
MsvisLevel
msvis_indicator_calculate (MsvisIndicatorRow  *rows,
                           guint               n_rows,
                           MsvisIndicatorMode  mode,
                           gboolean            parallel_merge)
{
  Node node = { rows, n_rows, NO_IGNORE };
  MsvisLevel worst = MSVIS_LEVEL_PASS;

  for (guint i = 0; i < n_rows; i++)
    {
      rows[i].level = MSVIS_LEVEL_PASS;
      rows[i].messages = 0;
    }
  node.ignore = ignore_info (&node, parallel_merge);

  switch (mode)
    {
    case MSVIS_INDICATOR_MD5:
      check_crc32 (&node);
      break;
    case MSVIS_INDICATOR_ALL:
      check_inf_nan (&node);
      check_one_thousandth (&node);
      check_requires_grad (&node);
      check_parameters (&node);
      check_dtype (&node);
      check_shape (&node);
      check_cosine_warn (&node);
      break;
    case MSVIS_INDICATOR_SUMMARY:
    default:
      check_inf_nan (&node);
      check_relative_err (&node);
      check_requires_grad (&node);
      check_parameters (&node);
      check_dtype (&node);
      if (!parallel_merge)
        check_shape (&node);
      check_relative_warn (&node);
      break;
    }

  for (guint i = 0; i < n_rows; i++)
    worst = MAX (worst, rows[i].level);
  return worst;
}

/**
 * msvis_indicator_append_json:
 *
 * Appends json.dumps() of a row's list of messages: "[]", or the messages quoted and
 * separated by ", " (they need no escapes).
 */
void
msvis_indicator_append_json (GString *out,
                             guint32  bits)
{
  gboolean first = TRUE;

  g_string_append_c (out, '[');
  for (guint i = 0; i < MSVIS_N_MESSAGES; i++)
    if (bits & (1u << i))
      {
        g_string_append_printf (out, "%s\"%s\"", first ? "" : ", ", messages[i]);
        first = FALSE;
      }
  g_string_append_c (out, ']');
}

const char *
msvis_indicator_level_name (MsvisLevel level)
{
  switch (level)
    {
    case MSVIS_LEVEL_WARNING: return "warning";
    case MSVIS_LEVEL_ERROR:   return "error";
    case MSVIS_LEVEL_PASS:
    default:                  return "pass";
    }
}
