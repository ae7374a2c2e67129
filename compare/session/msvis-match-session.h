// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-compare-mode.h"
#include "msvis-vis-config.h"
#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* Manual matching on an opened compare (vis-format.md §6.4–§6.5): link an NPU node with a
 * Bench node, or unlink a pair, optionally with their descendants paired as tb_graph_ascend
 * pairs them; the metrics and precision_index of each pair come from msprobe's compare_node
 * (msvis_node_compare_run(), the code `msvis graph` runs), the API collections above them are
 * indexed again, and every edit can be undone and redone. The graphs of the document change
 * in place; nothing is written until one of the save functions is called. */

typedef struct _MsvisMatchSession MsvisMatchSession;

/* What one edit (or its undo or redo) changed. */
typedef struct
{
  guint n_linked;     /* pairs linked */
  guint n_unlinked;   /* pairs unlinked */
} MsvisMatchChange;

MsvisMatchSession *msvis_match_session_new          (MsvisVisDocument   *document,
                                                     GFile              *file,
                                                     GError            **error);
void               msvis_match_session_free         (MsvisMatchSession  *self);
MsvisVisDocument  *msvis_match_session_get_document (MsvisMatchSession  *self);

gboolean           msvis_match_session_match        (MsvisMatchSession  *self,
                                                     MsvisNodeId         npu_node,
                                                     MsvisNodeId         bench_node,
                                                     gboolean            descendants,
                                                     MsvisMatchChange   *change,
                                                     GError            **error);
gboolean           msvis_match_session_unmatch      (MsvisMatchSession  *self,
                                                     MsvisNodeId         npu_node,
                                                     gboolean            descendants,
                                                     MsvisMatchChange   *change,
                                                     GError            **error);
gboolean           msvis_match_session_apply_pairs  (MsvisMatchSession  *self,
                                                     GPtrArray          *pairs,
                                                     const char         *origin,
                                                     MsvisMatchChange   *change,
                                                     GError            **error);

gboolean           msvis_match_session_can_undo     (MsvisMatchSession  *self);
gboolean           msvis_match_session_can_redo     (MsvisMatchSession  *self);
gboolean           msvis_match_session_undo         (MsvisMatchSession  *self,
                                                     MsvisMatchChange   *change);
gboolean           msvis_match_session_redo         (MsvisMatchSession  *self,
                                                     MsvisMatchChange   *change);

gboolean           msvis_match_session_is_modified  (MsvisMatchSession  *self);
void               msvis_match_session_set_saved    (MsvisMatchSession  *self);
GPtrArray         *msvis_match_session_get_pairs    (MsvisMatchSession  *self);
GPtrArray         *msvis_match_session_take_warnings (MsvisMatchSession *self);

/* msvis-match-save.c */
gboolean           msvis_match_session_save_vis     (MsvisMatchSession  *self,
                                                     GFile              *file,
                                                     gboolean            replace,
                                                     GCancellable       *cancellable,
                                                     GError            **error);
gboolean           msvis_match_session_save_vis_db  (MsvisMatchSession  *self,
                                                     const char         *source_path,
                                                     const char         *path,
                                                     gboolean            replace,
                                                     GCancellable       *cancellable,
                                                     GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisMatchSession, msvis_match_session_free)

G_END_DECLS
