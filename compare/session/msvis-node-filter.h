// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-node-finder.h"

G_BEGIN_DECLS

/* Narrowing what Find lists: several buckets at once, and the micro step the graph shows. The
 * buckets are the finder's (the Legend's and `msvis inspect`'s), so a list of several buckets
 * holds exactly the leaves their counts count. */

gboolean  msvis_node_finder_in_bucket      (MsvisNodeFinder *self,
                                            MsvisNodeId      node,
                                            int              bucket);
GArray   *msvis_node_finder_list_buckets   (MsvisNodeFinder *self,
                                            const int       *buckets,
                                            guint            n_buckets);
void      msvis_node_filter_buckets        (MsvisNodeFinder *self,
                                            GArray          *nodes,
                                            const int       *buckets,
                                            guint            n_buckets);

gboolean  msvis_graph_node_in_micro_step   (MsvisGraph      *graph,
                                            MsvisNodeId      node,
                                            gint             micro_step);
guint     msvis_node_filter_micro_step     (MsvisGraph      *graph,
                                            GArray          *nodes,
                                            gint             micro_step);

G_END_DECLS
