// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-json-writer.h"
#include "msvis-number-format.h"
#include "msvis-vis-format.h"
#include "msvis-vis-db26-private.h"
#include "msvis-vis-item26.h"

/* The texts of a result's rows are made on threads of their own while the writer's thread
 * inserts the rows made before: on a 2 x 100 MB compare the texts (items, children, links)
 * took a core for longer than SQLite's inserts. The rows are cut into chunks in exactly the
 * order the writer inserts them (per graph its nodes in node_order, then its stacks); the
 * makers take the chunks in turn and the writer takes them back in turn, so the file's rows
 * do not change. The graphs are only read on every thread; each maker has its own
 * MsvisItem26Format per graph. */

#define N_BATCHES  3      /* per maker */
#define CHUNK_ROWS 256

typedef struct
{
  GString *text;   /* every text of the batch, end to end */
  GArray  *rows;   /* MsvisDb26Row */
  gboolean last;   /* the end: the maker makes no more chunks */
} Batch;

typedef struct
{
  MsvisDb26RowQueue *queue;
  guint              index;
  GAsyncQueue       *full;      /* Batch, to the writer */
  GAsyncQueue       *empty;     /* Batch, back to the maker */
  GThread           *thread;
  gboolean           ended;     /* the writer took its last batch */
  GString           *scratch[MSVIS_DB26_N_TEXTS];
  GArray            *path_nodes;
} Maker;

struct _MsvisDb26RowQueue
{
  MsvisDb26GraphRows *graphs;
  guint               n_graphs;
  gint                stop;      /* atomic: the writer gave up, make no more rows */
  Maker               makers[MSVIS_DB26_N_MAKERS];

  /* the writer's side */
  Batch              *current;
  guint               chunk;     /* the number of current, which says its maker */
  guint               next_row;
  gboolean            ended;
};

static void
add_text (Batch        *batch,
          MsvisDb26Row *row,
          guint         text,
          const GString *value)
{
  row->start[text] = batch->text->len;
  row->len[text] = value->len;
  msvis_vis_append (batch->text, value->str, value->len);
}

/* "graph_id_suffix": the ids of rows and stacks; printf was 2 % of a run's instructions. */
static void
set_id (GString    *out,
        const char *graph_id,
        const char *suffix)
{
  g_string_truncate (out, 0);
  msvis_vis_append (out, graph_id, strlen (graph_id));
  msvis_vis_append (out, "_", 1);
  msvis_vis_append (out, suffix, strlen (suffix));
}

static void
set_numbered_id (GString    *out,
                 const char *graph_id,
                 guint       number)
{
  char buf[32];

  buf[msvis_format_int64 (buf, number)] = '\0';
  set_id (out, graph_id, buf);
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
format_node (Maker       *maker,
             guint        graph_index,
             guint        order,
             Batch       *batch)
{
  MsvisDb26GraphRows *rows = &maker->queue->graphs[graph_index];
  MsvisGraph *graph = rows->graph;
  MsvisNodeId node = rows->by_order[order];
  GString **scratch = maker->scratch;
  MsvisDb26Row row = { graph_index, node, order, { 0 }, { 0 } };
  guint32 stack = msvis_graph_node_get_stack (graph, node);
  gsize start;

  set_id (scratch[MSVIS_DB26_ROW_ID], rows->graph_id, msvis_graph_node_get_id (graph, node));
  _msvis_db26_children_json (scratch[MSVIS_DB26_CHILDREN], graph, node);
  _msvis_db26_link_json (scratch[MSVIS_DB26_LINK], maker->path_nodes, graph, rows->other, node);
  set_numbered_id (scratch[MSVIS_DB26_STACK_ID], rows->graph_id, rows->stack_ids[stack]);
  merge_json (scratch[MSVIS_DB26_MERGE], graph, node);
  for (guint i = MSVIS_DB26_ROW_ID; i <= MSVIS_DB26_MERGE; i++)
    add_text (batch, &row, i, scratch[i]);

  /* The items, the longest texts, go straight into the batch. */
  start = batch->text->len;
  g_string_truncate (scratch[MSVIS_DB26_OUTPUTS], 0);
  msvis_item26_format_node (rows->items[maker->index], node, batch->text,
                            scratch[MSVIS_DB26_OUTPUTS]);
  row.start[MSVIS_DB26_INPUTS] = start;
  row.len[MSVIS_DB26_INPUTS] = batch->text->len - start;
  add_text (batch, &row, MSVIS_DB26_OUTPUTS, scratch[MSVIS_DB26_OUTPUTS]);
  g_array_append_val (batch->rows, row);
}

/* The tb_stack row of number @k. */
static void
format_stack (Maker *maker,
              guint  graph_index,
              guint  k,
              Batch *batch)
{
  MsvisDb26GraphRows *rows = &maker->queue->graphs[graph_index];
  MsvisDb26Row row = { graph_index, MSVIS_NODE_ID_NONE, k, { 0 }, { 0 } };

  set_numbered_id (maker->scratch[MSVIS_DB26_ROW_ID], rows->graph_id, k);
  _msvis_db26_stack_json (maker->scratch[MSVIS_DB26_CHILDREN], rows->graph,
                          rows->stack_of_id[k]);
  add_text (batch, &row, MSVIS_DB26_ROW_ID, maker->scratch[MSVIS_DB26_ROW_ID]);
  add_text (batch, &row, MSVIS_DB26_CHILDREN, maker->scratch[MSVIS_DB26_CHILDREN]);
  g_array_append_val (batch->rows, row);
}

/* Makes the chunks whose number is this maker's in turn; chunks never span two graphs or a
 * graph's nodes and its stacks, so every maker can count them alike. */
static gpointer
make_rows (gpointer data)
{
  Maker *maker = data;
  MsvisDb26RowQueue *queue = maker->queue;
  guint chunk = 0;
  Batch *batch;

  for (guint g = 0; g < queue->n_graphs; g++)
    for (guint stacks = 0; stacks < 2; stacks++)
      {
        MsvisDb26GraphRows *rows = &queue->graphs[g];
        guint n = stacks ? rows->n_stack_ids : rows->n_written;

        for (guint first = 0; first < n; first += CHUNK_ROWS, chunk++)
          {
            if (chunk % MSVIS_DB26_N_MAKERS != maker->index)
              continue;
            if (g_atomic_int_get (&queue->stop))
              goto end;
            batch = g_async_queue_pop (maker->empty);
            for (guint i = first; i < MIN (n, first + CHUNK_ROWS); i++)
              if (stacks)
                format_stack (maker, g, i, batch);
              else
                format_node (maker, g, i, batch);
            g_async_queue_push (maker->full, batch);
          }
      }
end:
  batch = g_async_queue_pop (maker->empty);
  batch->last = TRUE;
  g_async_queue_push (maker->full, batch);
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
 * Starts making the rows on threads of their own.
 */
MsvisDb26RowQueue *
_msvis_db26_rows_start (MsvisDb26GraphRows *graphs,
                        guint               n_graphs)
{
  MsvisDb26RowQueue *self = g_new0 (MsvisDb26RowQueue, 1);

  self->graphs = graphs;
  self->n_graphs = n_graphs;
  for (guint m = 0; m < MSVIS_DB26_N_MAKERS; m++)
    {
      Maker *maker = &self->makers[m];

      maker->queue = self;
      maker->index = m;
      maker->full = g_async_queue_new ();
      maker->empty = g_async_queue_new ();
      for (guint i = 0; i < MSVIS_DB26_N_TEXTS; i++)
        maker->scratch[i] = g_string_sized_new (1024);
      maker->path_nodes = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
      for (guint i = 0; i < N_BATCHES; i++)
        {
          Batch *batch = g_new0 (Batch, 1);

          batch->text = g_string_sized_new (256 * 1024);
          batch->rows = g_array_sized_new (FALSE, FALSE, sizeof (MsvisDb26Row), CHUNK_ROWS);
          g_async_queue_push (maker->empty, batch);
        }
    }
  for (guint m = 0; m < MSVIS_DB26_N_MAKERS; m++)
    self->makers[m].thread = g_thread_new ("msvis-db-rows", make_rows, &self->makers[m]);
  return self;
}

/* Gives the current batch back to its maker, and takes the next chunk's batch (the end if it
 * says last). */
static void
advance (MsvisDb26RowQueue *self)
{
  Maker *maker;

  if (self->current != NULL)
    {
      maker = &self->makers[self->chunk % MSVIS_DB26_N_MAKERS];
      g_string_truncate (self->current->text, 0);
      g_array_set_size (self->current->rows, 0);
      g_async_queue_push (maker->empty, g_steal_pointer (&self->current));
      self->chunk++;
    }
  maker = &self->makers[self->chunk % MSVIS_DB26_N_MAKERS];
  self->current = g_async_queue_pop (maker->full);
  self->next_row = 0;
  if (self->current->last)
    {
      maker->ended = TRUE;
      self->ended = TRUE;
    }
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
      advance (self);
    }
  return NULL;
}

/* Takes a maker's batches until its last, giving each back, so a maker waiting for an empty
 * batch sees the stop. */
static void
drain (Maker *maker)
{
  while (!maker->ended)
    {
      Batch *batch = g_async_queue_pop (maker->full);

      if (batch->last)
        {
          maker->ended = TRUE;
          batch_free (batch);
          break;
        }
      g_async_queue_push (maker->empty, batch);
    }
  g_thread_join (maker->thread);
}

/* Stops the makers if rows are left (the writer failed) and frees everything. */
void
_msvis_db26_rows_finish (MsvisDb26RowQueue *self)
{
  if (self == NULL)
    return;

  g_atomic_int_set (&self->stop, 1);
  if (self->current != NULL)
    batch_free (g_steal_pointer (&self->current));
  for (guint m = 0; m < MSVIS_DB26_N_MAKERS; m++)
    {
      Maker *maker = &self->makers[m];

      drain (maker);
      for (Batch *batch; (batch = g_async_queue_try_pop (maker->empty)) != NULL;)
        batch_free (batch);
      g_async_queue_unref (maker->full);
      g_async_queue_unref (maker->empty);
      for (guint i = 0; i < MSVIS_DB26_N_TEXTS; i++)
        g_string_free (maker->scratch[i], TRUE);
      g_array_unref (maker->path_nodes);
    }
  g_free (self);
}
