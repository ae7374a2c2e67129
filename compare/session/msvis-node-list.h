// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-node-finder.h"

G_BEGIN_DECLS

/* A GListModel of MsvisNodeItem over an array of node ids: rows are made only when asked for,
 * so a list of 300,000 nodes costs 1.2 MB of ids and nothing more. */

#define MSVIS_TYPE_NODE_LIST (msvis_node_list_get_type ())

G_DECLARE_FINAL_TYPE (MsvisNodeList, msvis_node_list, MSVIS, NODE_LIST, GObject)

MsvisNodeList   *msvis_node_list_new        (void);
void             msvis_node_list_set        (MsvisNodeList   *self,
                                             MsvisNodeFinder *finder,
                                             GArray          *nodes);
MsvisNodeFinder *msvis_node_list_get_finder (MsvisNodeList   *self);
MsvisNodeId      msvis_node_list_get_node   (MsvisNodeList   *self,
                                             guint            position);
guint            msvis_node_list_find       (MsvisNodeList   *self,
                                             MsvisNodeId      node);

G_END_DECLS
