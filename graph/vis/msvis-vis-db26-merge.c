// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-cleanup.h"
#include "msvis-reader-error.h"
#include "msvis-safe-file.h"
#include "msvis-vis-db26-merge.h"
#include "msvis-vis-db26-shard.h"
#include "msvis-vis-db26-writer.h"

/* The unsplit run writes, with one worker, for each step and each rank in numeric order its
 * NPU rows, NPU stacks, Bench rows, Bench stacks (msprobe-2026.md §10.8); the post-pass
 * (msprobe-2026.md §10.7) reads the communication rows in rowid order, so the shards' graphs
 * are copied in that order, whichever shard holds them, and then the post-pass runs again on
 * all ranks.
 * tb_config is the one the first graph of the unsplit run gave (msprobe-2026.md §10.5). */

#define N_TABLES 3

typedef struct
{
  MsvisShardGraph graph;
  guint           shard;
} Placed;

typedef struct
{
  const char *output;
  char       *tmp_path;
  guint       cleanup[4];
  sqlite3    *db;
  MsvisShard *shards;
  guint       n_shards;
  GArray     *placed;      /* Placed, in the unsplit run's order */
  guint       first;       /* index into placed of the unsplit run's first graph */
} Merge;

static const char *tmp_suffixes[] = { "", "-wal", "-shm", "-journal" };

static gboolean
write_error (Merge   *self,
             GError **error)
{
  g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_WRITE,
               /* translators: a file path, then SQLite's message */
               _("%s: cannot write the database: %s"), self->output, sqlite3_errmsg (self->db));
  return FALSE;
}

static gboolean
exec (Merge       *self,
      const char  *sql,
      GError     **error)
{
  return sqlite3_exec (self->db, sql, NULL, NULL, NULL) == SQLITE_OK || write_error (self, error);
}

/* The same creation as graph_visualize's writer: 0666 less the umask, in the output folder. */
static gboolean
make_tmp (Merge   *self,
          GError **error)
{
  g_autofree char *dir = g_path_get_dirname (self->output);
  g_autofree char *base = g_path_get_basename (self->output);
  mode_t mask = umask (022);
  int fd;

  umask (mask);
  self->tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (self->tmp_path, O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0)
    for (guint i = 0; i < G_N_ELEMENTS (tmp_suffixes); i++)
      {
        g_autofree char *name = g_strconcat (self->tmp_path, tmp_suffixes[i], NULL);

        self->cleanup[i] = msvis_cleanup_add_file (name);
      }
  if (fd < 0 || fchmod (fd, 0666 & ~mask) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", self->output, g_strerror (saved_errno));
      if (fd < 0)
        g_clear_pointer (&self->tmp_path, g_free);
      else
        close (fd);
      return FALSE;
    }
  close (fd);
  return TRUE;
}

static void
remove_tmp (Merge *self)
{
  for (guint i = 0; self->tmp_path != NULL && i < G_N_ELEMENTS (tmp_suffixes); i++)
    {
      g_autofree char *name = g_strconcat (self->tmp_path, tmp_suffixes[i], NULL);

      g_unlink (name);
      msvis_cleanup_remove (self->cleanup[i]);
    }
}

/* Shards of one run agree on everything tb_config says of the run as a whole. */
static gboolean
check_same_run (Merge   *self,
                GError **error)
{
  MsvisShard *a = &self->shards[0];

  for (guint i = 1; i < self->n_shards; i++)
    {
      MsvisShard *b = &self->shards[i];

      for (guint f = 0; f < MSVIS_SHARD_N_CONFIG; f++)
        if (g_strcmp0 (a->config[f], b->config[f]) != 0)
          {
            g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                         /* translators: two file paths, a tb_config column, its two values */
                         _("%s and %s are not shards of one run: their tb_config.%s differs "
                           "(“%s” and “%s”)"), a->path, b->path, msvis_shard_config_name (f),
                         a->config[f] ? a->config[f] : "NULL",
                         b->config[f] ? b->config[f] : "NULL");
            return FALSE;
          }
      if (a->merged != b->merged)
        {
          g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                       /* translators: two file paths */
                       _("%s and %s are not shards of one run: one holds parallel-merged "
                         "graphs (--rank_size), the other does not"), a->path, b->path);
          return FALSE;
        }
    }
  return TRUE;
}

static int
compare_placed (gconstpointer a,
                gconstpointer b)
{
  const Placed *x = a, *y = b;

  if (x->graph.step != y->graph.step)
    return x->graph.step < y->graph.step ? -1 : 1;
  if (x->graph.rank != y->graph.rank)
    return x->graph.rank < y->graph.rank ? -1 : 1;
  return (int)x->graph.bench - (int)y->graph.bench;
}

/* Every graph once: two shards holding one graph were split wrongly (or are one shard twice). */
static gboolean
place_graphs (Merge   *self,
              GError **error)
{
  g_autoptr(GHashTable) owner = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  self->placed = g_array_new (FALSE, FALSE, sizeof (Placed));
  for (guint s = 0; s < self->n_shards; s++)
    for (guint i = 0; i < self->shards[s].graphs->len; i++)
      {
        Placed p = { g_array_index (self->shards[s].graphs, MsvisShardGraph, i), s };
        char *key = g_strdup_printf ("%s_%d_%d", p.graph.bench ? "Bench" : "NPU", p.graph.step,
                                     p.graph.rank);
        gpointer other;

        if (g_hash_table_lookup_extended (owner, key, NULL, &other))
          {
            g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                         /* translators: two file paths, a graph id such as NPU_0_3, its step
                          * and rank */
                         _("%s and %s both hold the graph %s (step %d, rank %d): the shards of "
                           "a run must select different ranks or steps"),
                         self->shards[GPOINTER_TO_UINT (other)].path, self->shards[s].path,
                         key, p.graph.step, p.graph.rank);
            g_free (key);
            return FALSE;
          }
        g_hash_table_insert (owner, key, GUINT_TO_POINTER (s));
        g_array_append_val (self->placed, p);
      }
  g_array_sort (self->placed, compare_placed);
  return TRUE;
}

/* The position of @step among the steps of @shard in the order written, or -1. */
static gint
step_position (const MsvisShard *shard,
               gint              step)
{
  gint position = 0;

  for (guint i = 0; i < shard->graphs->len; i++)
    {
      const MsvisShardGraph *g = &g_array_index (shard->graphs, MsvisShardGraph, i);

      if (g->step == step)
        return position;
      if (i == 0 || g->step != g_array_index (shard->graphs, MsvisShardGraph, i - 1).step)
        position++;
    }
  return -1;
}

/* The unsplit run's first step: every shard wrote its steps in the run's order
 * (msprobe-2026.md §2.2), so it is the first step of some shard that no shard writes after
 * another shard's first step.
 * Shards that share no step cannot tell; then the build's order decides, the step names'
 * byte order (step10 before step9), which a compare of equal step lists follows as well when
 * its folders are listed in name order. */
static gboolean
comes_first (Merge *self,
             gint   candidate)
{
  for (guint s = 0; s < self->n_shards; s++)
    {
      gint at = step_position (&self->shards[s], candidate);

      for (guint o = 0; o < self->n_shards && at >= 0; o++)
        {
          gint other = step_position (&self->shards[s],
                                      g_array_index (self->shards[o].graphs,
                                                     MsvisShardGraph, 0).step);

          if (other >= 0 && other < at)
            return FALSE;
        }
    }
  return TRUE;
}

static gint
first_step (Merge *self)
{
  g_autofree char *best_name = NULL;
  gint best = g_array_index (self->shards[0].graphs, MsvisShardGraph, 0).step;

  for (guint c = 0; c < self->n_shards; c++)
    {
      gint candidate = g_array_index (self->shards[c].graphs, MsvisShardGraph, 0).step;
      g_autofree char *name = g_strdup_printf ("%d", candidate);

      if (comes_first (self, candidate) && (best_name == NULL || strcmp (name, best_name) < 0))
        {
          g_free (best_name);
          best_name = g_steal_pointer (&name);
          best = candidate;
        }
    }
  return best;
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

/* rank_list: the first step's ranks; step_list: every step, sorted; the rest from the shard
 * that holds the first graph, whose own tb_config that graph decided. */
static gboolean
write_config (Merge   *self,
              GError **error)
{
  gint step = first_step (self);
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autofree char *rank_text = NULL, *step_text = NULL;
  const MsvisShard *owner = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean ok;

  for (guint i = 0; i < self->placed->len; i++)
    {
      const Placed *p = &g_array_index (self->placed, Placed, i);

      if (p->graph.bench)
        continue;
      if (p->graph.step == step)
        {
          if (owner == NULL)
            owner = &self->shards[p->shard];
          g_array_append_val (ranks, p->graph.rank);
        }
      if (steps->len == 0 || g_array_index (steps, gint, steps->len - 1) != p->graph.step)
        g_array_append_val (steps, p->graph.step);
    }
  owner = owner != NULL ? owner : &self->shards[0];
  rank_text = int_list_json (ranks);
  step_text = int_list_json (steps);
  if (sqlite3_prepare_v2 (self->db, "INSERT INTO tb_config VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          -1, &stmt, NULL) != SQLITE_OK)
    return write_error (self, error);
  sqlite3_bind_text (stmt, 1, "1", -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, owner->config[MSVIS_SHARD_GRAPH_TYPE], -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 3, owner->config[MSVIS_SHARD_TASK], -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 4, owner->config[MSVIS_SHARD_TOOL_TIP], -1, SQLITE_STATIC);
  sqlite3_bind_int64 (stmt, 5, owner->micro_steps);
  sqlite3_bind_int64 (stmt, 6, g_ascii_strtoll (owner->config[MSVIS_SHARD_OVERFLOW_CHECK]
                                                ? owner->config[MSVIS_SHARD_OVERFLOW_CHECK]
                                                : "0", NULL, 10));
  sqlite3_bind_text (stmt, 7, owner->config[MSVIS_SHARD_NODE_COLORS], -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 8, rank_text, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 9, step_text, -1, SQLITE_STATIC);
  ok = sqlite3_step (stmt) == SQLITE_DONE;
  sqlite3_finalize (stmt);
  return ok || write_error (self, error);
}

/* One graph's rows in the order its shard wrote them, then its stacks: the stack ids of
 * graph NPU_0_1 are NPU_0_1_<k>, a range of the primary key. */
static gboolean
copy_graph (Merge         *self,
            const Placed  *p,
            GError       **error)
{
  const char *source = p->graph.bench ? "Bench" : "NPU";
  g_autofree char *low = g_strdup_printf ("%s_%d_%d_", source, p->graph.step, p->graph.rank);
  g_autofree char *high = g_strdup_printf ("%s_%d_%d`", source, p->graph.step, p->graph.rank);
  sqlite3_stmt *nodes = NULL, *stacks = NULL;
  gboolean ok;

  if (sqlite3_prepare_v2 (self->db, "INSERT INTO main.tb_nodes SELECT * FROM shard.tb_nodes "
                          "WHERE step = ?1 AND rank = ?2 AND data_source = ?3 ORDER BY rowid",
                          -1, &nodes, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (self->db, "INSERT INTO main.tb_stack SELECT * FROM shard.tb_stack "
                          "WHERE id >= ?1 AND id < ?2 ORDER BY rowid", -1, &stacks,
                          NULL) != SQLITE_OK)
    {
      sqlite3_finalize (nodes);
      return write_error (self, error);
    }
  sqlite3_bind_int (nodes, 1, p->graph.step);
  sqlite3_bind_int (nodes, 2, p->graph.rank);
  sqlite3_bind_text (nodes, 3, source, -1, SQLITE_STATIC);
  sqlite3_bind_text (stacks, 1, low, -1, SQLITE_STATIC);
  sqlite3_bind_text (stacks, 2, high, -1, SQLITE_STATIC);
  ok = sqlite3_step (nodes) == SQLITE_DONE && sqlite3_step (stacks) == SQLITE_DONE;
  sqlite3_finalize (nodes);
  sqlite3_finalize (stacks);
  return ok || write_error (self, error);
}

/* Each shard attached only while its graphs are copied: ATTACH is refused inside a
 * transaction, and the temporary file needs none (a failure deletes it). */
static gboolean
copy_rows (Merge   *self,
           GError **error)
{
  guint attached = G_MAXUINT;
  gboolean ok = TRUE;

  for (guint i = 0; i < self->placed->len && ok; i++)
    {
      const Placed *p = &g_array_index (self->placed, Placed, i);

      if (p->shard != attached)
        {
          if (attached != G_MAXUINT)
            msvis_shard_detach (self->db);
          attached = G_MAXUINT;
          if (!msvis_shard_attach (self->db, &self->shards[p->shard], error))
            return FALSE;
          attached = p->shard;
        }
      ok = copy_graph (self, p, error);
    }
  if (attached != G_MAXUINT)
    msvis_shard_detach (self->db);
  return ok;
}

/* The post-pass links the rows of one data source and step (msprobe-2026.md §10.7). A step
 * whose graphs are all in one shard was linked there as the unsplit run links it (or not at
 * all, in a parallel merge, which is split only by --step); a step split over shards is
 * linked again over all its ranks, the shards' partial links dropped first. */
static gboolean
steps_split (Merge *self)
{
  for (guint i = 1; i < self->placed->len; i++)
    {
      const Placed *p = &g_array_index (self->placed, Placed, i);
      const Placed *q = &g_array_index (self->placed, Placed, i - 1);

      if (p->graph.step == q->graph.step && p->shard != q->shard)
        return TRUE;
    }
  return FALSE;
}

static gboolean
redo_post_pass (Merge   *self,
                GError **error)
{
  const char *overflow = self->shards[0].config[MSVIS_SHARD_OVERFLOW_CHECK];

  if (!steps_split (self) || self->shards[0].merged)
    return TRUE;
  return exec (self, "UPDATE tb_nodes SET matched_distributed = '{}' WHERE is_distributed = 1",
               error) &&
         msvis_vis_db26_link_distributed (self->db, g_strcmp0 (overflow, "1") == 0, error);
}

static gboolean
open_output (Merge   *self,
             GError **error)
{
  if (!make_tmp (self, error))
    return FALSE;
  if (sqlite3_open_v2 (self->tmp_path, &self->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI,
                       NULL) != SQLITE_OK)
    return write_error (self, error);
  if (!exec (self, "PRAGMA journal_mode=OFF", error) ||
      !exec (self, "PRAGMA synchronous=OFF", error) ||
      !exec (self, "PRAGMA cache_size=-131072", error))
    return FALSE;
  for (guint i = 0; i < N_TABLES; i++)
    if (!exec (self, msvis_vis_db26_schema[i], error))
      return FALSE;
  return TRUE;
}

static gboolean
finish (Merge    *self,
        gboolean  force,
        GError  **error)
{
  for (guint i = N_TABLES; msvis_vis_db26_schema[i] != NULL; i++)
    if (!exec (self, msvis_vis_db26_schema[i], error))
      return FALSE;
  if (!exec (self, "BEGIN", error) || !redo_post_pass (self, error) ||
      !exec (self, "COMMIT", error) ||
      !exec (self, "PRAGMA journal_mode=WAL", error) ||
      !exec (self, "PRAGMA synchronous=NORMAL", error))
    return FALSE;
  if (sqlite3_close (self->db) != SQLITE_OK)
    {
      g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_FINISH,
                   /* translators: a file path */
                   _("%s: cannot finish the database"), self->output);
      return FALSE;
    }
  self->db = NULL;
  return msvis_safe_file_place (self->tmp_path, self->output,
                                force ? MSVIS_SAFE_FILE_REPLACE : MSVIS_SAFE_FILE_DEFAULT, error);
}

/**
 * msvis_vis_db26_merge:
 * @inputs: the shards' paths
 * @output: the joined file; replaced only with @force, never through a link
 *
 * Returns: %FALSE, with nothing written, when the inputs are not the shards of one 26.0.0 run
 */
gboolean
msvis_vis_db26_merge (const char *const  *inputs,
                      guint               n_inputs,
                      const char         *output,
                      gboolean            force,
                      GError            **error)
{
  Merge self = { output };
  gboolean ok;

  g_return_val_if_fail (n_inputs > 0, FALSE);

  if (!msvis_safe_file_check_target (output, force ? MSVIS_SAFE_FILE_REPLACE
                                                   : MSVIS_SAFE_FILE_DEFAULT, error))
    return FALSE;
  self.shards = g_new0 (MsvisShard, n_inputs);
  self.n_shards = n_inputs;
  for (guint i = 0; i < n_inputs; i++)
    self.shards[i].path = inputs[i];

  ok = open_output (&self, error);
  for (guint i = 0; i < n_inputs && ok; i++)
    ok = msvis_shard_read (self.db, &self.shards[i], error);
  ok = ok && check_same_run (&self, error) && place_graphs (&self, error) &&
       copy_rows (&self, error) && write_config (&self, error) && finish (&self, force, error);

  if (self.db != NULL)
    sqlite3_close (self.db);
  remove_tmp (&self);
  for (guint i = 0; i < n_inputs; i++)
    msvis_shard_clear (&self.shards[i]);
  g_free (self.shards);
  g_clear_pointer (&self.placed, g_array_unref);
  g_free (self.tmp_path);
  return ok;
}
