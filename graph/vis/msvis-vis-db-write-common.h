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

/* The schema text both versions create, cut where 26.0.0 adds to it: tb_nodes up to its rank
 * column (26.0.0 adds is_distributed), tb_stack and tb_config, and index1 to index6 (26.0.0
 * adds index7). SQLite stores the text as written, so it must stay byte for byte msprobe's. */
#define MSVIS_VIS_DB_NODES_HEAD \
  "CREATE TABLE IF NOT EXISTS tb_nodes (\n" \
  "    id TEXT PRIMARY KEY,\n" \
  "    graph_id TEXT NOT NULL,\n" \
  "    node_order INTEGER NOT NULL,\n" \
  "    node_name TEXT NOT NULL,\n" \
  "    node_type TEXT NOT NULL,\n" \
  "    up_node TEXT,\n" \
  "    sub_nodes TEXT,\n" \
  "    precision_index INTEGER,\n" \
  "    overflow_level TEXT,\n" \
  "    micro_step_id INTEGER NOT NULL,\n" \
  "    matched_node_link TEXT,\n" \
  "    stack_id TEXT,\n" \
  "    parallel_merge_info TEXT,\n" \
  "    matched_distributed TEXT,\n" \
  "    modified INTEGER NOT NULL,\n" \
  "    input_data TEXT,\n" \
  "    output_data TEXT,\n" \
  "    data_source TEXT,\n" \
  "    dump_data_dir TEXT,\n" \
  "    step INTEGER NOT NULL,\n" \
  "    rank INTEGER NOT NULL"
#define MSVIS_VIS_DB_STACK_CONFIG \
  "CREATE TABLE IF NOT EXISTS tb_stack (\n" \
  "    id TEXT PRIMARY KEY,\n" \
  "    stack_info TEXT\n" \
  ");", \
  "CREATE TABLE IF NOT EXISTS tb_config (\n" \
  "    id TEXT PRIMARY KEY,\n" \
  "    graph_type TEXT NOT NULL,\n" \
  "    task TEXT,\n" \
  "    tool_tip TEXT,\n" \
  "    micro_steps INTEGER,\n" \
  "    overflow_check INTEGER,\n" \
  "    node_colors TEXT NOT NULL,\n" \
  "    rank_list TEXT NOT NULL,\n" \
  "    step_list TEXT NOT NULL\n" \
  ");"
#define MSVIS_VIS_DB_INDEXES \
  "CREATE INDEX IF NOT EXISTS index1 ON tb_nodes " \
  "(step, rank, data_source, up_node, node_order);", \
  "CREATE INDEX IF NOT EXISTS index2 ON tb_nodes (step, rank, data_source, node_name);", \
  "CREATE INDEX IF NOT EXISTS index3 ON tb_nodes (step, rank, data_source, node_order);", \
  "CREATE INDEX IF NOT EXISTS index4 ON tb_nodes (step, rank, node_order);", \
  "CREATE INDEX IF NOT EXISTS index5 ON tb_nodes (step, rank, micro_step_id, node_order);", \
  "CREATE INDEX IF NOT EXISTS index6 ON tb_nodes (step, rank, modified, matched_node_link);"

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
gboolean _msvis_vis_db_file_prepare      (MsvisVisDbFile            *file,
                                          const MsvisVisDbFileSpec  *spec,
                                          GError                   **error);
gboolean _msvis_vis_db_file_close        (MsvisVisDbFile            *file,
                                          GError                   **error);
gboolean _msvis_vis_db_file_reopen       (MsvisVisDbFile            *file,
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

void     _msvis_vis_db_tmp_list          (const char                *tmp_path,
                                          guint                      cleanup[4]);
void     _msvis_vis_db_tmp_unlist        (guint                      cleanup[4]);
void     _msvis_vis_db_tmp_remove        (const char                *tmp_path,
                                          guint                      cleanup[4]);

void     _msvis_vis_db_bind_node_common  (sqlite3_stmt              *stmt,
                                          MsvisGraph                *graph,
                                          MsvisNodeId                node,
                                          MsvisPrecision             precision,
                                          gint                       micro_step,
                                          const char                *data_source,
                                          gint                       step,
                                          gint                       rank);

G_END_DECLS
