// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-private.h"

/* What a node carries besides its place in the hierarchy: its stack, micro step, overflow
 * level, communication links, merge sentences, and the compare results of the graph. */

/**
 * msvis_graph_intern_stack:
 * @lines: (array length=n_lines): the stack's lines
 *
 * Returns: a number standing for this list of lines; equal lists share one
 */
guint32
msvis_graph_intern_stack (MsvisGraph        *self,
                          const char *const *lines,
                          guint              n_lines)
{
  g_autofree Stack *probe = g_malloc (sizeof (Stack) + n_lines * sizeof (char *));
  gpointer index;
  Stack *stack;

  probe->n_lines = n_lines;
  for (guint i = 0; i < n_lines; i++)
    probe->lines[i] = (char *)lines[i];

  if (g_hash_table_lookup_extended (self->stack_index, probe, NULL, &index))
    return GPOINTER_TO_UINT (index);

  stack = g_steal_pointer (&probe);
  for (guint i = 0; i < n_lines; i++)
    stack->lines[i] = (char *)msvis_graph_intern (self, lines[i]);
  g_ptr_array_add (self->stacks, stack);
  g_hash_table_insert (self->stack_index, stack, GUINT_TO_POINTER (self->stacks->len - 1));

  return self->stacks->len - 1;
}

const char *const *
msvis_graph_get_stack (MsvisGraph *self,
                       guint32     stack,
                       guint      *n_lines)
{
  Stack *record;

  g_return_val_if_fail (stack < self->stacks->len, NULL);

  record = g_ptr_array_index (self->stacks, stack);
  *n_lines = record->n_lines;
  return (const char *const *)record->lines;
}

void
msvis_graph_node_set_stack (MsvisGraph  *self,
                            MsvisNodeId  node,
                            guint32      stack)
{
  g_return_if_fail (stack < self->stacks->len);
  node_record (self, node)->stack = stack;
}

guint32
msvis_graph_node_get_stack (MsvisGraph  *self,
                            MsvisNodeId  node)
{
  return node_record (self, node)->stack;
}

gint
msvis_graph_node_get_micro_step (MsvisGraph  *self,
                                 MsvisNodeId  node)
{
  return node_record (self, node)->micro_step;
}

void
msvis_graph_node_set_micro_step (MsvisGraph  *self,
                                 MsvisNodeId  node,
                                 gint         micro_step)
{
  node_record (self, node)->micro_step = micro_step;
}

MsvisOverflowLevel
msvis_graph_node_get_overflow (MsvisGraph  *self,
                               MsvisNodeId  node)
{
  return node_record (self, node)->overflow;
}

void
msvis_graph_node_set_overflow (MsvisGraph         *self,
                               MsvisNodeId         node,
                               MsvisOverflowLevel  level)
{
  node_record (self, node)->overflow = level;
}

/**
 * msvis_graph_node_get_distributed:
 *
 * Returns: (nullable) (transfer none): the node's `matched_distributed`, if any
 */
MsvisJsonValue *
msvis_graph_node_get_distributed (MsvisGraph  *self,
                                  MsvisNodeId  node)
{
  return g_hash_table_lookup (self->distributed, GUINT_TO_POINTER (node + 1));
}

/**
 * msvis_graph_node_set_distributed:
 * @info: (transfer none): a value allocated in msvis_graph_get_arena()
 */
void
msvis_graph_node_set_distributed (MsvisGraph     *self,
                                  MsvisNodeId     node,
                                  MsvisJsonValue *info)
{
  g_return_if_fail (node < self->nodes->len);
  g_hash_table_insert (self->distributed, GUINT_TO_POINTER (node + 1), info);
}

/**
 * msvis_graph_node_get_merge_info:
 *
 * Returns: (nullable) (transfer none): the node's `parallel_merge_info` list, if any
 */
MsvisJsonValue *
msvis_graph_node_get_merge_info (MsvisGraph  *self,
                                 MsvisNodeId  node)
{
  return g_hash_table_lookup (self->merge_info, GUINT_TO_POINTER (node + 1));
}

/**
 * msvis_graph_node_set_merge_info:
 * @info: (transfer none): a list allocated in msvis_graph_get_arena()
 */
void
msvis_graph_node_set_merge_info (MsvisGraph     *self,
                                 MsvisNodeId     node,
                                 MsvisJsonValue *info)
{
  g_return_if_fail (node < self->nodes->len);
  g_hash_table_insert (self->merge_info, GUINT_TO_POINTER (node + 1), info);
}

/**
 * msvis_graph_node_get_batch_p2p:
 *
 * Returns: (nullable) (transfer none): the [{op, peer, group_id}, …] of a batch_isend_irecv
 */
MsvisJsonValue *
msvis_graph_node_get_batch_p2p (MsvisGraph  *self,
                                MsvisNodeId  node)
{
  return g_hash_table_lookup (self->batch_p2p, GUINT_TO_POINTER (node + 1));
}

void
msvis_graph_node_set_batch_p2p (MsvisGraph     *self,
                                MsvisNodeId     node,
                                MsvisJsonValue *info)
{
  g_return_if_fail (node < self->nodes->len);
  g_hash_table_insert (self->batch_p2p, GUINT_TO_POINTER (node + 1), info);
}

/**
 * msvis_graph_get_compare_results:
 *
 * Returns: (nullable) (transfer none): what a comparison put on this graph, %NULL in a build
 */
MsvisCompareResults *
msvis_graph_get_compare_results (MsvisGraph *self)
{
  return self->compare_results;
}

/**
 * msvis_graph_ensure_compare_results:
 *
 * Returns: (transfer none): the graph's compare results, created empty if need be
 */
MsvisCompareResults *
msvis_graph_ensure_compare_results (MsvisGraph *self)
{
  if (self->compare_results == NULL)
    self->compare_results = msvis_compare_results_new ();
  return self->compare_results;
}

const char *
msvis_overflow_level_to_string (MsvisOverflowLevel level)
{
  switch (level)
    {
    case MSVIS_OVERFLOW_MEDIUM: return "medium";
    case MSVIS_OVERFLOW_HIGH: return "high";
    case MSVIS_OVERFLOW_CRITICAL: return "critical";
    case MSVIS_OVERFLOW_NONE:
    default: return NULL;
    }
}
