// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-node-finder-private.h"

/* Orders.
 *
 * "Dump order" is the order nodes stand in the file: the .vis node map and the .vis.db rows
 * (ORDER BY rowid) are both msprobe's node_map order, and both readers give ids in the order
 * they read nodes. So dump order is id order, and no other order is kept.
 *
 * Lists hold leaves only (nodes without subnodes), as tb_graph_ascend's precision, overflow
 * and unmatched filters do (vis-format.md §6.4: it "walks the leaves"). A module's colour
 * sums up its children, so listing modules too would name every divergence twice; search by
 * name, in contrast, finds modules as well.
 *
 * The Bench side of a compare has no precision_index of its own (§4.4: only NPU nodes get
 * data); a Bench node takes the bucket of its NPU counterpart, so that both sides list the
 * same pairs. */

G_DEFINE_BOXED_TYPE (MsvisNodeFinder, msvis_node_finder,
                     msvis_node_finder_ref, msvis_node_finder_unref)

static gboolean
is_leaf (MsvisNodeFinder *self,
         MsvisNodeId      node)
{
  return msvis_graph_node_get_first_child (self->graph, node) == MSVIS_NODE_ID_NONE;
}

/* The larger a bucket's values, the larger the deviation it describes (§4.7: "值越大代表测量值与
 * 标杆值的偏差越大"), except in the July md5 legend (msvis_buckets_reads_inverted()); a msprobe 26
 * legend names its levels, which decide. Colors lists the buckets mildest first, but a file
 * saved by another tool need not, so the order is worked out from the levels or ranges. */
static gboolean
is_milder (MsvisNodeFinder *self,
           int              a,
           int              b)
{
  const MsvisBucket *ba = msvis_buckets_get (self->buckets, a);
  const MsvisBucket *bb = msvis_buckets_get (self->buckets, b);

  if (ba->level != bb->level)
    return ba->level < bb->level;
  if (ba->lo != bb->lo)
    return self->md5 ? ba->lo > bb->lo : ba->lo < bb->lo;
  return a < b;
}

static void
msvis_node_finder_rank_buckets (MsvisNodeFinder *self)
{
  guint n = msvis_buckets_get_n (self->buckets);

  self->severity = g_new0 (guint, MAX (n, 1));
  self->by_severity = g_new0 (int, MAX (n, 1));

  /* Insertion sort: a legend has a handful of entries. */
  for (guint i = 0; i < n; i++)
    {
      guint j = i;

      for (; j > 0 && is_milder (self, i, self->by_severity[j - 1]); j--)
        self->by_severity[j] = self->by_severity[j - 1];
      self->by_severity[j] = i;
    }
  for (guint rank = 0; rank < n; rank++)
    self->severity[self->by_severity[rank]] = rank;
}

static int
msvis_node_finder_classify (MsvisNodeFinder     *self,
                            MsvisCompareResults *results,
                            MsvisCompareResults *npu_results,
                            MsvisNodeId          node)
{
  MsvisNodeId link;

  if (!msvis_vis_document_is_compare (self->doc))
    return MSVIS_BUCKET_NO_VALUE;
  /* A compare side without results is one where nothing matched. */
  link = results ? msvis_compare_results_get_link (results, node) : MSVIS_NODE_ID_NONE;
  if (link == MSVIS_NODE_ID_NONE)
    return MSVIS_BUCKET_UNMATCHED;
  if (self->bench)
    return npu_results == NULL
           ? MSVIS_BUCKET_NO_VALUE
           : msvis_buckets_classify (self->buckets, TRUE,
                                     msvis_compare_results_get_precision (npu_results, link));
  return msvis_buckets_classify (self->buckets, TRUE,
                                 msvis_compare_results_get_precision (results, node));
}

static void
msvis_node_finder_count_leaves (MsvisNodeFinder *self)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (self->graph);
  MsvisCompareResults *npu_results =
    msvis_graph_get_compare_results (msvis_vis_document_get_npu (self->doc));

  self->bucket_of = g_new (gint16, MAX (self->n_nodes, 1));
  msvis_graph_summary_init (&self->counts, self->buckets);
  self->counts.n_nodes = self->n_nodes;

  for (MsvisNodeId node = 0; node < self->n_nodes; node++)
    {
      int bucket = msvis_node_finder_classify (self, results, npu_results, node);

      /* Colors holds a handful of entries; more than fit in 15 bits would be no legend. */
      if (bucket > G_MAXINT16)
        bucket = MSVIS_BUCKET_OUTSIDE;
      self->bucket_of[node] = bucket;
      msvis_graph_summary_add_leaf (&self->counts, self->graph, node, bucket);
    }
}

/* Divergences are placed by counting sort: one segment per severity, worst first. */
static void
msvis_node_finder_collect_divergences (MsvisNodeFinder *self)
{
  guint n = msvis_buckets_get_n (self->buckets);
  g_autofree guint *fill = NULL;
  guint total = 0;

  self->segment_start = g_new0 (guint, n + 1);
  self->divergences = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  if (n < 2)
    return;

  /* Segment k holds severity n - 1 - k; the mildest bucket (severity 0) is no divergence. */
  for (guint k = 0; k < n; k++)
    {
      self->segment_start[k] = total;
      if (k < n - 1)
        total += self->counts.bucket_counts[self->by_severity[n - 1 - k]];
    }
  self->segment_start[n] = total;
  g_array_set_size (self->divergences, total);

  fill = g_memdup2 (self->segment_start, sizeof (guint) * (n + 1));
  for (MsvisNodeId node = 0; node < self->n_nodes; node++)
    {
      int bucket = self->bucket_of[node];
      guint k;

      if (bucket < 0 || self->severity[bucket] == 0 || !is_leaf (self, node))
        continue;
      k = n - 1 - self->severity[bucket];
      g_array_index (self->divergences, MsvisNodeId, fill[k]++) = node;
    }
}

/**
 * msvis_node_finder_new:
 * @doc: a loaded document; the finder keeps a reference
 * @bench: the Bench side of a compare rather than the NPU side (or the only graph)
 *
 * Classifies every node once: O(nodes), no node data read.
 *
 * Returns: (transfer full): a finder over one side of @doc
 */
MsvisNodeFinder *
msvis_node_finder_new (MsvisVisDocument *doc,
                       gboolean          bench)
{
  MsvisNodeFinder *self;

  g_return_val_if_fail (doc != NULL, NULL);
  g_return_val_if_fail (!bench || msvis_vis_document_get_bench (doc) != NULL, NULL);

  self = g_new0 (MsvisNodeFinder, 1);
  self->ref_count = 1;
  self->doc = msvis_vis_document_ref (doc);
  self->bench = bench;
  self->graph = msvis_vis_document_get_graph (doc, bench);
  self->n_nodes = msvis_graph_get_n_nodes (self->graph);
  self->buckets = msvis_buckets_new_from_colors (msvis_vis_document_is_compare (doc)
                                                 ? msvis_vis_document_get_colors (doc) : NULL);
  self->md5 = msvis_buckets_reads_inverted (self->buckets);

  msvis_node_finder_rank_buckets (self);
  msvis_node_finder_count_leaves (self);
  msvis_node_finder_collect_divergences (self);
  return self;
}

MsvisNodeFinder *
msvis_node_finder_ref (MsvisNodeFinder *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
msvis_node_finder_unref (MsvisNodeFinder *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_clear_pointer (&self->divergences, g_array_unref);
  g_free (self->segment_start);
  g_free (self->severity);
  g_free (self->by_severity);
  msvis_graph_summary_clear (&self->counts);
  g_free (self->bucket_of);
  msvis_buckets_free (self->buckets);
  msvis_vis_document_unref (self->doc);
  g_free (self);
}

/**
 * msvis_node_finder_get_document:
 *
 * Returns: (transfer none): the document searched
 */
MsvisVisDocument *
msvis_node_finder_get_document (MsvisNodeFinder *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->doc;
}

/**
 * msvis_node_finder_get_graph:
 *
 * Returns: (transfer none): the side searched
 */
MsvisGraph *
msvis_node_finder_get_graph (MsvisNodeFinder *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->graph;
}

gboolean
msvis_node_finder_is_bench (MsvisNodeFinder *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->bench;
}

/**
 * msvis_node_finder_get_buckets:
 *
 * Returns: (transfer none): the legend of the document; empty for a build
 */
MsvisBuckets *
msvis_node_finder_get_buckets (MsvisNodeFinder *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->buckets;
}

/**
 * msvis_node_finder_is_md5:
 *
 * Returns: whether the legend is July md5's, whose buckets say "same" and "different"
 */
gboolean
msvis_node_finder_is_md5 (MsvisNodeFinder *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->md5;
}

/**
 * msvis_node_finder_get_bucket:
 *
 * Returns: the bucket index of @node's fill, or a MsvisBucketSpecial; MSVIS_BUCKET_NO_VALUE
 *   for every node of a build
 */
int
msvis_node_finder_get_bucket (MsvisNodeFinder *self,
                              MsvisNodeId      node)
{
  g_return_val_if_fail (self != NULL, MSVIS_BUCKET_NO_VALUE);
  g_return_val_if_fail (node < self->n_nodes, MSVIS_BUCKET_NO_VALUE);
  return self->bucket_of[node];
}

/**
 * msvis_node_finder_get_bucket_color:
 * @bucket: a bucket index, a MsvisBucketSpecial or a MsvisBucketOverflow
 *
 * The fills are tb_graph_ascend's (vis-format.md §6.4).
 *
 * Returns: (nullable): "#RRGGBB", or NULL when nodes of @bucket have no fill (a build)
 */
const char *
msvis_node_finder_get_bucket_color (MsvisNodeFinder *self,
                                    int              bucket)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (bucket >= 0)
    return (guint)bucket < msvis_buckets_get_n (self->buckets)
           ? msvis_buckets_get (self->buckets, bucket)->color : NULL;
  switch (bucket)
    {
    case MSVIS_BUCKET_UNMATCHED:
    case MSVIS_BUCKET_OUTSIDE:
      return "#C7C7C7";
    case MSVIS_BUCKET_NO_VALUE:
      return msvis_vis_document_is_compare (self->doc) ? "#FFFFFF" : NULL;
    case MSVIS_BUCKET_OVERFLOW_MEDIUM:
      return "#B6C7FC";
    case MSVIS_BUCKET_OVERFLOW_HIGH:
      return "#7E96F0";
    case MSVIS_BUCKET_OVERFLOW_CRITICAL:
      return "#4668B8";
    default:
      return NULL;
    }
}

/**
 * msvis_node_finder_get_severity:
 *
 * Returns: how bad @bucket is among the legend's buckets: 0 for the mildest, n - 1 for the
 *   worst (for md5 the worst is "different"); 0 for anything that is not a bucket
 */
guint
msvis_node_finder_get_severity (MsvisNodeFinder *self,
                                int              bucket)
{
  g_return_val_if_fail (self != NULL, 0);

  if (bucket < 0 || (guint)bucket >= msvis_buckets_get_n (self->buckets))
    return 0;
  return self->severity[bucket];
}

/* msprobe's ranges are read "lo <= v < hi", except that 1 belongs to a range ending at 1
 * (vis-format.md §4.7, §6.4). */
static char *
range_text (const MsvisBucket *b)
{
  if (b->lo == b->hi)
    return g_strdup_printf ("= %g", b->lo);
  return g_strdup_printf ("[%g, %g%s", b->lo, b->hi, b->hi == 1 ? "]" : ")");
}

static char *
msvis_node_finder_dup_range_label (MsvisNodeFinder *self,
                                   int              bucket)
{
  const MsvisBucket *b = msvis_buckets_get (self->buckets, bucket);
  g_autofree char *range = range_text (b);
  const char *task = msvis_vis_document_get_task (self->doc);

  task = task ? task : "";

  /* msprobe 26's levels come from rule checkers in every mode; the range only maps them. */
  switch (b->level)
    {
    case MSVIS_ACCURACY_PASS:
      return g_strdup (C_("precision level", "Pass"));
    case MSVIS_ACCURACY_WARNING:
      return g_strdup (C_("precision level", "Warning"));
    case MSVIS_ACCURACY_ERROR:
      return g_strdup (C_("precision level", "Error"));
    case MSVIS_ACCURACY_UNKNOWN:
    default:
      break;
    }
  if (self->md5 && b->lo == b->hi)
    return g_strdup (b->lo == 0 ? _("MD5 differs") : _("MD5 is the same"));
  if (strcmp (task, "all") == 0)
    /* translators: %s is a range such as "[0.2, 1]" of msprobe's real-data index: how much the
     * one-thousandth error ratio of a node's outputs fell below that of its inputs */
    return g_strdup_printf (_("Thousandth ratio drop %s"), range);
  if (strcmp (task, "summary") == 0)
    /* translators: %s is a range such as "[0.8, 1]" of the largest relative error of a
     * node's Max/Min/Mean/Norm statistics */
    return g_strdup_printf (_("Relative error %s"), range);
  /* translators: %s is a range such as "[0.8, 1]" of a node's precision index */
  return g_strdup_printf (_("Precision index %s"), range);
}

/**
 * msvis_node_finder_dup_bucket_label:
 * @bucket: a bucket index, a MsvisBucketSpecial or a MsvisBucketOverflow
 *
 * A short, translated name for a legend row or a list: the range and what it measures. The
 * description msprobe wrote stays in the bucket, untranslated.
 *
 * Returns: (transfer full): the label
 */
char *
msvis_node_finder_dup_bucket_label (MsvisNodeFinder *self,
                                    int              bucket)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (bucket >= 0 && (guint)bucket < msvis_buckets_get_n (self->buckets))
    return msvis_node_finder_dup_range_label (self, bucket);
  switch (bucket)
    {
    case MSVIS_BUCKET_UNMATCHED:
      return g_strdup (_("Unmatched"));
    case MSVIS_BUCKET_NO_VALUE:
      return g_strdup (_("No precision index"));
    case MSVIS_BUCKET_OUTSIDE:
      return g_strdup (_("Outside every range"));
    case MSVIS_BUCKET_OVERFLOW_MEDIUM:
      /* translators: an overflow level of msprobe's -oc check */
      return g_strdup (_("Overflow: medium"));
    case MSVIS_BUCKET_OVERFLOW_HIGH:
      return g_strdup (_("Overflow: high"));
    case MSVIS_BUCKET_OVERFLOW_CRITICAL:
      return g_strdup (_("Overflow: critical"));
    default:
      g_return_val_if_reached (g_strdup ("?"));
    }
}

/**
 * msvis_node_finder_get_bucket_description:
 * @bucket: a bucket index, a MsvisBucketSpecial or a MsvisBucketOverflow
 *
 * For a bucket and the unmatched nodes, the description msprobe wrote into Colors: Chinese,
 * data of the file, shown as it is. For an overflow level, what msprobe's check means by it
 * (vis-format.md §4.8), translated.
 *
 * Returns: (nullable): the description, or NULL when there is none
 */
const char *
msvis_node_finder_get_bucket_description (MsvisNodeFinder *self,
                                          int              bucket)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (bucket >= 0)
    return (guint)bucket < msvis_buckets_get_n (self->buckets)
           ? msvis_buckets_get (self->buckets, bucket)->description : NULL;
  switch (bucket)
    {
    case MSVIS_BUCKET_UNMATCHED:
      return msvis_buckets_get_unmatched_description (self->buckets);
    case MSVIS_BUCKET_OVERFLOW_MEDIUM:
      return _("An input holds inf or nan; the outputs do not.");
    case MSVIS_BUCKET_OVERFLOW_HIGH:
      return _("Inputs and outputs hold inf or nan, or an output norm is over 100 times the "
               "largest input norm.");
    case MSVIS_BUCKET_OVERFLOW_CRITICAL:
      return _("The inputs are finite, but an output holds inf or nan.");
    default:
      return NULL;
    }
}

/**
 * msvis_bucket_for_overflow:
 *
 * Returns: the MsvisBucketOverflow that names the list of @level
 */
int
msvis_bucket_for_overflow (MsvisOverflowLevel level)
{
  g_return_val_if_fail (level > MSVIS_OVERFLOW_NONE && level <= MSVIS_OVERFLOW_CRITICAL,
                        MSVIS_BUCKET_OUTSIDE);
  return MSVIS_BUCKET_OVERFLOW_MEDIUM - ((int)level - MSVIS_OVERFLOW_MEDIUM);
}

/**
 * msvis_bucket_get_overflow:
 *
 * Returns: the level @bucket names, or MSVIS_OVERFLOW_NONE when it is no MsvisBucketOverflow
 */
MsvisOverflowLevel
msvis_bucket_get_overflow (int bucket)
{
  if (bucket > MSVIS_BUCKET_OVERFLOW_MEDIUM || bucket < MSVIS_BUCKET_OVERFLOW_CRITICAL)
    return MSVIS_OVERFLOW_NONE;
  return MSVIS_OVERFLOW_MEDIUM + (MSVIS_BUCKET_OVERFLOW_MEDIUM - bucket);
}

static gboolean
bucket_is_valid (MsvisNodeFinder *self,
                 int              bucket)
{
  return (bucket >= 0 && (guint)bucket < msvis_buckets_get_n (self->buckets)) ||
         bucket == MSVIS_BUCKET_UNMATCHED || bucket == MSVIS_BUCKET_NO_VALUE ||
         bucket == MSVIS_BUCKET_OUTSIDE ||
         msvis_bucket_get_overflow (bucket) != MSVIS_OVERFLOW_NONE;
}

/**
 * msvis_node_finder_count:
 * @bucket: a bucket index, a MsvisBucketSpecial or a MsvisBucketOverflow
 *
 * Counted by msvis_graph_summary_add_leaf(), as `msvis inspect` counts.
 *
 * Returns: the length of msvis_node_finder_list() for @bucket, without making the list
 */
guint
msvis_node_finder_count (MsvisNodeFinder *self,
                         int              bucket)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (bucket_is_valid (self, bucket), 0);

  if (bucket >= 0)
    return self->counts.bucket_counts[bucket];
  if (msvis_bucket_get_overflow (bucket) != MSVIS_OVERFLOW_NONE)
    return self->counts.n_overflow[msvis_bucket_get_overflow (bucket)];
  switch (bucket)
    {
    case MSVIS_BUCKET_UNMATCHED: return self->counts.n_unmatched;
    case MSVIS_BUCKET_NO_VALUE: return self->counts.n_no_value;
    default: return self->counts.n_outside;
    }
}

/**
 * msvis_node_finder_list:
 * @bucket: a bucket index, a MsvisBucketSpecial or a MsvisBucketOverflow
 *
 * Returns: (transfer full) (element-type MsvisNodeId): the leaves of @bucket in dump order
 */
GArray *
msvis_node_finder_list (MsvisNodeFinder *self,
                        int              bucket)
{
  MsvisOverflowLevel level;
  GArray *nodes;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (bucket_is_valid (self, bucket), NULL);

  level = msvis_bucket_get_overflow (bucket);
  nodes = g_array_sized_new (FALSE, FALSE, sizeof (MsvisNodeId),
                             msvis_node_finder_count (self, bucket));
  for (MsvisNodeId node = 0; node < self->n_nodes; node++)
    {
      gboolean in = level != MSVIS_OVERFLOW_NONE
                    ? msvis_graph_node_get_overflow (self->graph, node) == level
                    : self->bucket_of[node] == bucket;

      if (in && is_leaf (self, node))
        g_array_append_val (nodes, node);
    }
  return nodes;
}

/**
 * msvis_node_finder_list_divergences:
 *
 * Leaves whose bucket is any but the mildest of the legend: the worst bucket first, dump
 * order inside each bucket. Empty for a build, a structure compare, or a legend of one bucket.
 *
 * Returns: (transfer full) (element-type MsvisNodeId): the divergences
 */
GArray *
msvis_node_finder_list_divergences (MsvisNodeFinder *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_array_ref (self->divergences);
}

/**
 * msvis_node_finder_first_divergence_at:
 * @min_severity: the mildest severity that counts (see msvis_node_finder_get_severity());
 *   1 is the first bucket past the pass colour
 * @unmatched: whether an unmatched leaf counts as divergent too
 *
 * "First" means first in the run: the earliest leaf in dump (call) order at or past the
 * threshold, so that a warning above an error is where the search stops, as a user reading
 * the model top down would want.
 *
 * Returns: that leaf, or MSVIS_NODE_ID_NONE when none is
 */
MsvisNodeId
msvis_node_finder_first_divergence_at (MsvisNodeFinder *self,
                                       guint            min_severity,
                                       gboolean         unmatched)
{
  g_return_val_if_fail (self != NULL, MSVIS_NODE_ID_NONE);
  g_return_val_if_fail (min_severity >= 1, MSVIS_NODE_ID_NONE);

  if (!msvis_vis_document_is_compare (self->doc))
    return MSVIS_NODE_ID_NONE;
  for (MsvisNodeId node = 0; node < self->n_nodes; node++)
    {
      int bucket = self->bucket_of[node];
      gboolean hit = bucket >= 0 ? self->severity[bucket] >= min_severity
                                 : unmatched && bucket == MSVIS_BUCKET_UNMATCHED;

      if (hit && is_leaf (self, node))
        return node;
    }
  return MSVIS_NODE_ID_NONE;
}

/**
 * msvis_node_finder_first_divergence:
 *
 * The default threshold: any bucket worse than the mildest (for md5, "different"); unmatched
 * leaves do not count.
 *
 * Returns: the earliest divergent leaf in dump order, or MSVIS_NODE_ID_NONE
 */
MsvisNodeId
msvis_node_finder_first_divergence (MsvisNodeFinder *self)
{
  return msvis_node_finder_first_divergence_at (self, 1, FALSE);
}

/**
 * msvis_node_finder_first_worst:
 *
 * Returns: the earliest leaf in dump order of the worst bucket any leaf is in, or
 *   MSVIS_NODE_ID_NONE when all leaves are in the mildest one
 */
MsvisNodeId
msvis_node_finder_first_worst (MsvisNodeFinder *self)
{
  g_return_val_if_fail (self != NULL, MSVIS_NODE_ID_NONE);

  if (self->divergences->len == 0)
    return MSVIS_NODE_ID_NONE;
  return g_array_index (self->divergences, MsvisNodeId, 0);
}

/* Within a segment the ids ascend, so a node's place is a binary search. */
static gboolean
msvis_node_finder_find_divergence (MsvisNodeFinder *self,
                                   MsvisNodeId      node,
                                   guint           *index)
{
  guint n = msvis_buckets_get_n (self->buckets);
  int bucket;
  guint k, lo, hi;

  if (node >= self->n_nodes || !is_leaf (self, node))
    return FALSE;
  bucket = self->bucket_of[node];
  if (bucket < 0 || self->severity[bucket] == 0)
    return FALSE;
  k = n - 1 - self->severity[bucket];
  lo = self->segment_start[k];
  hi = self->segment_start[k + 1];
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      MsvisNodeId at = g_array_index (self->divergences, MsvisNodeId, mid);

      if (at == node)
        {
          *index = mid;
          return TRUE;
        }
      if (at < node)
        lo = mid + 1;
      else
        hi = mid;
    }
  return FALSE;
}

/**
 * msvis_node_finder_step_divergence:
 * @from: the current node, or MSVIS_NODE_ID_NONE
 * @backwards: step to the previous divergence instead of the next
 *
 * Steps through msvis_node_finder_list_divergences(), wrapping at either end. From a node that
 * is not a divergence, the next one is the first and the previous one the last.
 *
 * Returns: a divergence, or MSVIS_NODE_ID_NONE when there are none
 */
MsvisNodeId
msvis_node_finder_step_divergence (MsvisNodeFinder *self,
                                   MsvisNodeId      from,
                                   gboolean         backwards)
{
  guint len, index;

  g_return_val_if_fail (self != NULL, MSVIS_NODE_ID_NONE);

  len = self->divergences->len;
  if (len == 0)
    return MSVIS_NODE_ID_NONE;
  if (!msvis_node_finder_find_divergence (self, from, &index))
    index = backwards ? len - 1 : 0;
  else
    index = backwards ? (index + len - 1) % len : (index + 1) % len;
  return g_array_index (self->divergences, MsvisNodeId, index);
}
