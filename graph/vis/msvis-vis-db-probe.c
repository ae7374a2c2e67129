// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <sqlite3.h>

#include "msvis-reader-error.h"
#include "msvis-vis-db-private.h"
#include "msvis-vis-db-probe.h"

static gboolean
count (sqlite3     *db,
       const char  *sql,
       gint64      *value)
{
  sqlite3_stmt *stmt = NULL;
  gboolean ok = sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) == SQLITE_OK &&
                sqlite3_step (stmt) == SQLITE_ROW;

  if (ok)
    *value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return ok;
}

/**
 * msvis_vis_db_probe:
 * @is_26: (out): tb_nodes has 26.0.0's is_distributed column
 * @requires_grad: (out): the nodes whose items carry a requires_grad key
 */
gboolean
msvis_vis_db_probe (const char  *path,
                    gboolean    *is_26,
                    gint64      *requires_grad,
                    GError     **error)
{
  sqlite3 *db = NULL;
  gint64 columns = 0;
  gboolean ok;

  ok = msvis_vis_db_open_read_only (path, &db) == SQLITE_OK &&
       count (db, "SELECT COUNT(*) FROM pragma_table_info('tb_nodes') WHERE "
              "name = 'is_distributed'", &columns) &&
       count (db, "SELECT COUNT(*) FROM tb_nodes WHERE input_data LIKE "
              "'%\"requires_grad\": %' OR output_data LIKE '%\"requires_grad\": %'",
              requires_grad);
  if (!ok)
    g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                 /* translators: a file path, then SQLite's message */
                 _("%s: cannot read it as a .vis.db: %s"), path, sqlite3_errmsg (db));
  sqlite3_close (db);
  *is_26 = columns > 0;
  return ok;
}
