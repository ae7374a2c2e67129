// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-graph-merger-private.h"
#include "msvis-number-format.h"
#include "msvis-py-repr.h"

/* Which ranks' statistics differ, how they are merged (max, min, mean, root of summed
 * squares) and the sentences parallel_merge_info keeps about it, byte for byte as
 * graph_merger.py words them. */

#define UNCERTAINTY_THRESHOLD 1e-6
#define TP_MERGED_INFO \
  "This data is the merged data after tensor parallelism(TP), and the data is merged from rank "

static const char *const stat_names[N_STATS] = { "Max", "Min", "Mean", "Norm" };

/* Python's x ** 2.0 is libm's pow(), which is not always x * x, the form the compiler turns
 * pow (x, 2.0) into: called through a pointer, it stays pow(). */
static double (*volatile libm_pow) (double, double) = pow;

/* BaseGraphMerger.dtype_list: the tensors whose statistics can be merged. */
static const char *const merge_dtypes[] = {
  "torch.int8", "torch.int32", "torch.int64",
  "torch.bfloat16", "torch.float16", "torch.float32", "torch.float64",
  "Float16", "Float32", "BFloat16",
};

/* A Python int or float. */
typedef struct
{
  gboolean is_float;
  gint64   i;
  double   f;
} Num;

static gboolean
num_of (const MsvisField *field,
        Num              *num)
{
  if (field == NULL)
    return FALSE;
  if (field->kind == MSVIS_VALUE_INT)
    {
      *num = (Num) { FALSE, field->i, (double)field->i };
      return TRUE;
    }
  if (field->kind == MSVIS_VALUE_FLOAT)
    {
      *num = (Num) { TRUE, 0, field->f };
      return TRUE;
    }
  return FALSE;
}

static MsvisField
num_field (Num num)
{
  MsvisField field = { 0 };

  field.kind = num.is_float ? MSVIS_VALUE_FLOAT : MSVIS_VALUE_INT;
  if (num.is_float)
    field.f = num.f;
  else
    field.i = num.i;
  return field;
}

/* g_int64_hash keeps the low 32 bits, which are all zero in a float32 made double. */
static guint
double_bits_hash (gconstpointer key)
{
  guint64 bits = *(const guint64 *)key * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);

  return (guint)(bits >> 32);
}

/* str() of the number. The same statistics come back in many sentences, and a float's
 * repr() is the slow part of writing them: each is made once per merge job. */
static void
append_num (Merger  *m,
            GString *out,
            Num      num)
{
  const char *known;
  guint64 *bits;
  gsize start;

  if (!num.is_float)
    {
      char digits[24];

      g_string_append_len (out, digits, msvis_format_int64 (digits, num.i));
      return;
    }
  if (m->reprs == NULL)
    m->reprs = g_hash_table_new (double_bits_hash, g_int64_equal);
  bits = msvis_arena_alloc (m->arena, sizeof (guint64));
  memcpy (bits, &num.f, sizeof num.f);
  known = g_hash_table_lookup (m->reprs, bits);
  if (known != NULL)
    {
      g_string_append (out, known);
      return;
    }
  start = out->len;
  msvis_py_append_float_repr (out, num.f);
  g_hash_table_insert (m->reprs, bits,
                       g_string_chunk_insert_len (m->strings, out->str + start, out->len - start));
}

gboolean
merge_dtype_mergeable (const char *dtype)
{
  if (dtype == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (merge_dtypes); i++)
    if (strcmp (dtype, merge_dtypes[i]) == 0)
      return TRUE;
  return FALSE;
}

/* _compare_value_same: anything but two numbers counts as the same. Without determinism the
 * ranks' Mean and Norm differ a little, so those may be @uncertain within 1e-6. */
static gboolean
value_same (const MsvisField *a,
            const MsvisField *b,
            gboolean          uncertain)
{
  Num x, y;
  double diff;

  if (!num_of (a, &x) || !num_of (b, &y))
    return TRUE;
  if (!uncertain)
    return !x.is_float && !y.is_float ? x.i == y.i : x.f == y.f;

  diff = fabs (x.f - y.f);
  if (isnan (diff))
    return isnan (x.f) && isnan (y.f);
  if (isinf (diff))
    return isinf (x.f) && isinf (y.f);
  return x.f == 0 ? diff < UNCERTAINTY_THRESHOLD : fabs (diff / x.f) < UNCERTAINTY_THRESHOLD;
}

/* compare_param_same: Max and Min exactly, Mean and Norm within the uncertainty if asked. */
gboolean
merge_param_same (MergeParam a,
                  MergeParam b,
                  gboolean   uncertain)
{
  for (MergeStat s = 0; s < N_STATS; s++)
    if (!value_same (merge_param_stat (a, s), merge_param_stat (b, s),
                     uncertain && (s == STAT_MEAN || s == STAT_NORM)))
      return FALSE;
  return TRUE;
}

static void
merge_need_free (gpointer data)
{
  MergeNeed *need = data;

  g_array_unref (need->params);
  g_free (need);
}

/* data_dict[key] = params, as a dict keeps it. */
static void
need_put (GPtrArray  *list,
          const char *key,
          GArray     *params)
{
  MergeNeed *need;

  for (guint i = 0; i < list->len; i++)
    {
      need = g_ptr_array_index (list, i);
      if (strcmp (need->key, key) == 0)
        {
          g_array_unref (need->params);
          need->params = params;
          return;
        }
    }
  need = g_new (MergeNeed, 1);
  need->key = key;
  need->params = params;
  g_ptr_array_add (list, need);
}

static void
compare_side (Merger           *m,
              MergeNode        *main_node,
              MergeNode *const *others,
              guint             n_others,
              gboolean          compare_data,
              gboolean          inputs,
              GPtrArray        *list)
{
  const MergeData *d = inputs ? main_node->in : main_node->out;
  g_autofree char *prefix = g_strconcat (main_node->id, ".", NULL);

  for (guint i = 0; i < merge_data_len (d); i++)
    {
      const char *key = merge_data_key (d, i);
      MergeParam param = merge_data_param (d, i);
      gboolean same = compare_data;
      GArray *params;

      if (!merge_dtype_mergeable (merge_param_dtype (param)))
        continue;
      params = g_array_new (FALSE, FALSE, sizeof (MergeParam));
      g_array_append_val (params, param);
      for (guint j = 0; j < n_others; j++)
        {
          MergeNode *other = others[j];
          const char *other_key = strcmp (main_node->id, other->id) != 0
            ? merge_replace_all (m, key, main_node->id, other->id) : key;
          MergeParam other_param;

          /* A tensor another rank does not have, or not as a tensor, ends the list. */
          if (!merge_data_lookup (inputs ? other->in : other->out, other_key, i, &other_param) ||
              !merge_dtype_mergeable (merge_param_dtype (other_param)))
            break;
          g_array_append_val (params, other_param);
          if (compare_data && !merge_param_same (param, other_param, TRUE))
            same = FALSE;
        }
      if (same)
        {
          g_array_unref (params);
          continue;
        }
      need_put (list, merge_replace_all (m, key, prefix, ""), params);
    }
}

/**
 * merge_compare_params:
 * @compare_data: compare the statistics; without, every tensor counts as different
 * @out: (out): the output tensors whose statistics differ
 *
 * compare_node_param_data: the tensors of @main_node whose statistics differ from those of
 * the @others, which are the same node on other ranks.
 *
 * Returns: (transfer full) (element-type MergeNeed): the input tensors that differ
 */
GPtrArray *
merge_compare_params (Merger           *m,
                      MergeNode        *main_node,
                      MergeNode *const *others,
                      guint             n_others,
                      gboolean          compare_data,
                      GPtrArray       **out)
{
  GPtrArray *in = g_ptr_array_new_with_free_func (merge_need_free);

  *out = g_ptr_array_new_with_free_func (merge_need_free);
  if (n_others == 0)
    return in;
  compare_side (m, main_node, others, n_others, compare_data, TRUE, in);
  compare_side (m, main_node, others, n_others, compare_data, FALSE, *out);
  return in;
}

static gboolean
not_a_number (MergeNode  *node,
              const char *key,
              MergeStat   stat,
              GError    **error)
{
  g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_DATA,
               /* translators: a node name, a tensor such as input.0, a statistic such as Max */
               _("Cannot merge the tensor-parallel statistics of %s, %s: its %s is not a number "
                 "on every rank (msprobe stops there too)"), node->id, key, stat_names[stat]);
  return FALSE;
}

/* One statistic of one tensor over the ranks, and the sentence that says how. */
static gboolean
merge_stat (Merger     *m,
            MergeNode  *node,
            MergeNeed  *need,
            MergeStat   stat,
            GError    **error)
{
  guint n = need->params->len;
  g_autoptr(GString) text = g_string_new (NULL);
  MsvisField merged;
  Num acc = { 0 }, v;

  g_string_append (text, "The ");
  g_string_append (text, stat_names[stat]);
  g_string_append (text, " value merging method for ");
  g_string_append (text, need->key);
  g_string_append (text, stat == STAT_MAX ? " is: max("
                        : stat == STAT_MIN ? " is: min(" : " is: (");
  for (guint i = 0; i < n; i++)
    {
      MergeParam p = g_array_index (need->params, MergeParam, i);

      if (!num_of (merge_param_stat (p, stat), &v))
        return not_a_number (node, need->key, stat, error);
      if (i > 0)
        g_string_append (text, stat == STAT_MAX || stat == STAT_MIN ? ", " : " + ");
      append_num (m, text, v);
      if (stat == STAT_NORM)
        g_string_append (text, " ** 2");

      if (stat == STAT_NORM)
        {
          /* pow(x, 2.0) is a float, and Python refuses one that overflows. */
          double square = libm_pow (v.f, 2.0);

          if (isinf (square) && !isinf (v.f))
            return not_a_number (node, need->key, stat, error);
          acc = (Num) { TRUE, 0, i == 0 ? square : acc.f + square };
        }
      else if (i == 0)
        acc = v;
      else if (stat == STAT_MAX)
        acc = v.f > acc.f || (!v.is_float && !acc.is_float && v.i > acc.i) ? v : acc;
      else if (stat == STAT_MIN)
        acc = v.f < acc.f || (!v.is_float && !acc.is_float && v.i < acc.i) ? v : acc;
      else if (!acc.is_float && !v.is_float)
        acc = (Num) { FALSE, acc.i + v.i, (double)(acc.i + v.i) };
      else
        acc = (Num) { TRUE, 0, acc.f + v.f };
    }

  if (stat == STAT_MEAN)
    {
      g_string_append_printf (text, ") / %u", n);
      acc = (Num) { TRUE, 0, acc.f / n };
    }
  else if (stat == STAT_NORM)
    {
      g_string_append (text, ") ** 0.5");
      acc = (Num) { TRUE, 0, libm_pow (acc.f, 1 / 2.0) };
    }
  else
    g_string_append_c (text, ')');
  g_string_append (text, " = ");
  append_num (m, text, acc);

  merged = num_field (acc);
  merge_param_set_stat (m, g_array_index (need->params, MergeParam, 0), stat, &merged);
  merge_node_add_info (m, node, text->str);
  return TRUE;
}

/* msprobe 26 leaves a statistic alone when a rank's value is not an int or a float, None
 * for float8 tensors say (msprobe-2026.md §11.1 item 3); July stopped there. */
static gboolean
all_numbers (MergeNeed *need,
             MergeStat  stat)
{
  for (guint i = 0; i < need->params->len; i++)
    {
      Num v;

      if (!num_of (merge_param_stat (g_array_index (need->params, MergeParam, i), stat), &v))
        return FALSE;
    }
  return TRUE;
}

/**
 * merge_params_apply:
 * @need_merge: (element-type MergeNeed): what merge_compare_params() found
 *
 * _merge_params: the node's own statistics become the merged ones, and each merge is told
 * in @node's parallel_merge_info. Tensors that only one rank has are left alone.
 */
gboolean
merge_params_apply (Merger     *m,
                    GPtrArray  *need_merge,
                    MergeNode  *node,
                    GError    **error)
{
  for (guint i = 0; i < need_merge->len; i++)
    {
      MergeNeed *need = g_ptr_array_index (need_merge, i);

      if (need->params->len < 2)
        continue;
      for (MergeStat s = 0; s < N_STATS; s++)
        if ((m->params->era != MSVIS_ERA_2026 || all_numbers (need, s)) &&
            !merge_stat (m, node, need, s, error))
          return FALSE;
    }
  return TRUE;
}

/* "… merged from rank [0, 1].": the node's rank and its counterparts'. */
void
merge_add_tp_header (Merger           *m,
                     MergeNode        *node,
                     MergeNode *const *others,
                     guint             n_others)
{
  g_autoptr(GString) text = g_string_new (TP_MERGED_INFO);

  g_string_append_printf (text, "[%d", node->origin->rank);
  for (guint i = 0; i < n_others; i++)
    g_string_append_printf (text, ", %d", others[i]->origin->rank);
  g_string_append (text, "].");
  merge_node_add_info (m, node, text->str);
}
