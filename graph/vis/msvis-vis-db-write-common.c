// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "msvis-cleanup.h"
#include "msvis-vis-db-write-common.h"

/* Both writers' files are one transaction under a temporary name in the output folder: the
 * steps that make, fill the config of, finish and rename that file are the same for 8.2.1 and
 * 26.0.0, only the schema, the pragmas and the row texts differ. */

#define BIND_TEXT(stmt, i, text) sqlite3_bind_text (stmt, i, text, -1, SQLITE_TRANSIENT)
#define BIND_STATIC(stmt, i, text) sqlite3_bind_text (stmt, i, text, -1, SQLITE_STATIC)

gboolean
_msvis_vis_db_file_error (MsvisVisDbFile  *file,
                          GError         **error)
{
  g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_WRITE,
               /* translators: a file path, then SQLite's message */
               _("%s: cannot write the database: %s"), file->path, sqlite3_errmsg (file->db));
  return FALSE;
}

gboolean
_msvis_vis_db_file_exec (MsvisVisDbFile  *file,
                         const char      *sql,
                         GError         **error)
{
  if (sqlite3_exec (file->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return _msvis_vis_db_file_error (file, error);
  return TRUE;
}

/* A database's temporary file and the ones SQLite makes beside it, as msvis_cleanup lists
 * them: the writers' and msvis match's. */
static const char *tmp_suffixes[] = { "", "-wal", "-shm", "-journal" };

void
_msvis_vis_db_tmp_list (const char *tmp_path,
                        guint       cleanup[4])
{
  for (guint i = 0; i < G_N_ELEMENTS (tmp_suffixes); i++)
    {
      g_autofree char *name = g_strconcat (tmp_path, tmp_suffixes[i], NULL);

      cleanup[i] = msvis_cleanup_add_file (name);
    }
}

void
_msvis_vis_db_tmp_unlist (guint cleanup[4])
{
  for (guint i = 0; i < G_N_ELEMENTS (tmp_suffixes); i++)
    {
      msvis_cleanup_remove (cleanup[i]);
      cleanup[i] = MSVIS_CLEANUP_NONE;
    }
}

void
_msvis_vis_db_tmp_remove (const char *tmp_path,
                          guint       cleanup[4])
{
  for (guint i = 0; i < G_N_ELEMENTS (tmp_suffixes); i++)
    {
      g_autofree char *name = g_strconcat (tmp_path, tmp_suffixes[i], NULL);

      g_unlink (name);
    }
  _msvis_vis_db_tmp_unlist (cleanup);
}

/* The temporary file and SQLite's beside it are listed for a signal's handler at once; the
 * file gets its final mode now, so the renamed file has it too. */
static gboolean
make_tmp_file (MsvisVisDbFile  *file,
               mode_t           mode,
               GError         **error)
{
  g_autofree char *dir = g_path_get_dirname (file->path);
  g_autofree char *base = g_path_get_basename (file->path);
  int fd;

  file->tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (file->tmp_path, O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0)
    _msvis_vis_db_tmp_list (file->tmp_path, file->cleanup);
  if (fd < 0 || fchmod (fd, mode) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", file->path, g_strerror (saved_errno));
      if (fd < 0)
        g_clear_pointer (&file->tmp_path, g_free);
      else
        close (fd);
      return FALSE;
    }
  close (fd);
  return TRUE;
}

static int close_db (MsvisVisDbFile *file);

/* Closes the connection, which writes every page it holds into the file. */
gboolean
_msvis_vis_db_file_close (MsvisVisDbFile  *file,
                          GError         **error)
{
  if (close_db (file) == SQLITE_OK)
    return TRUE;
  g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_FINISH,
               /* translators: a file path */
               _("%s: cannot finish the database"), file->path);
  return FALSE;
}

/* Opens the temporary file, closing it first if it is open: what was written into it outside
 * SQLite is read from the file then. */
gboolean
_msvis_vis_db_file_reopen (MsvisVisDbFile            *file,
                           const MsvisVisDbFileSpec  *spec,
                           GError                   **error)
{
  if (file->db != NULL && !_msvis_vis_db_file_close (file, error))
    return FALSE;
  /* One thread at a time uses a writer's connection: without the connection's mutex each
   * of a row's two dozen bind and step calls is a lock and an unlock less (3.6 % of a
   * graph_visualize run's CPU samples). */
  if (sqlite3_open_v2 (file->tmp_path, &file->db,
                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK)
    return _msvis_vis_db_file_error (file, error);
  for (guint i = 0; spec->pragmas[i] != NULL; i++)
    if (!_msvis_vis_db_file_exec (file, spec->pragmas[i], error))
      return FALSE;
  return TRUE;
}

/* Fills @file, which must be zeroed; on failure _msvis_vis_db_file_clear() removes what was
 * made. */
gboolean
_msvis_vis_db_file_open (MsvisVisDbFile            *file,
                         const char                *path,
                         const MsvisVisOptions     *options,
                         const MsvisVisDbFileSpec  *spec,
                         GError                   **error)
{
  file->path = g_strdup (path);
  file->flags = options->replace ? MSVIS_SAFE_FILE_REPLACE : MSVIS_SAFE_FILE_DEFAULT;
  file->overflow_check = options->overflow_check;
  file->ranks = g_array_new (FALSE, FALSE, sizeof (gint));
  file->steps = g_array_new (FALSE, FALSE, sizeof (gint));

  if (!msvis_safe_file_check_target (path, file->flags, error) ||
      !make_tmp_file (file, spec->mode, error))
    return FALSE;
  if (!_msvis_vis_db_file_reopen (file, spec, error) ||
      !_msvis_vis_db_file_exec (file, "BEGIN", error))
    return FALSE;
  for (guint i = 0; i < spec->n_tables; i++)
    if (!_msvis_vis_db_file_exec (file, spec->schema[i], error))
      return FALSE;
  return _msvis_vis_db_file_prepare (file, spec, error);
}

/* The two insert statements, again after a reopen. */
gboolean
_msvis_vis_db_file_prepare (MsvisVisDbFile            *file,
                            const MsvisVisDbFileSpec  *spec,
                            GError                   **error)
{
  if (sqlite3_prepare_v3 (file->db, spec->insert_node, -1, SQLITE_PREPARE_PERSISTENT,
                          &file->insert_node, NULL) != SQLITE_OK ||
      sqlite3_prepare_v3 (file->db, spec->insert_stack, -1, SQLITE_PREPARE_PERSISTENT,
                          &file->insert_stack, NULL) != SQLITE_OK)
    return _msvis_vis_db_file_error (file, error);
  return TRUE;
}

/* Notes a result's step and rank; the first result also gives tb_config its values, as in
 * msprobe. Returns whether this was the first. */
gboolean
_msvis_vis_db_file_note (MsvisVisDbFile         *file,
                         MsvisGraph             *npu,
                         const MsvisVisCompare  *compare,
                         gint                    step,
                         gint                    rank)
{
  gboolean first = !file->has_config;
  guint i;

  if (first)
    {
      file->has_config = TRUE;
      file->micro_steps = msvis_graph_get_micro_steps (npu);
      if (compare != NULL)
        {
          file->task = g_strdup (compare->task);
          file->tool_tip = g_strdup (compare->tooltip);
        }
    }

  if (file->ranks->len == 0)
    file->first_step = step;
  if (step == file->first_step)
    g_array_append_val (file->ranks, rank);
  for (i = 0; i < file->steps->len && g_array_index (file->steps, gint, i) < step; i++)
    ;
  if (i == file->steps->len || g_array_index (file->steps, gint, i) != step)
    g_array_insert_val (file->steps, i, step);
  return first;
}

static char *
int_list_json (GArray *list)
{
  GString *text = g_string_new ("[");

  for (guint i = 0; i < list->len; i++)
    g_string_append_printf (text, "%s%d", i > 0 ? ", " : "", g_array_index (list, gint, i));
  g_string_append_c (text, ']');
  return g_string_free (text, FALSE);
}

/* The one tb_config row; @task NULL is written as NULL. */
gboolean
_msvis_vis_db_file_write_config (MsvisVisDbFile  *file,
                                 const char      *graph_type,
                                 const char      *task,
                                 const char      *node_colors,
                                 GError         **error)
{
  g_autofree char *ranks = NULL;
  g_autofree char *steps = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean ok;

  if (!file->has_config)
    return TRUE;   /* nothing was added: msprobe writes no config either */

  ranks = int_list_json (file->ranks);
  steps = int_list_json (file->steps);
  if (sqlite3_prepare_v2 (file->db, "INSERT OR IGNORE INTO tb_config VALUES "
                          "(?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &stmt, NULL) != SQLITE_OK)
    return _msvis_vis_db_file_error (file, error);
  BIND_TEXT (stmt, 1, "1");
  BIND_TEXT (stmt, 2, graph_type);
  if (task != NULL)
    BIND_TEXT (stmt, 3, task);
  if (file->tool_tip != NULL)
    BIND_TEXT (stmt, 4, file->tool_tip);
  sqlite3_bind_int (stmt, 5, file->micro_steps);
  sqlite3_bind_int (stmt, 6, file->overflow_check ? 1 : 0);
  BIND_TEXT (stmt, 7, node_colors);
  BIND_TEXT (stmt, 8, ranks);
  BIND_TEXT (stmt, 9, steps);
  ok = sqlite3_step (stmt) == SQLITE_DONE;
  if (!ok)
    _msvis_vis_db_file_error (file, error);
  sqlite3_finalize (stmt);
  return ok;
}

/* The indexes: what follows the tables in the schema. */
gboolean
_msvis_vis_db_file_indexes (MsvisVisDbFile            *file,
                            const MsvisVisDbFileSpec  *spec,
                            GError                   **error)
{
  for (guint i = spec->n_tables; spec->schema[i] != NULL; i++)
    if (!_msvis_vis_db_file_exec (file, spec->schema[i], error))
      return FALSE;
  return TRUE;
}

static int
close_db (MsvisVisDbFile *file)
{
  int status;

  sqlite3_finalize (file->insert_node);
  sqlite3_finalize (file->insert_stack);
  file->insert_node = file->insert_stack = NULL;
  status = sqlite3_close (file->db);
  file->db = NULL;
  return status;
}

/* After COMMIT: closes the file and gives it its final name. */
gboolean
_msvis_vis_db_file_place (MsvisVisDbFile  *file,
                          GError         **error)
{
  /* Closing the last connection checkpoints the WAL into the file and removes it. */
  if (close_db (file) != SQLITE_OK)
    {
      g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_FINISH,
                   /* translators: a file path */
                   _("%s: cannot finish the database"), file->path);
      return FALSE;
    }
  if (!msvis_safe_file_place (file->tmp_path, file->path, file->flags, error))
    return FALSE;

  file->committed = TRUE;
  _msvis_vis_db_tmp_remove (file->tmp_path, file->cleanup);
  return TRUE;
}

/* Rolls back what was not committed and removes the temporary files. */
void
_msvis_vis_db_file_clear (MsvisVisDbFile *file)
{
  if (file->db != NULL)
    sqlite3_exec (file->db, "ROLLBACK", NULL, NULL, NULL);
  if (file->db != NULL)
    close_db (file);
  if (file->tmp_path != NULL)
    _msvis_vis_db_tmp_remove (file->tmp_path, file->cleanup);

  g_free (file->path);
  g_free (file->tmp_path);
  g_free (file->task);
  g_free (file->tool_tip);
  g_clear_pointer (&file->ranks, g_array_unref);
  g_clear_pointer (&file->steps, g_array_unref);
}

/* The columns of a tb_nodes row that 8.2.1 and 26.0.0 fill alike: node_name, node_type,
 * up_node, precision_index, overflow_level, micro_step_id, modified, data_source,
 * dump_data_dir, step and rank. */
void
_msvis_vis_db_bind_node_common (sqlite3_stmt   *stmt,
                                MsvisGraph     *graph,
                                MsvisNodeId     node,
                                MsvisPrecision  precision,
                                gint            micro_step,
                                const char     *data_source,
                                gint            step,
                                gint            rank)
{
  MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
  const char *overflow = msvis_overflow_level_to_string (msvis_graph_node_get_overflow (graph,
                                                                                       node));
  gboolean dir_is_null;
  const char *dir = msvis_graph_get_dump_data_dir (graph, &dir_is_null);
  static const char *const small_types[] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9" };
  int node_type = (int)msvis_graph_node_get_node_type (graph, node);

  /* Every text here outlives the caller's sqlite3_step(), so SQLite need not copy it: a
   * malloc, a copy and a free less per column and row. */
  if (node_type >= 0 && node_type < (int)G_N_ELEMENTS (small_types))
    BIND_STATIC (stmt, 5, small_types[node_type]);
  else
    {
      char text[16];

      g_snprintf (text, sizeof text, "%d", node_type);
      BIND_TEXT (stmt, 5, text);
    }
  BIND_STATIC (stmt, 4, msvis_graph_node_get_id (graph, node));
  BIND_STATIC (stmt, 6,
               parent != MSVIS_NODE_ID_NONE ? msvis_graph_node_get_id (graph, parent) : "");
  if (precision.kind == MSVIS_PRECISION_INT)
    sqlite3_bind_int64 (stmt, 8, (gint64)precision.value);
  else if (precision.kind == MSVIS_PRECISION_FLOAT)
    sqlite3_bind_double (stmt, 8, precision.value);
  else
    sqlite3_bind_null (stmt, 8);
  if (overflow != NULL)
    BIND_STATIC (stmt, 9, overflow);
  else
    sqlite3_bind_null (stmt, 9);
  sqlite3_bind_int (stmt, 10, micro_step);
  sqlite3_bind_int (stmt, 15, 0);
  BIND_STATIC (stmt, 18, data_source);
  if (dir_is_null)
    sqlite3_bind_null (stmt, 19);
  else
    BIND_STATIC (stmt, 19, dir);
  sqlite3_bind_int (stmt, 20, step);
  sqlite3_bind_int (stmt, 21, rank);
}
