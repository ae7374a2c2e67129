// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "fuzz-util.h"
#include "msvis-vis-reader.h"
#include "msvis-vis-writer.h"

/* A .vis read both ways the window reads one (everything at once, and node data when asked
 * for), then written again as the window saves it, with the hierarchy walked in between. */

static void
walk (MsvisGraph *graph)
{
  guint n = msvis_graph_get_n_nodes (graph), seen = 0;
  MsvisNodeId root = msvis_graph_get_root (graph), node = root;

  if (n == 0)
    return;
  /* Depth first without recursion; a cycle would make it visit more nodes than there are. */
  while (node != MSVIS_NODE_ID_NONE)
    {
      MsvisNodeId child = msvis_graph_node_get_first_child (graph, node);

      g_assert (++seen <= n);
      g_assert (msvis_graph_node_get_id (graph, node) != NULL);
      if (child != MSVIS_NODE_ID_NONE)
        {
          node = child;
          continue;
        }
      while (node != root && msvis_graph_node_get_next_sibling (graph, node) == MSVIS_NODE_ID_NONE)
        {
          node = msvis_graph_node_get_parent (graph, node);
          g_assert (node != MSVIS_NODE_ID_NONE);
        }
      node = node == root ? MSVIS_NODE_ID_NONE : msvis_graph_node_get_next_sibling (graph, node);
    }
}

static void
use (MsvisVisDocument *doc)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

  walk (msvis_vis_document_get_npu (doc));
  if (msvis_vis_document_get_bench (doc) != NULL)
    walk (msvis_vis_document_get_bench (doc));
  if (msvis_vis_document_ensure_all_data (doc, NULL, &error))
    msvis_vis_document_write_vis (doc, out, NULL, &error);
}

FUZZ_DEFINE_INITIALIZE

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *path = fuzz_write ("fuzz.vis", data, size);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MsvisVisReadFlags flags[] = { MSVIS_VIS_READ_DEFAULT, MSVIS_VIS_READ_ALL_DATA };

  for (guint i = 0; i < G_N_ELEMENTS (flags); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MsvisVisDocument) doc = msvis_vis_read (file, flags[i], NULL, &error);

      if (doc != NULL)
        use (doc);
      else
        g_assert (error != NULL && strstr (error->message, "fuzz.vis") != NULL);
    }
  return 0;
}
