// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <graphviz/gvc.h>

#include "msvis-layout-engine-private.h"

/* cgraph and gvc keep global state: one lock for every graphviz call in the process. */
G_LOCK_DEFINE_STATIC (graphviz);
static GVC_t *gvc;

static char *
inches (double points,
        char   buf[G_ASCII_DTOSTR_BUF_SIZE])
{
  return g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.4f", points / 72.);
}

static Agnode_t *
add_node (Agraph_t             *g,
          guint                 i,
          const MsvisChunkItem *item)
{
  char name[16], buf[G_ASCII_DTOSTR_BUF_SIZE];
  Agnode_t *node;

  g_snprintf (name, sizeof name, "n%u", i);
  node = agnode (g, name, TRUE);
  agsafeset (node, (char *)"width", inches (item->width, buf), (char *)"");
  agsafeset (node, (char *)"height", inches (item->height, buf), (char *)"");
  return node;
}

/* Rows: consecutive leaves up to the next row start, or one container. Returns the number of
 * items in the row that starts at @start. */
static guint
row_length (const MsvisChunkItem *items,
            guint                 n_items,
            guint                 start)
{
  guint n = 1;

  if (!items[start].leaf)
    return 1;
  while (start + n < n_items && items[start + n].leaf && !items[start + n].row_start)
    n++;
  return n;
}

static Agraph_t *
build_graph (const MsvisChunkItem *items,
             guint                 n_items,
             Agnode_t            **nodes)
{
  Agraph_t *g = agopen ((char *)"chunk", Agdirected, NULL);
  char gap[G_ASCII_DTOSTR_BUF_SIZE];
  Agnode_t *previous_middle = NULL;

  inches (MSVIS_LAYOUT_GAP, gap);
  agattr (g, AGRAPH, (char *)"rankdir", (char *)"TB");
  agattr (g, AGRAPH, (char *)"nodesep", gap);
  agattr (g, AGRAPH, (char *)"ranksep", gap);
  agattr (g, AGRAPH, (char *)"ordering", (char *)"out");
  agattr (g, AGRAPH, (char *)"splines", (char *)"false");
  agattr (g, AGNODE, (char *)"shape", (char *)"box");
  agattr (g, AGNODE, (char *)"fixedsize", (char *)"true");
  agattr (g, AGNODE, (char *)"label", (char *)"");
  agattr (g, AGNODE, (char *)"margin", (char *)"0");
  agattr (g, AGEDGE, (char *)"style", (char *)"invis");

  for (guint start = 0, row = 0; start < n_items; row++)
    {
      guint n = row_length (items, n_items, start);
      Agraph_t *same = NULL;

      if (n > 1)
        {
          char name[24];

          g_snprintf (name, sizeof name, "row%u", row);
          same = agsubg (g, name, TRUE);
          agsafeset (same, (char *)"rank", (char *)"same", (char *)"");
        }
      for (guint i = start; i < start + n; i++)
        {
          nodes[i] = add_node (g, i, &items[i]);
          if (same != NULL)
            agsubnode (same, nodes[i], TRUE);
          /* Flat edges keep call order from left to right. */
          if (i > start)
            agedge (g, nodes[i - 1], nodes[i], NULL, TRUE);
        }
      /* Row to row through the middles, so that every row is centred under the one above. */
      if (previous_middle != NULL)
        agedge (g, previous_middle, nodes[start + n / 2], NULL, TRUE);
      previous_middle = nodes[start + n / 2];
      start += n;
    }
  return g;
}

/**
 * msvis_layout_graphviz_place:
 * @xy: (out caller-allocates): 2 × @n_items: each item's top-left corner
 *
 * Places @items in call order with dot. The origin is the top-left of their bounding box,
 * y grows downwards.
 */
gboolean
msvis_layout_graphviz_place (const MsvisChunkItem *items,
                             guint                 n_items,
                             double               *xy,
                             double               *width,
                             double               *height,
                             GError              **error)
{
  g_autofree Agnode_t **nodes = g_new0 (Agnode_t *, n_items);
  Agraph_t *g;
  boxf bb;
  int status;

  g_return_val_if_fail (n_items > 0, FALSE);

  G_LOCK (graphviz);
  if (gvc == NULL)
    gvc = gvContext ();
  g = build_graph (items, n_items, nodes);
  status = gvLayout (gvc, g, "dot");
  if (status != 0)
    {
      agclose (g);
      G_UNLOCK (graphviz);
      /* translators: %u is a number of nodes */
      g_set_error (error, MSVIS_LAYOUT_ERROR, MSVIS_LAYOUT_ERROR_GRAPHVIZ,
                   _("graphviz could not lay out %u nodes"), n_items);
      return FALSE;
    }

  bb = GD_bb (g);
  for (guint i = 0; i < n_items; i++)
    {
      pointf centre = ND_coord (nodes[i]);

      xy[2 * i] = centre.x - bb.LL.x - items[i].width / 2;
      xy[2 * i + 1] = bb.UR.y - centre.y - items[i].height / 2;
    }
  *width = bb.UR.x - bb.LL.x;
  *height = bb.UR.y - bb.LL.y;

  gvFreeLayout (gvc, g);
  agclose (g);
  G_UNLOCK (graphviz);
  return TRUE;
}
