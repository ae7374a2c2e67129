// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-node-details-private.h"
#include "msvis-node-menu-private.h"

/* The details' communication peers in their own ranks' colours: the header is drawn at once,
 * the colours come from the other ranks' graphs on a worker, and the header is drawn again
 * with them. Colours once known stay for the document. */

struct _MsvisDetailsPeers
{
  MsvisPeerLevels *levels;      /* nullable */
  GHashTable      *dots;        /* "rank\tname" → "dot colour\tLegend name" */
  GCancellable    *cancellable;
};

typedef struct
{
  MsvisDetailsPeers *peers;     /* borrowed: its cancellable stops the answer first */
  GPtrArray         *asked;
  void             (*changed) (gpointer owner);
  gpointer           owner;
} Request;

MsvisDetailsPeers *
_msvis_details_peers_new (void)
{
  MsvisDetailsPeers *self = g_new0 (MsvisDetailsPeers, 1);

  self->dots = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return self;
}

void
_msvis_details_peers_free (MsvisDetailsPeers *self)
{
  if (self == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->levels, msvis_peer_levels_unref);
  g_hash_table_unref (self->dots);
  g_free (self);
}

/* Another run, or none: the colours known are of the old one. */
void
_msvis_details_peers_set_levels (MsvisDetailsPeers *self,
                                 MsvisPeerLevels   *levels)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->levels, msvis_peer_levels_unref);
  self->levels = levels ? msvis_peer_levels_ref (levels) : NULL;
  g_hash_table_remove_all (self->dots);
}

/* Returns: (transfer none): "rank\tname" → "dot colour\tLegend name", for the header */
GHashTable *
_msvis_details_peers_get_dots (MsvisDetailsPeers *self)
{
  return self->dots;
}

static char *
peer_key (gint        rank,
          const char *name)
{
  return g_strdup_printf ("%d\t%s", rank, name);
}

static void
colored (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Request *request = data;
  gboolean ok = msvis_peer_levels_color_finish (NULL, result, NULL);
  gboolean any = FALSE;

  if (ok && !g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      for (guint i = 0; i < request->asked->len; i++)
        {
          const MsvisPeer *peer = g_ptr_array_index (request->asked, i);
          g_autofree char *dot = NULL;

          if (peer->color == NULL)
            continue;
          dot = _msvis_peer_dot_color (peer->color);
          g_hash_table_replace (request->peers->dots, peer_key (peer->rank, peer->name),
                                g_strdup_printf ("%s\t%s", dot,
                                                 peer->label ? peer->label : ""));
          any = TRUE;
        }
      if (any)
        request->changed (request->owner);
    }
  g_ptr_array_unref (request->asked);
  g_free (request);
}

/**
 * _msvis_details_peers_request:
 * @info: (nullable): the node's matched_distributed
 * @changed: called on the main thread when colours came in, unless the node changed first
 *
 * Looks up the peers of @info whose colour is not known yet, on a worker.
 */
void
_msvis_details_peers_request (MsvisDetailsPeers    *self,
                              MsvisVisDocument     *doc,
                              const MsvisJsonValue *info,
                              void                (*changed) (gpointer owner),
                              gpointer              owner)
{
  g_autoptr(GPtrArray) all = msvis_peers_new ();
  g_autoptr(GPtrArray) asked = msvis_peers_new ();
  Request *request;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->levels == NULL || doc == NULL || info == NULL)
    return;
  msvis_peers_add_distributed (all, info);
  for (guint i = 0; i < all->len; i++)
    {
      const MsvisPeer *peer = g_ptr_array_index (all, i);
      g_autofree char *key = peer_key (peer->rank, peer->name);

      if (!g_hash_table_contains (self->dots, key))
        msvis_peers_add (asked, peer->rank, peer->name);
    }
  if (asked->len == 0)
    return;
  self->cancellable = g_cancellable_new ();
  request = g_new0 (Request, 1);
  request->peers = self;
  request->asked = g_ptr_array_ref (asked);
  request->changed = changed;
  request->owner = owner;
  msvis_peer_levels_color_async (self->levels, msvis_vis_document_get_step (doc), asked,
                                 self->cancellable, colored, request);
}
