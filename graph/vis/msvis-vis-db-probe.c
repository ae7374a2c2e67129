// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <sqlite3.h>

#include "msvis-reader-error.h"
#include "msvis-vis-db-private.h"
#include "msvis-vis-db-probe.h"

/* The first column of the first row, as text; NULL for none or a NULL cell. */
static gboolean
query_text (sqlite3     *db,
            const char  *sql,
            char       **text)
{
  sqlite3_stmt *stmt = NULL;
  int rc;

  *text = NULL;
  if (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL) != SQLITE_OK)
    return FALSE;
  rc = sqlite3_step (stmt);
  if (rc == SQLITE_ROW && sqlite3_column_text (stmt, 0) != NULL)
    *text = g_strdup ((const char *)sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  return rc == SQLITE_ROW || rc == SQLITE_DONE;
}

/**
 * _msvis_vis_db_probe_connection:
 * @schema: "main", or the name a file is attached as
 *
 * msvis_vis_db_probe() on a connection the caller has open.
 *
 * Returns: %FALSE when SQLite fails (its message is the connection's)
 */
gboolean
_msvis_vis_db_probe_connection (sqlite3              *db,
                                const char           *schema,
                                MsvisVisDbProbeFlags  flags,
                                MsvisVisDbProbe      *probe)
{
  g_autofree char *column = NULL, *colors = NULL, *count = NULL;
  g_autofree char *column_sql = g_strdup_printf ("SELECT name FROM pragma_table_info("
                                                 "'tb_nodes', '%s') WHERE name = "
                                                 "'is_distributed'", schema);
  g_autofree char *colors_sql = g_strdup_printf ("SELECT node_colors FROM %s.tb_config "
                                                 "LIMIT 1", schema);
  g_autofree char *count_sql = g_strdup_printf ("SELECT COUNT(*) FROM %s.tb_nodes WHERE "
                                                "input_data LIKE '%%\"requires_grad\": %%' OR "
                                                "output_data LIKE '%%\"requires_grad\": %%'",
                                                schema);

  *probe = (MsvisVisDbProbe) { FALSE, FALSE, -1 };
  if (!query_text (db, column_sql, &column))
    return FALSE;
  /* A file without the legend's column has no legend: the reader says what else it lacks. */
  if (!query_text (db, colors_sql, &colors))
    g_clear_pointer (&colors, g_free);
  probe->has_is_distributed = column != NULL;
  probe->has_legend_levels = colors != NULL && strstr (colors, "\"accuracy_level\"") != NULL;
  if ((flags & MSVIS_VIS_DB_PROBE_COUNT_REQUIRES_GRAD) == 0)
    return TRUE;
  if (!query_text (db, count_sql, &count) || count == NULL)
    return FALSE;
  probe->n_requires_grad = g_ascii_strtoll (count, NULL, 10);
  return TRUE;
}

/**
 * msvis_vis_db_probe:
 * @probe: (out): what the file is
 *
 * Returns: %FALSE for a file that is not there (%G_IO_ERROR_NOT_FOUND) or not a .vis.db
 */
gboolean
msvis_vis_db_probe (const char            *path,
                    MsvisVisDbProbeFlags   flags,
                    MsvisVisDbProbe       *probe,
                    GError               **error)
{
  sqlite3 *db = NULL;
  gboolean ok;

  *probe = (MsvisVisDbProbe) { FALSE, FALSE, -1 };
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* translators: a file name */
                   _("%s: no such file"), path);
      return FALSE;
    }
  ok = msvis_vis_db_open_read_only (path, &db) == SQLITE_OK &&
       _msvis_vis_db_probe_connection (db, "main", flags, probe);
  if (!ok)
    g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                 /* translators: a file path, then SQLite's message */
                 _("%s: cannot read it as a .vis.db: %s"), path, sqlite3_errmsg (db));
  sqlite3_close (db);
  return ok;
}

/* The 26.0.0 schema, a build's or a compare's: what convert and merge-db ask. */
gboolean
msvis_vis_db_probe_is_2026 (const MsvisVisDbProbe *probe)
{
  return probe->has_is_distributed;
}

/* A 26.0.0 compare, schema and legend: what matching as its viewer does needs. */
gboolean
msvis_vis_db_probe_is_2026_compare (const MsvisVisDbProbe *probe)
{
  return probe->has_is_distributed && probe->has_legend_levels;
}
