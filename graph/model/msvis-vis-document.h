// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-graph.h"

G_BEGIN_DECLS

/* One result as a viewer sees it: a build (one graph) or a compare (NPU and Bench) of one step
 * and rank, with the file-wide members of vis-format.md §5.2. The .vis reader, the .vis.db
 * reader and a build in memory all give one of these.
 *
 * Item fields read from a file are kept as the text the file holds (MSVIS_VALUE_OBJECT), so
 * writing them again gives the same bytes. A reader may leave a node's input_data, output_data
 * and stack_info unread until msvis_vis_document_ensure_node_data() asks for them.
 *
 * Threads: a document is shared by the window, its panes and workers (reference counted).
 * What the file says (the getters below) never changes once a reader has returned it. The
 * node data in the graphs does: loading it (ensure_node_data) and manual matching change the
 * graphs' item arrays and compare results, so every reader of node data that may run beside
 * either goes through msvis_vis_document_read_node_data() (or holds
 * msvis_vis_document_lock()), and a match edit holds the lock while it writes. The hierarchy
 * (nodes, names, parents, children, types) never changes after reading and needs no lock. */

typedef struct _MsvisVisDocument MsvisVisDocument;

#define MSVIS_TYPE_VIS_DOCUMENT (msvis_vis_document_get_type ())

/* Reads one node's items and stack into @graph. Called once per node, under the document's
 * lock. */
typedef gboolean (*MsvisVisLoadNode) (gpointer     source,
                                      MsvisGraph  *graph,
                                      MsvisNodeId  node,
                                      GError     **error);

GType             msvis_vis_document_get_type         (void) G_GNUC_CONST;
MsvisVisDocument *msvis_vis_document_new              (void);
MsvisVisDocument *msvis_vis_document_ref              (MsvisVisDocument  *self);
void              msvis_vis_document_unref            (MsvisVisDocument  *self);

/* What the file says. A reader fills these in before it hands the document out; from then
 * on they do not change, so any thread may read them. */
gboolean          msvis_vis_document_is_compare       (MsvisVisDocument  *self);
MsvisGraph       *msvis_vis_document_get_npu          (MsvisVisDocument  *self);
MsvisGraph       *msvis_vis_document_get_bench        (MsvisVisDocument  *self);
MsvisGraph       *msvis_vis_document_get_graph        (MsvisVisDocument  *self,
                                                       gboolean           bench);
const char       *msvis_vis_document_get_task         (MsvisVisDocument  *self);
const char       *msvis_vis_document_get_tooltip      (MsvisVisDocument  *self);
const MsvisJsonValue *msvis_vis_document_get_colors   (MsvisVisDocument  *self);
gboolean          msvis_vis_document_has_micro_steps  (MsvisVisDocument  *self);
gboolean          msvis_vis_document_get_overflow_check (MsvisVisDocument *self);
gboolean          msvis_vis_document_has_overflow_check (MsvisVisDocument *self);
GHashTable       *msvis_vis_document_get_npu_match_nodes   (MsvisVisDocument *self);
GHashTable       *msvis_vis_document_get_bench_match_nodes (MsvisVisDocument *self);
gint              msvis_vis_document_get_step         (MsvisVisDocument  *self);
gint              msvis_vis_document_get_rank         (MsvisVisDocument  *self);
MsvisArena       *msvis_vis_document_get_arena        (MsvisVisDocument  *self);

/* The ToolTip member, {column name: explanation}, parsed once; an absent or unreadable one
 * has no entries. */
typedef struct
{
  const char *name;
  const char *text;
} MsvisTooltipEntry;

const MsvisTooltipEntry *msvis_vis_document_get_tooltip_entries (MsvisVisDocument *self,
                                                                 guint            *n_entries);

/* For the readers and the builders, before the document is handed out. */
void              msvis_vis_document_set_compare      (MsvisVisDocument  *self,
                                                       gboolean           is_compare);
void              msvis_vis_document_set_graphs       (MsvisVisDocument  *self,
                                                       MsvisGraph        *npu,
                                                       MsvisGraph        *bench);
void              msvis_vis_document_set_task         (MsvisVisDocument  *self,
                                                       const char        *task);
void              msvis_vis_document_set_tooltip      (MsvisVisDocument  *self,
                                                       const char        *tooltip);
void              msvis_vis_document_set_colors       (MsvisVisDocument  *self,
                                                       MsvisJsonValue    *colors);
void              msvis_vis_document_set_has_micro_steps (MsvisVisDocument *self,
                                                          gboolean          has_micro_steps);
void              msvis_vis_document_set_overflow_check (MsvisVisDocument *self,
                                                         gboolean          overflow_check);
void              msvis_vis_document_set_match_nodes  (MsvisVisDocument  *self,
                                                       GHashTable        *npu_match_nodes,
                                                       GHashTable        *bench_match_nodes);
void              msvis_vis_document_set_step_rank    (MsvisVisDocument  *self,
                                                       gint               step,
                                                       gint               rank);
void              msvis_vis_document_set_merged_replica (MsvisVisDocument *self,
                                                         gboolean          replica);
gboolean          msvis_vis_document_get_merged_replica (MsvisVisDocument *self);

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


void              msvis_vis_document_index_links      (MsvisVisDocument  *self);
const MsvisNodeId *msvis_vis_document_get_bench_links (MsvisVisDocument *self);
void               msvis_vis_document_links_changed    (MsvisVisDocument  *self);
void               msvis_vis_document_gather_unattached (MsvisVisDocument *self);
MsvisNodeId       msvis_vis_document_get_counterpart  (MsvisVisDocument  *self,
                                                       gboolean           is_bench,
                                                       MsvisNodeId        node);

/* Reads what it needs of the node data; returns what it made of it. */
typedef gpointer (*MsvisVisNodeDataRead) (MsvisVisDocument *doc,
                                          gpointer          user_data);

gpointer          msvis_vis_document_read_node_data   (MsvisVisDocument     *self,
                                                       MsvisVisNodeDataRead  read,
                                                       gpointer              user_data);
/* "Compare · summary · step 0 · rank 1 · micro step 2"; @micro_step -1: all */
char             *msvis_vis_document_describe         (MsvisVisDocument     *self,
                                                       gint                  micro_step);
void              msvis_vis_document_read_nodes_async  (MsvisVisDocument     *self,
                                                        MsvisNodeId           npu,
                                                        MsvisNodeId           bench,
                                                        MsvisVisNodeDataRead  read,
                                                        gpointer              read_data,
                                                        GDestroyNotify        read_data_free,
                                                        GDestroyNotify        result_free,
                                                        GCancellable         *cancellable,
                                                        GAsyncReadyCallback   callback,
                                                        gpointer              user_data);
gpointer          msvis_vis_document_read_nodes_finish (GAsyncResult         *result,
                                                        GError              **error);
GRecMutexLocker  *msvis_vis_document_lock             (MsvisVisDocument     *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisVisDocument, msvis_vis_document_unref)

G_END_DECLS
