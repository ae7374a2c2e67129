// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "msvis-comparator.h"
#include "msvis-compare-error.h"
#include "msvis-graph-job.h"
#include "msvis-match-job.h"
#include "msvis-match-session.h"
#include "msvis-test-util.h"
#include "msvis-vis-reader.h"
#include "msvis-writer-error.h"
#include "msvis-vis-writer.h"

/* Manual matching (vis-format.md §6.4–§6.5) on the msprobe reference compares. */

static MsvisGraph *
npu_of (MsvisVisDocument *doc)
{
  return msvis_vis_document_get_npu (doc);
}

static MsvisGraph *
bench_of (MsvisVisDocument *doc)
{
  return msvis_vis_document_get_bench (doc);
}

/* The one .vis of a reference case folder; the test fails without it. */
static char *
reference_vis (const char *case_name)
{
  g_autofree char *dir = msvis_test_reference (case_name);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".vis"))
      return g_build_filename (dir, name, NULL);
  g_error ("%s: no .vis in this reference folder", dir);
}

static MsvisVisDocument *
read_doc (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MsvisVisDocument *doc = msvis_vis_read (file, MSVIS_VIS_READ_DEFAULT, NULL, &error);

  g_assert_no_error (error);
  return doc;
}

static MsvisMatchSession *
new_session (MsvisVisDocument *doc,
             const char       *path)
{
  g_autoptr(GFile) file = path ? g_file_new_for_path (path) : NULL;
  g_autoptr(GError) error = NULL;
  MsvisMatchSession *session = msvis_match_session_new (doc, file, &error);

  g_assert_no_error (error);
  return session;
}

static GBytes *
file_bytes (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, length);
}

static void
assert_bytes_equal (GBytes *a,
                    GBytes *b)
{
  gsize la, lb;
  const char *da = g_bytes_get_data (a, &la), *db = g_bytes_get_data (b, &lb);

  g_assert_cmpmem (da, la, db, lb);
}

static MsvisNodeId
npu_node (MsvisVisDocument *doc,
          const char       *id)
{
  MsvisNodeId node = msvis_graph_lookup (npu_of (doc), id);

  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  return node;
}

static MsvisNodeId
bench_node (MsvisVisDocument *doc,
            const char       *id)
{
  MsvisNodeId node = msvis_graph_lookup (bench_of (doc), id);

  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  return node;
}

static MsvisNodeId
link_of (MsvisGraph  *graph,
         MsvisNodeId  node)
{
  return msvis_compare_results_get_link (msvis_graph_get_compare_results (graph), node);
}

/* A compare made in memory from the reference dumps, as `msvis graph` makes it. */
static MsvisVisDocument *
compare_in_memory (const char       *npu_dir,
                   const char       *bench_dir,
                   MsvisCompareMode  mode,
                   gboolean          fuzzy)
{
  g_autofree char *inputs = msvis_test_reference ("inputs");
  g_autofree char *npu_path = g_build_filename (inputs, npu_dir, NULL);
  g_autofree char *bench_path = g_build_filename (inputs, bench_dir, NULL);
  g_autoptr(GError) error = NULL;
  MsvisVisDocument *doc = msvis_vis_document_new ();
  MsvisCompareOptions options = { .mode = mode, .fuzzy = fuzzy };
  g_autofree char *tooltip = NULL;
  MsvisGraph *npu, *bench;

  msvis_vis_document_set_compare (doc, TRUE);
  npu = msvis_test_build (npu_path, FALSE, &error);
  g_assert_no_error (error);
  bench = msvis_test_build (bench_path, FALSE, &error);
  g_assert_no_error (error);
  msvis_vis_document_set_graphs (doc, npu, bench);
  msvis_compare_graphs (npu_of (doc), bench_of (doc),
                        &options);
  msvis_vis_document_set_task (doc, msvis_compare_mode_task (mode));
  tooltip = msvis_compare_mode_tooltip (mode);
  msvis_vis_document_set_tooltip (doc, tooltip);
  msvis_vis_document_set_colors (doc, msvis_compare_mode_colors (mode,
                                        msvis_vis_document_get_arena (doc)));
  msvis_vis_document_set_overflow_check (doc, FALSE);
  return doc;
}

/* Unlinking a module with its descendants and linking it again by hand gives back the bytes
 * default matching gave: the same compare_node computed the same values. */
static void
test_round_trip_in_memory (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisMatchSession) session = NULL;
  g_autoptr(GBytes) original = NULL, unmatched = NULL, again = NULL;
  g_autoptr(GError) error = NULL;
  MsvisMatchChange change;
  MsvisNodeId n, b;

  doc = compare_in_memory ("fx/pt_stat/npu", "fx/pt_stat/bench", MSVIS_COMPARE_SUMMARY, FALSE);
  original = msvis_test_vis_bytes (doc, TRUE);
  session = new_session (doc, NULL);
  n = npu_node (doc, "Module.fc.Linear.forward.0");
  b = bench_node (doc, "Module.fc.Linear.forward.0");
  g_assert_cmpuint (link_of (npu_of (doc), n), ==, b);

  g_assert_true (msvis_match_session_unmatch (session, n, TRUE, &change, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (change.n_unlinked, >=, 2);   /* the module and its linear API */
  g_assert_cmpuint (link_of (npu_of (doc), n), ==, MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (link_of (bench_of (doc), b), ==, MSVIS_NODE_ID_NONE);
  g_assert_cmpint (msvis_compare_results_get_precision (
                     msvis_graph_get_compare_results (npu_of (doc)), n).kind, ==,
                   MSVIS_PRECISION_NONE);
  g_assert_true (msvis_match_session_is_modified (session));
  unmatched = msvis_test_vis_bytes (doc, TRUE);
  g_assert_false (g_bytes_equal (unmatched, original));

  g_assert_true (msvis_match_session_match (session, n, b, TRUE, &change, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (change.n_linked, >=, 2);
  again = msvis_test_vis_bytes (doc, TRUE);
  assert_bytes_equal (again, original);

  /* undo, undo, redo, redo */
  g_assert_true (msvis_match_session_undo (session, NULL));
  g_clear_pointer (&again, g_bytes_unref);
  again = msvis_test_vis_bytes (doc, TRUE);
  assert_bytes_equal (again, unmatched);
  g_assert_true (msvis_match_session_undo (session, NULL));
  g_assert_false (msvis_match_session_can_undo (session));
  g_assert_false (msvis_match_session_is_modified (session));
  g_clear_pointer (&again, g_bytes_unref);
  again = msvis_test_vis_bytes (doc, TRUE);
  assert_bytes_equal (again, original);
  g_assert_true (msvis_match_session_redo (session, NULL));
  g_assert_true (msvis_match_session_redo (session, NULL));
  g_assert_false (msvis_match_session_can_redo (session));
  g_clear_pointer (&again, g_bytes_unref);
  again = msvis_test_vis_bytes (doc, TRUE);
  assert_bytes_equal (again, original);
}

static void
assert_same_node (MsvisVisDocument *a,
                  MsvisVisDocument *b,
                  const char       *id)
{
  MsvisNodeId na = npu_node (a, id), nb = npu_node (b, id);
  g_autoptr(GString) in_a = g_string_new (NULL), out_a = g_string_new (NULL);
  g_autoptr(GString) in_b = g_string_new (NULL), out_b = g_string_new (NULL);
  MsvisPrecision pa = msvis_compare_results_get_precision (msvis_graph_get_compare_results
                                                             (npu_of (a)), na);
  MsvisPrecision pb = msvis_compare_results_get_precision (msvis_graph_get_compare_results
                                                             (npu_of (b)), nb);

  msvis_vis_format_node_items (npu_of (a), na, TRUE, in_a, out_a);
  msvis_vis_format_node_items (npu_of (b), nb, TRUE, in_b, out_b);
  g_assert_cmpstr (in_a->str, ==, in_b->str);
  g_assert_cmpstr (out_a->str, ==, out_b->str);
  g_assert_cmpint (pa.kind, ==, pb.kind);
  g_assert_cmpfloat (pa.value, ==, pb.value);
  g_assert_cmpstr (msvis_graph_node_get_id (bench_of (a),
                                            link_of (npu_of (a), na)), ==,
                   msvis_graph_node_get_id (bench_of (b),
                                            link_of (npu_of (b), nb)));
}

/* The renumbered APIs default matching leaves grey, matched by hand, get exactly what fuzzy
 * matching (-f) gives them, and so does their API collection. */
static void
test_equals_fuzzy_matching (void)
{
  g_autoptr(MsvisVisDocument) by_hand = NULL, fuzzy = NULL;
  g_autoptr(MsvisMatchSession) session = NULL;
  g_autoptr(GError) error = NULL;
  static const char *const pairs[][2] = {
    { "Functional.conv2d.0.forward", "Functional.conv2d.3.forward" },
    { "Functional.relu.0.forward", "Functional.relu.7.forward" },
  };

  by_hand = compare_in_memory ("fx/pt_fuzzy/npu", "fx/pt_fuzzy/bench", MSVIS_COMPARE_SUMMARY,
                               FALSE);
  fuzzy = compare_in_memory ("fx/pt_fuzzy/npu", "fx/pt_fuzzy/bench", MSVIS_COMPARE_SUMMARY,
                             TRUE);
  session = new_session (by_hand, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      MsvisNodeId n = npu_node (by_hand, pairs[i][0]);

      g_assert_cmpuint (link_of (npu_of (by_hand), n), ==, MSVIS_NODE_ID_NONE);
      g_assert_true (msvis_match_session_match (session, n, bench_node (by_hand, pairs[i][1]),
                                                FALSE, NULL, &error));
      g_assert_no_error (error);
      assert_same_node (by_hand, fuzzy, pairs[i][0]);
      /* the collection above it */
      assert_same_node (by_hand, fuzzy,
                        msvis_graph_node_get_id (npu_of (by_hand), msvis_graph_node_get_parent (
                                                                     npu_of (by_hand), n)));
    }
}

/* md5 values do not depend on how many decimals the file kept: a pair unlinked and linked
 * again in a reference file gives msprobe's own bytes. */
static void
test_round_trip_md5_file (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisMatchSession) session = NULL;
  g_autoptr(GBytes) expected = NULL, again = NULL;
  g_autoptr(GError) error = NULL;
  MsvisNodeId n;

  path = reference_vis ("cmp_md5");
  doc = read_doc (path);
  expected = file_bytes (path);
  session = new_session (doc, path);
  n = npu_node (doc, "Module.conv1.Conv2d.forward.0");
  g_assert_true (msvis_match_session_unmatch (session, n, TRUE, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (msvis_match_session_match (session, n,
                                            bench_node (doc, "Module.conv1.Conv2d.forward.0"),
                                            TRUE, NULL, &error));
  g_assert_no_error (error);
  again = msvis_test_vis_bytes (doc, FALSE);
  assert_bytes_equal (again, expected);
}

/* Real data is compared again from the tensor files, so the values are msprobe's exactly. */
static void
test_round_trip_real_data (void)
{
  g_autofree char *path = NULL, *inputs = NULL, *cwd = g_get_current_dir ();
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisMatchSession) session = NULL;
  g_autoptr(GBytes) expected = NULL, again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  MsvisNodeId n;

  path = reference_vis ("cmp_tensor");
  inputs = msvis_test_reference ("inputs");
  doc = read_doc (path);
  expected = file_bytes (path);

  /* Not where dump_data_dir points: refused, naming the file. */
  session = msvis_match_session_new (doc, NULL, &error);
  g_assert_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED);
  g_assert_nonnull (strstr (error->message, "dump_tensor_data"));
  g_assert_null (session);
  g_clear_error (&error);

  /* dump_data_dir is relative to where msprobe ran */
  g_assert_cmpint (g_chdir (inputs), ==, 0);
  session = msvis_match_session_new (doc, NULL, &error);
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  g_assert_no_error (error);
  n = npu_node (doc, "Cell.relu.ReLU.forward.0");
  g_assert_true (msvis_match_session_unmatch (session, n, TRUE, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (msvis_match_session_match (session, n,
                                            bench_node (doc, "Cell.relu.ReLU.forward.0"),
                                            TRUE, NULL, &error));
  g_assert_no_error (error);
  warnings = msvis_match_session_take_warnings (session);
  g_assert_cmpuint (warnings->len, ==, 0);
  again = msvis_test_vis_bytes (doc, FALSE);
  assert_bytes_equal (again, expected);
}

/* Saved, the file reopens with the same links and values and the tables tb_graph_ascend
 * writes; unlinked again, it is msprobe's file plus two empty tables. */
static void
test_save_and_reopen (void)
{
  g_autofree char *path = NULL, *dir = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (dir, "saved.vis", NULL);
  g_autofree char *out2 = g_build_filename (dir, "unmatched.vis", NULL);
  g_autoptr(GFile) out_file = g_file_new_for_path (out);
  g_autoptr(GFile) out2_file = g_file_new_for_path (out2);
  g_autoptr(MsvisVisDocument) doc = NULL, back = NULL, back2 = NULL;
  g_autoptr(MsvisMatchSession) session = NULL, session2 = NULL;
  g_autoptr(GPtrArray) pairs = NULL;
  g_autoptr(GBytes) reference_bytes = NULL, saved = NULL, unmatched = NULL;
  g_autoptr(GString) expected = NULL;
  g_autoptr(GError) error = NULL;
  MsvisNodeId n, b, n2;
  MsvisPrecision p, p2;
  GStatBuf st;

  path = reference_vis ("cmp_stat");
  reference_bytes = file_bytes (path);
  doc = read_doc (path);
  session = new_session (doc, path);
  n = npu_node (doc, "Tensor.view.1.forward");
  b = bench_node (doc, "Tensor.view.1.forward");
  g_assert_true (msvis_match_session_match (session, n, b, FALSE, NULL, &error));
  g_assert_no_error (error);
  p = msvis_compare_results_get_precision (msvis_graph_get_compare_results (npu_of (doc)), n);
  g_assert_cmpint (p.kind, ==, MSVIS_PRECISION_INT);

  g_assert_true (msvis_match_session_save_vis (session, out_file, FALSE, NULL, &error));
  g_assert_no_error (error);
  msvis_match_session_set_saved (session);
  g_assert_false (msvis_match_session_is_modified (session));
  g_assert_cmpint (g_stat (out, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  /* never over an existing file unless told */
  g_assert_false (msvis_match_session_save_vis (session, out_file, FALSE, NULL, &error));
  g_assert_error (error, MSVIS_WRITER_ERROR, MSVIS_WRITER_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_cmpuint (msvis_test_count_files (dir), ==, 1);

  back = read_doc (out);
  g_assert_nonnull (msvis_vis_document_get_npu_match_nodes (back));
  g_assert_cmpstr (g_hash_table_lookup (msvis_vis_document_get_npu_match_nodes (back),
                                        "Tensor.view.1.forward"), ==,
                   "Tensor.view.1.forward");
  g_assert_cmpstr (g_hash_table_lookup (msvis_vis_document_get_bench_match_nodes (back),
                                        "Tensor.view.1.forward"), ==,
                   "Tensor.view.1.forward");
  n2 = npu_node (back, "Tensor.view.1.forward");
  g_assert_cmpuint (link_of (npu_of (back), n2), ==,
                    bench_node (back, "Tensor.view.1.forward"));
  p2 = msvis_compare_results_get_precision (msvis_graph_get_compare_results (npu_of (back)), n2);
  g_assert_cmpint (p2.kind, ==, p.kind);
  g_assert_cmpfloat (p2.value, ==, p.value);
  /* the file as saved is the file written again from what was read back */
  saved = file_bytes (out);
  {
    g_autoptr(MsvisMatchSession) same = new_session (back, out);
    g_autofree char *again_path = g_build_filename (dir, "again.vis", NULL);
    g_autoptr(GFile) again_file = g_file_new_for_path (again_path);
    g_autoptr(GBytes) again = NULL;

    pairs = msvis_match_session_get_pairs (same);
    g_assert_cmpuint (pairs->len, ==, 1);
    g_assert_true (msvis_match_session_save_vis (same, again_file, FALSE, NULL, &error));
    g_assert_no_error (error);
    again = file_bytes (again_path);
    assert_bytes_equal (again, saved);
    g_assert_cmpint (g_unlink (again_path), ==, 0);
  }

  /* unlinked again (a pair from the file's table), saved over itself */
  back2 = read_doc (out);
  session2 = new_session (back2, out);
  g_assert_true (msvis_match_session_unmatch (session2, npu_node (back2,
                                                                  "Tensor.view.1.forward"),
                                              FALSE, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (msvis_match_session_save_vis (session2, out2_file, FALSE, NULL, &error));
  g_assert_no_error (error);
  unmatched = file_bytes (out2);
  expected = g_string_new_len (g_bytes_get_data (reference_bytes, NULL),
                               g_bytes_get_size (reference_bytes) - 2);
  g_assert_true (g_str_has_suffix (expected->str, "true"));
  g_string_append (expected, ",\n    \"npu_match_nodes\": {},\n    \"bench_match_nodes\": {}\n}");
  g_assert_cmpmem (g_bytes_get_data (unmatched, NULL), g_bytes_get_size (unmatched),
                   expected->str, expected->len);

  g_assert_true (msvis_match_session_save_vis (session2, out_file, TRUE, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (msvis_test_count_files (dir), ==, 2);   /* no temporary file left */
  msvis_test_remove_tree (dir);
}

/* A file tb_graph_ascend saved after a manual match: its own metric keys, "None" at the start
 * of the links, UTF-8 text and the two tables. It opens, the pair unlinks (taking
 * tb_graph_ascend's keys away) and links again with msprobe's columns. */
static void
test_tbga_saved (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "match",
                                                 "tbga-saved.vis", NULL);
  g_autoptr(MsvisVisDocument) doc = read_doc (path);
  g_autoptr(MsvisMatchSession) session = new_session (doc, path);
  g_autoptr(GPtrArray) pairs = msvis_match_session_get_pairs (session);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) in = g_string_new (NULL), out = g_string_new (NULL);
  MsvisNodeId n = npu_node (doc, "Module.layer.Linear.forward.0");
  MsvisNodeId b = bench_node (doc, "Module.\u5c42.Linear.forward.0");
  MsvisPrecision p;

  g_assert_cmpuint (pairs->len, ==, 1);
  g_assert_cmpstr (((MsvisMatchPair *)g_ptr_array_index (pairs, 0))->bench, ==,
                   "Module.\u5c42.Linear.forward.0");
  g_assert_cmpuint (link_of (npu_of (doc), n), ==, b);

  g_assert_true (msvis_match_session_unmatch (session, n, FALSE, NULL, &error));
  g_assert_no_error (error);
  msvis_vis_format_node_items (npu_of (doc), n, FALSE, in, out);
  g_assert_null (strstr (out->str, "MaxAbsErr"));
  g_assert_null (strstr (out->str, "RelativeErr"));
  g_assert_nonnull (strstr (out->str, "\"Norm\": \"3.0\""));
  g_ptr_array_unref (pairs);
  pairs = msvis_match_session_get_pairs (session);
  g_assert_cmpuint (pairs->len, ==, 0);

  g_assert_true (msvis_match_session_match (session, n, b, FALSE, NULL, &error));
  g_assert_no_error (error);
  g_string_truncate (in, 0);
  g_string_truncate (out, 0);
  msvis_vis_format_node_items (npu_of (doc), n, FALSE, in, out);
  g_assert_nonnull (strstr (out->str, "\"Max diff\": \"0.5\""));
  g_assert_nonnull (strstr (out->str, "\"MaxRelativeErr\": \"33.333333%\""));
  g_assert_null (strstr (out->str, "MaxAbsErr"));
  p = msvis_compare_results_get_precision (msvis_graph_get_compare_results (npu_of (doc)), n);
  g_assert_cmpint (p.kind, ==, MSVIS_PRECISION_FLOAT);
  g_assert_cmpfloat_with_epsilon (p.value, 1.0 / 3.0, 1e-12);
}

static void
assert_unchanged (MsvisMatchSession *session,
                  MsvisVisDocument  *doc,
                  GBytes            *before)
{
  g_autoptr(GBytes) now = msvis_test_vis_bytes (doc, FALSE);

  g_assert_false (msvis_match_session_can_undo (session));
  g_assert_false (msvis_match_session_is_modified (session));
  assert_bytes_equal (now, before);
}

/* Builds, unknown names, matched nodes and different types are refused; a config that fails
 * half way changes nothing. */
static void
test_errors (void)
{
  g_autofree char *path = NULL, *build = NULL;
  g_autoptr(MsvisVisDocument) doc = NULL, build_doc = NULL;
  g_autoptr(MsvisMatchSession) session = NULL, none = NULL;
  g_autoptr(GPtrArray) pairs = msvis_match_pairs_new ();
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;
  MsvisNodeId n;

  build = reference_vis ("build_single");
  build_doc = read_doc (build);
  none = msvis_match_session_new (build_doc, NULL, &error);
  g_assert_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED);
  g_assert_null (none);
  g_clear_error (&error);

  path = reference_vis ("cmp_stat");
  doc = read_doc (path);
  before = msvis_test_vis_bytes (doc, FALSE);
  session = new_session (doc, path);
  n = npu_node (doc, "Tensor.view.1.forward");

  g_assert_false (msvis_match_session_unmatch (session, n, FALSE, NULL, &error));
  g_assert_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH);
  g_clear_error (&error);
  g_assert_false (msvis_match_session_match (session, n,
                                             bench_node (doc, "Module.fc.Linear.forward.0"),
                                             FALSE, NULL, &error));
  g_assert_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH);
  g_assert_nonnull (strstr (error->message, "Module.fc.Linear.forward.0"));
  g_clear_error (&error);
  g_assert_false (msvis_match_session_match (session, npu_node (doc, "Apis_Between_Modules.3"),
                                             bench_node (doc, "Tensor.view.1.forward"),
                                             FALSE, NULL, &error));
  g_assert_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH);
  g_assert_nonnull (strstr (error->message, "Apis_Between_Modules.3"));
  g_clear_error (&error);
  assert_unchanged (session, doc, before);

  /* the first pair is fine, the second names a node the Bench graph does not have */
  msvis_match_pairs_add (pairs, "Tensor.view.1.forward", "Tensor.view.1.forward");
  msvis_match_pairs_add (pairs, "Tensor.__add__.1.forward", "Tensor.nothing.forward");
  g_assert_false (msvis_match_session_apply_pairs (session, pairs, "x.vis.config", NULL,
                                                   &error));
  g_assert_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH);
  g_assert_nonnull (strstr (error->message, "x.vis.config"));
  g_assert_nonnull (strstr (error->message, "Tensor.nothing.forward"));
  g_clear_error (&error);
  assert_unchanged (session, doc, before);
}

static int
run_msvis (const char *const *args,
           char             **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_ptr_array_add (argv, (char *)g_getenv ("MSVIS_BIN"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *)args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL,
                err, &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* msvis match: applies a config, never replaces without --force, says what is wrong. */
static void
test_command (void)
{
  g_autofree char *path = NULL, *dir = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (dir, "m.vis.config", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.vis.config", NULL);
  g_autofree char *out = g_build_filename (dir, "out.vis", NULL);
  g_autoptr(GBytes) first = NULL, kept = NULL;
  g_autoptr(MsvisVisDocument) back = NULL;
  char *err = NULL;

  g_assert_nonnull (g_getenv ("MSVIS_BIN"));   /* meson test sets it */
  path = reference_vis ("cmp_stat");
  msvis_test_write (dir, "m.vis.config",
                    "{\"Tensor.view.1.forward\": \"Tensor.view.1.forward\"}", -1);
  msvis_test_write (dir, "bad.vis.config", "{\"Nope.0\": \"Tensor.view.1.forward\"}", -1);

  g_assert_cmpint (run_msvis ((const char *[]) { "match", path, "--config", config, "-o", out,
                                                 NULL }, &err), ==, 0);
  g_free (err);
  back = read_doc (out);
  g_assert_cmpuint (link_of (npu_of (back), npu_node (back, "Tensor.view.1.forward")), ==,
                    bench_node (back, "Tensor.view.1.forward"));
  first = file_bytes (out);

  /* an existing output stays as it is */
  g_assert_cmpint (run_msvis ((const char *[]) { "match", path, "--config", bad, "-o", out,
                                                 "--force", NULL }, &err), ==, 1);
  g_assert_nonnull (strstr (err, "Nope.0"));
  g_assert_nonnull (strstr (err, "bad.vis.config"));
  g_free (err);
  g_assert_cmpint (run_msvis ((const char *[]) { "match", path, "--config", config, "-o", out,
                                                 NULL }, &err), ==, 1);
  g_assert_nonnull (strstr (err, "out.vis"));
  g_free (err);
  kept = file_bytes (out);
  assert_bytes_equal (kept, first);
  g_assert_cmpint (run_msvis ((const char *[]) { "match", path, "--config", config, "-o", out,
                                                 "--force", NULL }, &err), ==, 0);
  g_free (err);
  g_assert_cmpint (run_msvis ((const char *[]) { "match", path, "-o", out, NULL }, &err), ==, 2);
  g_free (err);
  g_assert_cmpuint (msvis_test_count_files (dir), ==, 3);

  /* --unmatch undoes the config's pairs; a pair that is not linked is an error */
  g_assert_cmpint (run_msvis ((const char *[]) { "match", "--unmatch", out, "--config", config,
                                                 "-o", out, "--force", NULL }, &err), ==, 0);
  g_free (err);
  g_clear_pointer (&back, msvis_vis_document_unref);
  back = read_doc (out);
  g_assert_cmpuint (link_of (npu_of (back), npu_node (back, "Tensor.view.1.forward")), ==,
                    MSVIS_NODE_ID_NONE);
  g_assert_cmpint (run_msvis ((const char *[]) { "match", "--unmatch", out, "--config", config,
                                                 "-o", out, "--force", NULL }, &err), ==, 1);
  g_assert_nonnull (strstr (err, "not matched with each other"));
  g_free (err);
  msvis_test_remove_tree (dir);
}

/* A .vis.db is written again whole, the other graphs of the run as they were. */
static void
test_vis_db (void)
{
  g_autofree char *inputs = NULL, *cfg = NULL, *cwd = g_get_current_dir ();
  g_autofree char *dir = msvis_test_make_dir (), *db_dir = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (dir, "m.vis.config", NULL);
  g_autofree char *out = g_build_filename (dir, "out.vis.db", NULL);
  g_autofree char *x_db = g_build_filename (dir, "x.vis.db", NULL);
  g_autofree char *unlinked = g_build_filename (dir, "unlinked.vis.db", NULL);
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisMatchSession) session = NULL;
  g_autoptr(GBytes) rank1 = NULL, rank1_before = NULL;
  g_autofree char *reference_vis_path = reference_vis ("cmp_stat");
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(MsvisVisDocument) back = NULL, other = NULL;
  g_autoptr(GError) error = NULL;
  MsvisGraphJob job = { 0 };
  MsvisMatchJob match = { .step = -1, .rank = -1 };
  MsvisMatchChange change;
  const char *db;

  inputs = msvis_test_reference ("inputs");
  cfg = g_build_filename (inputs, "cfg", "cmp_ranks.json", NULL);
  g_assert_cmpint (g_chdir (inputs), ==, 0);
  job = (MsvisGraphJob) { cfg, db_dir, FALSE, FALSE, FALSE, NULL, "T",
                          .format = MSVIS_GRAPH_JOB_FORMAT_DB };
  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 1);
  db = g_ptr_array_index (written, 0);

  /* unlinked by hand in rank 0 and saved as a new .vis.db */
  doc = msvis_match_open_document (db, -1, 0, NULL, &error);
  g_assert_no_error (error);
  session = new_session (doc, db);
  g_assert_true (msvis_match_session_unmatch (session, npu_node (doc, "Tensor.mul.0.forward"),
                                              FALSE, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (msvis_match_session_save_vis_db (session, db, unlinked, FALSE, NULL, &error));
  g_assert_no_error (error);
  back = msvis_match_open_document (unlinked, -1, 0, NULL, &error);
  g_assert_no_error (error);
  other = msvis_match_open_document (unlinked, -1, 1, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (link_of (npu_of (back), npu_node (back, "Tensor.mul.0.forward")), ==,
                    MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (link_of (npu_of (other), npu_node (other, "Tensor.mul.0.forward")), ==,
                    bench_node (other, "Tensor.mul.0.forward"));
  rank1 = msvis_test_vis_bytes (other, FALSE);
  g_clear_pointer (&other, msvis_vis_document_unref);
  other = msvis_match_open_document (db, -1, 1, NULL, &error);
  g_assert_no_error (error);
  rank1_before = msvis_test_vis_bytes (other, FALSE);
  assert_bytes_equal (rank1, rank1_before);

  /* linked again by msvis match from a config */
  msvis_test_write (dir, "m.vis.config",
                    "{\"Tensor.mul.0.forward\": \"Tensor.mul.0.forward\"}", -1);
  match.input = unlinked;
  match.config = config;
  match.output = out;
  match.rank = 0;
  g_assert_true (msvis_match_job_run (&match, &change, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (change.n_linked, ==, 1);
  g_clear_pointer (&back, msvis_vis_document_unref);
  back = msvis_match_open_document (out, -1, 0, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (link_of (npu_of (back), npu_node (back, "Tensor.mul.0.forward")), ==,
                    bench_node (back, "Tensor.mul.0.forward"));

  /* a .vis cannot become a .vis.db */
  match.input = reference_vis_path;
  match.output = x_db;
  g_assert_false (msvis_match_job_run (&match, NULL, NULL, &error));
  g_assert_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED);
  g_assert_false (g_file_test (x_db, G_FILE_TEST_EXISTS));
  msvis_test_remove_tree (db_dir);
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/match/round-trip-in-memory", test_round_trip_in_memory);
  g_test_add_func ("/match/equals-fuzzy-matching", test_equals_fuzzy_matching);
  g_test_add_func ("/match/round-trip-md5-file", test_round_trip_md5_file);
  g_test_add_func ("/match/round-trip-real-data", test_round_trip_real_data);
  g_test_add_func ("/match/save-and-reopen", test_save_and_reopen);
  g_test_add_func ("/match/tbga-saved", test_tbga_saved);
  g_test_add_func ("/match/errors", test_errors);
  g_test_add_func ("/match/command", test_command);
  g_test_add_func ("/match/vis-db", test_vis_db);

  return g_test_run ();
}
