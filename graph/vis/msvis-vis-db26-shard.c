// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <sqlite3.h>

#include "msvis-reader-error.h"
#include "msvis-vis-db-private.h"
#include "msvis-vis-db26-shard.h"

/* What merge-db must know of a shard before it copies a row: that it is a 26.0.0 .vis.db
 * (the exact columns of msprobe-2026.md §10.1), its tb_config, its graphs and the order its
 * steps were written in. Each shard is attached only while it is read, so a run split into
 * more shards than SQLite can attach at once still joins. */

static const char *const nodes_columns[] = {
  "id", "graph_id", "node_order", "node_name", "node_type", "up_node", "sub_nodes",
  "precision_index", "overflow_level", "micro_step_id", "matched_node_link", "stack_id",
  "parallel_merge_info", "matched_distributed", "modified", "input_data", "output_data",
  "data_source", "dump_data_dir", "step", "rank", "is_distributed", NULL
};
static const char *const stack_columns[] = { "id", "stack_info", NULL };
static const char *const config_columns[] = {
  "id", "graph_type", "task", "tool_tip", "micro_steps", "overflow_check", "node_colors",
  "rank_list", "step_list", NULL
};

static gboolean
shard_error (MsvisShard  *shard,
             sqlite3     *db,
             GError     **error)
{
  g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
               /* translators: a file path, then SQLite's message */
               _("%s: cannot read it as a .vis.db: %s"), shard->path, sqlite3_errmsg (db));
  return FALSE;
}

/* file:…?immutable=1 reads a closed WAL database with no -shm/-wal beside the user's file; one
 * that still has its -wal is read through it. */
char *
msvis_shard_uri (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *escaped = g_uri_escape_string (path, "/", FALSE);

  return g_strconcat ("file:", escaped,
                      g_file_test (wal, G_FILE_TEST_EXISTS) ? "?mode=ro" : "?immutable=1", NULL);
}

gboolean
msvis_shard_attach (sqlite3     *db,
                    MsvisShard  *shard,
                    GError     **error)
{
  g_autofree char *uri = msvis_shard_uri (shard->path);
  sqlite3_stmt *stmt = NULL;
  int status;

  if (sqlite3_prepare_v2 (db, "ATTACH DATABASE ?1 AS shard", -1, &stmt, NULL) != SQLITE_OK)
    return shard_error (shard, db, error);
  sqlite3_bind_text (stmt, 1, uri, -1, SQLITE_TRANSIENT);
  status = sqlite3_step (stmt);
  sqlite3_finalize (stmt);
  return status == SQLITE_DONE || shard_error (shard, db, error);
}

void
msvis_shard_detach (sqlite3 *db)
{
  sqlite3_exec (db, "DETACH DATABASE shard", NULL, NULL, NULL);
}

/* The column names of shard.@table, "" joined by ",", or NULL when it has no such table. */
static char *
column_names (sqlite3     *db,
              const char  *table,
              MsvisShard  *shard,
              GError     **error)
{
  g_autofree char *sql = g_strdup_printf ("PRAGMA shard.table_info(%s)", table);
  g_autoptr(GString) names = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;
  int status;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    {
      shard_error (shard, db, error);
      return NULL;
    }
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    g_string_append_printf (names, "%s%s", names->len ? "," : "",
                            (const char *)sqlite3_column_text (stmt, 1));
  sqlite3_finalize (stmt);
  if (status != SQLITE_DONE)
    {
      shard_error (shard, db, error);
      return NULL;
    }
  return g_string_free (g_steal_pointer (&names), FALSE);
}

/* @probe: what the shard is (msvis_vis_db_probe()), for the message */
static gboolean
check_table (sqlite3                *db,
             MsvisShard             *shard,
             const MsvisVisDbProbe  *probe,
             const char             *table,
             const char *const      *want,
             GError                **error)
{
  g_autofree char *have = column_names (db, table, shard, error);
  g_autofree char *expected = g_strjoinv (",", (char **)want);

  if (have == NULL)
    return FALSE;
  if (strcmp (have, expected) == 0)
    return TRUE;
  if (*have == '\0')
    g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                 /* translators: a file path, then a table name */
                 _("%s: not a .vis.db of graph_visualize: it has no table %s"), shard->path,
                 table);
  else if (strcmp (table, "tb_nodes") == 0 && !msvis_vis_db_probe_is_2026 (probe))
    g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                 /* translators: a file path */
                 _("%s: an msprobe 8.2.1 .vis.db (tb_nodes has no is_distributed column); "
                   "merge-db joins mindstudio-probe 26.0.0 files only, so convert it first "
                   "with msvis convert"), shard->path);
  else
    g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                 /* translators: a file path, a table, the columns it has, the columns wanted */
                 _("%s: table %s has the columns (%s), not mindstudio-probe 26.0.0's (%s)"),
                 shard->path, table, have, expected);
  return FALSE;
}

static char *
column_dup (sqlite3_stmt *stmt,
            int           column)
{
  return sqlite3_column_type (stmt, column) == SQLITE_NULL
    ? NULL : g_strdup ((const char *)sqlite3_column_text (stmt, column));
}

static gboolean
read_config (sqlite3     *db,
             MsvisShard  *shard,
             GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int status, rows = 0;

  if (sqlite3_prepare_v2 (db, "SELECT id, graph_type, task, tool_tip, micro_steps, "
                          "overflow_check, node_colors FROM shard.tb_config", -1, &stmt,
                          NULL) != SQLITE_OK)
    return shard_error (shard, db, error);
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW && rows++ == 0)
    {
      g_free (shard->id);
      shard->id = column_dup (stmt, 0);
      shard->config[MSVIS_SHARD_GRAPH_TYPE] = column_dup (stmt, 1);
      shard->config[MSVIS_SHARD_TASK] = column_dup (stmt, 2);
      shard->config[MSVIS_SHARD_TOOL_TIP] = column_dup (stmt, 3);
      shard->micro_steps = sqlite3_column_int64 (stmt, 4);
      shard->config[MSVIS_SHARD_OVERFLOW_CHECK] = column_dup (stmt, 5);
      shard->config[MSVIS_SHARD_NODE_COLORS] = column_dup (stmt, 6);
    }
  sqlite3_finalize (stmt);
  if (status != SQLITE_DONE && status != SQLITE_ROW)
    return shard_error (shard, db, error);
  if (rows != 1 || g_strcmp0 (shard->id, "1") != 0)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: a file path */
                   rows == 0 ? _("%s: tb_config has no row; graph_visualize writes one, with "
                                 "id '1'")
                             : _("%s: tb_config does not have exactly one row with id '1', "
                                 "as graph_visualize writes it"),
                   shard->path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_graphs (sqlite3     *db,
             MsvisShard  *shard,
             GError     **error)
{
  sqlite3_stmt *stmt = NULL;
  int status;

  if (sqlite3_prepare_v2 (db, "SELECT step, rank, data_source, MIN(rowid), "
                          "MAX(parallel_merge_info <> '') FROM shard.tb_nodes "
                          "GROUP BY step, rank, data_source ORDER BY MIN(rowid)", -1, &stmt,
                          NULL) != SQLITE_OK)
    return shard_error (shard, db, error);
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *source = (const char *)sqlite3_column_text (stmt, 2);
      MsvisShardGraph graph = { sqlite3_column_int (stmt, 0), sqlite3_column_int (stmt, 1),
                                g_strcmp0 (source, "Bench") == 0 };

      if (g_strcmp0 (source, "NPU") != 0 && !graph.bench)
        {
          g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                       /* translators: a file path, then a data_source value */
                       _("%s: tb_nodes has data_source “%s”; graph_visualize writes NPU and "
                         "Bench only"), shard->path, source ? source : "NULL");
          sqlite3_finalize (stmt);
          return FALSE;
        }
      shard->merged |= sqlite3_column_int (stmt, 4) != 0;
      g_array_append_val (shard->graphs, graph);
    }
  sqlite3_finalize (stmt);
  if (status != SQLITE_DONE)
    return shard_error (shard, db, error);
  if (shard->graphs->len == 0)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: a file path */
                   _("%s: tb_nodes has no row, so it holds no graph to join"), shard->path);
      return FALSE;
    }
  return TRUE;
}

/**
 * msvis_shard_read:
 * @db: the output's connection, which attaches the shard while it reads it
 *
 * Checks the schema and reads tb_config and the list of graphs, in the order written.
 */
gboolean
msvis_shard_read (sqlite3     *db,
                  MsvisShard  *shard,
                  GError     **error)
{
  MsvisVisDbProbe probe;
  gboolean ok;

  if (!g_file_test (shard->path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: a file path */
                   _("%s: no such file"), shard->path);
      return FALSE;
    }
  if (!msvis_shard_attach (db, shard, error))
    return FALSE;
  shard->graphs = g_array_new (FALSE, FALSE, sizeof (MsvisShardGraph));
  ok = (_msvis_vis_db_probe_connection (db, "shard", MSVIS_VIS_DB_PROBE_DEFAULT, &probe) ||
        shard_error (shard, db, error)) &&
       check_table (db, shard, &probe, "tb_nodes", nodes_columns, error) &&
       check_table (db, shard, &probe, "tb_stack", stack_columns, error) &&
       check_table (db, shard, &probe, "tb_config", config_columns, error) &&
       read_config (db, shard, error) &&
       read_graphs (db, shard, error);
  msvis_shard_detach (db);
  return ok;
}

void
msvis_shard_clear (MsvisShard *shard)
{
  g_clear_pointer (&shard->id, g_free);
  for (guint i = 0; i < MSVIS_SHARD_N_CONFIG; i++)
    g_clear_pointer (&shard->config[i], g_free);
  g_clear_pointer (&shard->graphs, g_array_unref);
}

const char *
msvis_shard_config_name (MsvisShardConfig field)
{
  static const char *const names[] = {
    "graph_type", "task", "tool_tip", "overflow_check", "node_colors"
  };

  return names[field];
}
