// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-json-writer.h"
#include "msvis-vis-db26-private.h"
#include "msvis-vis-item26.h"

/* The texts of a result's rows are made on a thread of their own while the writer's thread
 * inserts the rows made before: on a 2 x 100 MB compare the texts (items, children, links)
 * and SQLite's inserts each took more than a second, one after the other. The rows travel in
 * batches, in exactly the order the writer inserted them before (per graph its nodes in
 * node_order, then its stacks), so the file's rows do not change. The graphs are only read on
 * both threads; each MsvisItem26Format is used by the row thread alone. */

#define N_BATCHES   3
#define BATCH_ROWS  256
#define BATCH_BYTES (512 * 1024)

typedef struct
{
  GString *text;   /* every text of the batch, end to end */
  GArray  *rows;   /* MsvisDb26Row */
  gboolean last;   /* the end: no rows follow this batch */
} Batch;

struct _MsvisDb26RowQueue
{
  MsvisDb26GraphRows *graphs;
  guint               n_graphs;
  GAsyncQueue        *full;      /* Batch, to the writer */
  GAsyncQueue        *empty;     /* Batch, back to the row thread */
  gint                stop;      /* atomic: the writer gave up, make no more rows */
  GThread            *thread;

  /* the writer's side */
  Batch              *current;
  guint               next_row;
  gboolean            ended;

  /* the row thread's side */
  GString            *scratch[MSVIS_DB26_N_TEXTS];
  GArray             *path_nodes;
};

static void
add_text (Batch        *batch,
          MsvisDb26Row *row,
          guint         text,
          const GString *value)
{
  row->start[text] = batch->text->len;
  row->len[text] = value->len;
  g_string_append_len (batch->text, value->str, value->len);
}

/* Hands a full batch over and takes an empty one; a batch with room is kept. */
static Batch *
ship (MsvisDb26RowQueue *self,
      Batch             *batch)
{
  if (batch->rows->len < BATCH_ROWS && batch->text->len < BATCH_BYTES)
    return batch;
  g_async_queue_push (self->full, batch);
  return g_async_queue_pop (self->empty);
}

static void
merge_json (GString    *out,
            MsvisGraph *graph,
            MsvisNodeId node)
{
  MsvisJsonValue *merge = msvis_graph_node_get_merge_info (graph, node);

  g_string_truncate (out, 0);
  if (merge != NULL && merge->n > 0)
    {
      MsvisJsonWriter *writer = msvis_json_writer_new_compact ();
      g_autoptr(GString) text = NULL;

      msvis_json_writer_value (writer, merge);
      text = msvis_json_writer_end_fragment (writer);
      g_string_append_len (out, text->str, text->len);
    }
}

static void
format_node (MsvisDb26RowQueue  *self,
             guint               graph_index,
             MsvisNodeId         node,
             guint               order,
             Batch              *batch)
{
  MsvisDb26GraphRows *rows = &self->graphs[graph_index];
  MsvisGraph *graph = rows->graph;
  GString **scratch = self->scratch;
  MsvisDb26Row row = { graph_index, node, order, { 0 }, { 0 } };
  guint32 stack = msvis_graph_node_get_stack (graph, node);
  gsize start;

  g_string_printf (scratch[MSVIS_DB26_ROW_ID], "%s_%s", rows->graph_id,
                   msvis_graph_node_get_id (graph, node));
  _msvis_db26_children_json (scratch[MSVIS_DB26_CHILDREN], graph, node);
  _msvis_db26_link_json (scratch[MSVIS_DB26_LINK], self->path_nodes, graph, rows->other, node);
  g_string_printf (scratch[MSVIS_DB26_STACK_ID], "%s_%u", rows->graph_id,
                   rows->stack_ids[stack]);
  merge_json (scratch[MSVIS_DB26_MERGE], graph, node);
  for (guint i = MSVIS_DB26_ROW_ID; i <= MSVIS_DB26_MERGE; i++)
    add_text (batch, &row, i, scratch[i]);

  /* The items, the longest texts, go straight into the batch. */
  start = batch->text->len;
  g_string_truncate (scratch[MSVIS_DB26_OUTPUTS], 0);
  msvis_item26_format_node (rows->items, node, batch->text, scratch[MSVIS_DB26_OUTPUTS]);
  row.start[MSVIS_DB26_INPUTS] = start;
  row.len[MSVIS_DB26_INPUTS] = batch->text->len - start;
  add_text (batch, &row, MSVIS_DB26_OUTPUTS, scratch[MSVIS_DB26_OUTPUTS]);
  g_array_append_val (batch->rows, row);
}

/* tb_stack's rows of one graph: each number once, in the order the numbers were given. */
static Batch *
format_stacks (MsvisDb26RowQueue *self,
               guint              graph_index,
               Batch             *batch)
{
  MsvisDb26GraphRows *rows = &self->graphs[graph_index];
  guint next = 0;

  for (guint i = 0; i < rows->n_written && !g_atomic_int_get (&self->stop); i++)
    {
      guint32 stack = msvis_graph_node_get_stack (rows->graph, rows->by_order[i]);
      MsvisDb26Row row = { graph_index, MSVIS_NODE_ID_NONE, next, { 0 }, { 0 } };

      if (rows->stack_ids[stack] != next)
        continue;
      next++;
      g_string_printf (self->scratch[MSVIS_DB26_ROW_ID], "%s_%u", rows->graph_id,
                       rows->stack_ids[stack]);
      _msvis_db26_stack_json (self->scratch[MSVIS_DB26_CHILDREN], rows->graph, stack);
      add_text (batch, &row, MSVIS_DB26_ROW_ID, self->scratch[MSVIS_DB26_ROW_ID]);
      add_text (batch, &row, MSVIS_DB26_CHILDREN, self->scratch[MSVIS_DB26_CHILDREN]);
      g_array_append_val (batch->rows, row);
      batch = ship (self, batch);
    }
  return batch;
}

static gpointer
make_rows (gpointer data)
{
  MsvisDb26RowQueue *self = data;
  Batch *batch = g_async_queue_pop (self->empty);

  for (guint g = 0; g < self->n_graphs; g++)
    {
      MsvisDb26GraphRows *rows = &self->graphs[g];

      for (guint i = 0; i < rows->n_written && !g_atomic_int_get (&self->stop); i++)
        {
          format_node (self, g, rows->by_order[i], i, batch);
          batch = ship (self, batch);
        }
      batch = format_stacks (self, g, batch);
    }
  batch->last = TRUE;
  g_async_queue_push (self->full, batch);
  return NULL;
}

static void
batch_free (gpointer data)
{
  Batch *batch = data;

  g_string_free (batch->text, TRUE);
  g_array_unref (batch->rows);
  g_free (batch);
}

/**
 * _msvis_db26_rows_start:
 * @graphs: (array length=n_graphs): the graphs whose rows to make, in order; they must stay
 *   unchanged until _msvis_db26_rows_finish()
 *
 * Starts making the rows on a thread of their own.
 */
MsvisDb26RowQueue *
_msvis_db26_rows_start (MsvisDb26GraphRows *graphs,
                        guint               n_graphs)
{
  MsvisDb26RowQueue *self = g_new0 (MsvisDb26RowQueue, 1);

  self->graphs = graphs;
  self->n_graphs = n_graphs;
  self->full = g_async_queue_new ();
  self->empty = g_async_queue_new ();
  for (guint i = 0; i < MSVIS_DB26_N_TEXTS; i++)
    self->scratch[i] = g_string_sized_new (1024);
  self->path_nodes = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  for (guint i = 0; i < N_BATCHES; i++)
    {
      Batch *batch = g_new0 (Batch, 1);

      batch->text = g_string_sized_new (BATCH_BYTES + BATCH_BYTES / 4);
      batch->rows = g_array_sized_new (FALSE, FALSE, sizeof (MsvisDb26Row), BATCH_ROWS);
      g_async_queue_push (self->empty, batch);
    }
  self->thread = g_thread_new ("msvis-db-rows", make_rows, self);
  return self;
}

/* Gives a batch whose rows are all inserted back to the row thread. */
static void
recycle (MsvisDb26RowQueue *self)
{
  g_string_truncate (self->current->text, 0);
  g_array_set_size (self->current->rows, 0);
  g_async_queue_push (self->empty, g_steal_pointer (&self->current));
}

/**
 * _msvis_db26_rows_next:
 * @text: (out): where the row's texts start from
 *
 * Returns: (nullable): the next row, valid until the next call; %NULL after the last
 */
const MsvisDb26Row *
_msvis_db26_rows_next (MsvisDb26RowQueue  *self,
                       const char        **text)
{
  while (!self->ended)
    {
      if (self->current != NULL && self->next_row < self->current->rows->len)
        {
          *text = self->current->text->str;
          return &g_array_index (self->current->rows, MsvisDb26Row, self->next_row++);
        }
      if (self->current != NULL && self->current->last)
        {
          self->ended = TRUE;
          break;
        }
      if (self->current != NULL)
        recycle (self);
      self->current = g_async_queue_pop (self->full);
      self->next_row = 0;
    }
  return NULL;
}

/* Stops the row thread if rows are left (the writer failed) and frees everything. */
void
_msvis_db26_rows_finish (MsvisDb26RowQueue *self)
{
  if (self == NULL)
    return;

  g_atomic_int_set (&self->stop, 1);
  while (!self->ended)
    {
      if (self->current != NULL && self->current->last)
        self->ended = TRUE;
      else
        {
          if (self->current != NULL)
            recycle (self);
          self->current = g_async_queue_pop (self->full);
        }
    }
  g_thread_join (self->thread);
  batch_free (self->current);
  for (Batch *batch; (batch = g_async_queue_try_pop (self->empty)) != NULL;)
    batch_free (batch);
  g_async_queue_unref (self->full);
  g_async_queue_unref (self->empty);
  for (guint i = 0; i < MSVIS_DB26_N_TEXTS; i++)
    g_string_free (self->scratch[i], TRUE);
  g_array_unref (self->path_nodes);
  g_free (self);
}
