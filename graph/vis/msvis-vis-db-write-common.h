// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <sqlite3.h>
#include <sys/types.h>

#include "msvis-safe-file.h"
#include "msvis-vis-db-writer.h"

G_BEGIN_DECLS

/* What the 8.2.1 and the 26.0.0 .vis.db writers share (msvis-vis-db-writer.c,
 * msvis-vis-db26-writer.c): the temporary file renamed by commit, the connection and its two
 * insert statements, tb_config's values and the columns of a tb_nodes row both versions fill
 * alike. Each writer embeds one MsvisVisDbFile. */

typedef struct
{
  char         *path;
  char         *tmp_path;
  guint         cleanup[4];   /* the temporary files, listed for a signal's handler */
  sqlite3      *db;
  sqlite3_stmt *insert_node;
  sqlite3_stmt *insert_stack;
  gboolean      overflow_check;
  gboolean      committed;
  MsvisSafeFileFlags flags;

  /* tb_config, from the first graph added */
  gboolean      has_config;
  char         *task;
  char         *tool_tip;
  guint         micro_steps;
  gint          first_step;
  GArray       *ranks;        /* gint: the first step's ranks, in the order added */
  GArray       *steps;        /* gint, sorted, unique */
} MsvisVisDbFile;

/* How a writer opens its file: the mode of the renamed file, the pragmas before BEGIN, the
 * tables (the first n_tables of schema) and the two insert statements. */
typedef struct
{
  mode_t             mode;
  const char *const *pragmas;
  const char *const *schema;
  guint              n_tables;
  const char        *insert_node;
  const char        *insert_stack;
} MsvisVisDbFileSpec;

gboolean _msvis_vis_db_file_open         (MsvisVisDbFile            *file,
                                          const char                *path,
                                          const MsvisVisOptions     *options,
                                          const MsvisVisDbFileSpec  *spec,
                                          GError                   **error);
gboolean _msvis_vis_db_file_error        (MsvisVisDbFile            *file,
                                          GError                   **error);
gboolean _msvis_vis_db_file_exec         (MsvisVisDbFile            *file,
                                          const char                *sql,
                                          GError                   **error);
gboolean _msvis_vis_db_file_note         (MsvisVisDbFile            *file,
                                          MsvisGraph                *npu,
                                          const MsvisVisCompare     *compare,
                                          gint                       step,
                                          gint                       rank);
gboolean _msvis_vis_db_file_write_config (MsvisVisDbFile            *file,
                                          const char                *graph_type,
                                          const char                *task,
                                          const char                *node_colors,
                                          GError                   **error);
gboolean _msvis_vis_db_file_indexes      (MsvisVisDbFile            *file,
                                          const MsvisVisDbFileSpec  *spec,
                                          GError                   **error);
gboolean _msvis_vis_db_file_place        (MsvisVisDbFile            *file,
                                          GError                   **error);
void     _msvis_vis_db_file_clear        (MsvisVisDbFile            *file);

void     _msvis_vis_db_bind_node_common  (sqlite3_stmt              *stmt,
                                          MsvisGraph                *graph,
                                          MsvisNodeId                node,
                                          MsvisPrecision             precision,
                                          gint                       micro_step,
                                          const char                *data_source,
                                          gint                       step,
                                          gint                       rank);

G_END_DECLS
