// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-json-scanner.h"
#include "msvis-json-value.h"
#include "msvis-vis-db-private.h"
#include "msvis-vis-db-rows.h"
#include "msvis-vis-db-write-common.h"
#include "msvis-safe-file.h"

struct _MsvisVisDbRows
{
  char     *input;
  char     *output;
  char     *tmp_path;
  guint     cleanup[4];
  sqlite3  *db;
  char     *task;
  gint      step;
  gint      rank;
  gboolean  wal;        /* the input is a WAL database, as msprobe leaves it */
  mode_t    mode;
  MsvisSafeFileFlags flags;
};


static gboolean
sqlite_error (sqlite3     *db,
              const char  *path,
              GError     **error)
{
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               /* translators: a file name, then SQLite's message */
               _("%s: cannot be read or written as a .vis.db: %s"), path,
               db != NULL ? sqlite3_errmsg (db) : g_strerror (ENOMEM));
  return FALSE;
}

/* As the .vis.db reader opens files (msvis_vis_db_open_read_only()). */
static sqlite3 *
open_read_only (const char  *path,
                GError     **error)
{
  sqlite3 *db = NULL;
  int rc;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* translators: a file name */
                   _("%s: no such file"), path);
      return NULL;
    }
  rc = msvis_vis_db_open_read_only (path, &db);
  if (rc != SQLITE_OK)
    {
      sqlite_error (db, path, error);
      sqlite3_close (db);
      return NULL;
    }
  return db;
}

static char *
query_text (sqlite3    *db,
            const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  char *text = NULL;

  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) == SQLITE_OK &&
      sqlite3_step (stmt) == SQLITE_ROW && sqlite3_column_text (stmt, 0) != NULL)
    text = g_strdup ((const char *)sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return text;
}

/* The last name of a matched_node_link text, as the viewer's lists take it; NULL for none. */
static char *
last_link (MsvisJsonScanner *scanner,
           const char       *text)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GError) error = NULL;
  MsvisJsonValue *value;
  MsvisJsonToken token;

  if (text == NULL || *text == '\0')
    return NULL;
  msvis_json_scanner_set_span (scanner, text, strlen (text), 0);
  if (!msvis_json_scanner_next (scanner, &token, &error) ||
      (value = msvis_json_value_read (arena, scanner, token, &error)) == NULL ||
      value->kind != MSVIS_JSON_ARRAY || value->last == NULL ||
      value->last->kind != MSVIS_JSON_STRING)
    return NULL;
  return g_strdup (value->last->s);
}

/**
 * msvis_vis_db_rows_read_links:
 * @links: (out) (transfer full): NPU node name -> the Bench node its matched_node_link ends
 *   with, for the linked NPU nodes of (@step, @rank)
 */
gboolean
msvis_vis_db_rows_read_links (const char  *path,
                              gint         step,
                              gint         rank,
                              GHashTable **links,
                              GError     **error)
{
  sqlite3 *db = open_read_only (path, error);
  sqlite3_stmt *stmt = NULL;
  MsvisJsonScanner *scanner;
  int rc;

  *links = NULL;
  if (db == NULL)
    return FALSE;
  if (sqlite3_prepare_v2 (db, "SELECT node_name, matched_node_link FROM tb_nodes WHERE "
                              "step = ? AND rank = ? AND data_source = 'NPU'", -1, &stmt,
                          NULL) != SQLITE_OK)
    {
      sqlite_error (db, path, error);
      sqlite3_close (db);
      return FALSE;
    }
  sqlite3_bind_int (stmt, 1, step);
  sqlite3_bind_int (stmt, 2, rank);
  scanner = msvis_json_scanner_new_for_spans (path);
  *links = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  while ((rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      char *last = last_link (scanner, (const char *)sqlite3_column_text (stmt, 1));

      if (last != NULL)
        g_hash_table_insert (*links, g_strdup ((const char *)sqlite3_column_text (stmt, 0)),
                             last);
    }
  msvis_json_scanner_free (scanner);
  sqlite3_finalize (stmt);
  if (rc != SQLITE_DONE)
    {
      sqlite_error (db, path, error);
      g_clear_pointer (links, g_hash_table_unref);
    }
  sqlite3_close (db);
  return *links != NULL;
}

/* The (step, rank) asked for, or the first the file holds. */
static gboolean
choose_graph (MsvisVisDbRows  *self,
              sqlite3             *db,
              gint                 step,
              gint                 rank,
              GError             **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean found = FALSE;
  int rc;

  if (sqlite3_prepare_v2 (db, "SELECT DISTINCT step, rank FROM tb_nodes ORDER BY step, rank",
                          -1, &stmt, NULL) != SQLITE_OK)
    return sqlite_error (db, self->input, error);
  while (!found && (rc = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      gint s = sqlite3_column_int (stmt, 0), r = sqlite3_column_int (stmt, 1);

      if ((step < 0 || s == step) && (rank < 0 || r == rank))
        {
          self->step = s;
          self->rank = r;
          found = TRUE;
        }
    }
  sqlite3_finalize (stmt);
  if (!found)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                 /* translators: %s is a file; then a step and a rank (-1: any) */
                 _("%s holds no graph of step %d and rank %d"), self->input, step, rank);
  return found;
}

static gboolean
is_wal (const char *path)
{
  g_autofree char *head = NULL;
  gsize length = 0;

  /* bytes 18 and 19 of the header: 2 for WAL */
  return g_file_get_contents (path, &head, &length, NULL) && length > 19 && head[18] == 2;
}

static gboolean
make_copy (MsvisVisDbRows  *self,
           sqlite3             *source,
           GError             **error)
{
  g_autofree char *dir = g_path_get_dirname (self->output);
  g_autofree char *base = g_path_get_basename (self->output);
  sqlite3_backup *backup;
  int fd, rc;

  self->tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (self->tmp_path, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_clear_pointer (&self->tmp_path, g_free);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   /* translators: a folder, then why */
                   _("%s: cannot write a file there: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }
  close (fd);
  _msvis_vis_db_tmp_list (self->tmp_path, self->cleanup);
  if (sqlite3_open_v2 (self->tmp_path, &self->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX,
                       NULL) != SQLITE_OK)
    return sqlite_error (self->db, self->output, error);
  backup = sqlite3_backup_init (self->db, "main", source, "main");
  if (backup == NULL)
    return sqlite_error (self->db, self->output, error);
  rc = sqlite3_backup_step (backup, -1);
  sqlite3_backup_finish (backup);
  if (rc != SQLITE_DONE)
    return sqlite_error (source, self->input, error);
  /* One transaction for every row, as the viewer's executemany. */
  if (sqlite3_exec (self->db, "PRAGMA journal_mode = DELETE; BEGIN", NULL, NULL, NULL)
      != SQLITE_OK)
    return sqlite_error (self->db, self->output, error);
  return TRUE;
}

/**
 * msvis_vis_db_rows_open:
 * @replace: an existing @output may be replaced (and keeps its permissions)
 */
MsvisVisDbRows *
msvis_vis_db_rows_open (const char  *input,
                            const char  *output,
                            gint         step,
                            gint         rank,
                            gboolean     replace,
                            GError     **error)
{
  g_autoptr(MsvisVisDbRows) self = g_new0 (MsvisVisDbRows, 1);
  g_autofree char *wal = g_strconcat (output, "-wal", NULL);
  sqlite3 *source;
  GStatBuf st;
  gboolean ok;

  self->input = g_strdup (input);
  self->output = g_strdup (output);
  self->flags = replace ? MSVIS_SAFE_FILE_REPLACE : MSVIS_SAFE_FILE_DEFAULT;
  /* A -wal beside the target belongs to a program that has it open (the viewer). */
  if (g_file_test (wal, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                   /* translators: a file name */
                   _("%s is open in another program (it has a -wal file): close it first"),
                   output);
      return NULL;
    }
  if (!msvis_safe_file_check_target (output, self->flags, error) ||
      (source = open_read_only (input, error)) == NULL)
    return NULL;
  self->mode = g_stat (input, &st) == 0 ? st.st_mode & 0777 : 0640;
  self->wal = is_wal (input);
  self->task = query_text (source, "SELECT task FROM tb_config LIMIT 1");
  ok = choose_graph (self, source, step, rank, error) && make_copy (self, source, error);
  sqlite3_close (source);
  return ok ? g_steal_pointer (&self) : NULL;
}

const char *
msvis_vis_db_rows_get_task (MsvisVisDbRows *self)
{
  return self->task;
}

gint
msvis_vis_db_rows_get_step (MsvisVisDbRows *self)
{
  return self->step;
}

gint
msvis_vis_db_rows_get_rank (MsvisVisDbRows *self)
{
  return self->rank;
}

/**
 * msvis_vis_db_rows_read_row:
 * @row: (out): node_type, up_node, input_data, output_data, matched_node_link and
 *   dump_data_dir, or %NULL when the graph has no such node
 */
gboolean
msvis_vis_db_rows_read_row (MsvisVisDbRows  *self,
                                const char          *data_source,
                                const char          *name,
                                GStrv               *row,
                                GError             **error)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  *row = NULL;
  if (sqlite3_prepare_v2 (self->db,
                          "SELECT node_type, up_node, input_data, output_data, "
                          "matched_node_link, dump_data_dir FROM tb_nodes WHERE step = ? AND "
                          "rank = ? AND "
                          "data_source = ? AND node_name = ?", -1, &stmt, NULL) != SQLITE_OK)
    return sqlite_error (self->db, self->input, error);
  sqlite3_bind_int (stmt, 1, self->step);
  sqlite3_bind_int (stmt, 2, self->rank);
  sqlite3_bind_text (stmt, 3, data_source, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, name, -1, SQLITE_STATIC);
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW)
    {
      *row = g_new0 (char *, 7);
      for (guint i = 0; i < 6; i++)
        (*row)[i] = g_strdup ((const char *)sqlite3_column_text (stmt, i));
    }
  sqlite3_finalize (stmt);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return sqlite_error (self->db, self->input, error);
  return TRUE;
}

/* The viewer's update_nodes_info, one row. */
gboolean
msvis_vis_db_rows_update_row (MsvisVisDbRows       *self,
                                  const MsvisVisDbRow  *row,
                                  GError                  **error)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok;

  if (sqlite3_prepare_v2 (self->db,
                          "UPDATE tb_nodes SET matched_node_link = ?, input_data = ?, "
                          "output_data = ?, precision_index = ?, modified = 1 WHERE step = ? "
                          "AND rank = ? AND data_source = ? AND node_name = ?",
                          -1, &stmt, NULL) != SQLITE_OK)
    return sqlite_error (self->db, self->output, error);
  sqlite3_bind_text (stmt, 1, row->link, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, row->input, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, row->output, -1, SQLITE_STATIC);
  /* Python's int and float: INTEGER 0 and 1, REAL 0.5 */
  if (row->precision.kind == MSVIS_PRECISION_NONE)
    sqlite3_bind_null (stmt, 4);
  else if (row->precision.kind == MSVIS_PRECISION_FLOAT)
    sqlite3_bind_double (stmt, 4, row->precision.value);
  else
    sqlite3_bind_int64 (stmt, 4, (gint64) row->precision.value);
  sqlite3_bind_int (stmt, 5, self->step);
  sqlite3_bind_int (stmt, 6, self->rank);
  sqlite3_bind_text (stmt, 7, row->data_source, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 8, row->name, -1, SQLITE_STATIC);
  ok = sqlite3_step (stmt) == SQLITE_DONE;
  sqlite3_finalize (stmt);
  return ok || sqlite_error (self->db, self->output, error);
}

/**
 * msvis_vis_db_rows_commit:
 *
 * Ends the transaction and gives the copy the output's name, in the journal mode the input
 * had and with its permissions (or the replaced file's).
 */
gboolean
msvis_vis_db_rows_commit (MsvisVisDbRows  *self,
                              GError             **error)
{
  int rc;

  if (sqlite3_exec (self->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK ||
      (self->wal &&
       sqlite3_exec (self->db, "PRAGMA journal_mode = WAL", NULL, NULL, NULL) != SQLITE_OK))
    return sqlite_error (self->db, self->output, error);
  rc = sqlite3_close (self->db);
  self->db = NULL;
  if (rc != SQLITE_OK)
    return sqlite_error (NULL, self->output, error);
  if (g_chmod (self->tmp_path, self->mode) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), "%s: %s",
                   self->output, g_strerror (saved_errno));
      return FALSE;
    }
  if (!msvis_safe_file_place (self->tmp_path, self->output, self->flags, error))
    return FALSE;
  /* placed: nothing of it is temporary any more */
  _msvis_vis_db_tmp_unlist (self->cleanup);
  g_clear_pointer (&self->tmp_path, g_free);
  return TRUE;
}

void
msvis_vis_db_rows_free (MsvisVisDbRows *self)
{
  if (self == NULL)
    return;
  if (self->db != NULL)
    sqlite3_close (self->db);
  if (self->tmp_path != NULL)
    _msvis_vis_db_tmp_remove (self->tmp_path, self->cleanup);
  g_free (self->tmp_path);
  g_free (self->input);
  g_free (self->output);
  g_free (self->task);
  g_free (self);
}
