// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-node-finder.h"
#include "msvis-node-item.h"
#include "msvis-node-list.h"
#include "msvis-report.h"
#include "msvis-test-util.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-db-writer.h"
#include "msvis-vis-reader.h"
#include "msvis-vis-source.h"

/* Finding nodes in msprobe's reference outputs.
 *
 * The expected numbers were computed once, independently of msvis, by a Python script over the
 * JSON (json.load, then tb_graph_ascend's rules from vis-format.md §6.4): leaves are nodes
 * with empty "subnodes"; unmatched means an empty "matched_node_link"; a matched node's
 * bucket is the first "Colors" entry, in key order, with lo <= precision_index < hi (or
 * hi == 1 and v == 1, or lo == 0 and v == 0); a Bench node takes the precision_index of
 * NPU[matched_node_link[-1]]; search is `q.lower() in id.lower()` or `re.search(p, id, re.I)`
 * over the node map in file order. */

static const char *
name_of (MsvisNodeFinder *finder,
         MsvisNodeId      node)
{
  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  return msvis_graph_node_get_id (msvis_node_finder_get_graph (finder), node);
}

/* The names of @nodes, joined with spaces. */
static char *
names (MsvisNodeFinder *finder,
       GArray          *nodes)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < nodes->len; i++)
    g_string_append_printf (text, "%s%s", i ? " " : "",
                            name_of (finder, g_array_index (nodes, MsvisNodeId, i)));
  return g_string_free (text, FALSE);
}

static void
assert_list (MsvisNodeFinder *finder,
             int              bucket,
             const char      *expected)
{
  g_autoptr(GArray) nodes = msvis_node_finder_list (finder, bucket);
  g_autofree char *text = names (finder, nodes);

  g_assert_cmpstr (text, ==, expected);
  g_assert_cmpuint (nodes->len, ==, msvis_node_finder_count (finder, bucket));
}

static void
assert_label (MsvisNodeFinder *finder,
              int              bucket,
              const char      *expected)
{
  g_autofree char *label = msvis_node_finder_dup_bucket_label (finder, bucket);

  g_assert_cmpstr (label, ==, expected);
}

static void
assert_counts (MsvisNodeFinder *finder,
               const guint     *buckets,
               guint            n_buckets,
               guint            unmatched)
{
  g_assert_cmpuint (msvis_buckets_get_n (msvis_node_finder_get_buckets (finder)), ==, n_buckets);
  for (guint i = 0; i < n_buckets; i++)
    g_assert_cmpuint (msvis_node_finder_count (finder, i), ==, buckets[i]);
  g_assert_cmpuint (msvis_node_finder_count (finder, MSVIS_BUCKET_UNMATCHED), ==, unmatched);
}

/* Statistics mode (cmp_stat, run with -oc). Python: NPU 36 nodes, 21 leaves, buckets
 * {0: 10, 1: 1, 2: 2, 4: 5}, 3 unmatched, overflow {critical: 1}; Bench 34 nodes, 20 leaves,
 * the same buckets through the counterparts, 2 unmatched, no overflow. */
static void
test_stat_lists (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisNodeFinder) npu = NULL;
  g_autoptr(MsvisNodeFinder) bench = NULL;
  const guint counts[] = { 10, 1, 2, 0, 5 };

  doc = msvis_test_read_reference ("cmp_stat/compare_20261121191907.vis");
  npu = msvis_node_finder_new (doc, FALSE);
  bench = msvis_node_finder_new (doc, TRUE);

  assert_counts (npu, counts, 5, 3);
  assert_counts (bench, counts, 5, 2);
  g_assert_false (msvis_node_finder_is_md5 (npu));
  g_assert_true (msvis_node_finder_is_bench (bench));

  assert_list (npu, 4, "Tensor.__add__.0.forward Functional.linear.0.backward "
                       "Functional.conv2d.0.backward Functional.linear.1.backward "
                       "Functional.conv2d.1.backward");
  assert_list (npu, 2, "Module.relu.ReLU.backward.0 Module.relu.ReLU.backward.1");
  assert_list (npu, 3, "");
  assert_list (npu, MSVIS_BUCKET_UNMATCHED,
               "Tensor.view.1.forward Tensor.__add__.1.forward Torch.sum.1.forward");
  assert_list (bench, MSVIS_BUCKET_UNMATCHED, "Tensor.view.1.forward Tensor.__add__.1.forward");
  assert_list (bench, 1, "Functional.relu.0.forward");

  /* The overflow of msprobe's documented example (§4.8), on the NPU side only. */
  assert_list (npu, MSVIS_BUCKET_OVERFLOW_CRITICAL, "Tensor.__add__.0.forward");
  assert_list (npu, MSVIS_BUCKET_OVERFLOW_HIGH, "");
  assert_list (bench, MSVIS_BUCKET_OVERFLOW_CRITICAL, "");

  g_assert_cmpint (msvis_bucket_for_overflow (MSVIS_OVERFLOW_HIGH), ==,
                   MSVIS_BUCKET_OVERFLOW_HIGH);
  g_assert_cmpint (msvis_bucket_get_overflow (MSVIS_BUCKET_OVERFLOW_MEDIUM), ==,
                   MSVIS_OVERFLOW_MEDIUM);
  g_assert_cmpint (msvis_bucket_get_overflow (MSVIS_BUCKET_UNMATCHED), ==, MSVIS_OVERFLOW_NONE);

  g_assert_cmpstr (msvis_node_finder_get_bucket_color (npu, 4), ==, "#FF704D");
  g_assert_cmpstr (msvis_node_finder_get_bucket_color (npu, MSVIS_BUCKET_UNMATCHED), ==,
                   "#C7C7C7");
  g_assert_cmpstr (msvis_node_finder_get_bucket_color (npu, MSVIS_BUCKET_OVERFLOW_CRITICAL),
                   ==, "#4668B8");
  assert_label (npu, 0, "Relative error [0, 0.2)");
  assert_label (npu, 4, "Relative error [0.8, 1]");
  assert_label (npu, MSVIS_BUCKET_UNMATCHED, "Unmatched");
  assert_label (npu, MSVIS_BUCKET_OVERFLOW_HIGH, "Overflow: high");
  g_assert_cmpstr (msvis_node_finder_get_bucket_description (npu, 4), ==,
                   "此节点所有输入输出的统计量相对误差, 值越大代表测量值与标杆值的偏差越大, "
                   "相对误差计算方式:|(测量值-标杆值)/标杆值|");
  g_assert_cmpstr (msvis_node_finder_get_bucket_description (bench, MSVIS_BUCKET_UNMATCHED), ==,
                   "比对过程中节点未匹配上");
  g_assert_nonnull (msvis_node_finder_get_bucket_description (npu,
                                                              MSVIS_BUCKET_OVERFLOW_CRITICAL));
  g_assert_null (msvis_node_finder_get_bucket_description (npu, MSVIS_BUCKET_NO_VALUE));

  /* A module is classified too, though lists leave it out: the root is matched, no value. */
  g_assert_cmpint (msvis_node_finder_get_bucket (npu, 0), ==, MSVIS_BUCKET_NO_VALUE);
}

/* Python, same script: the divergences worst bucket first, dump order inside a bucket. */
static void
test_stat_divergence (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisNodeFinder) npu = NULL;
  g_autoptr(GArray) all = NULL;
  g_autofree char *text = NULL;
  MsvisNodeId first, node;

  doc = msvis_test_read_reference ("cmp_stat/compare_20261121191907.vis");
  npu = msvis_node_finder_new (doc, FALSE);

  all = msvis_node_finder_list_divergences (npu);
  text = names (npu, all);
  g_assert_cmpstr (text, ==,
                   "Tensor.__add__.0.forward Functional.linear.0.backward "
                   "Functional.conv2d.0.backward Functional.linear.1.backward "
                   "Functional.conv2d.1.backward Module.relu.ReLU.backward.0 "
                   "Module.relu.ReLU.backward.1 Functional.relu.0.forward");

  g_assert_cmpuint (msvis_node_finder_get_severity (npu, 4), ==, 4);
  g_assert_cmpuint (msvis_node_finder_get_severity (npu, 0), ==, 0);

  first = msvis_node_finder_first_worst (npu);
  g_assert_cmpstr (name_of (npu, first), ==, "Tensor.__add__.0.forward");
  g_assert_cmpint (msvis_node_finder_get_bucket (npu, first), ==, 4);

  /* Next crosses from the worst bucket into the next worse one; both ends wrap. */
  node = first;
  for (guint i = 0; i < 5; i++)
    node = msvis_node_finder_step_divergence (npu, node, FALSE);
  g_assert_cmpstr (name_of (npu, node), ==, "Module.relu.ReLU.backward.0");
  node = msvis_node_finder_step_divergence (npu, first, TRUE);
  g_assert_cmpstr (name_of (npu, node), ==, "Functional.relu.0.forward");
  g_assert_cmpuint (msvis_node_finder_step_divergence (npu, node, FALSE), ==, first);

  /* From a node that is no divergence (the root; a leaf of the mildest bucket). */
  g_assert_cmpuint (msvis_node_finder_step_divergence (npu, 0, FALSE), ==, first);
  g_assert_cmpuint (msvis_node_finder_step_divergence (npu, MSVIS_NODE_ID_NONE, TRUE), ==,
                    node);
  node = msvis_graph_lookup (msvis_node_finder_get_graph (npu), "Functional.conv2d.0.forward");
  g_assert_cmpint (msvis_node_finder_get_bucket (npu, node), ==, 0);
  g_assert_cmpuint (msvis_node_finder_step_divergence (npu, node, FALSE), ==, first);
}

/* First Divergence is first in the run: the yellow ReLU called before the red add, not the
 * add that First Worst gives. A threshold past the ReLU's severity skips it. */
static void
test_stat_first_divergence (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisNodeFinder) npu = NULL;
  g_autoptr(MsvisReport) report = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  MsvisNodeId relu, add;

  doc = msvis_test_read_reference ("cmp_stat/compare_20261121191907.vis");
  npu = msvis_node_finder_new (doc, FALSE);

  relu = msvis_node_finder_first_divergence (npu);
  add = msvis_node_finder_first_worst (npu);
  g_assert_cmpstr (name_of (npu, relu), ==, "Functional.relu.0.forward");
  g_assert_cmpstr (name_of (npu, add), ==, "Tensor.__add__.0.forward");
  g_assert_cmpuint (relu, <, add);
  g_assert_cmpuint (msvis_node_finder_get_severity (npu, msvis_node_finder_get_bucket (npu, relu)),
                    ==, 1);
  g_assert_cmpuint (msvis_node_finder_first_divergence_at (npu, 1, FALSE), ==, relu);
  g_assert_cmpuint (msvis_node_finder_first_divergence_at (npu, 4, FALSE), ==, add);
  g_assert_cmpuint (msvis_node_finder_first_divergence_at (npu, 5, FALSE), ==,
                    MSVIS_NODE_ID_NONE);
  /* Unmatched leaves count only when asked: past every colour, the first of them. */
  g_assert_cmpstr (name_of (npu, msvis_node_finder_first_divergence_at (npu, 5, TRUE)), ==,
                   "Tensor.view.1.forward");

  /* The report names both, by the same functions. */
  report = msvis_report_new (doc, "cmp_stat", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (report->first_divergence, ==, "Functional.relu.0.forward");
  g_assert_cmpstr (report->first_worst, ==, "Tensor.__add__.0.forward");
  text = msvis_report_to_text (report, MSVIS_REPORT_MARKDOWN, NULL);
  g_assert_nonnull (strstr (text, "First divergence (the earliest node in dump order whose "
                                  "colour is worse than the best one; unmatched nodes not "
                                  "counted): Functional.relu.0.forward."));
}

/* md5: [1, 1] "same" comes first in Colors, but [0, 0] "different" is the worst. Python:
 * buckets {0: 4, 1: 14}, 14 divergences, the first Functional.conv2d.0.forward. */
static void
test_md5 (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisNodeFinder) npu = NULL;
  g_autoptr(GArray) all = NULL;
  const guint counts[] = { 4, 14 };

  doc = msvis_test_read_reference ("cmp_md5/compare_20261121191925.vis");
  npu = msvis_node_finder_new (doc, FALSE);

  g_assert_true (msvis_node_finder_is_md5 (npu));
  assert_counts (npu, counts, 2, 3);
  g_assert_cmpuint (msvis_node_finder_get_severity (npu, 1), ==, 1);
  g_assert_cmpstr (msvis_node_finder_get_bucket_color (npu, 1), ==, "#FF704D");
  assert_label (npu, 0, "MD5 is the same");
  assert_label (npu, 1, "MD5 differs");
  assert_list (npu, 0, "Tensor.view.0.forward Tensor.__getitem__.0.forward "
                       "Torch.sum.0.forward Tensor.__getitem__.1.forward");

  all = msvis_node_finder_list_divergences (npu);
  g_assert_cmpuint (all->len, ==, 14);
  g_assert_cmpstr (name_of (npu, msvis_node_finder_first_divergence (npu)), ==,
                   "Functional.conv2d.0.forward");
  /* The parameters_grad node comes last in the node map, so last in dump order. */
  g_assert_cmpstr (name_of (npu, g_array_index (all, MsvisNodeId, 13)), ==,
                   "Module.conv1.Conv2d.parameters_grad");
}

/* msprobe 26's md5 compare: the same task name, but pass 0 and error 1 as in every mode, and the
 * legend names its levels (msprobe-2026.md §9.1). Read inverted, the 5 passing leaves were
 * listed as the divergences and the 14 failing ones as passing. sqlite3 on the file: NPU
 * leaves 5 × 0, 14 × 1, 2 unmatched; the first leaf with 1 in node order
 * Functional.conv2d.0.forward. */
static void
test_md5_2026 (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisNodeFinder) npu = NULL;
  g_autoptr(GArray) all = NULL;
  const guint counts[] = { 5, 0, 14 };

  doc =
    msvis_test_read_reference_db ("../reference-2026/out/cmp_md5/compare_20261127113901.vis.db");
  npu = msvis_node_finder_new (doc, FALSE);

  g_assert_false (msvis_node_finder_is_md5 (npu));
  g_assert_true (msvis_buckets_has_levels (msvis_node_finder_get_buckets (npu)));
  assert_counts (npu, counts, 3, 2);
  g_assert_cmpuint (msvis_node_finder_get_severity (npu, 0), ==, 0);
  g_assert_cmpuint (msvis_node_finder_get_severity (npu, 2), ==, 2);
  assert_label (npu, 0, "Pass");
  assert_label (npu, 2, "Error");
  all = msvis_node_finder_list_divergences (npu);
  g_assert_cmpuint (all->len, ==, 14);
  g_assert_cmpstr (name_of (npu, msvis_node_finder_first_divergence (npu)), ==,
                   "Functional.conv2d.0.forward");
}

/* msprobe 26's statistics compare with warnings: sqlite3 counts NPU leaves 10 × 0, 2 × 0.5,
 * 7 × 1, 2 unmatched; the first divergence is the first leaf in node order whose index is
 * not 0, whatever its level. */
static void
test_levels_2026 (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisNodeFinder) npu = NULL;
  const guint counts[] = { 10, 2, 7 };

  doc = msvis_test_read_reference_db (
    "../reference-2026/out/cmp_checkers/compare_20261127114004.vis.db");
  npu = msvis_node_finder_new (doc, FALSE);

  assert_counts (npu, counts, 3, 2);
  assert_label (npu, 1, "Warning");
  g_assert_cmpuint (msvis_node_finder_get_severity (npu, 1), ==, 1);
  g_assert_cmpstr (name_of (npu, msvis_node_finder_first_divergence (npu)), ==,
                   "Functional.relu.0.forward");
}

/* Real data (cmp_pt_tensor, 312 nodes, 239 leaves). Python: buckets
 * {0: 224, 1: 8, 2: 1, 3: 1, 4: 5}, no unmatched leaf, 15 divergences. */
static void
test_tensor (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisNodeFinder) npu = NULL;
  g_autoptr(MsvisNodeFinder) bench = NULL;
  g_autoptr(GArray) all = NULL;
  g_autofree char *text = NULL;
  const guint counts[] = { 224, 8, 1, 1, 5 };

  doc = msvis_test_read_reference ("cmp_pt_tensor/compare_20261121193907.vis");
  npu = msvis_node_finder_new (doc, FALSE);
  bench = msvis_node_finder_new (doc, TRUE);

  assert_counts (npu, counts, 5, 0);
  assert_counts (bench, counts, 5, 0);
  assert_label (npu, 0, "Thousandth ratio drop [0, 0.05)");
  assert_label (npu, 4, "Thousandth ratio drop [0.2, 1]");
  all = msvis_node_finder_list_divergences (npu);
  text = names (npu, all);
  g_assert_cmpstr (text, ==,
                   "Functional.layer_norm.2.forward Functional.linear.4.forward "
                   "Functional.linear.5.forward Functional.linear.6.forward "
                   "Functional.layer_norm.4.forward Functional.linear.8.forward "
                   "Tensor.__add__.4.backward Functional.dropout.5.forward "
                   "Tensor.__add__.9.backward Tensor.__add__.3.backward "
                   "Tensor.__add__.2.backward Torch.bmm.0.backward "
                   "Functional.linear.0.backward Functional.layer_norm.0.backward "
                   "Functional.dropout.0.backward");
}

/* Structure mode has only the grey entry: nothing to diverge, matched leaves fall outside. */
static void
test_structure_and_build (void)
{
  g_autoptr(MsvisVisDocument) cmp = NULL;
  g_autoptr(MsvisVisDocument) build = NULL;
  g_autoptr(MsvisNodeFinder) finder = NULL;
  g_autoptr(GArray) all = NULL;

  cmp = msvis_test_read_reference ("cmp_struct/compare_20261121192250.vis");
  finder = msvis_node_finder_new (cmp, FALSE);
  g_assert_cmpuint (msvis_buckets_get_n (msvis_node_finder_get_buckets (finder)), ==, 0);
  g_assert_cmpuint (msvis_node_finder_count (finder, MSVIS_BUCKET_OUTSIDE), ==, 18);
  g_assert_cmpuint (msvis_node_finder_count (finder, MSVIS_BUCKET_UNMATCHED), ==, 3);
  g_assert_cmpuint (msvis_node_finder_first_divergence (finder), ==, MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (msvis_node_finder_step_divergence (finder, 0, FALSE), ==,
                    MSVIS_NODE_ID_NONE);
  g_clear_pointer (&finder, msvis_node_finder_unref);

  /* A build: no colours, 21 leaves without value, one critical overflow (Python). */
  build = msvis_test_read_reference ("build_single/build_20261121191905.vis");
  finder = msvis_node_finder_new (build, FALSE);
  g_assert_cmpuint (msvis_node_finder_count (finder, MSVIS_BUCKET_NO_VALUE), ==, 21);
  g_assert_cmpuint (msvis_node_finder_count (finder, MSVIS_BUCKET_UNMATCHED), ==, 0);
  g_assert_null (msvis_node_finder_get_bucket_color (finder, MSVIS_BUCKET_NO_VALUE));
  assert_list (finder, MSVIS_BUCKET_OVERFLOW_CRITICAL, "Tensor.__add__.0.forward");
  all = msvis_node_finder_list_divergences (finder);
  g_assert_cmpuint (all->len, ==, 0);
}

static void
assert_search (MsvisNodeFinder *finder,
               const char      *query,
               MsvisFindFlags   flags,
               guint            n,
               const char      *first,
               const char      *last)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hits = NULL;
  gboolean truncated = TRUE;

  hits = msvis_node_finder_search (finder, query, flags, 0, &truncated, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (truncated);
  g_assert_cmpuint (hits->len, ==, n);
  if (n == 0)
    return;
  g_assert_cmpstr (name_of (finder, g_array_index (hits, MsvisNodeId, 0)), ==, first);
  g_assert_cmpstr (name_of (finder, g_array_index (hits, MsvisNodeId, n - 1)), ==, last);
  for (guint i = 1; i < n; i++)
    g_assert_cmpuint (g_array_index (hits, MsvisNodeId, i - 1), <,
                      g_array_index (hits, MsvisNodeId, i));
}

/* Python: "relu" 6 (modules too), "conv2d" 9, the regex 2; cmp_pt_tensor "linear" 45 and the
 * backward-linear regex 9. */
static void
test_search (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisVisDocument) big = NULL;
  g_autoptr(MsvisNodeFinder) npu = NULL;
  g_autoptr(MsvisNodeFinder) pt = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hits = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  gboolean truncated = FALSE;

  doc = msvis_test_read_reference ("cmp_stat/compare_20261121191907.vis");
  npu = msvis_node_finder_new (doc, FALSE);

  assert_search (npu, "relu", 0, 6, "Module.relu.ReLU.forward.0", "Module.relu.ReLU.backward.1");
  assert_search (npu, "  ReLU\n", 0, 6, "Module.relu.ReLU.forward.0",
                 "Module.relu.ReLU.backward.1");
  assert_search (npu, "CONV2D", 0, 9, "Module.conv1.Conv2d.forward.0",
                 "Module.conv1.Conv2d.parameters_grad");
  assert_search (npu, "^Tensor\\.__(add|mul)__\\.\\d+\\.forward$", MSVIS_FIND_REGEX, 2,
                 "Tensor.__add__.0.forward", "Tensor.__add__.1.forward");
  assert_search (npu, "relu", MSVIS_FIND_REGEX, 6, "Module.relu.ReLU.forward.0",
                 "Module.relu.ReLU.backward.1");
  assert_search (npu, "", 0, 0, NULL, NULL);
  assert_search (npu, "", MSVIS_FIND_REGEX, 0, NULL, NULL);
  assert_search (npu, "no such node", 0, 0, NULL, NULL);
  assert_search (npu, "线性", 0, 0, NULL, NULL);

  hits = msvis_node_finder_search (npu, "(relu", MSVIS_FIND_REGEX, 0, NULL, NULL, &error);
  g_assert_error (error, G_REGEX_ERROR, G_REGEX_ERROR_UNMATCHED_PARENTHESIS);
  g_assert_null (hits);
  g_clear_error (&error);

  hits = msvis_node_finder_search (npu, "relu", 0, 4, &truncated, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hits->len, ==, 4);
  g_assert_true (truncated);
  g_clear_pointer (&hits, g_array_unref);

  g_cancellable_cancel (cancellable);
  hits = msvis_node_finder_search (npu, "relu", 0, 0, NULL, cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (hits);
  g_clear_error (&error);

  big = msvis_test_read_reference ("cmp_pt_tensor/compare_20261121193907.vis");
  pt = msvis_node_finder_new (big, FALSE);
  assert_search (pt, "linear", 0, 45,
                 "Module.module.module.language_model.encoder.layers.0.self_attention."
                 "query_key_value.ColumnParallelLinear.forward.0",
                 "Module.module.module.output_layer.ColumnParallelLinear.parameters_grad");
  assert_search (pt, "^Functional\\.linear\\.\\d+\\.backward$", MSVIS_FIND_REGEX, 9,
                 "Functional.linear.8.backward", "Functional.linear.0.backward");
}

static void
search_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static GArray *
search_async (MsvisNodeFinder  *finder,
              const char       *query,
              MsvisFindFlags    flags,
              GCancellable     *cancellable,
              GError          **error)
{
  g_autoptr(GAsyncResult) result = NULL;

  msvis_node_finder_search_async (finder, query, flags, 0, cancellable, search_done_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return msvis_node_finder_search_finish (finder, result, NULL, error);
}

static void
test_search_async (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisNodeFinder) npu = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hits = NULL;

  doc = msvis_test_read_reference ("cmp_stat/compare_20261121191907.vis");
  npu = msvis_node_finder_new (doc, FALSE);

  hits = search_async (npu, "conv2d", 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hits->len, ==, 9);

  hits = (g_array_unref (hits), search_async (npu, "[", MSVIS_FIND_REGEX, NULL, &error));
  g_assert_error (error, G_REGEX_ERROR, G_REGEX_ERROR_UNTERMINATED_CHARACTER_CLASS);
  g_assert_null (hits);
  g_clear_error (&error);

  g_cancellable_cancel (cancellable);
  hits = search_async (npu, "conv2d", 0, cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (hits);
}

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  guint      *calls)
{
  (*calls)++;
}

static void
test_node_list (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisNodeFinder) npu = NULL;
  g_autoptr(MsvisNodeList) list = msvis_node_list_new ();
  g_autoptr(MsvisNodeItem) item = NULL;
  g_autoptr(GArray) nodes = NULL;
  g_autofree char *name = NULL;
  guint calls = 0;
  int bucket = 0;

  doc = msvis_test_read_reference ("cmp_stat/compare_20261121191907.vis");
  npu = msvis_node_finder_new (doc, FALSE);
  nodes = msvis_node_finder_list (npu, 4);

  g_signal_connect (list, "items-changed", G_CALLBACK (items_changed_cb), &calls);
  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (list)) == MSVIS_TYPE_NODE_ITEM);
  msvis_node_list_set (list, npu, nodes);
  g_assert_cmpuint (calls, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 5);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (list), 5));

  item = g_list_model_get_item (G_LIST_MODEL (list), 1);
  g_assert_cmpstr (msvis_node_item_get_name (item), ==, "Functional.linear.0.backward");
  g_assert_cmpstr (msvis_node_item_get_color (item), ==, "#FF704D");
  g_assert_cmpint (msvis_node_item_get_node_type (item), ==, MSVIS_NODE_API);
  g_object_get (item, "name", &name, "bucket", &bucket, NULL);
  g_assert_cmpstr (name, ==, "Functional.linear.0.backward");
  g_assert_cmpint (bucket, ==, 4);
  g_assert_cmpuint (msvis_node_list_find (list, msvis_node_item_get_node (item)), ==, 1);
  g_assert_cmpuint (msvis_node_list_find (list, 0), ==, G_MAXUINT);

  msvis_node_list_set (list, NULL, NULL);
  g_assert_cmpuint (calls, ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 0);
  msvis_node_list_set (list, NULL, NULL);
  g_assert_cmpuint (calls, ==, 2);
  /* The row outlives the list's finder. */
  g_assert_cmpstr (msvis_node_item_get_name (item), ==, "Functional.linear.0.backward");
}

/* A .vis.db lists the same nodes in the same order: its rows come back in node_order. */
static void
test_vis_db (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisVisDocument) from_db = NULL;
  g_autoptr(MsvisNodeFinder) a = NULL;
  g_autoptr(MsvisNodeFinder) b = NULL;
  g_autoptr(MsvisVisDbWriter) writer = NULL;
  g_autoptr(MsvisVisSource) source = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) da = NULL;
  g_autoptr(GArray) db = NULL;
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "compare_20261121191907.vis.db", NULL);
  g_autofree char *ta = NULL;
  g_autofree char *tb = NULL;
  MsvisVisOptions options = { TRUE };
  MsvisVisCompare compare;
  const GArray *graphs;

  doc = msvis_test_read_reference ("cmp_stat/compare_20261121191907.vis");
  g_assert_true (msvis_vis_document_ensure_all_data (doc, NULL, &error));
  g_assert_no_error (error);
  msvis_vis_document_get_compare (doc, &compare);
  writer = msvis_vis_db_writer_new (path, &options, &error);
  g_assert_no_error (error);
  g_assert_true (msvis_vis_db_writer_add (writer, msvis_vis_document_get_npu (doc), &compare, 0, 0,
                                          NULL, &error));
  g_assert_true (msvis_vis_db_writer_commit (writer, &error));
  g_assert_no_error (error);

  file = g_file_new_for_path (path);
  source = msvis_vis_source_open (file, NULL, &error);
  g_assert_no_error (error);
  graphs = msvis_vis_source_get_graphs (source);
  g_assert_cmpuint (graphs->len, ==, 1);
  from_db = msvis_vis_source_load (source, g_array_index (graphs, MsvisVisGraphKey, 0),
                                   NULL, &error);
  g_assert_no_error (error);

  a = msvis_node_finder_new (doc, TRUE);
  b = msvis_node_finder_new (from_db, TRUE);
  da = msvis_node_finder_list_divergences (a);
  db = msvis_node_finder_list_divergences (b);
  ta = names (a, da);
  tb = names (b, db);
  g_assert_cmpstr (ta, ==, tb);
  g_assert_cmpuint (msvis_node_finder_count (b, MSVIS_BUCKET_UNMATCHED), ==, 2);
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  /* The labels checked are the untranslated ones. */
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/node-finder/stat/lists", test_stat_lists);
  g_test_add_func ("/node-finder/stat/divergence", test_stat_divergence);
  g_test_add_func ("/node-finder/stat-first-divergence", test_stat_first_divergence);
  g_test_add_func ("/node-finder/md5", test_md5);
  g_test_add_func ("/node-finder/md5-2026", test_md5_2026);
  g_test_add_func ("/node-finder/levels-2026", test_levels_2026);
  g_test_add_func ("/node-finder/tensor", test_tensor);
  g_test_add_func ("/node-finder/structure-and-build", test_structure_and_build);
  g_test_add_func ("/node-finder/search/sync", test_search);
  g_test_add_func ("/node-finder/search/async", test_search_async);
  g_test_add_func ("/node-finder/node-list", test_node_list);
  g_test_add_func ("/node-finder/vis-db", test_vis_db);

  return g_test_run ();
}
