// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include "msvis-node-compare-private.h"
#include "msvis-py-repr.h"

static const char *const atom_names[N_ATOMS] = {
  "state", "Max", "Min", "Mean", "Norm", "md5", "shape", "data_name",
};

static const char *const summary_columns[N_SUMMARY_COLUMNS] = {
  "Max diff", "Min diff", "Mean diff", "L2norm diff",
  "MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr",
};

static const char *const real_data_columns[N_REAL_DATA_COLUMNS] = {
  "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr",
  "One Thousandth Err Ratio", "Five Thousandths Err Ratio",
};

/**
 * msvis_node_compare_columns:
 * @n_columns: (out): how many
 *
 * Returns: the metric keys a pair's NPU items get in @mode, in msprobe's order: the
 *   statistics' differences, or the tensors' metrics (real data and md5 files)
 */
const char *const *
msvis_node_compare_columns (MsvisCompareMode  mode,
                            guint            *n_columns)
{
  *n_columns = mode == MSVIS_COMPARE_SUMMARY ? N_SUMMARY_COLUMNS : N_REAL_DATA_COLUMNS;
  return mode == MSVIS_COMPARE_SUMMARY ? summary_columns : real_data_columns;
}

static void
side_init (Side       *side,
           MsvisGraph *graph)
{
  side->graph = graph;
  for (guint i = 0; i < N_ATOMS; i++)
    side->atoms[i] = msvis_graph_atom (graph, atom_names[i]);
  side->ops = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint i = 0; i < N_CATS; i++)
    side->cats[i] = g_array_new (FALSE, FALSE, sizeof (guint32));
}

static void
side_clear (Side *side)
{
  g_clear_pointer (&side->ops, g_array_unref);
  for (guint i = 0; i < N_CATS; i++)
    g_clear_pointer (&side->cats[i], g_array_unref);
}

static int
category_of (Side    *side,
             guint32  item)
{
  const MsvisField *state = side_field (side, item, ATOM_STATE);

  if (state == NULL || state->kind != MSVIS_VALUE_STR)
    return -1;
  if (strcmp (state->s, "input") == 0 || strcmp (state->s, "kwargs") == 0)
    return CAT_INPUT;
  if (strcmp (state->s, "output") == 0)
    return CAT_OUTPUT;
  if (strcmp (state->s, "parameters") == 0)
    return CAT_PARAMS;
  if (strcmp (state->s, "parameters_grad") == 0)
    return CAT_PARAMS_GRAD;
  return -1;
}

/* _parse_node and merge_tensor: the items in order, and per state. */
void
_msvis_node_compare_side_load (Side        *side,
                               MsvisNodeId  node)
{
  guint32 n_in, n_out;
  guint32 first_in = msvis_graph_node_get_inputs (side->graph, node, &n_in);
  guint32 first_out = msvis_graph_node_get_outputs (side->graph, node, &n_out);

  g_array_set_size (side->ops, 0);
  for (guint i = 0; i < N_CATS; i++)
    g_array_set_size (side->cats[i], 0);

  for (guint32 i = 0; i < n_in + n_out; i++)
    {
      guint32 item = i < n_in ? first_in + i : first_out + (i - n_in);
      int cat = category_of (side, item);

      g_array_append_val (side->ops, item);
      if (cat >= 0)
        g_array_append_val (side->cats[cat], item);
    }
  side->n_inputs = n_in;
}

#define side_load _msvis_node_compare_side_load

guint32
_msvis_node_compare_struct_at (Side  *side,
                               int    cat,
                               guint  index)
{
  return g_array_index (side->cats[cat], guint32, index);
}

#define struct_at _msvis_node_compare_struct_at

static const MsvisPrecisionModel july_model;

/**
 * msvis_node_compare_new:
 * @npu: (transfer none): the graph whose nodes get the results; it must outlive @self
 *
 * The July-2025 compare: msvis_node_compare_new_for_era() for %MSVIS_ERA_2025_07.
 */
MsvisNodeCompare *
msvis_node_compare_new (MsvisCompareMode  mode,
                        MsvisGraph       *npu,
                        MsvisGraph       *bench)
{
  return msvis_node_compare_new_for_era (MSVIS_ERA_2025_07, mode, npu, bench);
}

/**
 * msvis_node_compare_new_for_era:
 * @npu: (transfer none): the graph whose nodes get the results; it must outlive @self
 *
 * A compare with the rows, item columns and precision_index of @era's msprobe.
 */
MsvisNodeCompare *
msvis_node_compare_new_for_era (MsvisEra          era,
                                MsvisCompareMode  mode,
                                MsvisGraph       *npu,
                                MsvisGraph       *bench)
{
  MsvisNodeCompare *self = g_new0 (MsvisNodeCompare, 1);
  guint n_columns;
  const char *const *columns = msvis_node_compare_columns (mode, &n_columns);

  self->mode = mode;
  side_init (&self->npu, npu);
  side_init (&self->bench, bench);
  self->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  for (guint i = 0; i < n_columns; i++)
    self->column_atoms[i] = msvis_graph_atom (npu, columns[i]);
  self->result_atom = msvis_graph_atom (npu, "Result");
  self->not_applicable = msvis_graph_intern (npu, "N/A");
  self->nan = msvis_graph_intern (npu, "Nan");
  self->blank = msvis_graph_intern (npu, " ");
  self->pass = msvis_graph_intern (npu, "pass");
  self->different = msvis_graph_intern (npu, "Different");
  self->unsupported = msvis_graph_intern (npu, "unsupported");
  self->shape_unmatched = msvis_graph_intern (npu, "shape unmatched");
  self->scratch = g_string_new (NULL);
  if (mode == MSVIS_COMPARE_REAL_DATA)
    {
      self->real_data = msvis_real_data_new ();
      self->compared = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
    }
  msvis_graph_ensure_compare_results (npu);
  self->model = era == MSVIS_ERA_2026 ? &_msvis_precision_model_2026 : &july_model;
  if (self->real_data != NULL)
    msvis_real_data_set_era (self->real_data, era);
  if (self->model->state_new != NULL)
    self->model_state = self->model->state_new (self);
  return self;
}

/**
 * msvis_node_compare_set_parallel_merge:
 *
 * Whether the graphs are parallel merges, which msprobe 26 judges without the shape check.
 */
void
msvis_node_compare_set_parallel_merge (MsvisNodeCompare *self,
                                       gboolean          parallel_merge)
{
  self->parallel_merge = parallel_merge;
}

void
msvis_node_compare_free (MsvisNodeCompare *self)
{
  if (self == NULL)
    return;
  if (self->model_state != NULL)
    self->model->state_free (self->model_state);
  side_clear (&self->npu);
  side_clear (&self->bench);
  g_array_unref (self->rows);
  g_string_free (self->scratch, TRUE);
  g_clear_pointer (&self->real_data, msvis_real_data_free);
  g_clear_pointer (&self->compared, g_array_unref);
  g_free (self);
}

/* int / int is correctly rounded in Python even beyond 2^53. */
static double
int_true_divide (__int128 a,
                 gint64   b)
{
  const __int128 exact = (__int128)1 << 53;

  if (a > -exact && a < exact && b > -(gint64)exact && b < (gint64)exact)
    return (double)a / (double)b;
  return (double)((long double)a / (long double)b);
}

/* str(relative) + "%", kept as the number until it is written */
static MsvisField
percent_field (double relative)
{
  MsvisField field = { .kind = MSVIS_VALUE_PERCENT, .f = relative };

  return field;
}

/* A difference of two int64 that does not fit: Python just keeps the big int. */
static const char *
store_big_int (MsvisNodeCompare *self,
               __int128          value)
{
  char digits[48];
  int i = sizeof digits - 1;
  gboolean negative = value < 0;
  unsigned __int128 magnitude = negative ? -(unsigned __int128)value : (unsigned __int128)value;

  digits[i] = '\0';
  do
    {
      digits[--i] = '0' + (int)(magnitude % 10);
      magnitude /= 10;
    }
  while (magnitude > 0);
  if (negative)
    digits[--i] = '-';
  return msvis_graph_intern (self->npu.graph, digits + i);
}

/* get_rela_diff_summary_mode for one statistic: npu - bench and |diff / bench| in percent. */
void
_msvis_node_compare_difference (MsvisNodeCompare *self,
            const MsvisField *n,
            const MsvisField *b,
            MsvisField       *diff,
            MsvisField       *relative)
{
  *diff = str_field (self->not_applicable);
  *relative = str_field (self->not_applicable);
  if (!msvis_py_field_is_number (n) || !msvis_py_field_is_number (b))
    return;

  if (n->kind == MSVIS_VALUE_INT && b->kind == MSVIS_VALUE_INT)
    {
      __int128 d = (__int128)n->i - b->i;

      if (d >= G_MININT64 && d <= G_MAXINT64)
        *diff = (MsvisField) { .kind = MSVIS_VALUE_INT, .i = (gint64)d };
      else
        *diff = (MsvisField) { .kind = MSVIS_VALUE_OBJECT, .s = store_big_int (self, d) };
      if (b->i != 0)
        *relative = percent_field (fabs (int_true_divide (d, b->i) * 100));
      return;
    }

  {
    double bench = msvis_py_field_as_float (b);
    double d = msvis_py_field_as_float (n) - bench;

    if (isnan (d))
      {
        *diff = str_field (self->nan);
        *relative = str_field (self->nan);
        return;
      }
    if (bench != 0)
      *relative = percent_field (fabs ((d / bench) * 100));
    /* str(diff) of an infinity is "inf", which gets a tab */
    if (isinf (d))
      *diff = str_field (msvis_graph_intern (self->npu.graph, d > 0 ? "inf\t" : "-inf\t"));
    else
      *diff = (MsvisField) { .kind = MSVIS_VALUE_FLOAT, .f = d };
  }
}

static void
fill_row (MsvisNodeCompare *self,
          Row              *row,
          guint32           n_item,
          guint32           b_item,
          int               cat,
          guint             index,
          gboolean          paired)
{
  Side *npu = &self->npu, *bench = &self->bench;

  row->present = TRUE;
  switch (self->mode)
    {
    case MSVIS_COMPARE_MD5:
      {
        gboolean same = paired &&
          msvis_py_fields_equal (side_field (npu, struct_at (npu, cat, index), ATOM_MD5),
                                 side_field (bench, struct_at (bench, cat, index), ATOM_MD5));

        row->n = 1;
        row->fields[0] = str_field (!paired ? self->nan : same ? self->pass : self->different);
      }
      break;

    case MSVIS_COMPARE_SUMMARY:
      row->n = N_SUMMARY_COLUMNS;
      if (paired)
        for (guint i = 0; i < 4; i++)
          _msvis_node_compare_difference (self, side_field (npu, n_item, ATOM_MAX + i),
                      side_field (bench, b_item, ATOM_MAX + i),
                      &row->fields[i], &row->fields[i + 4]);
      else
        {
          /* msprobe's row for an item without a counterpart is one column short, so the
           * NPU Max and Min land under MeanRelativeErr and NormRelativeErr. */
          for (guint i = 0; i < 6; i++)
            row->fields[i] = str_field (self->blank);
          row->fields[6] = copy_or_none (side_field (npu, n_item, ATOM_MAX));
          row->fields[7] = copy_or_none (side_field (npu, n_item, ATOM_MIN));
        }
      break;

    case MSVIS_COMPARE_REAL_DATA:
    case MSVIS_COMPARE_STRUCTURE:
    default:
      /* filled by the tensor comparison in real-data mode; blank in structure mode */
      row->n = N_REAL_DATA_COLUMNS;
      for (guint i = 0; i < N_REAL_DATA_COLUMNS; i++)
        row->fields[i] = str_field (self->blank);
      break;
    }

  for (guint i = 0; i < row->n; i++)
    row->fields[i].name = self->mode == MSVIS_COMPARE_MD5 ? self->result_atom
                                                          : self->column_atoms[i];
}

/* The item's tensor file, "-1" for none (msprobe's str(data_name)). */
const char *
_msvis_node_compare_data_name (Side    *side,
                               guint32  item)
{
  const MsvisField *field = side_field (side, item, ATOM_DATA_NAME);

  return field != NULL && field->kind == MSVIS_VALUE_STR ? field->s : "-1";
}

/* get_accuracy_core: names and statistics are taken at start + index, structures at index. */
static guint
accuracy_core (MsvisNodeCompare *self,
               guint             n_start,
               guint             n_len,
               guint             b_start,
               guint             b_len,
               int               cat)
{
  guint produced = 0;

  for (guint index = 0; index < n_len; index++)
    {
      guint position = n_start + index;
      gboolean paired = index < b_len;
      guint32 n_item = op_at (&self->npu, position);
      guint32 b_item = paired ? op_at (&self->bench, b_start + index) : 0;
      Row *row = &g_array_index (self->rows, Row, position);
      const char *name = msvis_graph_get_item (self->npu.graph, n_item)->key;

      memset (row, 0, sizeof *row);
      fill_row (self, row, n_item, b_item, cat, index, paired);
      row->to_output = msvis_str_contains (name, ".output.");
      if (self->real_data != NULL)
        msvis_real_data_add_row (self->real_data, name,
                                 _msvis_node_compare_data_name (&self->npu, n_item),
                                 paired ? _msvis_node_compare_data_name (&self->bench, b_item)
                                        : "-1");
      produced++;
    }
  return produced;
}

static guint
get_accuracy (MsvisNodeCompare *self)
{
  guint n[N_CATS], b[N_CATS], produced = 0;

  for (guint i = 0; i < N_CATS; i++)
    {
      n[i] = self->npu.cats[i]->len;
      b[i] = self->bench.cats[i]->len;
    }

  g_array_set_size (self->rows, self->npu.ops->len);
  if (self->rows->len > 0)
    memset (self->rows->data, 0, sizeof (Row) * self->rows->len);

  /* The offsets assume inputs, outputs, parameters, gradients, while the items come as
   * inputs, parameters, outputs; msprobe lives with it, and so does the .vis. */
  produced += accuracy_core (self, 0, n[CAT_INPUT], 0, b[CAT_INPUT], CAT_INPUT);
  produced += accuracy_core (self, n[CAT_INPUT] + n[CAT_OUTPUT], n[CAT_PARAMS],
                             b[CAT_INPUT] + b[CAT_OUTPUT], b[CAT_PARAMS], CAT_PARAMS);
  produced += accuracy_core (self, n[CAT_INPUT], n[CAT_OUTPUT], b[CAT_INPUT], b[CAT_OUTPUT],
                             CAT_OUTPUT);
  produced += accuracy_core (self, n[CAT_INPUT] + n[CAT_OUTPUT] + n[CAT_PARAMS],
                             n[CAT_PARAMS_GRAD],
                             b[CAT_INPUT] + b[CAT_OUTPUT] + b[CAT_PARAMS], b[CAT_PARAMS_GRAD],
                             CAT_PARAMS_GRAD);
  return produced;
}

/**
 * msvis_node_compare_set_store:
 * @store: the number of the thread that runs @self among those comparing one graph
 *
 * Where @self puts the metrics it computes (see msvis_compare_results_share()).
 */
void
msvis_node_compare_set_store (MsvisNodeCompare *self,
                              guint             store)
{
  self->store = store;
}

/* July's model (vis-format.md §4.3–§4.5) on a loaded pair. */
static void
july_run (MsvisNodeCompare *self,
          MsvisNodeId       npu_node)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (self->npu.graph);
  const char *id = msvis_graph_node_get_id (self->npu.graph, npu_node);
  MsvisPyNumber index;
  guint n_inputs, n_ops;

  if (get_accuracy (self) == 0)
    return;
  /* Real data waits for the tensors of the whole graph: msvis_node_compare_finish(). */
  if (self->real_data != NULL)
    {
      g_array_append_val (self->compared, npu_node);
      return;
    }

  n_inputs = self->npu.n_inputs;
  n_ops = self->npu.ops->len;
  switch (self->mode)
    {
    case MSVIS_COMPARE_MD5:
      index = msvis_py_min (_msvis_node_compare_md5_side (self, 0, n_inputs, FALSE),
                            _msvis_node_compare_md5_side (self, n_inputs, n_ops, TRUE));
      msvis_compare_results_set_md5_result (results, npu_node,
                                            index.value == 1 ? MSVIS_MD5_RESULT_PASS
                                                             : MSVIS_MD5_RESULT_DIFFERENT);
      break;
    case MSVIS_COMPARE_SUMMARY:
      _msvis_node_compare_summary_side (self, 0, n_inputs, FALSE);
      index = _msvis_node_compare_summary_side (self, n_inputs, n_ops, TRUE);
      break;
    case MSVIS_COMPARE_REAL_DATA:
    case MSVIS_COMPARE_STRUCTURE:
    default:
      index = _msvis_node_compare_real_data_index (self, n_inputs, n_ops);
      break;
    }

  if (msvis_compare_mode_ignores (id))
    index = MSVIS_PY_INT (self->mode == MSVIS_COMPARE_MD5 ? 1 : 0);

  msvis_compare_results_set_precision (results, npu_node,
                                       msvis_py_number_to_precision (index));
}

/* July's real-data index of a loaded node, once every tensor is compared. */
static void
july_finish_node (MsvisNodeCompare *self,
                  MsvisNodeId       node)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (self->npu.graph);
  MsvisPyNumber index;

  index = _msvis_node_compare_real_data_index (self, self->npu.n_inputs, self->npu.ops->len);
  if (msvis_compare_mode_ignores (msvis_graph_node_get_id (self->npu.graph, node)))
    index = MSVIS_PY_INT (0);
  msvis_compare_results_set_precision (results, node, msvis_py_number_to_precision (index));
}

static const MsvisPrecisionModel july_model = {
  NULL, NULL, july_run, july_finish_node,
};

/**
 * msvis_node_compare_run:
 *
 * Compares two matched nodes; a pair without data items leaves the NPU node's data empty.
 */
void
msvis_node_compare_run (MsvisNodeCompare *self,
                        MsvisNodeId       npu_node,
                        MsvisNodeId       bench_node)
{
  side_load (&self->npu, npu_node);
  side_load (&self->bench, bench_node);
  self->model->run (self, npu_node);
}

/**
 * msvis_node_compare_finish:
 * @npu_tensor_dir: (nullable): the NPU dump's dump_tensor_data folder
 * @bench_tensor_dir: (nullable): the benchmark's
 * @warnings: (nullable) (element-type utf8): gets a message for each tensor file that
 *   could not be read
 *
 * In real-data mode, compares the tensor files of every row on a thread pool, then gives
 * each compared node its metric columns and precision_index, as msprobe's _postcompare
 * does after all matching. Nothing to do in the other modes.
 */
void
msvis_node_compare_finish (MsvisNodeCompare *self,
                           const char       *npu_tensor_dir,
                           const char       *bench_tensor_dir,
                           GPtrArray        *warnings,
                           GCancellable     *cancellable)
{
  g_return_if_fail (self != NULL);

  if (self->real_data == NULL)
    return;
  msvis_real_data_compute (self->real_data, npu_tensor_dir, bench_tensor_dir, warnings,
                           cancellable);

  for (guint i = 0; i < self->compared->len; i++)
    {
      MsvisNodeId node = g_array_index (self->compared, MsvisNodeId, i);

      side_load (&self->npu, node);
      self->model->finish_node (self, node);
    }
}
