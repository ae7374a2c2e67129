// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-json-value.h"
#include "msvis-vis-source.h"

G_BEGIN_DECLS

/* How a node of another rank is coloured in its own graph: the communication peers a node
 * names (matched_distributed, vis-format.md §4.9) shown in that rank's colour, as its graph
 * would draw it. The other ranks' graphs are read on demand and a few are kept; any thread
 * may ask. */

typedef struct _MsvisPeerLevels MsvisPeerLevels;

MsvisPeerLevels *msvis_peer_levels_new     (MsvisVisSource   *source);
MsvisPeerLevels *msvis_peer_levels_ref     (MsvisPeerLevels  *self);
void             msvis_peer_levels_unref   (MsvisPeerLevels  *self);
gboolean         msvis_peer_levels_lookup  (MsvisPeerLevels  *self,
                                            gint              step,
                                            gint              rank,
                                            const char       *name,
                                            char            **color,
                                            char            **label,
                                            GCancellable     *cancellable,
                                            GError          **error);

/* A peer a node names, and once looked up, its fill and the Legend's name for it. */
typedef struct
{
  gint  rank;
  char *name;
  char *color;   /* "#RRGGBB"; NULL: none known */
  char *label;
} MsvisPeer;

GPtrArray       *msvis_peers_new                 (void);
void             msvis_peers_add                 (GPtrArray        *peers,
                                                  gint              rank,
                                                  const char       *name);
void             msvis_peers_add_distributed     (GPtrArray        *peers,
                                                  const MsvisJsonValue *info);
void             msvis_peer_levels_color_async   (MsvisPeerLevels  *self,
                                                  gint              step,
                                                  GPtrArray        *peers,
                                                  GCancellable     *cancellable,
                                                  GAsyncReadyCallback callback,
                                                  gpointer          user_data);
gboolean         msvis_peer_levels_color_finish  (MsvisPeerLevels  *self,
                                                  GAsyncResult     *result,
                                                  GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisPeerLevels, msvis_peer_levels_unref)

G_END_DECLS
