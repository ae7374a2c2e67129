// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-graph-merger-private.h"

/* msprobe 26's parallel parameters (msprobe-2026.md §1.2, §1.3, §11.1 item 4): the
 * --rank_size/--tp/--pp/--vpp/--order lists split into the two sides (load_parallel_param),
 * each side checked against its dump (validate_parallel_param), and the default groups laid
 * out in --order as Megatron's RankGroupGenerator does. The messages are msprobe's, so that
 * a user who knows them finds them; the side prefix tells which dump they are about. */

#define DEFAULT_ORDER "tp-cp-ep-dp-pp"

static gboolean
load_fail (const char  *message,
           GError     **error)
{
  g_set_error_literal (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS, message);
  return FALSE;
}

/**
 * msvis_merge_params_load:
 * @args: the merge flags as given on the command line
 * @compare: a golden path (-gp) was given
 * @npu: (out): the target side
 * @bench: (out) (optional): the golden side, for a compare
 *
 * load_parallel_param: a build takes one value of each list, a compare two; --vpp and --order
 * count for a compare only with two values, else both sides get 1 and "tp-cp-ep-dp-pp".
 * The order strings are borrowed from @args.
 */
gboolean
msvis_merge_params_load (const MsvisMergeArgs  *args,
                         gboolean               compare,
                         MsvisMergeParams      *npu,
                         MsvisMergeParams      *bench,
                         GError               **error)
{
  if (args->n_rank_size == 0 || args->n_tp == 0 || args->n_pp == 0)
    return load_fail (_("In the graph merge task, parameters \"tp/pp/rank_size\" is required!"),
                      error);
  if (!compare && args->n_rank_size != 1)
    return load_fail (_("In the graph merge build task, the number of parameters \"rank_size\" "
                        "to be filled in is either 1!"), error);
  if (compare && args->n_rank_size != 2)
    return load_fail (_("In the graph merge compare task, the number of parameters "
                        "\"rank_size\" to be filled in is either 2!"), error);
  if (!compare)
    {
      if (args->n_tp != 1 || args->n_pp != 1)
        return load_fail (_("In the graph merge build task, the number of parameters "
                            "\"tp/pp/rank_size\" to be filled in is either 1!"), error);
      *npu = (MsvisMergeParams) { args->rank_size[0], args->tp[0], args->pp[0],
                                  args->n_vpp > 0 ? args->vpp[0] : 1, MSVIS_ERA_2026,
                                  args->n_order > 0 ? args->order[0] : DEFAULT_ORDER };
      return TRUE;
    }
  if (args->n_tp != 2 || args->n_pp != 2)
    return load_fail (_("In the graph merge compare task, the number of parameters "
                        "\"tp/pp/rank_size\" to be filled in is either 2!"), error);
  for (guint side = 0; side < 2; side++)
    {
      MsvisMergeParams p = { args->rank_size[side], args->tp[side], args->pp[side],
                             args->n_vpp == 2 ? args->vpp[side] : 1, MSVIS_ERA_2026,
                             args->n_order == 2 ? args->order[side] : DEFAULT_ORDER };

      if (side == 0)
        *npu = p;
      else if (bench != NULL)
        *bench = p;
    }
  return TRUE;
}

static gboolean
int_member (const MsvisJsonValue  *side,
            const char            *key,
            gint                   fallback,
            gint                  *out)
{
  const MsvisJsonValue *v = msvis_json_value_get_member (side, key);

  if (v == NULL)
    *out = fallback;
  else if (v->kind == MSVIS_JSON_INT && v->i >= G_MININT && v->i <= G_MAXINT)
    *out = (gint)v->i;
  else
    return FALSE;
  return TRUE;
}

/**
 * msvis_merge_params_parse_era:
 * @parallel_merge: the sides as compare.json's "parallel_merge" holds them: {"npu": {…},
 *   "bench": {…}}, with "vpp" and "order" as msvis_merge_params_load() made them
 * @side: "npu" or "bench"
 *
 * The July reading (msvis_merge_params_parse()) for %MSVIS_ERA_2025_07; for msprobe 26 the
 * values are taken as given, vpp and order too, and msvis_merge_params_validate() judges
 * them. The order string is borrowed from @parallel_merge.
 */
gboolean
msvis_merge_params_parse_era (const MsvisJsonValue  *parallel_merge,
                              const char            *side,
                              MsvisEra               era,
                              gboolean               with_vpp,
                              const char            *config_path,
                              MsvisMergeParams      *params,
                              GError               **error)
{
  const MsvisJsonValue *config = msvis_json_value_get_member (parallel_merge, side);
  const MsvisJsonValue *order;

  if (era != MSVIS_ERA_2026)
    return msvis_merge_params_parse (parallel_merge, side, with_vpp, config_path, params, error);
  order = config != NULL ? msvis_json_value_get_member (config, "order") : NULL;
  *params = (MsvisMergeParams) { 0, 0, 0, 1, MSVIS_ERA_2026, DEFAULT_ORDER };
  if (order != NULL && order->kind == MSVIS_JSON_STRING)
    params->order = order->s;
  if (config != NULL && config->kind == MSVIS_JSON_OBJECT &&
      int_member (config, "rank_size", G_MININT, &params->rank_size) &&
      int_member (config, "tp", G_MININT, &params->tp) &&
      int_member (config, "pp", G_MININT, &params->pp) &&
      int_member (config, "vpp", 1, &params->vpp) &&
      params->rank_size != G_MININT && params->tp != G_MININT && params->pp != G_MININT &&
      (order == NULL || order->kind == MSVIS_JSON_STRING))
    return TRUE;
  return load_fail (_("In the graph merge task, parameters \"tp/pp/rank_size\" is required!"),
                    error);
}

static gboolean
side_fail (GError    **error,
           gboolean    is_bench,
           const char *format,
           ...) G_GNUC_PRINTF (3, 4);

/* msprobe's message after its side prefix, [NPU] or [Bench]. */
static gboolean
side_fail (GError    **error,
           gboolean    is_bench,
           const char *format,
           ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS, "%s %s",
               is_bench ? "[Bench]" : "[NPU]", text);
  return FALSE;
}

/* re.match(r'^[a-z\-]+$', order): '$' also matches before a final newline. */
static gboolean
order_well_formed (const char *order)
{
  gsize n = strspn (order, "abcdefghijklmnopqrstuvwxyz-");

  return n > 0 && (order[n] == '\0' || (order[n] == '\n' && order[n + 1] == '\0'));
}

/**
 * msvis_merge_params_check_values:
 * @n_ranks: how many rank entries the side's dump folder has
 *
 * validate_parallel_param once the rank folders are counted, for an msprobe 26 merge.
 */
gboolean
msvis_merge_params_check_values (const MsvisMergeParams  *p,
                                 guint                    n_ranks,
                                 gboolean                 is_bench,
                                 GError                 **error)
{
  if (p->rank_size < 0 || (guint)p->rank_size != n_ranks)
    return side_fail (error, is_bench,
                      _("The parallel param \"rank_size\" error, you set %d but expected %u."),
                      p->rank_size, n_ranks);
  if (p->tp <= 0 || p->pp <= 0 || p->rank_size <= 0 || p->vpp <= 0)
    return side_fail (error, is_bench,
                      _("The parallel params \"tp/pp/vpp/rank_size\" must be greater than 0!"));
  if (p->tp > p->rank_size)
    return side_fail (error, is_bench,
                      _("The parallel param \"tp\" must be less than or equal to "
                        "\"rank_size\"!"));
  if (p->pp > p->rank_size)
    return side_fail (error, is_bench,
                      _("The parallel param \"pp\" must be less than or equal to "
                        "\"rank_size\"!"));
  if (p->rank_size % p->tp != 0)
    return side_fail (error, is_bench,
                      _("The parallel param \"rank_size\" must be divisible by \"tp\"!"));
  if (p->rank_size % p->pp != 0)
    return side_fail (error, is_bench,
                      _("The parallel param \"rank_size\" must be divisible by \"pp\"!"));
  if ((gint64)p->tp * p->pp > p->rank_size)
    return side_fail (error, is_bench,
                      _("The parallel params \"tp * pp\" must be less than or equal to "
                        "\"rank_size\"!"));
  if (p->vpp > 1 && p->pp < 2)
    return side_fail (error, is_bench,
                      _("When configuring the parallel param \"vpp\", the \"pp\" param must be "
                        "greater than 1!"));
  if (!order_well_formed (p->order != NULL ? p->order : DEFAULT_ORDER))
    return side_fail (error, is_bench,
                      _("The parallel params \"order\" must consist only of lowercase letters "
                        "and \"-\"!"));
  return TRUE;
}

/* ^rank(?:0|[1-9][0-9]*)?$ */
static gboolean
is_rank_entry (const char *name)
{
  if (!g_str_has_prefix (name, "rank"))
    return FALSE;
  name += 4;
  if (*name == '\0' || strcmp (name, "0") == 0)
    return TRUE;
  return *name >= '1' && *name <= '9' && name[strspn (name, "0123456789")] == '\0';
}

/**
 * msvis_merge_params_validate:
 * @dump_path: the side's folder of rank folders
 * @is_bench: the golden side: its messages start with [Bench], the target's with [NPU]
 *
 * validate_parallel_param: every entry of @dump_path must be a rank folder (a stray one is
 * fatal here, unlike when the ranks are listed to be built), as many as rank_size, and the
 * sizes must fit together.
 */
gboolean
msvis_merge_params_validate (const MsvisMergeParams  *params,
                             const char              *dump_path,
                             gboolean                 is_bench,
                             GError                 **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GDir) dir = g_dir_open (dump_path, 0, &local_error);
  const char *name;
  guint n = 0;

  if (dir == NULL)
    return side_fail (error, is_bench, "%s", local_error->message);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (!is_rank_entry (name))
        return side_fail (error, is_bench,
                          /* translators: a file name, then the folder it is in */
                          _("dump_dir contains '%s'. Expected 'rank'. This name is not in the "
                            "format of dump output. Please check and delete irrelevant files in "
                            "%s and try again."), name, dump_path);
      n++;
    }
  return msvis_merge_params_check_values (params, n, is_bench, error);
}

/* Ordered default groups */

typedef struct
{
  const char *name;
  gint        size;
} Dim;

/* decompose_index: @index over @shape, the first dimension fastest. */
static gboolean
decompose (gint64       index,
           const gint  *shape,
           guint        n,
           gint64      *digits,
           GError     **error)
{
  gint64 stride = 1, back = 0;

  for (guint i = 0; i < n; i++)
    {
      digits[i] = (index / stride) % shape[i];
      back += digits[i] * stride;
      stride *= shape[i];
    }
  if (back == index)
    return TRUE;
  g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS,
               /* translators: a number; the dimensions can be inconsistent when --order
                * repeats a name */
               _("The index %d does not fit the parallel sizes of the order"), (gint)index);
  return FALSE;
}

/* create_masked_rank_groups with one masked dimension, @target. */
static GPtrArray *
masked_groups (const gint  *dims,
               guint        n_dims,
               guint        target,
               gint64       total,
               GError     **error)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  g_autofree gint64 *strides = g_new (gint64, n_dims + 1);
  g_autofree gint *other_dims = g_new (gint, n_dims);
  g_autofree gint64 *other_strides = g_new (gint64, n_dims);
  g_autofree gint64 *digits = g_new (gint64, n_dims);
  guint n_other = 0;

  strides[0] = 1;
  for (guint i = 0; i < n_dims; i++)
    {
      strides[i + 1] = strides[i] * dims[i];
      if (i != target)
        {
          other_dims[n_other] = dims[i];
          other_strides[n_other++] = strides[i];
        }
    }
  for (gint64 g = 0; g < total / dims[target]; g++)
    {
      GArray *group;
      gint64 base = 0;

      if (!decompose (g, other_dims, n_other, digits, error))
        return NULL;
      for (guint k = 0; k < n_other; k++)
        base += digits[k] * other_strides[k];
      group = g_array_sized_new (FALSE, FALSE, sizeof (gint), dims[target]);
      for (gint j = 0; j < dims[target]; j++)
        {
          gint rank = (gint)(j * strides[target] + base);

          g_array_append_val (group, rank);
        }
      g_ptr_array_add (groups, group);
    }
  return g_steal_pointer (&groups);
}

static gboolean
order_fail (GError    **error,
            const char *format,
            ...) G_GNUC_PRINTF (2, 3);

static gboolean
order_fail (GError    **error,
            const char *format,
            ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS, text);
  return FALSE;
}

/* RankGroupGenerator's checks and its token list without ep, into @dims. */
static gboolean
order_dims (const MsvisMergeParams  *p,
            const char              *order,
            GArray                  *dims,
            guint                   *tp_index,
            guint                   *pp_index,
            GError                 **error)
{
  gint dp = p->rank_size / (p->tp * p->pp);
  const Dim sizes[] = { { "tp", p->tp }, { "pp", p->pp }, { "dp", dp }, { "ep", 1 },
                        { "cp", 1 } };
  g_autoptr(GString) normalized = g_string_new (order);
  g_auto(GStrv) tokens = NULL;

  g_string_ascii_down (normalized);
  if (strstr (normalized->str, "ep") != NULL && strstr (normalized->str, "ep-dp") == NULL &&
      strstr (normalized->str, "dp-ep") == NULL)
    return order_fail (error, _("The ep and dp must be adjacent in order (%s)."), order);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    if (strstr (normalized->str, sizes[i].name) == NULL)
      {
        if (sizes[i].size != 1)
          return order_fail (error,
                             _("The parallel size (%s) is (%d), but it's not specified in order "
                               "(%s)."), sizes[i].name, sizes[i].size, order);
        g_string_append_printf (normalized, "-%s", sizes[i].name);
      }
  *tp_index = *pp_index = G_MAXUINT;
  tokens = g_strsplit (normalized->str, "-", -1);
  for (guint t = 0; tokens[t] != NULL; t++)
    {
      guint i = 0;

      while (i < G_N_ELEMENTS (sizes) && strcmp (tokens[t], sizes[i].name) != 0)
        i++;
      if (i == G_N_ELEMENTS (sizes))
        return order_fail (error,
                           /* translators: the --order value, then one of its parts */
                           _("The order (%s) names “%s”, which is not one of tp, pp, dp, ep "
                             "and cp."), order, tokens[t]);
      if (i == 3)
        continue;   /* ep: the groups are made without it */
      if (i == 0 && *tp_index == G_MAXUINT)
        *tp_index = dims->len;
      if (i == 1 && *pp_index == G_MAXUINT)
        *pp_index = dims->len;
      g_array_append_val (dims, sizes[i].size);
    }
  return TRUE;
}

/**
 * merge_default_groups_ordered:
 *
 * get_tp_pp_default_groups(rank_size, tp, pp, order) with cp = ep = 1: the first name of
 * the order varies fastest.
 */
gboolean
merge_default_groups_ordered (const MsvisMergeParams  *p,
                              GPtrArray              **tp_groups,
                              GPtrArray              **pp_groups,
                              GError                 **error)
{
  const char *order = p->order != NULL ? p->order : DEFAULT_ORDER;
  g_autoptr(GArray) dims = g_array_new (FALSE, FALSE, sizeof (gint));
  guint tp_index = 0, pp_index = 0;
  gint64 total;

  if (p->tp <= 0 || p->pp <= 0 || p->rank_size % (p->tp * p->pp) != 0)
    return order_fail (error, _("The world size (%d) is not divisible by %d x %d x %d."),
                       p->rank_size, p->tp, p->pp, 1);
  if (!order_dims (p, order, dims, &tp_index, &pp_index, error))
    return FALSE;
  total = p->rank_size;
  *tp_groups = masked_groups ((gint *)dims->data, dims->len, tp_index, total, error);
  if (*tp_groups == NULL)
    return FALSE;
  *pp_groups = masked_groups ((gint *)dims->data, dims->len, pp_index, total, error);
  if (*pp_groups == NULL)
    {
      g_clear_pointer (tp_groups, g_ptr_array_unref);
      return FALSE;
    }
  return TRUE;
}
