// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <sqlite3.h>

#include "msvis-json-value.h"
#include "msvis-json-writer.h"
#include "msvis-dist-api.h"
#include "msvis-py-repr.h"
#include "msvis-vis-db26-writer.h"

/* distributed_analyse of 26.0.0 (msprobe-2026.md §10.7): the Distributed rows are read back
 * from the file, in row order, with their FORMATTED input_data, and matched per data source
 * and step as vis-format.md §4.9 says, with msprobe-2026.md §10.7's changes: ranks and
 * groups are the strings the items hold, no output check, batch_isend_irecv never matched,
 * precision as str() of the stored value. Python's quirks are kept: str.replace over the
 * whole unique id, string comparisons of ranks. */

typedef struct
{
  char                 *id;
  char                 *api;        /* id.split(".")[1] */
  const MsvisJsonValue *inputs;
  char                 *index;      /* str() of precision_index or overflow_level, or "Nan" */
  char                 *matched;    /* json.dumps(matched_distributed); NULL: not matched */
} Node;

typedef struct
{
  char       *rank;       /* str(rank) */
  GPtrArray  *nodes;      /* Node, row order */
  GHashTable *by_id;      /* id -> Node */
  GHashTable *mapping;    /* unique group id <-> node id, one dict as msprobe's */
} Rank;

typedef struct
{
  char       *data_source;
  gint64      step;
  GPtrArray  *ranks;      /* Rank, first-seen order */
  GHashTable *by_rank;    /* str(rank) -> Rank */
} Group;

static void
node_free (gpointer data)
{
  Node *node = data;

  g_free (node->id);
  g_free (node->api);
  g_free (node->index);
  g_free (node->matched);
  g_free (node);
}

static void
rank_free (gpointer data)
{
  Rank *rank = data;

  g_free (rank->rank);
  g_ptr_array_unref (rank->nodes);
  g_hash_table_unref (rank->by_id);
  g_hash_table_unref (rank->mapping);
  g_free (rank);
}

static void
group_free (gpointer data)
{
  Group *group = data;

  g_free (group->data_source);
  g_ptr_array_unref (group->ranks);
  g_hash_table_unref (group->by_rank);
  g_free (group);
}

/* node.input_data.get(f"{id}.input.{param}", {}).get("value"); NULL stands for None. */
static const MsvisJsonValue *
input_member (const Node *node,
              const char *param)
{
  g_autofree char *key = g_strdup_printf ("%s.input.%s", node->id, param);
  const MsvisJsonValue *item;

  if (node->inputs == NULL || node->inputs->kind != MSVIS_JSON_OBJECT)
    return NULL;
  item = msvis_json_value_get_member (node->inputs, key);
  if (item == NULL || item->kind != MSVIS_JSON_OBJECT)
    return NULL;
  return item;
}

static const MsvisJsonValue *
input_value (const Node *node,
             const char *param)
{
  const MsvisJsonValue *item = input_member (node, param);
  const MsvisJsonValue *value = item ? msvis_json_value_get_member (item, "value") : NULL;

  return value != NULL && value->kind != MSVIS_JSON_NULL ? value : NULL;
}

static char *
py_str (const MsvisJsonValue *value)
{
  GString *out = g_string_new (NULL);

  msvis_py_append_str (out, value);
  return g_string_free (out, FALSE);
}

/* The group_ranks list and group_id of a node's group argument, or FALSE. */
static gboolean
group_info (const Node            *node,
            MsvisArena            *arena,
            const MsvisJsonValue **ranks,
            char                 **group_id)
{
  const MsvisJsonValue *group = input_member (node, "group");
  const MsvisJsonValue *value, *id;

  if (group == NULL || group->n == 0)
    return FALSE;
  value = msvis_json_value_get_member (group, "group_ranks");
  if (value == NULL || !msvis_json_value_is_truthy (value))
    return FALSE;
  if (value->kind == MSVIS_JSON_STRING)
    {
      g_autoptr(MsvisJsonScanner) scanner = msvis_json_scanner_new_for_spans ("group_ranks");
      MsvisJsonToken token;

      msvis_json_scanner_set_span (scanner, value->s, value->n, 0);
      if (!msvis_json_scanner_next (scanner, &token, NULL) ||
          !(value = msvis_json_value_read (arena, scanner, token, NULL)))
        return FALSE;
    }
  /* json.loads may give something else than a list, on which msprobe fails: no match. */
  if (value->kind != MSVIS_JSON_ARRAY || value->n == 0)
    return FALSE;
  id = msvis_json_value_get_member (group, "group_id");
  if (id == NULL || !msvis_json_value_is_truthy (id))
    return FALSE;
  *ranks = value;
  *group_id = py_str (id);
  return TRUE;
}

/* str.replace: every occurrence. */
static char *
replace_all (const char *text,
             const char *from,
             const char *to)
{
  g_auto(GStrv) parts = NULL;

  if (*from == '\0')
    return g_strdup (text);
  parts = g_strsplit (text, from, -1);
  return g_strjoinv (to, parts);
}

static void
make_mapping (Rank       *rank,
              MsvisArena *arena)
{
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < rank->nodes->len; i++)
    {
      Node *node = g_ptr_array_index (rank->nodes, i);
      const MsvisDistApi *config = msvis_dist_api_find (node->api);
      g_autofree char *group_id = NULL;
      char *unique;
      guint count;

      if (strcmp (node->api, "batch_isend_irecv") == 0)
        continue;   /* its p2p list is not in the database: never mapped */
      if (config != NULL && config->p2p)
        {
          const MsvisJsonValue *target = input_value (node, config->rank_param);
          g_autofree char *target_text = NULL;

          if (target == NULL)
            continue;
          target_text = py_str (target);
          group_id = g_strconcat (node->api, "rank", target_text, NULL);
        }
      else
        {
          const MsvisJsonValue *ranks;
          char *id;

          if (!group_info (node, arena, &ranks, &id))
            continue;
          group_id = g_strconcat (id, node->api, NULL);
          g_free (id);
        }
      count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, group_id)) + 1;
      g_hash_table_replace (counts, g_strdup (group_id), GUINT_TO_POINTER (count));
      unique = g_strdup_printf ("%s_%u", group_id, count);
      g_hash_table_replace (rank->mapping, g_strdup (unique), g_strdup (node->id));
      g_hash_table_replace (rank->mapping, g_strdup (node->id), unique);
    }
}

static Node *
target_node (Group      *group,
             Rank       *rank,
             const char *unique,
             const char *api,
             const char *target_rank,
             const char *target_api)
{
  Rank *target = g_hash_table_lookup (group->by_rank, target_rank);
  g_autofree char *target_unique = NULL;
  const char *node_id;

  if (target == NULL || target->nodes->len == 0)
    return NULL;
  if (target_api != NULL)
    {
      g_autofree char *from = g_strconcat ("rank", target_rank, NULL);
      g_autofree char *to = g_strconcat ("rank", rank->rank, NULL);
      g_autofree char *swapped = replace_all (unique, from, to);

      target_unique = replace_all (swapped, api, target_api);
    }
  else
    target_unique = g_strdup (unique);
  node_id = g_hash_table_lookup (target->mapping, target_unique);
  return node_id != NULL ? g_hash_table_lookup (target->by_id, node_id) : NULL;
}

/* json.dumps({"communications_type": type, "nodes_info": {...}}), the nodes_info members
 * already written in @info. */
static char *
matched_json (const char *comm_type,
              GString    *info)
{
  GString *out = g_string_new ("{\"communications_type\": ");

  msvis_json_append_escaped (out, comm_type, strlen (comm_type));
  g_string_append (out, ", \"nodes_info\": {");
  g_string_append_len (out, info->str, info->len);
  g_string_append (out, "}}");
  return g_string_free (out, FALSE);
}

static void
append_info (GString    *info,
             const char *key,
             const Node *target)
{
  if (info->len > 0)
    g_string_append (info, ", ");
  msvis_json_append_escaped (info, key, strlen (key));
  g_string_append (info, ": [");
  msvis_json_append_escaped (info, target->index, strlen (target->index));
  g_string_append (info, ", ");
  msvis_json_append_escaped (info, target->id, strlen (target->id));
  g_string_append_c (info, ']');
}

static void
set_matched (Node       *node,
             const Node *target,
             const char *comm_type,
             const char *target_rank)
{
  g_autoptr(GString) info = g_string_new (NULL);

  append_info (info, target_rank, target);
  g_free (node->matched);
  node->matched = matched_json (comm_type, info);
}

static void
p2p_match (Group               *group,
           Rank                *rank,
           Node                *node,
           const MsvisDistApi  *config)
{
  const MsvisJsonValue *value = input_value (node, config->rank_param);
  const MsvisDistApi *target_config = msvis_dist_api_find (config->target_api);
  const MsvisJsonValue *source;
  const char *unique;
  g_autofree char *target_rank = NULL;
  Node *target;

  if (value == NULL)
    return;
  target_rank = py_str (value);
  unique = g_hash_table_lookup (rank->mapping, node->id);
  target = target_node (group, rank, unique ? unique : "", config->api, target_rank,
                        config->target_api);
  if (target == NULL)
    return;
  /* source_rank != rank compares the item's value with the str rank. */
  source = input_value (target, target_config->rank_param);
  if (source == NULL || source->kind != MSVIS_JSON_STRING || strcmp (source->s, rank->rank) != 0)
    return;
  set_matched (node, target, config->comm_type, target_rank);
  set_matched (target, node, target_config->comm_type, rank->rank);
}

static void
collective_match (Group               *group,
                  Rank                *rank,
                  Node                *node,
                  const MsvisDistApi  *config,
                  MsvisArena          *arena)
{
  const char *comm_type = "send_receive";
  const MsvisJsonValue *ranks;
  g_autofree char *group_id = NULL;
  g_autoptr(GString) info = g_string_new (NULL);
  const char *unique;

  if (config != NULL)
    {
      const MsvisJsonValue *source = input_value (node, config->rank_param);
      g_autofree char *source_text = source ? py_str (source) : NULL;

      if (source_text == NULL || strcmp (source_text, rank->rank) != 0)
        return;
      comm_type = config->comm_type;
    }
  if (!group_info (node, arena, &ranks, &group_id))
    return;
  unique = g_hash_table_lookup (rank->mapping, node->id);
  msvis_json_value_foreach (element, ranks)
    {
      g_autofree char *target_rank = py_str (element);
      g_autofree char *target_group = NULL;
      const MsvisJsonValue *target_ranks;
      Node *target;

      if (strcmp (target_rank, rank->rank) == 0)
        continue;
      target = target_node (group, rank, unique ? unique : "", node->api, target_rank, NULL);
      if (target == NULL || !group_info (target, arena, &target_ranks, &target_group) ||
          strcmp (group_id, target_group) != 0)
        continue;
      append_info (info, target_rank, target);
      if (config != NULL)
        set_matched (target, node, msvis_dist_api_opposite (config->comm_type), rank->rank);
    }
  if (info->len > 0)
    {
      g_free (node->matched);
      node->matched = matched_json (comm_type, info);
    }
}

static void
match_group (Group      *group,
             MsvisArena *arena)
{
  for (guint r = 0; r < group->ranks->len; r++)
    make_mapping (g_ptr_array_index (group->ranks, r), arena);
  for (guint r = 0; r < group->ranks->len; r++)
    {
      Rank *rank = g_ptr_array_index (group->ranks, r);

      for (guint i = 0; i < rank->nodes->len; i++)
        {
          Node *node = g_ptr_array_index (rank->nodes, i);
          const MsvisDistApi *config = msvis_dist_api_find (node->api);

          if (node->matched != NULL || strcmp (node->api, "batch_isend_irecv") == 0)
            continue;
          if (config != NULL && config->p2p)
            p2p_match (group, rank, node, config);
          else
            collective_match (group, rank, node, config, arena);
        }
    }
}

static char *
index_text (sqlite3_stmt *stmt,
            int           column)
{
  switch (sqlite3_column_type (stmt, column))
    {
    case SQLITE_INTEGER:
      return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64)sqlite3_column_int64 (stmt, column));
    case SQLITE_FLOAT:
      {
        GString *out = g_string_new (NULL);

        msvis_py_append_float_repr (out, sqlite3_column_double (stmt, column));
        return g_string_free (out, FALSE);
      }
    case SQLITE_NULL:
      return g_strdup ("Nan");
    default:
      return g_strdup ((const char *)sqlite3_column_text (stmt, column));
    }
}

static Group *
group_for (GPtrArray  *groups,
           const char *data_source,
           gint64      step)
{
  Group *group;

  for (guint i = 0; i < groups->len; i++)
    {
      group = g_ptr_array_index (groups, i);
      if (group->step == step && strcmp (group->data_source, data_source) == 0)
        return group;
    }
  group = g_new0 (Group, 1);
  group->data_source = g_strdup (data_source);
  group->step = step;
  group->ranks = g_ptr_array_new_with_free_func (rank_free);
  group->by_rank = g_hash_table_new (g_str_hash, g_str_equal);
  g_ptr_array_add (groups, group);
  return group;
}

static Rank *
rank_for (Group  *group,
          gint64  number)
{
  g_autofree char *name = g_strdup_printf ("%" G_GINT64_FORMAT, number);
  Rank *rank = g_hash_table_lookup (group->by_rank, name);

  if (rank != NULL)
    return rank;
  rank = g_new0 (Rank, 1);
  rank->rank = g_steal_pointer (&name);
  rank->nodes = g_ptr_array_new_with_free_func (node_free);
  rank->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  rank->mapping = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_ptr_array_add (group->ranks, rank);
  g_hash_table_insert (group->by_rank, rank->rank, rank);
  return rank;
}

/* One row into its group; a row whose input_data is not JSON is skipped, as msprobe does. */
static void
read_row (sqlite3_stmt *stmt,
          GPtrArray    *groups,
          MsvisArena   *arena,
          gboolean      overflow_check)
{
  const char *id = (const char *)sqlite3_column_text (stmt, 0);
  const char *inputs = (const char *)sqlite3_column_text (stmt, 1);
  const char *data_source = (const char *)sqlite3_column_text (stmt, 4);
  g_autoptr(MsvisJsonScanner) scanner = NULL;
  MsvisJsonValue *value = NULL;
  MsvisJsonToken token;
  const char *dot;
  Rank *rank;
  Node *node;

  if (id == NULL || data_source == NULL || (dot = strchr (id, '.')) == NULL)
    return;   /* an id without a dot: msprobe stops with a ValueError */
  if (inputs != NULL)
    {
      scanner = msvis_json_scanner_new_for_spans ("input_data");
      msvis_json_scanner_set_span (scanner, inputs, sqlite3_column_bytes (stmt, 1), 0);
      if (msvis_json_scanner_next (scanner, &token, NULL))
        value = msvis_json_value_read (arena, scanner, token, NULL);
    }
  if (value == NULL)
    return;

  rank = rank_for (group_for (groups, data_source, sqlite3_column_int64 (stmt, 3)),
                   sqlite3_column_int64 (stmt, 2));
  node = g_new0 (Node, 1);
  node->id = g_strdup (id);
  node->api = g_strndup (dot + 1, strcspn (dot + 1, "."));
  node->inputs = value;
  node->index = index_text (stmt, overflow_check ? 6 : 5);
  if (g_hash_table_lookup (rank->by_id, node->id) == NULL)
    {
      g_ptr_array_add (rank->nodes, node);
      g_hash_table_insert (rank->by_id, node->id, node);
    }
  else
    node_free (node);
}

static gboolean
store_group (sqlite3  *db,
             Group    *group,
             GError  **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = TRUE;

  if (sqlite3_prepare_v2 (db, "UPDATE tb_nodes SET matched_distributed = ? WHERE step = ? AND "
                          "rank = ? AND data_source = ? AND node_name = ?", -1, &stmt,
                          NULL) != SQLITE_OK)
    ok = FALSE;
  for (guint r = 0; ok && r < group->ranks->len; r++)
    {
      Rank *rank = g_ptr_array_index (group->ranks, r);

      for (guint i = 0; ok && i < rank->nodes->len; i++)
        {
          Node *node = g_ptr_array_index (rank->nodes, i);

          if (node->matched == NULL)
            continue;
          sqlite3_bind_text (stmt, 1, node->matched, -1, SQLITE_STATIC);
          sqlite3_bind_int64 (stmt, 2, group->step);
          sqlite3_bind_text (stmt, 3, rank->rank, -1, SQLITE_STATIC);
          sqlite3_bind_text (stmt, 4, group->data_source, -1, SQLITE_STATIC);
          sqlite3_bind_text (stmt, 5, node->id, -1, SQLITE_STATIC);
          ok = sqlite3_step (stmt) == SQLITE_DONE;
          sqlite3_reset (stmt);
        }
    }
  if (!ok)
    g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_WRITE,
                 "%s", sqlite3_errmsg (db));
  sqlite3_finalize (stmt);
  return ok;
}

/**
 * msvis_vis_db26_link_distributed:
 * @sqlite_db: the sqlite3 connection the rows were written with
 * @overflow_check: -oc: a target's overflow level instead of its precision
 *
 * Fills matched_distributed of the communication rows that find their counterpart.
 */
gboolean
msvis_vis_db26_link_distributed (gpointer   sqlite_db,
                                 gboolean   overflow_check,
                                 GError   **error)
{
  sqlite3 *db = sqlite_db;
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (group_free);
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  sqlite3_stmt *stmt = NULL;
  int status;

  if (sqlite3_prepare_v2 (db, "SELECT node_name, input_data, rank, step, data_source, "
                          "precision_index, overflow_level FROM tb_nodes WHERE "
                          "is_distributed = 1 ORDER BY rowid", -1, &stmt, NULL) != SQLITE_OK)
    {
      g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_WRITE,
                   "%s", sqlite3_errmsg (db));
      return FALSE;
    }
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    read_row (stmt, groups, arena, overflow_check);
  sqlite3_finalize (stmt);
  if (status != SQLITE_DONE)
    {
      g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_WRITE,
                   "%s", sqlite3_errmsg (db));
      return FALSE;
    }

  for (guint i = 0; i < groups->len; i++)
    {
      match_group (g_ptr_array_index (groups, i), arena);
      if (!store_group (db, g_ptr_array_index (groups, i), error))
        return FALSE;
    }
  return TRUE;
}
