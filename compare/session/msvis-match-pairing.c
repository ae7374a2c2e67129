// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-graph-unattached.h"
#include "msvis-match-pairing.h"

/* tb_graph_ascend's name for pairing children: a module's class-level name (parts[-4], or
 * parts[-5] behind a number), an API's name (parts[-2], or parts[-3]), and the node type. */
static char *
pairing_key (MsvisGraph  *graph,
             MsvisNodeId  node)
{
  MsvisNodeType type = msvis_graph_node_get_node_type (graph, node);
  g_auto(GStrv) parts = g_strsplit (msvis_graph_node_get_id (graph, node), ".", -1);
  guint n = g_strv_length (parts), back = type == MSVIS_NODE_MODULE ? 4 : 2;
  const char *name = "";

  if (n >= back)
    {
      const char *part = parts[n - back];
      gboolean digits = part[0] != '\0';

      for (const char *c = part; *c != '\0'; c++)
        digits = digits && g_ascii_isdigit (*c);
      /* Python indexes parts[-5] of a four-part name as parts[-1] */
      name = !digits ? part : n >= back + 1 ? parts[n - back - 1] : parts[n - 1];
    }
  return g_strdup_printf ("%s.%d", name, type);
}

GHashTable *
msvis_match_group_unmatched (MsvisGraph  *graph,
                             MsvisNodeId  parent,
                             GPtrArray   *order)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  GHashTable *groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              (GDestroyNotify)g_array_unref);

  for (MsvisNodeId child = msvis_graph_node_get_first_child (graph, parent);
       child != MSVIS_NODE_ID_NONE; child = msvis_graph_node_get_next_sibling (graph, child))
    {
      char *key;
      GArray *group;

      /* A viewer's Unattached group is no node to match (its nodes are). */
      if ((results != NULL && msvis_compare_results_get_link (results, child)
                              != MSVIS_NODE_ID_NONE) ||
          msvis_graph_node_is_synthetic (graph, child))
        continue;
      key = pairing_key (graph, child);
      group = g_hash_table_lookup (groups, key);
      if (group == NULL)
        {
          group = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
          g_hash_table_insert (groups, key, group);
          if (order != NULL)
            g_ptr_array_add (order, key);
        }
      else
        g_free (key);
      g_array_append_val (group, child);
    }
  return groups;
}
