// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "msvis-reader-error.h"
#include "msvis-vis-db-private.h"

/* What bounds the work SQLite does for a .vis.db: the tables msvis reads must be tables, not
 * views (a view can run any query, an endless recursive one included, every time a row is
 * asked for), and every query runs under a progress handler that stops it when Cancel is
 * pressed or when it has done far more work than a file of its size can need. */

/* The handler runs every this many virtual machine instructions. */
#define PROGRESS_PERIOD 10000
/* Reading a table costs a few instructions per byte of its rows, sorting them a few more:
 * a query may do 64 instructions per byte of the file, plus 10^8 for a small one. */
#define BUDGET_PER_BYTE 64
#define BUDGET_BASE     G_GUINT64_CONSTANT (100000000)

static int
progress (void *data)
{
  MsvisVisDb *self = data;

  if (self->query_cancellable != NULL && g_cancellable_is_cancelled (self->query_cancellable))
    return 1;
  return ++self->query_ticks > self->query_budget;
}

/**
 * msvis_vis_db_guard_install:
 *
 * Sets the work budget of every query from the size of the file at @path.
 */
void
msvis_vis_db_guard_install (MsvisVisDb *self,
                            const char *path)
{
  GStatBuf st;
  guint64 size = g_stat (path, &st) == 0 && st.st_size > 0 ? (guint64)st.st_size : 0;

  self->query_budget = (BUDGET_BASE + MIN (size, G_MAXUINT64 / 128) * BUDGET_PER_BYTE)
                       / PROGRESS_PERIOD;
  sqlite3_progress_handler (self->db, PROGRESS_PERIOD, progress, self);
}

/**
 * msvis_vis_db_guard_begin:
 * @cancellable: (nullable): stops the queries that follow, inside a step if need be
 *
 * Starts the budget of the queries that follow; the caller holds the lock.
 */
void
msvis_vis_db_guard_begin (MsvisVisDb   *self,
                          GCancellable *cancellable)
{
  self->query_ticks = 0;
  self->query_cancellable = cancellable;
}

/**
 * msvis_vis_db_guard_interrupted:
 *
 * When the last query was stopped by the guard, sets @error (cancelled, or the budget spent)
 * and returns %TRUE.
 */
gboolean
msvis_vis_db_guard_interrupted (MsvisVisDb  *self,
                                GError     **error)
{
  if (self->db == NULL || sqlite3_errcode (self->db) != SQLITE_INTERRUPT)
    return FALSE;
  if (self->query_cancellable != NULL &&
      g_cancellable_set_error_if_cancelled (self->query_cancellable, error))
    return TRUE;
  g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
               /* translators: a file path, then a number of SQLite instructions */
               _("%s: a query took more than %llu steps, far more than a file of its size "
                 "needs; it is not a .vis.db as msprobe writes it"),
               self->path, (unsigned long long)self->query_budget * PROGRESS_PERIOD);
  return TRUE;
}

/**
 * msvis_vis_db_guard_check_tables:
 *
 * Refuses a file whose tb_config, tb_nodes or tb_stack is a view or a virtual table:
 * msprobe writes plain tables, and a view runs its query whenever it is read.
 */
gboolean
msvis_vis_db_guard_check_tables (MsvisVisDb  *self,
                                 GError     **error)
{
  sqlite3_stmt *stmt;
  int status;
  gboolean ok = TRUE;

  if (sqlite3_prepare_v2 (self->db,
                          "SELECT name, type, sql FROM sqlite_master "
                          "WHERE name IN ('tb_config', 'tb_nodes', 'tb_stack')",
                          -1, &stmt, NULL) != SQLITE_OK)
    return msvis_vis_db_sqlite_error (self, error);
  while (ok && (status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *name = (const char *)sqlite3_column_text (stmt, 0);
      const char *type = (const char *)sqlite3_column_text (stmt, 1);
      const char *sql = (const char *)sqlite3_column_text (stmt, 2);

      if (g_strcmp0 (type, "table") == 0 &&
          (sql == NULL || g_ascii_strncasecmp (sql, "CREATE VIRTUAL", 14) != 0))
        continue;
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: a file path, a table name, then SQLite's kind of object
                    * (view, virtual table, index…) */
                   _("%s: %s is a %s, not a table; msvis reads only the tables msprobe writes"),
                   self->path, name ? name : "?",
                   g_strcmp0 (type, "table") == 0 ? "virtual table" : (type ? type : "?"));
      ok = FALSE;
    }
  sqlite3_finalize (stmt);
  if (ok && status != SQLITE_DONE)
    return msvis_vis_db_sqlite_error (self, error);
  return ok;
}

/**
 * msvis_vis_db_open_read_only:
 *
 * A WAL database opened read-only leaves -shm and -wal files beside it, which must not appear
 * in the user's folder (or fail in a read-only one). Without a -wal of its own the file is
 * complete, and "immutable" reads it with no side files at all; with one, its rows are there
 * and only a plain read-only connection sees them. Every reader of a .vis.db opens it here.
 *
 * Returns: SQLite's result code; @db is set either way and must be closed
 */
int
msvis_vis_db_open_read_only (const char  *path,
                             sqlite3    **db)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *escaped = NULL, *uri = NULL;
  int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_FULLMUTEX;

  if (g_file_test (wal, G_FILE_TEST_EXISTS))
    return sqlite3_open_v2 (path, db, flags, NULL);
  escaped = g_uri_escape_string (path, "/", FALSE);
  uri = g_strconcat ("file:", escaped, "?immutable=1", NULL);
  return sqlite3_open_v2 (uri, db, flags | SQLITE_OPEN_URI, NULL);
}
