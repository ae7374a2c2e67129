// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph-canvas.h"
#include "msvis-peer-levels.h"

G_BEGIN_DECLS

/* The context menu of a node in a canvas (right click, Shift+F10 or the Menu key): go to the
 * counterpart, match or unmatch, expand to errors, copy the name or the stack, open the node
 * in a peer rank. The window's "win." and "match." actions do what they can; the rest is the
 * "node." group this adds to the canvas. Opening a peer rank activates "win.open-rank-node"
 * with (rank, node name, is_bench), which the window provides. */

void        msvis_node_menu_attach          (MsvisGraphCanvas *canvas);
gboolean    msvis_node_menu_popup           (MsvisGraphCanvas *canvas,
                                             MsvisNodeId       node,
                                             double            x,
                                             double            y);
GMenuModel *msvis_node_menu_get_model       (MsvisGraphCanvas *canvas);
void        msvis_node_menu_set_peer_levels (MsvisGraphCanvas *canvas,
                                             MsvisPeerLevels  *levels);
guint       msvis_node_menu_expand_to_errors (MsvisGraphCanvas *canvas,
                                              MsvisNodeId       node);

G_END_DECLS
