// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <sqlite3.h>

#include "msvis-input-file.h"
#include "msvis-reader-error.h"
#include "msvis-vis-db-private.h"

static const char *const node_columns[] = {
  "node_name", "node_type", "up_node", "sub_nodes", "precision_index", "overflow_level",
  "micro_step_id", "matched_node_link", "parallel_merge_info", "matched_distributed",
  "input_data", "output_data", "data_source", "dump_data_dir", "step", "rank", NULL
};
static const char *const config_columns[] = {
  "graph_type", "task", "tool_tip", "micro_steps", "overflow_check", "node_colors",
  "rank_list", "step_list", NULL
};

static gboolean
check_columns (MsvisVisDb         *self,
               const char         *table,
               const char *const  *required,
               GError            **error)
{
  g_autofree char *sql = g_strdup_printf ("PRAGMA table_info(%s)", table);
  g_autoptr(GHashTable) have = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  sqlite3_stmt *stmt;
  int status;

  if (sqlite3_prepare_v2 (self->db, sql, -1, &stmt, NULL) != SQLITE_OK)
    return msvis_vis_db_sqlite_error (self, error);
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    g_hash_table_add (have, g_strdup ((const char *)sqlite3_column_text (stmt, 1)));
  sqlite3_finalize (stmt);
  if (status != SQLITE_DONE)
    return msvis_vis_db_sqlite_error (self, error);

  if (g_hash_table_size (have) == 0)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: a file path, then a table name */
                   _("%s: the table %s is missing"), self->path, table);
      return FALSE;
    }
  for (guint i = 0; required[i] != NULL; i++)
    if (!g_hash_table_contains (have, required[i]))
      {
        g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                     /* translators: a file path, a table name, then a column name */
                     _("%s: the table %s has no column %s"), self->path, table, required[i]);
        return FALSE;
      }
  if (strcmp (table, "tb_nodes") == 0)
    {
      self->has_stack_id = g_hash_table_contains (have, "stack_id");
      if (!self->has_stack_id && !g_hash_table_contains (have, "stack_info"))
        {
          g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                       _("%s: the table %s has no column %s"), self->path, table, "stack_id");
          return FALSE;
        }
    }
  return TRUE;
}

char *
msvis_vis_db_column_dup (sqlite3_stmt *stmt,
                         int           column)
{
  const char *text = (const char *)sqlite3_column_text (stmt, column);

  return text ? g_strdup (text) : NULL;
}

static GArray *
int_list (MsvisVisDb  *self,
          const char  *text,
          const char  *column,
          GError     **error)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  MsvisJsonValue *value = msvis_vis_db_parse_json (self, arena, text, strlen (text), "1", column,
                                                   error);
  g_autoptr(GArray) list = g_array_new (FALSE, FALSE, sizeof (gint));

  if (value == NULL)
    return NULL;
  if (value->kind != MSVIS_JSON_ARRAY)
    {
      msvis_vis_db_value_error (self, error, "1", column, _("expected a list of numbers"));
      return NULL;
    }
  msvis_json_value_foreach (element, value)
    {
      gint n = (gint)element->i;

      if (element->kind != MSVIS_JSON_INT)
        {
          msvis_vis_db_value_error (self, error, "1", column, _("expected a list of numbers"));
          return NULL;
        }
      g_array_append_val (list, n);
    }
  return g_steal_pointer (&list);
}

static gboolean
read_config (MsvisVisDb  *self,
             GError     **error)
{
  sqlite3_stmt *stmt;
  int status;
  g_autofree char *graph_type = NULL, *ranks = NULL, *steps = NULL;

  if (sqlite3_prepare_v2 (self->db,
                          "SELECT graph_type, task, tool_tip, micro_steps, overflow_check, "
                          "node_colors, rank_list, step_list FROM tb_config LIMIT 1",
                          -1, &stmt, NULL) != SQLITE_OK)
    return msvis_vis_db_sqlite_error (self, error);
  status = sqlite3_step (stmt);
  if (status == SQLITE_ROW)
    {
      graph_type = msvis_vis_db_column_dup (stmt, 0);
      self->task = msvis_vis_db_column_dup (stmt, 1);
      self->tooltip = msvis_vis_db_column_dup (stmt, 2);
      self->micro_steps = (guint)MAX (sqlite3_column_int (stmt, 3), 1);
      self->overflow_check = sqlite3_column_int (stmt, 4) != 0;
      self->node_colors = msvis_vis_db_column_dup (stmt, 5);
      ranks = msvis_vis_db_column_dup (stmt, 6);
      steps = msvis_vis_db_column_dup (stmt, 7);
    }
  sqlite3_finalize (stmt);
  if (status == SQLITE_DONE)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: a file path */
                   _("%s: tb_config has no row"), self->path);
      return FALSE;
    }
  if (status != SQLITE_ROW)
    return msvis_vis_db_sqlite_error (self, error);

  self->is_compare = g_strcmp0 (graph_type, "compare") == 0;
  self->rank_list = int_list (self, ranks ? ranks : "", "rank_list", error);
  if (self->rank_list == NULL)
    return FALSE;
  self->step_list = int_list (self, steps ? steps : "", "step_list", error);
  return self->step_list != NULL;
}

/**
 * msvis_vis_db_open:
 *
 * Opens @path read-only and reads tb_config.
 *
 * Returns: (transfer full): the file, or %NULL
 */
MsvisVisDb *
msvis_vis_db_open (const char  *path,
                   GError     **error)
{
  g_autoptr(MsvisVisDb) self = g_new0 (MsvisVisDb, 1);

  self->ref_count = 1;
  self->path = g_strdup (path);
  g_mutex_init (&self->lock);
  self->cells = msvis_json_scanner_new_for_spans (path);

  if (!msvis_input_file_check_path (path, error))
    return NULL;
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* translators: a file path */
                   _("%s: no such file"), path);
      return NULL;
    }
  if (msvis_vis_db_open_read_only (path, &self->db) != SQLITE_OK)
    {
      msvis_vis_db_sqlite_error (self, error);
      return NULL;
    }
  msvis_vis_db_guard_install (self, path);
  msvis_vis_db_guard_begin (self, NULL);
  if (!msvis_vis_db_guard_check_tables (self, error) ||
      !check_columns (self, "tb_config", config_columns, error) ||
      !check_columns (self, "tb_nodes", node_columns, error) ||
      (self->has_stack_id &&
       !check_columns (self, "tb_stack", (const char *const[]) { "id", "stack_info", NULL },
                       error)) ||
      !read_config (self, error))
    return NULL;

  if (sqlite3_prepare_v2 (self->db,
                          self->has_stack_id
                          ? "SELECT input_data, output_data, stack_id, id FROM tb_nodes "
                            "WHERE rowid = ?"
                          : "SELECT input_data, output_data, stack_info, id FROM tb_nodes "
                            "WHERE rowid = ?", -1, &self->node_data, NULL) != SQLITE_OK ||
      (self->has_stack_id &&
       sqlite3_prepare_v2 (self->db, "SELECT stack_info FROM tb_stack WHERE id = ?", -1,
                           &self->stack, NULL) != SQLITE_OK))
    {
      msvis_vis_db_sqlite_error (self, error);
      return NULL;
    }

  return g_steal_pointer (&self);
}

MsvisVisDb *
msvis_vis_db_ref (MsvisVisDb *self)
{
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
msvis_vis_db_unref (MsvisVisDb *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;

  sqlite3_finalize (self->node_data);
  sqlite3_finalize (self->stack);
  sqlite3_close (self->db);
  g_mutex_clear (&self->lock);
  msvis_json_scanner_free (self->cells);
  g_free (self->path);
  g_free (self->task);
  g_free (self->tooltip);
  g_free (self->node_colors);
  g_clear_pointer (&self->rank_list, g_array_unref);
  g_clear_pointer (&self->step_list, g_array_unref);
  g_free (self);
}

gboolean
msvis_vis_db_is_compare (MsvisVisDb *self)
{
  return self->is_compare;
}

guint
msvis_vis_db_get_micro_steps (MsvisVisDb *self)
{
  return self->micro_steps;
}

gboolean
msvis_vis_db_get_overflow_check (MsvisVisDb *self)
{
  return self->overflow_check;
}

/* Returns: (transfer none) (element-type gint): tb_config's rank_list */
GArray *
msvis_vis_db_get_rank_list (MsvisVisDb *self)
{
  return self->rank_list;
}

/* Returns: (transfer none) (element-type gint): tb_config's step_list */
GArray *
msvis_vis_db_get_step_list (MsvisVisDb *self)
{
  return self->step_list;
}

/**
 * msvis_vis_db_list_graphs:
 *
 * Returns: (transfer full) (element-type MsvisVisDbGraphKey): every (step, rank) that has
 *   nodes, by step then rank
 */
GArray *
msvis_vis_db_list_graphs (MsvisVisDb    *self,
                          GCancellable  *cancellable,
                          GError       **error)
{
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (MsvisVisDbGraphKey));
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->lock);
  sqlite3_stmt *stmt;
  int status;

  msvis_vis_db_guard_begin (self, cancellable);
  if (sqlite3_prepare_v2 (self->db,
                          "SELECT DISTINCT step, rank FROM tb_nodes ORDER BY step, rank",
                          -1, &stmt, NULL) != SQLITE_OK)
    {
      msvis_vis_db_sqlite_error (self, error);
      msvis_vis_db_guard_begin (self, NULL);
      return NULL;
    }
  while ((status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      MsvisVisDbGraphKey key = { sqlite3_column_int (stmt, 0), sqlite3_column_int (stmt, 1) };

      g_array_append_val (keys, key);
    }
  sqlite3_finalize (stmt);
  if (status != SQLITE_DONE)
    msvis_vis_db_sqlite_error (self, error);
  /* The caller's cancellable is not kept past the call. */
  msvis_vis_db_guard_begin (self, NULL);
  return status == SQLITE_DONE ? g_steal_pointer (&keys) : NULL;
}

/* ---- Structure ---- */

typedef struct
{
  MsvisGraph *graph;
  GArray     *rows;          /* gint64 rowid per node */
  GPtrArray  *sub_nodes;     /* char * per node */
  GPtrArray  *links;         /* char * per node */
  GPtrArray  *where;         /* char * per node: the row id, for errors */
  GArray     *micro_steps;   /* gint per node */
} GraphRows;

static void
graph_rows_clear (GraphRows *rows)
{
  g_clear_object (&rows->graph);
  g_clear_pointer (&rows->rows, g_array_unref);
  g_clear_pointer (&rows->sub_nodes, g_ptr_array_unref);
  g_clear_pointer (&rows->links, g_ptr_array_unref);
  g_clear_pointer (&rows->where, g_ptr_array_unref);
  g_clear_pointer (&rows->micro_steps, g_array_unref);
}

static MsvisOverflowLevel
overflow_from_string (const char *text)
{
  for (MsvisOverflowLevel level = MSVIS_OVERFLOW_MEDIUM; level <= MSVIS_OVERFLOW_CRITICAL; level++)
    if (g_strcmp0 (text, msvis_overflow_level_to_string (level)) == 0)
      return level;
  return MSVIS_OVERFLOW_NONE;
}

static gboolean
read_json_member (MsvisVisDb     *self,
                  MsvisGraph     *graph,
                  sqlite3_stmt   *stmt,
                  int             column,
                  const char     *name,
                  const char     *where,
                  MsvisJsonValue **out,
                  GError        **error)
{
  const char *text = (const char *)sqlite3_column_text (stmt, column);
  MsvisJsonValue *value;

  *out = NULL;
  if (text == NULL || *text == '\0')
    return TRUE;
  value = msvis_vis_db_parse_json (self, msvis_graph_get_arena (graph), text, strlen (text),
                                   where, name, error);
  if (value == NULL)
    return FALSE;
  /* Empty is how msprobe writes "none" ({} for matched_distributed). */
  if ((value->kind == MSVIS_JSON_OBJECT || value->kind == MSVIS_JSON_ARRAY) && value->n == 0)
    return TRUE;
  *out = value;
  return TRUE;
}

/* Name, type and parent: none NULL but the parent, none with a NUL inside (cut there, the
 * name would be another node's, or the parent another node). */
static gboolean
check_names (MsvisVisDb   *self,
             sqlite3_stmt *stmt,
             const char   *where,
             GError      **error)
{
  static const char *const columns[] = { NULL, NULL, "node_name", "node_type", "up_node" };

  for (int c = 2; c <= 4; c++)
    {
      const char *text = (const char *)sqlite3_column_text (stmt, c);

      if (text == NULL && c != 4)
        return msvis_vis_db_value_error (self, error, where, columns[c], _("is NULL"));
      if (text != NULL && strlen (text) != (gsize)sqlite3_column_bytes (stmt, c))
        return msvis_vis_db_value_error (self, error, where, columns[c],
                                         _("holds a NUL character, which msvis cannot keep "
                                           "in names"));
    }
  return TRUE;
}

static gboolean
read_rows (MsvisVisDb    *self,
           GraphRows     *rows,
           const char    *data_source,
           gint           step,
           gint           rank,
           gboolean       is_compare,
           GCancellable  *cancellable,
           GError       **error)
{
  sqlite3_stmt *stmt;
  MsvisGraph *graph = rows->graph;
  MsvisCompareResults *results = is_compare ? msvis_graph_ensure_compare_results (graph) : NULL;
  gboolean have_dir = FALSE, ok = TRUE;
  int status;

  if (sqlite3_prepare_v2 (self->db,
                          "SELECT rowid, id, node_name, node_type, up_node, sub_nodes, "
                          "precision_index, overflow_level, micro_step_id, matched_node_link, "
                          "parallel_merge_info, matched_distributed, dump_data_dir "
                          "FROM tb_nodes WHERE step = ? AND rank = ? AND data_source = ? "
                          "ORDER BY rowid", -1, &stmt, NULL) != SQLITE_OK)
    return msvis_vis_db_sqlite_error (self, error);
  sqlite3_bind_int (stmt, 1, step);
  sqlite3_bind_int (stmt, 2, rank);
  sqlite3_bind_text (stmt, 3, data_source, -1, SQLITE_STATIC);

  while (ok && (status = sqlite3_step (stmt)) == SQLITE_ROW)
    {
      const char *where = (const char *)sqlite3_column_text (stmt, 1);
      const char *name = (const char *)sqlite3_column_text (stmt, 2);
      const char *type_text = (const char *)sqlite3_column_text (stmt, 3);
      const char *up = (const char *)sqlite3_column_text (stmt, 4);
      gint64 rowid = sqlite3_column_int64 (stmt, 0);
      gint micro_step = sqlite3_column_int (stmt, 8);
      MsvisJsonValue *merge, *distributed;
      MsvisNodeId node;
      gint64 type;

      where = where ? where : "?";
      if (!(ok = check_names (self, stmt, where, error)))
        break;
      /* As the .vis reader: any small integer, a node type msprobe may add later. */
      if (!g_ascii_string_to_signed (type_text, 10, 0, G_MAXUINT8, &type, NULL))
        {
          ok = msvis_vis_db_value_error (self, error, where, "node_type",
                                         _("is not an integer from 0 to 255"));
          break;
        }
      if ((up == NULL || *up == '\0') && strcmp (name, msvis_graph_node_get_id (graph, 0)) == 0 &&
          !have_dir)
        node = msvis_graph_get_root (graph);
      else
        node = msvis_graph_add_node (graph, (MsvisNodeType)type, name);
      if (node == MSVIS_NODE_ID_NONE || (node == msvis_graph_get_root (graph) && have_dir))
        {
          ok = msvis_vis_db_value_error (self, error, where, "node_name",
                                         _("the name is used twice"));
          break;
        }
      if (node == msvis_graph_get_root (graph))
        {
          const char *dir = (const char *)sqlite3_column_text (stmt, 12);

          have_dir = TRUE;
          msvis_graph_set_dump_data_dir (graph, dir);
        }

      g_array_set_size (rows->rows, MAX (rows->rows->len, node + 1));
      g_array_set_size (rows->micro_steps, MAX (rows->micro_steps->len, node + 1));
      g_ptr_array_set_size (rows->sub_nodes, MAX (rows->sub_nodes->len, node + 1));
      g_ptr_array_set_size (rows->links, MAX (rows->links->len, node + 1));
      g_ptr_array_set_size (rows->where, MAX (rows->where->len, node + 1));
      g_array_index (rows->rows, gint64, node) = rowid;
      g_array_index (rows->micro_steps, gint, node) = micro_step;
      rows->sub_nodes->pdata[node] = msvis_vis_db_column_dup (stmt, 5);
      rows->links->pdata[node] = msvis_vis_db_column_dup (stmt, 9);
      rows->where->pdata[node] = g_strdup (where);

      if (results != NULL && sqlite3_column_type (stmt, 6) != SQLITE_NULL)
        {
          MsvisPrecision precision = { sqlite3_column_type (stmt, 6) == SQLITE_INTEGER
                                       ? MSVIS_PRECISION_INT : MSVIS_PRECISION_FLOAT,
                                       sqlite3_column_double (stmt, 6) };

          msvis_compare_results_set_precision (results, node, precision);
        }
      msvis_graph_node_set_overflow (graph, node,
                                     overflow_from_string ((const char *)
                                                           sqlite3_column_text (stmt, 7)));
      ok = read_json_member (self, graph, stmt, 10, "parallel_merge_info", where, &merge, error) &&
           read_json_member (self, graph, stmt, 11, "matched_distributed", where, &distributed,
                             error);
      if (ok && merge != NULL)
        msvis_graph_node_set_merge_info (graph, node, merge);
      if (ok && distributed != NULL)
        msvis_graph_node_set_distributed (graph, node, distributed);
      if (ok && (node & 1023) == 0)
        ok = !g_cancellable_set_error_if_cancelled (cancellable, error);
    }
  if (ok && status != SQLITE_DONE)
    ok = msvis_vis_db_sqlite_error (self, error);
  sqlite3_finalize (stmt);
  return ok;
}

static gboolean
link_children (MsvisVisDb  *self,
               GraphRows   *rows,
               GError     **error)
{
  MsvisGraph *graph = rows->graph;

  if (!msvis_vis_db_link_children (self, graph, rows->sub_nodes, rows->rows, rows->where,
                                   error))
    return FALSE;

  /* Only the root's children carry a micro step in the model, as in a .vis. */
  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, msvis_graph_get_root (graph));
       c != MSVIS_NODE_ID_NONE; c = msvis_graph_node_get_next_sibling (graph, c))
    msvis_graph_node_set_micro_step (graph, c, g_array_index (rows->micro_steps, gint, c));
  return TRUE;
}

static gboolean
link_counterparts (MsvisVisDb  *self,
                   GraphRows   *rows,
                   MsvisGraph  *other,
                   GError     **error)
{
  MsvisGraph *graph = rows->graph;
  MsvisCompareResults *results = msvis_graph_ensure_compare_results (graph);
  g_autoptr(MsvisArena) arena = msvis_arena_new ();

  for (MsvisNodeId node = 0; node < rows->links->len; node++)
    {
      const char *text = rows->links->pdata[node];
      const char *target;
      MsvisJsonValue *list;
      MsvisNodeId counterpart;

      if (text == NULL || *text == '\0')
        continue;
      msvis_arena_reset (arena);
      list = msvis_vis_db_parse_json (self, arena, text, strlen (text), rows->where->pdata[node],
                         "matched_node_link", error);
      if (list == NULL)
        return FALSE;
      if (list->kind != MSVIS_JSON_ARRAY || (list->last && list->last->kind != MSVIS_JSON_STRING))
        return msvis_vis_db_value_error (self, error, rows->where->pdata[node], "matched_node_link",
                            _("expected a list of node names"));
      if (list->n == 0)
        continue;
      target = list->last->s;
      if (g_str_has_prefix (target, "N___") || g_str_has_prefix (target, "B___"))
        target += 4;
      counterpart = msvis_graph_lookup (other, target);
      if (counterpart != MSVIS_NODE_ID_NONE)
        msvis_compare_results_set_link (results, node, counterpart);
    }
  return TRUE;
}

static gboolean
read_graph (MsvisVisDb    *self,
            GraphRows     *rows,
            const char    *data_source,
            gint           step,
            gint           rank,
            GCancellable  *cancellable,
            GError       **error)
{
  rows->graph = msvis_graph_new ();
  rows->rows = g_array_new (FALSE, TRUE, sizeof (gint64));
  rows->micro_steps = g_array_new (FALSE, TRUE, sizeof (gint));
  rows->sub_nodes = g_ptr_array_new_with_free_func (g_free);
  rows->links = g_ptr_array_new_with_free_func (g_free);
  rows->where = g_ptr_array_new_with_free_func (g_free);

  if (!read_rows (self, rows, data_source, step, rank, self->is_compare, cancellable, error))
    return FALSE;
  if (rows->rows->len == 0)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: a file path, NPU or Bench, a step and a rank number */
                   _("%s: no %s nodes for step %d, rank %d"), self->path, data_source, step, rank);
      return FALSE;
    }
  if (g_array_index (rows->rows, gint64, 0) == 0)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: a file path, NPU or Bench, a step and a rank number */
                   _("%s: the %s graph of step %d, rank %d has no root row"), self->path,
                   data_source, step, rank);
      return FALSE;
    }
  /* micro_steps numbers the NPU graph's root children (vis-format.md §3.7). */
  if (strcmp (data_source, "NPU") == 0 &&
      !msvis_reader_check_micro_steps (self->path, "tb_config.micro_steps", self->micro_steps,
                                       rows->rows->len, error))
    return FALSE;
  msvis_graph_set_micro_steps (rows->graph, self->micro_steps);
  return link_children (self, rows, error);
}

/**
 * msvis_vis_db_load:
 *
 * Reads the nodes of one (step, rank). Their items and stacks are read when
 * msvis_vis_document_ensure_node_data() asks for them.
 *
 * Returns: (transfer full): the document, or %NULL
 */
MsvisVisDocument *
msvis_vis_db_load (MsvisVisDb    *self,
                   gint           step,
                   gint           rank,
                   GCancellable  *cancellable,
                   GError       **error)
{
  return msvis_vis_db_load_full (self, step, rank, NULL, cancellable, error);
}

/**
 * msvis_vis_db_load_full:
 * @progress: (nullable): told as each graph is read
 *
 * msvis_vis_db_load() with progress.
 */
MsvisVisDocument *
msvis_vis_db_load_full (MsvisVisDb     *self,
                        gint            step,
                        gint            rank,
                        MsvisProgress  *progress,
                        GCancellable   *cancellable,
                        GError        **error)
{
  g_autoptr(MsvisVisDocument) doc = msvis_vis_document_new ();
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->lock);
  double npu_part = self->is_compare ? 0.45 : 1.;
  GraphRows npu = { 0 }, bench = { 0 };
  gboolean ok;

  msvis_vis_db_guard_begin (self, cancellable);
  /* The fraction moves a graph at a time: the rows come from one query each. */
  ok = read_graph (self, &npu, "NPU", step, rank, cancellable, error);
  msvis_progress_set_fraction (progress, npu_part);
  ok = ok && (!self->is_compare ||
              read_graph (self, &bench, "Bench", step, rank, cancellable, error));
  msvis_progress_set_fraction (progress, 0.9);
  ok = ok && (!self->is_compare || (link_counterparts (self, &npu, bench.graph, error) &&
                                    link_counterparts (self, &bench, npu.graph, error)));
  if (ok && self->node_colors != NULL && strcmp (self->node_colors, "null") != 0)
    {
      MsvisJsonValue *colors = msvis_vis_db_parse_json (self,
                                                        msvis_vis_document_get_arena (doc),
                                                        self->node_colors,
                                                        strlen (self->node_colors), "1",
                                                        "node_colors", error);

      msvis_vis_document_set_colors (doc, colors);
      ok = colors != NULL;
    }
  if (!ok)
    {
      graph_rows_clear (&npu);
      graph_rows_clear (&bench);
      msvis_vis_db_guard_begin (self, NULL);
      return NULL;
    }
  msvis_vis_db_guard_begin (self, NULL);

  msvis_vis_document_set_compare (doc, self->is_compare);
  msvis_vis_document_set_graphs (doc, g_steal_pointer (&npu.graph),
                                 g_steal_pointer (&bench.graph));
  msvis_vis_document_set_task (doc, self->task);
  msvis_vis_document_set_tooltip (doc, self->tooltip);
  msvis_vis_document_set_has_micro_steps (doc, TRUE);
  msvis_vis_document_set_overflow_check (doc, self->overflow_check);
  msvis_vis_document_set_step_rank (doc, step, rank);

  msvis_vis_db_set_lazy (self, doc, g_steal_pointer (&npu.rows),
                         g_steal_pointer (&bench.rows));
  graph_rows_clear (&npu);
  graph_rows_clear (&bench);

  return g_steal_pointer (&doc);
}
