// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>
#include <sqlite3.h>

G_BEGIN_DECLS

/* One input of merge-db, read by msvis-vis-db26-shard.c (private to graph/vis). */

typedef enum
{
  MSVIS_SHARD_GRAPH_TYPE,
  MSVIS_SHARD_TASK,
  MSVIS_SHARD_TOOL_TIP,
  MSVIS_SHARD_OVERFLOW_CHECK,
  MSVIS_SHARD_NODE_COLORS,
  MSVIS_SHARD_N_CONFIG
} MsvisShardConfig;

typedef struct
{
  gint     step;
  gint     rank;
  gboolean bench;
} MsvisShardGraph;

typedef struct
{
  const char *path;
  char       *id;                               /* tb_config.id */
  char       *config[MSVIS_SHARD_N_CONFIG];     /* tb_config texts, NULL for SQL NULL */
  gint64      micro_steps;
  gboolean    merged;                           /* a parallel merge: no post-pass */
  GArray     *graphs;                           /* MsvisShardGraph, in the order written */
} MsvisShard;

char       *msvis_shard_uri         (const char        *path);
gboolean    msvis_shard_attach      (sqlite3           *db,
                                     MsvisShard        *shard,
                                     GError           **error);
void        msvis_shard_detach      (sqlite3           *db);
gboolean    msvis_shard_read        (sqlite3           *db,
                                     MsvisShard        *shard,
                                     GError           **error);
void        msvis_shard_clear       (MsvisShard        *shard);
const char *msvis_shard_config_name (MsvisShardConfig   field);

G_END_DECLS
