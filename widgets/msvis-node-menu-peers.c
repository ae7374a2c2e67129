// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-graph-canvas-private.h"
#include "msvis-node-menu-private.h"
#include "msvis-node-menu.h"
#include "msvis-peer-levels.h"

/* The menu's "Open in Rank N" items, each with the peer's colour in its own rank's graph. The
 * colours come from the other ranks' graphs, read on a worker; a menu waits for them a moment
 * only, and opens without them if they take longer (the graphs read stay for the next time). */

#define WAIT_MS 400

/**
 * msvis_node_menu_set_peer_levels:
 * @levels: (nullable): where the other ranks of what is open are read
 *
 * Without it (a single graph, or before the window says), peers are listed uncoloured.
 */
void
msvis_node_menu_set_peer_levels (MsvisGraphCanvas *canvas,
                                 MsvisPeerLevels  *levels)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (canvas));
  g_object_set_data_full (G_OBJECT (canvas), "msvis-peer-levels",
                          levels ? msvis_peer_levels_ref (levels) : NULL,
                          (GDestroyNotify) msvis_peer_levels_unref);
}

typedef struct
{
  gint              ref_count;
  MsvisGraphCanvas *canvas;       /* owned */
  GPtrArray        *peers;        /* the worker's, coloured as it goes */
  void            (*done) (MsvisGraphCanvas *, GPtrArray *);
  GCancellable     *cancellable;  /* owned; nullable */
  guint             timeout_id;
  gboolean          answered;
} Lookup;

static void
lookup_unref (Lookup *lookup)
{
  if (--lookup->ref_count > 0)
    return;
  g_clear_handle_id (&lookup->timeout_id, g_source_remove);
  g_object_unref (lookup->canvas);
  g_clear_object (&lookup->cancellable);
  g_ptr_array_unref (lookup->peers);
  g_free (lookup);
}

/* Only one of the timeout and the worker answers; the other finds it done. */
static void
answer (Lookup    *lookup,
        GPtrArray *peers)
{
  if (lookup->answered || g_cancellable_is_cancelled (lookup->cancellable))
    return;
  lookup->answered = TRUE;
  lookup->done (lookup->canvas, peers);
}

static gboolean
waited_enough (gpointer data)
{
  Lookup *lookup = data;
  g_autoptr(GPtrArray) plain = msvis_peers_new ();

  lookup->timeout_id = 0;
  /* The worker still writes its entries: hand out copies without colours. */
  for (guint i = 0; i < lookup->peers->len; i++)
    {
      const MsvisPeer *peer = g_ptr_array_index (lookup->peers, i);

      msvis_peers_add (plain, peer->rank, peer->name);
    }
  answer (lookup, plain);
  return G_SOURCE_REMOVE;
}

static void
color_done (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  Lookup *lookup = data;

  g_task_propagate_boolean (G_TASK (result), NULL);

  g_clear_handle_id (&lookup->timeout_id, g_source_remove);
  answer (lookup, lookup->peers);
  lookup_unref (lookup);
}

/* Calls @done on the main thread with @peers coloured, or uncoloured after a moment, or not
 * at all once @cancellable is cancelled. */
void
_msvis_node_menu_color_peers (MsvisGraphCanvas *canvas,
                              GPtrArray        *peers,
                              GCancellable     *cancellable,
                              void            (*done) (MsvisGraphCanvas *canvas,
                                                       GPtrArray        *peers))
{
  MsvisPeerLevels *levels = g_object_get_data (G_OBJECT (canvas), "msvis-peer-levels");
  Lookup *lookup;

  if (levels == NULL || peers->len == 0 || canvas->doc == NULL)
    {
      done (canvas, peers);
      return;
    }
  lookup = g_new0 (Lookup, 1);
  lookup->ref_count = 2;   /* the worker's answer and the timeout's */
  lookup->canvas = g_object_ref (canvas);
  lookup->peers = g_ptr_array_ref (peers);
  lookup->done = done;
  lookup->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  lookup->timeout_id = g_timeout_add_full (G_PRIORITY_DEFAULT, WAIT_MS, waited_enough, lookup,
                                           (GDestroyNotify) lookup_unref);
  msvis_peer_levels_color_async (levels, msvis_vis_document_get_step (canvas->doc), peers,
                                 cancellable, color_done, lookup);
}

/* The fill as a dot's colour: the pale fills (the pass colour is near white) are darkened
 * until a dot of them shows on a light menu, keeping their hue. */
char *
_msvis_peer_dot_color (const char *fill)
{
  GdkRGBA rgba;
  double luminance, scale;

  if (!gdk_rgba_parse (&rgba, fill))
    return g_strdup (fill);
  luminance = 0.2126 * rgba.red + 0.7152 * rgba.green + 0.0722 * rgba.blue;
  scale = luminance > 0.75 ? 0.75 / luminance : 1.;
  return g_strdup_printf ("#%02X%02X%02X", (guint) (rgba.red * scale * 255 + .5),
                          (guint) (rgba.green * scale * 255 + .5),
                          (guint) (rgba.blue * scale * 255 + .5));
}

/* "● Open in Rank 1 (Error)": the colour as the graph fills the peer, and its name in words. */
void
_msvis_node_menu_fill_ranks (GMenu     *ranks,
                             GPtrArray *peers,
                             gboolean   is_bench)
{
  for (guint i = 0; i < peers->len; i++)
    {
      const MsvisPeer *entry = g_ptr_array_index (peers, i);
      g_autofree char *rank = g_strdup_printf ("%d", entry->rank);
      /* translators: a menu item; %s is a rank (device) number */
      g_autofree char *text = g_strdup_printf (_("Open in Rank %s"), rank);
      g_autoptr(GMenuItem) item = NULL;

      if (entry->color != NULL)
        {
          g_autofree char *plain = entry->label != NULL && *entry->label != '\0'
            /* translators: a menu item: "Open in Rank 1" and the peer's colour, "Error" */
            ? g_strdup_printf (_("%s (%s)"), text, entry->label) : g_strdup (text);
          g_autofree char *escaped = g_markup_escape_text (plain, -1);
          g_autofree char *dot = _msvis_peer_dot_color (entry->color);
          g_autofree char *markup =
            g_strdup_printf ("<span foreground=\"%s\">\u25cf</span> %s", dot, escaped);

          item = g_menu_item_new (markup, NULL);
          /* GTK 4.8 reads this attribute as a string ("&s"): a boolean is not seen, and
           * the markup showed as text. */
          g_menu_item_set_attribute (item, "use-markup", "s", "true");
        }
      else
        item = g_menu_item_new (text, NULL);
      g_menu_item_set_action_and_target (item, "win.open-rank-node", "(isb)", entry->rank,
                                         entry->name, is_bench);
      g_menu_append_item (ranks, item);
    }
}
