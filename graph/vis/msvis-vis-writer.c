// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-unattached.h"
#include "msvis-vector.h"
#include "msvis-vis-config.h"
#include "msvis-vis-format.h"
#include "msvis-vis-writer.h"

typedef struct
{
  guint32  name;    /* field-name atom */
  gboolean plain;   /* nothing in it to escape: msvis formatted it from a number */
  gsize    start;   /* where its formatted value starts in Context.scratch */
} Formatted;

typedef struct _ValueCache ValueCache;

typedef struct
{
  MsvisJsonWriter *writer;
  MsvisGraph      *graph;
  MsvisGraph      *other;     /* the graph matched_node_link points into; NULL in a build */
  MsvisCompareResults *results;
  gboolean         drop_md5;
  guint32          atom_max;
  guint32          atom_type;
  guint32          atom_md5;
  guint32          atom_requires_grad;
  guint32          process_group_keys[4];   /* type, group_ranks, group_id, data_name */
  guint32          p2p_keys[4];             /* op, peer, tag, group_id */
  GString         *key_text;    /* every atom escaped and quoted, end to end */
  GArray          *key_starts;  /* gsize per atom, and the end: where it is in key_text */
  GString         *scratch;     /* per thread */
  MsvisVector     *formatted;   /* Formatted, per thread */
  GArray          *path;        /* MsvisNodeId, per thread: a link's path, leaf first */
  ValueCache      *values;      /* per thread; NULL: none */
  guint            threads;     /* 0: one per core, up to 8 */
} Context;

/* The formatted form of the string values written last, by the string's address: dtypes,
 * types, shapes and states come back in every item, and the graph's strings do not change
 * while it is written. */
#define STR_CACHE_SLOTS 256
#define STR_CACHE_TEXT (64 * 1024)

typedef struct
{
  const char *text;     /* the field's string; NULL: empty slot */
  guint32     start;    /* its formatted form in ValueCache.formatted */
  guint32     length;
} StrSlot;

/* The same for floats, by their bits: a tensor's statistics are written as one node's
 * output and the next one's input, and in both graphs of a compare. */
#define FLOAT_CACHE_SLOTS 512

typedef struct
{
  guint64 bits;
  guint8  length;   /* 0: empty slot */
  char    text[31];
} FloatSlot;

struct _ValueCache
{
  StrSlot   slots[STR_CACHE_SLOTS];
  GString  *formatted;
  FloatSlot floats[FLOAT_CACHE_SLOTS];
};

static ValueCache *
value_cache_new (void)
{
  ValueCache *cache = g_new0 (ValueCache, 1);

  cache->formatted = g_string_sized_new (STR_CACHE_TEXT);
  return cache;
}

static void
value_cache_free (ValueCache *cache)
{
  g_string_free (cache->formatted, TRUE);
  g_free (cache);
}


/* msvis_vis_format_value() of a string or object field (a shape), from the cache where it
 * can. */
static void
format_cached_str (ValueCache  *cache,
                   GString          *out,
                   const MsvisField *field)
{
  StrSlot *slot = &cache->slots[(GPOINTER_TO_SIZE (field->s) >> 3) % STR_CACHE_SLOTS];
  gsize start = out->len;

  if (slot->text == field->s)
    {
      msvis_vis_append (out, cache->formatted->str + slot->start, slot->length);
      return;
    }

  msvis_vis_format_value (out, field);
  if (out->len - start > 256)
    return;
  if (cache->formatted->len + (out->len - start) > STR_CACHE_TEXT)
    {
      memset (cache->slots, 0, sizeof cache->slots);
      g_string_truncate (cache->formatted, 0);
    }
  *slot = (StrSlot) { field->s, cache->formatted->len, out->len - start };
  msvis_vis_append (cache->formatted, out->str + start, out->len - start);
}

/* msvis_vis_format_value() of a float field, from the cache where it can. */
static void
format_cached_float (ValueCache  *cache,
                     GString          *out,
                     const MsvisField *field)
{
  guint64 bits;
  FloatSlot *slot;
  gsize start = out->len;

  memcpy (&bits, &field->f, sizeof bits);
  slot = &cache->floats[(bits * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 55];
  if (slot->length != 0 && slot->bits == bits)
    {
      msvis_vis_append (out, slot->text, slot->length);
      return;
    }

  msvis_vis_format_value (out, field);
  if (out->len - start < sizeof slot->text)
    {
      slot->bits = bits;
      slot->length = out->len - start;
      memcpy (slot->text, out->str + start, slot->length);
    }
}

/* msvis_vis_format_value(), from @cache (NULL: none) for the strings, shapes and floats it
 * holds. */
static void
format_value (ValueCache  *cache,
                          GString          *out,
                          const MsvisField *field)
{
  if (cache != NULL && (field->kind == MSVIS_VALUE_STR || field->kind == MSVIS_VALUE_OBJECT))
    format_cached_str (cache, out, field);
  else if (cache != NULL && field->kind == MSVIS_VALUE_FLOAT)
    format_cached_float (cache, out, field);
  else
    msvis_vis_format_value (out, field);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ValueCache, value_cache_free)

static gboolean
in_list (guint32        atom,
         const guint32 *list,
         guint          n)
{
  for (guint i = 0; i < n; i++)
    if (list[i] == atom)
      return TRUE;
  return FALSE;
}

static gboolean
is_kept (Context          *ctx,
         const MsvisField *field,
         gboolean          process_group,
         gboolean          batch_p2p)
{
  if (field->name == ctx->atom_requires_grad)
    return FALSE;
  if (field->name == ctx->atom_md5 && ctx->drop_md5)
    return FALSE;
  if (batch_p2p && in_list (field->name, ctx->p2p_keys, 4))
    return FALSE;
  if (process_group && !in_list (field->name, ctx->process_group_keys, 4))
    return FALSE;
  return TRUE;
}

static void
write_item (Context  *ctx,
            guint32   index,
            gboolean  batch_p2p)
{
  const MsvisItem *item = msvis_graph_get_item (ctx->graph, index);
  const MsvisField *fields = msvis_graph_get_fields (ctx->graph, item);
  const MsvisField *metrics = NULL;
  guint n_metrics = 0;
  gboolean process_group = FALSE;

  for (guint i = 0; i < item->n_fields; i++)
    if (fields[i].name == ctx->atom_type && fields[i].kind == MSVIS_VALUE_STR &&
        strcmp (fields[i].s, "torch.ProcessGroup") == 0)
      process_group = TRUE;

  msvis_json_writer_key (ctx->writer, item->key);

  /* Each kept value formatted once, end to end in scratch; a Max that prints as null turns
   * the whole item into {"value": "null"}. */
  g_string_truncate (ctx->scratch, 0);
  ctx->formatted->len = 0;
  if (ctx->results != NULL)
    metrics = msvis_compare_results_get_metrics (ctx->results, index, &n_metrics);
  for (guint i = 0; i < item->n_fields + n_metrics; i++)
    {
      const MsvisField *field = i < item->n_fields ? &fields[i] : &metrics[i - item->n_fields];
      Formatted f = { field->name, field->kind != MSVIS_VALUE_STR &&
                                   field->kind != MSVIS_VALUE_OBJECT, ctx->scratch->len };

      if (!is_kept (ctx, field, process_group, batch_p2p))
        continue;
      format_value (ctx->values, ctx->scratch, field);
      if (field->name == ctx->atom_max && ctx->scratch->len - f.start == 4 &&
          memcmp (ctx->scratch->str + f.start, "null", 4) == 0)
        {
          msvis_json_writer_begin_object (ctx->writer);
          msvis_json_writer_key (ctx->writer, "value");
          msvis_json_writer_string (ctx->writer, "null");
          msvis_json_writer_end_object (ctx->writer);
          return;
        }
      *(Formatted *)msvis_vector_push (ctx->formatted, sizeof (Formatted)) = f;
    }

  msvis_json_writer_begin_object (ctx->writer);
  for (guint i = 0; i < ctx->formatted->len; i++)
    {
      const Formatted *f = &msvis_vector_index (ctx->formatted, Formatted, i);
      gsize end = i + 1 < ctx->formatted->len
        ? msvis_vector_index (ctx->formatted, Formatted, i + 1).start : ctx->scratch->len;

      gsize key = g_array_index (ctx->key_starts, gsize, f->name);

      msvis_json_writer_string_member (ctx->writer, ctx->key_text->str + key,
                                       g_array_index (ctx->key_starts, gsize, f->name + 1) - key,
                                       ctx->scratch->str + f->start, end - f->start, f->plain);
    }
  msvis_json_writer_end_object (ctx->writer);
}

static void
write_items (Context  *ctx,
             guint32   first,
             guint32   n,
             gboolean  batch_p2p)
{
  msvis_json_writer_begin_object (ctx->writer);
  for (guint32 i = 0; i < n; i++)
    write_item (ctx, first + i, batch_p2p);
  msvis_json_writer_end_object (ctx->writer);
}

/* The path from the other graph's root to the counterpart: ancestors, then the node. */
static void
write_link (Context     *ctx,
            MsvisNodeId  node)
{
  MsvisNodeId other = ctx->results ? msvis_compare_results_get_link (ctx->results, node)
                                   : MSVIS_NODE_ID_NONE;
  GArray *path = ctx->path;

  msvis_json_writer_begin_array (ctx->writer);
  g_array_set_size (path, 0);
  for (MsvisNodeId n = other; n != MSVIS_NODE_ID_NONE;
       n = msvis_graph_node_get_parent (ctx->other, n))
    g_array_append_val (path, n);
  for (guint i = path->len; i > 0; i--)
    msvis_json_writer_string (ctx->writer,
                              msvis_graph_node_get_id (ctx->other,
                                                       g_array_index (path, MsvisNodeId, i - 1)));
  msvis_json_writer_end_array (ctx->writer);
}

static void
write_compare_data (Context     *ctx,
                    MsvisNodeId  node)
{
  MsvisPrecision precision = msvis_compare_results_get_precision (ctx->results, node);
  MsvisMd5Result result = msvis_compare_results_get_md5_result (ctx->results, node);

  if (precision.kind == MSVIS_PRECISION_INT)
    {
      msvis_json_writer_key (ctx->writer, "precision_index");
      msvis_json_writer_int (ctx->writer, (gint64)precision.value);
    }
  else if (precision.kind == MSVIS_PRECISION_FLOAT)
    {
      msvis_json_writer_key (ctx->writer, "precision_index");
      msvis_json_writer_double (ctx->writer, precision.value);
    }
  if (result != MSVIS_MD5_RESULT_NONE)
    {
      msvis_json_writer_key (ctx->writer, "Result");
      msvis_json_writer_string (ctx->writer,
                                result == MSVIS_MD5_RESULT_PASS ? "pass" : "Different");
    }
}

static void
write_node (Context     *ctx,
            MsvisNodeId  node)
{
  MsvisJsonWriter *w = ctx->writer;
  MsvisGraph *graph = ctx->graph;
  const char *id = msvis_graph_node_get_id (graph, node);
  MsvisNodeId parent = msvis_graph_node_get_file_parent (graph, node);
  gboolean batch_p2p = msvis_str_contains (id, "batch_isend_irecv");
  guint32 first, n;
  const char *const *lines;
  guint n_lines;
  gint micro_step = msvis_graph_node_get_micro_step (graph, node);
  MsvisOverflowLevel level = msvis_graph_node_get_overflow (graph, node);
  const char *overflow = msvis_overflow_level_to_string (level);
  MsvisJsonValue *distributed = msvis_graph_node_get_distributed (graph, node);
  MsvisJsonValue *merge_info = msvis_graph_node_get_merge_info (graph, node);
  const MsvisNodeId *listed;
  guint n_listed;

  msvis_json_writer_key (w, id);
  msvis_json_writer_begin_object (w);

  msvis_json_writer_key (w, "id");
  msvis_json_writer_string (w, id);
  msvis_json_writer_key (w, "node_type");
  msvis_json_writer_int (w, msvis_graph_node_get_node_type (graph, node));

  msvis_json_writer_key (w, "output_data");
  first = msvis_graph_node_get_outputs (graph, node, &n);
  write_items (ctx, first, n, batch_p2p);
  msvis_json_writer_key (w, "input_data");
  first = msvis_graph_node_get_inputs (graph, node, &n);
  write_items (ctx, first, n, batch_p2p);

  msvis_json_writer_key (w, "upnode");
  msvis_json_writer_string (w, parent == MSVIS_NODE_ID_NONE
                               ? "None" : msvis_graph_node_get_id (graph, parent));

  msvis_json_writer_key (w, "subnodes");
  msvis_json_writer_begin_array (w);
  listed = msvis_graph_node_get_subnode_list (graph, node, &n_listed);
  if (listed != NULL)
    for (guint i = 0; i < n_listed; i++)
      msvis_json_writer_string (w, msvis_graph_node_get_id (graph, listed[i]));
  else
    for (MsvisNodeId c = msvis_graph_node_get_file_first_child (graph, node);
         c != MSVIS_NODE_ID_NONE; c = msvis_graph_node_get_file_next_sibling (graph, c))
      msvis_json_writer_string (w, msvis_graph_node_get_id (graph, c));
  msvis_json_writer_end_array (w);

  msvis_json_writer_key (w, "matched_node_link");
  write_link (ctx, node);
  msvis_json_writer_key (w, "suggestions");
  msvis_json_writer_begin_object (w);
  msvis_json_writer_end_object (w);

  msvis_json_writer_key (w, "stack_info");
  msvis_json_writer_begin_array (w);
  lines = msvis_graph_get_stack (graph, msvis_graph_node_get_stack (graph, node), &n_lines);
  for (guint i = 0; i < n_lines; i++)
    msvis_json_writer_string (w, lines[i]);
  msvis_json_writer_end_array (w);

  if (micro_step >= 0)
    {
      msvis_json_writer_key (w, "micro_step_id");
      msvis_json_writer_int (w, micro_step);
    }

  msvis_json_writer_key (w, "data");
  msvis_json_writer_begin_object (w);
  if (ctx->results != NULL)
    write_compare_data (ctx, node);
  if (overflow != NULL)
    {
      msvis_json_writer_key (w, "overflow_level");
      msvis_json_writer_string (w, overflow);
    }
  msvis_json_writer_end_object (w);

  if (distributed != NULL)
    {
      msvis_json_writer_key (w, "matched_distributed");
      msvis_json_writer_value (w, distributed);
    }
  if (merge_info != NULL)
    {
      msvis_json_writer_key (w, "parallel_merge_info");
      msvis_json_writer_value (w, merge_info);
    }

  msvis_json_writer_end_object (w);
}

/* Nodes are formatted in blocks on worker threads and joined in order; the graph is not
 * changed while it is written. At most WINDOW blocks are in memory at once. */
#define BLOCK_NODES 2048
#define WINDOW 8
/* A block's text goes in pieces of about this size: growing one buffer to the block's
 * megabytes would copy them over and over. */
#define PIECE_SIZE (1024 * 1024)

typedef struct
{
  const Context *ctx;
  guint          depth;
  MsvisNodeId    first;
  MsvisNodeId    end;
  GPtrArray     *texts;     /* GString, set by the worker */
  GMutex        *lock;
  GCond         *done;
  GAsyncQueue   *spares;    /* GString: pieces written out, to be filled again */
} Block;

static void
free_piece (gpointer piece)
{
  g_string_free (piece, TRUE);
}

/* A piece the joining thread is done with, else a new one: fresh memory costs the kernel a
 * fault per page, and the same few megabytes go round instead. */
static GString *
spare_piece (GAsyncQueue *spares)
{
  GString *piece = g_async_queue_try_pop (spares);

  return piece != NULL ? piece : g_string_sized_new (PIECE_SIZE + PIECE_SIZE / 16);
}

static void
format_block (gpointer data,
              gpointer user_data)
{
  Block *block = data;
  Context ctx = *block->ctx;
  g_autoptr(GString) scratch = g_string_new (NULL);
  MsvisVector formatted = { 0 };
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autoptr(ValueCache) values = value_cache_new ();
  GPtrArray *texts = g_ptr_array_new ();

  ctx.scratch = scratch;
  ctx.formatted = &formatted;
  ctx.path = path;
  ctx.values = values;
  ctx.writer = msvis_json_writer_new_fragment (4, block->depth, block->first > 0,
                                               spare_piece (block->spares));
  for (MsvisNodeId node = block->first; node < block->end; node++)
    {
      write_node (&ctx, node);
      if (msvis_json_writer_get_length (ctx.writer) >= PIECE_SIZE)
        g_ptr_array_add (texts, msvis_json_writer_swap_fragment_text (ctx.writer,
                                                                      spare_piece (block->spares)));
    }
  g_ptr_array_add (texts, msvis_json_writer_end_fragment (ctx.writer));
  msvis_vector_clear (&formatted);

  g_mutex_lock (block->lock);
  block->texts = texts;
  g_cond_broadcast (block->done);
  g_mutex_unlock (block->lock);
}

static void
write_nodes_in_parallel (Context *ctx,
                         guint    depth)
{
  guint n = msvis_graph_get_n_listed (ctx->graph);   /* node_map, not what only hangs in it */
  guint n_blocks = (n + BLOCK_NODES - 1) / BLOCK_NODES;
  guint threads = ctx->threads ? ctx->threads : MIN (g_get_num_processors (), 8);
  g_autofree Block *blocks = g_new0 (Block, n_blocks);
  g_autoptr(GAsyncQueue) spares = NULL;
  GThreadPool *pool;
  GMutex lock;
  GCond done;
  guint submitted = 0;

  if (n_blocks <= 1 || threads <= 1)
    {
      for (MsvisNodeId node = 0; node < n; node++)
        write_node (ctx, node);
      return;
    }

  g_mutex_init (&lock);
  g_cond_init (&done);
  spares = g_async_queue_new_full (free_piece);
  pool = g_thread_pool_new (format_block, NULL, threads, FALSE, NULL);

  for (guint i = 0; i < n_blocks; i++)
    {
      Block *block = &blocks[i];

      while (submitted < n_blocks && submitted < i + WINDOW)
        {
          Block *next = &blocks[submitted];

          *next = (Block) { ctx, depth, submitted * BLOCK_NODES,
                            MIN (n, (submitted + 1) * BLOCK_NODES), NULL, &lock, &done,
                            spares };
          g_thread_pool_push (pool, next, NULL);
          submitted++;
        }

      g_mutex_lock (&lock);
      while (block->texts == NULL)
        g_cond_wait (&done, &lock);
      g_mutex_unlock (&lock);

      for (guint k = 0; k < block->texts->len; k++)
        {
          GString *text = g_ptr_array_index (block->texts, k);

          msvis_json_writer_append_fragment (ctx->writer, text,
                                             k + 1 == block->texts->len
                                             ? block->end - block->first : 0);
          g_string_truncate (text, 0);
          g_async_queue_push (spares, text);
        }
      g_ptr_array_unref (block->texts);
    }

  g_thread_pool_free (pool, FALSE, TRUE);
  g_mutex_clear (&lock);
  g_cond_clear (&done);
}

static void
context_init (Context    *ctx,
              MsvisGraph *graph,
              MsvisGraph *other,
              gboolean    drop_md5,
              GString    *scratch,
              MsvisVector *formatted,
              GArray     *path)
{
  static const char *pg_keys[] = { "type", "group_ranks", "group_id", "data_name" };
  static const char *p2p_keys[] = { "op", "peer", "tag", "group_id" };

  *ctx = (Context) { NULL, graph, other, msvis_graph_get_compare_results (graph), drop_md5 };
  ctx->atom_max = msvis_graph_atom (graph, "Max");
  ctx->atom_type = msvis_graph_atom (graph, "type");
  ctx->atom_md5 = msvis_graph_atom (graph, "md5");
  ctx->atom_requires_grad = msvis_graph_atom (graph, "requires_grad");
  for (guint i = 0; i < 4; i++)
    {
      ctx->process_group_keys[i] = msvis_graph_atom (graph, pg_keys[i]);
      ctx->p2p_keys[i] = msvis_graph_atom (graph, p2p_keys[i]);
    }
  ctx->scratch = scratch;
  ctx->formatted = formatted;
  ctx->path = path;

  /* Field names repeat in every item: escape each once. */
  ctx->key_text = g_string_new (NULL);
  ctx->key_starts = g_array_new (FALSE, FALSE, sizeof (gsize));
  for (guint32 atom = 0; atom < msvis_graph_get_n_atoms (graph); atom++)
    {
      const char *name = msvis_graph_atom_name (graph, atom);

      g_array_append_val (ctx->key_starts, ctx->key_text->len);
      msvis_json_append_escaped (ctx->key_text, name, strlen (name));
    }
  g_array_append_val (ctx->key_starts, ctx->key_text->len);
}

static void
context_clear (Context *ctx)
{
  g_string_free (ctx->key_text, TRUE);
  g_array_unref (ctx->key_starts);
}

/**
 * msvis_vis_write_graph_dict:
 * @other: (nullable): in a compare, the graph matched_node_link points into
 * @drop_md5: leave out the items' md5 (compares other than md5 build with it)
 *
 * Writes the members of Graph.to_dict: root, dump_data_dir and node, into the object the
 * caller has begun.
 */
void
msvis_vis_write_graph_dict (MsvisJsonWriter *writer,
                            MsvisGraph      *graph,
                            MsvisGraph      *other,
                            gboolean         drop_md5,
                            guint            threads)
{
  g_autoptr(GString) scratch = g_string_new (NULL);
  MsvisVector formatted = { 0 };
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  Context ctx;
  gboolean dir_is_null;
  const char *dir = msvis_graph_get_dump_data_dir (graph, &dir_is_null);

  context_init (&ctx, graph, other, drop_md5, scratch, &formatted, path);
  ctx.writer = writer;
  ctx.threads = threads;

  msvis_json_writer_key (writer, "root");
  msvis_json_writer_string (writer, msvis_graph_node_get_id (graph, msvis_graph_get_root (graph)));
  msvis_json_writer_key (writer, "dump_data_dir");
  if (dir_is_null)
    msvis_json_writer_null (writer);
  else
    msvis_json_writer_string (writer, dir);

  msvis_json_writer_key (writer, "node");
  msvis_json_writer_begin_object (writer);
  write_nodes_in_parallel (&ctx, msvis_json_writer_get_depth (writer));
  msvis_json_writer_end_object (writer);
  context_clear (&ctx);
  msvis_vector_clear (&formatted);
}

/**
 * msvis_vis_write_build:
 *
 * Writes the .vis of a build (one graph, no comparison) to @stream.
 */
gboolean
msvis_vis_write_build (MsvisGraph             *graph,
                       const MsvisVisOptions  *options,
                       GOutputStream          *stream,
                       GCancellable           *cancellable,
                       GError                **error)
{
  g_autoptr(MsvisJsonWriter) writer = msvis_json_writer_new (stream, 4, cancellable);

  msvis_json_writer_begin_object (writer);
  msvis_vis_write_graph_dict (writer, graph, NULL, FALSE, options->threads);
  msvis_json_writer_key (writer, "MicroSteps");
  msvis_json_writer_int (writer, msvis_graph_get_micro_steps (graph));
  msvis_json_writer_key (writer, "OverflowCheck");
  msvis_json_writer_bool (writer, options->overflow_check);
  msvis_json_writer_end_object (writer);

  return msvis_json_writer_finish (writer, error);
}

/* tb_graph_ascend adds both tables when it loads a file (setdefault) and keeps them in step,
 * so they come last, as inverse objects. */
static void
write_manual_matches (MsvisJsonWriter *writer,
                      const GPtrArray *pairs)
{
  for (guint side = 0; side < 2; side++)
    {
      msvis_json_writer_key (writer, side == 0 ? "npu_match_nodes" : "bench_match_nodes");
      msvis_json_writer_begin_object (writer);
      for (guint i = 0; i < pairs->len; i++)
        {
          const MsvisMatchPair *pair = g_ptr_array_index (pairs, i);

          msvis_json_writer_key (writer, side == 0 ? pair->npu : pair->bench);
          msvis_json_writer_string (writer, side == 0 ? pair->bench : pair->npu);
        }
      msvis_json_writer_end_object (writer);
    }
}

/**
 * msvis_vis_write_compare:
 * @compare: the other graph and the compare-wide members, which compare/ knows how to make
 *
 * Writes the .vis of a compare (§5.2): both graphs, then ToolTip, Colors, MicroSteps, task
 * and OverflowCheck.
 */
gboolean
msvis_vis_write_compare (MsvisGraph              *npu,
                         const MsvisVisCompare   *compare,
                         const MsvisVisOptions   *options,
                         GOutputStream           *stream,
                         GCancellable            *cancellable,
                         GError                 **error)
{
  g_autoptr(MsvisJsonWriter) writer = msvis_json_writer_new (stream, 4, cancellable);

  msvis_json_writer_begin_object (writer);
  msvis_json_writer_key (writer, "NPU");
  msvis_json_writer_begin_object (writer);
  msvis_vis_write_graph_dict (writer, npu, compare->bench, compare->drop_md5,
                              options->threads);
  msvis_json_writer_end_object (writer);
  msvis_json_writer_key (writer, "Bench");
  msvis_json_writer_begin_object (writer);
  msvis_vis_write_graph_dict (writer, compare->bench, npu, compare->drop_md5,
                              options->threads);
  msvis_json_writer_end_object (writer);
  msvis_json_writer_key (writer, "ToolTip");
  msvis_json_writer_string (writer, compare->tooltip);
  msvis_json_writer_key (writer, "Colors");
  msvis_json_writer_value (writer, compare->colors);
  msvis_json_writer_key (writer, "MicroSteps");
  msvis_json_writer_int (writer, msvis_graph_get_micro_steps (npu));
  msvis_json_writer_key (writer, "task");
  msvis_json_writer_string (writer, compare->task);
  msvis_json_writer_key (writer, "OverflowCheck");
  msvis_json_writer_bool (writer, options->overflow_check);
  if (compare->manual_matches != NULL)
    write_manual_matches (writer, compare->manual_matches);
  msvis_json_writer_end_object (writer);

  return msvis_json_writer_finish (writer, error);
}

static void
append_items (Context     *ctx,
              guint32      first,
              guint32      n,
              gboolean     batch_p2p,
              GString     *out)
{
  g_autoptr(GString) text = NULL;

  ctx->writer = msvis_json_writer_new_compact ();
  write_items (ctx, first, n, batch_p2p);
  text = msvis_json_writer_end_fragment (g_steal_pointer (&ctx->writer));
  g_string_append_len (out, text->str, text->len);
}

/**
 * msvis_vis_format_node_items:
 * @drop_md5: leave out the items' md5, as msvis_vis_write_graph_dict() does
 * @input_data: gets json.dumps() of the formatted input_data
 * @output_data: gets json.dumps() of the formatted output_data
 *
 * A node's items formatted as in a .vis (§5.5), written as one-line JSON the way the
 * .vis.db columns hold them. Not for several threads on one graph at once.
 */
void
msvis_vis_format_node_items (MsvisGraph  *graph,
                             MsvisNodeId  node,
                             gboolean     drop_md5,
                             GString     *input_data,
                             GString     *output_data)
{
  g_autoptr(GString) scratch = g_string_new (NULL);
  MsvisVector formatted = { 0 };
  gboolean batch_p2p =
    msvis_str_contains (msvis_graph_node_get_id (graph, node), "batch_isend_irecv");
  Context ctx;
  guint32 first, n;

  context_init (&ctx, graph, NULL, drop_md5, scratch, &formatted, NULL);
  first = msvis_graph_node_get_inputs (graph, node, &n);
  append_items (&ctx, first, n, batch_p2p, input_data);
  first = msvis_graph_node_get_outputs (graph, node, &n);
  append_items (&ctx, first, n, batch_p2p, output_data);
  context_clear (&ctx);
  msvis_vector_clear (&formatted);
}
