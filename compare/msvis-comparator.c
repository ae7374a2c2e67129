// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "msvis-comparator.h"
#include "msvis-compare-error.h"
#include "msvis-graph-builder.h"
#include "msvis-node-compare.h"
#include "msvis-py-number.h"

typedef struct
{
  MsvisNodeId npu;
  MsvisNodeId bench;
} NodePair;

typedef struct
{
  MsvisGraph                *npu;
  MsvisGraph                *bench;
  const MsvisCompareOptions *options;
  MsvisNodeCompare          *node_compare;
  GArray                    *pairs;   /* NodePair, in the order they were matched */
  guint32                    npu_type;
  guint32                    npu_shape;
  guint32                    bench_type;
  guint32                    bench_shape;
} Comparator;

static const MsvisField *
item_field (MsvisGraph *graph,
            guint32     first,
            guint32     i,
            guint32     atom)
{
  return msvis_graph_item_find_field (graph, first + i, atom);
}

/* compare_data: as many items, pairwise equal type and shape. */
static gboolean
items_equal (Comparator *c,
             guint32     n_first,
             guint32     n_count,
             guint32     b_first,
             guint32     b_count)
{
  if (n_count != b_count)
    return FALSE;
  for (guint32 i = 0; i < n_count; i++)
    if (!msvis_py_fields_equal (item_field (c->npu, n_first, i, c->npu_type),
                                item_field (c->bench, b_first, i, c->bench_type)) ||
        !msvis_py_fields_equal (item_field (c->npu, n_first, i, c->npu_shape),
                                item_field (c->bench, b_first, i, c->bench_shape)))
      return FALSE;
  return TRUE;
}

/* compare_data_fuzzy: zip() stops at the shorter side, and only shapes count. */
static gboolean
items_fuzzy_equal (Comparator *c,
                   guint32     n_first,
                   guint32     n_count,
                   guint32     b_first,
                   guint32     b_count)
{
  /* msprobe 26 matches by id alone (msprobe-2026.md §5.2) */
  if (c->options->any_shape || c->options->era == MSVIS_ERA_2026)
    return TRUE;
  for (guint32 i = 0; i < MIN (n_count, b_count); i++)
    if (!msvis_py_fields_equal (item_field (c->npu, n_first, i, c->npu_shape),
                                item_field (c->bench, b_first, i, c->bench_shape)))
      return FALSE;
  return TRUE;
}

static gboolean
nodes_equal (Comparator  *c,
             MsvisNodeId  n,
             MsvisNodeId  b,
             gboolean     fuzzy)
{
  guint32 n_count, b_count, n_first, b_first;
  gboolean (*equal) (Comparator *, guint32, guint32, guint32, guint32) =
    fuzzy ? items_fuzzy_equal : items_equal;

  n_first = msvis_graph_node_get_inputs (c->npu, n, &n_count);
  b_first = msvis_graph_node_get_inputs (c->bench, b, &b_count);
  if (!equal (c, n_first, n_count, b_first, b_count))
    return FALSE;
  n_first = msvis_graph_node_get_outputs (c->npu, n, &n_count);
  b_first = msvis_graph_node_get_outputs (c->bench, b, &b_count);
  return equal (c, n_first, n_count, b_first, b_count);
}

static gboolean
ancestors_equal (Comparator  *c,
                 MsvisNodeId  n,
                 MsvisNodeId  b)
{
  n = msvis_graph_node_get_parent (c->npu, n);
  b = msvis_graph_node_get_parent (c->bench, b);
  while (n != MSVIS_NODE_ID_NONE && b != MSVIS_NODE_ID_NONE)
    {
      if (strcmp (msvis_graph_node_get_id (c->npu, n), msvis_graph_node_get_id (c->bench, b)))
        return FALSE;
      n = msvis_graph_node_get_parent (c->npu, n);
      b = msvis_graph_node_get_parent (c->bench, b);
    }
  return n == b;
}

/* Both nodes point at each other; the link is written as the path to the counterpart. The
 * data are compared once all is matched: compare_pairs(). */
static void
link_and_compare (Comparator  *c,
                  MsvisNodeId  n,
                  MsvisNodeId  b)
{
  NodePair pair = { n, b };

  msvis_compare_results_set_link (msvis_graph_get_compare_results (c->npu), n, b);
  msvis_compare_results_set_link (msvis_graph_get_compare_results (c->bench), b, n);
  g_array_append_val (c->pairs, pair);
}

#define MAX_WORKERS 8

static MsvisNodeCompare *
node_compare_new (Comparator *c)
{
  MsvisNodeCompare *node_compare = msvis_node_compare_new_for_era (c->options->era,
                                                                   c->options->mode,
                                                                   c->npu, c->bench);

  msvis_node_compare_set_parallel_merge (node_compare, c->options->any_shape);
  return node_compare;
}

/* The threads a step over @n_items takes: the option, else one per core up to MAX_WORKERS,
 * and one under 4096 items, where starting threads costs more than it saves. */
static guint
worker_count (Comparator *c,
              guint       n_items)
{
  if (c->options->threads == 0 && n_items < 4096)
    return 1;
  return MIN (c->options->threads ? c->options->threads : g_get_num_processors (),
              MAX_WORKERS);
}

/* @func on each of the @n_workers elements of @workers (of @size bytes): the first on this
 * thread, the others on threads of their own, all done on return. */
static void
run_workers (const char  *name,
             GThreadFunc  func,
             gpointer     workers,
             gsize        size,
             guint        n_workers)
{
  GThread *threads[MAX_WORKERS];

  for (guint i = 1; i < n_workers; i++)
    threads[i] = g_thread_new (name, func, (char *)workers + i * size);
  func (workers);
  for (guint i = 1; i < n_workers; i++)
    g_thread_join (threads[i]);
}

typedef struct
{
  GArray           *pairs;
  MsvisNodeCompare *node_compare;
  guint             index;
  guint             n_workers;
} Worker;

/* A worker compares the pairs whose NPU node falls to it, in matching order: a node matched
 * twice is compared twice by the same worker, and the last comparison stands as before. */
static gpointer
compare_share (gpointer data)
{
  Worker *worker = data;

  for (guint i = 0; i < worker->pairs->len; i++)
    {
      const NodePair *pair = &g_array_index (worker->pairs, NodePair, i);

      if (pair->npu % worker->n_workers == worker->index)
        msvis_node_compare_run (worker->node_compare, pair->npu, pair->bench);
    }
  return NULL;
}

/* Comparing matched data is a third of a statistics compare and needs no order between
 * nodes, so it runs on every core. Real data keeps one comparer: it gathers rows in order
 * for msvis_node_compare_finish(). */
static void
compare_pairs (Comparator *c)
{
  guint n_workers = worker_count (c, c->pairs->len);
  MsvisCompareResults *results = msvis_graph_get_compare_results (c->npu);
  Worker workers[MAX_WORKERS];

  if (c->options->mode == MSVIS_COMPARE_REAL_DATA || n_workers < 2)
    {
      for (guint i = 0; i < c->pairs->len; i++)
        {
          const NodePair *pair = &g_array_index (c->pairs, NodePair, i);

          msvis_node_compare_run (c->node_compare, pair->npu, pair->bench);
        }
      return;
    }

  /* Each comparer interns its atoms here, before the graph's strings are shared. */
  for (guint i = 0; i < n_workers; i++)
    {
      workers[i] = (Worker) { c->pairs, i == 0 ? c->node_compare
                                               : node_compare_new (c),
                              i, n_workers };
      msvis_node_compare_set_store (workers[i].node_compare, i);
    }
  msvis_compare_results_share (results, msvis_graph_get_n_nodes (c->npu),
                               msvis_graph_get_n_items (c->npu), n_workers);
  msvis_graph_share_strings (c->npu, TRUE);
  run_workers ("msvis-compare", compare_share, workers, sizeof *workers, n_workers);
  msvis_graph_share_strings (c->npu, FALSE);
  msvis_compare_results_share (results, 0, 0, 0);
  msvis_node_compare_set_store (c->node_compare, 0);
  for (guint i = 1; i < n_workers; i++)
    msvis_node_compare_free (workers[i].node_compare);
}

/* match_default's test, which only reads both graphs: the bench node @n pairs with, or none. */
static MsvisNodeId
default_counterpart (Comparator  *c,
                     MsvisNodeId  n)
{
  MsvisNodeId b = msvis_graph_lookup (c->bench, msvis_graph_node_get_id (c->npu, n));

  /* msprobe 26 no longer compares the data items (msprobe-2026.md §5.1) */
  return b != MSVIS_NODE_ID_NONE &&
         (c->options->era == MSVIS_ERA_2026 || nodes_equal (c, n, b, FALSE)) &&
         ancestors_equal (c, n, b) ? b : MSVIS_NODE_ID_NONE;
}

typedef struct
{
  Comparator   *c;
  const GArray *queue;       /* MsvisNodeId */
  MsvisNodeId  *counterparts;
  guint         index;
  guint         n_workers;
} Finder;

static gpointer
find_counterparts (gpointer data)
{
  Finder *f = data;

  for (guint i = f->index; i < f->queue->len; i += f->n_workers)
    f->counterparts[i] = default_counterpart (f->c, g_array_index (f->queue, MsvisNodeId, i));
  return NULL;
}

/* The default matching of every node in @queue's order. Each node's test is independent of
 * the others', so the tests run on every core, and the links are made in order after. */
static void
match_all_default (Comparator   *c,
                   const GArray *queue)
{
  guint n_workers = worker_count (c, queue->len);
  g_autofree MsvisNodeId *counterparts = g_new (MsvisNodeId, queue->len);
  Finder finders[MAX_WORKERS];

  for (guint i = 0; i < n_workers; i++)
    finders[i] = (Finder) { c, queue, counterparts, i, n_workers };
  run_workers ("msvis-match", find_counterparts, finders, sizeof *finders, n_workers);

  for (guint i = 0; i < queue->len; i++)
    if (counterparts[i] != MSVIS_NODE_ID_NONE)
      link_and_compare (c, g_array_index (queue, MsvisNodeId, i), counterparts[i]);
}

static void
match_mapped (Comparator  *c,
              MsvisNodeId  n)
{
  const char *id = msvis_graph_node_get_id (c->npu, n);
  const char *mapped = g_hash_table_lookup (c->options->mapping, id);
  MsvisNodeId b = msvis_graph_lookup (c->bench, mapped ? mapped : id);

  if (b != MSVIS_NODE_ID_NONE)
    link_and_compare (c, n, b);
}

/**
 * msvis_compare_recount_key:
 *
 * _recount_api_node without the count: `.<digits>.` becomes `.` (matches do not overlap, as
 * with re.sub) and `_rank<digits>` goes.
 *
 * Returns: (transfer full): "Functional.relu.forward" for "Functional.relu.3.forward"
 */
char *
msvis_compare_recount_key (const char *api_id)
{
  GString *out = g_string_new (NULL);
  const char *p = api_id;

  while (*p != '\0')
    {
      if (*p == '.' && g_ascii_isdigit (p[1]))
        {
          const char *q = p + 1;

          while (g_ascii_isdigit (*q))
            q++;
          if (*q == '.')
            {
              g_string_append_c (out, '.');
              p = q + 1;
              continue;
            }
        }
      g_string_append_c (out, *p++);
    }

  for (char *rank = strstr (out->str, "_rank"); rank != NULL; rank = strstr (rank, "_rank"))
    {
      gsize digits = strspn (rank + 5, "0123456789");

      if (digits > 0)
        g_string_erase (out, rank - out->str, 5 + digits);
      else
        rank += 5;
    }
  return g_string_free (out, FALSE);
}

/* {recounted id: node} for the API children of @node, in first-seen order. */
static GHashTable *
recount_apis (MsvisGraph  *graph,
              MsvisNodeId  node,
              GPtrArray   *order)
{
  GHashTable *result = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (MsvisNodeId child = msvis_graph_node_get_first_child (graph, node);
       child != MSVIS_NODE_ID_NONE; child = msvis_graph_node_get_next_sibling (graph, child))
    {
      char *key;
      guint count;

      if (msvis_graph_node_get_node_type (graph, child) != MSVIS_NODE_API)
        continue;
      key = msvis_compare_recount_key (msvis_graph_node_get_id (graph, child));
      count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)) + 1;
      g_hash_table_replace (counts, key, GUINT_TO_POINTER (count));
      key = g_strdup_printf ("%s%u", key, count);
      if (order != NULL && !g_hash_table_contains (result, key))
        g_ptr_array_add (order, g_strdup (key));
      g_hash_table_replace (result, key, GUINT_TO_POINTER (child + 1));
    }
  return result;
}

static void
match_fuzzy (Comparator  *c,
             MsvisNodeId  n)
{
  MsvisNodeId b;
  g_autoptr(GHashTable) apis_n = NULL;
  g_autoptr(GHashTable) apis_b = NULL;
  g_autoptr(GPtrArray) order = NULL;

  if (msvis_graph_node_get_node_type (c->npu, n) == MSVIS_NODE_API)
    return;
  b = msvis_graph_lookup (c->bench, msvis_graph_node_get_id (c->npu, n));
  if (b == MSVIS_NODE_ID_NONE || !nodes_equal (c, n, b, TRUE))
    return;
  link_and_compare (c, n, b);

  /* The APIs right under two matched modules match by name and order of call, whatever
   * their dump counts say. */
  order = g_ptr_array_new_with_free_func (g_free);
  apis_n = recount_apis (c->npu, n, order);
  apis_b = recount_apis (c->bench, b, NULL);
  for (guint i = 0; i < order->len; i++)
    {
      const char *key = g_ptr_array_index (order, i);
      guint api_n = GPOINTER_TO_UINT (g_hash_table_lookup (apis_n, key));
      guint api_b = GPOINTER_TO_UINT (g_hash_table_lookup (apis_b, key));

      if (api_b != 0 && nodes_equal (c, api_n - 1, api_b - 1, TRUE))
        link_and_compare (c, api_n - 1, api_b - 1);
    }
}

/* The worst index of a collection's children, matched or not: the smallest in July's md5
 * mode, the largest otherwise (msprobe 26: in every mode, msprobe-2026.md §7.8). */
static void
index_api_collection (MsvisGraph       *npu,
                      MsvisCompareMode  mode,
                      MsvisEra          era,
                      MsvisNodeId       node)
{
  MsvisCompareResults *results = msvis_graph_ensure_compare_results (npu);
  gboolean md5 = mode == MSVIS_COMPARE_MD5 && era == MSVIS_ERA_2025_07;
  MsvisPyNumber index = MSVIS_PY_INT (md5 ? 1 : 0);

  for (MsvisNodeId api = msvis_graph_node_get_first_child (npu, node);
       api != MSVIS_NODE_ID_NONE; api = msvis_graph_node_get_next_sibling (npu, api))
    {
      MsvisPrecision p = msvis_compare_results_get_precision (results, api);
      MsvisPyNumber value = p.kind == MSVIS_PRECISION_NONE
        ? MSVIS_PY_INT (md5 ? 1 : 0)
        : (MsvisPyNumber) { p.kind == MSVIS_PRECISION_FLOAT, p.value };

      index = md5 ? msvis_py_min (index, value) : msvis_py_max (index, value);
    }
  msvis_compare_results_set_precision (results, node, msvis_py_number_to_precision (index));
}

/**
 * msvis_compare_foreach_api_collection:
 * @func: called with each collection msvis_compare_index_api_collections() indexes, in the
 *   order it indexes them
 */
void
msvis_compare_foreach_api_collection (MsvisGraph                *npu,
                                      MsvisCompareCollectionFunc func,
                                      gpointer                   user_data)
{
  MsvisNodeId root = msvis_graph_get_root (npu);

  for (MsvisNodeId node = msvis_graph_node_get_first_child (npu, root);
       node != MSVIS_NODE_ID_NONE; node = msvis_graph_node_get_next_sibling (npu, node))
    {
      if (msvis_graph_node_get_node_type (npu, node) != MSVIS_NODE_API_COLLECTION)
        continue;
      if (g_str_has_prefix (msvis_graph_node_get_id (npu, node),
                            "Apis_Between_Modules_All_Ranks"))
        for (MsvisNodeId sub = msvis_graph_node_get_first_child (npu, node);
             sub != MSVIS_NODE_ID_NONE; sub = msvis_graph_node_get_next_sibling (npu, sub))
          if (msvis_graph_node_get_node_type (npu, sub) == MSVIS_NODE_API_COLLECTION)
            func (npu, sub, user_data);
      func (npu, node, user_data);
    }
}

typedef struct
{
  MsvisCompareMode mode;
  MsvisEra         era;
} IndexKind;

static void
index_one (MsvisGraph  *npu,
           MsvisNodeId  node,
           gpointer     user_data)
{
  IndexKind *kind = user_data;

  index_api_collection (npu, kind->mode, kind->era, node);
}

/**
 * msvis_compare_index_api_collections:
 *
 * _handle_api_collection_index: every collection among the root's children; a parallel
 * merge's Apis_Between_Modules_All_Ranks.k after the rank collections it holds.
 */
void
msvis_compare_index_api_collections (MsvisGraph       *npu,
                                     MsvisCompareMode  mode)
{
  msvis_compare_index_api_collections_for_era (npu, mode, MSVIS_ERA_2025_07);
}

/**
 * msvis_compare_index_api_collections_for_era:
 *
 * msvis_compare_index_api_collections() as @era's msprobe does it.
 */
void
msvis_compare_index_api_collections_for_era (MsvisGraph       *npu,
                                             MsvisCompareMode  mode,
                                             MsvisEra          era)
{
  IndexKind kind = { mode, era };

  msvis_compare_foreach_api_collection (npu, index_one, &kind);
}

/* paging_by_micro_step with a second graph: a matched root child's counterpart takes its
 * micro step; the benchmark's other root children take their id's last number, or 0. An
 * NPU dump that numbered its own micro steps leaves the benchmark as it is; a benchmark
 * that did keeps its steps where no match overrides them (msprobe-2026.md §4.7). */
static void
page_bench (Comparator *c)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (c->npu);
  MsvisNodeId npu_root = msvis_graph_get_root (c->npu);
  MsvisNodeId bench_root = msvis_graph_get_root (c->bench);

  if (msvis_graph_get_micro_steps_from_dump (c->npu))
    {
      msvis_graph_clear_micro_steps (c->bench);
      return;
    }

  /* Only a root child without a micro step gets one from its id ("is None"). */
  if (!c->options->keep_bench_micro_steps && !msvis_graph_get_micro_steps_from_dump (c->bench))
    for (MsvisNodeId b = msvis_graph_node_get_first_child (c->bench, bench_root);
         b != MSVIS_NODE_ID_NONE; b = msvis_graph_node_get_next_sibling (c->bench, b))
      msvis_graph_node_set_micro_step (c->bench, b, -1);

  for (MsvisNodeId n = msvis_graph_node_get_first_child (c->npu, npu_root);
       n != MSVIS_NODE_ID_NONE; n = msvis_graph_node_get_next_sibling (c->npu, n))
    {
      MsvisNodeId b = msvis_compare_results_get_link (results, n);

      if (b != MSVIS_NODE_ID_NONE)
        msvis_graph_node_set_micro_step (c->bench, b, msvis_graph_node_get_micro_step (c->npu,
                                                                                       n));
    }

  for (MsvisNodeId b = msvis_graph_node_get_first_child (c->bench, bench_root);
       b != MSVIS_NODE_ID_NONE; b = msvis_graph_node_get_next_sibling (c->bench, b))
    if (msvis_graph_node_get_micro_step (c->bench, b) < 0)
      {
        const char *id = msvis_graph_node_get_id (c->bench, b);
        const char *last = strrchr (id, '.');
        gint64 step;

        if (!msvis_py_parse_int (last ? last + 1 : id, &step) || step < G_MININT32 ||
            step > G_MAXINT32)
          step = 0;
        msvis_graph_node_set_micro_step (c->bench, b, (gint)step);
      }
}

/* msprobe 26 has no header for structure mode: the first matched node with a row makes
 * ApiData raise (msprobe-2026.md §7.2), so such a compare fails as a whole. */
static gboolean
check_structure_rows (Comparator  *c,
                      GError     **error)
{
  if (c->options->era != MSVIS_ERA_2026 || c->options->mode != MSVIS_COMPARE_STRUCTURE)
    return TRUE;
  for (guint i = 0; i < c->pairs->len; i++)
    {
      MsvisNodeId n = g_array_index (c->pairs, NodePair, i).npu;
      guint32 n_in, n_out;

      msvis_graph_node_get_inputs (c->npu, n, &n_in);
      msvis_graph_node_get_outputs (c->npu, n, &n_out);
      if (n_in + n_out > 0)
        {
          g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                       /* translators: %s is a node name; the rest is msprobe's own message */
                       _("%s has data items, which msprobe 26 cannot compare in a structure "
                         "dump: The parameter \"mode\" error, expected summary/all/md5, "
                         "actually structure."),
                       msvis_graph_node_get_id (c->npu, n));
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * msvis_compare_graphs:
 *
 * msvis_compare_graphs_full() for compares that cannot fail: every July-era compare.
 */
void
msvis_compare_graphs (MsvisGraph                *npu,
                      MsvisGraph                *bench,
                      const MsvisCompareOptions *options)
{
  msvis_compare_graphs_full (npu, bench, options, NULL);
}

/**
 * msvis_compare_graphs_full:
 *
 * Walks the NPU tree breadth first, as msprobe does, so a node's ancestors are always
 * matched before it.
 *
 * Returns: %FALSE with @error set for a compare msprobe fails: in era 2026, a structure
 *   compare whose matched nodes have data items; the graphs then hold the matches only
 */
gboolean
msvis_compare_graphs_full (MsvisGraph                 *npu,
                           MsvisGraph                 *bench,
                           const MsvisCompareOptions  *options,
                           GError                    **error)
{
  Comparator c = { npu, bench, options, NULL };
  g_autoptr(MsvisNodeCompare) node_compare = c.node_compare = node_compare_new (&c);
  void (*match) (Comparator *, MsvisNodeId) =
    options->fuzzy ? match_fuzzy : options->mapping ? match_mapped : NULL;
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (NodePair));
  MsvisNodeId root = msvis_graph_get_root (npu);

  c.pairs = pairs;
  c.npu_type = msvis_graph_atom (npu, "type");
  c.npu_shape = msvis_graph_atom (npu, "shape");
  c.bench_type = msvis_graph_atom (bench, "type");
  c.bench_shape = msvis_graph_atom (bench, "shape");
  msvis_graph_ensure_compare_results (npu);
  msvis_graph_ensure_compare_results (bench);

  g_array_append_val (queue, root);
  for (guint head = 0; head < queue->len; head++)
    {
      MsvisNodeId n = g_array_index (queue, MsvisNodeId, head);

      if (match != NULL)
        match (&c, n);
      for (MsvisNodeId child = msvis_graph_node_get_first_child (npu, n);
           child != MSVIS_NODE_ID_NONE; child = msvis_graph_node_get_next_sibling (npu, child))
        g_array_append_val (queue, child);
    }
  if (match == NULL)
    match_all_default (&c, queue);
  if (!check_structure_rows (&c, error))
    return FALSE;
  compare_pairs (&c);

  /* msprobe indexes the API collections before the real-data compare gives their APIs an
   * index, so in that mode they stay 0. */
  msvis_compare_index_api_collections_for_era (npu, options->mode, options->era);
  msvis_node_compare_finish (node_compare, options->npu_tensor_dir, options->bench_tensor_dir,
                             options->warnings, options->cancellable);
  page_bench (&c);
  return TRUE;
}
