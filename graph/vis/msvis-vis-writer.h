// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"
#include "msvis-json-writer.h"
#include "msvis-vis-document.h"
#include "msvis-vis-format.h"

G_BEGIN_DECLS

/* The JSON .vis file of msprobe's graph command, byte for byte (vis-format.md §5). */

typedef struct
{
  gboolean overflow_check;   /* -oc: "OverflowCheck": true */
  gboolean replace;          /* --force: a .vis.db may replace a regular file of its name */
  guint    threads;          /* that format the nodes; 0: one per core, up to 8 */
} MsvisVisOptions;

typedef struct
{
  MsvisGraph           *bench;
  const char           *tooltip;    /* a JSON text, written as a string */
  const MsvisJsonValue *colors;
  const char           *task;       /* "summary", "md5", "all" or "structure" */
  gboolean              drop_md5;   /* compares build with md5 and write it in md5 mode only */
  /* (element-type MsvisMatchPair) the matches made by hand, written as tb_graph_ascend saves
   * them (npu_match_nodes, bench_match_nodes: §6.5); NULL: msprobe's file has neither */
  const GPtrArray      *manual_matches;
} MsvisVisCompare;

gboolean msvis_vis_write_build      (MsvisGraph             *graph,
                                     const MsvisVisOptions  *options,
                                     GOutputStream          *stream,
                                     GCancellable           *cancellable,
                                     GError                **error);
gboolean msvis_vis_write_compare    (MsvisGraph             *npu,
                                     const MsvisVisCompare  *compare,
                                     const MsvisVisOptions  *options,
                                     GOutputStream          *stream,
                                     GCancellable           *cancellable,
                                     GError                **error);
void     msvis_vis_write_graph_dict (MsvisJsonWriter        *writer,
                                     MsvisGraph             *graph,
                                     MsvisGraph             *other,
                                     gboolean                drop_md5,
                                     guint                   threads);
void     msvis_vis_format_node_items (MsvisGraph            *graph,
                                     MsvisNodeId             node,
                                     gboolean                drop_md5,
                                     GString                *input_data,
                                     GString                *output_data);

/* A document as msprobe writes it (§5), reading any node data not read yet. */
void     msvis_vis_document_get_compare (MsvisVisDocument      *self,
                                         MsvisVisCompare       *compare);
gboolean msvis_vis_document_write_vis   (MsvisVisDocument      *self,
                                         GOutputStream         *stream,
                                         GCancellable          *cancellable,
                                         GError               **error);

G_END_DECLS
