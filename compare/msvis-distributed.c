// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "msvis-distributed.h"
#include "msvis-dist-api.h"
#include "msvis-py-repr.h"

/* msprobe's DistributedAnalyzer (vis-format.md §4.9): links the communication nodes of the
 * ranks of one step. Each rank numbers its calls per peer or group ("sendrank1_1",
 * "77849d8call_reduce_2"), and the call with the matching number on the other rank is the
 * counterpart. */

typedef struct
{
  int         rank;
  MsvisGraph *graph;
  GHashTable *uids;        /* uid -> node id, and node id -> uid (both owned strings) */
  GHashTable *batch_uids;  /* node id -> GPtrArray of uids */
} Rank;

struct _MsvisDistributed
{
  GArray   *ranks;         /* Rank, in the order they were added */
  gboolean  overflow;
};

MsvisDistributed *
msvis_distributed_new (gboolean overflow_check)
{
  MsvisDistributed *self = g_new0 (MsvisDistributed, 1);

  self->ranks = g_array_new (FALSE, FALSE, sizeof (Rank));
  self->overflow = overflow_check;
  return self;
}

void
msvis_distributed_free (MsvisDistributed *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < self->ranks->len; i++)
    {
      Rank *r = &g_array_index (self->ranks, Rank, i);

      g_object_unref (r->graph);
      g_hash_table_unref (r->uids);
      g_hash_table_unref (r->batch_uids);
    }
  g_array_unref (self->ranks);
  g_free (self);
}

static Rank *
find_rank (MsvisDistributed *self,
           int               rank)
{
  for (guint i = 0; i < self->ranks->len; i++)
    if (g_array_index (self->ranks, Rank, i).rank == rank)
      return &g_array_index (self->ranks, Rank, i);
  return NULL;
}

/**
 * msvis_distributed_add:
 *
 * Adds one rank's graph. A rank added twice keeps its first place and takes the later graph,
 * as msprobe's {rank: graph} dict does.
 */
void
msvis_distributed_add (MsvisDistributed *self,
                       int               rank,
                       MsvisGraph       *graph)
{
  Rank *existing = find_rank (self, rank);
  Rank r = { rank, g_object_ref (graph),
             g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free),
             g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                    (GDestroyNotify)g_ptr_array_unref) };

  if (existing != NULL)
    {
      g_object_unref (existing->graph);
      g_hash_table_unref (existing->uids);
      g_hash_table_unref (existing->batch_uids);
      *existing = r;
      return;
    }

  g_array_append_val (self->ranks, r);
}

/* str() of a parsed item value */
static void
append_py_str (GString          *out,
               const MsvisField *field)
{
  switch ((MsvisValueKind)field->kind)
    {
    case MSVIS_VALUE_NONE: g_string_append (out, "None"); break;
    case MSVIS_VALUE_BOOL: g_string_append (out, field->b ? "True" : "False"); break;
    case MSVIS_VALUE_INT: g_string_append_printf (out, "%" G_GINT64_FORMAT, field->i); break;
    case MSVIS_VALUE_FLOAT: msvis_py_append_float_repr (out, field->f); break;
    case MSVIS_VALUE_PERCENT:
      msvis_py_append_float_repr (out, field->f);
      g_string_append_c (out, '%');
      break;
    case MSVIS_VALUE_STR:
    case MSVIS_VALUE_OBJECT:
    default: g_string_append (out, field->s); break;
    }
}

/* The input item `<id>.input.<param>`, if the node has one. */
static gint64
find_input (MsvisGraph  *graph,
            MsvisNodeId  node,
            const char  *param)
{
  g_autofree char *key = g_strconcat (msvis_graph_node_get_id (graph, node), ".input.", param,
                                      NULL);
  guint32 n, first = msvis_graph_node_get_inputs (graph, node, &n);

  for (guint32 i = 0; i < n; i++)
    if (strcmp (msvis_graph_get_item (graph, first + i)->key, key) == 0)
      return first + i;
  return -1;
}

/* The "value" of the input that names a peer: None when absent. */
static const MsvisField *
target_rank_of (MsvisGraph  *graph,
                MsvisNodeId  node,
                const char  *param)
{
  gint64 item = find_input (graph, node, param);
  const MsvisField *value;

  if (item < 0)
    return NULL;
  value = msvis_graph_item_find_field (graph, item, msvis_graph_atom (graph, "value"));
  return value && value->kind != MSVIS_VALUE_NONE ? value : NULL;
}

/* A peer value as the key of msprobe's {rank: graph} dict: ints, integral floats and bools. */
static gboolean
field_as_rank (const MsvisField *field,
               int              *rank)
{
  if (field->kind == MSVIS_VALUE_INT)
    *rank = field->i;
  else if (field->kind == MSVIS_VALUE_BOOL)
    *rank = field->b;
  else if (field->kind == MSVIS_VALUE_FLOAT && field->f == (int)field->f)
    *rank = field->f;
  else
    return FALSE;
  return TRUE;
}

/* group_ranks and group_id of the `group` keyword, or FALSE if either is empty. */
static gboolean
group_info_of (MsvisGraph  *graph,
               MsvisNodeId  node,
               GStrv       *ranks,
               const char **group_id)
{
  gint64 item = find_input (graph, node, "group");
  const MsvisField *r, *g;
  g_autofree char *inner = NULL;

  if (item < 0)
    return FALSE;
  r = msvis_graph_item_find_field (graph, item, msvis_graph_atom (graph, "group_ranks"));
  g = msvis_graph_item_find_field (graph, item, msvis_graph_atom (graph, "group_id"));
  if (r == NULL || r->kind != MSVIS_VALUE_OBJECT || strcmp (r->s, "[]") == 0 ||
      g == NULL || g->kind != MSVIS_VALUE_STR || g->s[0] == '\0')
    return FALSE;

  /* group_ranks is kept as Python prints the list: "[0, 1]" */
  inner = g_strndup (r->s + 1, strlen (r->s) - 2);
  *ranks = g_strsplit (inner, ", ", -1);
  *group_id = g->s;
  return TRUE;
}

static const char *
api_of (const char *id,
        char       *buf,
        gsize       size)
{
  const char *dot = strchr (id, '.'), *end;

  if (dot == NULL)
    return NULL;
  end = strchr (dot + 1, '.');
  g_strlcpy (buf, dot + 1, MIN (size, (gsize)((end ? end : dot + 1 + strlen (dot + 1)) - dot)));
  return buf;
}

static void
build_mapping (MsvisDistributed *self,
               Rank             *r)
{
  g_autoptr(GHashTable) count = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) batch_count = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) gid = g_string_new (NULL);
  MsvisGraph *graph = r->graph;

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      const char *id = msvis_graph_node_get_id (graph, node);
      const MsvisDistApi *config;
      char api_buf[256];
      const char *api;
      guint n;

      if (!g_str_has_prefix (id, "Distributed") || !(api = api_of (id, api_buf, sizeof api_buf)))
        continue;
      config = msvis_dist_api_find (api);
      g_string_truncate (gid, 0);

      if (strcmp (api, "batch_isend_irecv") == 0)
        {
          MsvisJsonValue *infos = msvis_graph_node_get_batch_p2p (graph, node);
          GPtrArray *uids = g_ptr_array_new_with_free_func (g_free);

          if (infos != NULL)
            msvis_json_value_foreach (info, infos)
              {
                const MsvisJsonValue *op = msvis_json_value_get_member (info, "op");
                const MsvisJsonValue *peer = msvis_json_value_get_member (info, "peer");
                const MsvisJsonValue *group = msvis_json_value_get_member (info, "group_id");
                char *uid;

                if (op->kind == MSVIS_JSON_NULL || peer->kind == MSVIS_JSON_NULL ||
                    group->kind != MSVIS_JSON_STRING)
                  continue;
                g_string_truncate (gid, 0);
                msvis_py_append_str (gid, op);
                g_string_append (gid, "_rank");
                msvis_py_append_str (gid, peer);
                g_string_append_printf (gid, "_%s", group->s);
                n = GPOINTER_TO_UINT (g_hash_table_lookup (batch_count, gid->str)) + 1;
                g_hash_table_insert (batch_count, g_strdup (gid->str), GUINT_TO_POINTER (n));
                uid = g_strdup_printf ("%s_%u", gid->str, n);
                g_hash_table_insert (r->uids, g_strdup (uid), g_strdup (id));
                g_ptr_array_add (uids, uid);
              }
          if (uids->len > 0)
            g_hash_table_insert (r->batch_uids, g_strdup (id), uids);
          else
            g_ptr_array_unref (uids);
          continue;
        }

      if (config != NULL && config->p2p)
        {
          const MsvisField *t = target_rank_of (graph, node, config->rank_param);

          if (t == NULL)
            continue;
          g_string_append_printf (gid, "%srank", api);
          append_py_str (gid, t);
        }
      else
        {
          g_auto(GStrv) ranks = NULL;
          const char *group_id;

          if (!group_info_of (graph, node, &ranks, &group_id))
            continue;
          g_string_append_printf (gid, "%s%s", group_id, api);
        }

      n = GPOINTER_TO_UINT (g_hash_table_lookup (count, gid->str)) + 1;
      g_hash_table_insert (count, g_strdup (gid->str), GUINT_TO_POINTER (n));
      g_string_append_printf (gid, "_%u", n);
      g_hash_table_insert (r->uids, g_strdup (gid->str), g_strdup (id));
      g_hash_table_insert (r->uids, g_strdup (id), g_strdup (gid->str));
    }
}

/* What a linked node shows of its counterpart: its overflow level with -oc, else its
 * precision index, else "Nan". */
static char *
index_of (MsvisDistributed *self,
          MsvisGraph       *graph,
          MsvisNodeId       node)
{
  if (self->overflow)
    {
      const char *level = msvis_overflow_level_to_string (msvis_graph_node_get_overflow (graph,
                                                                                          node));
      return g_strdup (level ? level : "Nan");
    }

  {
    MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
    MsvisPrecision precision = results ? msvis_compare_results_get_precision (results, node)
                                       : (MsvisPrecision) { MSVIS_PRECISION_NONE, 0 };
    GString *text;

    if (precision.kind == MSVIS_PRECISION_NONE)
      return g_strdup ("Nan");
    text = g_string_new (NULL);
    msvis_precision_append_repr (text, precision);
    return g_string_free (text, FALSE);
  }
}

static MsvisNodeId
target_node (MsvisDistributed *self,
             int               rank,
             const char       *uid,
             const char       *api,
             int               target,
             const char       *target_api,
             Rank            **target_rank)
{
  Rank *t = find_rank (self, target);
  g_autofree char *renamed = NULL;
  const char *node_id;

  *target_rank = t;
  if (t == NULL || uid == NULL)
    return MSVIS_NODE_ID_NONE;

  if (target_api != NULL)
    {
      g_autofree char *from = g_strdup_printf ("rank%d", target);
      g_autofree char *to = g_strdup_printf ("rank%d", rank);
      g_auto(GStrv) a = g_strsplit (uid, from, -1);
      g_autofree char *step = g_strjoinv (to, a);
      g_auto(GStrv) b = g_strsplit (step, api, -1);

      renamed = g_strjoinv (target_api, b);
      uid = renamed;
    }

  node_id = g_hash_table_lookup (t->uids, uid);
  return node_id ? msvis_graph_lookup (t->graph, node_id) : MSVIS_NODE_ID_NONE;
}

static MsvisJsonValue *
make_entry (MsvisDistributed *self,
            MsvisGraph       *graph,
            const char       *comm_type,
            const char       *key,
            MsvisGraph       *target_graph,
            MsvisNodeId       target)
{
  MsvisArena *arena = msvis_graph_get_arena (graph);
  MsvisJsonValue *entry = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
  MsvisJsonValue *info = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
  MsvisJsonValue *pair = msvis_json_value_new (arena, MSVIS_JSON_ARRAY);
  g_autofree char *index = index_of (self, target_graph, target);

  msvis_json_value_append (pair, msvis_json_value_new_string (arena, index));
  msvis_json_value_append (pair, msvis_json_value_new_string (arena,
                                                              msvis_graph_node_get_id (target_graph,
                                                                                       target)));
  msvis_json_value_set_member (arena, info, key, pair);
  msvis_json_value_set_member (arena, entry, "communications_type",
                               msvis_json_value_new_string (arena, comm_type));
  msvis_json_value_set_member (arena, entry, "nodes_info", info);
  return entry;
}

static gboolean
fields_equal (const MsvisField *a,
              const MsvisField *b)
{
  gboolean a_num = a && (a->kind == MSVIS_VALUE_INT || a->kind == MSVIS_VALUE_FLOAT);
  gboolean b_num = b && (b->kind == MSVIS_VALUE_INT || b->kind == MSVIS_VALUE_FLOAT);

  if (a == NULL || a->kind == MSVIS_VALUE_NONE)
    return b == NULL || b->kind == MSVIS_VALUE_NONE;
  if (b == NULL)
    return FALSE;
  if (a_num && b_num)
    {
      double x = a->kind == MSVIS_VALUE_INT ? a->i : a->f;
      double y = b->kind == MSVIS_VALUE_INT ? b->i : b->f;

      return a->kind == MSVIS_VALUE_INT && b->kind == MSVIS_VALUE_INT ? a->i == b->i : x == y;
    }
  if (a->kind != b->kind)
    return FALSE;
  if (a->kind == MSVIS_VALUE_BOOL)
    return a->b == b->b;
  return strcmp (a->s, b->s) == 0;
}

static gint64
output0 (MsvisGraph  *graph,
         MsvisNodeId  node)
{
  g_autofree char *key = g_strconcat (msvis_graph_node_get_id (graph, node), ".output.0", NULL);
  guint32 n, first = msvis_graph_node_get_outputs (graph, node, &n);

  for (guint32 i = 0; i < n; i++)
    if (strcmp (msvis_graph_get_item (graph, first + i)->key, key) == 0)
      return first + i;
  return -1;
}

static gboolean
outputs_equal (MsvisGraph  *a,
               MsvisNodeId  node_a,
               MsvisGraph  *b,
               MsvisNodeId  node_b)
{
  static const char *keys[] = { "dtype", "shape", "Max", "Min", "Mean", "Norm" };
  gint64 item_a = output0 (a, node_a), item_b = output0 (b, node_b);

  /* msprobe stops with an AttributeError here; msvis just does not link the pair. */
  if (item_a < 0 || item_b < 0)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (!fields_equal (msvis_graph_item_find_field (a, item_a, msvis_graph_atom (a, keys[i])),
                       msvis_graph_item_find_field (b, item_b, msvis_graph_atom (b, keys[i]))))
      return FALSE;
  return TRUE;
}

static void
match_p2p (MsvisDistributed    *self,
           Rank                *r,
           MsvisNodeId          node,
           const MsvisDistApi  *config)
{
  const MsvisField *t = target_rank_of (r->graph, node, config->rank_param);
  const MsvisField *back;
  const char *uid = g_hash_table_lookup (r->uids, msvis_graph_node_get_id (r->graph, node));
  Rank *tr;
  MsvisNodeId target;
  int t_rank;
  g_autoptr(GString) key = g_string_new (NULL);

  if (t == NULL || !field_as_rank (t, &t_rank))
    return;
  target = target_node (self, r->rank, uid, config->api, t_rank, config->target_api, &tr);
  if (target == MSVIS_NODE_ID_NONE)
    return;

  back = target_rank_of (tr->graph, target, msvis_dist_api_find (config->target_api)->rank_param);
  if (back == NULL || back->kind != MSVIS_VALUE_INT || back->i != r->rank)
    return;
  if (!outputs_equal (r->graph, node, tr->graph, target))
    return;

  append_py_str (key, t);
  msvis_graph_node_set_distributed (r->graph, node,
                                    make_entry (self, r->graph, config->comm_type, key->str,
                                                tr->graph, target));
  g_string_printf (key, "%d", r->rank);
  msvis_graph_node_set_distributed (tr->graph, target,
                                    make_entry (self, tr->graph,
                                                msvis_dist_api_find (config->target_api)->comm_type,
                                                key->str, r->graph, node));
}

static void
match_collective (MsvisDistributed    *self,
                  Rank                *r,
                  MsvisNodeId          node,
                  const char          *api,
                  const MsvisDistApi  *config)
{
  MsvisArena *arena = msvis_graph_get_arena (r->graph);
  const char *comm_type = "send_receive";
  const char *uid = g_hash_table_lookup (r->uids, msvis_graph_node_get_id (r->graph, node));
  g_auto(GStrv) ranks = NULL;
  const char *group_id;
  g_autofree char *self_rank = g_strdup_printf ("%d", r->rank);
  MsvisJsonValue *nodes_info;

  if (config != NULL)
    {
      const MsvisField *src = target_rank_of (r->graph, node, config->rank_param);
      g_autoptr(GString) text = g_string_new (NULL);

      if (src == NULL)
        return;
      append_py_str (text, src);
      if (strcmp (text->str, self_rank) != 0)
        return;
      comm_type = config->comm_type;
    }

  if (!group_info_of (r->graph, node, &ranks, &group_id))
    return;

  nodes_info = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
  for (guint i = 0; ranks[i] != NULL; i++)
    {
      g_auto(GStrv) target_ranks = NULL;
      const char *target_group;
      MsvisNodeId target;
      Rank *tr;
      char *end;
      long t = strtol (ranks[i], &end, 10);

      if (strcmp (ranks[i], self_rank) == 0 || *end != '\0' || end == ranks[i])
        continue;
      target = target_node (self, r->rank, uid, api, t, NULL, &tr);
      if (target == MSVIS_NODE_ID_NONE ||
          !group_info_of (tr->graph, target, &target_ranks, &target_group) ||
          strcmp (group_id, target_group) != 0)
        continue;

      {
        MsvisJsonValue *entry = make_entry (self, r->graph, comm_type, ranks[i], tr->graph, target);
        MsvisJsonValue *info = msvis_json_value_get_member (entry, "nodes_info");

        msvis_json_value_set_member (arena, nodes_info, ranks[i], info->first);
      }
      if (config != NULL)
        msvis_graph_node_set_distributed (tr->graph, target,
                                          make_entry (self, tr->graph,
                                                      msvis_dist_api_opposite (comm_type),
                                                      self_rank, r->graph, node));
    }

  if (nodes_info->n > 0)
    {
      MsvisJsonValue *entry = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);

      msvis_json_value_set_member (arena, entry, "communications_type",
                                   msvis_json_value_new_string (arena, comm_type));
      msvis_json_value_set_member (arena, entry, "nodes_info", nodes_info);
      msvis_graph_node_set_distributed (r->graph, node, entry);
    }
}

static void
match_batch (MsvisDistributed *self,
             Rank             *r,
             MsvisNodeId       node)
{
  GPtrArray *uids = g_hash_table_lookup (r->batch_uids, msvis_graph_node_get_id (r->graph, node));
  MsvisArena *arena = msvis_graph_get_arena (r->graph);
  MsvisJsonValue *result = NULL;

  if (uids == NULL)
    return;

  for (guint i = 0; i < uids->len; i++)
    {
      const char *uid = g_ptr_array_index (uids, i);
      g_auto(GStrv) parts = g_strsplit (uid, "_", -1);
      const MsvisDistApi *config = parts[1] ? msvis_dist_api_find (parts[0]) : NULL;
      MsvisJsonValue *entry;
      MsvisNodeId target;
      Rank *tr;
      char *end;
      long t;

      if (config == NULL || !g_str_has_prefix (parts[1], "rank"))
        continue;
      t = strtol (parts[1] + 4, &end, 10);
      if (*end != '\0' || end == parts[1] + 4)
        continue;
      target = target_node (self, r->rank, uid, parts[0], t, config->target_api, &tr);
      if (target == MSVIS_NODE_ID_NONE)
        continue;

      {
        g_autofree char *key = g_strdup_printf ("%ld", t);

        entry = make_entry (self, r->graph, config->comm_type, key, tr->graph, target);
      }
      if (uids->len > 1)
        {
          if (result == NULL)
            result = msvis_json_value_new (arena, MSVIS_JSON_ARRAY);
          msvis_json_value_append (result, entry);
        }
      else
        result = entry;
    }

  if (result != NULL)
    msvis_graph_node_set_distributed (r->graph, node, result);
}

/**
 * msvis_distributed_match:
 *
 * Links the communication nodes of all added ranks, setting their `matched_distributed`.
 */
void
msvis_distributed_match (MsvisDistributed *self)
{
  for (guint i = 0; i < self->ranks->len; i++)
    build_mapping (self, &g_array_index (self->ranks, Rank, i));

  for (guint i = 0; i < self->ranks->len; i++)
    {
      Rank *r = &g_array_index (self->ranks, Rank, i);

      for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (r->graph); node++)
        {
          const char *id = msvis_graph_node_get_id (r->graph, node);
          const MsvisDistApi *config;
          char api_buf[256];
          const char *api;

          if (!g_str_has_prefix (id, "Distributed") ||
              msvis_graph_node_get_distributed (r->graph, node) != NULL ||
              !(api = api_of (id, api_buf, sizeof api_buf)))
            continue;

          config = msvis_dist_api_find (api);
          if (strcmp (api, "batch_isend_irecv") == 0)
            match_batch (self, r, node);
          else if (config != NULL && config->p2p)
            match_p2p (self, r, node, config);
          else
            match_collective (self, r, node, api, config);
        }
    }
}
