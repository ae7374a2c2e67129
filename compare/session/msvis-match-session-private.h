// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-match-session.h"
#include "msvis-node-compare.h"
#include "msvis-tensor-reads.h"

G_BEGIN_DECLS

/* What msvis-match-session.c (the edits) and msvis-match-session-new.c (making a session for
 * a document) share. */

/* What a node holds that an edit may change, to put back on undo and again on redo. */
typedef struct
{
  gboolean       bench;
  MsvisNodeId    node;
  MsvisNodeId    link;
  MsvisPrecision precision;
  MsvisMd5Result md5;
  guint          first_item;   /* in the edit's ItemState array */
  guint          n_items;
} NodeState;

typedef struct
{
  guint32     item;
  guint32     first_field;
  guint32     n_fields;
  MsvisField *metrics;
  guint       n_metrics;
} ItemState;

typedef struct
{
  const char *npu;     /* graph ids */
  const char *bench;   /* NULL: not in the table */
} TableEntry;

typedef struct
{
  GArray          *before;          /* NodeState */
  GArray          *after;
  GArray          *before_items;    /* ItemState */
  GArray          *after_items;
  GHashTable      *touched;         /* node keys in before */
  GArray          *table_before;    /* TableEntry */
  GArray          *table_after;
  MsvisMatchChange change;
} Edit;

struct _MsvisMatchSession
{
  MsvisVisDocument *document;
  MsvisGraph       *npu;               /* the document's, which never change */
  MsvisGraph       *bench;
  MsvisCompareMode  mode;
  char             *npu_tensor_dir;    /* real data only */
  char             *bench_tensor_dir;
  GHashTable       *table;             /* NPU id -> Bench id of the matches made by hand */
  GPtrArray        *edits;             /* Edit, oldest first */
  guint             position;          /* edits[0, position) are applied */
  guint             saved_position;    /* G_MAXUINT: the saved state is gone */
  Edit             *current;
  MsvisNodeCompare *node_compare;      /* of the current edit */
  GRecMutexLocker  *locker;            /* the document's, held during an edit */
  GPtrArray        *warnings;
  gboolean          era_2026;          /* a mindstudio-probe 26.0.0 .vis.db */
  MsvisTensorReads *reads;             /* (nullable): tensor files read apart from the edit */
  gboolean          planning;          /* the edit only collects its reads, and is put back */
};

void        _msvis_match_session_edit_free         (gpointer           data);
GHashTable *_msvis_match_session_changed_npu_nodes (MsvisMatchSession *self);

/* msvis-match-session-2026.c */
gboolean _msvis_match_session_compare_2026 (MsvisMatchSession  *self,
                                            MsvisNodeId         npu_node,
                                            MsvisNodeId         bench_node,
                                            GError            **error);
void     _msvis_match_session_strip_2026   (MsvisMatchSession  *self,
                                            MsvisNodeId         npu_node);

G_END_DECLS
