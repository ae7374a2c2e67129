// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>
#include <sqlite3.h>

G_BEGIN_DECLS

/* tb_nodes' index1 to index7 of a 26.0.0 .vis.db, written as b-trees of their own after the
 * rows (msvis-vis-db26-index.c). */

typedef struct _MsvisDb26Indexes MsvisDb26Indexes;

/* The indexed columns of one tb_nodes row; the texts are copied. */
typedef struct
{
  gint64      rowid;
  gint        step;
  gint        rank;
  gint64      node_order;
  gint        micro_step;
  gboolean    distributed;
  const char *data_source;
  const char *up_node;
  const char *node_name;
  const char *link;
  gsize       link_len;
  gsize       up_node_len;     /* set by _msvis_db26_indexes_add() */
  gsize       node_name_len;   /* set by _msvis_db26_indexes_add() */
} MsvisDb26IndexRow;

#define MSVIS_DB26_N_INDEXES 7

MsvisDb26Indexes *_msvis_db26_indexes_new      (void);
void              _msvis_db26_indexes_add      (MsvisDb26Indexes        *self,
                                                const MsvisDb26IndexRow *row);
gboolean          _msvis_db26_indexes_write    (MsvisDb26Indexes        *self,
                                                const char              *path,
                                                const char              *tmp_path,
                                                guint32                 *roots,
                                                GError                 **error);
gboolean          _msvis_db26_indexes_register (sqlite3                 *db,
                                                const char *const       *create,
                                                const guint32           *roots);
void              _msvis_db26_indexes_free     (MsvisDb26Indexes        *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisDb26Indexes, _msvis_db26_indexes_free)

G_END_DECLS
