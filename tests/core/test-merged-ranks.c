// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-dump-describe.h"
#include "msvis-dump-reader.h"
#include "msvis-merged-ranks.h"
#include "msvis-test-util.h"

/* A parallel-merged result is described by the ranks that went into it, not by the "rank 0"
 * msprobe writes for it (issue 26): from msprobe 26.0.0's own merge outputs in tests/data. */

/* The ranks of the merge in @base's @case_name, "" for a result with no sign of a merge; the
 * window's subtitle must say the same. */
static void
expect_case (const char *base,
             const char *case_name,
             const char *ranks)
{
  g_autofree char *path = msvis_test_data_db (base, case_name);
  g_autoptr(MsvisVisDocument) doc = msvis_test_load_first_graph (path);
  g_autoptr(GArray) found = msvis_merged_ranks_find (doc);
  g_autofree char *text = found ? msvis_merged_ranks_format (found) : g_strdup ("");
  g_autofree char *subtitle = msvis_vis_document_describe (doc, -1);

  if (g_strcmp0 (text, ranks) != 0)
    g_error ("%s: ranks “%s”, wanted “%s”", case_name, text, ranks);
  /* A build's task is "": no empty part between two dots. */
  g_assert_null (strstr (subtitle, "·  ·"));
  if (*ranks == '\0')
    g_assert_nonnull (strstr (subtitle, "· rank 0"));
  else
    {
      g_autofree char *wanted = g_strdup_printf ("merged: ranks %s", ranks);

      g_assert_nonnull (strstr (subtitle, wanted));
      g_assert_null (strstr (subtitle, "rank 0"));
    }
}

static void
test_merge_outputs (void)
{
  /* PP: another stage's APIs renamed Torch.add_rank1… */
  expect_case ("merge-2026", "pp_root", "0, 1");
  /* TP: "merged from rank [0, 1]" and Apis_Between_Modules_Rank0/1 */
  expect_case ("merge-2026", "tp_none", "0, 1");
  /* TP groups of three: "merged from rank [0, 1, 2]" */
  expect_case ("merge-2026", "r12_tppp", "0–2");
  /* A compare of two merges: the NPU side TP, the Bench side PP */
  expect_case ("reference-2026", "cmp_merge_mini", "0, 1");
  expect_case ("reference-2026", "cmp_merge", "0, 1");
  /* Ordinary results stay one rank's. */
  expect_case ("reference-2026", "cmp_mini", "");
  expect_case ("reference-2026", "cmp_ranks", "");
}

/* The group's first rank is the document's only where no TP note names the group's ranks: a
 * July merged1.vis carries the replica number, not a rank. */
static void
test_own_rank (void)
{
  g_autofree char *tp = msvis_test_data_db ("merge-2026", "tp_none");
  g_autofree char *pp = msvis_test_data_db ("merge-2026", "pp_root");
  g_autoptr(MsvisVisDocument) tp_doc = msvis_test_load_first_graph (tp);
  g_autoptr(MsvisVisDocument) pp_doc = msvis_test_load_first_graph (pp);
  g_autoptr(GArray) tp_ranks = NULL, pp_ranks = NULL;
  g_autofree char *tp_text = NULL, *pp_text = NULL;

  msvis_vis_document_set_step_rank (tp_doc, 0, 5);
  msvis_vis_document_set_step_rank (pp_doc, 0, 2);
  tp_ranks = msvis_merged_ranks_find (tp_doc);
  pp_ranks = msvis_merged_ranks_find (pp_doc);
  tp_text = msvis_merged_ranks_format (tp_ranks);
  pp_text = msvis_merged_ranks_format (pp_ranks);
  g_assert_cmpstr (tp_text, ==, "0, 1");
  g_assert_cmpstr (pp_text, ==, "1, 2");
}

/* A merge written with --file_type json, opened as a dump and built: the renamed APIs tell. */
static void
test_merge_json_dump (void)
{
  g_autofree char *dir = msvis_test_data_path ("merge-2026", "out/pp_root_json/step0/rank0");
  g_autofree char *plain = msvis_test_data_path ("reference-2026", "inputs/mini_tp2/npu/rank0");
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisGraph) graph = msvis_test_build (dir, FALSE, &error);
  g_autoptr(MsvisGraph) plain_graph = NULL;
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (gint));

  g_assert_no_error (error);
  g_assert_true (msvis_merged_ranks_collect (graph, ranks, NULL));
  g_assert_cmpuint (ranks->len, >, 0);
  for (guint i = 0; i < ranks->len; i++)
    g_assert_cmpint (g_array_index (ranks, gint, i), ==, 1);

  plain_graph = msvis_test_build (plain, FALSE, &error);
  g_assert_no_error (error);
  g_array_set_size (ranks, 0);
  g_assert_false (msvis_merged_ranks_collect (plain_graph, ranks, NULL));
  g_assert_cmpuint (ranks->len, ==, 0);
}

/* A --file_type json merge whose graph kept no trace (every rank dumped the same calls, no
 * TP statistics): only dump.json's "is_merged": true says it is merged, and nothing says
 * which ranks. The label says "merged", not "rank 0" and not a rank list it would invent. */
static void
test_merge_json_is_merged (void)
{
  g_autofree char *dir = msvis_test_data_path ("reference-2026",
                                               "out/build_merge_json/step0/rank0");
  g_autofree char *plain = msvis_test_data_path ("reference", "inputs/fx/pt_dist/npu/rank0");
  g_autofree char *dump_path = g_build_filename (dir, "dump.json", NULL);
  g_autoptr(GFile) dump = g_file_new_for_path (dump_path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisGraph) graph = msvis_test_build (dir, FALSE, &error);
  g_autoptr(MsvisGraph) plain_graph = NULL;
  g_autoptr(MsvisVisDocument) doc = msvis_vis_document_new ();
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autoptr(GArray) found = NULL;
  g_autofree char *subtitle = NULL;
  gboolean merged = FALSE;

  g_assert_no_error (error);
  g_assert_true (msvis_dump_json_peek_merged (dump, &merged, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (merged);
  g_assert_true (msvis_graph_get_merged_dump (graph));
  g_assert_true (msvis_merged_ranks_collect (graph, ranks, NULL));
  g_assert_cmpuint (ranks->len, ==, 0);

  msvis_vis_document_set_graphs (doc, g_object_ref (graph), NULL);
  msvis_vis_document_set_step_rank (doc, 0, 0);
  found = msvis_merged_ranks_find (doc);
  g_assert_nonnull (found);
  g_assert_cmpuint (found->len, ==, 0);
  subtitle = msvis_vis_document_describe (doc, -1);
  g_assert_cmpstr (subtitle, ==, "Build · step 0 · merged");

  /* The same calls dumped by one rank: no merge. */
  plain_graph = msvis_test_build (plain, FALSE, &error);
  g_assert_no_error (error);
  g_assert_false (msvis_graph_get_merged_dump (plain_graph));
  g_assert_false (msvis_merged_ranks_collect (plain_graph, ranks, NULL));
}

/* msprobe writes "is_merged": true and never reads it back: any other value is no merge, and
 * stops no build. */
static void
test_is_merged_other_values (void)
{
  g_autofree char *src = msvis_test_data_path ("reference-2026",
                                               "out/build_merge_json/step0/rank0");
  const char *values[] = { "false", "null", "\"true\"", "[true]", "{\"a\": true}", "1" };

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autofree char *dir = msvis_test_make_dir ();
      g_autofree char *dump = NULL, *changed = NULL;
      g_autofree char *path = g_build_filename (src, "dump.json", NULL);
      g_autofree char *replacement = g_strdup_printf ("\"is_merged\": %s,", values[i]);
      g_auto(GStrv) parts = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(MsvisGraph) graph = NULL;
      g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (gint));
      const char *names[] = { "construct.json", "stack.json" };

      g_assert_true (g_file_get_contents (path, &dump, NULL, NULL));
      parts = g_strsplit (dump, "\"is_merged\": true,", 2);
      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      changed = g_strjoinv (replacement, parts);
      msvis_test_write (dir, "dump.json", changed, -1);
      for (guint j = 0; j < G_N_ELEMENTS (names); j++)
        {
          g_autofree char *from = g_build_filename (src, names[j], NULL);
          g_autofree char *text = NULL;

          g_assert_true (g_file_get_contents (from, &text, NULL, NULL));
          msvis_test_write (dir, names[j], text, -1);
        }
      graph = msvis_test_build (dir, FALSE, &error);
      g_assert_no_error (error);
      g_assert_false (msvis_graph_get_merged_dump (graph));
      g_assert_false (msvis_merged_ranks_collect (graph, ranks, NULL));
      msvis_test_remove_tree (dir);
    }
}

/* What the Build dialog says of a folder it was given: merged graphs, not ranks. */
static void
test_merge_json_describe (void)
{
  g_autofree char *run = msvis_test_data_path ("reference-2026", "out/build_merge_json");
  g_autofree char *rank = msvis_test_data_path ("reference-2026",
                                                "out/build_merge_json/step0/rank0");
  g_autofree char *pp = msvis_test_data_path ("merge-2026", "out/pp_root_json/step0");
  g_autofree char *plain = msvis_test_data_path ("reference", "inputs/fx/pt_dist/npu");
  const char *paths[] = { run, rank, pp, plain };
  const char *wanted[] = { "1 step × 1 merged graph", "1 merged graph", "1 merged graph",
                           "2 ranks" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GFile) dir = g_file_new_for_path (paths[i]);
      g_autoptr(GError) error = NULL;
      g_autofree char *text = msvis_dump_describe (dir, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpstr (text, ==, wanted[i]);
    }
}

/* A July merge's build_merged0….vis: its name says merged, its number is a data-parallel
 * replica and no rank; msvis inspect said "rank 0" as the window said "merged graph 0". */
static void
test_inspect_july_merged (void)
{
  g_autofree char *path = msvis_test_data_path ("reference",
                                                "build_merge/build_merged0_20261121192024.vis");
  g_autofree char *out = NULL, *err = NULL, *json = NULL, *json_err = NULL;

  g_assert_cmpint (msvis_test_run_msvis (NULL, "inspect", (const char *[]) { path, NULL },
                                         &out, &err), ==, 0);
  g_assert_nonnull (strstr (out, "; merged graphs 0\n"));
  g_assert_nonnull (strstr (out, ", merged graph 0, "));
  g_assert_null (strstr (out, "rank"));
  g_assert_cmpint (msvis_test_run_msvis (NULL, "inspect",
                                         (const char *[]) { "--json", path, NULL },
                                         &json, &json_err), ==, 0);
  g_assert_nonnull (strstr (json, "\"merged_ranks\": []"));
}

static void
expect_format (const gint *values,
               guint       n,
               const char *text)
{
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (gint));
  g_autofree char *got = NULL;

  g_array_append_vals (ranks, values, n);
  got = msvis_merged_ranks_format (ranks);
  g_assert_cmpstr (got, ==, text);
}

static void
test_format (void)
{
  static const gint eight[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
  static const gint pair[] = { 0, 1 };
  static const gint mixed[] = { 0, 1, 2, 3, 8, 12, 13, 14, 15 };
  static const gint gaps[] = { 4, 6, 7, 9 };

  expect_format (eight, G_N_ELEMENTS (eight), "0–7");
  expect_format (pair, G_N_ELEMENTS (pair), "0, 1");
  expect_format (mixed, G_N_ELEMENTS (mixed), "0–3, 8, 12–15");
  expect_format (gaps, G_N_ELEMENTS (gaps), "4, 6, 7, 9");
  expect_format (pair + 1, 1, "1");
}

/* msvis inspect says which ranks a merged result holds, as the window's subtitle does, in its
 * text and in --json; "rank 0" alone hid the others. */
static void
test_inspect (void)
{
  g_autofree char *path = msvis_test_data_db ("merge-2026", "r12_tppp");
  g_autofree char *out = NULL, *err = NULL, *json = NULL, *json_err = NULL;

  g_assert_cmpint (msvis_test_run_msvis (NULL, "inspect", (const char *[]) { path, NULL },
                                         &out, &err), ==, 0);
  /* The C locale the child runs in prints the en dash of "0–2" as "?". */
  g_assert_nonnull (strstr (out, "step 0, merged: ranks 0"));
  g_assert_null (strstr (out, "rank 0,"));
  g_assert_cmpint (msvis_test_run_msvis (NULL, "inspect",
                                         (const char *[]) { "--json", path, NULL },
                                         &json, &json_err), ==, 0);
  g_assert_nonnull (strstr (json, "\"merged_ranks\": [\n"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/merged-ranks/merge-outputs", test_merge_outputs);
  g_test_add_func ("/merged-ranks/own-rank", test_own_rank);
  g_test_add_func ("/merged-ranks/merge-json-dump", test_merge_json_dump);
  g_test_add_func ("/merged-ranks/merge-json-is-merged", test_merge_json_is_merged);
  g_test_add_func ("/merged-ranks/is-merged-other-values", test_is_merged_other_values);
  g_test_add_func ("/merged-ranks/merge-json-describe", test_merge_json_describe);
  g_test_add_func ("/merged-ranks/inspect-july-merged", test_inspect_july_merged);
  g_test_add_func ("/merged-ranks/format", test_format);
  g_test_add_func ("/merged-ranks/inspect", test_inspect);
  return g_test_run ();
}
