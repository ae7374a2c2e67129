// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-node-filter.h"
#include "msvis-node-finder-private.h"

/**
 * msvis_node_finder_in_bucket:
 * @bucket: a bucket index, MSVIS_BUCKET_UNMATCHED or a MsvisBucketOverflow
 *
 * Whether @node belongs to @bucket as msvis_node_finder_list() decides it, leaf or not.
 */
gboolean
msvis_node_finder_in_bucket (MsvisNodeFinder *self,
                             MsvisNodeId      node,
                             int              bucket)
{
  MsvisOverflowLevel level = msvis_bucket_get_overflow (bucket);

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (node < self->n_nodes, FALSE);

  if (level != MSVIS_OVERFLOW_NONE)
    return msvis_graph_node_get_overflow (self->graph, node) == level;
  return self->bucket_of[node] == bucket;
}

static gboolean
in_any (MsvisNodeFinder *self,
        MsvisNodeId      node,
        const int       *buckets,
        guint            n_buckets)
{
  for (guint i = 0; i < n_buckets; i++)
    if (msvis_node_finder_in_bucket (self, node, buckets[i]))
      return TRUE;
  return FALSE;
}

/**
 * msvis_node_finder_list_buckets:
 * @buckets: (array length=n_buckets): buckets as msvis_node_finder_list() takes them
 *
 * The leaves of any of @buckets, each once, in dump order. For buckets that cannot overlap
 * (colours and unmatched) its length is the sum of their msvis_node_finder_count(); an
 * overflow level overlaps the colours, and a leaf in both is listed once.
 *
 * Returns: (transfer full) (element-type MsvisNodeId): the leaves
 */
GArray *
msvis_node_finder_list_buckets (MsvisNodeFinder *self,
                                const int       *buckets,
                                guint            n_buckets)
{
  GArray *nodes = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));

  g_return_val_if_fail (self != NULL, nodes);

  for (MsvisNodeId node = 0; node < self->n_nodes && n_buckets > 0; node++)
    if (msvis_graph_node_get_first_child (self->graph, node) == MSVIS_NODE_ID_NONE &&
        in_any (self, node, buckets, n_buckets))
      g_array_append_val (nodes, node);
  return nodes;
}

/**
 * msvis_node_filter_buckets:
 * @nodes: (element-type MsvisNodeId) (inout): kept in order, less the nodes in none of @buckets
 *
 * Narrows a search to some buckets. No buckets: @nodes stays as it is.
 */
void
msvis_node_filter_buckets (MsvisNodeFinder *self,
                           GArray          *nodes,
                           const int       *buckets,
                           guint            n_buckets)
{
  guint kept = 0;

  if (n_buckets == 0)
    return;
  for (guint i = 0; i < nodes->len; i++)
    {
      MsvisNodeId node = g_array_index (nodes, MsvisNodeId, i);

      if (in_any (self, node, buckets, n_buckets))
        g_array_index (nodes, MsvisNodeId, kept++) = node;
    }
  g_array_set_size (nodes, kept);
}

/**
 * msvis_graph_node_in_micro_step:
 * @micro_step: a micro step, or -1 for all
 *
 * Whether the graph drawn for @micro_step shows @node: as the layout decides it, a top-level
 * node shows when it has no micro step or @micro_step's, and a node inside shows with it.
 */
gboolean
msvis_graph_node_in_micro_step (MsvisGraph  *graph,
                                MsvisNodeId  node,
                                gint         micro_step)
{
  MsvisNodeId root = msvis_graph_get_root (graph);
  gint step;

  if (micro_step < 0 || node == root)
    return TRUE;
  for (MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
       parent != root && parent != MSVIS_NODE_ID_NONE;
       parent = msvis_graph_node_get_parent (graph, node))
    node = parent;
  step = msvis_graph_node_get_micro_step (graph, node);
  return step < 0 || step == micro_step;
}

/**
 * msvis_node_filter_micro_step:
 * @nodes: (element-type MsvisNodeId) (inout): kept in order, less the nodes not drawn
 *
 * Returns: how many nodes went
 */
guint
msvis_node_filter_micro_step (MsvisGraph *graph,
                              GArray     *nodes,
                              gint        micro_step)
{
  guint kept = 0, n = nodes->len;

  if (micro_step < 0)
    return 0;
  for (guint i = 0; i < n; i++)
    {
      MsvisNodeId node = g_array_index (nodes, MsvisNodeId, i);

      if (msvis_graph_node_in_micro_step (graph, node, micro_step))
        g_array_index (nodes, MsvisNodeId, kept++) = node;
    }
  g_array_set_size (nodes, kept);
  return n - kept;
}
