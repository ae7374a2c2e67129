// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* Nodes no path from the root reaches (an upnode msprobe could not resolve, written "None",
 * as in cross-framework compares) are in the file but in no tree a viewer draws. A viewer
 * gathers them under one container of its own, "Unattached", the root's last child, so that
 * they can be seen, opened and found.
 *
 * The container is not the file's: it is added only when a viewer asks (the window), after
 * the file's nodes and past msvis_graph_get_n_listed(), so the writers leave it out, name no
 * parent for the nodes under it (msvis_graph_node_get_file_parent()) and walk the children
 * the file has (msvis_graph_node_get_file_first_child(), _get_file_next_sibling());
 * matching refuses it. It has no items, no stack and no counterpart. */

MsvisNodeId msvis_graph_gather_unattached       (MsvisGraph  *graph);
MsvisNodeId msvis_graph_get_unattached          (MsvisGraph  *graph);
guint       msvis_graph_get_n_unattached        (MsvisGraph  *graph);
const char *msvis_graph_get_unattached_label    (MsvisGraph  *graph);
gboolean    msvis_graph_node_is_synthetic       (MsvisGraph  *graph,
                                                 MsvisNodeId  node);
MsvisNodeId msvis_graph_node_get_file_parent    (MsvisGraph  *graph,
                                                 MsvisNodeId  node);
MsvisNodeId msvis_graph_node_get_file_first_child (MsvisGraph  *graph,
                                                   MsvisNodeId  node);
MsvisNodeId msvis_graph_node_get_file_next_sibling (MsvisGraph  *graph,
                                                    MsvisNodeId  node);

G_END_DECLS
