// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-graph-canvas.h"

G_BEGIN_DECLS

/* A peer a node names: msvis-node-menu.c reads them, msvis-node-menu-peers.c colours them. */
typedef struct
{
  gint  rank;
  char *name;
  char *color;   /* the fill of the peer in its rank's graph; NULL: none known */
  char *label;   /* the Legend's name for that fill */
} MsvisPeerEntry;

GPtrArray *_msvis_node_menu_peers_new       (void);
void       _msvis_node_menu_peers_add       (GPtrArray           *peers,
                                             gint                 rank,
                                             const char          *name);
void       _msvis_node_menu_color_peers     (MsvisGraphCanvas    *canvas,
                                             GPtrArray           *peers,
                                             GCancellable        *cancellable,
                                             void               (*done) (MsvisGraphCanvas *canvas,
                                                                         GPtrArray        *peers));
void       _msvis_node_menu_fill_ranks      (GMenu               *ranks,
                                             GPtrArray           *peers,
                                             gboolean             is_bench);

G_END_DECLS
