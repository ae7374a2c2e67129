// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include "msvis-json-writer.h"
#include "msvis-vis-db-write-common.h"
#include "msvis-vis-db26-private.h"
#include "msvis-vis-db26-writer.h"
#include "msvis-vis-item26.h"
#include "msvis-vis-legend26.h"

/* db_utils.py of 26.0.0: per graph its tb_nodes rows in node_order, then its tb_stack rows in
 * first-seen order; the NPU graph before the Bench one; tb_config from the first graph added;
 * indexes at the end, then the distributed post-pass. msprobe commits per 1000 rows; here the
 * whole file is one transaction, every statement prepared once and every buffer reused. */

const char *const msvis_vis_db26_schema[] = {
  MSVIS_VIS_DB_NODES_HEAD ",\n"
  "    is_distributed INTEGER\n"
  ");",
  MSVIS_VIS_DB_STACK_CONFIG,
  MSVIS_VIS_DB_INDEXES,
  "CREATE INDEX IF NOT EXISTS index7 ON tb_nodes (is_distributed);",
  NULL
};
#define N_TABLES 3

struct _MsvisVisDb26Writer
{
  MsvisVisDbFile file;        /* task NULL: a build */

  /* row buffers, reused for every row */
  GString      *row_id, *children, *link, *inputs, *outputs, *merge, *stack;
  GArray       *path_nodes;
};

/* SQLite creates msprobe's file with 0666 less the umask; the temporary file gets that mode
 * at once, so the renamed file has it too. */
static mode_t
file_mode (void)
{
  mode_t mask = umask (022);

  umask (mask);
  return 0666 & ~mask;
}

/* The file is a temporary one until commit renames it, and a failure deletes it: no journal is
 * needed while it fills, and one big cache keeps the id index's pages in memory (with SQLite's
 * 2 MB they went out to the journal and came back for every few rows). msprobe's WAL mode is
 * set when the rows are in, which marks the header the same way. With 64 KiB pages a row's
 * item texts rarely spill into overflow pages: each CREATE INDEX at the end reads the whole
 * table to reach data_source, step and rank behind them, and with 4 KiB pages those chains made
 * the index step 2 of the 5 CPU-seconds of a 2 x 100 MB compare (the page size is no part of
 * what a reader sees; the file is also a fifth smaller). */
static const char *const pragmas[] = { "PRAGMA page_size=65536", "PRAGMA journal_mode=OFF",
                                       "PRAGMA synchronous=OFF", "PRAGMA cache_size=-131072",
                                       NULL };

static MsvisVisDbFileSpec
file_spec (void)
{
  MsvisVisDbFileSpec spec = {
    file_mode (), pragmas, msvis_vis_db26_schema, N_TABLES,
    "INSERT INTO tb_nodes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
    "?)",
    "INSERT INTO tb_stack VALUES (?, ?)",
  };

  return spec;
}

/**
 * msvis_vis_db26_writer_new:
 * @path: the final name, such as `…/build_20260101000000.vis.db`
 *
 * Returns: (transfer full): the writer, or %NULL if @path exists or cannot be written
 */
MsvisVisDb26Writer *
msvis_vis_db26_writer_new (const char             *path,
                           const MsvisVisOptions  *options,
                           GError                **error)
{
  g_autoptr(MsvisVisDb26Writer) self = NULL;
  MsvisVisDbFileSpec spec = file_spec ();

  g_return_val_if_fail (path != NULL && options != NULL, NULL);

  self = g_new0 (MsvisVisDb26Writer, 1);
  self->row_id = g_string_sized_new (256);
  self->children = g_string_sized_new (1024);
  self->link = g_string_sized_new (256);
  self->inputs = g_string_sized_new (16384);
  self->outputs = g_string_sized_new (16384);
  self->merge = g_string_sized_new (256);
  self->stack = g_string_sized_new (4096);
  self->path_nodes = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  if (!_msvis_vis_db_file_open (&self->file, path, options, &spec, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
msvis_vis_db26_writer_get_path (MsvisVisDb26Writer *self)
{
  return self->file.path;
}

/* One graph's rows, as node_to_db writes them. */
typedef struct
{
  MsvisGraph        *graph;
  MsvisGraph        *other;
  const char        *data_source;
  const char        *graph_id;
  gint               step;
  gint               rank;
  gboolean           npu;
  guint32           *stack_ids;     /* per graph stack: its k, G_MAXUINT32 before it is seen */
  gint              *micro_steps;
  MsvisItem26Format *items;
} GraphRows;

#define BIND_TEXT(stmt, i, text) sqlite3_bind_text (stmt, i, text, -1, SQLITE_STATIC)
#define BIND_GSTRING(stmt, i, s) sqlite3_bind_text (stmt, i, (s)->str, (s)->len, SQLITE_STATIC)

static void
bind_merge_info (MsvisVisDb26Writer *self,
                 MsvisGraph         *graph,
                 MsvisNodeId         node)
{
  MsvisJsonValue *merge = msvis_graph_node_get_merge_info (graph, node);

  g_string_truncate (self->merge, 0);
  if (merge != NULL && merge->n > 0)
    {
      MsvisJsonWriter *writer = msvis_json_writer_new_compact ();
      g_autoptr(GString) text = NULL;

      msvis_json_writer_value (writer, merge);
      text = msvis_json_writer_end_fragment (writer);
      g_string_append_len (self->merge, text->str, text->len);
    }
  BIND_GSTRING (self->file.insert_node, 13, self->merge);
}

static gboolean
insert_node (MsvisVisDb26Writer *self,
             GraphRows          *rows,
             MsvisNodeId         node,
             guint               order)
{
  MsvisGraph *graph = rows->graph;
  sqlite3_stmt *stmt = self->file.insert_node;
  const char *id = msvis_graph_node_get_id (graph, node);
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  MsvisPrecision precision = { MSVIS_PRECISION_NONE, 0 };
  guint32 stack = msvis_graph_node_get_stack (graph, node);
  char stack_id[64];
  int status;

  if (results != NULL && rows->npu)
    precision = msvis_compare_results_get_precision (results, node);
  g_string_printf (self->row_id, "%s_%s", rows->graph_id, id);
  _msvis_db26_children_json (self->children, graph, node);
  _msvis_db26_link_json (self->link, self->path_nodes, graph, rows->other, node);
  g_string_truncate (self->inputs, 0);
  g_string_truncate (self->outputs, 0);
  msvis_item26_format_node (rows->items, node, self->inputs, self->outputs);
  g_snprintf (stack_id, sizeof stack_id, "%s_%u", rows->graph_id, rows->stack_ids[stack]);

  BIND_GSTRING (stmt, 1, self->row_id);
  BIND_TEXT (stmt, 2, rows->graph_id);
  sqlite3_bind_int64 (stmt, 3, order);
  BIND_GSTRING (stmt, 7, self->children);
  BIND_GSTRING (stmt, 11, self->link);
  BIND_TEXT (stmt, 12, stack_id);
  bind_merge_info (self, graph, node);
  BIND_TEXT (stmt, 14, "{}");
  BIND_GSTRING (stmt, 16, self->inputs);
  BIND_GSTRING (stmt, 17, self->outputs);
  _msvis_vis_db_bind_node_common (stmt, graph, node, precision, rows->micro_steps[node],
                                  rows->data_source, rows->step, rows->rank);
  sqlite3_bind_int (stmt, 22, g_str_has_prefix (id, "Distributed") ? 1 : 0);

  status = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  return status == SQLITE_DONE;
}

/* Stacks are numbered by distinct text in node_order. The graph interns equal stacks once,
 * but two interned stacks may still print alike, so texts are compared as well. */
static void
number_stacks (MsvisVisDb26Writer  *self,
               GraphRows           *rows,
               const MsvisNodeId   *by_order,
               guint                n_written)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint k = 0;

  for (guint i = 0; i < n_written; i++)
    {
      guint32 stack = msvis_graph_node_get_stack (rows->graph, by_order[i]);
      gpointer found;

      if (rows->stack_ids[stack] != G_MAXUINT32)
        continue;
      _msvis_db26_stack_json (self->stack, rows->graph, stack);
      if (g_hash_table_lookup_extended (seen, self->stack->str, NULL, &found))
        {
          rows->stack_ids[stack] = GPOINTER_TO_UINT (found);
          continue;
        }
      rows->stack_ids[stack] = k;
      g_hash_table_insert (seen, g_strdup (self->stack->str), GUINT_TO_POINTER (k));
      k++;
    }
}

static gboolean
insert_stacks (MsvisVisDb26Writer  *self,
               GraphRows           *rows,
               const MsvisNodeId   *by_order,
               guint                n_written,
               GError             **error)
{
  guint next = 0;

  for (guint i = 0; i < n_written; i++)
    {
      guint32 stack = msvis_graph_node_get_stack (rows->graph, by_order[i]);
      char stack_id[64];
      int status;

      if (rows->stack_ids[stack] != next)
        continue;
      next++;
      _msvis_db26_stack_json (self->stack, rows->graph, stack);
      g_snprintf (stack_id, sizeof stack_id, "%s_%u", rows->graph_id, rows->stack_ids[stack]);
      BIND_TEXT (self->file.insert_stack, 1, stack_id);
      BIND_GSTRING (self->file.insert_stack, 2, self->stack);
      status = sqlite3_step (self->file.insert_stack);
      sqlite3_reset (self->file.insert_stack);
      if (status != SQLITE_DONE)
        return _msvis_vis_db_file_error (&self->file, error);
    }
  return TRUE;
}

static gboolean
add_graph (MsvisVisDb26Writer  *self,
           MsvisGraph          *graph,
           MsvisGraph          *other,
           gboolean             npu,
           gboolean             keep_md5,
           gint                 step,
           gint                 rank,
           GCancellable        *cancellable,
           GError             **error)
{
  const char *data_source = npu ? "NPU" : "Bench";
  g_autofree char *graph_id = g_strdup_printf ("%s_%d_%d", data_source, step, rank);
  guint n_written = 0;
  g_autofree MsvisNodeId *by_order = _msvis_db26_post_order (graph, &n_written);
  g_autofree gint *micro_steps = _msvis_db26_micro_steps (graph, by_order, n_written);
  g_autofree guint32 *stack_ids = NULL;
  g_autoptr(MsvisItem26Format) items = msvis_item26_format_new (graph, keep_md5);
  guint n_stacks = 0;
  GraphRows rows = { graph, other, data_source, graph_id, step, rank, npu, NULL, micro_steps,
                     items };

  for (guint i = 0; i < n_written; i++)
    n_stacks = MAX (n_stacks, msvis_graph_node_get_stack (graph, by_order[i]) + 1);
  rows.stack_ids = stack_ids = g_new (guint32, MAX (n_stacks, 1));
  memset (stack_ids, 0xff, sizeof (guint32) * MAX (n_stacks, 1));
  number_stacks (self, &rows, by_order, n_written);

  for (guint i = 0; i < n_written; i++)
    {
      if ((i & 1023) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!insert_node (self, &rows, by_order[i], i))
        return _msvis_vis_db_file_error (&self->file, error);
    }
  return insert_stacks (self, &rows, by_order, n_written, error);
}

/**
 * msvis_vis_db26_writer_add:
 * @npu: the graph of a build, or the NPU graph of a compare
 * @compare: (nullable): the benchmark graph and compare-wide members; %NULL for a build
 * @step: the step number (0 without step folders)
 * @rank: the rank number (0 without rank folders)
 *
 * Writes one result: its NPU rows and stacks, then its Bench rows and stacks. The first
 * result added gives tb_config its values, as in msprobe.
 */
gboolean
msvis_vis_db26_writer_add (MsvisVisDb26Writer     *self,
                           MsvisGraph             *npu,
                           const MsvisVisCompare  *compare,
                           gint                    step,
                           gint                    rank,
                           GCancellable           *cancellable,
                           GError                **error)
{
  gboolean keep_md5 = compare != NULL && !compare->drop_md5;

  g_return_val_if_fail (self->file.db != NULL && !self->file.committed, FALSE);

  _msvis_vis_db_file_note (&self->file, npu, compare, step, rank);

  if (!add_graph (self, npu, compare ? compare->bench : NULL, TRUE, keep_md5, step, rank,
                  cancellable, error))
    return FALSE;
  return compare == NULL ||
         add_graph (self, compare->bench, npu, FALSE, keep_md5, step, rank, cancellable, error);
}

/**
 * msvis_vis_db26_writer_commit:
 * @distributed: run the distributed post-pass (RANKS and STEPS layouts without a merge)
 *
 * Writes tb_config and the indexes, runs the post-pass, commits, and gives the file its
 * final name. On failure nothing is left behind once the writer is freed.
 */
gboolean
msvis_vis_db26_writer_commit (MsvisVisDb26Writer  *self,
                              gboolean             distributed,
                              GError             **error)
{
  MsvisVisDbFile *file = &self->file;
  MsvisVisDbFileSpec spec = file_spec ();
  g_autofree char *colors = NULL;

  g_return_val_if_fail (file->db != NULL && !file->committed, FALSE);

  colors = msvis_vis_legend26_colors (file->task);
  if (!_msvis_vis_db_file_write_config (file, file->task != NULL ? "compare" : "build",
                                        file->task != NULL ? file->task : "", colors, error) ||
      !_msvis_vis_db_file_indexes (file, &spec, error))
    return FALSE;
  if (distributed &&
      !msvis_vis_db26_link_distributed (file->db, file->overflow_check, error))
    return FALSE;
  return _msvis_vis_db_file_exec (file, "COMMIT", error) &&
         _msvis_vis_db_file_exec (file, "PRAGMA journal_mode=WAL", error) &&
         _msvis_vis_db_file_exec (file, "PRAGMA synchronous=NORMAL", error) &&
         _msvis_vis_db_file_place (file, error);
}

void
msvis_vis_db26_writer_free (MsvisVisDb26Writer *self)
{
  if (self == NULL)
    return;

  _msvis_vis_db_file_clear (&self->file);
  g_string_free (self->row_id, TRUE);
  g_string_free (self->children, TRUE);
  g_string_free (self->link, TRUE);
  g_string_free (self->inputs, TRUE);
  g_string_free (self->outputs, TRUE);
  g_string_free (self->merge, TRUE);
  g_string_free (self->stack, TRUE);
  g_array_unref (self->path_nodes);
  g_free (self);
}
