// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-cleanup.h"
#include "msvis-safe-file.h"
#include "msvis-vis-db-writer.h"
#include "msvis-writer-error.h"

G_DEFINE_QUARK (msvis-vis-db-error-quark, msvis_vis_db_error)

/* What msprobe 8.2.1 writes (msprobe/visualization/db_utils.py, GraphBuilder.to_db,
 * graph_service.py): tb_nodes and tb_stack per graph, one tb_config row (INSERT OR IGNORE:
 * the first graph's wins), then the indexes. Rows of a graph go in node order, which is
 * msprobe's node_map order; node_order holds msprobe's post-order index, so everything a
 * viewer queries is the same, and a reader that follows rowid gets the .vis node order back.
 * msprobe commits each batch of 1000 rows; here the whole file is one transaction. */

#define NODE_COLUMNS \
  "id, graph_id, node_order, node_name, node_type, up_node, sub_nodes, precision_index, " \
  "overflow_level, micro_step_id, matched_node_link, stack_id, parallel_merge_info, " \
  "matched_distributed, modified, input_data, output_data, data_source, dump_data_dir, " \
  "step, rank"
#define CONFIG_COLUMNS \
  "id, graph_type, task, tool_tip, micro_steps, overflow_check, node_colors, rank_list, " \
  "step_list"

const char *const msvis_vis_db_schema[] = {
  "CREATE TABLE IF NOT EXISTS tb_nodes (\n"
  "    id TEXT PRIMARY KEY,\n"
  "    graph_id TEXT NOT NULL,\n"
  "    node_order INTEGER NOT NULL,\n"
  "    node_name TEXT NOT NULL,\n"
  "    node_type TEXT NOT NULL,\n"
  "    up_node TEXT,\n"
  "    sub_nodes TEXT,\n"
  "    precision_index INTEGER,\n"
  "    overflow_level TEXT,\n"
  "    micro_step_id INTEGER NOT NULL,\n"
  "    matched_node_link TEXT,\n"
  "    stack_id TEXT,\n"
  "    parallel_merge_info TEXT,\n"
  "    matched_distributed TEXT,\n"
  "    modified INTEGER NOT NULL,\n"
  "    input_data TEXT,\n"
  "    output_data TEXT,\n"
  "    data_source TEXT,\n"
  "    dump_data_dir TEXT,\n"
  "    step INTEGER NOT NULL,\n"
  "    rank INTEGER NOT NULL\n"
  ");",
  "CREATE TABLE IF NOT EXISTS tb_stack (\n"
  "    id TEXT PRIMARY KEY,\n"
  "    stack_info TEXT\n"
  ");",
  "CREATE TABLE IF NOT EXISTS tb_config (\n"
  "    id TEXT PRIMARY KEY,\n"
  "    graph_type TEXT NOT NULL,\n"
  "    task TEXT,\n"
  "    tool_tip TEXT,\n"
  "    micro_steps INTEGER,\n"
  "    overflow_check INTEGER,\n"
  "    node_colors TEXT NOT NULL,\n"
  "    rank_list TEXT NOT NULL,\n"
  "    step_list TEXT NOT NULL\n"
  ");",
  "CREATE INDEX IF NOT EXISTS index1 ON tb_nodes (step, rank, data_source, up_node, node_order);",
  "CREATE INDEX IF NOT EXISTS index2 ON tb_nodes (step, rank, data_source, node_name);",
  "CREATE INDEX IF NOT EXISTS index3 ON tb_nodes (step, rank, data_source, node_order);",
  "CREATE INDEX IF NOT EXISTS index4 ON tb_nodes (step, rank, node_order);",
  "CREATE INDEX IF NOT EXISTS index5 ON tb_nodes (step, rank, micro_step_id, node_order);",
  "CREATE INDEX IF NOT EXISTS index6 ON tb_nodes (step, rank, modified, matched_node_link);",
  NULL
};
#define N_TABLES 3

struct _MsvisVisDbWriter
{
  char         *path;
  char         *tmp_path;
  guint         cleanup[4];   /* the temporary files, listed for a signal's handler */
  sqlite3      *db;
  sqlite3_stmt *insert_node;
  sqlite3_stmt *insert_stack;
  gboolean      overflow_check;
  gboolean      committed;
  MsvisSafeFileFlags flags;

  /* tb_config, from the first graph added */
  gboolean      has_config;
  gboolean      is_compare;
  char         *task;
  char         *tool_tip;
  char         *node_colors;
  guint         micro_steps;
  gint          first_step;
  GArray       *ranks;        /* gint: the first step's ranks, in the order added */
  GArray       *steps;        /* gint, sorted, unique */
};

static gboolean
set_sqlite_error (MsvisVisDbWriter  *self,
                  GError           **error)
{
  g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_WRITE,
               /* translators: a file path, then SQLite's message */
               _("%s: cannot write the database: %s"), self->path, sqlite3_errmsg (self->db));
  return FALSE;
}

static gboolean
exec (MsvisVisDbWriter  *self,
      const char        *sql,
      GError           **error)
{
  if (sqlite3_exec (self->db, sql, NULL, NULL, NULL) != SQLITE_OK)
    return set_sqlite_error (self, error);
  return TRUE;
}

static const char *tmp_suffixes[] = { "", "-wal", "-shm", "-journal" };

/* The temporary file and SQLite's beside it, removed by a signal's handler if need be. */
static void
list_tmp_files (MsvisVisDbWriter *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (tmp_suffixes); i++)
    {
      g_autofree char *name = g_strconcat (self->tmp_path, tmp_suffixes[i], NULL);

      self->cleanup[i] = msvis_cleanup_add_file (name);
    }
}

static void
remove_tmp_files (MsvisVisDbWriter *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (tmp_suffixes); i++)
    {
      g_autofree char *name = g_strconcat (self->tmp_path, tmp_suffixes[i], NULL);

      g_unlink (name);
      msvis_cleanup_remove (self->cleanup[i]);
      self->cleanup[i] = MSVIS_CLEANUP_NONE;
    }
}

/**
 * msvis_vis_db_writer_new:
 * @path: the final name, such as `…/compare_20250101000000.vis.db`
 *
 * Returns: (transfer full): the writer, or %NULL if @path exists or cannot be written
 */
MsvisVisDbWriter *
msvis_vis_db_writer_new (const char             *path,
                         const MsvisVisOptions  *options,
                         GError                **error)
{
  g_autoptr(MsvisVisDbWriter) self = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *base = g_path_get_basename (path);
  MsvisSafeFileFlags flags = options->replace ? MSVIS_SAFE_FILE_REPLACE
                                              : MSVIS_SAFE_FILE_DEFAULT;
  int fd;

  g_return_val_if_fail (path != NULL && options != NULL, NULL);

  if (!msvis_safe_file_check_target (path, flags, error))
    return NULL;

  self = g_new0 (MsvisVisDbWriter, 1);
  self->path = g_strdup (path);
  self->flags = flags;
  self->overflow_check = options->overflow_check;
  self->ranks = g_array_new (FALSE, FALSE, sizeof (gint));
  self->steps = g_array_new (FALSE, FALSE, sizeof (gint));

  self->tmp_path = g_strdup_printf ("%s/.%s.XXXXXX", dir, base);
  fd = g_mkstemp_full (self->tmp_path, O_RDWR | O_CLOEXEC, 0640);
  if (fd >= 0)
    list_tmp_files (self);
  if (fd < 0 || fchmod (fd, 0640) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   "%s: %s", path, g_strerror (saved_errno));
      if (fd < 0)
        g_clear_pointer (&self->tmp_path, g_free);
      else
        close (fd);
      return NULL;
    }
  close (fd);

  if (sqlite3_open_v2 (self->tmp_path, &self->db,
                       SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, NULL) != SQLITE_OK)
    {
      set_sqlite_error (self, error);
      return NULL;
    }

  if (!exec (self, "PRAGMA journal_mode=WAL", error) ||
      !exec (self, "PRAGMA synchronous=NORMAL", error) ||
      !exec (self, "BEGIN", error))
    return NULL;
  for (guint i = 0; i < N_TABLES; i++)
    if (!exec (self, msvis_vis_db_schema[i], error))
      return NULL;

  if (sqlite3_prepare_v2 (self->db,
                          "INSERT INTO tb_nodes (" NODE_COLUMNS ") VALUES "
                          "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                          -1, &self->insert_node, NULL) != SQLITE_OK ||
      sqlite3_prepare_v2 (self->db, "INSERT INTO tb_stack (id, stack_info) VALUES (?, ?)",
                          -1, &self->insert_stack, NULL) != SQLITE_OK)
    {
      set_sqlite_error (self, error);
      return NULL;
    }

  return g_steal_pointer (&self);
}

const char *
msvis_vis_db_writer_get_path (MsvisVisDbWriter *self)
{
  return self->path;
}

static char *
compact_json (const MsvisJsonValue *value)
{
  MsvisJsonWriter *writer = msvis_json_writer_new_compact ();

  if (value == NULL)
    msvis_json_writer_null (writer);
  else
    msvis_json_writer_value (writer, value);
  return g_string_free (msvis_json_writer_end_fragment (writer), FALSE);
}

/* Graph.get_sorted_nodes: depth first from the root, children before their parent; nodes the
 * root does not reach get G_MAXUINT32 and are not written. */
static guint32 *
post_order (MsvisGraph *graph)
{
  /* Each frame keeps the next child to visit: a root of 100,000 children costs 100,000 steps,
   * not a rescan of its children for each. */
  typedef struct { MsvisNodeId node, next; } Frame;
  guint n = msvis_graph_get_n_nodes (graph);
  guint32 *order = g_new (guint32, n);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  g_autofree guint8 *entered = g_new0 (guint8, n);
  MsvisNodeId root = msvis_graph_get_root (graph);
  Frame first = { root, msvis_graph_node_get_first_child (graph, root) };
  guint32 next = 0;

  for (guint i = 0; i < n; i++)
    order[i] = G_MAXUINT32;

  g_array_append_val (stack, first);
  entered[root] = 1;
  while (stack->len > 0)
    {
      Frame *top = &g_array_index (stack, Frame, stack->len - 1);
      MsvisNodeId child = top->next;

      if (child != MSVIS_NODE_ID_NONE)
        {
          top->next = msvis_graph_node_get_next_sibling (graph, child);
          if (!entered[child])
            {
              Frame frame = { child, msvis_graph_node_get_first_child (graph, child) };

              entered[child] = 1;
              g_array_append_val (stack, frame);   /* may move top */
            }
          continue;
        }
      order[top->node] = next++;
      g_array_set_size (stack, stack->len - 1);
    }

  return order;
}

/* Graph.paging_by_micro_step as 8.2.1 does it: the root's children have their micro step, and
 * every other node takes its parent's; 0 where there is none. Parents first (@by_order backwards
 * is children after their parent), so that a chain of 100,000 modules is not walked up from
 * each of them. */
static gint *
effective_micro_steps (MsvisGraph        *graph,
                       const MsvisNodeId *by_order,
                       guint              n_written)
{
  gint *micro_steps = g_new0 (gint, msvis_graph_get_n_nodes (graph));

  for (guint i = n_written; i > 0; i--)
    {
      MsvisNodeId node = by_order[i - 1];
      MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
      gint own = msvis_graph_node_get_micro_step (graph, node);

      micro_steps[node] = own >= 0 ? own : parent != MSVIS_NODE_ID_NONE ? micro_steps[parent] : 0;
    }
  return micro_steps;
}

static void
append_link (GString     *out,
             MsvisGraph  *graph,
             MsvisGraph  *other,
             MsvisNodeId  node)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  MsvisNodeId target = results && other ? msvis_compare_results_get_link (results, node)
                                        : MSVIS_NODE_ID_NONE;
  MsvisJsonWriter *writer = msvis_json_writer_new_compact ();
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autoptr(GString) text = NULL;

  for (MsvisNodeId n = target; n != MSVIS_NODE_ID_NONE; n = msvis_graph_node_get_parent (other, n))
    g_array_append_val (path, n);
  msvis_json_writer_begin_array (writer);
  for (guint i = path->len; i > 0; i--)
    msvis_json_writer_string (writer,
                              msvis_graph_node_get_id (other, g_array_index (path, MsvisNodeId,
                                                                             i - 1)));
  msvis_json_writer_end_array (writer);
  text = msvis_json_writer_end_fragment (writer);
  g_string_append_len (out, text->str, text->len);
}

static char *
children_json (MsvisGraph  *graph,
               MsvisNodeId  node)
{
  MsvisJsonWriter *writer;

  if (msvis_graph_node_get_first_child (graph, node) == MSVIS_NODE_ID_NONE)
    return g_strdup ("");
  writer = msvis_json_writer_new_compact ();
  msvis_json_writer_begin_array (writer);
  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (graph, c))
    msvis_json_writer_string (writer, msvis_graph_node_get_id (graph, c));
  msvis_json_writer_end_array (writer);
  return g_string_free (msvis_json_writer_end_fragment (writer), FALSE);
}

static char *
stack_json (MsvisGraph  *graph,
            MsvisNodeId  node)
{
  MsvisJsonWriter *writer = msvis_json_writer_new_compact ();
  guint n_lines;
  const char *const *lines = msvis_graph_get_stack (graph, msvis_graph_node_get_stack (graph, node),
                                                    &n_lines);

  msvis_json_writer_begin_array (writer);
  for (guint i = 0; i < n_lines; i++)
    msvis_json_writer_string (writer, lines[i]);
  msvis_json_writer_end_array (writer);
  return g_string_free (msvis_json_writer_end_fragment (writer), FALSE);
}

/* One graph's rows, as node_to_db writes them. */
typedef struct
{
  MsvisVisDbWriter *self;
  MsvisGraph       *graph;
  MsvisGraph       *other;
  const char       *data_source;
  char             *graph_id;
  gint              step;
  gint              rank;
  gboolean          drop_md5;
  guint32          *order;
  GHashTable       *stacks;      /* stack JSON -> stack_id, both owned */
  gint             *micro_steps; /* effective_micro_steps() */
} GraphRows;

#define BIND_TEXT(stmt, i, text) sqlite3_bind_text (stmt, i, text, -1, SQLITE_TRANSIENT)

static gboolean
insert_node (GraphRows    *rows,
             MsvisNodeId   node)
{
  MsvisVisDbWriter *self = rows->self;
  MsvisGraph *graph = rows->graph;
  sqlite3_stmt *stmt = self->insert_node;
  const char *id = msvis_graph_node_get_id (graph, node);
  MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  MsvisPrecision precision = { MSVIS_PRECISION_NONE, 0 };
  MsvisOverflowLevel level = msvis_graph_node_get_overflow (graph, node);
  const char *overflow = msvis_overflow_level_to_string (level);
  MsvisJsonValue *merge = msvis_graph_node_get_merge_info (graph, node);
  g_autofree char *row_id = g_strdup_printf ("%s_%s", rows->graph_id, id);
  g_autofree char *children = children_json (graph, node);
  g_autofree char *stack = stack_json (graph, node);
  g_autofree char *merge_json = merge != NULL && merge->n > 0 ? compact_json (merge)
                                                               : g_strdup ("");
  g_autofree char *distributed = NULL;
  g_autoptr(GString) link = g_string_new (NULL);
  g_autoptr(GString) inputs = g_string_new (NULL);
  g_autoptr(GString) outputs = g_string_new (NULL);
  gboolean dir_is_null;
  const char *dir = msvis_graph_get_dump_data_dir (graph, &dir_is_null);
  char node_type[16];
  gboolean ok;

  if (msvis_graph_node_get_distributed (graph, node) != NULL)
    distributed = compact_json (msvis_graph_node_get_distributed (graph, node));
  else
    distributed = g_strdup ("{}");
  if (results != NULL)
    precision = msvis_compare_results_get_precision (results, node);
  append_link (link, graph, rows->other, node);
  msvis_vis_format_node_items (graph, node, rows->drop_md5, inputs, outputs);
  g_snprintf (node_type, sizeof node_type, "%d", (int)msvis_graph_node_get_node_type (graph, node));

  sqlite3_reset (stmt);
  BIND_TEXT (stmt, 1, row_id);
  BIND_TEXT (stmt, 2, rows->graph_id);
  sqlite3_bind_int64 (stmt, 3, rows->order[node]);
  BIND_TEXT (stmt, 4, id);
  BIND_TEXT (stmt, 5, node_type);
  BIND_TEXT (stmt, 6, parent != MSVIS_NODE_ID_NONE ? msvis_graph_node_get_id (graph, parent) : "");
  BIND_TEXT (stmt, 7, children);
  if (precision.kind == MSVIS_PRECISION_INT)
    sqlite3_bind_int64 (stmt, 8, (gint64)precision.value);
  else if (precision.kind == MSVIS_PRECISION_FLOAT)
    sqlite3_bind_double (stmt, 8, precision.value);
  else
    sqlite3_bind_null (stmt, 8);
  if (overflow != NULL)
    BIND_TEXT (stmt, 9, overflow);
  else
    sqlite3_bind_null (stmt, 9);
  sqlite3_bind_int (stmt, 10, rows->micro_steps[node]);
  BIND_TEXT (stmt, 11, link->str);

  BIND_TEXT (stmt, 12, (const char *)g_hash_table_lookup (rows->stacks, stack));
  BIND_TEXT (stmt, 13, merge_json);
  BIND_TEXT (stmt, 14, distributed);
  sqlite3_bind_int (stmt, 15, 0);
  sqlite3_bind_text (stmt, 16, inputs->str, inputs->len, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 17, outputs->str, outputs->len, SQLITE_TRANSIENT);
  BIND_TEXT (stmt, 18, rows->data_source);
  if (dir_is_null)
    sqlite3_bind_null (stmt, 19);
  else
    BIND_TEXT (stmt, 19, dir);
  sqlite3_bind_int (stmt, 20, rows->step);
  sqlite3_bind_int (stmt, 21, rows->rank);

  ok = sqlite3_step (stmt) == SQLITE_DONE;
  sqlite3_reset (stmt);
  return ok;
}

static gboolean
add_graph (MsvisVisDbWriter  *self,
           MsvisGraph        *graph,
           MsvisGraph        *other,
           const char        *data_source,
           gboolean           drop_md5,
           gint               step,
           gint               rank,
           GCancellable      *cancellable,
           GError           **error)
{
  g_autoptr(GHashTable) stacks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GPtrArray) stack_list = g_ptr_array_new ();
  g_autofree char *graph_id = g_strdup_printf ("%s_%d_%d", data_source, step, rank);
  g_autofree guint32 *order = post_order (graph);
  g_autofree MsvisNodeId *by_order = NULL;
  g_autofree gint *micro_steps = NULL;
  GraphRows rows = { self, graph, other, data_source, graph_id, step, rank, drop_md5, order,
                     stacks, NULL };
  guint n = msvis_graph_get_n_nodes (graph);
  guint n_written = 0;

  /* Stack ids are numbered in node_order, as msprobe numbers them while it walks
   * get_sorted_nodes(), so they are made in that order before rows go in node order. */
  by_order = g_new (MsvisNodeId, n);
  for (MsvisNodeId node = 0; node < n; node++)
    if (order[node] != G_MAXUINT32)
      by_order[order[node]] = node, n_written++;
  rows.micro_steps = micro_steps = effective_micro_steps (graph, by_order, n_written);
  for (guint i = 0; i < n_written; i++)
    {
      g_autofree char *stack = stack_json (graph, by_order[i]);

      if (!g_hash_table_contains (stacks, stack))
        {
          char *stack_id = g_strdup_printf ("%s_%u", graph_id, g_hash_table_size (stacks));

          g_ptr_array_add (stack_list, stack);
          g_hash_table_insert (stacks, g_steal_pointer (&stack), stack_id);
        }
    }

  for (MsvisNodeId node = 0; node < n; node++)
    {
      if ((node & 1023) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (order[node] != G_MAXUINT32 && !insert_node (&rows, node))
        return set_sqlite_error (self, error);
    }

  for (guint i = 0; i < stack_list->len; i++)
    {
      const char *stack = g_ptr_array_index (stack_list, i);
      sqlite3_stmt *stmt = self->insert_stack;
      gboolean ok;

      sqlite3_reset (stmt);
      BIND_TEXT (stmt, 1, (const char *)g_hash_table_lookup (stacks, stack));
      BIND_TEXT (stmt, 2, stack);
      ok = sqlite3_step (stmt) == SQLITE_DONE;
      sqlite3_reset (stmt);
      if (!ok)
        return set_sqlite_error (self, error);
    }

  return TRUE;
}

static void
note_step_rank (MsvisVisDbWriter *self,
                gint              step,
                gint              rank)
{
  guint i;

  if (self->ranks->len == 0)
    self->first_step = step;
  if (step == self->first_step)
    g_array_append_val (self->ranks, rank);
  for (i = 0; i < self->steps->len && g_array_index (self->steps, gint, i) < step; i++)
    ;
  if (i == self->steps->len || g_array_index (self->steps, gint, i) != step)
    g_array_insert_val (self->steps, i, step);
}

/**
 * msvis_vis_db_writer_add:
 * @npu: the graph of a build, or the NPU graph of a compare
 * @compare: (nullable): the benchmark graph and compare-wide members; %NULL for a build
 * @step: the step number (0 without step folders)
 * @rank: the rank number (0 without rank folders)
 *
 * Writes one result: its NPU rows, then its Bench rows, each with their stacks. The first
 * result added also gives tb_config its values, as in msprobe.
 */
gboolean
msvis_vis_db_writer_add (MsvisVisDbWriter       *self,
                         MsvisGraph             *npu,
                         const MsvisVisCompare  *compare,
                         gint                    step,
                         gint                    rank,
                         GCancellable           *cancellable,
                         GError                **error)
{
  gboolean drop_md5 = compare != NULL && compare->drop_md5;

  g_return_val_if_fail (self->db != NULL && !self->committed, FALSE);

  if (!self->has_config)
    {
      self->has_config = TRUE;
      self->is_compare = compare != NULL;
      self->micro_steps = msvis_graph_get_micro_steps (npu);
      if (compare != NULL)
        {
          self->task = g_strdup (compare->task);
          self->tool_tip = g_strdup (compare->tooltip);
          self->node_colors = compact_json (compare->colors);
        }
      else
        self->node_colors = g_strdup ("null");
    }
  note_step_rank (self, step, rank);

  if (!add_graph (self, npu, compare ? compare->bench : NULL, "NPU", drop_md5, step, rank,
                  cancellable, error))
    return FALSE;
  return compare == NULL ||
         add_graph (self, compare->bench, npu, "Bench", drop_md5, step, rank, cancellable, error);
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

static gboolean
write_config (MsvisVisDbWriter  *self,
              GError           **error)
{
  g_autofree char *ranks = NULL;
  g_autofree char *steps = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean ok;

  if (!self->has_config)
    return TRUE;   /* nothing was added: msprobe writes no config either */

  ranks = int_list_json (self->ranks);
  steps = int_list_json (self->steps);
  if (sqlite3_prepare_v2 (self->db,
                          "INSERT OR IGNORE INTO tb_config (" CONFIG_COLUMNS ") VALUES "
                          "(?, ?, ?, ?, ?, ?, ?, ?, ?)", -1, &stmt, NULL) != SQLITE_OK)
    return set_sqlite_error (self, error);
  BIND_TEXT (stmt, 1, "1");
  BIND_TEXT (stmt, 2, self->is_compare ? "compare" : "build");
  if (self->task != NULL)
    BIND_TEXT (stmt, 3, self->task);
  if (self->tool_tip != NULL)
    BIND_TEXT (stmt, 4, self->tool_tip);
  sqlite3_bind_int (stmt, 5, self->micro_steps);
  sqlite3_bind_int (stmt, 6, self->overflow_check ? 1 : 0);
  BIND_TEXT (stmt, 7, self->node_colors);
  BIND_TEXT (stmt, 8, ranks);
  BIND_TEXT (stmt, 9, steps);
  ok = sqlite3_step (stmt) == SQLITE_DONE;
  if (!ok)
    set_sqlite_error (self, error);
  sqlite3_finalize (stmt);
  return ok;
}

static int
close_db (MsvisVisDbWriter *self)
{
  int status;

  sqlite3_finalize (self->insert_node);
  sqlite3_finalize (self->insert_stack);
  self->insert_node = self->insert_stack = NULL;
  status = sqlite3_close (self->db);
  self->db = NULL;
  return status;
}

/**
 * msvis_vis_db_writer_commit:
 *
 * Writes tb_config and the indexes, commits, and gives the file its final name, which must
 * not exist. On failure nothing is left behind once the writer is freed.
 */
gboolean
msvis_vis_db_writer_commit (MsvisVisDbWriter  *self,
                            GError           **error)
{
  g_return_val_if_fail (self->db != NULL && !self->committed, FALSE);

  if (!write_config (self, error))
    return FALSE;
  for (guint i = N_TABLES; msvis_vis_db_schema[i] != NULL; i++)
    if (!exec (self, msvis_vis_db_schema[i], error))
      return FALSE;
  if (!exec (self, "COMMIT", error))
    return FALSE;

  /* Closing the last connection checkpoints the WAL into the file and removes it. */
  if (close_db (self) != SQLITE_OK)
    {
      g_set_error (error, MSVIS_VIS_DB_ERROR, MSVIS_VIS_DB_ERROR_FINISH,
                   /* translators: a file path */
                   _("%s: cannot finish the database"), self->path);
      return FALSE;
    }

  if (!msvis_safe_file_place (self->tmp_path, self->path, self->flags, error))
    return FALSE;

  self->committed = TRUE;
  remove_tmp_files (self);
  return TRUE;
}

void
msvis_vis_db_writer_free (MsvisVisDbWriter *self)
{
  if (self == NULL)
    return;

  if (self->db != NULL)
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
  close_db (self);
  if (self->tmp_path != NULL)
    remove_tmp_files (self);

  g_free (self->path);
  g_free (self->tmp_path);
  g_free (self->task);
  g_free (self->tool_tip);
  g_free (self->node_colors);
  g_array_unref (self->ranks);
  g_array_unref (self->steps);
  g_free (self);
}
