// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "fuzz-util.h"
#include "msvis-match-job.h"
#include "msvis-vis-document.h"
#include "msvis-vis-reader.h"

/* A .vis.config applied to a compare, as `msvis match` applies it: read, each pair looked up
 * on both sides and linked (metrics and colours computed again), the compare saved and read
 * back. A refused config names itself and leaves no output and no temporary file. The compare
 * is tests/data/bad/vis/compare-good.vis, here so that the target needs no file of its own. */

static const char compare_vis[] =
  "{\"NPU\":{\"root\":\"DefaultModel\",\"dump_data_dir\":null,\"node\":{\"DefaultModel\":{\""
  "id\":\"DefaultModel\",\"node_type\":0,\"output_data\":{},\"input_data\":{},\"upnode\":\""
  "None\",\"subnodes\":[\"Module.m.M.forward.0\"],\"matched_node_link\":[],\"suggestions\":"
  "{},\"stack_info\":[],\"data\":{}},\"Module.m.M.forward.0\":{\"id\":\"Module.m.M.forward."
  "0\",\"node_type\":0,\"output_data\":{\"Module.m.M.forward.0.output.0\":{\"type\":\"torch"
  ".Tensor\",\"dtype\":\"torch.float32\",\"shape\":\"[2, 3]\",\"Max\":\"1.5\",\"Min\":\"-0."
  "5\",\"Mean\":\"0.25\",\"Norm\":\"2.0\",\"data_name\":\"-1\",\"state\":\"output\"}},\"inp"
  "ut_data\":{},\"upnode\":\"DefaultModel\",\"subnodes\":[\"Functional.relu.0.forward\"],\""
  "matched_node_link\":[],\"suggestions\":{},\"stack_info\":[],\"data\":{},\"micro_step_id\""
  ":0},\"Functional.relu.0.forward\":{\"id\":\"Functional.relu.0.forward\",\"node_type\":1,"
  "\"output_data\":{\"Functional.relu.0.forward.output.0\":{\"type\":\"torch.Tensor\",\"dty"
  "pe\":\"torch.float32\",\"shape\":\"[2, 3]\",\"Max\":\"1.5\",\"Min\":\"-0.5\",\"Mean\":\""
  "0.25\",\"Norm\":\"2.0\",\"data_name\":\"-1\",\"state\":\"output\"}},\"input_data\":{},\""
  "upnode\":\"Module.m.M.forward.0\",\"subnodes\":[],\"matched_node_link\":[],\"suggestions"
  "\":{},\"stack_info\":[],\"data\":{}}},\"MicroSteps\":1,\"OverflowCheck\":false},\"Bench\""
  ":{\"root\":\"DefaultModel\",\"dump_data_dir\":null,\"node\":{\"DefaultModel\":{\"id\":\""
  "DefaultModel\",\"node_type\":0,\"output_data\":{},\"input_data\":{},\"upnode\":\"None\","
  "\"subnodes\":[\"Module.m.M.forward.0\"],\"matched_node_link\":[],\"suggestions\":{},\"st"
  "ack_info\":[],\"data\":{}},\"Module.m.M.forward.0\":{\"id\":\"Module.m.M.forward.0\",\"n"
  "ode_type\":0,\"output_data\":{\"Module.m.M.forward.0.output.0\":{\"type\":\"torch.Tensor"
  "\",\"dtype\":\"torch.float32\",\"shape\":\"[2, 3]\",\"Max\":\"1.5\",\"Min\":\"-0.5\",\"M"
  "ean\":\"0.25\",\"Norm\":\"2.0\",\"data_name\":\"-1\",\"state\":\"output\"}},\"input_data"
  "\":{},\"upnode\":\"DefaultModel\",\"subnodes\":[\"Functional.relu.0.forward\"],\"matched"
  "_node_link\":[],\"suggestions\":{},\"stack_info\":[],\"data\":{},\"micro_step_id\":0},\""
  "Functional.relu.0.forward\":{\"id\":\"Functional.relu.0.forward\",\"node_type\":1,\"outp"
  "ut_data\":{\"Functional.relu.0.forward.output.0\":{\"type\":\"torch.Tensor\",\"dtype\":\""
  "torch.float32\",\"shape\":\"[2, 3]\",\"Max\":\"1.5\",\"Min\":\"-0.5\",\"Mean\":\"0.25\","
  "\"Norm\":\"2.0\",\"data_name\":\"-1\",\"state\":\"output\"}},\"input_data\":{},\"upnode\""
  ":\"Module.m.M.forward.0\",\"subnodes\":[],\"matched_node_link\":[],\"suggestions\":{},\""
  "stack_info\":[],\"data\":{}}},\"MicroSteps\":1,\"OverflowCheck\":false},\"ToolTip\":\"{}"
  "\",\"Colors\":{},\"MicroSteps\":1,\"task\":\"summary\",\"match\":[],\"OverflowCheck\":fa"
  "lse}";

FUZZ_DEFINE_INITIALIZE

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *compare = NULL, *config = NULL, *output = NULL;
  g_autoptr(GError) error = NULL;
  MsvisMatchJob job = { .step = -1, .rank = -1, .force = TRUE };
  guint before;

  fuzz_clear ();
  compare = fuzz_write ("compare.vis", (const guint8 *) compare_vis, strlen (compare_vis));
  config = fuzz_write ("fuzz.vis.config", data, size);
  output = g_build_filename (fuzz_dir (), "matched.vis", NULL);
  before = count_entries (fuzz_dir ());
  job.input = compare;
  job.config = config;
  job.output = output;

  if (!msvis_match_job_run (&job, NULL, NULL, &error))
    {
      g_assert (error != NULL && strstr (error->message, "fuzz.vis.config") != NULL);
      fuzz_check_empty (output);
      g_assert (count_entries (fuzz_dir ()) == before);
      return 0;
    }
  {
    g_autoptr(GFile) file = g_file_new_for_path (output);
    g_autoptr(MsvisVisDocument) back = msvis_vis_read (file, MSVIS_VIS_READ_DEFAULT, NULL,
                                                       &error);

    if (back == NULL || !msvis_vis_document_ensure_all_data (back, NULL, &error))
      g_error ("reading back the matched compare: %s", error->message);
  }
  g_assert (count_entries (fuzz_dir ()) == before + 1);
  return 0;
}
