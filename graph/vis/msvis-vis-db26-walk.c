// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-unattached.h"
#include "msvis-json-writer.h"
#include "msvis-vis-db26-private.h"
#include "msvis-vis-format.h"

/* How the 26.0.0 writer walks a graph (msprobe-2026.md §10.3, §10.4): get_sorted_nodes'
 * post-order, the micro step each row gets, and the JSON texts of sub_nodes,
 * matched_node_link and stack_info. */

/* The next child of a node after @prev (MSVIS_NODE_ID_NONE: the first): the node's subnode
 * list where a parallel merge set one (msprobe walks node.subnodes), else its children. */
static MsvisNodeId
next_child (MsvisGraph  *graph,
            MsvisNodeId  node,
            MsvisNodeId  prev,
            guint       *index)
{
  guint n;
  const MsvisNodeId *listed = msvis_graph_node_get_subnode_list (graph, node, &n);

  if (listed != NULL)
    return *index < n ? listed[(*index)++] : MSVIS_NODE_ID_NONE;
  return prev == MSVIS_NODE_ID_NONE ? msvis_graph_node_get_file_first_child (graph, node)
                                    : msvis_graph_node_get_file_next_sibling (graph, prev);
}

/* Graph.get_sorted_nodes: depth first from the root, children before their parent; a node
 * listed twice is written at its first completion, unreachable ones not at all. Returns the
 * nodes in node_order. */
MsvisNodeId *
_msvis_db26_post_order (MsvisGraph *graph,
                        guint      *n_written)
{
  typedef struct { MsvisNodeId node, prev; guint index; gboolean started; } Frame;
  guint n = msvis_graph_get_n_nodes (graph);
  MsvisNodeId *order = g_new (MsvisNodeId, MAX (n, 1));
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_autofree guint8 *entered = g_new0 (guint8, MAX (n, 1));
  MsvisNodeId root = msvis_graph_get_root (graph);
  Frame first = { root, MSVIS_NODE_ID_NONE, 0, FALSE };
  guint next = 0;

  g_array_append_val (stack, first);
  entered[root] = 1;
  while (stack->len > 0)
    {
      Frame *top = &g_array_index (stack, Frame, stack->len - 1);
      MsvisNodeId child = top->started && top->prev == MSVIS_NODE_ID_NONE
        ? MSVIS_NODE_ID_NONE : next_child (graph, top->node, top->prev, &top->index);

      top->started = TRUE;
      if (child != MSVIS_NODE_ID_NONE)
        {
          top->prev = child;
          if (!entered[child])
            {
              Frame frame = { child, MSVIS_NODE_ID_NONE, 0, FALSE };

              entered[child] = 1;
              g_array_append_val (stack, frame);   /* may move top */
            }
          continue;
        }
      order[next++] = top->node;
      g_array_set_size (stack, stack->len - 1);
    }

  *n_written = next;
  return order;
}

/* A node without a micro step of its own takes its parent's (the root's children have one);
 * the root's None is written as 0. Walked parents first: @by_order backwards. */
gint *
_msvis_db26_micro_steps (MsvisGraph        *graph,
                         const MsvisNodeId *by_order,
                         guint              n_written)
{
  gint *micro_steps = g_new0 (gint, MAX (msvis_graph_get_n_nodes (graph), 1));

  for (guint i = n_written; i > 0; i--)
    {
      MsvisNodeId node = by_order[i - 1];
      MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
      gint own = msvis_graph_node_get_micro_step (graph, node);

      micro_steps[node] = own >= 0 ? own : parent != MSVIS_NODE_ID_NONE ? micro_steps[parent] : 0;
    }
  return micro_steps;
}

static void
append_string (GString    *out,
               const char *text)
{
  msvis_json_append_escaped (out, text, strlen (text));
}

void
_msvis_db26_link_json (GString     *out,
                       GArray      *path,
                       MsvisGraph  *graph,
                       MsvisGraph  *other,
                       MsvisNodeId  node)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  MsvisNodeId target = results && other ? msvis_compare_results_get_link (results, node)
                                        : MSVIS_NODE_ID_NONE;

  g_array_set_size (path, 0);
  for (MsvisNodeId n = target; n != MSVIS_NODE_ID_NONE; n = msvis_graph_node_get_parent (other, n))
    g_array_append_val (path, n);
  g_string_assign (out, "[");
  for (guint i = path->len; i > 0; i--)
    {
      MsvisNodeId n = g_array_index (path, MsvisNodeId, i - 1);

      if (i < path->len)
        msvis_vis_append (out, ", ", 2);
      append_string (out, msvis_graph_node_get_id (other, n));
    }
  g_string_append_c (out, ']');
}

void
_msvis_db26_children_json (GString     *out,
                           MsvisGraph  *graph,
                           MsvisNodeId  node)
{
  guint index = 0;
  MsvisNodeId c = next_child (graph, node, MSVIS_NODE_ID_NONE, &index);

  g_string_truncate (out, 0);
  if (c == MSVIS_NODE_ID_NONE)
    return;
  g_string_append_c (out, '[');
  for (; c != MSVIS_NODE_ID_NONE; c = next_child (graph, node, c, &index))
    {
      if (out->len > 1)
        msvis_vis_append (out, ", ", 2);
      append_string (out, msvis_graph_node_get_id (graph, c));
    }
  g_string_append_c (out, ']');
}

void
_msvis_db26_stack_json (GString     *out,
                        MsvisGraph  *graph,
                        guint32      stack)
{
  guint n_lines;
  const char *const *lines = msvis_graph_get_stack (graph, stack, &n_lines);

  g_string_assign (out, "[");
  for (guint i = 0; i < n_lines; i++)
    {
      if (i > 0)
        msvis_vis_append (out, ", ", 2);
      append_string (out, lines[i]);
    }
  g_string_append_c (out, ']');
}

