// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-vis-db26-index.h"

/* tb_nodes' id is its PRIMARY KEY, so SQLite keeps sqlite_autoindex_tb_nodes_1 as each row
 * goes in: a b-tree descent, a uniqueness probe and page splits at random places, over a
 * third of the SQLite thread's work on the medium compare of bench-compare.py. While the rows
 * go in, tb_nodes' text in sqlite_master says "id TEXT" without the key and the index's row
 * is out of sqlite_master (SQLite calls an index row without its table key an orphan), so
 * SQLite keeps no index. The index is then written with the others (msvis-vis-db26-index.c)
 * into the root page SQLite gave it, and both rows go back as they were, the index's under
 * its old rowid: every row of sqlite_master is where msprobe's file has it. */

static const char key_column[] = "id TEXT PRIMARY KEY,";
static const char plain_column[] = "id TEXT,";

/* Gives table @table the CREATE TABLE text @sql in sqlite_master, under writable_schema in
 * a transaction whose end raises the schema cookie. */
static gboolean
set_table_sql (sqlite3    *db,
               const char *table,
               const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok;

  ok = sqlite3_prepare_v2 (db, "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND "
                           "name = ?", -1, &stmt, NULL) == SQLITE_OK &&
       sqlite3_bind_text (stmt, 1, sql, -1, SQLITE_STATIC) == SQLITE_OK &&
       sqlite3_bind_text (stmt, 2, table, -1, SQLITE_STATIC) == SQLITE_OK &&
       sqlite3_step (stmt) == SQLITE_DONE && sqlite3_changes (db) == 1;
  sqlite3_finalize (stmt);
  return ok;
}

static gboolean
query_one (sqlite3    *db,
           const char *sql,
           char      **text,
           guint32    *number)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok;

  ok = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) == SQLITE_OK &&
       sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_type (stmt, 0) != SQLITE_NULL;
  if (ok && text != NULL)
    *text = g_strdup ((const char *)sqlite3_column_text (stmt, 0));
  if (ok && number != NULL)
    *number = (guint32)sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return ok;
}

/**
 * _msvis_db26_id_index_hide:
 * @db: a file with msprobe's tables and nothing in them, outside a transaction
 * @id: (out caller-allocates): tb_nodes' CREATE TABLE text, the index's root page and its
 *   row in sqlite_master, to give back with _msvis_db26_id_index_restore()
 *
 * Makes SQLite leave tb_nodes' id index alone until the file is reopened with tb_nodes' own
 * text back (_msvis_db26_id_index_restore()).
 *
 * Returns: %FALSE on SQLite's error, which sqlite3_errmsg() tells
 */
gboolean
_msvis_db26_id_index_hide (sqlite3          *db,
                           MsvisDb26IdIndex *id)
{
  g_autofree char *sql = NULL;
  g_autofree char *plain = NULL;
  g_autofree char *cookie = NULL;
  const char *key;
  guint32 version = 0;

  if (!query_one (db, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = "
                  "'tb_nodes'", &sql, NULL) ||
      !query_one (db, "SELECT rootpage FROM sqlite_master WHERE type = 'index' AND name = "
                  "'sqlite_autoindex_tb_nodes_1'", NULL, &id->root) ||
      !query_one (db, "SELECT rowid FROM sqlite_master WHERE type = 'index' AND name = "
                  "'sqlite_autoindex_tb_nodes_1'", NULL, &id->rowid) ||
      !query_one (db, "PRAGMA schema_version", NULL, &version))
    return FALSE;
  key = strstr (sql, key_column);
  g_assert (key != NULL && strstr (key + 1, key_column) == NULL);
  plain = g_strdup_printf ("%.*s%s%s", (int)(key - sql), sql, plain_column,
                           key + strlen (key_column));
  cookie = g_strdup_printf ("PRAGMA schema_version=%u; COMMIT; PRAGMA writable_schema=OFF",
                            version + 1);
  if (sqlite3_db_config (db, SQLITE_DBCONFIG_DEFENSIVE, 0, NULL) != SQLITE_OK ||
      sqlite3_exec (db, "PRAGMA writable_schema=ON; BEGIN", NULL, NULL, NULL) != SQLITE_OK ||
      !set_table_sql (db, "tb_nodes", plain) ||
      sqlite3_exec (db, "DELETE FROM sqlite_master WHERE type = 'index' AND name = "
                    "'sqlite_autoindex_tb_nodes_1'", NULL, NULL, NULL) != SQLITE_OK ||
      sqlite3_exec (db, cookie, NULL, NULL, NULL) != SQLITE_OK)
    return FALSE;
  id->nodes_sql = g_steal_pointer (&sql);
  return TRUE;
}

/**
 * _msvis_db26_id_index_restore:
 *
 * Gives tb_nodes back its text and sqlite_autoindex_tb_nodes_1 its row; the
 * caller has turned writable_schema on, is inside a transaction and raises the schema cookie.
 *
 * Returns: %FALSE on SQLite's error, which sqlite3_errmsg() tells
 */
gboolean
_msvis_db26_id_index_restore (sqlite3                *db,
                              const MsvisDb26IdIndex *id)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok;

  ok = set_table_sql (db, "tb_nodes", id->nodes_sql) &&
       sqlite3_prepare_v2 (db, "INSERT INTO sqlite_master (rowid, type, name, tbl_name, "
                           "rootpage, sql) VALUES (?, 'index', 'sqlite_autoindex_tb_nodes_1', "
                           "'tb_nodes', ?, NULL)", -1, &stmt, NULL) == SQLITE_OK &&
       sqlite3_bind_int64 (stmt, 1, id->rowid) == SQLITE_OK &&
       sqlite3_bind_int64 (stmt, 2, id->root) == SQLITE_OK &&
       sqlite3_step (stmt) == SQLITE_DONE;
  sqlite3_finalize (stmt);
  return ok;
}
