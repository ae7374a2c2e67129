// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <sqlite3.h>

#include "msvis-json-value.h"
#include "msvis-vis-db-probe.h"
#include "msvis-vis-db-reader.h"

G_BEGIN_DECLS

/* One read-only connection per file, its statements prepared once and used under a lock, so
 * the documents of a file may load node data from any thread. A graph's nodes are added in
 * rowid order, which is the .vis node order for files msvis writes (see the writer) and
 * msprobe's node_order for msprobe's own. */

struct _MsvisVisDb
{
  gint          ref_count;
  char         *path;
  sqlite3      *db;
  GMutex        lock;
  sqlite3_stmt *node_data;     /* input_data, output_data, stack by rowid */
  sqlite3_stmt *stack;         /* tb_stack by id; NULL for files with stack_info */
  gboolean      has_stack_id;

  gboolean      is_compare;
  char         *task;
  char         *tooltip;
  char         *node_colors;
  guint         micro_steps;
  gboolean      overflow_check;
  GArray       *rank_list;
  GArray       *step_list;
  MsvisJsonScanner *cells;     /* JSON cells, one at a time under the lock */
  /* msvis-vis-db-guard.c, under the lock */
  GCancellable *query_cancellable;
  guint64       query_ticks, query_budget;
};

gboolean        msvis_vis_db_sqlite_error (MsvisVisDb   *self,
                                           GError      **error);
gboolean        msvis_vis_db_value_error  (MsvisVisDb   *self,
                                           GError      **error,
                                           const char   *where,
                                           const char   *column,
                                           const char   *problem);
MsvisJsonValue *msvis_vis_db_parse_json   (MsvisVisDb   *self,
                                           MsvisArena   *arena,
                                           const char   *text,
                                           gsize         length,
                                           const char   *where,
                                           const char   *column,
                                           GError      **error);
int             msvis_vis_db_open_read_only (const char  *path,
                                             sqlite3    **db);
/* msvis-vis-db-probe.c */
gboolean        _msvis_vis_db_probe_connection (sqlite3              *db,
                                                const char           *schema,
                                                MsvisVisDbProbeFlags  flags,
                                                MsvisVisDbProbe      *probe);
char           *msvis_vis_db_column_dup   (sqlite3_stmt *stmt,
                                           int           column);
void            msvis_vis_db_guard_install (MsvisVisDb   *self,
                                            const char   *path);
void            msvis_vis_db_guard_begin  (MsvisVisDb   *self,
                                           GCancellable *cancellable);
gboolean        msvis_vis_db_guard_interrupted (MsvisVisDb  *self,
                                                GError     **error);
gboolean        msvis_vis_db_guard_check_tables (MsvisVisDb  *self,
                                                 GError     **error);
void            msvis_vis_db_set_lazy     (MsvisVisDb       *self,
                                           MsvisVisDocument *doc,
                                           GArray           *npu_rows,
                                           GArray           *bench_rows);
/* msvis-vis-db-hierarchy.c */
gboolean        msvis_vis_db_link_children (MsvisVisDb  *self,
                                            MsvisGraph  *graph,
                                            GPtrArray   *sub_nodes,
                                            GArray      *rowids,
                                            GPtrArray   *where,
                                            GError     **error);

G_END_DECLS
