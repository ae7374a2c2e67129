// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-merger-private.h"

/* TPMerger: the nodes of the ranks of one tensor-parallel group hold parts of the same
 * tensors; their statistics are merged into the first rank's graph, with Megatron's
 * ColumnParallelLinear and RowParallelLinear handled as graph_merger.py does. */

static gboolean
is_unmerged_module (const char *id)
{
  return strcmp (id, "clip_grad") == 0 || strcmp (id, "optimizer") == 0;
}

/* RANK_PATTERN, _rank(\d+)\. : the first rank mark in an id. */
static gboolean
rank_mark (const char *id,
           gint64     *rank)
{
  for (const char *p = strstr (id, "_rank"); p != NULL; p = strstr (p + 1, "_rank"))
    {
      gsize digits = strspn (p + 5, "0123456789");

      if (digits > 0 && p[5 + digits] == '.')
        {
          *rank = g_ascii_strtoll (p + 5, NULL, 10);
          return TRUE;
        }
    }
  return FALSE;
}

/* RANK_PATTERN.sub("_rank<rank>.", id) */
static const char *
rank_mark_replace (Merger     *m,
                   const char *id,
                   gint        rank)
{
  GString *out = g_string_new (NULL);
  const char *p = id;
  const char *result;

  while (*p != '\0')
    {
      gsize digits = g_str_has_prefix (p, "_rank") ? strspn (p + 5, "0123456789") : 0;

      if (digits > 0 && p[5 + digits] == '.')
        {
          g_string_append_printf (out, "_rank%d.", rank);
          p += 6 + digits;
        }
      else
        g_string_append_c (out, *p++);
    }
  result = merge_strdup (m, out->str);
  g_string_free (out, TRUE);
  return result;
}

/**
 * need_merge_nodes:
 * @mapping: (nullable): TP+PP: the main rank's node names carry ranks that must be mapped
 *   to the other graphs' (tp_merge_mapping); %NULL for tensor parallelism alone
 *
 * _get_need_merge_node: @node's counterparts in @others, with the same ancestors; none at
 * all unless every graph has one.
 */
static guint
need_merge_nodes (Merger            *m,
                  MergeNode         *node,
                  MergeGraph *const *others,
                  guint              n_others,
                  GHashTable        *mapping,
                  MergeNode        **found)
{
  GArray *ranks = NULL;
  gint64 rank;

  if (mapping != NULL && g_hash_table_size (mapping) > 0 && rank_mark (node->id, &rank))
    {
      ranks = rank >= 0 && rank <= G_MAXINT
        ? g_hash_table_lookup (mapping, GINT_TO_POINTER ((gint)rank)) : NULL;
      if (ranks == NULL || ranks->len == 0 || ranks->len != n_others)
        return 0;
    }
  for (guint i = 0; i < n_others; i++)
    {
      const char *id = ranks ? rank_mark_replace (m, node->id, g_array_index (ranks, gint, i))
                             : node->id;
      MergeNode *other = merge_map_get (others[i], id);

      if (other == NULL || !merge_node_same_ancestors (node, other))
        return 0;
      found[i] = other;
    }
  return n_others;
}

static void
need_remove (GPtrArray  *list,
             const char *key)
{
  for (guint i = 0; i < list->len; i++)
    if (strcmp (((MergeNeed *)g_ptr_array_index (list, i))->key, key) == 0)
      {
        g_ptr_array_remove_index (list, i);
        return;
      }
}

/* The "TP merged" sentence, then what was merged of the inputs and of the outputs. */
static gboolean
merge_into (Merger           *m,
            MergeNode        *node,
            MergeNode *const *others,
            guint             n_others,
            GPtrArray        *in,
            GPtrArray        *out,
            GError          **error)
{
  merge_add_tp_header (m, node, others, n_others);
  return merge_params_apply (m, in, node, error) &&
         (out == NULL || merge_params_apply (m, out, node, error));
}

static gboolean
id_has (const MergeNode *node,
        const char      *text)
{
  return strstr (node->id, text) != NULL;
}

/* splits[-2] == direction and class in splits[-3], for ids of four parts or more; without
 * splitting: this is asked of every node. */
static gboolean
is_parallel_linear (const char *id,
                    const char *direction,
                    const char *class_name)
{
  const char *dots[3] = { NULL };   /* the last three dots, last first */
  guint n = 0;
  gsize dir_len = strlen (direction);
  g_autofree char *cls = NULL;

  for (const char *p = id + strlen (id); p > id && n < 3; p--)
    if (p[-1] == '.')
      dots[n++] = p - 1;
  /* Four parts or more: a dot before the third part from the end. */
  if (n < 3 || (gsize)(dots[0] - dots[1] - 1) != dir_len ||
      strncmp (dots[1] + 1, direction, dir_len) != 0)
    return FALSE;
  cls = g_strndup (dots[2] + 1, dots[1] - dots[2] - 1);
  return strstr (cls, class_name) != NULL;
}

/* The reduce whose input is @matmul's output: the matmul gets its merged inputs and that
 * reduce's output, as the data after the all_reduce or reduce_scatter. */
static gboolean
take_reduce_output (Merger            *m,
                    MergeNode         *matmul,
                    GPtrArray         *reduces,
                    MergeGraph *const *others,
                    guint              n_others,
                    GHashTable        *mapping,
                    GError           **error)
{
  MergeParam out = merge_data_param (matmul->out, 0);
  g_autofree MergeNode **found = g_new (MergeNode *, MAX (n_others, 1));

  for (guint r = 0; r < reduces->len; r++)
    {
      MergeNode *reduce = g_ptr_array_index (reduces, r);
      gboolean all_reduce = id_has (reduce, "all_reduce");
      MergeParam reduce_in, reduce_out;
      g_autoptr(GPtrArray) in = NULL, unused = NULL;
      guint n_found;

      if (merge_data_len (reduce->out) == 0 ||
          merge_data_len (reduce->in) < (all_reduce ? 1u : 2u))
        continue;
      reduce_in = merge_data_param (reduce->in, all_reduce ? 0 : 1);
      if (!merge_param_same (out, reduce_in, FALSE))
        continue;

      n_found = need_merge_nodes (m, matmul, others, n_others, mapping, found);
      in = merge_compare_params (m, matmul, found, n_found, TRUE, &unused);
      if (in->len > 0 && !merge_into (m, matmul, found, n_found, in, NULL, error))
        return FALSE;

      reduce_out = merge_data_param (reduce->out, 0);
      for (MergeStat s = 0; s < N_STATS; s++)
        {
          const MsvisField *value = merge_param_stat (reduce_out, s);
          MsvisField none = { .kind = MSVIS_VALUE_NONE };

          merge_param_set_stat (m, out, s, value ? value : &none);
        }
      merge_node_add_info (m, matmul,
                           merge_printf (m, "The output of this data is merged from %s",
                                         *merge_param_full_op_name (m, reduce_out) != '\0'
                                           ? merge_param_full_op_name (m, reduce_out)
                                           : reduce->id));
      g_ptr_array_remove_index (reduces, r);
      break;
    }
  return TRUE;
}

/* _handle_tp_matmul_reduce: in a forward RowParallelLinear or a backward ColumnParallelLinear
 * the matmul's output is only part of the sum; the all_reduce or reduce_scatter after it has
 * the whole. */
static gboolean
handle_matmul_reduce (Merger            *m,
                      MergeNode         *node,
                      MergeGraph *const *others,
                      guint              n_others,
                      GHashTable        *mapping,
                      GError           **error)
{
  g_autoptr(GPtrArray) matmuls = NULL, reduces = NULL;

  if (node->type != MSVIS_NODE_MODULE ||
      (!is_parallel_linear (node->id, "forward", "RowParallelLinear") &&
       !is_parallel_linear (node->id, "backward", "ColumnParallelLinear")))
    return TRUE;
  matmuls = g_ptr_array_new ();
  reduces = g_ptr_array_new ();
  for (guint i = 0; i < node->sub->n; i++)
    {
      MergeNode *sub = node->sub->v[i];

      if (id_has (sub, "matmul"))
        g_ptr_array_add (matmuls, sub);
      if (id_has (sub, "_reduce_scatter_base") || id_has (sub, "reduce_scatter_tensor") ||
          id_has (sub, "all_reduce"))
        g_ptr_array_add (reduces, sub);
    }
  for (guint i = 0; i < matmuls->len && reduces->len > 0; i++)
    {
      MergeNode *matmul = g_ptr_array_index (matmuls, i);

      if (merge_data_len (matmul->out) > 0 &&
          !take_reduce_output (m, matmul, reduces, others, n_others, mapping, error))
        return FALSE;
    }
  return TRUE;
}

/* _slice_list_at_id: the siblings from @node (the last whose id contains its id) to the last
 * RowParallelLinear. */
static GPtrArray *
column_to_row (MergeNode *node)
{
  const MergeList *siblings = node->up->sub;
  gint start = -1, end = -1;
  GPtrArray *slice = g_ptr_array_new ();

  for (guint i = 0; i < siblings->n; i++)
    {
      MergeNode *s = siblings->v[i];

      if (strstr (s->id, node->id) != NULL)
        start = i;
      else if (id_has (s, "RowParallelLinear"))
        end = i;
    }
  for (gint i = start; start >= 0 && end >= 0 && i <= end; i++)
    g_ptr_array_add (slice, siblings->v[i]);
  return slice;
}

/* _merge_tp_megatron_column_row_parallel: everything between a ColumnParallelLinear and the
 * RowParallelLinear after it is split over the ranks, except the column layer's input and
 * the row layer's output (and bias). */
static gboolean
merge_column_row (Merger            *m,
                  MergeNode         *node,
                  MergeGraph *const *others,
                  guint              n_others,
                  GHashTable        *mapping,
                  GError           **error)
{
  g_autoptr(GPtrArray) slice = NULL, stack = NULL;
  g_autofree MergeNode **found = g_new (MergeNode *, MAX (n_others, 1));
  MergeNode *first, *last;

  if (node->type != MSVIS_NODE_MODULE || node->info.n > 0 || node->up == NULL ||
      !is_parallel_linear (node->id, "forward", "ColumnParallelLinear"))
    return TRUE;
  slice = column_to_row (node);
  if (slice->len < 2)
    return TRUE;
  first = g_ptr_array_index (slice, 0);
  last = g_ptr_array_index (slice, slice->len - 1);

  stack = g_ptr_array_copy (slice, NULL, NULL);
  while (stack->len > 0)
    {
      MergeNode *current = g_ptr_array_steal_index (stack, stack->len - 1);
      g_autoptr(GPtrArray) in = NULL, out = NULL;
      guint n_found;

      for (guint i = current->sub->n; i > 0; i--)
        g_ptr_array_add (stack, current->sub->v[i - 1]);
      if (current->info.n > 0 || g_str_has_prefix (current->id, "Distributed"))
        continue;

      n_found = need_merge_nodes (m, current, others, n_others, mapping, found);
      in = merge_compare_params (m, current, found, n_found, FALSE, &out);
      if (in->len == 0 && out->len == 0)
        continue;
      if (current == first || (id_has (current, "matmul") && current->up == first))
        need_remove (in, "input.0");
      else if (current == last || (id_has (current, "matmul") && current->up == last))
        {
          g_ptr_array_set_size (out, 0);
          need_remove (in, "parameters.bias");
        }
      if (!merge_into (m, current, found, n_found, in, out, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * merge_tp_graphs:
 * @graphs: (array length=n): the graphs of one tensor-parallel group, the main one first
 * @tp_mapping: (nullable) (element-type gint GArray): with pipeline parallelism, the ranks
 *   each rank named in a node id stands for in the other graphs
 *
 * TPMerger.merge_tp_graphs: every node under a module whose statistics differ between the
 * ranks gets the merged ones and says so.
 */
gboolean
merge_tp_graphs (Merger            *m,
                 MergeGraph *const *graphs,
                 guint              n,
                 GHashTable        *tp_mapping,
                 GError           **error)
{
  MergeGraph *main_graph = graphs[0];
  g_autofree MergeNode **found = g_new (MergeNode *, MAX (n, 1));

  if (n < 2)
    return TRUE;
  for (guint s = 0; s < main_graph->slots->len; s++)
    {
      MergeNode *node = g_array_index (main_graph->slots, MergeSlot, s).node;
      g_autoptr(GPtrArray) in = NULL, out = NULL;
      guint n_found;

      if (node == NULL || node->up == NULL || node->up->type != MSVIS_NODE_MODULE ||
          is_unmerged_module (node->up->id) || g_str_has_prefix (node->id, "Distributed") ||
          node->info.n > 0)
        continue;
      if (!handle_matmul_reduce (m, node, graphs + 1, n - 1, tp_mapping, error))
        return FALSE;
      n_found = need_merge_nodes (m, node, graphs + 1, n - 1, tp_mapping, found);
      in = merge_compare_params (m, node, found, n_found, TRUE, &out);
      if ((in->len > 0 || out->len > 0) &&
          !merge_into (m, node, found, n_found, in, out, error))
        return FALSE;
    }
  for (guint s = 0; s < main_graph->slots->len; s++)
    {
      MergeNode *node = g_array_index (main_graph->slots, MergeSlot, s).node;

      if (node != NULL && !merge_column_row (m, node, graphs + 1, n - 1, tp_mapping, error))
        return FALSE;
    }
  return TRUE;
}
