// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-json-writer.h"
#include "msvis-reader-error.h"
#include "msvis-vis-db-private.h"

/* A node's items and stack, read from its row when the document asks for them. */

typedef struct
{
  MsvisVisDb *db;
  GArray     *npu_rows;      /* gint64 rowid per node */
  GArray     *bench_rows;
  GHashTable *npu_stacks;    /* stack_id -> interned stack + 1 */
  GHashTable *bench_stacks;
  MsvisGraph *npu;           /* borrowed: the document owns the graphs */
} Source;

static void
source_free (gpointer data)
{
  Source *source = data;

  msvis_vis_db_unref (source->db);
  g_array_unref (source->npu_rows);
  g_clear_pointer (&source->bench_rows, g_array_unref);
  g_hash_table_unref (source->npu_stacks);
  g_hash_table_unref (source->bench_stacks);
  g_free (source);
}

/* A field value as the text it holds: a string's own text, anything else as JSON. */
static const char *
field_text (MsvisGraph           *graph,
            const MsvisJsonValue *value)
{
  MsvisJsonWriter *writer;
  g_autoptr(GString) text = NULL;

  if (value->kind == MSVIS_JSON_STRING)
    return msvis_graph_store (graph, value->s, value->n);
  writer = msvis_json_writer_new_compact ();
  msvis_json_writer_value (writer, value);
  text = msvis_json_writer_end_fragment (writer);
  return msvis_graph_store (graph, text->str, text->len);
}

static gboolean
add_items (MsvisVisDb            *self,
           MsvisGraph            *graph,
           const MsvisJsonValue  *object,
           const char            *where,
           const char            *column,
           guint32               *first,
           guint32               *n,
           GError               **error)
{
  g_autoptr(GArray) fields = g_array_new (FALSE, FALSE, sizeof (MsvisField));

  *first = 0;
  *n = 0;
  if (object == NULL)
    return TRUE;
  if (object->kind != MSVIS_JSON_OBJECT)
    return msvis_vis_db_value_error (self, error, where, column, _("expected an object of items"));

  msvis_json_value_foreach (item, object)
    {
      g_autofree char *key = g_strndup (item->key, item->key_len);
      guint32 index;

      if (item->kind != MSVIS_JSON_OBJECT)
        return msvis_vis_db_value_error (self, error, where, column, _("an item is not an object"));
      g_array_set_size (fields, 0);
      msvis_json_value_foreach (value, item)
        {
          g_autofree char *name = g_strndup (value->key, value->key_len);
          MsvisField field = { msvis_graph_atom (graph, name), MSVIS_VALUE_OBJECT };

          field.s = field_text (graph, value);
          g_array_append_val (fields, field);
        }
      index = msvis_graph_add_item (graph, msvis_graph_intern (graph, key),
                                    msvis_graph_add_fields (graph, (MsvisField *)fields->data,
                                                            fields->len),
                                    fields->len);
      if ((*n)++ == 0)
        *first = index;
    }
  return TRUE;
}

static gboolean
read_stack (MsvisVisDb   *self,
            MsvisGraph   *graph,
            const char   *text,
            const char   *where,
            const char   *column,
            guint32      *stack,
            GError      **error)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GPtrArray) lines = g_ptr_array_new ();
  MsvisJsonValue *value;

  *stack = 0;
  if (text == NULL || *text == '\0')
    return TRUE;
  value = msvis_vis_db_parse_json (self, arena, text, strlen (text), where, column, error);
  if (value == NULL)
    return FALSE;
  if (value->kind != MSVIS_JSON_ARRAY)
    return msvis_vis_db_value_error (self, error, where, column, _("expected a list of strings"));
  msvis_json_value_foreach (line, value)
    {
      if (line->kind != MSVIS_JSON_STRING)
        return msvis_vis_db_value_error (self, error, where, column,
                                         _("expected a list of strings"));
      g_ptr_array_add (lines, (gpointer)line->s);
    }
  *stack = msvis_graph_intern_stack (graph, (const char *const *)lines->pdata, lines->len);
  return TRUE;
}

static gboolean
load_stack_id (Source       *source,
               MsvisGraph   *graph,
               const char   *stack_id,
               const char   *where,
               guint32      *stack,
               GError      **error)
{
  MsvisVisDb *self = source->db;
  GHashTable *cache = graph == source->npu ? source->npu_stacks : source->bench_stacks;
  gpointer cached;
  g_autofree char *text = NULL;
  int status;

  *stack = 0;
  if (stack_id == NULL)
    return TRUE;
  if (g_hash_table_lookup_extended (cache, stack_id, NULL, &cached))
    {
      *stack = GPOINTER_TO_UINT (cached);
      return TRUE;
    }

  sqlite3_reset (self->stack);
  sqlite3_bind_text (self->stack, 1, stack_id, -1, SQLITE_TRANSIENT);
  status = sqlite3_step (self->stack);
  if (status == SQLITE_ROW)
    text = msvis_vis_db_column_dup (self->stack, 0);
  sqlite3_reset (self->stack);
  if (status == SQLITE_DONE)
    return msvis_vis_db_value_error (self, error, where, "stack_id", _("no such row in tb_stack"));
  if (status != SQLITE_ROW)
    return msvis_vis_db_sqlite_error (self, error);

  if (!read_stack (self, graph, text, stack_id, "tb_stack.stack_info", stack, error))
    return FALSE;
  g_hash_table_insert (cache, g_strdup (stack_id), GUINT_TO_POINTER (*stack));
  return TRUE;
}

static gboolean
load_node (gpointer      data,
           MsvisGraph   *graph,
           MsvisNodeId   node,
           GError      **error)
{
  Source *source = data;
  MsvisVisDb *self = source->db;
  GArray *rows = graph == source->npu ? source->npu_rows : source->bench_rows;
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&self->lock);
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autofree char *inputs = NULL, *outputs = NULL, *stack = NULL, *where = NULL;
  MsvisJsonValue *in_value = NULL, *out_value = NULL;
  guint32 first_in, n_in, first_out, n_out, stack_index;
  int status;

  msvis_vis_db_guard_begin (self, NULL);
  sqlite3_reset (self->node_data);
  sqlite3_bind_int64 (self->node_data, 1, g_array_index (rows, gint64, node));
  status = sqlite3_step (self->node_data);
  if (status == SQLITE_ROW)
    {
      inputs = msvis_vis_db_column_dup (self->node_data, 0);
      outputs = msvis_vis_db_column_dup (self->node_data, 1);
      stack = msvis_vis_db_column_dup (self->node_data, 2);
      where = msvis_vis_db_column_dup (self->node_data, 3);
    }
  sqlite3_reset (self->node_data);
  if (status != SQLITE_ROW)
    return msvis_vis_db_sqlite_error (self, error);
  if (where == NULL)
    where = g_strdup (msvis_graph_node_get_id (graph, node));

  if ((inputs != NULL && *inputs != '\0' &&
       (in_value = msvis_vis_db_parse_json (self, arena, inputs, strlen (inputs), where,
                                            "input_data", error)) == NULL) ||
      (outputs != NULL && *outputs != '\0' &&
       (out_value = msvis_vis_db_parse_json (self, arena, outputs, strlen (outputs), where,
                                             "output_data", error)) == NULL))
    return FALSE;
  /* Inputs then outputs, each a contiguous run of items. */
  if (!add_items (self, graph, in_value, where, "input_data", &first_in, &n_in, error) ||
      !add_items (self, graph, out_value, where, "output_data", &first_out, &n_out, error))
    return FALSE;
  msvis_graph_node_set_items (graph, node, first_in, n_in, first_out, n_out);

  if (!(self->has_stack_id
        ? load_stack_id (source, graph, stack, where, &stack_index, error)
        : read_stack (self, graph, stack, where, "stack_info", &stack_index, error)))
    return FALSE;
  msvis_graph_node_set_stack (graph, node, stack_index);
  return TRUE;
}

/**
 * msvis_vis_db_set_lazy:
 * @npu_rows: (transfer full): the rowid of each NPU (or single) node
 * @bench_rows: (transfer full) (nullable): the same for Bench
 *
 * Makes @doc read node data from @self's rows when it is asked for.
 */
void
msvis_vis_db_set_lazy (MsvisVisDb       *self,
                       MsvisVisDocument *doc,
                       GArray           *npu_rows,
                       GArray           *bench_rows)
{
  Source *source = g_new0 (Source, 1);

  source->db = msvis_vis_db_ref (self);
  source->npu_rows = npu_rows;
  source->bench_rows = bench_rows;
  source->npu_stacks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  source->bench_stacks = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  source->npu = msvis_vis_document_get_npu (doc);
  msvis_vis_document_set_loader (doc, load_node, source, source_free);
}
