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

/* A node that a parallel merge leaves as msprobe writes it, whose upnode and listing
 * disagree (vis-format.md §4.10): an Apis_Between_Modules_All_Ranks.k, listed by the root
 * with upnode None; or, with VPP, a chunk's layer holder that no node lists any more, whose
 * upnode left node_map. */
static gboolean
is_merge_quirk (MsvisGraph  *graph,
                MsvisNodeId  node,
                const char  *upnode,
                const char  *listed)
{
  if (upnode == NULL && listed != NULL)
    return g_str_has_prefix (msvis_graph_node_get_id (graph, node),
                             "Apis_Between_Modules_All_Ranks");
  return listed == NULL && upnode != NULL &&
         msvis_graph_lookup (graph, upnode) == MSVIS_NODE_ID_NONE;
}

/* Who each listed node hangs under: the lister its upnode names, else its first lister
 * (VPP folding leaves the layers listed by two holders, the new one named by their upnode). */
static gboolean
claim_children (const char  *file,
                GraphState  *g,
                MsvisNodeId *owner,
                GError     **error)
{
  MsvisGraph *graph = g->graph;
  guint n = msvis_graph_get_n_nodes (graph);

  for (guint pass = 0; pass < 2; pass++)
    for (MsvisNodeId node = 0; node < n; node++)
      {
        const ChildRun *run = &g_array_index (g->child_runs, ChildRun, node);
        const char *id = msvis_graph_node_get_id (graph, node);

        for (guint i = 0; i < run->n; i++)
          {
            const char *child_id = g_ptr_array_index (g->child_ids, run->first + i);
            MsvisNodeId child = msvis_graph_lookup (graph, child_id);

            if (child == MSVIS_NODE_ID_NONE)
              return msvis_vis_node_error (file, g, node, error,
                                           _("its subnodes name “%s”, which is not in the node "
                                             "map"), child_id);
            if (child == 0)
              return msvis_vis_node_error (file, g, node, error,
                                           _("its subnodes name “%s”, which is listed elsewhere "
                                             "already"), child_id);
            /* Both are interned in the graph. */
            if (owner[child] == MSVIS_NODE_ID_NONE &&
                (pass == 1 || g_ptr_array_index (g->upnodes, child) == id))
              owner[child] = node;
          }
      }
  return TRUE;
}

/* subnodes give each node its children in order; upnode must agree, and parents must not
 * go round in a circle. A node another node lists too (the holder VPP folding left behind)
 * is that node's child in name only: it keeps its list for what it says. */
gboolean
msvis_vis_resolve_hierarchy (const char  *file,
                             GraphState  *g,
                             GError     **error)
{
  MsvisGraph *graph = g->graph;
  guint n = msvis_graph_get_n_nodes (graph);
  g_autoptr(GArray) children = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autoptr(GArray) listed_ids = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autofree MsvisNodeId *owner = g_new (MsvisNodeId, n);
  g_autofree guint8 *state = g_new0 (guint8, n);

  for (MsvisNodeId node = 0; node < n; node++)
    owner[node] = MSVIS_NODE_ID_NONE;
  if (!claim_children (file, g, owner, error))
    return FALSE;

  for (MsvisNodeId node = 0; node < n; node++)
    {
      const ChildRun *run = &g_array_index (g->child_runs, ChildRun, node);

      g_array_set_size (children, 0);
      g_array_set_size (listed_ids, 0);
      for (guint i = 0; i < run->n; i++)
        {
          const char *id = g_ptr_array_index (g->child_ids, run->first + i);
          MsvisNodeId child = msvis_graph_lookup (graph, id);

          /* Twice in the list of the node it hangs under. */
          if (state[child] && owner[child] == node)
            return msvis_vis_node_error (file, g, node, error,
                                         _("its subnodes name “%s”, which is listed elsewhere "
                                           "already"), id);
          g_array_append_val (listed_ids, child);
          if (owner[child] != node)
            continue;
          state[child] = 1;
          g_array_append_val (children, child);
        }
      if (run->n > 0)
        msvis_graph_node_set_children (graph, node, (MsvisNodeId *)children->data,
                                       children->len);
      if (children->len != listed_ids->len)
        msvis_graph_node_set_subnode_list (graph, node, (MsvisNodeId *)listed_ids->data,
                                           listed_ids->len);
    }

  for (MsvisNodeId node = 0; node < n; node++)
    {
      const char *upnode = g_ptr_array_index (g->upnodes, node);
      MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
      const char *listed = parent == MSVIS_NODE_ID_NONE
                           ? NULL : msvis_graph_node_get_id (graph, parent);

      /* Both are interned in the graph. */
      if (upnode != listed && !is_merge_quirk (graph, node, upnode, listed))
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

void
msvis_vis_graph_state_init (GraphState *g,
                            const char *label,
                            gboolean    lazy)
{
  g->graph = msvis_graph_new ();
  g->label = label;
  g->spans = lazy ? g_array_new (FALSE, FALSE, sizeof (MsvisVisNodeSpans)) : NULL;
  g->offsets = g_array_new (FALSE, FALSE, sizeof (guint64));
  g->upnodes = g_ptr_array_new ();
  g->child_ids = g_ptr_array_new ();
  g->child_runs = g_array_new (FALSE, FALSE, sizeof (ChildRun));
  g->links = g_ptr_array_new ();
  g->link_text = g_string_chunk_new (64 * 1024);
}

void
msvis_vis_graph_state_clear (GraphState *g)
{
  g_clear_object (&g->graph);
  g_free (g->root);
  g_clear_pointer (&g->spans, g_array_unref);
  g_array_unref (g->offsets);
  g_ptr_array_unref (g->upnodes);
  g_ptr_array_unref (g->child_ids);
  g_array_unref (g->child_runs);
  g_ptr_array_unref (g->links);
  g_string_chunk_free (g->link_text);
}

/* A graph has nodes, and its root (when the file names one) is its first node. Not the
 * graph's node count: a graph always holds its root, even for "node": {}. */
gboolean
msvis_vis_check_graph_nodes (const char  *file,
                             GraphState  *g,
                             GError     **error)
{
  if (!g->has_node_map || g->offsets->len == 0)
    {
      if (g->label != NULL)
        g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                     /* translators: %s is a file name, then NPU or Bench */
                     _("%s: the %s graph has no nodes"), file, g->label);
      else
        g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                     /* translators: %s is a file name */
                     _("%s: neither a “node” map nor “NPU” and “Bench” graphs"), file);
      return FALSE;
    }
  if (g->root != NULL && strcmp (g->root, msvis_graph_node_get_id (g->graph, 0)) != 0)
    return msvis_vis_node_error (file, g, 0, error, _("the root is “%s”, not the first node"),
                                 g->root);
  return TRUE;
}
