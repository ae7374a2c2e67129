// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-vis-node-data.h"
#include "msvis-vis-reader.h"

G_BEGIN_DECLS

/* What the .vis reader keeps per graph while the file streams by, and the checks made once a
 * graph is complete (msvis-vis-resolve.c). */

typedef struct
{
  guint32 first;
  guint32 n;
} ChildRun;

typedef struct
{
  MsvisGraph   *graph;
  const char   *label;       /* "NPU", "Bench", or NULL in a build */
  char         *root;
  gboolean      has_node_map;
  GArray       *spans;       /* MsvisVisNodeSpans per node; NULL when data is read at once */
  GArray       *offsets;     /* guint64: where each node's key is, for messages */
  GPtrArray    *upnodes;     /* interned text, NULL for "None" */
  GPtrArray    *child_ids;   /* interned text of every subnodes list, one after another */
  GArray       *child_runs;  /* ChildRun per node */
  GPtrArray    *links;       /* the last name of matched_node_link, or NULL */
  GStringChunk *link_text;
} GraphState;

void     msvis_vis_graph_state_init    (GraphState  *g,
                                        const char  *label,
                                        gboolean     lazy);
void     msvis_vis_graph_state_clear   (GraphState  *g);
gboolean msvis_vis_check_graph_nodes   (const char  *file,
                                        GraphState  *g,
                                        GError     **error);
gboolean msvis_vis_node_error          (const char  *file,
                                        GraphState  *g,
                                        MsvisNodeId  node,
                                        GError     **error,
                                        const char  *format,
                                        ...) G_GNUC_PRINTF (5, 6);
gboolean msvis_vis_resolve_hierarchy   (const char  *file,
                                        GraphState  *g,
                                        GError     **error);
gboolean msvis_vis_resolve_links       (const char  *file,
                                        GraphState  *g,
                                        GraphState  *other,
                                        GError     **error);

G_END_DECLS
