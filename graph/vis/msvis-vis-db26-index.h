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
  const char *id;              /* "<graph_id>_<node_name>" */
  gsize       id_len;
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
  guint32     parent;          /* the parent's row, by the order rows were added; G_MAXUINT32
                                * if there is none or it is not known */
  gsize       up_node_len;     /* set by _msvis_db26_indexes_add() */
  gsize       node_name_len;   /* set by _msvis_db26_indexes_add() */
} MsvisDb26IndexRow;

#define MSVIS_DB26_N_INDEXES 7
/* The index number of sqlite_autoindex_tb_nodes_1, the id's PRIMARY KEY, after msprobe's. */
#define MSVIS_DB26_ID_INDEX MSVIS_DB26_N_INDEXES

/* tb_nodes' id index, out of SQLite's hands while the rows go in (msvis-vis-db26-id-index.c). */
typedef struct
{
  char    *nodes_sql;   /* tb_nodes' CREATE TABLE text */
  guint32  root;        /* sqlite_autoindex_tb_nodes_1's root page */
  guint32  rowid;       /* and its row in sqlite_master */
} MsvisDb26IdIndex;

MsvisDb26Indexes *_msvis_db26_indexes_new      (void);
void              _msvis_db26_indexes_add      (MsvisDb26Indexes        *self,
                                                const MsvisDb26IndexRow *row);
guint             _msvis_db26_indexes_count    (MsvisDb26Indexes        *self);
gboolean          _msvis_db26_indexes_write    (MsvisDb26Indexes        *self,
                                                const char              *path,
                                                const char              *tmp_path,
                                                guint32                  id_root,
                                                guint32                 *roots,
                                                GError                 **error);
gboolean          _msvis_db26_indexes_register (sqlite3                 *db,
                                                const char *const       *create,
                                                const guint32           *roots,
                                                const MsvisDb26IdIndex  *id);
void              _msvis_db26_indexes_free     (MsvisDb26Indexes        *self);

gboolean          _msvis_db26_id_index_hide    (sqlite3                 *db,
                                                MsvisDb26IdIndex        *id);
gboolean          _msvis_db26_id_index_restore (sqlite3                 *db,
                                                const MsvisDb26IdIndex  *id);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisDb26Indexes, _msvis_db26_indexes_free)

G_END_DECLS
