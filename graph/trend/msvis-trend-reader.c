// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <sqlite3.h>

#include "msvis-trend.h"
#include "msvis-trend-reader.h"

/* Above this many missing steps or ranks between the ones present, the axis lists only those
 * present: a monitor run that logs every 1000th step would otherwise be 99.9 % gap. */
#define MAX_GAP_FACTOR 4

struct _MsvisTrendReader
{
  sqlite3    *db;
  char       *path;
  GPtrArray  *metric_names;   /* global_stats' metric columns with statistics, in order */
  GPtrArray  *metric_stats;   /* GStrv of each, only those trend_data has */
  GArray     *metric_ids;     /* gint64, monitoring_metrics.metric_id of each */
  GArray     *steps;          /* gint64, ascending, missing ones included */
  GArray     *ranks;
};

static gboolean
sql_error (MsvisTrendReader  *self,
           GError           **error)
{
  g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_SCHEMA,
               /* translators: a file path, then SQLite's message */
               _("%s: cannot read the trend database: %s"), self->path,
               self->db ? sqlite3_errmsg (self->db) : "out of memory");
  return FALSE;
}

static gboolean
has_column (MsvisTrendReader *self,
            const char       *table,
            const char       *column)
{
  g_autofree char *sql = g_strdup_printf ("SELECT 1 FROM pragma_table_info('%s') "
                                          "WHERE name = ?", table);
  sqlite3_stmt *stmt = NULL;
  gboolean found;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    return FALSE;
  sqlite3_bind_text (stmt, 1, column, -1, SQLITE_STATIC);
  found = sqlite3_step (stmt) == SQLITE_ROW;
  sqlite3_finalize (stmt);
  return found;
}

/* What § 10 queries must find; anything else (a .vis.db, another program's file) is refused
 * with the first thing missing, so that the user sees why. */
static gboolean
check_schema (MsvisTrendReader  *self,
              GError           **error)
{
  static const char *const needed[][5] = {
    { "trend_data", "rank", "step", "target_id", "metric_id" },
    { "monitoring_targets", "target_id", "target_name", "vpp_stage", "micro_step" },
    { "monitoring_metrics", "metric_id", "metric_name", NULL, NULL },
    { "global_stats", "max_rank", "min_step", "max_step", NULL },
  };

  for (guint t = 0; t < G_N_ELEMENTS (needed); t++)
    {
      sqlite3_stmt *stmt = NULL;
      gboolean table;

      if (sqlite3_prepare_v2 (self->db, "SELECT 1 FROM sqlite_master WHERE type = 'table' "
                              "AND name = ?", -1, &stmt, NULL) != SQLITE_OK)
        return sql_error (self, error);
      sqlite3_bind_text (stmt, 1, needed[t][0], -1, SQLITE_STATIC);
      table = sqlite3_step (stmt) == SQLITE_ROW;
      sqlite3_finalize (stmt);
      if (!table)
        {
          g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_SCHEMA,
                       /* translators: a file path, then a table name */
                       _("%s is not a trend database (msprobe data2db or msvis trend): it has "
                         "no table “%s”"), self->path, needed[t][0]);
          return FALSE;
        }
      for (guint c = 1; c < 5 && needed[t][c] != NULL; c++)
        if (!has_column (self, needed[t][0], needed[t][c]))
          {
            g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_SCHEMA,
                         /* translators: a file path, a table name, a column name */
                         _("%s is not a trend database (msprobe data2db or msvis trend): its "
                           "table “%s” has no column “%s”"), self->path, needed[t][0],
                         needed[t][c]);
            return FALSE;
          }
    }
  return TRUE;
}

static void
add_metric (MsvisTrendReader *self,
            const char       *name,
            const char       *stats)
{
  g_auto(GStrv) split = g_strsplit (stats, ",", -1);
  g_autoptr(GStrvBuilder) kept = g_strv_builder_new ();
  sqlite3_stmt *stmt = NULL;
  gint64 id = -1;

  for (guint i = 0; split[i] != NULL; i++)
    if (*split[i] != '\0' && has_column (self, "trend_data", split[i]))
      g_strv_builder_add (kept, split[i]);
  if (sqlite3_prepare_v2 (self->db, "SELECT metric_id FROM monitoring_metrics "
                          "WHERE metric_name = ?", -1, &stmt, NULL) == SQLITE_OK)
    {
      sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
      if (sqlite3_step (stmt) == SQLITE_ROW)
        id = sqlite3_column_int64 (stmt, 0);
    }
  sqlite3_finalize (stmt);
  if (id < 0)
    return;
  g_ptr_array_add (self->metric_names, g_strdup (name));
  g_ptr_array_add (self->metric_stats, g_strv_builder_end (kept));
  g_array_append_val (self->metric_ids, id);
}

/* § 10.2 /metrics: the last global_stats row's columns other than the three numbers. */
static gboolean
read_metrics (MsvisTrendReader  *self,
              GError           **error)
{
  sqlite3_stmt *stmt = NULL;
  int status;

  if (sqlite3_prepare_v2 (self->db, "SELECT * FROM global_stats ORDER BY ROWID DESC LIMIT 1",
                          -1, &stmt, NULL) != SQLITE_OK)
    return sql_error (self, error);
  status = sqlite3_step (stmt);
  for (int c = 0; status == SQLITE_ROW && c < sqlite3_column_count (stmt); c++)
    {
      const char *name = sqlite3_column_name (stmt, c);
      const char *value = (const char *)sqlite3_column_text (stmt, c);

      if (g_str_equal (name, "max_rank") || g_str_equal (name, "min_step") ||
          g_str_equal (name, "max_step") || value == NULL || *value == '\0')
        continue;
      add_metric (self, name, value);
    }
  sqlite3_finalize (stmt);
  if (status != SQLITE_ROW && status != SQLITE_DONE)
    return sql_error (self, error);
  return TRUE;
}

/* The values present, with the missing ones between them when they are not too many. */
static GArray *
axis (MsvisTrendReader *self,
      const char       *sql)
{
  GArray *present = g_array_new (FALSE, FALSE, sizeof (gint64));
  GArray *full;
  sqlite3_stmt *stmt = NULL;
  gint64 lo, hi;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) == SQLITE_OK)
    while (sqlite3_step (stmt) == SQLITE_ROW)
      {
        gint64 v = sqlite3_column_int64 (stmt, 0);

        g_array_append_val (present, v);
      }
  sqlite3_finalize (stmt);
  if (present->len < 2)
    return present;
  lo = g_array_index (present, gint64, 0);
  hi = g_array_index (present, gint64, present->len - 1);
  if ((guint64)(hi - lo) >= (guint64)present->len * MAX_GAP_FACTOR + 1000)
    return present;
  full = g_array_sized_new (FALSE, FALSE, sizeof (gint64), (guint)(hi - lo + 1));
  for (gint64 v = lo; v <= hi; v++)
    g_array_append_val (full, v);
  g_array_unref (present);
  return full;
}

/**
 * msvis_trend_reader_open:
 *
 * Opens @path read-only (no journal or lock files beside it) and checks that it is a trend
 * database.
 *
 * Returns: (transfer full): the reader, or %NULL
 */
MsvisTrendReader *
msvis_trend_reader_open (const char  *path,
                         GError     **error)
{
  g_autoptr(MsvisTrendReader) self = g_new0 (MsvisTrendReader, 1);
  g_autofree char *escaped = g_uri_escape_string (path, "/", FALSE);
  g_autofree char *uri = g_strconcat ("file:", escaped, "?immutable=1", NULL);

  self->path = g_strdup (path);
  self->metric_names = g_ptr_array_new_with_free_func (g_free);
  self->metric_stats = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  self->metric_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* translators: a file path */
                   _("%s: no such file"), path);
      return NULL;
    }
  if (sqlite3_open_v2 (uri, &self->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
                       | SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK ||
      !check_schema (self, error) || !read_metrics (self, error))
    {
      if (error != NULL && *error == NULL)
        sql_error (self, error);
      return NULL;
    }
  self->steps = axis (self, "SELECT DISTINCT step FROM trend_data ORDER BY step");
  self->ranks = axis (self, "SELECT DISTINCT rank FROM trend_data ORDER BY rank");
  return g_steal_pointer (&self);
}

void
msvis_trend_reader_free (MsvisTrendReader *self)
{
  if (self == NULL)
    return;
  sqlite3_close (self->db);
  g_free (self->path);
  g_ptr_array_unref (self->metric_names);
  g_ptr_array_unref (self->metric_stats);
  g_array_unref (self->metric_ids);
  g_clear_pointer (&self->steps, g_array_unref);
  g_clear_pointer (&self->ranks, g_array_unref);
  g_free (self);
}

const char *
msvis_trend_reader_get_path (MsvisTrendReader *self)
{
  return self->path;
}

guint
msvis_trend_reader_n_metrics (MsvisTrendReader *self)
{
  return self->metric_names->len;
}

const char *
msvis_trend_reader_metric_name (MsvisTrendReader *self,
                                guint             metric)
{
  return g_ptr_array_index (self->metric_names, metric);
}

const char *const *
msvis_trend_reader_metric_stats (MsvisTrendReader *self,
                                 guint             metric)
{
  return g_ptr_array_index (self->metric_stats, metric);
}

const GArray *
msvis_trend_reader_get_steps (MsvisTrendReader *self)
{
  return self->steps;
}

const GArray *
msvis_trend_reader_get_ranks (MsvisTrendReader *self)
{
  return self->ranks;
}

void
msvis_trend_target_clear (gpointer target)
{
  g_free (((MsvisTrendTarget *)target)->name);
}

/**
 * msvis_trend_reader_targets:
 *
 * Returns: (transfer full): the MsvisTrendTarget that have rows of @metric, by target id
 *   (§ 10.3: the row order of the heat map, roughly the model's execution order)
 */
GArray *
msvis_trend_reader_targets (MsvisTrendReader  *self,
                            guint              metric,
                            GError           **error)
{
  g_autoptr(GArray) targets = g_array_new (FALSE, FALSE, sizeof (MsvisTrendTarget));
  sqlite3_stmt *stmt = NULL;
  int status;

  g_array_set_clear_func (targets, msvis_trend_target_clear);
  if (sqlite3_prepare_v2 (self->db, "SELECT target_id, target_name, vpp_stage, micro_step "
                          "FROM monitoring_targets WHERE target_id IN (SELECT DISTINCT "
                          "target_id FROM trend_data WHERE metric_id = ?) ORDER BY target_id",
                          -1, &stmt, NULL) != SQLITE_OK)
    {
      sql_error (self, error);
      return NULL;
    }
  sqlite3_bind_int64 (stmt, 1, g_array_index (self->metric_ids, gint64, metric));
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *name = (const char *)sqlite3_column_text (stmt, 1);
      MsvisTrendTarget t = { sqlite3_column_int64 (stmt, 0), g_strdup (name ? name : ""),
                             sqlite3_column_int64 (stmt, 2), sqlite3_column_int64 (stmt, 3) };

      g_array_append_val (targets, t);
    }
  sqlite3_finalize (stmt);
  if (status != SQLITE_DONE)
    {
      sql_error (self, error);
      return NULL;
    }
  return g_steal_pointer (&targets);
}

MsvisTrendCell
msvis_trend_cell_kind (double value)
{
  if (isnan (value))
    return MSVIS_TREND_CELL_NAN;
  if (value >= 1000000001.)
    return MSVIS_TREND_CELL_POS_INF;
  if (value <= -1000000001.)
    return MSVIS_TREND_CELL_NEG_INF;
  if (fabs (value) >= 1e9)
    return MSVIS_TREND_CELL_CLIPPED;
  return MSVIS_TREND_CELL_VALUE;
}

static gboolean
valid_stat (MsvisTrendReader  *self,
            guint              metric,
            const char        *stat,
            GError           **error)
{
  if (metric < self->metric_names->len &&
      g_strv_contains (msvis_trend_reader_metric_stats (self, metric), stat))
    return TRUE;
  g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_SCHEMA,
               /* translators: a file path, then a statistic's name */
               _("%s: no statistic “%s” for this metric"), self->path, stat);
  return FALSE;
}

static GHashTable *
index_of (const GArray *values)
{
  GHashTable *map = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, NULL);

  for (guint i = 0; i < values->len; i++)
    g_hash_table_insert (map, &g_array_index (values, gint64, i), GUINT_TO_POINTER (i + 1));
  return map;
}

static GArray *
target_ids (const GArray *targets)
{
  GArray *ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), targets->len);

  for (guint i = 0; i < targets->len; i++)
    g_array_append_val (ids, g_array_index (targets, MsvisTrendTarget, i).id);
  return ids;
}

static const char *const dim_column[] = { "step", "rank", "target_id" };

/* Rows of @metric with the columns named by @where fixed to @a (and @b), calling @cell with the
 * two free coordinates in the order @select names them. */
static gboolean
query (MsvisTrendReader  *self,
       guint              metric,
       const char        *stat,
       const char        *select,
       const char        *where,
       gint64             a,
       gint64             b,
       void             (*cell) (gpointer, gint64, gint64, sqlite3_stmt *),
       gpointer           data,
       GError           **error)
{
  g_autofree char *sql = g_strdup_printf ("SELECT %s, \"%s\" FROM trend_data WHERE "
                                          "metric_id = ?1 AND %s", select, stat, where);
  sqlite3_stmt *stmt = NULL;
  int status;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    return sql_error (self, error);
  sqlite3_bind_int64 (stmt, 1, g_array_index (self->metric_ids, gint64, metric));
  sqlite3_bind_int64 (stmt, 2, a);
  sqlite3_bind_int64 (stmt, 3, b);
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    cell (data, sqlite3_column_int64 (stmt, 0), sqlite3_column_int64 (stmt, 1), stmt);
  sqlite3_finalize (stmt);
  return status == SQLITE_DONE || sql_error (self, error);
}

static void
store (double       *values,
       guint8       *kinds,
       gsize         i,
       sqlite3_stmt *stmt,
       int           column)
{
  if (sqlite3_column_type (stmt, column) == SQLITE_NULL)
    {
      kinds[i] = MSVIS_TREND_CELL_NAN;
      values[i] = NAN;
      return;
    }
  values[i] = sqlite3_column_double (stmt, column);
  kinds[i] = msvis_trend_cell_kind (values[i]);
}

typedef struct
{
  MsvisTrendSlice *slice;
  GHashTable      *xs, *ys;
} SliceFill;

static void
slice_cell (gpointer      data,
            gint64        x,
            gint64        y,
            sqlite3_stmt *stmt)
{
  SliceFill *fill = data;
  guint xi = GPOINTER_TO_UINT (g_hash_table_lookup (fill->xs, &x));
  guint yi = GPOINTER_TO_UINT (g_hash_table_lookup (fill->ys, &y));

  if (xi == 0 || yi == 0)
    return;
  store (fill->slice->values, fill->slice->kinds,
         (gsize)(yi - 1) * fill->slice->x->len + xi - 1, stmt, 2);
}

/**
 * msvis_trend_reader_slice:
 * @targets: the reader's targets of @metric (msvis_trend_reader_targets())
 *
 * The heat map of § 10.3 with @dim fixed at @fixed. Steps and ranks run over all of the file's
 * (missing ones are GAP columns or rows); targets are @targets' ids in their order.
 *
 * Returns: (transfer full): the slice, or %NULL
 */
MsvisTrendSlice *
msvis_trend_reader_slice (MsvisTrendReader  *self,
                          guint              metric,
                          const char        *stat,
                          MsvisTrendDim      dim,
                          gint64             fixed,
                          const GArray      *targets,
                          GError           **error)
{
  g_autoptr(MsvisTrendSlice) slice = g_new0 (MsvisTrendSlice, 1);
  g_autoptr(GHashTable) xs = NULL, ys = NULL;
  SliceFill fill = { slice, NULL, NULL };
  const char *select = NULL;
  g_autofree char *where = NULL;
  gsize n;

  if (!valid_stat (self, metric, stat, error))
    return NULL;
  slice->dim = dim;
  slice->fixed = fixed;
  slice->x = g_array_ref (dim == MSVIS_TREND_DIM_STEP ? self->ranks : self->steps);
  slice->y = dim == MSVIS_TREND_DIM_MODULE ? g_array_ref (self->ranks) : target_ids (targets);
  select = dim == MSVIS_TREND_DIM_STEP ? "rank, target_id"
           : dim == MSVIS_TREND_DIM_RANK ? "step, target_id" : "step, rank";
  where = g_strdup_printf ("%s = ?2 AND ?3 = ?3", dim_column[dim]);
  n = (gsize)slice->x->len * slice->y->len;
  slice->values = g_new0 (double, MAX (n, 1));
  slice->kinds = g_new0 (guint8, MAX (n, 1));
  fill.xs = xs = index_of (slice->x);
  fill.ys = ys = index_of (slice->y);
  if (!query (self, metric, stat, select, where, fixed, 0, slice_cell, &fill, error))
    return NULL;
  return g_steal_pointer (&slice);
}

typedef struct
{
  MsvisTrendLine *line;
  GHashTable     *at;
} LineFill;

static void
line_cell (gpointer      data,
           gint64        at,
           gint64        unused,
           sqlite3_stmt *stmt)
{
  LineFill *fill = data;
  guint i = GPOINTER_TO_UINT (g_hash_table_lookup (fill->at, &at));

  if (i > 0)
    store (fill->line->values, fill->line->kinds, i - 1, stmt, 2);
}

/**
 * msvis_trend_reader_line:
 *
 * The cell (@x, @y) of the slice (@dim, @fixed) along the dimension the slice does not show
 * (§ 10.4): steps for a step-fixed map, ranks for a rank-fixed one, targets for a module one.
 *
 * Returns: (transfer full): the line, or %NULL
 */
MsvisTrendLine *
msvis_trend_reader_line (MsvisTrendReader  *self,
                         guint              metric,
                         const char        *stat,
                         MsvisTrendDim      dim,
                         gint64             fixed,
                         gint64             x,
                         gint64             y,
                         const GArray      *targets,
                         GError           **error)
{
  g_autoptr(MsvisTrendLine) line = g_new0 (MsvisTrendLine, 1);
  g_autoptr(GHashTable) at = NULL;
  LineFill fill = { line, NULL };
  const char *select, *where;
  gint64 a, b;

  if (!valid_stat (self, metric, stat, error))
    return NULL;
  switch (dim)
    {
    case MSVIS_TREND_DIM_STEP:      /* x rank, y target: along steps */
      line->at = g_array_ref (self->steps);
      select = "step, 0", where = "rank = ?2 AND target_id = ?3", a = x, b = y;
      break;
    case MSVIS_TREND_DIM_RANK:      /* x step, y target: along ranks */
      line->at = g_array_ref (self->ranks);
      select = "rank, 0", where = "step = ?2 AND target_id = ?3", a = x, b = y;
      break;
    case MSVIS_TREND_DIM_MODULE:    /* x step, y rank: along targets */
    default:
      line->at = target_ids (targets);
      select = "target_id, 0", where = "step = ?2 AND rank = ?3", a = x, b = y;
      break;
    }
  line->values = g_new0 (double, MAX (line->at->len, 1));
  line->kinds = g_new0 (guint8, MAX (line->at->len, 1));
  fill.at = at = index_of (line->at);
  if (!query (self, metric, stat, select, where, a, b, line_cell, &fill, error))
    return NULL;
  return g_steal_pointer (&line);
}

void
msvis_trend_slice_free (MsvisTrendSlice *slice)
{
  if (slice == NULL)
    return;
  g_clear_pointer (&slice->x, g_array_unref);
  g_clear_pointer (&slice->y, g_array_unref);
  g_free (slice->values);
  g_free (slice->kinds);
  g_free (slice);
}

void
msvis_trend_line_free (MsvisTrendLine *line)
{
  if (line == NULL)
    return;
  g_clear_pointer (&line->at, g_array_unref);
  g_free (line->values);
  g_free (line->kinds);
  g_free (line);
}

gint
msvis_trend_reader_find_metric (MsvisTrendReader *self,
                                const char       *name)
{
  for (guint i = 0; i < self->metric_names->len; i++)
    if (g_str_equal (g_ptr_array_index (self->metric_names, i), name))
      return (gint)i;
  return -1;
}
