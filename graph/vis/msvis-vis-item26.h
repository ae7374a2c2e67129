// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* mindstudio-probe 26.0.0's format_node_data (msprobe-2026.md §8): a node's items as the
 * .vis.db's input_data and output_data hold them, made from the typed fields and the typed
 * compare metrics. One formatter per graph and thread; it keeps its buffers between nodes. */

typedef struct _MsvisItem26Format MsvisItem26Format;

MsvisItem26Format *msvis_item26_format_new  (MsvisGraph        *graph,
                                             gboolean           keep_md5);
void               msvis_item26_format_node (MsvisItem26Format *self,
                                             MsvisNodeId        node,
                                             GString           *input_data,
                                             GString           *output_data);
void               msvis_item26_format_free (MsvisItem26Format *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisItem26Format, msvis_item26_format_free)

G_END_DECLS
