// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-merger-private.h"
#include "msvis-merge-test-util.h"

/* The rules of vis-format.md §4.10 (msprobe's graph_merger.py), one test each: strategy,
 * groups, API collections, pipeline renumbering, tensor-parallel statistics, VPP. */

#define T merge_test_tensor

/* A module with one API, the same on every rank unless @differ: for strategy tests. */
static void
write_plain_ranks (const char *root,
                   guint       n,
                   gboolean    differ)
{
  for (guint r = 0; r < n; r++)
    {
      g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);
      g_autofree char *max = g_strdup_printf ("%u.0", differ ? r + 1 : 1);

      merge_test_dump_entry (dump, "Module.fc.Linear.forward.0", NULL,
                             "\"input_args\": [%s], \"output\": [%s]",
                             T ("1.0", "-1.0", "0.5", "2.0"), T (max, "-1.0", "0.5", "2.0"));
      merge_test_dump_entry (dump, "Torch.add.0.forward", "Module.fc.Linear.forward.0",
                             "\"input_args\": [%s], \"output\": [%s]",
                             T ("1.0", "-1.0", "0.5", "2.0"), T ("1.0", "-1.0", "0.5", "2.0"));
      merge_test_dump_write (dump, dir);
    }
}

static char *
result_ranks (GArray *results)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < results->len; i++)
    g_string_append_printf (text, i ? ",%d" : "%d",
                            g_array_index (results, MsvisMergeResult, i).rank);
  return g_string_free (text, FALSE);
}

/* _select_strategy, seen through the graphs each strategy makes (default groups). */
static void
test_strategy (void)
{
  static const struct { guint ranks; gint tp, pp; const char *mains; } cases[] = {
    { 1, 1, 1, "0" },         /* no parallelism */
    { 2, 2, 1, "0" },         /* tp == rank_size */
    { 4, 2, 1, "0,2" },       /* pp == 1: tensor-parallel groups [0, 1], [2, 3] */
    { 8, 4, 1, "0,4" },
    { 2, 1, 2, "0" },         /* pp == rank_size */
    { 4, 1, 2, "0,1" },       /* tp == 1: pipeline groups [0, 2], [1, 3] */
    { 4, 2, 2, "0" },         /* tp × pp == rank_size */
    { 8, 2, 2, "0,2" },       /* full: one graph per data-parallel replica */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *root = msvis_test_make_dir ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) results = NULL;
      g_autofree char *mains = NULL;

      write_plain_ranks (root, cases[i].ranks, TRUE);
      results = merge_test_run (root, cases[i].ranks, cases[i].ranks, cases[i].tp, cases[i].pp,
                                1, &error);
      g_assert_no_error (error);
      mains = result_ranks (results);
      g_assert_cmpstr (mains, ==, cases[i].mains);
    }
}

/* get_tp_pp_default_groups in the order tp-cp-ep-dp-pp. */
static void
test_default_groups (void)
{
  MsvisMergeParams params = { 16, 2, 4, 1 };
  g_autoptr(GPtrArray) tp = NULL, pp = NULL;
  g_autofree char *tp_text = NULL, *pp_text = NULL;

  merge_default_groups (&params, &tp, &pp);
  tp_text = merge_groups_to_string (tp);
  pp_text = merge_groups_to_string (pp);
  g_assert_cmpstr (tp_text, ==, "[[0, 1], [2, 3], [4, 5], [6, 7], [8, 9], [10, 11], [12, 13], "
                                "[14, 15]]");
  g_assert_cmpstr (pp_text, ==, "[[0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], "
                                "[3, 7, 11, 15]]");
}

/* Loads rank dumps the way the merge does, for the group functions. */
static GPtrArray *
load_ranks (const char *root,
            guint       n,
            Merger     *m)
{
  GPtrArray *graphs = g_ptr_array_new_with_free_func ((GDestroyNotify)merge_graph_free);

  for (guint r = 0; r < n; r++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);
      g_autoptr(GError) error = NULL;
      g_autoptr(MsvisGraph) graph = msvis_test_build (dir, FALSE, &error);

      g_assert_no_error (error);
      g_ptr_array_add (graphs, merge_graph_load (m, graph, r));
    }
  return graphs;
}

static void
merger_init (Merger                 *m,
             const MsvisMergeParams *params)
{
  *m = (Merger) { params, FALSE, "compare.json", msvis_arena_new (),
                  g_string_chunk_new (1024), NULL };
}

static void
merger_clear (Merger *m)
{
  msvis_arena_free (m->arena);
  g_string_chunk_free (m->strings);
  g_clear_pointer (&m->reprs, g_hash_table_unref);
}

/* Each rank sends to the next stage: dst, an isend, or a batch's isend peer. */
static void
write_sender (const char *root,
              guint       rank,
              gint        dst,
              guint       how)
{
  g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
  g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, rank);
  const char *x = T ("1.0", "0.0", "0.5", "1.0");

  merge_test_dump_entry (dump, "Module.m.M.forward.0", NULL, "\"input_args\": [%s]", x);
  if (how == 2)
    merge_test_dump_entry (dump, "Distributed.batch_isend_irecv.0.forward",
                           "Module.m.M.forward.0",
                           "\"input_args\": [], \"output\": [[{\"class_type\": "
                           "\"torch.distributed.P2POp\", \"tensor\": %s, \"op\": \"irecv\", "
                           "\"peer\": %d, \"tag\": 0, \"group_id\": \"g\"}, {\"class_type\": "
                           "\"torch.distributed.P2POp\", \"tensor\": %s, \"op\": \"isend\", "
                           "\"peer\": %d, \"tag\": 0, \"group_id\": \"g\"}]]",
                           x, (gint)rank, x, dst);
  else if (dst >= 0)
    merge_test_dump_entry (dump, how == 1 ? "Distributed.isend.0.forward"
                                          : "Distributed.send.0.forward",
                           "Module.m.M.forward.0",
                           "\"input_args\": [%s], \"input_kwargs\": {\"dst\": {\"type\": \"int\", "
                           "\"value\": %d}}", x, dst);
  merge_test_dump_write (dump, dir);
}

/* _trace_p2p_mapping: chains of the first send of each rank, whichever call sends. */
static void
test_pp_groups_traced (void)
{
  static const gint next[] = { 2, 3, 4, 5, 6, 7, 4, 5 };
  MsvisMergeParams params = { 8, 1, 4, 1 };

  for (guint how = 0; how < 3; how++)
    {
      g_autofree char *root = msvis_test_make_dir ();
      g_autoptr(GPtrArray) graphs = NULL, groups = NULL;
      g_autofree char *text = NULL;
      Merger m;

      for (guint r = 0; r < 8; r++)
        write_sender (root, r, next[r], how);
      merger_init (&m, &params);
      graphs = load_ranks (root, 8, &m);
      groups = merge_pp_groups (&m, (MergeGraph **)graphs->pdata, graphs->len);
      text = merge_groups_to_string (groups);
      g_assert_cmpstr (text, ==, "[[0, 2, 4, 6], [1, 3, 5, 7]]");
      g_clear_pointer (&graphs, g_ptr_array_unref);
      merger_clear (&m);
    }
}

/* A chain that stops: the last stage sends nowhere, so it is left out (as msprobe does). */
static void
test_pp_groups_open_chain (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  MsvisMergeParams params = { 2, 1, 2, 1 };
  g_autoptr(GPtrArray) graphs = NULL, groups = NULL;
  g_autofree char *text = NULL;
  Merger m;

  write_sender (root, 0, 1, 0);
  write_sender (root, 1, -1, 0);
  merger_init (&m, &params);
  graphs = load_ranks (root, 2, &m);
  groups = merge_pp_groups (&m, (MergeGraph **)graphs->pdata, graphs->len);
  text = merge_groups_to_string (groups);
  g_assert_cmpstr (text, ==, "[[0]]");
  g_clear_pointer (&graphs, g_ptr_array_unref);
  merger_clear (&m);
}

/* The group_ranks of each rank's first all_reduce or reduce_scatter, each list once. */
static void
test_tp_groups_found (void)
{
  static const char *const groups_of[] = { "[0, 2]", "[1, 3]", "[0, 2]", "[1, 3]" };
  g_autofree char *root = msvis_test_make_dir ();
  MsvisMergeParams params = { 4, 2, 1, 1 };
  g_autoptr(GPtrArray) graphs = NULL, groups = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GArray) results = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *mains = NULL;
  Merger m;

  for (guint r = 0; r < 4; r++)
    {
      g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);
      const char *x = T ("1.0", "0.0", "0.5", "1.0");

      merge_test_dump_entry (dump, "Module.m.M.forward.0", NULL, "\"input_args\": [%s]", x);
      merge_test_dump_entry (dump, r % 2 ? "Distributed.reduce_scatter.0.forward"
                                         : "Distributed.all_reduce.0.forward",
                             "Module.m.M.forward.0",
                             "\"input_args\": [%s], \"input_kwargs\": {%s}", x,
                             merge_test_group (groups_of[r]));
      /* Only the first one counts. */
      merge_test_dump_entry (dump, "Distributed.all_reduce.1.forward", "Module.m.M.forward.0",
                             "\"input_args\": [%s], \"input_kwargs\": {%s}", x,
                             merge_test_group ("[0, 1, 2, 3]"));
      merge_test_dump_write (dump, dir);
    }
  merger_init (&m, &params);
  graphs = load_ranks (root, 4, &m);
  groups = merge_tp_groups (&m, (MergeGraph **)graphs->pdata, graphs->len);
  text = merge_groups_to_string (groups);
  g_assert_cmpstr (text, ==, "[[0, 2], [1, 3]]");
  g_clear_pointer (&graphs, g_ptr_array_unref);
  merger_clear (&m);

  /* The found groups are used: the replicas start at ranks 0 and 1, not 0 and 2. */
  results = merge_test_run (root, 4, 4, 2, 1, 1, &error);
  g_assert_no_error (error);
  mains = result_ranks (results);
  g_assert_cmpstr (mains, ==, "0,1");
}

/* A group that names a rank without a dump cannot be merged: the message says which. */
static void
test_groups_untraceable (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GArray) results = NULL;
  g_autoptr(GError) error = NULL;

  for (guint r = 0; r < 2; r++)
    {
      g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);
      const char *x = T ("1.0", "0.0", "0.5", "1.0");

      merge_test_dump_entry (dump, "Module.m.M.forward.0", NULL, "\"input_args\": [%s]", x);
      merge_test_dump_entry (dump, "Distributed.all_reduce.0.forward", "Module.m.M.forward.0",
                             "\"input_args\": [%s], \"input_kwargs\": {%s}", x,
                             merge_test_group ("[0, 5]"));
      merge_test_dump_write (dump, dir);
    }
  results = merge_test_run (root, 2, 2, 2, 1, 1, &error);
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_GROUPS);
  g_assert_null (results);
  g_assert_nonnull (strstr (error->message, "compare.json"));
  g_assert_nonnull (strstr (error->message, "[[0, 5]]"));
  g_assert_nonnull (strstr (error->message, "rank 5"));
}

static const MsvisJsonValue *
parse_config (MsvisArena *arena,
              const char *json)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "compare.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  const MsvisJsonValue *value;

  msvis_test_write (dir, "compare.json", json, -1);
  value = msvis_json_value_parse_file (arena, file, NULL, &error);
  g_assert_no_error (error);
  return value;
}

/* load_parallel_param: whole numbers of 1 or more; vpp only for a compare, 1 by default. */
static void
test_params_parse (void)
{
  static const struct { const char *json; gboolean vpp; const char *error; } cases[] = {
    { "{\"npu\": {\"rank_size\": 8, \"tp\": 2, \"pp\": 4}}", TRUE, NULL },
    { "{\"npu\": {\"rank_size\": 8, \"tp\": 2, \"pp\": 4, \"vpp\": 0}}", FALSE, NULL },
    { "{\"npu\": {\"rank_size\": 8, \"tp\": 2, \"pp\": 4, \"vpp\": 0}}", TRUE,
      "“parallel_merge.npu.vpp” must be a whole number of 1 or more, not 0" },
    { "{\"npu\": {\"rank_size\": 8, \"pp\": 4}}", FALSE,
      "“parallel_merge.npu.tp” must be a whole number of 1 or more, not missing" },
    { "{\"npu\": {\"rank_size\": 8, \"tp\": \"2\", \"pp\": 4}}", FALSE, "not \"2\"" },
    { "{\"npu\": {\"rank_size\": 8, \"tp\": 2.5, \"pp\": 4}}", FALSE, "not 2.5" },
    { "{\"npu\": {\"rank_size\": -8, \"tp\": 2, \"pp\": 4}}", FALSE, "not -8" },
    { "{\"npu\": [8, 2, 4]}", FALSE, "“parallel_merge.npu” must be an object" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MsvisArena) arena = msvis_arena_new ();
      const MsvisJsonValue *config = parse_config (arena, cases[i].json);
      MsvisMergeParams params = { 0 };
      g_autoptr(GError) error = NULL;
      gboolean ok = msvis_merge_params_parse (config, "npu", cases[i].vpp, "compare.json",
                                              &params, &error);

      if (cases[i].error == NULL)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpint (params.rank_size, ==, 8);
          g_assert_cmpint (params.tp, ==, 2);
          g_assert_cmpint (params.pp, ==, 4);
          g_assert_cmpint (params.vpp, ==, 1);
          continue;
        }
      g_assert_false (ok);
      g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS);
      g_assert_true (g_str_has_prefix (error->message, "compare.json: "));
      g_assert_nonnull (strstr (error->message, cases[i].error));
    }
}

/* validate_parallel_param, and tp × pp dividing rank_size. */
static void
test_params_check (void)
{
  static const struct { MsvisMergeParams p; guint ranks; const char *error; } cases[] = {
    { { 8, 2, 4, 1 }, 8, NULL },
    { { 8, 2, 2, 1 }, 8, NULL },
    { { 4, 2, 2, 1 }, 8, "“parallel_merge.npu.rank_size” is 4, but the dump has 8 rank folders" },
    { { 12, 2, 4, 1 }, 12, "tp × pp = 2 × 4 does not divide rank_size 12" },
    { { 8, 16, 1, 1 }, 8, "tp × pp = 16 × 1 does not divide rank_size 8" },
    { { 8, 2, 1, 2 }, 8, "“parallel_merge.npu.vpp” is 2, which needs a “pp” of 2 or more" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      gboolean ok = msvis_merge_params_check (&cases[i].p, cases[i].ranks, "compare.json", "npu",
                                              &error);

      g_assert_cmpint (ok, ==, cases[i].error == NULL);
      if (cases[i].error != NULL)
        {
          g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_PARAMS);
          g_assert_nonnull (strstr (error->message, cases[i].error));
        }
    }
}

/* msprobe's _merge_nodes stops below 1000 levels; so does msvis, without a deep recursion
 * (a hostile construct.json can nest modules as deep as it likes). */
static void
test_too_deep (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GArray) results = NULL;
  g_autoptr(GError) error = NULL;

  for (guint r = 0; r < 2; r++)
    {
      g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);
      g_autofree char *parent = NULL;

      for (guint d = 0; d < 1100; d++)
        {
          g_autofree char *name = g_strdup_printf ("Module.m%u.M.forward.0", d);

          merge_test_dump_entry (dump, name, parent, "\"input_args\": [%s]",
                                 T ("1.0", "0.0", "0.5", "1.0"));
          g_free (parent);
          parent = g_steal_pointer (&name);
        }
      merge_test_dump_write (dump, dir);
    }
  results = merge_test_run (root, 2, 2, 1, 2, 1, &error);
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_DATA);
  g_assert_null (results);
  g_assert_nonnull (strstr (error->message, "1000"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/merge/params/parse", test_params_parse);
  g_test_add_func ("/merge/params/check", test_params_check);
  g_test_add_func ("/merge/strategy", test_strategy);
  g_test_add_func ("/merge/groups/default", test_default_groups);
  g_test_add_func ("/merge/groups/pp-traced", test_pp_groups_traced);
  g_test_add_func ("/merge/groups/pp-open-chain", test_pp_groups_open_chain);
  g_test_add_func ("/merge/groups/tp-found", test_tp_groups_found);
  g_test_add_func ("/merge/groups/untraceable", test_groups_untraceable);
  g_test_add_func ("/merge/too-deep", test_too_deep);

  return g_test_run ();
}
