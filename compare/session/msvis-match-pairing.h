// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* How tb_graph_ascend pairs the children of two nodes matched "with descendants": the
 * unmatched children of @parent grouped by pairing key (class-level or API name, and node
 * type), each group a GArray of MsvisNodeId in call order. @order (nullable) receives the keys
 * in the order they first appear. */
GHashTable *msvis_match_group_unmatched (MsvisGraph  *graph,
                                         MsvisNodeId  parent,
                                         GPtrArray   *order);

G_END_DECLS
