// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <sqlite3.h>

#include "msvis-reader-error.h"
#include "msvis-vis-db-private.h"

/* What the .vis.db reader says when SQLite or a cell's JSON refuses: always the file, and the
 * row and column where a cell is wrong. */

gboolean
msvis_vis_db_sqlite_error (MsvisVisDb  *self,
                           GError     **error)
{
  if (msvis_vis_db_guard_interrupted (self, error))
    return FALSE;
  g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_SYNTAX,
               /* translators: a file path, then SQLite's message */
               _("%s: not a readable .vis.db: %s"), self->path,
               self->db ? sqlite3_errmsg (self->db) : "");
  return FALSE;
}

gboolean
msvis_vis_db_value_error (MsvisVisDb  *self,
                          GError     **error,
                          const char  *where,
                          const char  *column,
                          const char  *problem)
{
  g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
               /* translators: a file path, a row (such as “NPU_0_0_Module.fc”), a column name,
                * then what is wrong */
               _("%s: row %s, column %s: %s"), self->path, where, column, problem);
  return FALSE;
}

/* Parses one JSON cell; NULL with @error set when it is not well-formed. */
MsvisJsonValue *
msvis_vis_db_parse_json (MsvisVisDb   *self,
                         MsvisArena   *arena,
                         const char   *text,
                         gsize         length,
                         const char   *where,
                         const char   *column,
                         GError      **error)
{
  g_autofree char *name = g_strdup_printf ("%s: row %s, column %s", self->path, where, column);
  MsvisJsonToken token;
  MsvisJsonValue *value;

  /* One scanner for every cell: a scanner per cell cost a megabyte buffer each time. */
  msvis_json_scanner_set_name (self->cells, name);
  msvis_json_scanner_set_span (self->cells, text, length, 0);
  if (!msvis_json_scanner_next (self->cells, &token, error))
    return NULL;
  value = msvis_json_value_read (arena, self->cells, token, error);
  if (value == NULL || !msvis_json_scanner_next (self->cells, &token, error))
    return NULL;
  if (token != MSVIS_JSON_TOKEN_EOF)
    {
      msvis_vis_db_value_error (self, error, where, column, _("text follows the JSON value"));
      return NULL;
    }
  return value;
}
