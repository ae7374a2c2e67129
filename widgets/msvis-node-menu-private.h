// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-graph-canvas.h"
#include "msvis-peer-levels.h"

G_BEGIN_DECLS

/* msvis-node-menu.c reads a node's peers (MsvisPeer), msvis-node-menu-peers.c colours them. */

void       _msvis_node_menu_color_peers     (MsvisGraphCanvas    *canvas,
                                             GPtrArray           *peers,
                                             GCancellable        *cancellable,
                                             void               (*done) (MsvisGraphCanvas *canvas,
                                                                         GPtrArray        *peers));
void       _msvis_node_menu_fill_ranks      (GMenu               *ranks,
                                             GPtrArray           *peers,
                                             gboolean             is_bench);
char      *_msvis_peer_dot_color            (const char          *fill);

G_END_DECLS
