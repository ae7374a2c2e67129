// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-node-filter.h"
#include "msvis-node-finder.h"
#include "msvis-node-query.h"
#include "msvis-peer-levels.h"
#include "msvis-test-util.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-reader.h"
#include "msvis-vis-source.h"

/* Find's column terms, several buckets and the micro-step filter on msprobe's reference
 * outputs. The expected lists were computed by a Python script over the files (json.load, and
 * sqlite3 for the .vis.db): a term holds when some input_data or output_data item's cell
 * does ("23.07%" read as 0.2307, Nan never), in node-map order. */

static char *
names (MsvisGraph *graph,
       GArray     *nodes)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < nodes->len; i++)
    g_string_append_printf (text, "%s%s", i ? " " : "",
                            msvis_graph_node_get_id (graph, g_array_index (nodes, MsvisNodeId, i)));
  return g_string_free (text, FALSE);
}

static char *
search (MsvisNodeFinder *finder,
        const char      *query)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hits = msvis_node_finder_search (finder, query, MSVIS_FIND_SUBSTRING, 0,
                                                     NULL, NULL, &error);

  g_assert_no_error (error);
  return names (msvis_node_finder_get_graph (finder), hits);
}

static void
assert_search_error (MsvisNodeFinder *finder,
                     const char      *query,
                     gint             code,
                     const char      *fragment)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hits = msvis_node_finder_search (finder, query, MSVIS_FIND_SUBSTRING, 0,
                                                     NULL, NULL, &error);

  g_assert_null (hits);
  g_assert_error (error, MSVIS_NODE_QUERY_ERROR, code);
  if (strstr (error->message, fragment) == NULL)
    g_error ("“%s”: the message “%s” does not say “%s”", query, error->message, fragment);
}

static void
test_parse (void)
{
  g_autoptr(MsvisNodeQuery) q = NULL;
  g_autoptr(GError) error = NULL;
  const char *const *words;
  struct { const char *text; gint code; } bad[] = {
    { "cosine<0.9x", MSVIS_NODE_QUERY_ERROR_NUMBER },
    { "cosine<", MSVIS_NODE_QUERY_ERROR_SYNTAX },
    { "<0.9", MSVIS_NODE_QUERY_ERROR_SYNTAX },
    { "dtype:", MSVIS_NODE_QUERY_ERROR_SYNTAX },
    { "\"Max diff>1", MSVIS_NODE_QUERY_ERROR_SYNTAX },
    { "MaxRelativeErr>%", MSVIS_NODE_QUERY_ERROR_NUMBER },
    { "cosine<nan", MSVIS_NODE_QUERY_ERROR_NUMBER },
  };

  q = msvis_node_query_parse ("  Linear  cosine<0.99 \"Max diff\">=1e-3 FORWARD dtype:BF16 ",
                              &error);
  g_assert_no_error (error);
  words = msvis_node_query_get_words (q);
  g_assert_cmpstr (words[0], ==, "linear");
  g_assert_cmpstr (words[1], ==, "forward");
  g_assert_null (words[2]);
  g_assert_cmpuint (msvis_node_query_get_n_terms (q), ==, 3);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(MsvisNodeQuery) b = msvis_node_query_parse (bad[i].text, &error);

      g_assert_null (b);
      g_assert_error (error, MSVIS_NODE_QUERY_ERROR, bad[i].code);
      /* The message quotes what was typed. */
      g_assert_nonnull (strstr (error->message, "“"));
      g_clear_error (&error);
    }
}

/* July statistics compare (cmp_stat). */
static void
test_july (void)
{
  g_autoptr(MsvisVisDocument) doc =
    msvis_test_read_reference ("cmp_stat/compare_20261121191907.vis");
  g_autoptr(MsvisNodeFinder) npu = msvis_node_finder_new (doc, FALSE);
  g_autoptr(MsvisNodeFinder) bench = msvis_node_finder_new (doc, TRUE);
  g_autofree char *rel = search (npu, "MaxRelativeErr>1%");
  g_autofree char *rel_folded = search (npu, "max_relative_err>0.01");
  g_autofree char *relu = search (npu, "relu maxrelativeerr>1%");
  g_autofree char *bench_rel = search (bench, "MaxRelativeErr>1%");
  g_autofree char *conv = search (npu, "conv dtype:fp32");
  g_autofree char *dim = search (npu, "shape:8");

  g_assert_cmpstr (rel, ==, "Module.relu.ReLU.forward.0 Functional.relu.0.forward "
                   "Tensor.__add__.0.forward Module.fc.Linear.backward.0 "
                   "Functional.linear.0.backward Module.relu.ReLU.backward.0 "
                   "Module.conv1.Conv2d.backward.0 Functional.conv2d.0.backward "
                   "Module.fc.Linear.backward.1 Functional.linear.1.backward "
                   "Module.relu.ReLU.backward.1 Module.conv1.Conv2d.backward.1 "
                   "Functional.conv2d.1.backward Module.conv1.Conv2d.parameters_grad");
  g_assert_cmpstr (rel_folded, ==, rel);
  g_assert_cmpstr (relu, ==, "Module.relu.ReLU.forward.0 Functional.relu.0.forward "
                   "Module.relu.ReLU.backward.0 Module.relu.ReLU.backward.1");
  /* Only NPU items carry metrics (vis-format.md §4.3): a Bench node is judged by its NPU
   * counterpart (Python: matched_node_link[-1]), as its colour is. */
  g_assert_cmpstr (bench_rel, ==, rel);
  g_assert_cmpstr (conv, ==, "Module.conv1.Conv2d.forward.0 Functional.conv2d.0.forward "
                   "Module.conv1.Conv2d.backward.0 Functional.conv2d.0.backward "
                   "Module.conv1.Conv2d.forward.1 Functional.conv2d.1.forward "
                   "Module.conv1.Conv2d.backward.1 Functional.conv2d.1.backward "
                   "Module.conv1.Conv2d.parameters_grad");
  /* [2, 8, ...] has no dimension 8 here; a substring match would be wrong on 48 or 128. */
  g_assert_cmpstr (dim, ==, "");

  /* July results have no Err_message: the message names the column and lists the file's. */
  assert_search_error (npu, "err:shape", MSVIS_NODE_QUERY_ERROR_COLUMN, "“err”");
  assert_search_error (npu, "cosin<0.9", MSVIS_NODE_QUERY_ERROR_COLUMN, "MaxRelativeErr");
  assert_search_error (npu, "cosine<0.9x", MSVIS_NODE_QUERY_ERROR_NUMBER, "0.9x");
}

/* msprobe 26 statistics compare with its checkers (cmp_checkers .vis.db, read lazily). */
static void
test_2026 (void)
{
  g_autoptr(MsvisVisDocument) doc =
    msvis_test_read_reference_db (
      "../reference-2026/out/cmp_checkers/compare_20261127114004.vis.db");
  g_autoptr(MsvisNodeFinder) npu = msvis_node_finder_new (doc, FALSE);
  g_autofree char *shape = search (npu, "err:shape");
  g_autofree char *nan = search (npu, "ERR:NaN");
  g_autofree char *dtype = search (npu, "Err_message:dtype");
  g_autofree char *warn = search (npu, "result:warning");
  g_autofree char *both = search (npu, "forward result:warning linear");

  g_assert_cmpstr (shape, ==, "Tensor.view.1.forward");
  g_assert_cmpstr (nan, ==, "Functional.relu.0.forward Module.relu.ReLU.forward.0 "
                   "Tensor.__getitem__.0.forward");
  g_assert_cmpstr (dtype, ==, "Functional.conv2d.1.forward");
  g_assert_cmpstr (warn, ==, "Tensor.__add__.0.forward Functional.linear.1.forward");
  g_assert_cmpstr (both, ==, "Functional.linear.1.forward");
}

/* Several buckets: cmp_stat's NPU leaves are {0: 10, 1: 1, 2: 2, 4: 5} and 3 unmatched
 * (test-node-finder); bucket 4 with bucket 2 is their 7 leaves in dump order. */
static void
test_buckets_and_micro_steps (void)
{
  g_autoptr(MsvisVisDocument) doc =
    msvis_test_read_reference ("cmp_stat/compare_20261121191907.vis");
  g_autoptr(MsvisNodeFinder) npu = msvis_node_finder_new (doc, FALSE);
  MsvisGraph *graph = msvis_node_finder_get_graph (npu);
  const int worst[] = { 4, 2 };
  const int with_unmatched[] = { 4, 2, MSVIS_BUCKET_UNMATCHED };
  g_autoptr(GArray) two = msvis_node_finder_list_buckets (npu, worst, 2);
  g_autoptr(GArray) three = msvis_node_finder_list_buckets (npu, with_unmatched, 3);
  g_autoptr(GArray) first = NULL;
  g_autofree char *text = names (graph, two);
  g_autofree char *first_text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hits = NULL;

  g_assert_cmpstr (text, ==, "Tensor.__add__.0.forward Functional.linear.0.backward "
                   "Module.relu.ReLU.backward.0 Functional.conv2d.0.backward "
                   "Functional.linear.1.backward Module.relu.ReLU.backward.1 "
                   "Functional.conv2d.1.backward");
  g_assert_cmpuint (two->len, ==,
                    msvis_node_finder_count (npu, 4) + msvis_node_finder_count (npu, 2));
  g_assert_cmpuint (three->len, ==,
                    two->len + msvis_node_finder_count (npu, MSVIS_BUCKET_UNMATCHED));

  /* MicroSteps 2: the top-level modules ending .0 and Apis_Between_Modules.0/.1 are micro
   * step 0, the rest 1. */
  first = g_array_copy (two);
  g_assert_cmpuint (msvis_node_filter_micro_step (graph, first, 0), ==, 3);
  first_text = names (graph, first);
  g_assert_cmpstr (first_text, ==, "Tensor.__add__.0.forward Functional.linear.0.backward "
                   "Module.relu.ReLU.backward.0 Functional.conv2d.0.backward");
  g_assert_cmpuint (msvis_node_filter_micro_step (graph, first, -1), ==, 0);
  g_assert_true (msvis_graph_node_in_micro_step (graph, msvis_graph_get_root (graph), 1));

  /* A search narrowed to buckets: containers are in a bucket too, leaves or not. */
  hits = msvis_node_finder_search (npu, "relu", MSVIS_FIND_SUBSTRING, 0, NULL, NULL, &error);
  g_assert_no_error (error);
  msvis_node_filter_buckets (npu, hits, worst, 2);
  for (guint i = 0; i < hits->len; i++)
    g_assert_true (msvis_node_finder_in_bucket (npu, g_array_index (hits, MsvisNodeId, i), 4) ||
                   msvis_node_finder_in_bucket (npu, g_array_index (hits, MsvisNodeId, i), 2));
  g_assert_cmpuint (hits->len, >=, 2);
}

/* A peer's colour in its own rank's graph: cmp_ranks, a folder of two ranks. Python over
 * compare_rank1: Distributed.recv.0.forward has precision_index 0, the first Colors entry
 * (#FFFCF3, [0, 0.2]); DefaultModel has none. The file names say no step: -1. */
static void
test_peer_levels (void)
{
  g_autofree char *path = msvis_test_reference ("cmp_ranks");
  g_autoptr(GFile) dir = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisSource) source = msvis_vis_source_open (dir, NULL, &error);
  g_autoptr(MsvisPeerLevels) levels = NULL;
  g_autofree char *color = NULL, *label = NULL;
  char *none = NULL;

  g_assert_no_error (error);
  levels = msvis_peer_levels_new (source);
  g_assert_true (msvis_peer_levels_lookup (levels, -1, 1, "Distributed.recv.0.forward", &color,
                                           &label, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (color, ==, "#FFFCF3");
  g_assert_nonnull (label);
  /* Again, from the graph kept. */
  g_clear_pointer (&color, g_free);
  g_assert_true (msvis_peer_levels_lookup (levels, -1, 1, "Distributed.recv.0.forward", &color,
                                           NULL, NULL, &error));
  g_assert_cmpstr (color, ==, "#FFFCF3");
  /* Whatever the rank's own graph gives its root, the peer gets. */
  {
    g_autoptr(MsvisVisDocument) rank1 =
      msvis_test_read_reference ("cmp_ranks/compare_rank1_20261121191933.vis");
    g_autoptr(MsvisNodeFinder) finder = msvis_node_finder_new (rank1, FALSE);
    MsvisNodeId root = msvis_graph_lookup (msvis_vis_document_get_npu (rank1), "DefaultModel");
    g_autofree char *root_color = NULL;

    g_assert_true (msvis_peer_levels_lookup (levels, -1, 1, "DefaultModel", &root_color, NULL,
                                             NULL, &error));
    g_assert_cmpstr (root_color, ==, msvis_node_finder_get_bucket_color (
                       finder, msvis_node_finder_get_bucket (finder, root)));
  }
  /* Not in the run, not in the rank: no colour, and no error. */
  g_assert_false (msvis_peer_levels_lookup (levels, -1, 7, "Distributed.recv.0.forward", &none,
                                            NULL, NULL, &error));
  g_assert_false (msvis_peer_levels_lookup (levels, -1, 1, "No.such.node", &none, NULL, NULL,
                                            &error));
  g_assert_no_error (error);
  g_assert_null (none);
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/node-query/parse", test_parse);
  g_test_add_func ("/node-query/july", test_july);
  g_test_add_func ("/node-query/2026", test_2026);
  g_test_add_func ("/node-query/buckets-and-micro-steps", test_buckets_and_micro_steps);
  g_test_add_func ("/node-query/peer-levels", test_peer_levels);
  return g_test_run ();
}
