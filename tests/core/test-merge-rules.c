// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-merge-info.h"
#include "msvis-merge-test-util.h"

/* What a merge does to the graph, as the .vis shows it (vis-format.md §4.10): tensor-parallel
 * statistics and their sentences, pipeline renumbering, API collections of all ranks, TP+PP
 * rank mapping, Megatron's column/row parallel layers, VPP chunks. */

#define T merge_test_tensor
#define TP_HEADER "This data is the merged data after tensor parallelism(TP), and the data is " \
                  "merged from rank "

static MsvisGraph *
only_result (GArray *results)
{
  g_assert_nonnull (results);
  g_assert_cmpuint (results->len, ==, 1);
  return g_array_index (results, MsvisMergeResult, 0).graph;
}

static char *
info_of (const MsvisJsonValue *written,
         const char           *id)
{
  const MsvisJsonValue *node = merge_test_node (written, id);

  g_assert_nonnull (node);
  if (msvis_json_value_get_member (node, "parallel_merge_info") == NULL)
    return g_strdup ("");
  return merge_test_strings (msvis_json_value_get_member (node, "parallel_merge_info"));
}

static char *
subnodes_of (const MsvisJsonValue *written,
             const char           *id)
{
  const MsvisJsonValue *node = merge_test_node (written, id);

  g_assert_nonnull (node);
  return merge_test_strings (msvis_json_value_get_member (node, "subnodes"));
}

static const char *
upnode_of (const MsvisJsonValue *written,
           const char           *id)
{
  const MsvisJsonValue *node = merge_test_node (written, id);

  g_assert_nonnull (node);
  return msvis_json_value_get_string (msvis_json_value_get_member (node, "upnode"));
}

/* The node_map keys in order, "a|b|c". */
static char *
node_order (const MsvisJsonValue *written)
{
  GString *text = g_string_new (NULL);

  msvis_json_value_foreach (node, msvis_json_value_get_member (written, "node"))
    {
      if (text->len > 0)
        g_string_append_c (text, '|');
      g_string_append_len (text, node->key, node->key_len);
    }
  return g_string_free (text, FALSE);
}

/* Two tensor-parallel ranks: one module whose output is split, inputs nearly the same. */
static void
write_tp_ranks (const char *root,
                const char *mean1)
{
  for (guint r = 0; r < 2; r++)
    {
      g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);

      merge_test_dump_entry (dump, "Module.fc.Linear.forward.0", NULL,
                             "\"input_args\": [%s], \"output\": [%s]",
                             T ("1.0", "-1.0", r ? mean1 : "0.5", "2.0"),
                             r ? T ("4.0", "-1.0", "0.75", "4.0") : T ("2.0", "-2.0", "0.25",
                                                                        "3.0"));
      merge_test_dump_write (dump, dir);
    }
}

/* Max = max, Min = min, Mean = average, Norm = root of the summed squares; the node keeps
 * the merged values and says how each was made. */
static void
test_tp_statistics (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) results = NULL;
  const MsvisJsonValue *written;
  g_autofree char *info = NULL;
#define ID "Module.fc.Linear.forward.0"
  const char *id = ID;

  write_tp_ranks (root, "0.5000001");
  results = merge_test_run (root, 2, 2, 2, 1, 1, &error);
  g_assert_no_error (error);
  written = merge_test_written (only_result (results));
  info = info_of (written, id);
  /* input.0 differs by 2e-7 in its Mean only: within the 1e-6 tolerance, not merged. */
  g_assert_cmpstr (info, ==,
                   TP_HEADER "[0, 1].|"
                   "The Max value merging method for output.0 is: max(2.0, 4.0) = 4.0|"
                   "The Min value merging method for output.0 is: min(-2.0, -1.0) = -2.0|"
                   "The Mean value merging method for output.0 is: (0.25 + 0.75) / 2 = 0.5|"
                   "The Norm value merging method for output.0 is: (3.0 ** 2 + 4.0 ** 2) ** 0.5 "
                   "= 5.0");
  g_assert_cmpstr (merge_test_stat (written, id, "output_data", ID ".output.0", "Max"), ==, "4.0");
  g_assert_cmpstr (merge_test_stat (written, id, "output_data", ID ".output.0", "Min"), ==,
                   "-2.0");
  g_assert_cmpstr (merge_test_stat (written, id, "output_data", ID ".output.0", "Mean"), ==,
                   "0.5");
  g_assert_cmpstr (merge_test_stat (written, id, "output_data", ID ".output.0", "Norm"), ==,
                   "5.0");
  g_assert_cmpstr (merge_test_stat (written, id, "input_data", ID ".input.0", "Mean"), ==, "0.5");
#undef ID
}

/* Python's x ** 2.0 is libm's pow(), and for these two norms not x * x: the root of their
 * squares ends in …27 as msprobe writes it, …29 with x * x. */
static void
test_tp_norm_pow (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) results = NULL;
  g_autofree char *info = NULL;

  for (guint r = 0; r < 2; r++)
    {
      g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);

      merge_test_dump_entry (dump, "Module.fc.Linear.forward.0", NULL, "\"input_args\": [%s]",
                             T ("1.0", "-1.0", "0.5", r ? "133.943831585303" : "78.0677363240365"));
      merge_test_dump_write (dump, dir);
    }
  results = merge_test_run (root, 2, 2, 2, 1, 1, &error);
  g_assert_no_error (error);
  info = info_of (merge_test_written (only_result (results)), "Module.fc.Linear.forward.0");
  g_assert_true (g_str_has_suffix (info, "The Norm value merging method for input.0 is: "
                                   "(78.0677363240365 ** 2 + 133.943831585303 ** 2) ** 0.5 = "
                                   "155.03393652523727"));
}

/* Mean and Norm count as different from a relative error of 1e-6 (absolute when 0). */
static void
test_tp_tolerance (void)
{
  static const struct { const char *mean0, *mean1; gboolean merged; } cases[] = {
    { "0.5", "0.5000001", FALSE },
    { "0.5", "0.5000006", TRUE },
    { "0.0", "0.0000009", FALSE },
    { "0.0", "0.000002", TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *root = msvis_test_make_dir ();
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) results = NULL;
      g_autofree char *info = NULL;

      for (guint r = 0; r < 2; r++)
        {
          g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
          g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);

          merge_test_dump_entry (dump, "Module.fc.Linear.forward.0", NULL, "\"input_args\": [%s]",
                                 T ("1.0", "-1.0", r ? cases[i].mean1 : cases[i].mean0, "2.0"));
          merge_test_dump_write (dump, dir);
        }
      results = merge_test_run (root, 2, 2, 2, 1, 1, &error);
      g_assert_no_error (error);
      info = info_of (merge_test_written (only_result (results)), "Module.fc.Linear.forward.0");
      g_assert_cmpint (*info != '\0', ==, cases[i].merged);
    }
}

/* Max and Min are compared exactly; a tensor that is not a number on every rank stops the
 * merge with the node named, where msprobe stops with a TypeError. */
static void
test_tp_not_a_number (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) results = NULL;

  for (guint r = 0; r < 2; r++)
    {
      g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);

      merge_test_dump_entry (dump, "Module.fc.Linear.forward.0", NULL, "\"input_args\": [%s]",
                             T (r ? "null" : "1.0", "-1.0", r ? "0.7" : "0.5", "2.0"));
      merge_test_dump_write (dump, dir);
    }
  results = merge_test_run (root, 2, 2, 2, 1, 1, &error);
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_DATA);
  g_assert_null (results);
  g_assert_nonnull (strstr (error->message, "Module.fc.Linear.forward.0"));
  g_assert_nonnull (strstr (error->message, "input.0"));
}

/* The layers cut by the pipeline go beside the first stage's and are numbered on: forward
 * by rank, backward the other way round; the other rank's APIs get its rank in their name,
 * and a child only the other rank has joins the module. */
static void
test_pp_renumbering (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) results = NULL;
  const MsvisJsonValue *written;
  g_autofree char *forward = NULL, *backward = NULL, *order = NULL;

  merge_test_write_stage (root, 0, FALSE);
  merge_test_write_stage (root, 1, TRUE);
  results = merge_test_run (root, 2, 2, 1, 2, 1, &error);
  g_assert_no_error (error);
  written = merge_test_written (only_result (results));

  forward = subnodes_of (written, "Module.model.GPT.forward.0");
  g_assert_cmpstr (forward, ==,
                   "Module.model.layers.0.Layer.forward.0|Module.model.layers.1.Layer.forward.0|"
                   "Module.model.layers.2.Layer.forward.0|Module.model.layers.3.Layer.forward.0|"
                   "Module.model.final_norm.Norm.forward.0");
  backward = subnodes_of (written, "Module.model.GPT.backward.0");
  g_assert_cmpstr (backward, ==,
                   "Module.model.layers.3.Layer.backward.0|Module.model.layers.2.Layer.backward.0|"
                   "Module.model.layers.1.Layer.backward.0|Module.model.layers.0.Layer.backward.0");
  g_assert_cmpstr (upnode_of (written, "Module.model.layers.2.Layer.forward.0"), ==,
                   "Module.model.GPT.forward.0");
  g_assert_nonnull (merge_test_node (written, "Torch.matmul_rank1.0.forward"));
  g_assert_nonnull (merge_test_stat (written, "Torch.matmul_rank1.0.forward", "input_data",
                                     "Torch.matmul_rank1.0.forward.input.0", "Max"));
  g_assert_cmpstr (merge_test_stat (written, "Module.model.layers.2.Layer.forward.0",
                                    "output_data",
                                    "Module.model.layers.2.Layer.forward.0.output.0", "Max"),
                   ==, "3.0");
  /* The model's output is the last stage's: its input was the same on both. */
  g_assert_cmpstr (merge_test_stat (written, "Module.model.GPT.forward.0", "output_data",
                                    "Module.model.GPT.forward.0.output.0", "Max"), ==, "3.0");

  /* Renamed nodes leave node_map and come back at its end. */
  order = node_order (written);
  g_assert_true (g_str_has_suffix (order, "Module.model.layers.3.Layer.backward.0|"
                                          "Module.model.layers.2.Layer.backward.0"));
  g_assert_true (g_str_has_prefix (order, "DefaultModel|Module.model.GPT.forward.0|"
                                          "Module.model.layers.0.Layer.forward.0"));
}

/* Root children: APIs, a module, APIs: each run of two APIs or more is a collection. */
static void
write_collections (const char *root,
                   guint       n)
{
  for (guint r = 0; r < n; r++)
    {
      g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);
      const char *x = T ("1.0", "-1.0", "0.5", "2.0");

      merge_test_dump_entry (dump, "Torch.add.0.forward", NULL, "\"input_args\": [%s]", x);
      merge_test_dump_entry (dump, "Torch.mul.0.forward", NULL, "\"input_args\": [%s]", x);
      merge_test_dump_entry (dump, "Module.fc.Linear.forward.0", NULL, "\"input_args\": [%s]",
                             x);
      merge_test_dump_write (dump, dir);
    }
}

/* Each rank's Apis_Between_Modules.0 under one Apis_Between_Modules_All_Ranks.0, whose
 * upnode is None and which a build does not page; the other ranks' APIs carry their rank.
 * With data parallelism too the rank collections come in rank order. */
static void
test_api_collections (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) results = NULL;
  const MsvisJsonValue *written, *all;
  g_autofree char *roots = NULL, *ranks = NULL, *apis = NULL;

  write_collections (root, 8);
  results = merge_test_run (root, 8, 8, 2, 2, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (results->len, ==, 2);
  written = merge_test_written (g_array_index (results, MsvisMergeResult, 0).graph);

  roots = subnodes_of (written, "DefaultModel");
  g_assert_cmpstr (roots, ==, "Apis_Between_Modules_All_Ranks.0|Module.fc.Linear.forward.0");
  all = merge_test_node (written, "Apis_Between_Modules_All_Ranks.0");
  g_assert_cmpstr (upnode_of (written, "Apis_Between_Modules_All_Ranks.0"), ==, "None");
  g_assert_null (msvis_json_value_get_member (all, "micro_step_id"));
  g_assert_cmpint (msvis_json_value_get_member (all, "node_type")->i, ==, 9);
  /* Pipeline groups [0, 4] and [1, 5] first, then the tensor-parallel group [0, 1]. */
  ranks = subnodes_of (written, "Apis_Between_Modules_All_Ranks.0");
  g_assert_cmpstr (ranks, ==, "Apis_Between_Modules_Rank0.0|Apis_Between_Modules_Rank1.0|"
                              "Apis_Between_Modules_Rank4.0|Apis_Between_Modules_Rank5.0");
  g_assert_cmpstr (upnode_of (written, "Apis_Between_Modules_Rank5.0"), ==,
                   "Apis_Between_Modules_All_Ranks.0");
  g_assert_nonnull (msvis_json_value_get_member (merge_test_node (written,
                                                                  "Apis_Between_Modules_Rank0.0"),
                                                 "micro_step_id"));
  apis = subnodes_of (written, "Apis_Between_Modules_Rank5.0");
  g_assert_cmpstr (apis, ==, "Torch.add_rank5.0.forward|Torch.mul_rank5.0.forward");
  g_assert_nonnull (merge_test_stat (written, "Torch.mul_rank5.0.forward", "input_data",
                                     "Torch.mul_rank5.0.forward.input.0", "Max"));
  g_assert_null (merge_test_node (written, "Apis_Between_Modules.0"));
}

/* TP+PP: after the pipeline merge, rank 2's API in rank 0's graph is merged with rank 3's in
 * rank 1's graph, found through the tensor-parallel groups. */
static void
test_tp_pp_mapping (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) results = NULL;
  const MsvisJsonValue *written;
  g_autofree char *info = NULL, *own = NULL;

  for (guint r = 0; r < 4; r++)
    merge_test_write_stage (root, r, FALSE);
  results = merge_test_run (root, 4, 4, 2, 2, 1, &error);
  g_assert_no_error (error);
  written = merge_test_written (only_result (results));
  info = info_of (written, "Torch.matmul_rank2.0.forward");
  g_assert_true (g_str_has_prefix (info, TP_HEADER "[2, 3].|The Max value merging method for "
                                   "input.0 is: max(4.0, 5.0) = 5.0|"));
  own = info_of (written, "Torch.matmul.0.forward");
  g_assert_true (g_str_has_prefix (own, TP_HEADER "[0, 1].|"));
}

/* A module's rank is its first API's, depth first in call order, found without stacking every
 * child of a module first: with two million children that insert was quadratic (a module of
 * 10^6 children froze the window for 85 s; two million ran into the suite's timeout). */
static void
test_rank_of_wide_module (void)
{
  g_autoptr(MsvisGraph) g = msvis_graph_new ();
  MsvisNodeId module = msvis_graph_add_node (g, MSVIS_NODE_MODULE, "Module.wide.W.forward.0");
  MsvisNodeId empty = msvis_graph_add_node (g, MSVIS_NODE_MODULE, "Module.empty.E.forward.0");
  MsvisNodeId first = msvis_graph_add_node (g, MSVIS_NODE_MODULE, "Module.first.F.forward.0");
  MsvisNodeId inner = msvis_graph_add_node (g, MSVIS_NODE_MODULE, "Module.inner.I.forward.0");

  msvis_graph_node_attach (g, module, msvis_graph_get_root (g));
  /* An empty module, then one holding a module whose only API came from rank 3. */
  msvis_graph_node_attach (g, empty, module);
  msvis_graph_node_attach (g, first, module);
  msvis_graph_node_attach (g, inner, first);
  msvis_graph_node_attach (g, msvis_graph_add_node (g, MSVIS_NODE_API,
                                                    "Torch.matmul_rank3.0.forward"), inner);
  for (guint i = 0; i < 2000000; i++)
    {
      char name[64];

      g_snprintf (name, sizeof name, "%s.%u.forward", i % 2 ? "Torch.add_rank7" : "Torch.mul", i);
      msvis_graph_node_attach (g, msvis_graph_add_node (g, MSVIS_NODE_API, name), module);
    }
  g_assert_cmpint (msvis_merge_node_rank (g, module), ==, 3);
  g_assert_cmpint (msvis_merge_node_rank (g, first), ==, 3);
  g_assert_cmpint (msvis_merge_node_rank (g, empty), ==, -1);
  /* Past the empty and the first module, the next API is the main rank's own. */
  msvis_graph_node_set_node_type (g, msvis_graph_lookup (g, "Torch.matmul_rank3.0.forward"),
                                  MSVIS_NODE_MODULE);
  g_assert_cmpint (msvis_merge_node_rank (g, module), ==, -1);
}

/* What a viewer reads back: the rank in a node's name, the ranks a node was merged from, and
 * msprobe's sentences taken apart. */
static void
test_merge_info (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) results = NULL;
  g_auto(MsvisMergeLine) stat = { 0 }, ranks = { 0 }, output = { 0 }, other = { 0 };
  g_autofree char *merged_from = NULL, *rank_id = NULL;
  MsvisGraph *g;

  for (guint r = 0; r < 4; r++)
    merge_test_write_stage (root, r, FALSE);
  results = merge_test_run (root, 4, 4, 2, 2, 1, &error);
  g_assert_no_error (error);
  g = only_result (results);
  g_assert_cmpint (msvis_merge_node_rank (g, msvis_graph_lookup (
                     g, "Torch.matmul_rank2.0.forward")), ==, 2);
  g_assert_cmpint (msvis_merge_node_rank (g, msvis_graph_lookup (
                     g, "Module.model.layers.2.Layer.forward.0")), ==, 2);
  g_assert_cmpint (msvis_merge_node_rank (g, msvis_graph_lookup (
                     g, "Module.model.layers.0.Layer.forward.0")), ==, -1);
  g_assert_cmpint (msvis_merge_node_rank (g, msvis_graph_lookup (g, "Torch.matmul.0.forward")),
                   ==, -1);
  merged_from = msvis_merge_node_ranks (g, msvis_graph_lookup (g, "Torch.matmul.0.forward"));
  g_assert_cmpstr (merged_from, ==, "0, 1");
  /* The names the nodes of other ranks had in their own graphs. */
  rank_id = msvis_merge_node_rank_id (g, msvis_graph_lookup (g, "Torch.matmul_rank2.0.forward"));
  g_assert_cmpstr (rank_id, ==, "Torch.matmul.0.forward");
  g_assert_null (msvis_merge_node_rank_id (g, msvis_graph_lookup (g, "Torch.matmul.0.forward")));
  g_assert_null (msvis_merge_node_rank_id (g, msvis_graph_lookup (
                                             g, "Module.model.layers.2.Layer.forward.0")));
  {
    g_autoptr(MsvisGraph) hand = msvis_graph_new ();
    MsvisNodeId collection = msvis_graph_add_node (hand, MSVIS_NODE_API_COLLECTION,
                                                   "Apis_Between_Modules_Rank15.3");
    g_autofree char *collection_id = msvis_merge_node_rank_id (hand, collection);

    g_assert_cmpstr (collection_id, ==, "Apis_Between_Modules.3");
  }

  g_assert_true (msvis_merge_line_parse ("The Norm value merging method for parameters.weight "
                                         "is: (2.0 ** 2 + 2.0 ** 2) ** 0.5 = 2.8284271247461903",
                                         &stat));
  g_assert_cmpint (stat.kind, ==, MSVIS_MERGE_LINE_STAT);
  g_assert_cmpstr (stat.stat, ==, "Norm");
  g_assert_cmpstr (stat.tensor, ==, "parameters.weight");
  g_assert_cmpstr (stat.detail, ==, "(2.0 ** 2 + 2.0 ** 2) ** 0.5 = 2.8284271247461903");
  g_assert_true (msvis_merge_line_parse (TP_HEADER "[4, 5].", &ranks));
  g_assert_cmpint (ranks.kind, ==, MSVIS_MERGE_LINE_TP_RANKS);
  g_assert_cmpstr (ranks.detail, ==, "[4, 5]");
  g_assert_true (msvis_merge_line_parse ("The output of this data is merged from "
                                         "Distributed.all_reduce.0.forward.output.0", &output));
  g_assert_cmpint (output.kind, ==, MSVIS_MERGE_LINE_OUTPUT_FROM);
  g_assert_cmpstr (output.detail, ==, "Distributed.all_reduce.0.forward.output.0");
  g_assert_false (msvis_merge_line_parse ("The Median value merging method for x is: 1", &other));
  g_assert_cmpint (other.kind, ==, MSVIS_MERGE_LINE_OTHER);
}

/* Megatron: a forward RowParallelLinear's matmul takes the all_reduce's output; everything
 * from a ColumnParallelLinear to the RowParallelLinear after it is merged even where the
 * ranks agree, but for the column layer's input and the row layer's output. */
static void
test_column_row_parallel (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) results = NULL;
  const MsvisJsonValue *written;
  g_autofree char *matmul = NULL, *row = NULL, *column = NULL, *inner = NULL, *outer = NULL;
  const char *attn = "Module.attn.Attention.forward.0";
  const char *qkv = "Module.attn.qkv.ColumnParallelLinear.forward.0";
  const char *proj = "Module.attn.proj.RowParallelLinear.forward.0";
  const char *x = T ("1.0", "-1.0", "0.5", "2.0"), *y = T ("3.0", "-3.0", "1.5", "6.0");

  for (guint r = 0; r < 2; r++)
    {
      g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, r);

      merge_test_dump_entry (dump, attn, NULL, "\"input_args\": [%s], \"output\": [%s]", x, y);
      merge_test_dump_entry (dump, qkv, attn, "\"input_args\": [%s], \"output\": [%s], "
                             "\"parameters\": {\"weight\": %s}", x, x, x);
      merge_test_dump_entry (dump, "Torch.matmul.0.forward", qkv,
                             "\"input_args\": [%s], \"output\": [%s]", x, x);
      merge_test_dump_entry (dump, proj, attn, "\"input_args\": [%s], \"output\": [%s]", x, y);
      merge_test_dump_entry (dump, "Torch.matmul.1.forward", proj,
                             "\"input_args\": [%s], \"output\": [%s]", x, x);
      merge_test_dump_entry (dump, "Distributed.all_reduce.0.forward", proj,
                             "\"input_args\": [%s], \"input_kwargs\": {%s}, \"output\": [%s]",
                             x, merge_test_group ("[0, 1]"), y);
      merge_test_dump_write (dump, dir);
    }
  results = merge_test_run (root, 2, 2, 2, 1, 1, &error);
  g_assert_no_error (error);
  written = merge_test_written (only_result (results));

  matmul = info_of (written, "Torch.matmul.1.forward");
  g_assert_cmpstr (matmul, ==, "The output of this data is merged from "
                               "Distributed.all_reduce.0.forward.output.0");
  g_assert_cmpstr (merge_test_stat (written, "Torch.matmul.1.forward", "output_data",
                                    "Torch.matmul.1.forward.output.0", "Max"), ==, "3.0");
  row = info_of (written, proj);
  g_assert_cmpstr (row, ==,
                   TP_HEADER "[0, 1].|"
                   "The Max value merging method for input.0 is: max(1.0, 1.0) = 1.0|"
                   "The Min value merging method for input.0 is: min(-1.0, -1.0) = -1.0|"
                   "The Mean value merging method for input.0 is: (0.5 + 0.5) / 2 = 0.5|"
                   "The Norm value merging method for input.0 is: (2.0 ** 2 + 2.0 ** 2) ** 0.5 "
                   "= 2.8284271247461903");
  column = info_of (written, qkv);
  g_assert_true (g_str_has_prefix (column, TP_HEADER "[0, 1].|"
                                   "The Max value merging method for parameters.weight is:"));
  g_assert_nonnull (strstr (column, "for output.0 is: (2.0 ** 2 + 2.0 ** 2) ** 0.5"));
  g_assert_null (strstr (column, "input.0"));
  inner = info_of (written, "Torch.matmul.0.forward");
  g_assert_nonnull (strstr (inner, "output.0"));
  g_assert_null (strstr (inner, "input.0"));
  outer = info_of (written, attn);
  g_assert_cmpstr (outer, ==, "");
}

/* One VPP rank: chunks 0 and 1, each a model with a decoder holding one layer. */
static void
write_vpp_rank (const char *root,
                guint       rank)
{
  g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
  g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, rank);
  g_autofree char *max = g_strdup_printf ("%u.0", rank + 2);

  for (guint c = 0; c < 2; c++)
    {
      g_autofree char *gpt = g_strdup_printf ("Module.%u.model.GPT.forward.0", c);
      g_autofree char *decoder = g_strdup_printf ("Module.%u.model.decoder.Block.forward.0", c);
      g_autofree char *layer = g_strdup_printf ("Module.%u.model.decoder.layers.0.Layer."
                                                "forward.0", c);
      g_autofree char *api = g_strdup_printf ("Torch.matmul.%u.forward", c);
      g_autofree char *cmax = g_strdup_printf ("%u.5", rank * 2 + c);
      const char *x = T ("1.0", "-1.0", "0.5", "2.0");

      merge_test_dump_entry (dump, gpt, NULL, "\"input_args\": [%s], \"output\": [%s]", x,
                             T (cmax, "-1.0", "0.5", "2.0"));
      merge_test_dump_entry (dump, decoder, gpt, "\"input_args\": [%s]", x);
      merge_test_dump_entry (dump, layer, decoder, "\"input_args\": [%s], \"output\": [%s]",
                             T (max, "-1.0", "0.5", "2.0"), T (cmax, "-1.0", "0.5", "2.0"));
      merge_test_dump_entry (dump, api, layer, "\"input_args\": [%s]", x);
    }
  merge_test_dump_write (dump, dir);
}

/* VPP: chunk 0 gets the last chunk's output and every chunk's layers, renumbered; the other
 * chunk's model leaves node_map and the root, its decoder stays in node_map, named by the
 * layers it no longer holds. */
static void
test_vpp_chunks (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) results = NULL;
  const MsvisJsonValue *written;
  g_autofree char *roots = NULL, *layers = NULL, *left = NULL;
  const char *decoder0 = "Module.0.model.decoder.Block.forward.0";
  const char *decoder1 = "Module.1.model.decoder.Block.forward.0";

  write_vpp_rank (root, 0);
  write_vpp_rank (root, 1);
  results = merge_test_run (root, 2, 2, 1, 2, 2, &error);
  g_assert_no_error (error);
  written = merge_test_written (only_result (results));

  roots = subnodes_of (written, "DefaultModel");
  g_assert_cmpstr (roots, ==, "Module.0.model.GPT.forward.0");
  g_assert_null (merge_test_node (written, "Module.1.model.GPT.forward.0"));
  layers = subnodes_of (written, decoder0);
  g_assert_cmpstr (layers, ==,
                   "Module.0.model.decoder.layers.0.Layer.forward.0|"
                   "Module.0.model.decoder.layers.1.Layer.forward.0|"
                   "Module.0.model.decoder.layers.2.Layer.forward.0|"
                   "Module.0.model.decoder.layers.3.Layer.forward.0");
  left = subnodes_of (written, decoder1);
  g_assert_cmpstr (left, ==, "Module.0.model.decoder.layers.2.Layer.forward.0|"
                             "Module.0.model.decoder.layers.3.Layer.forward.0");
  g_assert_cmpstr (upnode_of (written, decoder1), ==, "Module.1.model.GPT.forward.0");
  g_assert_cmpstr (upnode_of (written, "Module.0.model.decoder.layers.2.Layer.forward.0"), ==,
                   decoder0);
  g_assert_nonnull (merge_test_node (written, "Torch.matmul_rank1.1.forward"));
  /* The model's output is the last stage's last chunk's, under chunk 0's keys. */
  g_assert_cmpstr (merge_test_stat (written, "Module.0.model.GPT.forward.0", "output_data",
                                    "Module.0.model.GPT.forward.0.output.0", "Max"), ==, "3.5");
  g_assert_cmpstr (merge_test_stat (written, "Module.0.model.decoder.layers.3.Layer.forward.0",
                                    "output_data",
                                    "Module.0.model.decoder.layers.3.Layer.forward.0.output.0",
                                    "Max"), ==, "3.5");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/merge/tp/statistics", test_tp_statistics);
  g_test_add_func ("/merge/tp/tolerance", test_tp_tolerance);
  g_test_add_func ("/merge/tp/norm-pow", test_tp_norm_pow);
  g_test_add_func ("/merge/tp/not-a-number", test_tp_not_a_number);
  g_test_add_func ("/merge/pp/renumbering", test_pp_renumbering);
  g_test_add_func ("/merge/api-collections", test_api_collections);
  g_test_add_func ("/merge/tp-pp/mapping", test_tp_pp_mapping);
  g_test_add_func ("/merge/info", test_merge_info);
  g_test_add_func ("/merge/rank-of-wide-module", test_rank_of_wide_module);
  g_test_add_func ("/merge/tp/column-row-parallel", test_column_row_parallel);
  g_test_add_func ("/merge/vpp/chunks", test_vpp_chunks);

  return g_test_run ();
}
