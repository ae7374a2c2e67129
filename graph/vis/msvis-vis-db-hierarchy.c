// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-vis-db-private.h"

/* How the rows' sub_nodes become the tree. sub_nodes give each node its children in order;
 * up_node is not needed for that (but for the root), so a file whose up_node is wrong
 * elsewhere still reads. msprobe 26's VPP merge, though, moves a chunk's layers under chunk
 * 0's module and leaves them in the old module's sub_nodes as well (graph_merger.py
 * _merge_vpp_chunks@8ff00da3, msprobe-2026.md §11.1): two rows list them. tb_graph_ascend
 * expands a node by up_node (query_sub_nodes: WHERE up_node = ?), so the layers show under
 * the module their up_node names and the old one opens on nothing. msvis does the same: of
 * several rows that list a node, the one its up_node names has it; the others keep their list
 * as written (a subnode list, as the .vis reader keeps one), which the writers walk. Several
 * listers and an up_node naming none of them, a list naming a node twice, or a listing of
 * one's own ancestor is a broken file. */

#define LISTED_TWICE N_("a node is listed under two parents, or the graph has a cycle")

typedef struct
{
  guint first, n;   /* in the flat list of listed nodes */
} Run;

typedef struct
{
  MsvisVisDb  *self;
  MsvisGraph  *graph;
  GPtrArray   *where;
  Run         *runs;
  GArray      *listed;   /* MsvisNodeId, every list one after the other */
  guint8      *count;    /* how many rows list the node: 0, 1, 2 for more */
  MsvisNodeId *named;    /* the lister its up_node names, if one does */
  gboolean     stale;    /* some row lists a node it does not have */
} Listings;

static gboolean
error_at (Listings    *l,
          MsvisNodeId  node,
          GError     **error)
{
  return msvis_vis_db_value_error (l->self, error, l->where->pdata[node], "sub_nodes",
                                   _(LISTED_TWICE));
}

static gboolean
parse_lists (Listings   *l,
             GPtrArray  *sub_nodes,
             GError    **error)
{
  MsvisGraph *graph = l->graph;
  guint n = msvis_graph_get_n_nodes (graph);
  g_autoptr(MsvisArena) arena = msvis_arena_new ();

  for (MsvisNodeId node = 0; node < n && node < sub_nodes->len; node++)
    {
      const char *text = sub_nodes->pdata[node];
      const char *where = l->where->pdata[node];
      MsvisJsonValue *list;

      l->runs[node].first = l->listed->len;
      if (text == NULL || *text == '\0')
        continue;
      msvis_arena_reset (arena);
      list = msvis_vis_db_parse_json (l->self, arena, text, strlen (text), where, "sub_nodes",
                                      error);
      if (list == NULL)
        return FALSE;
      if (list->kind != MSVIS_JSON_ARRAY)
        return msvis_vis_db_value_error (l->self, error, where, "sub_nodes",
                                         _("expected a list of node names"));
      msvis_json_value_foreach (element, list)
        {
          MsvisNodeId child = element->kind == MSVIS_JSON_STRING
            ? msvis_graph_lookup (graph, element->s) : MSVIS_NODE_ID_NONE;

          if (child == MSVIS_NODE_ID_NONE)
            {
              g_autofree char *problem =
                /* translators: %s is a node name */
                g_strdup_printf (_("names %s, which is not a node of this graph"),
                                 element->kind == MSVIS_JSON_STRING ? element->s : "?");

              return msvis_vis_db_value_error (l->self, error, where, "sub_nodes", problem);
            }
          if (child == msvis_graph_get_root (graph))
            return error_at (l, node, error);
          g_array_append_val (l->listed, child);
          l->count[child] = MIN (l->count[child] + 1, 2);
        }
      l->runs[node].n = l->listed->len - l->runs[node].first;
    }
  return TRUE;
}

/* Which of its listers a node that several rows list has: the one its up_node names, read
 * for those nodes only (they are few: the rows keep no up_node text for the others). */
static gboolean
name_owners (Listings  *l,
             GArray    *rowids,
             GError   **error)
{
  MsvisGraph *graph = l->graph;
  guint n = msvis_graph_get_n_nodes (graph);
  g_autoptr(GHashTable) up_nodes = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  sqlite3_stmt *stmt = NULL;
  int status = SQLITE_DONE;

  for (MsvisNodeId node = 0; node < n && node < rowids->len; node++)
    {
      if (l->count[node] < 2)
        continue;
      if (stmt == NULL &&
          sqlite3_prepare_v2 (l->self->db, "SELECT up_node FROM tb_nodes WHERE rowid = ?", -1,
                              &stmt, NULL) != SQLITE_OK)
        return msvis_vis_db_sqlite_error (l->self, error);
      sqlite3_bind_int64 (stmt, 1, g_array_index (rowids, gint64, node));
      status = sqlite3_step (stmt);
      if (status != SQLITE_ROW && status != SQLITE_DONE)
        break;
      if (status == SQLITE_ROW && sqlite3_column_text (stmt, 0) != NULL)
        g_hash_table_insert (up_nodes, GUINT_TO_POINTER (node + 1),
                             msvis_vis_db_column_dup (stmt, 0));
      sqlite3_reset (stmt);
    }
  sqlite3_finalize (stmt);
  if (status != SQLITE_ROW && status != SQLITE_DONE)
    return msvis_vis_db_sqlite_error (l->self, error);
  if (g_hash_table_size (up_nodes) == 0)
    return TRUE;

  for (MsvisNodeId node = 0; node < n; node++)
    for (guint i = 0; i < l->runs[node].n; i++)
      {
        MsvisNodeId child = g_array_index (l->listed, MsvisNodeId, l->runs[node].first + i);
        const char *up = g_hash_table_lookup (up_nodes, GUINT_TO_POINTER (child + 1));

        if (up != NULL && strcmp (up, msvis_graph_node_get_id (graph, node)) == 0)
          l->named[child] = node;
      }
  return TRUE;
}

/* Each node's children: what it lists and has. */
static gboolean
set_children (Listings  *l,
              GError   **error)
{
  guint n = msvis_graph_get_n_nodes (l->graph);
  g_autofree guint8 *state = g_new0 (guint8, n);   /* 1: listed once, unowned; 2: placed */
  g_autoptr(GArray) children = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));

  for (MsvisNodeId node = 0; node < n; node++)
    {
      const MsvisNodeId *list = l->runs[node].n == 0 ? NULL
        : &g_array_index (l->listed, MsvisNodeId, l->runs[node].first);

      g_array_set_size (children, 0);
      for (guint i = 0; i < l->runs[node].n; i++)
        {
          MsvisNodeId child = list[i];
          MsvisNodeId owner = l->count[child] == 1 ? node : l->named[child];

          if (owner == MSVIS_NODE_ID_NONE)
            {
              if (state[child] != 0)
                return error_at (l, node, error);
              state[child] = 1;
            }
          else if (owner == node)
            {
              if (state[child] == 2)
                return error_at (l, node, error);
              state[child] = 2;
              g_array_append_val (children, child);
            }
        }
      if (l->runs[node].n > 0)
        msvis_graph_node_set_children (l->graph, node, (MsvisNodeId *)children->data,
                                       children->len);
      if (children->len != l->runs[node].n)
        {
          msvis_graph_node_set_subnode_list (l->graph, node, list, l->runs[node].n);
          l->stale = TRUE;
        }
    }
  return TRUE;
}

/* Every node must reach a top: a child listed by its own descendant makes a loop. Each walk
 * up stops where an earlier one went, so a chain of 100,000 modules is walked once. */
static gboolean
check_loops (Listings  *l,
             GError   **error)
{
  guint n = msvis_graph_get_n_nodes (l->graph);
  g_autofree guint8 *state = g_new0 (guint8, n);   /* 1: on this walk, 2: reaches the top */
  g_autoptr(GArray) walk = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));

  for (MsvisNodeId node = 0; node < n; node++)
    {
      MsvisNodeId p = node;

      g_array_set_size (walk, 0);
      while (p != MSVIS_NODE_ID_NONE && state[p] == 0)
        {
          state[p] = 1;
          g_array_append_val (walk, p);
          p = msvis_graph_node_get_parent (l->graph, p);
        }
      if (p != MSVIS_NODE_ID_NONE && state[p] == 1)
        return error_at (l, node, error);
      for (guint i = 0; i < walk->len; i++)
        state[g_array_index (walk, MsvisNodeId, i)] = 2;
    }
  return TRUE;
}

/* A row that lists a node it does not have must not list one of its own ancestors (nor
 * itself): that is a loop in what the file says, whoever has the node. Ancestry by the
 * numbers of a depth-first walk: @a is above @b when its span holds b's. */
static gboolean
check_stale_lists (Listings  *l,
                   GError   **error)
{
  MsvisGraph *graph = l->graph;
  guint n = msvis_graph_get_n_nodes (graph), clock = 0;
  g_autofree guint *enter = g_new (guint, n);
  g_autofree guint *leave = g_new (guint, n);

  for (MsvisNodeId top = 0; top < n; top++)
    {
      MsvisNodeId node = top;

      if (msvis_graph_node_get_parent (graph, top) != MSVIS_NODE_ID_NONE)
        continue;
      enter[node] = clock++;
      while (node != MSVIS_NODE_ID_NONE)
        {
          MsvisNodeId next = msvis_graph_node_get_first_child (graph, node);

          if (next != MSVIS_NODE_ID_NONE)
            {
              node = next;
              enter[node] = clock++;
              continue;
            }
          for (;;)
            {
              leave[node] = clock++;
              if (node == top)
                {
                  node = MSVIS_NODE_ID_NONE;
                  break;
                }
              next = msvis_graph_node_get_next_sibling (graph, node);
              if (next != MSVIS_NODE_ID_NONE)
                {
                  node = next;
                  enter[node] = clock++;
                  break;
                }
              node = msvis_graph_node_get_parent (graph, node);
            }
        }
    }

  for (MsvisNodeId node = 0; node < n; node++)
    for (guint i = 0; i < l->runs[node].n; i++)
      {
        MsvisNodeId child = g_array_index (l->listed, MsvisNodeId, l->runs[node].first + i);

        if (enter[child] <= enter[node] && leave[node] <= leave[child])
          return error_at (l, node, error);
      }
  return TRUE;
}

/**
 * msvis_vis_db_link_children:
 * @sub_nodes: (element-type utf8): each node's sub_nodes text, or %NULL
 * @rowids: (element-type gint64): each node's row, for its up_node
 * @where: (element-type utf8): each node's row id, for errors
 *
 * Gives the nodes of @graph their children from the rows (see above).
 */
gboolean
msvis_vis_db_link_children (MsvisVisDb  *self,
                            MsvisGraph  *graph,
                            GPtrArray   *sub_nodes,
                            GArray      *rowids,
                            GPtrArray   *where,
                            GError     **error)
{
  guint n = msvis_graph_get_n_nodes (graph);
  g_autofree Run *runs = g_new0 (Run, MAX (n, 1));
  g_autofree guint8 *count = g_new0 (guint8, MAX (n, 1));
  g_autofree MsvisNodeId *named = g_new (MsvisNodeId, MAX (n, 1));
  g_autoptr(GArray) listed = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  Listings l = { self, graph, where, runs, listed, count, named, FALSE };

  for (MsvisNodeId node = 0; node < n; node++)
    named[node] = MSVIS_NODE_ID_NONE;
  return parse_lists (&l, sub_nodes, error) && name_owners (&l, rowids, error) &&
         set_children (&l, error) && check_loops (&l, error) &&
         (!l.stale || check_stale_lists (&l, error));
}
