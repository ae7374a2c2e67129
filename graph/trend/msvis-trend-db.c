// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-safe-file.h"
#include "msvis-trend-private.h"

/* trend-2026 § 5.2: the texts sqlite_master keeps, byte for byte (the monitoring_target typo
 * included), in msprobe's creation order: the four tables every trend database has, then a
 * dump database's trend_data and its metrics. */
const char *const msvis_trend_schema[MSVIS_TREND_N_SCHEMA] = {
  "CREATE TABLE monitoring_targets (\n"
  "            target_id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
  "            target_name TEXT NOT NULL,\n"
  "            vpp_stage INTEGER NOT NULL,\n"
  "            micro_step INTEGER NOT NULL DEFAULT 0,\n"
  "            UNIQUE(target_name, vpp_stage, micro_step)\n"
  "        )",
  "CREATE TABLE monitoring_metrics (\n"
  "            metric_id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
  "            metric_name TEXT UNIQUE NOT NULL\n"
  "        )",
  "CREATE TABLE monitoring_tags (\n"
  "            tag_id INTEGER PRIMARY KEY AUTOINCREMENT,\n"
  "            tag_name TEXT NOT NULL,\n"
  "            category TEXT NOT NULL,\n"
  "            metric_id INTEGER NOT NULL,\n"
  "            UNIQUE(tag_name, category, metric_id),\n"
  "            FOREIGN KEY (metric_id) REFERENCES monitoring_metrics(metric_id)\n"
  "        )",
  "CREATE TABLE tag_target_mapping (\n"
  "            tag_id INTEGER NOT NULL,\n"
  "            target_id INTEGER NOT NULL,\n"
  "            PRIMARY KEY (tag_id, target_id),\n"
  "            FOREIGN KEY (tag_id) REFERENCES monitoring_tags(tag_id),\n"
  "            FOREIGN KEY (target_id) REFERENCES monitoring_target(target_id)\n"
  "        )",
  "CREATE TABLE trend_data (\n"
  "            rank INTEGER NOT NULL,\n"
  "            step INTEGER NOT NULL,\n"
  "            target_id INTEGER NOT NULL,\n"
  "            metric_id INTEGER NOT NULL,\n"
  "            norm REAL DEFAULT NULL, max REAL DEFAULT NULL, min REAL DEFAULT NULL, "
  "mean REAL DEFAULT NULL,\n"
  "            PRIMARY KEY (rank, step, target_id, metric_id),\n"
  "            FOREIGN KEY (target_id) REFERENCES monitoring_targets(target_id),\n"
  "            FOREIGN KEY (metric_id) REFERENCES monitoring_metrics(metric_id)\n"
  "        ) WITHOUT ROWID",
  /* In parentheses: one element, two literals (clang would take it for a missing comma). */
  ("INSERT INTO monitoring_metrics (metric_id, metric_name) VALUES "
   "(1, 'forward'), (2, 'backward'), (3, 'recompute'), (4, 'parameters_grad')"),
};

static const char global_stats[] =
  "CREATE TABLE global_stats (\n"
  "            max_rank INTEGER DEFAULT 0, min_step INTEGER DEFAULT 0, max_step INTEGER DEFAULT 0, "
  "forward TEXT DEFAULT NULL, backward TEXT DEFAULT NULL, recompute TEXT DEFAULT NULL, "
  "parameters_grad TEXT DEFAULT NULL\n"
  "        )";

/* A target as msprobe keys it, (name, vpp_stage 0, index), with what each metric knows. */
typedef struct
{
  char   *name;
  gint64  index;
  gint64  id;          /* in monitoring_targets, 0 until inserted */
  guint8  seen;        /* bit m: metric m has met it (§ 6.6 seen[metric]) */
} Target;

typedef struct
{
  Target *target;
  gint64  rank;
  gint64  step;
  double  values[MSVIS_TREND_N_STATS];
  guint32 order;       /* in the batch: of equal keys, the first wins */
  guint8  metric;
  guint8  nulls;
} Row;

struct _MsvisTrendDb
{
  char         *path;
  char         *tmp_path;
  sqlite3      *db;
  sqlite3_stmt *insert_target;
  sqlite3_stmt *insert_row;
  GHashTable   *targets;                          /* Target → itself */
  GPtrArray    *pending[MSVIS_TREND_N_METRICS];   /* Target, first seen since the last flush */
  GPtrArray    *seen[MSVIS_TREND_N_METRICS];      /* Target, in first-seen order */
  int           metric_order[MSVIS_TREND_N_METRICS];
  guint         n_metrics_seen;
  GArray       *batch;                            /* Row */
  gint64        attempts;

  /* The rows and new targets of each flush are written on a thread of their own while the
   * next ones are read: ids are given out here, so the writer only stores them. */
  GThread      *writer;
  GAsyncQueue  *jobs;                             /* Job, then the end marker */
  GAsyncQueue  *done;                             /* one token per job written */
  guint         in_flight;
  GError       *write_error;                      /* the writer's first */
};

typedef struct
{
  GPtrArray *targets;   /* Target, new in this flush */
  GArray    *rows;      /* Row */
} Job;

#define MAX_IN_FLIGHT 8

static guint
target_hash (gconstpointer key)
{
  const Target *t = key;

  return g_str_hash (t->name) ^ (guint)(t->index * 2654435761u);
}

static gboolean
target_equal (gconstpointer a,
              gconstpointer b)
{
  const Target *x = a, *y = b;

  return x->index == y->index && strcmp (x->name, y->name) == 0;
}

static void
target_free (gpointer data)
{
  Target *t = data;

  g_free (t->name);
  g_free (t);
}

static gboolean
sqlite_failed (MsvisTrendDb  *self,
               GError       **error)
{
  g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_WRITE,
               /* translators: a file path, then SQLite's message */
               _("%s: cannot write the database: %s"), self->path,
               self->db != NULL ? sqlite3_errmsg (self->db) : "?");
  return FALSE;
}

static gboolean
exec (MsvisTrendDb  *self,
      const char    *sql,
      GError       **error)
{
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return sqlite_failed (self, error);
  return TRUE;
}

void
msvis_trend_remove_tmp (const char *tmp_path)
{
  static const char *suffixes[] = { "", "-journal", "-wal", "-shm" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (tmp_path, suffixes[i], NULL);

      g_unlink (name);
    }
}

/**
 * msvis_trend_open_tmp:
 * @tmp_path: (out): the temporary file made beside @path, also when opening it fails
 *
 * Opens a new database under a temporary name beside @path, set up for one transaction that
 * nobody else sees: no journal, no syncs, a page cache that holds the indexes of a big run
 * (none of these settings stays in the file, which keeps msprobe's rollback mode).
 */
gboolean
msvis_trend_open_tmp (const char  *path,
                      char       **tmp_path,
                      sqlite3    **db,
                      GError     **error)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  int fd;

  *tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (*tmp_path, O_RDWR | O_CLOEXEC, 0640);
  if (fd < 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", path, g_strerror (saved_errno));
      g_clear_pointer (tmp_path, g_free);
      return FALSE;
    }
  close (fd);
  if (sqlite3_open_v2 (*tmp_path, db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                       NULL) != SQLITE_OK ||
      sqlite3_exec (*db, "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; "
                    "PRAGMA cache_size=-131072; BEGIN", NULL, NULL, NULL) != SQLITE_OK)
    {
      g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_WRITE,
                   _("%s: cannot write the database: %s"), path,
                   *db != NULL ? sqlite3_errmsg (*db) : "?");
      return FALSE;
    }
  return TRUE;
}

/**
 * msvis_trend_db_new:
 * @path: the final name; an existing regular file of that name is replaced on commit
 *
 * Opens the database under a temporary name beside @path, with msprobe's tables.
 */
MsvisTrendDb *
msvis_trend_db_new (const char  *path,
                    GError     **error)
{
  g_autoptr(MsvisTrendDb) self = g_new0 (MsvisTrendDb, 1);

  if (!msvis_safe_file_check_target (path, MSVIS_SAFE_FILE_REPLACE, error))
    return NULL;
  self->path = g_strdup (path);
  self->targets = g_hash_table_new_full (target_hash, target_equal, target_free, NULL);
  for (int m = 0; m < MSVIS_TREND_N_METRICS; m++)
    {
      self->pending[m] = g_ptr_array_new ();
      self->seen[m] = g_ptr_array_new ();
    }
  self->batch = g_array_sized_new (FALSE, FALSE, sizeof (Row), 8192);
  self->jobs = g_async_queue_new ();
  self->done = g_async_queue_new ();
  if (!msvis_trend_open_tmp (path, &self->tmp_path, &self->db, error))
    return NULL;
  for (guint i = 0; i < MSVIS_TREND_N_SCHEMA; i++)
    if (!exec (self, msvis_trend_schema[i], error))
      return NULL;
  if (sqlite3_prepare_v2 (self->db,
                          "INSERT INTO monitoring_targets (target_id, target_name, vpp_stage, "
                          "micro_step) VALUES (?, ?, 0, ?)", -1, &self->insert_target,
                          NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (self->db,
                          "INSERT OR IGNORE INTO trend_data (rank, step, target_id, metric_id, "
                          "norm, max, min, mean) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", -1,
                          &self->insert_row, NULL) != SQLITE_OK)
    {
      sqlite_failed (self, error);
      return NULL;
    }
  return g_steal_pointer (&self);
}

/* @metric counts from 0 (forward); bit i of @nulls: statistic i is NULL. */
void
msvis_trend_db_add_row (MsvisTrendDb *self,
                        gint64        rank,
                        gint64        step,
                        int           metric,
                        const char   *target,
                        gint64        index,
                        const double *values,
                        guint         nulls)
{
  Target key = { (char *)target, index, 0, 0 };
  Target *t = g_hash_table_lookup (self->targets, &key);
  Row row = { 0 };

  if (t == NULL)
    {
      t = g_new0 (Target, 1);
      t->name = g_strdup (target);
      t->index = index;
      g_hash_table_add (self->targets, t);
    }
  if (!(t->seen & (1u << metric)))
    {
      if (self->seen[metric]->len == 0)
        self->metric_order[self->n_metrics_seen++] = metric;
      t->seen |= 1u << metric;
      g_ptr_array_add (self->pending[metric], t);
      g_ptr_array_add (self->seen[metric], t);
    }

  row.target = t;
  row.rank = rank;
  row.step = step;
  row.metric = metric;
  row.nulls = nulls;
  row.order = self->batch->len;
  memcpy (row.values, values, sizeof row.values);
  g_array_append_val (self->batch, row);
}

guint
msvis_trend_db_batch_len (MsvisTrendDb *self)
{
  return self->batch->len;
}

static gboolean
insert_target (MsvisTrendDb  *self,
               Target        *t,
               GError       **error)
{
  sqlite3_stmt *s = self->insert_target;

  sqlite3_bind_int64 (s, 1, t->id);
  sqlite3_bind_text (s, 2, t->name, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (s, 3, t->index);
  if (sqlite3_step (s) != SQLITE_DONE)
    {
      sqlite3_reset (s);
      return sqlite_failed (self, error);
    }
  sqlite3_reset (s);
  return TRUE;
}

static gboolean
insert_row (MsvisTrendDb  *self,
            const Row     *row,
            GError       **error)
{
  sqlite3_stmt *s = self->insert_row;

  sqlite3_bind_int64 (s, 1, row->rank);
  sqlite3_bind_int64 (s, 2, row->step);
  sqlite3_bind_int64 (s, 3, row->target->id);
  sqlite3_bind_int64 (s, 4, row->metric + 1);
  for (int i = 0; i < MSVIS_TREND_N_STATS; i++)
    if (row->nulls & (1u << i))
      sqlite3_bind_null (s, 5 + i);
    else
      sqlite3_bind_double (s, 5 + i, row->values[i]);
  if (sqlite3_step (s) != SQLITE_DONE)
    {
      sqlite3_reset (s);
      return sqlite_failed (self, error);
    }
  sqlite3_reset (s);
  return TRUE;
}

static gint
compare_rows (gconstpointer a,
              gconstpointer b)
{
  const Row *x = a, *y = b;

  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  if (x->step != y->step)
    return x->step < y->step ? -1 : 1;
  if (x->target->id != y->target->id)
    return x->target->id < y->target->id ? -1 : 1;
  if (x->metric != y->metric)
    return (int)x->metric - (int)y->metric;
  return x->order < y->order ? -1 : x->order > y->order;
}

static gboolean
write_job (MsvisTrendDb  *self,
           Job           *job,
           GError       **error)
{
  for (guint i = 0; i < job->targets->len; i++)
    if (!insert_target (self, g_ptr_array_index (job->targets, i), error))
      return FALSE;
  /* In key order the B-tree grows at its end; of equal keys the first is still inserted
   * first and wins. */
  g_array_sort (job->rows, compare_rows);
  for (guint i = 0; i < job->rows->len; i++)
    if (!insert_row (self, &g_array_index (job->rows, Row, i), error))
      return FALSE;
  return TRUE;
}

/* Targets are never changed once they have an id, so the writer reads them unlocked. */
static gpointer
writer_main (gpointer data)
{
  MsvisTrendDb *self = data;

  for (;;)
    {
      Job *job = g_async_queue_pop (self->jobs);

      if (job->targets == NULL)
        {
          g_free (job);
          return NULL;
        }
      if (self->write_error == NULL)
        write_job (self, job, &self->write_error);
      g_ptr_array_unref (job->targets);
      g_array_unref (job->rows);
      g_free (job);
      g_async_queue_push (self->done, GINT_TO_POINTER (1));
    }
}

/* Waits until everything handed to the writer is written. */
static gboolean
join_writer (MsvisTrendDb  *self,
             GError       **error)
{
  if (self->writer != NULL)
    {
      g_async_queue_push (self->jobs, g_new0 (Job, 1));
      g_thread_join (self->writer);
      self->writer = NULL;
    }
  if (self->write_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&self->write_error));
      return FALSE;
    }
  return TRUE;
}

/* § 6.6: new targets metric by metric, each attempt using up an id as msprobe's INSERT OR
 * IGNORE into an AUTOINCREMENT table does; then the rows, the first of a key winning. */
gboolean
msvis_trend_db_flush (MsvisTrendDb  *self,
                      GError       **error)
{
  Job *job = g_new (Job, 1);

  job->targets = g_ptr_array_new ();
  for (int m = 0; m < MSVIS_TREND_N_METRICS; m++)
    {
      for (guint i = 0; i < self->pending[m]->len; i++)
        {
          Target *t = g_ptr_array_index (self->pending[m], i);

          self->attempts++;
          if (t->id == 0)
            {
              t->id = self->attempts;
              g_ptr_array_add (job->targets, t);
            }
        }
      g_ptr_array_set_size (self->pending[m], 0);
    }
  job->rows = g_steal_pointer (&self->batch);
  self->batch = g_array_sized_new (FALSE, FALSE, sizeof (Row), MAX (job->rows->len, 1024));

  if (self->writer == NULL)
    self->writer = g_thread_new ("msvis-trend-db", writer_main, self);
  g_async_queue_push (self->jobs, job);
  self->in_flight++;
  /* a bounded number of batches waits, whatever the writer's speed */
  while (self->in_flight > MAX_IN_FLIGHT || (self->in_flight > 0 &&
                                             g_async_queue_try_pop (self->done) != NULL))
    {
      if (self->in_flight > MAX_IN_FLIGHT)
        g_async_queue_pop (self->done);
      self->in_flight--;
    }
  if (self->write_error != NULL)
    return join_writer (self, error);
  return TRUE;
}

static gboolean
insert_tag (MsvisTrendDb  *self,
            sqlite3_stmt  *tag_stmt,
            gint64         tag_id,
            const char    *name,
            const char    *category,
            int            metric,
            GError       **error)
{
  sqlite3_bind_int64 (tag_stmt, 1, tag_id);
  sqlite3_bind_text (tag_stmt, 2, name, -1, SQLITE_TRANSIENT);
  sqlite3_bind_text (tag_stmt, 3, category, -1, SQLITE_STATIC);
  sqlite3_bind_int (tag_stmt, 4, metric + 1);
  if (sqlite3_step (tag_stmt) != SQLITE_DONE)
    {
      sqlite3_reset (tag_stmt);
      return sqlite_failed (self, error);
    }
  sqlite3_reset (tag_stmt);
  return TRUE;
}

static gint
compare_pairs (gconstpointer a,
               gconstpointer b)
{
  const gint64 *x = a, *y = b;

  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return x[1] < y[1] ? -1 : x[1] > y[1];
}

/* § 6.7: per metric in the order metrics were first met, one id per (tag, category) of the
 * metric's targets, ids running on without gaps. */
static gboolean
write_tags (MsvisTrendDb  *self,
            GError       **error)
{
  sqlite3_stmt *tag_stmt = NULL, *map_stmt = NULL;
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, 2 * sizeof (gint64));
  gint64 next_id = 0;
  gboolean ok = FALSE;

  if (sqlite3_prepare_v2 (self->db, "INSERT INTO monitoring_tags (tag_id, tag_name, category, "
                          "metric_id) VALUES (?, ?, ?, ?)", -1, &tag_stmt, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (self->db, "INSERT OR IGNORE INTO tag_target_mapping (tag_id, "
                          "target_id) VALUES (?, ?)", -1, &map_stmt, NULL) != SQLITE_OK)
    {
      sqlite_failed (self, error);
      goto out;
    }

  for (guint k = 0; k < self->n_metrics_seen; k++)
    {
      int metric = self->metric_order[k];
      g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

      for (guint i = 0; i < self->seen[metric]->len; i++)
        {
          Target *t = g_ptr_array_index (self->seen[metric], i);

          g_ptr_array_set_size (tags, 0);
          msvis_trend_tags (t->name, tags);
          /* tags holds "category\x1ftag" */
          for (guint j = 0; j < tags->len; j++)
            {
              const char *both = g_ptr_array_index (tags, j);
              gpointer id = g_hash_table_lookup (ids, both);

              if (id == NULL)
                {
                  g_autofree char *category = g_strndup (both, strchr (both, '\x1f') - both);

                  id = GSIZE_TO_POINTER (++next_id);
                  g_hash_table_insert (ids, g_strdup (both), id);
                  if (!insert_tag (self, tag_stmt, next_id, strchr (both, '\x1f') + 1, category,
                                   metric, error))
                    goto out;
                }
              {
                gint64 pair[2] = { GPOINTER_TO_SIZE (id), t->id };

                g_array_append_vals (pairs, pair, 1);
              }
            }
        }
    }
  /* in key order, the primary key's index grows at its end */
  g_array_sort (pairs, compare_pairs);
  for (guint i = 0; i < pairs->len; i++)
    {
      sqlite3_bind_int64 (map_stmt, 1, g_array_index (pairs, gint64, 2 * i));
      sqlite3_bind_int64 (map_stmt, 2, g_array_index (pairs, gint64, 2 * i + 1));
      if (sqlite3_step (map_stmt) != SQLITE_DONE)
        {
          sqlite_failed (self, error);
          goto out;
        }
      sqlite3_reset (map_stmt);
    }
  ok = TRUE;

out:
  sqlite3_finalize (tag_stmt);
  sqlite3_finalize (map_stmt);
  return ok;
}

static gboolean
write_global_stats (MsvisTrendDb  *self,
                    gint64         max_rank,
                    gint64         min_step,
                    gint64         max_step,
                    GError       **error)
{
  g_autofree char *insert = NULL;

  if (!exec (self, global_stats, error))
    return FALSE;
  insert = g_strdup_printf ("INSERT INTO global_stats VALUES (%" G_GINT64_FORMAT ", %"
                            G_GINT64_FORMAT ", %" G_GINT64_FORMAT ", 'norm,max,min,mean', "
                            "'norm,max,min,mean', 'norm,max,min,mean', 'norm,max,min,mean')",
                            max_rank, min_step, max_step);
  if (!exec (self, insert, error))
    return FALSE;
  if (self->attempts > 0)
    {
      /* the ignored attempts used up ids too (§ 6.9) */
      g_autofree char *seq = g_strdup_printf ("UPDATE sqlite_sequence SET seq = %" G_GINT64_FORMAT
                                              " WHERE name = 'monitoring_targets'",
                                              self->attempts);

      if (!exec (self, seq, error))
        return FALSE;
    }
  return TRUE;
}

static int
close_db (MsvisTrendDb *self)
{
  int status;

  sqlite3_finalize (self->insert_target);
  sqlite3_finalize (self->insert_row);
  self->insert_target = self->insert_row = NULL;
  status = sqlite3_close (self->db);
  self->db = NULL;
  return status;
}

/**
 * msvis_trend_db_commit:
 *
 * Flushes what is left, writes the tags and global_stats, and gives the file its final name.
 */
gboolean
msvis_trend_db_commit (MsvisTrendDb  *self,
                       gint64         max_rank,
                       gint64         min_step,
                       gint64         max_step,
                       GError       **error)
{
  if (!msvis_trend_db_flush (self, error) ||
      !join_writer (self, error) ||
      !write_tags (self, error) ||
      !write_global_stats (self, max_rank, min_step, max_step, error) ||
      !exec (self, "COMMIT", error))
    return FALSE;
  if (close_db (self) != SQLITE_OK)
    {
      g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_WRITE,
                   /* translators: a file path */
                   _("%s: cannot finish the database"), self->path);
      return FALSE;
    }
  if (!msvis_safe_file_place (self->tmp_path, self->path, MSVIS_SAFE_FILE_REPLACE, error))
    return FALSE;
  g_clear_pointer (&self->tmp_path, g_free);
  return TRUE;
}

void
msvis_trend_db_free (MsvisTrendDb *self)
{
  if (self == NULL)
    return;
  join_writer (self, NULL);
  g_async_queue_unref (self->jobs);
  g_async_queue_unref (self->done);
  if (self->db != NULL)
    close_db (self);
  if (self->tmp_path != NULL)
    msvis_trend_remove_tmp (self->tmp_path);
  for (int m = 0; m < MSVIS_TREND_N_METRICS; m++)
    {
      g_ptr_array_unref (self->pending[m]);
      g_ptr_array_unref (self->seen[m]);
    }
  g_hash_table_unref (self->targets);
  g_array_unref (self->batch);
  g_free (self->path);
  g_free (self->tmp_path);
  g_free (self);
}
