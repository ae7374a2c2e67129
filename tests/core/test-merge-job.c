// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-compare-error.h"
#include "msvis-graph-job.h"
#include "msvis-merge-test-util.h"
#include "msvis-vis-reader.h"

/* `msvis graph` with parallel_merge in compare.json: file names for steps, compares, and
 * inconsistent parameters refused with nothing written. */

#define T merge_test_tensor

/* A rank of a tensor-parallel run: a module whose output each rank has a part of. */
static void
write_rank (const char *dir,
            guint       rank)
{
  g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
  g_autofree char *max = g_strdup_printf ("%u.0", rank + 1);
  const char *x = T ("1.0", "-1.0", "0.5", "2.0");

  merge_test_dump_entry (dump, "Torch.add.0.forward", NULL, "\"input_args\": [%s]", x);
  merge_test_dump_entry (dump, "Torch.mul.0.forward", NULL, "\"input_args\": [%s]", x);
  merge_test_dump_entry (dump, "Module.fc.Linear.forward.0", NULL,
                         "\"input_args\": [%s], \"output\": [%s]", x,
                         T (max, "-1.0", "0.5", "2.0"));
  merge_test_dump_write (dump, dir);
}

static void
write_ranks (const char *root,
             const char *step,
             guint       n)
{
  for (guint r = 0; r < n; r++)
    {
      g_autofree char *dir = step ? g_strdup_printf ("%s/%s/rank%u", root, step, r)
                                  : g_strdup_printf ("%s/rank%u", root, r);

      write_rank (dir, r);
    }
}

static GPtrArray *
run_job (const char  *json,
         const char  *out,
         GError     **error)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (dir, "compare.json", NULL);
  MsvisGraphJob job = { config, (char *)out, FALSE, FALSE, FALSE, NULL, "T" };

  msvis_test_write (dir, "compare.json", json, -1);
  return msvis_graph_job_run (&job, NULL, NULL, NULL, error);
}

static char *
names_of (GPtrArray *written)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < written->len; i++)
    {
      g_autofree char *name = g_path_get_basename (g_ptr_array_index (written, i));

      g_string_append_printf (text, i ? "|%s" : "%s", name);
    }
  return g_string_free (text, FALSE);
}

/* Steps: build_{step}_merged{i} and compare_{step}_merged{i}, one per replica. */
static void
test_steps (void)
{
  g_autofree char *npu = msvis_test_make_dir ();
  g_autofree char *bench = msvis_test_make_dir ();
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *out2 = msvis_test_make_dir ();
  g_autofree char *build = NULL, *compare = NULL, *names = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;

  for (guint s = 0; s < 2; s++)
    {
      g_autofree char *step = g_strdup_printf ("step%u", s);

      write_ranks (npu, step, 4);
      write_ranks (bench, step, 2);
    }
  build = g_strdup_printf ("{\"npu_path\": \"%s\", \"parallel_merge\": {\"npu\": "
                           "{\"rank_size\": 4, \"tp\": 2, \"pp\": 1, \"vpp\": \"ignored\"}}}",
                           npu);
  written = run_job (build, out, &error);
  g_assert_no_error (error);
  names = names_of (written);
  g_assert_cmpstr (names, ==, "build_step0_merged0_T.vis|build_step0_merged1_T.vis|"
                              "build_step1_merged0_T.vis|build_step1_merged1_T.vis");
  g_clear_pointer (&written, g_ptr_array_unref);
  g_clear_pointer (&names, g_free);

  /* NPU: two replicas of two ranks; benchmark: two ranks, no parallelism within them. */
  compare = g_strdup_printf ("{\"npu_path\": \"%s\", \"bench_path\": \"%s\", \"parallel_merge\": "
                             "{\"npu\": {\"rank_size\": 4, \"tp\": 2, \"pp\": 1}, "
                             "\"bench\": {\"rank_size\": 2, \"tp\": 1, \"pp\": 1}}}", npu, bench);
  written = run_job (compare, out2, &error);
  g_assert_no_error (error);
  names = names_of (written);
  g_assert_cmpstr (names, ==, "compare_step0_merged0_T.vis|compare_step0_merged1_T.vis|"
                              "compare_step1_merged0_T.vis|compare_step1_merged1_T.vis");
}

/* A merged compare: fuzzy matching without the shape check, MicroSteps of the merged graph;
 * the NPU's tensor-parallel statistics are merged before they are compared. */
static void
test_compare (void)
{
  g_autofree char *npu = msvis_test_make_dir ();
  g_autofree char *bench = msvis_test_make_dir ();
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *json = NULL, *contents = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;

  write_ranks (npu, NULL, 2);
  write_ranks (bench, NULL, 1);
  json = g_strdup_printf ("{\"npu_path\": \"%s\", \"bench_path\": \"%s\", \"parallel_merge\": "
                          "{\"npu\": {\"rank_size\": 2, \"tp\": 2, \"pp\": 1}, "
                          "\"bench\": {\"rank_size\": 1, \"tp\": 1, \"pp\": 1}}}", npu, bench);
  written = run_job (json, out, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 1);
  g_file_get_contents (g_ptr_array_index (written, 0), &contents, NULL, &error);
  g_assert_no_error (error);
  /* Merged Max 2.0 against the benchmark's 1.0. */
  g_assert_nonnull (strstr (contents, "\"Max\": \"2.0\",\n"));
  g_assert_nonnull (strstr (contents, "\"MaxRelativeErr\": \"100.0%\""));
  g_assert_nonnull (strstr (contents, "\"matched_node_link\": [\n"
                                      "                    \"Apis_Between_Modules_All_Ranks.0\"\n"
                                      "                ]"));
  g_assert_nonnull (strstr (contents, "\"MicroSteps\": 1"));

  /* The viewer opens it: Apis_Between_Modules_All_Ranks.0 has upnode None but the root
   * lists it, as msprobe writes it. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (g_ptr_array_index (written, 0));
    g_autoptr(MsvisVisDocument) doc = msvis_vis_read (file, MSVIS_VIS_READ_DEFAULT, NULL, &error);
    MsvisNodeId all;

    g_assert_no_error (error);
    all = msvis_graph_lookup (msvis_vis_document_get_npu (doc), "Apis_Between_Modules_All_Ranks.0");
    g_assert_cmpuint (all, !=, MSVIS_NODE_ID_NONE);
    g_assert_cmpuint (msvis_graph_node_get_parent (msvis_vis_document_get_npu (doc), all), ==, 0);
  }
}

/* Refused before anything is built or written, with compare.json and the value named. */
static void
test_refused (void)
{
  static const struct { const char *merge; gboolean compare; const char *error; } cases[] = {
    { "{\"npu\": {\"rank_size\": 2, \"tp\": 2, \"pp\": 1}}", FALSE,
      "“parallel_merge.npu.rank_size” is 2, but the dump has 4 rank folders" },
    { "{\"npu\": {\"rank_size\": 4, \"tp\": 3, \"pp\": 1}}", FALSE,
      "tp × pp = 3 × 1 does not divide rank_size 4" },
    { "{\"npu\": {\"rank_size\": 4, \"tp\": 2}}", FALSE, "“parallel_merge.npu.pp”" },
    { "{\"npu\": {\"rank_size\": 4, \"tp\": 2, \"pp\": 1}}", TRUE,
      "needs a “bench” entry as well" },
    { "{\"npu\": {\"rank_size\": 4, \"tp\": 4, \"pp\": 1, \"vpp\": 2}, "
      "\"bench\": {\"rank_size\": 4, \"tp\": 4, \"pp\": 1}}", TRUE,
      "“parallel_merge.npu.vpp” is 2, which needs a “pp” of 2 or more" },
    { "{\"npu\": {\"rank_size\": 4, \"tp\": 4, \"pp\": 1}, "
      "\"bench\": {\"rank_size\": 4, \"tp\": 2, \"pp\": 1}}", TRUE,
      "makes 1 NPU graphs but 2 benchmark graphs" },
  };
  g_autofree char *dump = msvis_test_make_dir ();

  write_ranks (dump, NULL, 4);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = msvis_test_make_dir ();
      g_autofree char *json = NULL;
      g_autoptr(GPtrArray) written = NULL;
      g_autoptr(GError) error = NULL;

      json = cases[i].compare
        ? g_strdup_printf ("{\"npu_path\": \"%s\", \"bench_path\": \"%s\", "
                           "\"parallel_merge\": %s}", dump, dump, cases[i].merge)
        : g_strdup_printf ("{\"npu_path\": \"%s\", \"parallel_merge\": %s}", dump,
                           cases[i].merge);
      written = run_job (json, out, &error);
      g_assert_null (written);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, cases[i].error));
      g_assert_nonnull (strstr (error->message, "compare.json"));
      g_assert_cmpuint (msvis_test_count_files (out), ==, 0);
    }
}

/* A step that cannot be merged after one that could: nothing of the run stays behind. */
static void
test_nothing_partial (void)
{
  g_autofree char *dump = msvis_test_make_dir ();
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *json = NULL, *bad = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MergeTestDump) rank = merge_test_dump_new ();
  const char *x = T ("1.0", "-1.0", "0.5", "2.0");

  write_ranks (dump, "step0", 2);
  write_ranks (dump, "step1", 2);
  /* step1's rank1 reduces over a group with a rank that does not exist. */
  merge_test_dump_entry (rank, "Module.m.M.forward.0", NULL, "\"input_args\": [%s]", x);
  merge_test_dump_entry (rank, "Distributed.all_reduce.0.forward", "Module.m.M.forward.0",
                         "\"input_args\": [%s], \"input_kwargs\": {%s}", x,
                         merge_test_group ("[1, 7]"));
  bad = g_strdup_printf ("%s/step1/rank1", dump);
  merge_test_dump_write (rank, bad);

  json = g_strdup_printf ("{\"npu_path\": \"%s\", \"parallel_merge\": {\"npu\": "
                          "{\"rank_size\": 2, \"tp\": 2, \"pp\": 1}}}", dump);
  written = run_job (json, out, &error);
  g_assert_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_GROUPS);
  g_assert_null (written);
  g_assert_nonnull (strstr (error->message, "rank 7"));
  g_assert_cmpuint (msvis_test_count_files (out), ==, 0);
}

/* A dump without rank folders is built as it is: msprobe merges rank folders only. */
static void
test_files_layout (void)
{
  g_autofree char *dump = msvis_test_make_dir ();
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *json = NULL, *names = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;

  write_rank (dump, 0);
  json = g_strdup_printf ("{\"npu_path\": \"%s\", \"parallel_merge\": {\"npu\": "
                          "{\"rank_size\": 2, \"tp\": 2, \"pp\": 1}}}", dump);
  written = run_job (json, out, &error);
  g_assert_no_error (error);
  names = names_of (written);
  g_assert_cmpstr (names, ==, "build_T.vis");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/merge-job/steps", test_steps);
  g_test_add_func ("/merge-job/compare", test_compare);
  g_test_add_func ("/merge-job/refused", test_refused);
  g_test_add_func ("/merge-job/nothing-partial", test_nothing_partial);
  g_test_add_func ("/merge-job/files-layout", test_files_layout);

  return g_test_run ();
}
