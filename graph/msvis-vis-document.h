// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-graph.h"
#include "msvis-vis-writer.h"

G_BEGIN_DECLS

/* One result as a viewer sees it: a build (one graph) or a compare (NPU and Bench) of one step
 * and rank, with the file-wide members of vis-format.md §5.2. The .vis reader, the .vis.db
 * reader and a build in memory all give one of these.
 *
 * Item fields read from a file are kept as the text the file holds (MSVIS_VALUE_OBJECT), so
 * writing them again gives the same bytes. A reader may leave a node's input_data, output_data
 * and stack_info unread until msvis_vis_document_ensure_node_data() asks for them. */

typedef struct _MsvisVisDocument MsvisVisDocument;

#define MSVIS_TYPE_VIS_DOCUMENT (msvis_vis_document_get_type ())

/* Reads one node's items and stack into @graph. Called once per node, under the document's
 * lock. */
typedef gboolean (*MsvisVisLoadNode) (gpointer     source,
                                      MsvisGraph  *graph,
                                      MsvisNodeId  node,
                                      GError     **error);

struct _MsvisVisDocument
{
  gboolean        is_compare;
  MsvisGraph     *npu;              /* the only graph of a build */
  MsvisGraph     *bench;            /* NULL in a build */
  char           *task;             /* NULL when the file has none */
  char           *tooltip;          /* the ToolTip JSON text; NULL when absent */
  MsvisJsonValue *colors;           /* in arena; NULL when absent */
  gboolean        has_micro_steps;  /* MicroSteps itself is the graphs' micro_steps */
  gboolean        overflow_check;   /* TRUE when absent, as tb_graph_ascend reads it */
  gboolean        has_overflow_check;
  GHashTable     *npu_match_nodes;  /* NPU id -> Bench id, saved by tb_graph_ascend; or NULL */
  GHashTable     *bench_match_nodes;
  gint            step;             /* -1 when the source does not say */
  gint            rank;
  MsvisArena     *arena;

  /*< private >*/
  gint             ref_count;       /* the window, its panes and workers share a document */
  MsvisVisLoadNode load_node;
  gpointer         source;
  GDestroyNotify   source_free;
  GRecMutex        lock;
  GByteArray      *npu_loaded;      /* one byte per node; NULL: everything is in the graph */
  GByteArray      *bench_loaded;
  gsize            links_once;      /* bench_links is made */
  MsvisNodeId     *bench_links;     /* per Bench node: its own link, else the NPU node's */
  gsize            tool_tips_once;  /* tool_tips is read from tooltip */
  char           **tool_tips;
};

GType             msvis_vis_document_get_type         (void) G_GNUC_CONST;
MsvisVisDocument *msvis_vis_document_new              (void);
MsvisVisDocument *msvis_vis_document_ref              (MsvisVisDocument  *self);
void              msvis_vis_document_unref            (MsvisVisDocument  *self);

void              msvis_vis_document_set_loader       (MsvisVisDocument  *self,
                                                       MsvisVisLoadNode   load_node,
                                                       gpointer           source,
                                                       GDestroyNotify     source_free);
gboolean          msvis_vis_document_ensure_node_data (MsvisVisDocument  *self,
                                                       MsvisGraph        *graph,
                                                       MsvisNodeId        node,
                                                       GError           **error);
gboolean          msvis_vis_document_ensure_all_data  (MsvisVisDocument  *self,
                                                       GCancellable      *cancellable,
                                                       GError           **error);

void              msvis_vis_document_get_compare      (MsvisVisDocument  *self,
                                                       MsvisVisCompare   *compare);
gboolean          msvis_vis_document_write_vis        (MsvisVisDocument  *self,
                                                       GOutputStream     *stream,
                                                       GCancellable      *cancellable,
                                                       GError           **error);

void              msvis_vis_document_index_links      (MsvisVisDocument  *self);
const MsvisNodeId *msvis_vis_document_get_bench_links (MsvisVisDocument *self);
void               msvis_vis_document_links_changed    (MsvisVisDocument  *self);
MsvisNodeId       msvis_vis_document_get_counterpart  (MsvisVisDocument  *self,
                                                       gboolean           is_bench,
                                                       MsvisNodeId        node);

const char *const *msvis_vis_document_get_tool_tips (MsvisVisDocument *self);

/* Reads what it needs of the node data; returns what it made of it. */
typedef gpointer (*MsvisVisNodeDataRead) (MsvisVisDocument *doc,
                                          gpointer          user_data);

gpointer          msvis_vis_document_read_node_data   (MsvisVisDocument     *self,
                                                       MsvisVisNodeDataRead  read,
                                                       gpointer              user_data);
GRecMutexLocker  *msvis_vis_document_lock             (MsvisVisDocument     *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisVisDocument, msvis_vis_document_unref)

G_END_DECLS
