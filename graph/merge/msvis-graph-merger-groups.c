// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-graph-merger-private.h"

/* Which ranks make one tensor-parallel or pipeline-parallel group, found in the
 * communication calls of the dumps where possible (get_groups), computed from the sizes
 * otherwise (get_tp_pp_default_groups); and the API collections of all ranks gathered under
 * one Apis_Between_Modules_All_Ranks node (merge_graph_api_collection). */

#define APIS "Apis_Between_Modules"
#define APIS_ALL_RANKS "Apis_Between_Modules_All_Ranks"

static GArray *
group_new (void)
{
  return g_array_new (FALSE, FALSE, sizeof (gint));
}

static GPtrArray *
groups_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
}

static gboolean
group_equal (GArray *a,
             GArray *b)
{
  return a->len == b->len && memcmp (a->data, b->data, a->len * sizeof (gint)) == 0;
}

/* "[0, 1]", a list of ints as the builder keeps it. */
static GArray *
parse_rank_list (const char *text)
{
  g_autoptr(GArray) ranks = group_new ();
  const char *p = text;

  if (*p++ != '[')
    return NULL;
  while (*p != ']')
    {
      char *end;
      gint64 v = g_ascii_strtoll (p, &end, 10);
      gint rank;

      if (end == p || v < 0 || v > G_MAXINT)
        return NULL;
      rank = (gint)v;
      g_array_append_val (ranks, rank);
      p = end;
      if (*p == ',' && p[1] == ' ')
        p += 2;
      else if (*p != ']')
        return NULL;
    }
  return p[1] == '\0' ? g_steal_pointer (&ranks) : NULL;
}

/**
 * merge_tp_groups:
 *
 * TPMerger.get_groups from the data: the group_ranks of the first all_reduce or
 * reduce_scatter of each rank, each different list once.
 *
 * Returns: (transfer full) (element-type GArray): the groups, empty when none was found
 */
GPtrArray *
merge_tp_groups (Merger            *m,
                 MergeGraph *const *graphs,
                 guint              n)
{
  GPtrArray *groups = groups_new ();

  for (guint i = 0; i < n; i++)
    {
      MergeGraph *g = graphs[i];

      for (guint s = 0; s < g->slots->len; s++)
        {
          MergeNode *node = g_array_index (g->slots, MergeSlot, s).node;
          g_autofree char *key = NULL;
          const MsvisField *ranks;
          MergeParam param;
          GArray *group;
          gboolean known = FALSE;

          if (node == NULL || (strstr (node->id, "reduce_scatter") == NULL &&
                               strstr (node->id, "all_reduce") == NULL))
            continue;
          key = g_strconcat (node->id, ".input.group", NULL);
          ranks = merge_data_lookup (node->in, key, 0, &param)
            ? merge_param_field (param, g->atom_group_ranks) : NULL;
          group = ranks != NULL && ranks->kind == MSVIS_VALUE_OBJECT ? parse_rank_list (ranks->s)
                                                                      : NULL;
          for (guint j = 0; group != NULL && j < groups->len; j++)
            known = known || group_equal (group, g_ptr_array_index (groups, j));
          if (group != NULL && group->len > 0 && !known)
            g_ptr_array_add (groups, group);
          else if (group != NULL)
            g_array_unref (group);
          break;   /* only the first one of the rank counts */
        }
    }
  return groups;
}

/* The rank a rank sends to first: a send's or isend's dst, or a batch_isend_irecv's isend
 * peer other than itself. */
static gboolean
first_send_target (MergeGraph *g,
                   gint       *target)
{
  for (guint s = 0; s < g->slots->len; s++)
    {
      MergeNode *node = g_array_index (g->slots, MergeSlot, s).node;

      if (node == NULL || !g_str_has_prefix (node->id, "Distributed."))
        continue;
      if (strstr (node->id, ".batch_isend_irecv.") != NULL)
        {
          MsvisJsonValue *ops = node->source == MSVIS_NODE_ID_NONE ? NULL
            : msvis_graph_node_get_batch_p2p (node->origin->graph, node->source);

          if (ops == NULL || ops->kind != MSVIS_JSON_ARRAY)
            continue;
          msvis_json_value_foreach (op, ops)
            {
              const MsvisJsonValue *peer = msvis_json_value_get_member (op, "peer");
              const char *kind = msvis_json_value_get_string (msvis_json_value_get_member (op,
                                                                                           "op"));

              if (peer != NULL && peer->kind == MSVIS_JSON_INT && peer->i != g->rank &&
                  peer->i >= 0 && peer->i <= G_MAXINT && g_strcmp0 (kind, "isend") == 0)
                {
                  *target = (gint)peer->i;
                  return TRUE;
                }
            }
        }
      else if (strstr (node->id, ".send.") != NULL || strstr (node->id, ".isend.") != NULL)
        {
          g_autofree char *key = g_strconcat (node->id, ".input.dst", NULL);
          const MsvisField *dst;
          MergeParam param;

          dst = merge_data_lookup (node->in, key, 0, &param)
            ? merge_param_field (param, g->atom_value) : NULL;
          if (dst != NULL && dst->kind == MSVIS_VALUE_INT && dst->i >= 0 && dst->i <= G_MAXINT)
            {
              *target = (gint)dst->i;
              return TRUE;
            }
        }
    }
  return FALSE;
}

/**
 * merge_pp_groups:
 *
 * PPMerger.get_groups from the data: who sends to whom, followed from each rank not yet seen
 * until the chain ends or comes back (_trace_p2p_mapping).
 *
 * Returns: (transfer full) (element-type GArray): the groups, empty when none was found
 */
GPtrArray *
merge_pp_groups (Merger            *m,
                 MergeGraph *const *graphs,
                 guint              n)
{
  g_autoptr(GHashTable) next = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) visited = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) order = group_new ();
  GPtrArray *groups = groups_new ();

  for (guint i = 0; i < n; i++)
    {
      gint target;

      if (!first_send_target (graphs[i], &target))
        continue;
      if (!g_hash_table_contains (next, GINT_TO_POINTER (graphs[i]->rank)))
        g_array_append_val (order, graphs[i]->rank);
      g_hash_table_insert (next, GINT_TO_POINTER (graphs[i]->rank), GINT_TO_POINTER (target));
    }

  for (guint i = 0; i < order->len; i++)
    {
      gint rank = g_array_index (order, gint, i);
      GArray *chain = group_new ();
      gpointer to;

      while (g_hash_table_lookup_extended (next, GINT_TO_POINTER (rank), NULL, &to) &&
             !g_hash_table_contains (visited, GINT_TO_POINTER (rank)))
        {
          g_array_append_val (chain, rank);
          g_hash_table_add (visited, GINT_TO_POINTER (rank));
          rank = GPOINTER_TO_INT (to);
        }
      if (chain->len > 0)
        g_ptr_array_add (groups, chain);
      else
        g_array_unref (chain);
    }
  return groups;
}

/**
 * merge_default_groups:
 *
 * get_tp_pp_default_groups in Megatron's default order tp-cp-ep-dp-pp, with cp = ep = 1:
 * a tensor-parallel group is tp consecutive ranks, a pipeline-parallel group takes every
 * (tp × dp)-th rank. rank_size must be a multiple of tp × pp.
 */
void
merge_default_groups (const MsvisMergeParams  *params,
                      GPtrArray              **tp_groups,
                      GPtrArray              **pp_groups)
{
  gint tp = params->tp, pp = params->pp, dp = params->rank_size / (tp * pp);

  *tp_groups = groups_new ();
  *pp_groups = groups_new ();
  for (gint g = 0; g < dp * pp; g++)
    {
      GArray *group = group_new ();
      gint base = (g % dp) * tp + (g / dp) * tp * dp;

      for (gint i = 0; i < tp; i++)
        {
          gint rank = base + i;

          g_array_append_val (group, rank);
        }
      g_ptr_array_add (*tp_groups, group);
    }
  for (gint g = 0; g < tp * dp; g++)
    {
      GArray *group = group_new ();
      gint base = g % tp + (g / tp) * tp;

      for (gint j = 0; j < pp; j++)
        {
          gint rank = base + j * tp * dp;

          g_array_append_val (group, rank);
        }
      g_ptr_array_add (*pp_groups, group);
    }
}

/* Python's repr of a list of lists of ints: "[[0, 1], [2, 3]]". */
char *
merge_groups_to_string (GPtrArray *groups)
{
  GString *text = g_string_new ("[");

  for (guint i = 0; i < groups->len; i++)
    {
      GArray *group = g_ptr_array_index (groups, i);

      g_string_append (text, i > 0 ? ", [" : "[");
      for (guint j = 0; j < group->len; j++)
        g_string_append_printf (text, j > 0 ? ", %d" : "%d", g_array_index (group, gint, j));
      g_string_append_c (text, ']');
    }
  g_string_append_c (text, ']');
  return g_string_free (text, FALSE);
}

/**
 * merge_split_by_groups:
 * @what: the kind of groups, for the message when one names a rank there is no dump of
 *
 * split_graph_results_by_groups: the graphs of each group, in the group's order.
 *
 * Returns: (transfer full) (element-type GPtrArray): one array of MergeGraph per group
 */
GPtrArray *
merge_split_by_groups (Merger             *m,
                       GPtrArray          *groups,
                       MergeGraph *const  *graphs,
                       guint               n,
                       const char         *what,
                       GError            **error)
{
  g_autoptr(GPtrArray) split = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);
  g_autoptr(GHashTable) by_rank = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < n; i++)
    g_hash_table_insert (by_rank, GINT_TO_POINTER (graphs[i]->rank), graphs[i]);

  for (guint i = 0; i < groups->len; i++)
    {
      GArray *group = g_ptr_array_index (groups, i);
      GPtrArray *members = g_ptr_array_new ();

      g_ptr_array_add (split, members);
      for (guint j = 0; j < group->len; j++)
        {
          gint rank = g_array_index (group, gint, j);
          MergeGraph *g = g_hash_table_lookup (by_rank, GINT_TO_POINTER (rank));

          if (g == NULL && m->params->era == MSVIS_ERA_2026)
            {
              g_autofree char *text = merge_groups_to_string (groups);

              g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_GROUPS,
                           /* translators: [NPU] or [Bench], "tensor-parallel" or
                            * "pipeline-parallel", the groups such as [[0, 1], [2, 3]], and a
                            * rank number */
                           _("%s The %s groups %s name rank %d, which has no dump; check "
                             "--rank_size, --tp and --pp"),
                           m->is_bench ? "[Bench]" : "[NPU]", what, text, rank);
              return NULL;
            }
          if (g == NULL)
            {
              g_autofree char *text = merge_groups_to_string (groups);

              g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_GROUPS,
                           /* translators: compare.json's path, "tensor-parallel" or
                            * "pipeline-parallel", the groups such as [[0, 1], [2, 3]], and a
                            * rank number */
                           _("%s: the %s groups of “parallel_merge”, %s, name rank %d, which "
                             "has no dump; check “rank_size”, “tp” and “pp”"),
                           m->config_path, what, text, rank);
              return NULL;
            }
          g_ptr_array_add (members, g);
        }
    }
  return g_steal_pointer (&split);
}

/* Apis_Between_Modules.0 -> Apis_Between_Modules_Rank1.0 */
static const char *
rank_collection_id (Merger     *m,
                    const char *id,
                    gint        rank)
{
  const char *last = strrchr (id, '.');
  g_autofree char *text = g_strdup_printf (APIS "_Rank%d.%s", rank, last ? last + 1 : id);

  return merge_strdup (m, text);
}

/* An API of another rank gets the rank in its api name: Torch.matmul_rank5.32.forward. */
static void
rename_rank_api (Merger    *m,
                 MergeNode *api,
                 gint       rank)
{
  const char *dot = strchr (api->id, '.');
  const char *old_id = api->id;
  const char *second_end;
  g_autofree char *text = NULL;

  if (dot == NULL)
    return;   /* msprobe stops on an API name without a dot */
  second_end = strchr (dot + 1, '.');
  if (second_end == NULL)
    second_end = dot + strlen (dot);
  text = g_strdup_printf ("%.*s_rank%d%s", (int)(second_end - old_id), old_id, rank, second_end);
  api->id = merge_strdup (m, text);
  api->in = merge_data_rename (m, api->in, old_id, api->id);
  api->out = merge_data_rename (m, api->out, old_id, api->id);
}

/* An Apis_Between_Modules_All_Ranks.k of the main graph takes in the rank collections that
 * the same node holds in the other graphs. */
static void
gather_all_ranks (Merger            *m,
                  MergeGraph        *main_graph,
                  MergeNode         *all,
                  MergeGraph *const *others,
                  guint              n_others)
{
  for (guint i = 0; i < n_others; i++)
    {
      MergeNode *other = merge_map_get (others[i], all->id);

      if (other == NULL)
        continue;
      for (guint j = 0; j < other->sub->n; j++)
        {
          MergeNode *collection = other->sub->v[j];

          collection->up = all;
          merge_map_set (main_graph, collection->id, collection);
          for (guint k = 0; k < collection->sub->n; k++)
            {
              MergeNode *api = collection->sub->v[k];

              merge_map_set (main_graph, api->id, api);
            }
        }
      for (guint j = 0; j < other->sub->n; j++)
        merge_list_append (m, all->sub, other->sub->v[j]);
    }
}

/* Apis_Between_Modules.k of every rank under a new Apis_Between_Modules_All_Ranks.k. */
static MergeNode *
collect_ranks (Merger            *m,
               MergeGraph        *main_graph,
               MergeNode         *collection,
               MergeGraph *const *others,
               guint              n_others)
{
  MergeNode *all = merge_graph_add_node (m, main_graph, MSVIS_NODE_API_COLLECTION, APIS_ALL_RANKS,
                                         TRUE);
  const char *origin_id = collection->id;

  /* msprobe 26 hangs the node from the root (msprobe-2026.md §11.1 item 1); July left it
   * without a parent, which made the 26.0.0 viewer take it for the root. */
  if (m->params->era == MSVIS_ERA_2026)
    all->up = main_graph->root;
  collection->id = rank_collection_id (m, origin_id, main_graph->rank);
  merge_node_set_sub (m, all, (gpointer *)&collection, 1);
  collection->up = all;
  merge_map_set (main_graph, collection->id, collection);
  merge_map_del (main_graph, origin_id);

  for (guint i = 0; i < n_others; i++)
    {
      MergeNode *other = merge_map_get (others[i], origin_id);

      if (other == NULL)
        continue;
      other->id = rank_collection_id (m, other->id, others[i]->rank);
      merge_map_set (main_graph, other->id, other);
      for (guint j = 0; j < other->sub->n; j++)
        {
          MergeNode *api = other->sub->v[j];

          rename_rank_api (m, api, others[i]->rank);
          merge_map_set (main_graph, api->id, api);
        }
      merge_list_append (m, all->sub, other);
      other->up = all;
    }
  return all;
}

/**
 * merge_api_collections:
 *
 * merge_graph_api_collection: the root of the first graph lists one
 * Apis_Between_Modules_All_Ranks.k (whose upnode is None in July, the root in 26) where each
 * graph had Apis_Between_Modules.k; collections gathered before are gathered further.
 */
void
merge_api_collections (Merger            *m,
                       MergeGraph *const *graphs,
                       guint              n)
{
  MergeGraph *main_graph = graphs[0];
  MergeNode *root = main_graph->root;
  MergeList *old = root->sub;
  g_autoptr(GPtrArray) kept = g_ptr_array_sized_new (old->n);

  for (guint i = 0; i < old->n; i++)
    {
      MergeNode *node = old->v[i];

      if (g_str_has_prefix (node->id, APIS_ALL_RANKS))
        {
          g_ptr_array_add (kept, node);
          gather_all_ranks (m, main_graph, node, graphs + 1, n - 1);
        }
      else if (g_str_has_prefix (node->id, APIS))
        g_ptr_array_add (kept, collect_ranks (m, main_graph, node, graphs + 1, n - 1));
      else
        g_ptr_array_add (kept, node);
    }
  merge_node_set_sub (m, root, kept->pdata, kept->len);
}

static gint64
collection_rank (const MergeNode *node)
{
  const char *hit = strstr (node->id, "_Rank");

  for (; hit != NULL; hit = strstr (hit + 1, "_Rank"))
    if (g_ascii_isdigit (hit[5]))
      return g_ascii_strtoll (hit + 5, NULL, 10);
  return G_MAXINT64;
}

static gint
by_collection_rank (gconstpointer a,
                    gconstpointer b,
                    gpointer      user_data)
{
  gint64 x = collection_rank (*(MergeNode *const *)a);
  gint64 y = collection_rank (*(MergeNode *const *)b);

  return x < y ? -1 : x > y;
}

/* sort_merged_api_collection: the rank collections of each All_Ranks node by rank. */
void
merge_sort_api_collections (Merger     *m,
                            MergeGraph *g)
{
  for (guint i = 0; i < g->root->sub->n; i++)
    {
      MergeNode *node = g->root->sub->v[i];

      /* sorted() makes a new list. */
      if (node->type == MSVIS_NODE_API_COLLECTION && g_str_has_prefix (node->id, APIS_ALL_RANKS))
        {
          merge_node_set_sub (m, node, node->sub->v, node->sub->n);
          g_qsort_with_data (node->sub->v, node->sub->n, sizeof (gpointer), by_collection_rank,
                             NULL);
        }
    }
}
