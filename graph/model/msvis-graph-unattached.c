// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "msvis-graph-private.h"
#include "msvis-graph-unattached.h"

/* The container's id: not a name msprobe gives a node (those have dots), so no node of the
 * file has it; a second choice should one have it all the same. */
static const char *const ids[] = { "Unattached", "Unattached (msvis)" };

/* One byte per node: 1 where a walk down the children from the root arrives. */
static guint8 *
mark_reachable (MsvisGraph *graph)
{
  guint n = msvis_graph_get_n_nodes (graph);
  guint8 *seen = g_new0 (guint8, n);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  MsvisNodeId root = msvis_graph_get_root (graph);

  g_array_append_val (stack, root);
  while (stack->len > 0)
    {
      MsvisNodeId node = g_array_index (stack, MsvisNodeId, stack->len - 1);

      g_array_set_size (stack, stack->len - 1);
      if (seen[node])
        continue;
      seen[node] = 1;
      for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node);
           c != MSVIS_NODE_ID_NONE; c = msvis_graph_node_get_next_sibling (graph, c))
        if (!seen[c])
          g_array_append_val (stack, c);
    }
  return seen;
}

/**
 * msvis_graph_gather_unattached:
 *
 * Puts every node the root does not reach under the container (see the header), once; the
 * tops of the unreached subtrees become its children in node order. Nothing else may use
 * @graph meanwhile.
 *
 * Returns: the container, or %MSVIS_NODE_ID_NONE when the root reaches every node
 */
MsvisNodeId
msvis_graph_gather_unattached (MsvisGraph *graph)
{
  g_autofree guint8 *seen = NULL;
  g_autoptr(GArray) tops = NULL;
  guint n = msvis_graph_get_n_nodes (graph), n_out = 0;
  MsvisNodeId group = MSVIS_NODE_ID_NONE;

  g_return_val_if_fail (MSVIS_IS_GRAPH (graph), MSVIS_NODE_ID_NONE);

  if (graph->unattached != MSVIS_NODE_ID_NONE || n == 0)
    return graph->unattached;
  seen = mark_reachable (graph);
  for (MsvisNodeId node = 0; node < n; node++)
    n_out += !seen[node];
  if (n_out == 0)
    return MSVIS_NODE_ID_NONE;
  /* 2: an unreached node some unreached node lists; it comes along with that one. */
  for (MsvisNodeId node = 0; node < n; node++)
    if (seen[node] != 1)
      for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node);
           c != MSVIS_NODE_ID_NONE; c = msvis_graph_node_get_next_sibling (graph, c))
        if (c != node && !seen[c])
          seen[c] = 2;

  tops = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  for (MsvisNodeId node = 0; node < n; node++)
    if (!seen[node])
      g_array_append_val (tops, node);
  /* The file's nodes stay node_map; the container only hangs in the tree. */
  msvis_graph_set_n_listed (graph, msvis_graph_get_n_listed (graph));
  for (guint i = 0; i < G_N_ELEMENTS (ids) && group == MSVIS_NODE_ID_NONE; i++)
    group = msvis_graph_add_node (graph, MSVIS_NODE_MODULE, ids[i]);
  g_return_val_if_fail (group != MSVIS_NODE_ID_NONE, MSVIS_NODE_ID_NONE);

  /* Nodes in a cycle of unreached nodes list each other and none is a top: they stay out. */
  for (guint i = 0; i < tops->len; i++)
    {
      NodeRecord *top = node_record (graph, g_array_index (tops, MsvisNodeId, i));
      NodeRecord *record = node_record (graph, group);

      /* A node whose upnode names a node that does not list it keeps that upnode. */
      if (top->parent == MSVIS_NODE_ID_NONE)
        top->parent = group;
      top->next_sibling = MSVIS_NODE_ID_NONE;
      if (record->last_child == MSVIS_NODE_ID_NONE)
        record->first_child = g_array_index (tops, MsvisNodeId, i);
      else
        node_record (graph, record->last_child)->next_sibling = g_array_index (tops, MsvisNodeId,
                                                                               i);
      record->last_child = g_array_index (tops, MsvisNodeId, i);
      record->n_children++;
    }
  msvis_graph_node_attach (graph, group, msvis_graph_get_root (graph));
  graph->unattached = group;
  graph->n_unattached = n_out;
  {
    /* translators: the group of nodes no path from the root reaches; %u: how many */
    g_autofree char *label = g_strdup_printf (_("Unattached (%u)"), n_out);

    graph->unattached_label = msvis_graph_store (graph, label, strlen (label));
  }
  return group;
}

/* Returns: the container, or %MSVIS_NODE_ID_NONE when none was gathered */
MsvisNodeId
msvis_graph_get_unattached (MsvisGraph *graph)
{
  return graph->unattached;
}

/* Returns: how many of the file's nodes are under the container */
guint
msvis_graph_get_n_unattached (MsvisGraph *graph)
{
  return graph->n_unattached;
}

/* Returns: (nullable): "Unattached (16)", in the language of the gathering, for its box */
const char *
msvis_graph_get_unattached_label (MsvisGraph *graph)
{
  return graph->unattached_label;
}

/* Returns: whether @node is the container, which is not the file's */
gboolean
msvis_graph_node_is_synthetic (MsvisGraph  *graph,
                               MsvisNodeId  node)
{
  return node != MSVIS_NODE_ID_NONE && node == graph->unattached;
}

/**
 * msvis_graph_node_get_file_parent:
 *
 * Returns: @node's parent as the file has it: %MSVIS_NODE_ID_NONE for a node the container
 *   holds, else msvis_graph_node_get_parent()
 */
MsvisNodeId
msvis_graph_node_get_file_parent (MsvisGraph  *graph,
                                  MsvisNodeId  node)
{
  MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);

  return msvis_graph_node_is_synthetic (graph, parent) ? MSVIS_NODE_ID_NONE : parent;
}

/* The group is the root's last child: where a walk would reach it, the file's children end. */
static MsvisNodeId
file_node (MsvisGraph  *graph,
           MsvisNodeId  node)
{
  return msvis_graph_node_is_synthetic (graph, node) ? MSVIS_NODE_ID_NONE : node;
}

/**
 * msvis_graph_node_get_file_first_child:
 *
 * Returns: @node's first child as the file has it: never a viewer's Unattached group
 */
MsvisNodeId
msvis_graph_node_get_file_first_child (MsvisGraph  *graph,
                                       MsvisNodeId  node)
{
  return file_node (graph, msvis_graph_node_get_first_child (graph, node));
}

/**
 * msvis_graph_node_get_file_next_sibling:
 *
 * Returns: the sibling after @node as the file has it: never a viewer's Unattached group
 */
MsvisNodeId
msvis_graph_node_get_file_next_sibling (MsvisGraph  *graph,
                                        MsvisNodeId  node)
{
  return file_node (graph, msvis_graph_node_get_next_sibling (graph, node));
}
