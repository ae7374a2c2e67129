// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "msvis-graph-merger-private.h"
#include "msvis-merge-test-util.h"

/* msprobe 26's merge parameters (msprobe-2026.md §1.2, §1.3, §11.1 item 4): the flags split
 * into the sides, each side's checks with msprobe's message behind [NPU] or [Bench], and the
 * default groups in --order. */

static void
check_groups (gint        rank_size,
              gint        tp,
              gint        pp,
              const char *order,
              const char *tp_expected,
              const char *pp_expected)
{
  MsvisMergeParams params = { rank_size, tp, pp, 1, MSVIS_ERA_2026, order };
  g_autoptr(GPtrArray) tp_groups = NULL, pp_groups = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *tp_text = NULL, *pp_text = NULL;

  g_assert_true (merge_default_groups_ordered (&params, &tp_groups, &pp_groups, &error));
  g_assert_no_error (error);
  tp_text = merge_groups_to_string (tp_groups);
  pp_text = merge_groups_to_string (pp_groups);
  g_assert_cmpstr (tp_text, ==, tp_expected);
  g_assert_cmpstr (pp_text, ==, pp_expected);
}

static void
check_groups_fail (gint        rank_size,
                   gint        tp,
                   gint        pp,
                   const char *order,
                   const char *message)
{
  MsvisMergeParams params = { rank_size, tp, pp, 1, MSVIS_ERA_2026, order };
  GPtrArray *tp_groups = NULL, *pp_groups = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_false (merge_default_groups_ordered (&params, &tp_groups, &pp_groups, &error));
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_null (tp_groups);
}

/* The verified example of msprobe-2026.md §11.1 item 4, and July's layout as --order
 * tp-pp-dp. */
static void
test_default_groups_order (void)
{
  check_groups (8, 2, 2, NULL, "[[0, 1], [2, 3], [4, 5], [6, 7]]",
                "[[0, 4], [1, 5], [2, 6], [3, 7]]");
  check_groups (8, 2, 2, "tp-pp-dp", "[[0, 1], [2, 3], [4, 5], [6, 7]]",
                "[[0, 2], [1, 3], [4, 6], [5, 7]]");
  check_groups (4, 1, 4, NULL, "[[0], [1], [2], [3]]", "[[0, 1, 2, 3]]");
  check_groups (8, 2, 2, "pp-tp-dp", "[[0, 2], [1, 3], [4, 6], [5, 7]]",
                "[[0, 1], [2, 3], [4, 5], [6, 7]]");

  check_groups_fail (8, 2, 2, "tp-ep-pp-dp", "The ep and dp must be adjacent in order "
                     "(tp-ep-pp-dp).");
  check_groups_fail (8, 2, 2, "tp-dp", "The parallel size (pp) is (2), but it's not "
                     "specified in order (tp-dp).");
  check_groups_fail (8, 2, 2, "tp-xx-pp-dp", "The order (tp-xx-pp-dp) names “xx”, which is "
                     "not one of tp, pp, dp, ep and cp.");
  check_groups_fail (12, 2, 4, NULL, "The world size (12) is not divisible by 2 x 4 x 1.");
}

static void
check_load (const MsvisMergeArgs *args,
            gboolean              compare,
            const char           *message)
{
  MsvisMergeParams npu, bench;
  g_autoptr(GError) error = NULL;

  g_assert_false (msvis_merge_params_load (args, compare, &npu, &bench, &error));
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS);
  g_assert_cmpstr (error->message, ==, message);
}

/* load_parallel_param's list lengths, and --vpp/--order taken per side only with two values
 * in a compare. */
static void
test_load (void)
{
  static const gint one[] = { 2 }, two[] = { 2, 4 }, vpp2[] = { 2, 3 };
  static const char *const orders[] = { "tp-pp-dp", "pp-tp-dp" };
  MsvisMergeArgs build_two = { two, 2, one, 1, one, 1 };
  MsvisMergeArgs no_tp = { one, 1, NULL, 0, one, 1 };
  MsvisMergeArgs build_tp_two = { one, 1, two, 2, one, 1 };
  MsvisMergeArgs compare_one = { one, 1, one, 1, one, 1 };
  MsvisMergeArgs compare_tp_one = { two, 2, one, 1, two, 2 };
  MsvisMergeArgs compare = { two, 2, two, 2, two, 2, one, 1, orders, 1 };
  MsvisMergeArgs compare_both = { two, 2, two, 2, two, 2, vpp2, 2, orders, 2 };
  MsvisMergeParams npu, bench;
  g_autoptr(GError) error = NULL;

  check_load (&no_tp, FALSE, "In the graph merge task, parameters \"tp/pp/rank_size\" is "
              "required!");
  check_load (&build_two, FALSE, "In the graph merge build task, the number of parameters "
              "\"rank_size\" to be filled in is either 1!");
  check_load (&build_tp_two, FALSE, "In the graph merge build task, the number of parameters "
              "\"tp/pp/rank_size\" to be filled in is either 1!");
  check_load (&compare_one, TRUE, "In the graph merge compare task, the number of parameters "
              "\"rank_size\" to be filled in is either 2!");
  check_load (&compare_tp_one, TRUE, "In the graph merge compare task, the number of "
              "parameters \"tp/pp/rank_size\" to be filled in is either 2!");

  g_assert_true (msvis_merge_params_load (&compare, TRUE, &npu, &bench, &error));
  g_assert_no_error (error);
  g_assert_cmpint (npu.vpp, ==, 1);
  g_assert_cmpint (bench.vpp, ==, 1);
  g_assert_cmpstr (npu.order, ==, "tp-cp-ep-dp-pp");
  g_assert_cmpstr (bench.order, ==, "tp-cp-ep-dp-pp");
  g_assert_cmpint (bench.rank_size, ==, 4);
  g_assert_cmpint (npu.era, ==, MSVIS_ERA_2026);

  g_assert_true (msvis_merge_params_load (&compare_both, TRUE, &npu, &bench, &error));
  g_assert_cmpint (npu.vpp, ==, 2);
  g_assert_cmpint (bench.vpp, ==, 3);
  g_assert_cmpstr (npu.order, ==, "tp-pp-dp");
  g_assert_cmpstr (bench.order, ==, "pp-tp-dp");
}

static void
check_validate (const char *dir,
                gint        rank_size,
                gint        tp,
                gint        pp,
                gint        vpp,
                const char *order,
                gboolean    is_bench,
                const char *message)
{
  MsvisMergeParams params = { rank_size, tp, pp, vpp, MSVIS_ERA_2026, order };
  g_autoptr(GError) error = NULL;

  g_assert_false (msvis_merge_params_validate (&params, dir, is_bench, &error));
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS);
  g_assert_cmpstr (error->message, ==, message);
}

/* validate_parallel_param on a folder of two ranks, in msprobe's order of checks. */
static void
test_validate (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *rank0 = g_build_filename (dir, "rank0", NULL);
  g_autofree char *rank1 = g_build_filename (dir, "rank1", NULL);
  g_autoptr(GError) error = NULL;
  MsvisMergeParams good = { 2, 2, 1, 1, MSVIS_ERA_2026, NULL };
  g_autofree char *stray = NULL;

  g_assert_cmpint (g_mkdir (rank0, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (rank1, 0755), ==, 0);
  g_assert_true (msvis_merge_params_validate (&good, dir, FALSE, &error));
  g_assert_no_error (error);

  check_validate (dir, 4, 2, 1, 1, NULL, FALSE,
                  "[NPU] The parallel param \"rank_size\" error, you set 4 but expected 2.");
  check_validate (dir, 4, 2, 1, 1, NULL, TRUE,
                  "[Bench] The parallel param \"rank_size\" error, you set 4 but expected 2.");
  check_validate (dir, 2, 0, 1, 1, NULL, FALSE,
                  "[NPU] The parallel params \"tp/pp/vpp/rank_size\" must be greater than 0!");
  check_validate (dir, 2, 4, 1, 1, NULL, TRUE,
                  "[Bench] The parallel param \"tp\" must be less than or equal to "
                  "\"rank_size\"!");
  check_validate (dir, 2, 1, 4, 1, NULL, FALSE,
                  "[NPU] The parallel param \"pp\" must be less than or equal to "
                  "\"rank_size\"!");
  check_validate (dir, 2, 2, 2, 1, NULL, FALSE,
                  "[NPU] The parallel params \"tp * pp\" must be less than or equal to "
                  "\"rank_size\"!");
  check_validate (dir, 2, 2, 1, 2, NULL, TRUE,
                  "[Bench] When configuring the parallel param \"vpp\", the \"pp\" param must "
                  "be greater than 1!");
  check_validate (dir, 2, 2, 1, 1, "TP-pp", FALSE,
                  "[NPU] The parallel params \"order\" must consist only of lowercase letters "
                  "and \"-\"!");

  /* A stray entry is fatal here, though the ranks to build skip it. */
  msvis_test_write (dir, "notes.txt", "x", -1);
  stray = g_strdup_printf ("[NPU] dump_dir contains 'notes.txt'. Expected 'rank'. This name is "
                           "not in the format of dump output. Please check and delete irrelevant "
                           "files in %s and try again.", dir);
  check_validate (dir, 2, 2, 1, 1, NULL, FALSE, stray);
}

static MsvisJsonValue *
int_json (MsvisArena *arena,
          gint        v)
{
  MsvisJsonValue *value = msvis_json_value_new (arena, MSVIS_JSON_INT);

  value->i = v;
  return value;
}

/* The sides as the job passes them on, in compare.json's shape: msprobe 26 keeps vpp and
 * order and leaves the judging to validate; July reads as it always did. */
static void
test_parse_era (void)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  MsvisJsonValue *merge = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
  MsvisJsonValue *npu = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
  MsvisJsonValue *bench = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
  MsvisMergeParams p;
  g_autoptr(GError) error = NULL;

  msvis_json_value_set_member (arena, npu, "rank_size", int_json (arena, 8));
  msvis_json_value_set_member (arena, npu, "tp", int_json (arena, 0));
  msvis_json_value_set_member (arena, npu, "pp", int_json (arena, 2));
  msvis_json_value_set_member (arena, npu, "vpp", int_json (arena, 2));
  msvis_json_value_set_member (arena, npu, "order", msvis_json_value_new_string (arena,
                                                                                 "tp-pp-dp"));
  msvis_json_value_set_member (arena, bench, "rank_size", int_json (arena, 8));
  msvis_json_value_set_member (arena, merge, "npu", npu);
  msvis_json_value_set_member (arena, merge, "bench", bench);

  g_assert_true (msvis_merge_params_parse_era (merge, "npu", MSVIS_ERA_2026, FALSE, "-", &p,
                                               &error));
  g_assert_no_error (error);
  g_assert_cmpint (p.rank_size, ==, 8);
  g_assert_cmpint (p.tp, ==, 0);
  g_assert_cmpint (p.vpp, ==, 2);
  g_assert_cmpstr (p.order, ==, "tp-pp-dp");
  g_assert_cmpint (p.era, ==, MSVIS_ERA_2026);

  g_assert_false (msvis_merge_params_parse_era (merge, "bench", MSVIS_ERA_2026, TRUE, "-", &p,
                                                &error));
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS);
  g_clear_error (&error);

  /* July: tp 0 is refused at once, vpp of a build is not read. */
  g_assert_false (msvis_merge_params_parse_era (merge, "npu", MSVIS_ERA_2025_07, FALSE, "-",
                                                &p, &error));
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS);
  g_assert_nonnull (strstr (error->message, "parallel_merge.npu.tp"));
}

/* The merge itself checks the count of its inputs with the side's prefix. */
static void
test_merge_rank_count (void)
{
  g_autoptr(MsvisGraph) graph = msvis_graph_new ();
  MsvisMergeInput inputs[] = { { 0, graph } };
  MsvisMergeParams params = { 2, 2, 1, 1, MSVIS_ERA_2026, NULL };
  g_autoptr(GError) error = NULL;
  GArray *merged = msvis_graph_merge (inputs, 1, &params, TRUE, "-", NULL, &error);

  g_assert_null (merged);
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS);
  g_assert_cmpstr (error->message, ==, "[Bench] The parallel param \"rank_size\" error, you "
                   "set 2 but expected 1.");
}

/* Groups found in the data that name a rank without a dump: msprobe 26 has no compare.json
 * to blame, so the message names the side and the flags. */
static void
test_groups_untraceable (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autofree MsvisMergeInput *inputs = g_new0 (MsvisMergeInput, 2);
  MsvisMergeParams params = { 2, 2, 1, 1, MSVIS_ERA_2026, NULL };
  g_autoptr(GError) error = NULL;
  GArray *merged;

  for (guint r = 0; r < 2; r++)
    {
      g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);
      const char *x = merge_test_tensor ("1.0", "0.0", "0.5", "1.0");

      merge_test_dump_entry (dump, "Module.m.M.forward.0", NULL, "\"input_args\": [%s]", x);
      merge_test_dump_entry (dump, "Distributed.all_reduce.0.forward", "Module.m.M.forward.0",
                             "\"input_args\": [%s], \"input_kwargs\": {%s}", x,
                             merge_test_group ("[0, 5]"));
      merge_test_dump_write (dump, dir);
    }
  for (guint r = 0; r < 2; r++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);

      inputs[r].rank = r;
      inputs[r].graph = msvis_test_build (dir, FALSE, &error);
      g_assert_no_error (error);
    }
  merged = msvis_graph_merge (inputs, 2, &params, TRUE, "-", NULL, &error);
  for (guint r = 0; r < 2; r++)
    g_object_unref (inputs[r].graph);
  g_assert_null (merged);
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_GROUPS);
  g_assert_cmpstr (error->message, ==, "[Bench] The tensor-parallel groups [[0, 5]] name rank 5, "
                   "which has no dump; check --rank_size, --tp and --pp");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/merge-2026/params/default-groups-order", test_default_groups_order);
  g_test_add_func ("/merge-2026/params/load", test_load);
  g_test_add_func ("/merge-2026/params/validate", test_validate);
  g_test_add_func ("/merge-2026/params/merge-rank-count", test_merge_rank_count);
  g_test_add_func ("/merge-2026/params/parse-era", test_parse_era);
  g_test_add_func ("/merge-2026/params/groups-untraceable", test_groups_untraceable);

  return g_test_run ();
}
