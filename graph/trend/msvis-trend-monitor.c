// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-safe-file.h"
#include "msvis-trend-private.h"

/* trend-2026 § 7: msprobe monitor CSV folders into monitor_data.trend.db. msprobe's own
 * target ids, tag ids and global_stats order are not reproducible there (a process pool and
 * Python sets), so this gives ids in first-seen order and lists in the order of § 7. */

static const char *const metric_names[] = {
  "actv", "actv_grad", "exp_avg", "exp_avg_sq", "grad_unreduced", "grad_reduced",
  "param_origin", "param_updated", "other", NULL
};
#define N_METRICS 9

static const char *const stat_names[] = {
  "norm", "min", "max", "zeros", "nans", "mean", "entropy", "softmax_max", "sr",
  "kernel_norm", "std_x", "jacobian", "proxy", "token_similarity", NULL
};
#define N_STATS 14

typedef struct
{
  const char *name;       /* interned */
  gint64      vpp_stage;
  gint64      micro;      /* the target's micro_step column */
  gint64      id;
  guint16     metrics;    /* bit m: metric m has rows of it */
} Target;

typedef struct
{
  Target *target;
  gint64  rank;
  gint64  csv_step;
  gint64  micro;
  int     metric;
  guint32 nulls;          /* bit s: statistic s NULL */
  double  values[N_STATS];
} Row;

typedef struct
{
  const MsvisTrendOptions *options;
  GStringChunk *strings;
  GHashTable   *targets;      /* "vpp\x1fmicro\x1fname" → Target */
  GPtrArray    *target_order;
  GArray       *rows;         /* Row */
  GHashTable   *step_counts;  /* csv step → micro steps (gint64 in a pointer) */
  guint32       stats_of[N_METRICS];
  guint16       metrics;
  gint64        max_rank;
} Monitor;

typedef struct
{
  gint64  rank;
  char   *dir;
} RankDir;

static gboolean
valid_time_stamp (const char *text,
                  gsize       length)
{
  static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug",
                                        "Sep", "Oct", "Nov", "Dec", NULL };
  g_autofree char *s = g_strndup (text, length);
  guint month = 0, day, h, m, sec;
  char tail;

  for (; months[month] != NULL; month++)
    if (g_str_has_prefix (s, months[month]))
      break;
  if (months[month] == NULL)
    return FALSE;
  return sscanf (s + 3, "%2u_%2u-%2u-%2u%c", &day, &h, &m, &sec, &tail) == 4 &&
         day >= 1 && day <= 31 && h < 24 && m < 60 && sec < 62;
}

/* The monitor folders of @data_dir, one per rank (of two, the later name wins). */
static GArray *
find_rank_dirs (const char  *data_dir,
                GError     **error)
{
  g_autoptr(GRegex) regex = g_regex_new ("^([\\w-]{0,20})-rank(\\d{1,5})-", 0, 0, NULL);
  g_autoptr(GDir) dir = g_dir_open (data_dir, 0, error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) by_rank = g_hash_table_new (g_int64_hash, g_int64_equal);
  GArray *ranks;
  const char *name;

  if (dir == NULL)
    return NULL;
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc)msvis_trend_compare_strings);
  ranks = g_array_new (FALSE, FALSE, sizeof (RankDir));
  for (guint i = 0; i < names->len; i++)
    {
      g_autoptr(GMatchInfo) match = NULL;
      g_autofree char *path = g_build_filename (data_dir, names->pdata[i], NULL);
      int start, end;
      RankDir r;
      gpointer at;

      if (!g_regex_match (regex, names->pdata[i], 0, &match) ||
          !g_file_test (path, G_FILE_TEST_IS_DIR))
        continue;
      g_match_info_fetch_pos (match, 1, &start, &end);
      if (!valid_time_stamp ((char *)names->pdata[i] + start, end - start))
        {
          g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                       /* translators: a folder path */
                       _("%s: a monitor folder's name must start with a time such as "
                         "Dec03_21-34-40"), path);
          g_array_unref (ranks);
          return NULL;
        }
      g_match_info_fetch_pos (match, 2, &start, &end);
      r.rank = g_ascii_strtoll ((char *)names->pdata[i] + start, NULL, 10);
      r.dir = g_steal_pointer (&path);
      if (g_hash_table_lookup_extended (by_rank, &r.rank, NULL, &at))
        {
          RankDir *old = &g_array_index (ranks, RankDir, GPOINTER_TO_UINT (at));

          g_free (old->dir);
          old->dir = r.dir;
          continue;
        }
      g_array_append_val (ranks, r);
      g_hash_table_insert (by_rank, &g_array_index (ranks, RankDir, ranks->len - 1).rank,
                           GUINT_TO_POINTER (ranks->len - 1));
    }
  return ranks;
}

/* "<metric>_<start>-<end>.csv" → the metric's index, or -1 */
static int
file_metric (const char *name)
{
  const char *under = strrchr (name, '_');
  g_autofree char *metric = NULL;
  guint a, b;
  char tail[8];

  if (under == NULL || !g_str_has_suffix (name, ".csv") ||
      sscanf (under + 1, "%u-%u%7s", &a, &b, tail) != 3 || strcmp (tail, ".csv") != 0)
    return -1;
  metric = g_strndup (name, under - name);
  for (int m = 0; metric_names[m] != NULL; m++)
    if (strcmp (metric, metric_names[m]) == 0)
      return m;
  return -1;
}

static int
column_of (GPtrArray  *header,
           const char *name)
{
  for (guint i = 0; i < header->len; i++)
    if (strcmp (g_ptr_array_index (header, i), name) == 0)
      return i;
  return -1;
}

static gboolean
csv_int (const char  *path,
         guint        line,
         const char  *text,
         gint64      *value,
         GError     **error)
{
  double v;

  if (msvis_trend_csv_number (text, &v) && v == v && v == (double)(gint64)v)
    {
      *value = (gint64)v;
      return TRUE;
    }
  g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
               /* translators: a file path, a line number, then a cell's text */
               _("%s, line %u: “%s” is not a whole number"), path, line, text);
  return FALSE;
}

static Target *
target_for (Monitor    *self,
            const char *name,
            gint64      vpp_stage,
            gint64      micro)
{
  g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT "\x1f%" G_GINT64_FORMAT "\x1f%s",
                                          vpp_stage, micro, name);
  Target *t = g_hash_table_lookup (self->targets, key);

  if (t == NULL)
    {
      t = g_new0 (Target, 1);
      t->name = g_string_chunk_insert_const (self->strings, name);
      t->vpp_stage = vpp_stage;
      t->micro = micro;
      t->id = self->target_order->len + 1;
      g_ptr_array_add (self->target_order, t);
      g_hash_table_insert (self->targets, g_string_chunk_insert (self->strings, key), t);
    }
  return t;
}

/* One data line of a CSV whose header gave @cols: vpp_stage, name, step, micro_step (or -1)
 * and the statistics' columns (or -1). */
static gboolean
read_line (Monitor     *self,
           const char  *path,
           guint        line_no,
           GPtrArray   *cells,
           const int   *cols,
           int          metric,
           gint64       rank,
           GError     **error)
{
  const int *stat_cols = cols + 4;
  g_autofree char *name = NULL;
  gint64 vpp, step, micro = 0, count;
  Row row = { 0 };

  for (int i = 0; i < 4 + N_STATS; i++)
    if (cols[i] >= (int)cells->len)
      {
        g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                     /* translators: a file path, then a line number */
                     _("%s, line %u: fewer cells than the header names"), path, line_no);
        return FALSE;
      }
  if (!csv_int (path, line_no, cells->pdata[cols[0]], &vpp, error) ||
      !csv_int (path, line_no, cells->pdata[cols[2]], &step, error) ||
      (cols[3] >= 0 && !csv_int (path, line_no, cells->pdata[cols[3]], &micro, error)))
    return FALSE;
  name = msvis_trend_map_name (self->options->mapping, cells->pdata[cols[1]]);
  row.target = target_for (self, name, vpp, self->options->micro_step ? 0 : micro);
  row.target->metrics |= 1u << metric;
  row.rank = rank;
  row.csv_step = step;
  row.micro = micro;
  row.metric = metric;
  for (int s = 0; s < N_STATS; s++)
    {
      MsvisJsonValue cell = { .kind = MSVIS_JSON_FLOAT };
      const char *text = stat_cols[s] >= 0 ? cells->pdata[stat_cols[s]] : NULL;

      if (text != NULL && !msvis_trend_csv_number (text, &cell.f))
        {
          /* a text cell: msprobe's float() of it (§ 6.3) */
          cell.kind = MSVIS_JSON_STRING;
          cell.s = text;
          cell.n = strlen (text);
        }
      if (text == NULL || !msvis_trend_stat_value (&cell, &row.values[s]))
        row.nulls |= 1u << s;
    }
  g_array_append_val (self->rows, row);
  count = GPOINTER_TO_SIZE (g_hash_table_lookup (self->step_counts, &row.csv_step));
  if (micro + 1 > count)
    {
      gint64 *key = g_new (gint64, 1);

      *key = step;
      g_hash_table_replace (self->step_counts, key, GSIZE_TO_POINTER (micro + 1));
    }
  return TRUE;
}

static gboolean
read_csv (Monitor     *self,
          const char  *path,
          int          metric,
          gint64       rank,
          GError     **error)
{
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) header = NULL;
  int cols[4 + N_STATS];

  if (!g_file_get_contents (path, &contents, NULL, error))
    return FALSE;
  lines = g_strsplit (contents, "\n", -1);
  if (lines[0] == NULL)
    return TRUE;
  header = msvis_trend_csv_split (lines[0]);
  cols[0] = column_of (header, "vpp_stage");
  cols[1] = column_of (header, "name");
  cols[2] = column_of (header, "step");
  cols[3] = column_of (header, "micro_step");
  if (cols[0] < 0 || cols[1] < 0 || cols[2] < 0)
    {
      g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                   /* translators: a file path */
                   _("%s: the header has no vpp_stage, name or step column"), path);
      return FALSE;
    }
  for (int s = 0; s < N_STATS; s++)
    if ((cols[4 + s] = column_of (header, stat_names[s])) >= 0)
      self->stats_of[metric] |= 1u << s;
  self->metrics |= 1u << metric;
  for (guint i = 1; lines[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) cells = NULL;

      if (lines[i][0] == '\0' || strcmp (lines[i], "\r") == 0)
        continue;   /* pandas skips blank lines */
      cells = msvis_trend_csv_split (lines[i]);
      if (!read_line (self, path, i + 1, cells, cols, metric, rank, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
all_digits (const char *s)
{
  if (*s == '\0')
    return FALSE;
  for (; *s != '\0'; s++)
    if (!g_ascii_isdigit (*s))
      return FALSE;
  return TRUE;
}

/* § 7 tags: every part that is not a number is a module, every <part>.<number> a layer. */
static void
monitor_tags (const char *name,
              GPtrArray  *tags)
{
  g_auto(GStrv) parts = g_strsplit (name, ".", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    if (!all_digits (parts[i]))
      g_ptr_array_add (tags, g_strconcat ("module\x1f", parts[i], NULL));
    else if (i > 0 && !all_digits (parts[i - 1]))
      g_ptr_array_add (tags, g_strconcat ("layer\x1f", parts[i - 1], ".", parts[i], NULL));
}

static gboolean
run_sql (sqlite3     *db,
         const char  *path,
         const char  *sql,
         GError     **error)
{
  if (sqlite3_exec (db, sql, NULL, NULL, NULL) == SQLITE_OK)
    return TRUE;
  g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_WRITE,
               _("%s: cannot write the database: %s"), path, sqlite3_errmsg (db));
  return FALSE;
}

/* The tables whose columns depend on the input: global_stats and trend_data (§ 7). */
static gboolean
write_variable_tables (Monitor     *self,
                       sqlite3     *db,
                       const char  *path,
                       GError     **error)
{
  g_autoptr(GString) gs = g_string_new ("CREATE TABLE global_stats (\n            min_step "
                                        "INTEGER DEFAULT 0, max_step INTEGER DEFAULT 0, "
                                        "max_rank INTEGER DEFAULT 0");
  g_autoptr(GString) td = g_string_new ("CREATE TABLE trend_data (\n"
                                        "            rank INTEGER NOT NULL,\n"
                                        "            step INTEGER NOT NULL,\n"
                                        "            target_id INTEGER NOT NULL,\n"
                                        "            metric_id INTEGER NOT NULL,\n"
                                        "            ");
  guint32 all_stats = 0;
  gboolean first = TRUE;
  guint id = 0;

  for (int m = 0; m < N_METRICS; m++)
    if (self->metrics & (1u << m))
      {
        g_autofree char *insert = g_strdup_printf ("INSERT INTO monitoring_metrics (metric_id, "
                                                   "metric_name) VALUES (%u, '%s')", ++id,
                                                   metric_names[m]);

        if (!run_sql (db, path, insert, error))
          return FALSE;
        all_stats |= self->stats_of[m];
      }
  /* msprobe's order of these columns comes from a Python set; the reverse of § 7's order is
   * the one its runs of the reference cases happened to give */
  for (int m = N_METRICS - 1; m >= 0; m--)
    if (self->metrics & (1u << m))
      g_string_append_printf (gs, ", %s TEXT DEFAULT NULL", metric_names[m]);
  g_string_append (gs, "\n        )");
  for (int s = 0; s < N_STATS; s++)
    if (all_stats & (1u << s))
      {
        g_string_append_printf (td, "%s%s REAL DEFAULT NULL", first ? "" : ", ", stat_names[s]);
        first = FALSE;
      }
  g_string_append (td, ",\n            PRIMARY KEY (rank, step, target_id, metric_id),\n"
                   "            FOREIGN KEY (target_id) REFERENCES monitoring_targets(target_id),\n"
                   "            FOREIGN KEY (metric_id) REFERENCES monitoring_metrics(metric_id)\n"
                   "        ) WITHOUT ROWID");
  return run_sql (db, path, gs->str, error) && run_sql (db, path, td->str, error);
}

static gint
compare_int64 (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return x < y ? -1 : x > y;
}

/* Micro steps on: each CSV step's micro steps laid out one after another (§ 7). */
static GHashTable *
step_offsets (Monitor *self,
              gint64  *total)
{
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (gint64));
  GHashTable *offsets = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->step_counts);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_array_append_val (steps, *(gint64 *)key);
  g_array_sort (steps, compare_int64);
  *total = 0;
  for (guint i = 0; i < steps->len; i++)
    {
      gint64 *step = g_memdup2 (&g_array_index (steps, gint64, i), sizeof (gint64));

      g_hash_table_insert (offsets, step, GSIZE_TO_POINTER (*total));
      *total += GPOINTER_TO_SIZE (g_hash_table_lookup (self->step_counts, step));
    }
  return offsets;
}

static gboolean
step_ok (sqlite3      *db,
         sqlite3_stmt *s,
         const char   *path,
         GError      **error)
{
  int rc = sqlite3_step (s);

  sqlite3_reset (s);
  if (rc == SQLITE_DONE)
    return TRUE;
  g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_WRITE,
               _("%s: cannot write the database: %s"), path, sqlite3_errmsg (db));
  return FALSE;
}

static gboolean
write_rows (Monitor     *self,
            sqlite3     *db,
            const char  *path,
            gint64      *min_step,
            gint64      *max_step,
            GError     **error)
{
  g_autoptr(GHashTable) offsets = NULL;
  g_autoptr(GString) sql = g_string_new ("INSERT OR IGNORE INTO trend_data VALUES (?, ?, ?, ?");
  sqlite3_stmt *s = NULL;
  guint32 all_stats = 0;
  int metric_ids[N_METRICS];
  gint64 total = 0;
  gboolean ok = TRUE;

  for (int m = 0, id = 0; m < N_METRICS; m++)
    {
      metric_ids[m] = (self->metrics & (1u << m)) ? ++id : 0;
      if (self->metrics & (1u << m))
        all_stats |= self->stats_of[m];
    }
  for (int st = 0; st < N_STATS; st++)
    if (all_stats & (1u << st))
      g_string_append (sql, ", ?");
  g_string_append (sql, ")");
  offsets = step_offsets (self, &total);
  *min_step = self->options->micro_step ? 0 : G_MAXINT64;
  *max_step = self->options->micro_step ? total - 1 : G_MININT64;
  if (sqlite3_prepare_v2 (db, sql->str, -1, &s, NULL) != SQLITE_OK)
    return step_ok (db, NULL, path, error);
  for (guint i = 0; ok && i < self->rows->len; i++)
    {
      Row *row = &g_array_index (self->rows, Row, i);
      gint64 step = row->csv_step;
      int col = 5;

      if (self->options->micro_step)
        step = GPOINTER_TO_SIZE (g_hash_table_lookup (offsets, &row->csv_step)) + row->micro;
      else
        {
          *min_step = MIN (*min_step, step);
          *max_step = MAX (*max_step, step);
        }
      sqlite3_bind_int64 (s, 1, row->rank);
      sqlite3_bind_int64 (s, 2, step);
      sqlite3_bind_int64 (s, 3, row->target->id);
      sqlite3_bind_int (s, 4, metric_ids[row->metric]);
      for (int st = 0; st < N_STATS; st++)
        if (all_stats & (1u << st))
          {
            if (row->nulls & (1u << st))
              sqlite3_bind_null (s, col++);
            else
              sqlite3_bind_double (s, col++, row->values[st]);
          }
      ok = step_ok (db, s, path, error);
    }
  sqlite3_finalize (s);
  return ok;
}

static gboolean
write_targets_and_tags (Monitor     *self,
                        sqlite3     *db,
                        const char  *path,
                        GError     **error)
{
  sqlite3_stmt *target = NULL, *tag = NULL, *map = NULL;
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  gboolean ok = sqlite3_prepare_v2 (db, "INSERT INTO monitoring_targets VALUES (?, ?, ?, ?)",
                                    -1, &target, NULL) == SQLITE_OK &&
                sqlite3_prepare_v2 (db, "INSERT INTO monitoring_tags VALUES (?, ?, ?, ?)",
                                    -1, &tag, NULL) == SQLITE_OK &&
                sqlite3_prepare_v2 (db, "INSERT OR IGNORE INTO tag_target_mapping VALUES (?, ?)",
                                    -1, &map, NULL) == SQLITE_OK;
  gint64 next_tag = 0;

  if (!ok)
    step_ok (db, NULL, path, error);
  for (guint i = 0; ok && i < self->target_order->len; i++)
    {
      Target *t = g_ptr_array_index (self->target_order, i);

      sqlite3_bind_int64 (target, 1, t->id);
      sqlite3_bind_text (target, 2, t->name, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (target, 3, t->vpp_stage);
      sqlite3_bind_int64 (target, 4, t->micro);
      ok = step_ok (db, target, path, error);
    }
  for (int m = 0, metric_id = 0; ok && m < N_METRICS; m++)
    {
      g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      if (!(self->metrics & (1u << m)))
        continue;
      metric_id++;
      for (guint i = 0; ok && i < self->target_order->len; i++)
        {
          Target *t = g_ptr_array_index (self->target_order, i);

          if (!(t->metrics & (1u << m)))
            continue;
          g_ptr_array_set_size (tags, 0);
          monitor_tags (t->name, tags);
          for (guint j = 0; ok && j < tags->len; j++)
            {
              const char *both = tags->pdata[j];
              gint64 id = GPOINTER_TO_SIZE (g_hash_table_lookup (ids, both));

              if (id == 0)
                {
                  g_autofree char *category = g_strndup (both, strchr (both, '\x1f') - both);

                  id = ++next_tag;
                  g_hash_table_insert (ids, g_strdup (both), GSIZE_TO_POINTER (id));
                  sqlite3_bind_int64 (tag, 1, id);
                  sqlite3_bind_text (tag, 2, strchr (both, '\x1f') + 1, -1, SQLITE_TRANSIENT);
                  sqlite3_bind_text (tag, 3, category, -1, SQLITE_TRANSIENT);
                  sqlite3_bind_int (tag, 4, metric_id);
                  ok = step_ok (db, tag, path, error);
                }
              sqlite3_bind_int64 (map, 1, id);
              sqlite3_bind_int64 (map, 2, t->id);
              ok = ok && step_ok (db, map, path, error);
            }
        }
    }
  sqlite3_finalize (target);
  sqlite3_finalize (tag);
  sqlite3_finalize (map);
  return ok;
}

static gboolean
write_global_stats (Monitor     *self,
                    sqlite3     *db,
                    const char  *path,
                    gint64       min_step,
                    gint64       max_step,
                    GError     **error)
{
  g_autoptr(GString) sql = g_string_new (NULL);

  g_string_printf (sql, "INSERT INTO global_stats VALUES (%" G_GINT64_FORMAT ", %"
                   G_GINT64_FORMAT ", %" G_GINT64_FORMAT, min_step, max_step, self->max_rank);
  for (int m = N_METRICS - 1; m >= 0; m--)
    if (self->metrics & (1u << m))
      {
        g_string_append (sql, ", '");
        for (int s = 0, n = 0; s < N_STATS; s++)
          if (self->stats_of[m] & (1u << s))
            g_string_append_printf (sql, "%s%s", n++ > 0 ? "," : "", stat_names[s]);
        g_string_append (sql, "'");
      }
  g_string_append (sql, ")");
  return run_sql (db, path, sql->str, error);
}

static gboolean
write_db (Monitor     *self,
          const char  *path,
          GError     **error)
{
  g_autofree char *tmp_path = NULL;
  sqlite3 *db = NULL;
  gint64 min_step = 0, max_step = 0;
  gboolean ok = msvis_trend_open_tmp (path, &tmp_path, &db, error);

  for (guint i = 0; ok && i < MSVIS_TREND_N_COMMON_SCHEMA; i++)
    ok = run_sql (db, path, msvis_trend_schema[i], error);
  ok = ok && write_variable_tables (self, db, path, error) &&
       write_targets_and_tags (self, db, path, error) &&
       write_rows (self, db, path, &min_step, &max_step, error) &&
       write_global_stats (self, db, path, min_step, max_step, error) &&
       run_sql (db, path, "COMMIT", error);
  if (db != NULL && sqlite3_close (db) != SQLITE_OK && ok)
    {
      g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_WRITE,
                   _("%s: cannot finish the database"), path);
      ok = FALSE;
    }
  ok = ok && msvis_safe_file_place (tmp_path, path, MSVIS_SAFE_FILE_REPLACE, error);
  if (tmp_path != NULL)
    msvis_trend_remove_tmp (tmp_path);
  return ok;
}

static gboolean
read_rank (Monitor      *self,
           RankDir      *r,
           GError      **error)
{
  g_autoptr(GDir) dir = g_dir_open (r->dir, 0, error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (dir == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc)msvis_trend_compare_strings);
  self->max_rank = MAX (self->max_rank, r->rank);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (r->dir, names->pdata[i], NULL);
      int metric = file_metric (names->pdata[i]);

      if (metric >= 0 && g_file_test (path, G_FILE_TEST_IS_REGULAR) &&
          !read_csv (self, path, metric, r->rank, error))
        return FALSE;
    }
  return TRUE;
}

static void
monitor_clear (Monitor *self)
{
  g_string_chunk_free (self->strings);
  g_hash_table_unref (self->targets);
  g_ptr_array_unref (self->target_order);
  g_array_unref (self->rows);
  g_hash_table_unref (self->step_counts);
}

/**
 * msvis_trend_import_monitor:
 * @written: (out): the database written, or %NULL when @options->data_dir has no monitor
 *   folder (not an error)
 *
 * msprobe's import_monitor (trend-2026 § 7): every rank folder's CSV files into
 * `monitor_data.trend.db` in @options->db_dir, replacing one there.
 */
gboolean
msvis_trend_import_monitor (const MsvisTrendOptions  *options,
                            char                    **written,
                            MsvisTrendMessage         message,
                            gpointer                  user_data,
                            GError                  **error)
{
  g_autoptr(GArray) ranks = find_rank_dirs (options->data_dir, error);
  g_autofree char *path = g_build_filename (options->db_dir, MSVIS_TREND_MONITOR_DB, NULL);
  Monitor self = { options };
  gboolean ok = TRUE;

  *written = NULL;
  if (ranks == NULL)
    return FALSE;
  if (ranks->len == 0)
    {
      if (message != NULL)
        {
          g_autofree char *text = g_strdup_printf (_("No valid monitor directories found in: %s"),
                                                   options->data_dir);

          message (text, user_data);
        }
      return TRUE;
    }
  if (g_file_test (path, G_FILE_TEST_EXISTS) && message != NULL)
    {
      g_autofree char *text = g_strdup_printf (_("Existing database will be replaced: %s"),
                                               path);

      message (text, user_data);
    }
  self.strings = g_string_chunk_new (1 << 16);
  self.targets = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  self.target_order = g_ptr_array_new ();
  self.rows = g_array_new (FALSE, FALSE, sizeof (Row));
  self.step_counts = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; ok && i < ranks->len; i++)
    ok = read_rank (&self, &g_array_index (ranks, RankDir, i), error);
  ok = ok && write_db (&self, path, error);
  for (guint i = 0; i < ranks->len; i++)
    g_free (g_array_index (ranks, RankDir, i).dir);
  monitor_clear (&self);
  if (ok)
    *written = g_steal_pointer (&path);
  return ok;
}
