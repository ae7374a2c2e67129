// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include "msvis-vis-db-write-common.h"
#include "msvis-vis-db26-index.h"
#include "msvis-vis-db26-private.h"
#include "msvis-vis-db26-writer.h"
#include "msvis-vis-item26.h"
#include "msvis-vis-legend26.h"

/* db_utils.py of 26.0.0: per graph its tb_nodes rows in node_order, then its tb_stack rows in
 * first-seen order; the NPU graph before the Bench one; tb_config from the first graph added;
 * indexes at the end, then the distributed post-pass. msprobe commits per 1000 rows; here the
 * whole file is one transaction, every statement prepared once, the row texts made on
 * threads of their own (msvis-vis-db26-rows.c), and index1 to index7 written after the rows
 * without SQLite (msvis-vis-db26-index.c). */

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

  GString      *stack;       /* numbering stacks: a stack's text */
  MsvisDb26Indexes *indexes;
  MsvisDb26IdIndex id;       /* hidden from SQLite while the rows go in */
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
 * item texts rarely spill into overflow pages (the page size is no part of what a reader sees;
 * the file is also a fifth smaller than with 4 KiB). 32 MB of cache hold the id index of a
 * 2 x 100 MB compare (16 MB); index1 to index7 are not SQLite's to keep up any more, and the
 * 64 MB they needed put the run past its memory budget. */
static const char *const pragmas[] = { "PRAGMA page_size=65536", "PRAGMA journal_mode=OFF",
                                       "PRAGMA synchronous=OFF", "PRAGMA cache_size=-32768",
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
  self->stack = g_string_sized_new (4096);
  self->indexes = _msvis_db26_indexes_new ();
  if (!_msvis_vis_db_file_open (&self->file, path, options, &spec, error) ||
      !_msvis_vis_db_file_exec (&self->file, "COMMIT", error))
    return NULL;
  if (!_msvis_db26_id_index_hide (self->file.db, &self->id))
    {
      _msvis_vis_db_file_error (&self->file, error);
      return NULL;
    }
  if (!_msvis_vis_db_file_reopen (&self->file, &spec, error) ||
      !_msvis_vis_db_file_exec (&self->file, "BEGIN", error) ||
      !_msvis_vis_db_file_prepare (&self->file, &spec, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
msvis_vis_db26_writer_get_path (MsvisVisDb26Writer *self)
{
  return self->file.path;
}

#define BIND_TEXT(stmt, i, text) sqlite3_bind_text (stmt, i, text, -1, SQLITE_STATIC)
#define BIND_ROW_TEXT(stmt, i, row, base, t) \
  sqlite3_bind_text (stmt, i, (base) + (row)->start[t], (int)(row)->len[t], SQLITE_STATIC)

static gboolean
insert_node (MsvisVisDb26Writer       *self,
             const MsvisDb26GraphRows *rows,
             const MsvisDb26Row       *row,
             const char               *text)
{
  MsvisGraph *graph = rows->graph;
  sqlite3_stmt *stmt = self->file.insert_node;
  MsvisNodeId node = row->node;
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  MsvisPrecision precision = { MSVIS_PRECISION_NONE, 0 };
  MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
  guint32 parent_order = parent != MSVIS_NODE_ID_NONE ? rows->order_of[parent] : G_MAXUINT32;
  MsvisDb26IndexRow index_row = {
    .id = text + row->start[MSVIS_DB26_ROW_ID],
    .id_len = row->len[MSVIS_DB26_ROW_ID],
    .step = rows->step,
    .rank = rows->rank,
    .node_order = row->order,
    .micro_step = rows->micro_steps[node],
    .distributed = g_str_has_prefix (msvis_graph_node_get_id (graph, node), "Distributed"),
    .data_source = rows->data_source,
    .up_node = parent != MSVIS_NODE_ID_NONE ? msvis_graph_node_get_id (graph, parent) : "",
    .node_name = msvis_graph_node_get_id (graph, node),
    .link = text + row->start[MSVIS_DB26_LINK],
    .link_len = row->len[MSVIS_DB26_LINK],
    .parent = parent_order != G_MAXUINT32 ? rows->first_index_row + parent_order : G_MAXUINT32,
  };
  int status;

  if (results != NULL && rows->npu)
    precision = msvis_compare_results_get_precision (results, node);

  BIND_ROW_TEXT (stmt, 1, row, text, MSVIS_DB26_ROW_ID);
  BIND_TEXT (stmt, 2, rows->graph_id);
  sqlite3_bind_int64 (stmt, 3, row->order);
  BIND_ROW_TEXT (stmt, 7, row, text, MSVIS_DB26_CHILDREN);
  BIND_ROW_TEXT (stmt, 11, row, text, MSVIS_DB26_LINK);
  BIND_ROW_TEXT (stmt, 12, row, text, MSVIS_DB26_STACK_ID);
  BIND_ROW_TEXT (stmt, 13, row, text, MSVIS_DB26_MERGE);
  BIND_TEXT (stmt, 14, "{}");
  BIND_ROW_TEXT (stmt, 16, row, text, MSVIS_DB26_INPUTS);
  BIND_ROW_TEXT (stmt, 17, row, text, MSVIS_DB26_OUTPUTS);
  _msvis_vis_db_bind_node_common (stmt, graph, node, precision, rows->micro_steps[node],
                                  rows->data_source, rows->step, rows->rank);
  sqlite3_bind_int (stmt, 22, index_row.distributed);

  status = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  if (status != SQLITE_DONE)
    return FALSE;
  index_row.rowid = sqlite3_last_insert_rowid (self->file.db);
  _msvis_db26_indexes_add (self->indexes, &index_row);
  return TRUE;
}

static gboolean
insert_stack (MsvisVisDb26Writer *self,
              const MsvisDb26Row *row,
              const char         *text)
{
  sqlite3_stmt *stmt = self->file.insert_stack;
  int status;

  BIND_ROW_TEXT (stmt, 1, row, text, MSVIS_DB26_ROW_ID);
  BIND_ROW_TEXT (stmt, 2, row, text, MSVIS_DB26_CHILDREN);
  status = sqlite3_step (stmt);
  sqlite3_reset (stmt);
  return status == SQLITE_DONE;
}

/* Stacks are numbered by distinct text in node_order. The graph interns equal stacks once,
 * but two interned stacks may still print alike, so texts are compared as well. */
static void
number_stacks (MsvisVisDb26Writer *self,
               MsvisDb26GraphRows *rows)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint k = 0;

  for (guint i = 0; i < rows->n_written; i++)
    {
      guint32 stack = msvis_graph_node_get_stack (rows->graph, rows->by_order[i]);
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
      rows->stack_of_id[k] = stack;
      g_hash_table_insert (seen, g_strdup (self->stack->str), GUINT_TO_POINTER (k));
      k++;
    }
  rows->n_stack_ids = k;
}

/* Everything a graph's rows need but their texts, made on this thread before the row thread
 * starts (the item formats intern their field names). */
static void
graph_rows_init (MsvisVisDb26Writer *self,
                 MsvisDb26GraphRows *rows,
                 MsvisGraph         *graph,
                 MsvisGraph         *other,
                 gboolean            npu,
                 gboolean            keep_md5,
                 gint                step,
                 gint                rank)
{
  MsvisNodeId *by_order;
  guint n_stacks = 1;
  guint n_nodes = MAX (msvis_graph_get_n_nodes (graph), 1);

  rows->graph = graph;
  rows->other = other;
  rows->npu = npu;
  rows->data_source = npu ? "NPU" : "Bench";
  rows->graph_id = g_strdup_printf ("%s_%d_%d", rows->data_source, step, rank);
  rows->step = step;
  rows->rank = rank;
  rows->by_order = by_order = _msvis_db26_post_order (graph, &rows->n_written);
  rows->micro_steps = _msvis_db26_micro_steps (graph, by_order, rows->n_written);
  rows->order_of = g_new (guint32, n_nodes);
  memset (rows->order_of, 0xff, sizeof (guint32) * n_nodes);
  for (guint i = 0; i < rows->n_written; i++)
    rows->order_of[by_order[i]] = i;
  for (guint i = 0; i < MSVIS_DB26_N_MAKERS; i++)
    rows->items[i] = msvis_item26_format_new (graph, keep_md5);
  for (guint i = 0; i < rows->n_written; i++)
    n_stacks = MAX (n_stacks, msvis_graph_node_get_stack (graph, by_order[i]) + 1);
  rows->stack_ids = g_new (guint32, n_stacks);
  rows->stack_of_id = g_new (guint32, n_stacks);
  memset (rows->stack_ids, 0xff, sizeof (guint32) * n_stacks);
  number_stacks (self, rows);
}

static void
graph_rows_clear (MsvisDb26GraphRows *rows)
{
  g_free ((char *)rows->graph_id);
  g_free ((MsvisNodeId *)rows->by_order);
  g_free (rows->micro_steps);
  g_free (rows->order_of);
  g_free (rows->stack_ids);
  g_free (rows->stack_of_id);
  for (guint i = 0; i < MSVIS_DB26_N_MAKERS; i++)
    msvis_item26_format_free (rows->items[i]);
}

/* Inserts the rows the row thread makes, in its order. */
static gboolean
insert_rows (MsvisVisDb26Writer  *self,
             MsvisDb26GraphRows  *graphs,
             guint                n_graphs,
             GCancellable        *cancellable,
             GError             **error)
{
  MsvisDb26RowQueue *queue = _msvis_db26_rows_start (graphs, n_graphs);
  const MsvisDb26Row *row;
  const char *text;
  gboolean ok = TRUE;

  for (guint n = 0; (row = _msvis_db26_rows_next (queue, &text)) != NULL; n++)
    {
      if ((n & 1023) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }
      if (row->node != MSVIS_NODE_ID_NONE ? !insert_node (self, &graphs[row->graph], row, text)
                                          : !insert_stack (self, row, text))
        {
          ok = _msvis_vis_db_file_error (&self->file, error);
          break;
        }
    }
  _msvis_db26_rows_finish (queue);
  return ok;
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
  MsvisDb26GraphRows graphs[2] = { { 0 } };
  guint n_graphs = compare != NULL ? 2 : 1;
  gboolean ok;

  g_return_val_if_fail (self->file.db != NULL && !self->file.committed, FALSE);

  _msvis_vis_db_file_note (&self->file, npu, compare, step, rank);

  graph_rows_init (self, &graphs[0], npu, compare ? compare->bench : NULL, TRUE, keep_md5, step,
                   rank);
  if (compare != NULL)
    graph_rows_init (self, &graphs[1], compare->bench, npu, FALSE, keep_md5, step, rank);
  /* a graph's node rows follow each other in the indexes, NPU first */
  graphs[0].first_index_row = _msvis_db26_indexes_count (self->indexes);
  graphs[1].first_index_row = graphs[0].first_index_row + graphs[0].n_written;
  ok = insert_rows (self, graphs, n_graphs, cancellable, error);
  for (guint i = 0; i < n_graphs; i++)
    graph_rows_clear (&graphs[i]);
  return ok;
}

/**
 * msvis_vis_db26_writer_commit:
 * @distributed: run the distributed post-pass (RANKS and STEPS layouts without a merge)
 *
 * Writes tb_config, commits, adds the indexes, runs the post-pass, and gives the file its
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
  guint32 roots[MSVIS_DB26_N_INDEXES];

  g_return_val_if_fail (file->db != NULL && !file->committed, FALSE);

  colors = msvis_vis_legend26_colors (file->task);
  if (!_msvis_vis_db_file_write_config (file, file->task != NULL ? "compare" : "build",
                                        file->task != NULL ? file->task : "", colors, error) ||
      !_msvis_vis_db_file_exec (file, "COMMIT", error) ||
      !_msvis_vis_db_file_close (file, error))
    return FALSE;
  /* The indexes follow SQLite's pages; a connection opened after sqlite_master names them
   * reads them as its own. */
  if (!_msvis_db26_indexes_write (self->indexes, file->path, file->tmp_path, self->id.root,
                                  roots, error) ||
      !_msvis_vis_db_file_reopen (file, &spec, error))
    return FALSE;
  if (!_msvis_db26_indexes_register (file->db, msvis_vis_db26_schema + N_TABLES, roots,
                                     &self->id))
    return _msvis_vis_db_file_error (file, error);
  if (!_msvis_vis_db_file_reopen (file, &spec, error) ||
      !_msvis_vis_db_file_exec (file, "BEGIN", error))
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
  g_string_free (self->stack, TRUE);
  _msvis_db26_indexes_free (self->indexes);
  g_free (self->id.nodes_sql);
  g_free (self);
}
