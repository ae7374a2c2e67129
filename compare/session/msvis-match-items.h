// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* Items of a node read from a file hold text (MSVIS_VALUE_OBJECT); compare_node needs the
 * values msprobe had in memory. Turns them back where printing them again gives the same text;
 * with @strip, an NPU item also loses the metric fields an earlier compare gave it. */
void msvis_match_prepare_items (MsvisGraph  *graph,
                                MsvisNodeId  node,
                                gboolean     strip);

G_END_DECLS
