// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib-object.h>

#include "msvis-node-finder.h"

G_BEGIN_DECLS

/* One row of a MsvisNodeList: made when a list view asks for it, dropped when the row scrolls
 * away. It holds the finder, so it outlives a replaced document safely. */

#define MSVIS_TYPE_NODE_ITEM (msvis_node_item_get_type ())

G_DECLARE_FINAL_TYPE (MsvisNodeItem, msvis_node_item, MSVIS, NODE_ITEM, GObject)

MsvisNodeItem   *msvis_node_item_new           (MsvisNodeFinder *finder,
                                                MsvisNodeId      node);
MsvisNodeFinder *msvis_node_item_get_finder    (MsvisNodeItem   *self);
MsvisNodeId      msvis_node_item_get_node      (MsvisNodeItem   *self);
const char      *msvis_node_item_get_name      (MsvisNodeItem   *self);
MsvisNodeType    msvis_node_item_get_node_type (MsvisNodeItem   *self);
int              msvis_node_item_get_bucket    (MsvisNodeItem   *self);
const char      *msvis_node_item_get_color     (MsvisNodeItem   *self);

G_END_DECLS
