// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "msvis-graph-unattached.h"
#include "msvis-layout-engine-private.h"
#include "msvis-layout-private.h"

#define CHUNK_ITEMS     200     /* dot grows quadratically: 200 rows take ~5 ms, 2,000 ~350 ms */
#define MAX_DEPTH       1000    /* deeper expansions are shown collapsed, not a stack overflow */
#define LEAF_HEIGHT     26.
#define MODULE_HEIGHT   32.
#define MIN_WIDTH       64.
#define MAX_WIDTH       420.
#define TEXT_MARGIN     28.     /* label to box edge, both sides together */

typedef struct
{
  guint64  signature;
  guint    n_items;
  double   width;
  double   height;
  double  *xy;
} CachedChunk;

/* A placement by what was placed: dot gives the same answer for the same sizes, and a model's
 * repeated layers ask the same question thousands of times (a 90,000-node Expand All ran dot
 * 45,000 times, mostly on a handful of shapes). */
typedef struct
{
  guint64         signature;
  guint           n_items;
  MsvisChunkItem *items;
  double          width;
  double          height;
  double         *xy;
} Shape;

/* Size of a shown node, and for an expanded one where its children go (relative to it). */
typedef struct
{
  double  width;
  double  height;
  gboolean     expanded;
  guint        n_children;
  double      *child_xy;
  MsvisNodeId *child_ids;
} NodeGeometry;

struct _MsvisLayoutEngine
{
  gint            ref_count;
  MsvisGraph     *graph;
  GMutex          lock;       /* the caches below: one run at a time */
  MsvisTextMeter *meter;
  GHashTable     *label_widths;  /* node -> double, in a gpointer-sized slot */
  GHashTable     *chunks;        /* (container << 32 | chunk) -> CachedChunk */
  GHashTable     *shapes;        /* Shape set */
  double          wrap_width;    /* rows of leaves fit in it; 0: MSVIS_LAYOUT_ROW_MAX a row */
};

typedef struct
{
  MsvisLayoutEngine *self;
  GHashTable        *expanded;
  gint               micro_step;
  GCancellable      *cancellable;
  GHashTable        *geometry;     /* node -> NodeGeometry */
  MsvisLayout       *layout;
  double             wrap_width;   /* the engine's, when the run started */
} Run;

G_DEFINE_BOXED_TYPE (MsvisLayoutEngine, msvis_layout_engine, msvis_layout_engine_ref,
                     msvis_layout_engine_unref)

static void
cached_chunk_free (gpointer data)
{
  CachedChunk *chunk = data;

  g_free (chunk->xy);
  g_free (chunk);
}

static void
shape_free (gpointer data)
{
  Shape *shape = data;

  g_free (shape->items);
  g_free (shape->xy);
  g_free (shape);
}

static guint
shape_hash (gconstpointer key)
{
  const Shape *shape = key;

  return (guint) (shape->signature ^ (shape->signature >> 32));
}

static gboolean
shape_equal (gconstpointer a,
             gconstpointer b)
{
  const Shape *x = a, *y = b;

  if (x->signature != y->signature || x->n_items != y->n_items)
    return FALSE;
  for (guint i = 0; i < x->n_items; i++)
    if (x->items[i].width != y->items[i].width || x->items[i].height != y->items[i].height
        || !x->items[i].leaf != !y->items[i].leaf
        || !x->items[i].row_start != !y->items[i].row_start)
      return FALSE;
  return TRUE;
}

static void
node_geometry_free (gpointer data)
{
  NodeGeometry *geometry = data;

  g_free (geometry->child_xy);
  g_free (geometry->child_ids);
  g_free (geometry);
}

/* GLib 2.74's g_int64_hash keeps the low 32 bits, the chunk index, which is 0 for nearly every
 * container: all keys shared a few hashes and Expand All on 90,000 nodes spent most of its
 * 10 s probing (perf: g_int64_equal 45 %). */
static guint
chunk_key_hash (gconstpointer key)
{
  guint64 v = *(const guint64 *) key;

  return (guint) ((v >> 32) * 2654435761u) ^ (guint) v;
}

MsvisLayoutEngine *
msvis_layout_engine_new (MsvisGraph *graph)
{
  MsvisLayoutEngine *self;

  g_return_val_if_fail (MSVIS_IS_GRAPH (graph), NULL);

  self = g_new0 (MsvisLayoutEngine, 1);
  self->ref_count = 1;
  self->graph = g_object_ref (graph);
  g_mutex_init (&self->lock);
  self->label_widths = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->chunks = g_hash_table_new_full (chunk_key_hash, g_int64_equal, g_free, cached_chunk_free);
  self->shapes = g_hash_table_new_full (shape_hash, shape_equal, shape_free, NULL);
  return self;
}

MsvisLayoutEngine *
msvis_layout_engine_ref (MsvisLayoutEngine *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
msvis_layout_engine_unref (MsvisLayoutEngine *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;

  g_object_unref (self->graph);
  g_mutex_clear (&self->lock);
  msvis_text_meter_free (self->meter);
  g_hash_table_unref (self->label_widths);
  g_hash_table_unref (self->chunks);
  g_hash_table_unref (self->shapes);
  g_free (self);
}

/* The last @keep dot-separated parts of @id, or all of it. */
static const char *
last_parts (const char *id,
            guint       keep)
{
  const char *p = id + strlen (id);
  guint dots = 0;

  while (p > id)
    {
      p--;
      if (*p == '.' && ++dots == keep)
        return p + 1;
    }
  return id;
}

static gboolean
part_is_digits (const char *id,
                guint       from_end)
{
  const char *start = last_parts (id, from_end);
  const char *end = strchr (start, '.');

  if (start == id && from_end > 1 && last_parts (id, from_end - 1) == id)
    return FALSE;   /* fewer parts than that */
  if (end == NULL)
    end = start + strlen (start);
  if (end == start)
    return FALSE;
  for (const char *p = start; p < end; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

/**
 * msvis_layout_short_label:
 * @top_level: @id is a child of the root
 *
 * tb_graph_ascend's labels: a root child shows its whole id; deeper modules their last four
 * dotted parts (five when the fourth from the end is a number, so the layer index keeps its
 * name), deeper APIs their last two (three when the second from the end is a number).
 *
 * Returns: a suffix of @id
 */
const char *
msvis_layout_short_label (const char *id,
                          gboolean    top_level,
                          gboolean    is_module)
{
  g_return_val_if_fail (id != NULL, NULL);

  if (top_level)
    return id;
  if (is_module)
    return last_parts (id, part_is_digits (id, 4) ? 5 : 4);
  return last_parts (id, part_is_digits (id, 2) ? 3 : 2);
}

static guint8
box_shape (MsvisGraph  *graph,
           MsvisNodeId  node)
{
  if (msvis_graph_node_is_synthetic (graph, node))
    return MSVIS_BOX_SHAPE_UNATTACHED;
  if (msvis_graph_node_get_n_children (graph, node) == 0)
    return MSVIS_BOX_SHAPE_API;
  if (msvis_graph_node_get_node_type (graph, node) == MSVIS_NODE_API_COLLECTION)
    return MSVIS_BOX_SHAPE_API_COLLECTION;
  return MSVIS_BOX_SHAPE_MODULE;
}

static const char *
node_label (MsvisGraph  *graph,
            MsvisNodeId  node)
{
  MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
  gboolean top = parent == MSVIS_NODE_ID_NONE || parent == msvis_graph_get_root (graph);

  if (msvis_graph_node_is_synthetic (graph, node))
    return msvis_graph_get_unattached_label (graph);
  return msvis_layout_short_label (msvis_graph_node_get_id (graph, node), top,
                                   box_shape (graph, node) != MSVIS_BOX_SHAPE_API);
}

static double
label_width (MsvisLayoutEngine *self,
             MsvisNodeId        node)
{
  double *slot = g_hash_table_lookup (self->label_widths, GUINT_TO_POINTER (node));

  if (slot == NULL)
    {
      if (self->meter == NULL)
        self->meter = msvis_text_meter_new ();
      slot = g_new (double, 1);
      *slot = msvis_text_meter_measure (self->meter, node_label (self->graph, node));
      g_hash_table_insert (self->label_widths, GUINT_TO_POINTER (node), slot);
    }
  return *slot;
}

static gboolean
is_shown (Run         *run,
          MsvisNodeId  parent,
          MsvisNodeId  child)
{
  gint step;

  /* The micro-step choice filters the root's children only; a child without one (-1) is
   * always shown (vis-format.md §6.3). */
  if (run->micro_step < 0 || parent != msvis_graph_get_root (run->self->graph))
    return TRUE;
  step = msvis_graph_node_get_micro_step (run->self->graph, child);
  return step < 0 || step == run->micro_step;
}

static guint64
chunk_signature (const MsvisChunkItem *items,
                 guint                 n)
{
  guint64 h = 1469598103934665603ull;

  for (guint i = 0; i < n; i++)
    {
      guint64 w = (guint64)(items[i].width * 64), v = (guint64)(items[i].height * 64);

      h = (h ^ w) * 1099511628211ull;
      h = (h ^ v) * 1099511628211ull;
      h = (h ^ (guint64)items[i].leaf) * 1099511628211ull;
      h = (h ^ (guint64)items[i].row_start) * 1099511628211ull;
    }
  return h ^ n;
}

/* dot's placement of @items, from the shapes placed before when it is one of them. */
static const Shape *
place_shape (Run                  *run,
             const MsvisChunkItem *items,
             guint                 n,
             guint64               signature,
             GError              **error)
{
  Shape key = { signature, n, (MsvisChunkItem *) items };
  Shape *shape = g_hash_table_lookup (run->self->shapes, &key);

  if (shape != NULL)
    return shape;
  shape = g_new0 (Shape, 1);
  shape->signature = signature;
  shape->n_items = n;
  shape->items = g_memdup2 (items, n * sizeof *items);
  shape->xy = g_new (double, 2 * n);
  if (!msvis_layout_graphviz_place (items, n, shape->xy, &shape->width, &shape->height, error))
    {
      shape_free (shape);
      return NULL;
    }
  g_hash_table_add (run->self->shapes, shape);
  return shape;
}

static const CachedChunk *
place_chunk (Run                  *run,
             MsvisNodeId           container,
             guint                 chunk_index,
             const MsvisChunkItem *items,
             guint                 n,
             GError              **error)
{
  gint64 key = ((gint64)container << 32) | chunk_index;
  guint64 signature = chunk_signature (items, n);
  CachedChunk *chunk = g_hash_table_lookup (run->self->chunks, &key);
  const Shape *shape;

  if (chunk != NULL && chunk->signature == signature && chunk->n_items == n)
    return chunk;
  if (!(shape = place_shape (run, items, n, signature, error)))
    return NULL;
  chunk = g_new0 (CachedChunk, 1);
  chunk->signature = signature;
  chunk->n_items = n;
  chunk->xy = g_memdup2 (shape->xy, 2 * n * sizeof (double));
  chunk->width = shape->width;
  chunk->height = shape->height;
  g_hash_table_insert (run->self->chunks, g_memdup2 (&key, sizeof key), chunk);
  return chunk;
}

/* Where a chunk may end: never inside a row of leaves, or rows would differ with the chunk
 * size. */
static guint
chunk_end (const MsvisChunkItem *items,
           guint                 n,
           guint                 start)
{
  guint end = MIN (start + CHUNK_ITEMS, n);

  while (end < n && end > start + 1 && !items[end].row_start)
    end--;
  return end;
}

/* Rows of leaves as wide as the pane holds at this depth (each level of nesting takes its
 * padding on both sides), at most MSVIS_LAYOUT_ROW_MAX, at least one: a 400-px pane cut the
 * fifth leaf of every row at its edge. A container always has a row of its own. */
static void
break_rows (Run            *run,
            MsvisChunkItem *items,
            guint           n,
            guint           depth)
{
  double room = run->wrap_width - 2 * MSVIS_LAYOUT_PADDING * (depth + 1);
  double used = 0;
  guint in_row = 0;

  for (guint i = 0; i < n; i++)
    {
      gboolean fits = run->wrap_width <= 0 || used + MSVIS_LAYOUT_GAP + items[i].width <= room;

      items[i].row_start = !items[i].leaf || i == 0 || !items[i - 1].leaf
                           || in_row == MSVIS_LAYOUT_ROW_MAX || !fits;
      if (items[i].row_start)
        used = in_row = 0;
      used += (in_row > 0 ? MSVIS_LAYOUT_GAP : 0) + items[i].width;
      in_row++;
    }
}

/* The widest a box at @depth may be: MAX_WIDTH, and within the wrap width less the padding
 * of the containers around it, so that a long name is shortened in the pane rather than
 * pushing its row, and the rows centred with it, past the pane's edge. */
static double
max_width (Run   *run,
           guint  depth)
{
  if (run->wrap_width <= 0)
    return MAX_WIDTH;
  return CLAMP (run->wrap_width - 2 * MSVIS_LAYOUT_PADDING * depth, MIN_WIDTH, MAX_WIDTH);
}

static gboolean measure_node (Run          *run,
                              MsvisNodeId   node,
                              guint         depth,
                              NodeGeometry *out,
                              GError      **error);

static gboolean
is_expanded (Run         *run,
             MsvisNodeId  node,
             guint        depth)
{
  if (msvis_graph_node_get_n_children (run->self->graph, node) == 0 || depth >= MAX_DEPTH)
    return FALSE;
  return node == msvis_graph_get_root (run->self->graph)
         || g_hash_table_contains (run->expanded, GUINT_TO_POINTER (node));
}

/* Places an expanded container's shown children: chunk by chunk, chunks stacked and centred. */
static gboolean
place_children (Run           *run,
                MsvisNodeId    node,
                guint          depth,
                GArray        *children,
                MsvisChunkItem *items,
                NodeGeometry  *geometry,
                GError       **error)
{
  double y = 0, content_width = 0;
  guint n = children->len;
  g_autofree double *chunk_x = NULL;
  guint n_chunks = 0;

  geometry->child_xy = g_new (double, 2 * n);
  chunk_x = g_new0 (double, n / 2 + 2);
  for (guint start = 0; start < n; n_chunks++)
    {
      guint end = chunk_end (items, n, start);
      const CachedChunk *chunk = place_chunk (run, node, n_chunks, items + start, end - start,
                                              error);

      if (chunk == NULL)
        return FALSE;
      for (guint i = 0; i < end - start; i++)
        {
          geometry->child_xy[2 * (start + i)] = chunk->xy[2 * i];
          geometry->child_xy[2 * (start + i) + 1] = chunk->xy[2 * i + 1] + y;
        }
      chunk_x[n_chunks] = chunk->width;
      content_width = MAX (content_width, chunk->width);
      y += chunk->height + MSVIS_LAYOUT_GAP;
      start = end;
      if (g_cancellable_set_error_if_cancelled (run->cancellable, error))
        return FALSE;
    }

  /* Centre each chunk in the container, then move everything inside the padding. */
  for (guint start = 0, c = 0; start < n; c++)
    {
      guint end = chunk_end (items, n, start);
      double shift = (content_width - chunk_x[c]) / 2 + MSVIS_LAYOUT_PADDING;

      for (guint i = start; i < end; i++)
        {
          geometry->child_xy[2 * i] += shift;
          geometry->child_xy[2 * i + 1] += MSVIS_LAYOUT_HEADER;
        }
      start = end;
    }
  geometry->n_children = n;
  geometry->child_ids = g_memdup2 (children->data, n * sizeof (MsvisNodeId));
  geometry->width = MAX (content_width + 2 * MSVIS_LAYOUT_PADDING,
                         MIN (label_width (run->self, node) + TEXT_MARGIN + 24,
                              max_width (run, depth)));
  geometry->height = MSVIS_LAYOUT_HEADER + y - MSVIS_LAYOUT_GAP + MSVIS_LAYOUT_PADDING;
  /* A container narrower than its title: centre the children under it. */
  if (content_width + 2 * MSVIS_LAYOUT_PADDING < geometry->width)
    for (guint i = 0; i < n; i++)
      geometry->child_xy[2 * i] += (geometry->width - content_width) / 2 - MSVIS_LAYOUT_PADDING;
  return TRUE;
}

static GArray *
shown_children (Run         *run,
                MsvisNodeId  node)
{
  MsvisGraph *graph = run->self->graph;
  GArray *children = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));

  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (graph, c))
    if (is_shown (run, node, c))
      g_array_append_val (children, c);
  return children;
}

static gboolean
measure_container (Run          *run,
                   MsvisNodeId   node,
                   guint         depth,
                   NodeGeometry *geometry,
                   GError      **error)
{
  g_autoptr(GArray) children = shown_children (run, node);
  g_autofree MsvisChunkItem *items = g_new0 (MsvisChunkItem, MAX (children->len, 1));

  geometry->expanded = TRUE;
  if (children->len == 0)
    {
      geometry->width = MIN (label_width (run->self, node) + TEXT_MARGIN + 24,
                             max_width (run, depth));
      geometry->width = MAX (geometry->width, MIN_WIDTH);
      geometry->height = MSVIS_LAYOUT_HEADER + MSVIS_LAYOUT_PADDING;
      return TRUE;
    }

  for (guint i = 0; i < children->len; i++)
    {
      MsvisNodeId child = g_array_index (children, MsvisNodeId, i);
      NodeGeometry *child_geometry = g_new0 (NodeGeometry, 1);

      g_hash_table_insert (run->geometry, GUINT_TO_POINTER (child), child_geometry);
      if (!measure_node (run, child, depth + 1, child_geometry, error))
        return FALSE;
      items[i].width = child_geometry->width;
      items[i].height = child_geometry->height;
      items[i].leaf = msvis_graph_node_get_n_children (run->self->graph, child) == 0;
    }
  break_rows (run, items, children->len, depth);
  return place_children (run, node, depth, children, items, geometry, error);
}

static gboolean
measure_node (Run          *run,
              MsvisNodeId   node,
              guint         depth,
              NodeGeometry *geometry,
              GError      **error)
{
  gboolean leaf = msvis_graph_node_get_n_children (run->self->graph, node) == 0;
  double text = label_width (run->self, node);

  if (is_expanded (run, node, depth))
    return measure_container (run, node, depth, geometry, error);

  /* Collapsed modules keep room for the expander mark. */
  geometry->width = CLAMP (text + TEXT_MARGIN + (leaf ? 0 : 18), MIN_WIDTH,
                           max_width (run, depth));
  geometry->height = leaf ? LEAF_HEIGHT : MODULE_HEIGHT;
  return TRUE;
}

static guint
append_box (Run          *run,
            MsvisNodeId   node,
            guint         parent,
            guint16       depth,
            double        x,
            double        y,
            NodeGeometry *geometry)
{
  MsvisGraph *graph = run->self->graph;
  MsvisLayout *layout = run->layout;
  MsvisLayoutBox box = { { x, y, geometry->width, geometry->height }, node };

  box.parent = parent;
  box.depth = depth;
  box.n_subnodes = msvis_graph_node_get_n_children (graph, node);
  box.expanded = geometry->expanded;
  box.shape = box_shape (graph, node);
  box.label = node_label (graph, node);
  box.label_width = label_width (run->self, node);
  g_array_append_val (layout->boxes, box);
  g_hash_table_insert (layout->by_node, GUINT_TO_POINTER (node),
                       GUINT_TO_POINTER (layout->boxes->len));
  return layout->boxes->len - 1;
}

/* Breadth first, so that each container's children are contiguous boxes. */
static void
assemble (Run          *run,
          MsvisNodeId   root,
          NodeGeometry *root_geometry)
{
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint));
  guint first = append_box (run, root, MSVIS_LAYOUT_NO_BOX, 0, 0, 0, root_geometry);

  g_array_append_val (queue, first);
  for (guint q = 0; q < queue->len; q++)
    {
      guint index = g_array_index (queue, guint, q);
      MsvisLayoutBox parent = g_array_index (run->layout->boxes, MsvisLayoutBox, index);
      NodeGeometry *geometry = index == 0 ? root_geometry
                                          : g_hash_table_lookup (run->geometry,
                                                                 GUINT_TO_POINTER (parent.node));
      guint first_child = run->layout->boxes->len;

      if (geometry->child_ids == NULL)
        continue;
      for (guint i = 0; i < geometry->n_children; i++)
        {
          MsvisNodeId child = geometry->child_ids[i];
          guint added = append_box (run, child, index, parent.depth + 1,
                                    parent.rect.x + geometry->child_xy[2 * i],
                                    parent.rect.y + geometry->child_xy[2 * i + 1],
                                    g_hash_table_lookup (run->geometry,
                                                         GUINT_TO_POINTER (child)));

          g_array_append_val (queue, added);
        }
      g_array_index (run->layout->boxes, MsvisLayoutBox, index).first_child = first_child;
      g_array_index (run->layout->boxes, MsvisLayoutBox, index).n_children =
        geometry->n_children;
    }
}

/**
 * msvis_layout_engine_run:
 * @expanded: (element-type MsvisNodeId): the open containers (the root always is)
 * @micro_step: the micro step whose root children are shown, or -1 for all
 *
 * Blocks for as long as graphviz needs: call it from a worker, or use the _async variant.
 *
 * Returns: (transfer full): the layout, or %NULL with @error set
 */
MsvisLayout *
msvis_layout_engine_run (MsvisLayoutEngine  *self,
                         GHashTable         *expanded,
                         gint                micro_step,
                         GCancellable       *cancellable,
                         GError            **error)
{
  g_autoptr(GHashTable) geometry = g_hash_table_new_full (NULL, NULL, NULL, node_geometry_free);
  g_autoptr(GMutexLocker) locker = NULL;
  NodeGeometry root_geometry = { 0 };
  MsvisNodeId root;
  Run run = { self, expanded, micro_step, cancellable, geometry, NULL };
  gboolean ok;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (expanded != NULL, NULL);

  root = msvis_graph_get_root (self->graph);
  if (root == MSVIS_NODE_ID_NONE)
    {
      g_set_error (error, MSVIS_LAYOUT_ERROR, MSVIS_LAYOUT_ERROR_NO_ROOT,
                   _("The graph has no root node"));
      return NULL;
    }

  locker = g_mutex_locker_new (&self->lock);
  run.wrap_width = self->wrap_width;
  ok = measure_node (&run, root, 0, &root_geometry, error);
  if (ok)
    {
      run.layout = msvis_layout_new ();
      assemble (&run, root, &root_geometry);
    }
  g_free (root_geometry.child_xy);
  g_free (root_geometry.child_ids);
  return run.layout;
}

/**
 * msvis_layout_engine_set_wrap_width:
 * @width: the width, in layout pixels, that rows of leaves fit in (the root's box included);
 *   0 for rows of MSVIS_LAYOUT_ROW_MAX whatever their width
 *
 * Takes effect with the next run.
 */
void
msvis_layout_engine_set_wrap_width (MsvisLayoutEngine *self,
                                    double             width)
{
  g_return_if_fail (self != NULL);

  g_mutex_lock (&self->lock);
  self->wrap_width = MAX (width, 0);
  g_mutex_unlock (&self->lock);
}

typedef struct
{
  MsvisLayoutEngine *engine;
  GHashTable        *expanded;
  gint               micro_step;
} RunJob;

static void
run_job_free (gpointer data)
{
  RunJob *job = data;

  msvis_layout_engine_unref (job->engine);
  g_hash_table_unref (job->expanded);
  g_free (job);
}

static void
layout_thread_func (gpointer data,
                    gpointer user_data)
{
  g_autoptr(GTask) task = data;
  RunJob *job = g_task_get_task_data (task);
  GError *error = NULL;
  MsvisLayout *layout;

  if (g_task_return_error_if_cancelled (task))
    return;
  layout = msvis_layout_engine_run (job->engine, job->expanded, job->micro_step,
                                    g_task_get_cancellable (task), &error);
  if (layout == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, layout, (GDestroyNotify)msvis_layout_unref);
}

/* One thread for every layout in the process: graphviz runs one call at a time anyway, and
 * requests queue here instead of holding threads of the shared GTask pool. */
static GThreadPool *
layout_pool (void)
{
  static GThreadPool *pool;

  if (g_once_init_enter (&pool))
    g_once_init_leave (&pool, g_thread_pool_new (layout_thread_func, NULL, 1, FALSE, NULL));
  return pool;
}

/**
 * msvis_layout_engine_run_async:
 * @expanded: (transfer none): copied: the caller may change it at once
 */
void
msvis_layout_engine_run_async (MsvisLayoutEngine  *self,
                               GHashTable         *expanded,
                               gint                micro_step,
                               GCancellable       *cancellable,
                               GAsyncReadyCallback callback,
                               gpointer            user_data)
{
  GTask *task;
  RunJob *job;
  GHashTableIter iter;
  gpointer key;

  g_return_if_fail (self != NULL);
  g_return_if_fail (expanded != NULL);

  job = g_new0 (RunJob, 1);
  job->engine = msvis_layout_engine_ref (self);
  job->expanded = g_hash_table_new (NULL, NULL);
  job->micro_step = micro_step;
  g_hash_table_iter_init (&iter, expanded);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (job->expanded, key);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, msvis_layout_engine_run_async);
  g_task_set_name (task, "[msvis] layout");
  g_task_set_task_data (task, job, run_job_free);
  g_thread_pool_push (layout_pool (), task, NULL);
}

MsvisLayout *
msvis_layout_engine_run_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == msvis_layout_engine_run_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
