// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-reader-error.h"
#include "msvis-vis-reader-private.h"

gboolean
msvis_vis_node_error (const char  *file,
                      GraphState  *g,
                      MsvisNodeId  node,
                      GError     **error,
                      const char  *format,
                      ...)
{
  g_autofree char *message = NULL;
  guint64 offset = g_array_index (g->offsets, guint64, node);
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (g->label != NULL)
    g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                 /* translators: file, byte offset, graph (NPU or Bench), node, message */
                 _("%s, byte %llu: %s node “%s”: %s"), file, (unsigned long long)offset,
                 g->label, msvis_graph_node_get_id (g->graph, node), message);
  else
    g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                 /* translators: file, byte offset, node, message */
                 _("%s, byte %llu: node “%s”: %s"), file, (unsigned long long)offset,
                 msvis_graph_node_get_id (g->graph, node), message);
  return FALSE;
}

/* subnodes give each node its children in order; upnode must agree, and parents must not
 * go round in a circle. */
gboolean
msvis_vis_resolve_hierarchy (const char  *file,
                             GraphState  *g,
                             GError     **error)
{
  MsvisGraph *graph = g->graph;
  guint n = msvis_graph_get_n_nodes (graph);
  g_autoptr(GArray) children = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autofree guint8 *state = g_new0 (guint8, n);

  for (MsvisNodeId node = 0; node < n; node++)
    {
      const ChildRun *run = &g_array_index (g->child_runs, ChildRun, node);

      g_array_set_size (children, 0);
      for (guint i = 0; i < run->n; i++)
        {
          const char *id = g_ptr_array_index (g->child_ids, run->first + i);
          MsvisNodeId child = msvis_graph_lookup (graph, id);

          if (child == MSVIS_NODE_ID_NONE)
            return msvis_vis_node_error (file, g, node, error,
                                         _("its subnodes name “%s”, which is not in the node "
                                           "map"), id);
          if (child == 0 || state[child])
            return msvis_vis_node_error (file, g, node, error,
                                         _("its subnodes name “%s”, which is listed elsewhere "
                                           "already"), id);
          state[child] = 1;
          g_array_append_val (children, child);
        }
      if (run->n > 0)
        msvis_graph_node_set_children (graph, node, (MsvisNodeId *)children->data, run->n);
    }

  for (MsvisNodeId node = 0; node < n; node++)
    {
      const char *upnode = g_ptr_array_index (g->upnodes, node);
      MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
      const char *listed = parent == MSVIS_NODE_ID_NONE
                           ? NULL : msvis_graph_node_get_id (graph, parent);

      /* Both are interned in the graph. */
      if (upnode != listed)
        return msvis_vis_node_error (file, g, node, error,
                                     _("its upnode is “%s”, but it is listed under “%s”"),
                                     upnode ? upnode : "None", listed ? listed : "None");
    }

  /* 0 unseen, 1 on the current walk, 2 known to reach a node without parent */
  memset (state, 0, n);
  for (MsvisNodeId node = 0; node < n; node++)
    {
      MsvisNodeId walk = node;

      while (walk != MSVIS_NODE_ID_NONE && state[walk] == 0)
        {
          state[walk] = 1;
          walk = msvis_graph_node_get_parent (graph, walk);
        }
      if (walk != MSVIS_NODE_ID_NONE && state[walk] == 1)
        return msvis_vis_node_error (file, g, walk, error, _("it is its own ancestor"));
      for (walk = node; walk != MSVIS_NODE_ID_NONE && state[walk] == 1;
           walk = msvis_graph_node_get_parent (graph, walk))
        state[walk] = 2;
    }
  return TRUE;
}

gboolean
msvis_vis_resolve_links (const char  *file,
                         GraphState  *g,
                         GraphState  *other,
                         GError     **error)
{
  MsvisCompareResults *results = msvis_graph_ensure_compare_results (g->graph);

  for (MsvisNodeId node = 0; node < g->links->len; node++)
    {
      const char *link = g_ptr_array_index (g->links, node);
      MsvisNodeId counterpart;

      if (link == NULL)
        continue;
      counterpart = msvis_graph_lookup (other->graph, link);
      if (counterpart == MSVIS_NODE_ID_NONE)
        return msvis_vis_node_error (file, g, node, error,
                                     _("it is matched with “%s”, which the %s graph does not "
                                       "have"), link, other->label);
      msvis_compare_results_set_link (results, node, counterpart);
    }
  return TRUE;
}
