// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-graph-unattached.h"
#include "msvis-vis-db-write-common.h"
#include "msvis-vis-db-writer.h"
#include "msvis-vis-db26-private.h"
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

const char *const msvis_vis_db_schema[] = {
  MSVIS_VIS_DB_NODES_HEAD "\n);",
  MSVIS_VIS_DB_STACK_CONFIG,
  MSVIS_VIS_DB_INDEXES,
  NULL
};
#define N_TABLES 3

struct _MsvisVisDbWriter
{
  MsvisVisDbFile file;
  gboolean       is_compare;
  char          *node_colors;
};

static const char *const pragmas[] = { "PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL",
                                       NULL };
static const MsvisVisDbFileSpec spec = {
  0640, pragmas, msvis_vis_db_schema, N_TABLES,
  "INSERT INTO tb_nodes (" NODE_COLUMNS ") VALUES "
  "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  "INSERT INTO tb_stack (id, stack_info) VALUES (?, ?)",
};

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

  g_return_val_if_fail (path != NULL && options != NULL, NULL);

  self = g_new0 (MsvisVisDbWriter, 1);
  if (!_msvis_vis_db_file_open (&self->file, path, options, &spec, error))
    return NULL;
  return g_steal_pointer (&self);
}

const char *
msvis_vis_db_writer_get_path (MsvisVisDbWriter *self)
{
  return self->file.path;
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
  Frame first = { root, msvis_graph_node_get_file_first_child (graph, root) };
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
          top->next = msvis_graph_node_get_file_next_sibling (graph, child);
          if (!entered[child])
            {
              Frame frame = { child, msvis_graph_node_get_file_first_child (graph, child) };

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
  MsvisNodeId first = msvis_graph_node_get_file_first_child (graph, node);

  if (first == MSVIS_NODE_ID_NONE)
    return g_strdup ("");
  writer = msvis_json_writer_new_compact ();
  msvis_json_writer_begin_array (writer);
  for (MsvisNodeId c = first; c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_file_next_sibling (graph, c))
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
  sqlite3_stmt *stmt = self->file.insert_node;
  const char *id = msvis_graph_node_get_id (graph, node);
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  MsvisPrecision precision = { MSVIS_PRECISION_NONE, 0 };
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
  gboolean ok;

  if (msvis_graph_node_get_distributed (graph, node) != NULL)
    distributed = compact_json (msvis_graph_node_get_distributed (graph, node));
  else
    distributed = g_strdup ("{}");
  if (results != NULL)
    precision = msvis_compare_results_get_precision (results, node);
  append_link (link, graph, rows->other, node);
  msvis_vis_format_node_items (graph, node, rows->drop_md5, inputs, outputs);

  sqlite3_reset (stmt);
  BIND_TEXT (stmt, 1, row_id);
  BIND_TEXT (stmt, 2, rows->graph_id);
  sqlite3_bind_int64 (stmt, 3, rows->order[node]);
  BIND_TEXT (stmt, 7, children);
  BIND_TEXT (stmt, 11, link->str);
  BIND_TEXT (stmt, 12, (const char *)g_hash_table_lookup (rows->stacks, stack));
  BIND_TEXT (stmt, 13, merge_json);
  BIND_TEXT (stmt, 14, distributed);
  sqlite3_bind_text (stmt, 16, inputs->str, inputs->len, SQLITE_TRANSIENT);
  sqlite3_bind_text (stmt, 17, outputs->str, outputs->len, SQLITE_TRANSIENT);
  _msvis_vis_db_bind_node_common (stmt, graph, node, precision, rows->micro_steps[node],
                                  rows->data_source, rows->step, rows->rank);

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
  /* Graph.paging_by_micro_step is the same in 8.2.1 and 26.0.0 */
  rows.micro_steps = micro_steps = _msvis_db26_micro_steps (graph, by_order, n_written);
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
        return _msvis_vis_db_file_error (&self->file, error);
    }

  for (guint i = 0; i < stack_list->len; i++)
    {
      const char *stack = g_ptr_array_index (stack_list, i);
      sqlite3_stmt *stmt = self->file.insert_stack;
      gboolean ok;

      sqlite3_reset (stmt);
      BIND_TEXT (stmt, 1, (const char *)g_hash_table_lookup (stacks, stack));
      BIND_TEXT (stmt, 2, stack);
      ok = sqlite3_step (stmt) == SQLITE_DONE;
      sqlite3_reset (stmt);
      if (!ok)
        return _msvis_vis_db_file_error (&self->file, error);
    }

  return TRUE;
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

  g_return_val_if_fail (self->file.db != NULL && !self->file.committed, FALSE);

  if (_msvis_vis_db_file_note (&self->file, npu, compare, step, rank))
    {
      self->is_compare = compare != NULL;
      self->node_colors = compare != NULL ? compact_json (compare->colors) : g_strdup ("null");
    }

  if (!add_graph (self, npu, compare ? compare->bench : NULL, "NPU", drop_md5, step, rank,
                  cancellable, error))
    return FALSE;
  return compare == NULL ||
         add_graph (self, compare->bench, npu, "Bench", drop_md5, step, rank, cancellable, error);
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
  g_return_val_if_fail (self->file.db != NULL && !self->file.committed, FALSE);

  return _msvis_vis_db_file_write_config (&self->file, self->is_compare ? "compare" : "build",
                                          self->file.task, self->node_colors, error) &&
         _msvis_vis_db_file_indexes (&self->file, &spec, error) &&
         _msvis_vis_db_file_exec (&self->file, "COMMIT", error) &&
         _msvis_vis_db_file_place (&self->file, error);
}

void
msvis_vis_db_writer_free (MsvisVisDbWriter *self)
{
  if (self == NULL)
    return;

  _msvis_vis_db_file_clear (&self->file);
  g_free (self->node_colors);
  g_free (self);
}
