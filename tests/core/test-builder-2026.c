// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "msvis-comparator.h"
#include "msvis-graph-builder.h"
#include "msvis-graph-job.h"
#include "msvis-test-util.h"

/* msprobe 26's builder rules (msprobe-2026.md §2.7, §3.2, §4) on small hand-made dumps, each
 * beside what the July rules make of the same dump, which must not change. */

#define LEAF "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], " \
             "\"Max\": 1.0, \"Min\": 0.0, \"Mean\": 0.5, \"Norm\": 1.0, \"requires_grad\": true}"

typedef struct
{
  const char *construct;
  const char *data;           /* the members of "data" */
  const char *stack;          /* NULL: {} */
  const char *framework;      /* NULL: pytorch */
  const char *dump_data_dir;  /* JSON text; NULL: null */
} Dump;

static char *
write_dump (const Dump *d)
{
  char *dir = msvis_test_make_dir ();
  g_autofree char *dump =
    g_strdup_printf ("{\"task\": \"statistics\", \"level\": \"mix\", \"framework\": \"%s\", "
                     "\"dump_data_dir\": %s, \"data\": {%s}}",
                     d->framework ? d->framework : "pytorch",
                     d->dump_data_dir ? d->dump_data_dir : "null", d->data ? d->data : "");

  msvis_test_write (dir, "construct.json", d->construct, -1);
  msvis_test_write (dir, "dump.json", dump, -1);
  msvis_test_write (dir, "stack.json", d->stack ? d->stack : "{}", -1);
  return dir;
}

static MsvisGraph *
build_in (const char *dir,
          MsvisEra    era,
          GPtrArray  *warnings)
{
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  MsvisBuildOptions options = { .era = era, .warnings = warnings };
  g_autoptr(GError) error = NULL;
  MsvisDumpHeader header;
  MsvisGraph *graph = msvis_graph_build (file, &options, &header, NULL, &error);

  g_assert_no_error (error);
  msvis_dump_header_clear (&header);
  return graph;
}

static MsvisGraph *
build (const Dump *d,
       MsvisEra    era)
{
  g_autofree char *dir = write_dump (d);

  return build_in (dir, era, NULL);
}

static const char *
parent_of (MsvisGraph *graph,
           const char *id)
{
  return msvis_test_parent_of (graph, id, "");
}

/* §4.2: a module's backward listed under an in-place sibling's goes under the backward twin
 * of its forward node's parent; one whose forward node is at the top goes to the root. */
static void
test_inplace (void)
{
  static const Dump d = {
    "{\"Module.layer.1.BasicBlock.forward.0\": null,"
    " \"Module.layer.1.conv2.Conv2d.forward.0\": \"Module.layer.1.BasicBlock.forward.0\","
    " \"Module.layer.1.relu.ReLU.forward.0\": \"Module.layer.1.BasicBlock.forward.0\","
    " \"Module.top.Conv2d.forward.0\": null,"
    " \"Module.layer.1.BasicBlock.backward.0\": null,"
    " \"Module.layer.1.relu.ReLU.backward.0\": \"Module.layer.1.BasicBlock.backward.0\","
    " \"Module.layer.1.conv2.Conv2d.backward.0\": \"Module.layer.1.relu.ReLU.backward.0\","
    " \"Module.top.Conv2d.backward.0\": \"Module.layer.1.BasicBlock.backward.0\","
    " \"Tensor.add.0.backward\": \"Module.layer.1.relu.ReLU.backward.0\"}",
  };
  g_autoptr(MsvisGraph) july = build (&d, MSVIS_ERA_2025_07);
  g_autoptr(MsvisGraph) now = build (&d, MSVIS_ERA_2026);
  g_autofree char *block = msvis_test_children_of (now, "Module.layer.1.BasicBlock.backward.0");

  g_assert_cmpstr (parent_of (july, "Module.layer.1.conv2.Conv2d.backward.0"), ==,
                   "Module.layer.1.relu.ReLU.backward.0");
  g_assert_cmpstr (parent_of (july, "Module.top.Conv2d.backward.0"), ==,
                   "Module.layer.1.BasicBlock.backward.0");

  g_assert_cmpstr (parent_of (now, "Module.layer.1.conv2.Conv2d.backward.0"), ==,
                   "Module.layer.1.BasicBlock.backward.0");
  g_assert_cmpstr (parent_of (now, "Module.top.Conv2d.backward.0"), ==, "DefaultModel");
  /* the layer path agrees, and API names never match the pattern */
  g_assert_cmpstr (parent_of (now, "Module.layer.1.relu.ReLU.backward.0"), ==,
                   "Module.layer.1.BasicBlock.backward.0");
  g_assert_cmpstr (parent_of (now, "Tensor.add.0.backward"), ==,
                   "Module.layer.1.relu.ReLU.backward.0");
  g_assert_cmpstr (block, ==, "Module.layer.1.relu.ReLU.backward.0 "
                              "Module.layer.1.conv2.Conv2d.backward.0");
}

#define RECOMPUTE_CONSTRUCT \
  "{\"Module.m.Stack.forward.0\": null," \
  " \"Module.m.layers.0.Layer.forward.0\": \"Module.m.Stack.forward.0\"," \
  " \"Module.m.layers.0.Layer.forward.1\": null," \
  " \"Module.m.Stack.backward.0\": null," \
  " \"Module.m.layers.0.Layer.backward.1\": null," \
  " \"Module.m.layers.0.Layer.backward.0\": \"Module.m.Stack.backward.0\"}"

/* §4.4: a recomputed layer's forward.1/backward.1 pair at the top goes under the backward
 * twin of the parent of its normal forward.0, after that node's children. */
static void
test_recompute (void)
{
  static const Dump checkpoint = {
    RECOMPUTE_CONSTRUCT, NULL,
    "{\"Module.m.layers.0.Layer.forward.1\": [\"File /usr/lib/python3/site-packages/torch/"
    "utils/checkpoint.py, line 9, in recompute_fn, \\n out = fn(x)\"]}",
  };
  static const Dump no_frame = {
    RECOMPUTE_CONSTRUCT, NULL,
    "{\"Module.m.layers.0.Layer.forward.1\": [\"File /home/train.py, line 9, in step, \\n f()\"]}",
  };
  static const Dump mindspore = { RECOMPUTE_CONSTRUCT, NULL, NULL, "mindspore" };
  g_autoptr(MsvisGraph) july = build (&checkpoint, MSVIS_ERA_2025_07);
  g_autoptr(MsvisGraph) now = build (&checkpoint, MSVIS_ERA_2026);
  g_autoptr(MsvisGraph) plain = build (&no_frame, MSVIS_ERA_2026);
  g_autoptr(MsvisGraph) ms = build (&mindspore, MSVIS_ERA_2026);
  g_autofree char *july_root = msvis_test_children_of (july, "DefaultModel");
  g_autofree char *root = msvis_test_children_of (now, "DefaultModel");
  g_autofree char *backward = msvis_test_children_of (now, "Module.m.Stack.backward.0");
  g_autofree char *plain_root = msvis_test_children_of (plain, "DefaultModel");
  g_autofree char *ms_backward = msvis_test_children_of (ms, "Module.m.Stack.backward.0");

  g_assert_cmpstr (july_root, ==, "Module.m.Stack.forward.0 Module.m.layers.0.Layer.forward.1 "
                                  "Module.m.Stack.backward.0 Module.m.layers.0.Layer.backward.1");
  g_assert_cmpstr (root, ==, "Module.m.Stack.forward.0 Module.m.Stack.backward.0");
  g_assert_cmpstr (backward, ==, "Module.m.layers.0.Layer.backward.0 "
                                 "Module.m.layers.0.Layer.forward.1 "
                                 "Module.m.layers.0.Layer.backward.1");
  /* PyTorch needs the stack to say so; MindSpore goes by the names alone */
  g_assert_cmpstr (plain_root, ==, july_root);
  g_assert_cmpstr (ms_backward, ==, backward);
}

/* §4.8: MindSpeed.* are APIs, so two of them at the top are a collection. */
static void
test_mindspeed (void)
{
  static const Dump d = {
    "{\"MindSpeed.rope.0.forward\": null, \"MindSpeed.swiglu.0.forward\": null,"
    " \"Module.m.M.forward.0\": null}",
  };
  g_autoptr(MsvisGraph) july = build (&d, MSVIS_ERA_2025_07);
  g_autoptr(MsvisGraph) now = build (&d, MSVIS_ERA_2026);
  g_autofree char *july_root = msvis_test_children_of (july, "DefaultModel");
  g_autofree char *root = msvis_test_children_of (now, "DefaultModel");

  g_assert_cmpstr (july_root, ==, "MindSpeed.rope.0.forward MindSpeed.swiglu.0.forward "
                                  "Module.m.M.forward.0");
  g_assert_cmpstr (root, ==, "Apis_Between_Modules.0 Module.m.M.forward.0");
  g_assert_cmpint (msvis_node_type_in_era ("MindSpeed.x", MSVIS_ERA_2026), ==, MSVIS_NODE_API);
  g_assert_cmpint (msvis_node_type_for_name ("MindSpeed.x"), ==, MSVIS_NODE_MODULE);
}

/* §4.6: gradient nodes are made prefix by prefix, in the order the prefixes first come; a
 * module without a backward node loses its gradients, and the user hears of it. */
static void
test_parameters_grad (void)
{
  static const Dump d = {
    "{\"Module.a.A.forward.0\": null, \"Module.b.B.forward.0\": null,"
    " \"Module.a.A.backward.0\": null, \"Module.b.B.backward.0\": null,"
    " \"Module.a.A.backward.1\": null, \"Module.c.C.forward.0\": null,"
    /* int("x") would stop msprobe 26 here; the node is no gradient's owner, so it is passed */
    " \"Module.a.A.backward.x\": null}",
    "\"Module.a.A.parameters_grad.0\": {\"weight\": [" LEAF "]},"
    " \"Module.b.B.parameters_grad.0\": {\"weight\": [" LEAF "]},"
    " \"Module.c.C.parameters_grad.0\": {\"weight\": [" LEAF "]},"
    " \"Module.a.A.parameters_grad.1\": {\"weight\": " LEAF "}",
  };
  g_autofree char *dir = write_dump (&d);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(MsvisGraph) july = build_in (dir, MSVIS_ERA_2025_07, NULL);
  g_autoptr(MsvisGraph) now = build_in (dir, MSVIS_ERA_2026, warnings);
  g_autofree char *a = msvis_test_children_of (now, "Module.a.A.backward.1");
  g_autofree char *dump_path = g_build_filename (dir, "dump.json", NULL);
  MsvisNodeId a1 = msvis_graph_lookup (now, "Module.a.A.parameters_grad.1");
  guint32 n, first = msvis_graph_node_get_inputs (now, a1, &n);

  /* July: in dump order */
  g_assert_cmpuint (msvis_graph_lookup (july, "Module.a.A.parameters_grad.1"), >,
                    msvis_graph_lookup (july, "Module.b.B.parameters_grad.0"));
  /* 2026: Module.a's both, then Module.b's */
  g_assert_cmpstr (a, ==, "Module.a.A.parameters_grad.0 Module.a.A.parameters_grad.1");
  g_assert_cmpuint (a1, <, msvis_graph_lookup (now, "Module.b.B.parameters_grad.0"));
  g_assert_cmpstr (parent_of (now, "Module.b.B.parameters_grad.0"), ==, "Module.b.B.backward.0");
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpstr (msvis_graph_get_item (now, first)->key, ==,
                   "Module.a.A.parameters_grad.1.weight");

  g_assert_cmpuint (msvis_graph_lookup (now, "Module.c.C.parameters_grad.0"), ==,
                    MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), dump_path));
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "“Module.c.C.parameters_grad.0”"));
}

/* msvis graph says which gradients it left out, naming dump.json and the entry. */
static void
test_dropped_grads_job (void)
{
  static const Dump d = {
    "{\"Module.a.A.forward.0\": null, \"Module.a.A.backward.0\": null,"
    " \"Module.c.C.forward.0\": null}",
    "\"Module.a.A.parameters_grad.0\": {\"weight\": [" LEAF "]},"
    " \"Module.c.C.parameters_grad.0\": {\"weight\": [" LEAF "]}",
  };
  g_autofree char *dir = write_dump (&d);
  g_autofree char *dump_path = g_build_filename (dir, "dump.json", NULL);
  g_autofree char *out_dir = msvis_test_make_dir ();
  g_autofree char *config_dir = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (config_dir, "compare.json", NULL);
  g_autofree char *json = g_strdup_printf ("{\"npu_path\": \"%s\"}", dir);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  MsvisGraphJob job = { config, out_dir, FALSE, FALSE, FALSE, NULL, (char *)"T", warnings };
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;

  msvis_test_write (config_dir, "compare.json", json, -1);
  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 1);
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (warnings, 0), dump_path));
  g_assert_nonnull (strstr (g_ptr_array_index (warnings, 0), "“Module.c.C.parameters_grad.0”"));
}

/* The names of @id's items and of their fields, "key: field field …" a line each. */
static char *
items_of (MsvisGraph *graph,
          const char *id,
          gboolean    inputs)
{
  MsvisNodeId node = msvis_graph_lookup (graph, id);
  GString *out = g_string_new (NULL);
  guint32 n, first = inputs ? msvis_graph_node_get_inputs (graph, node, &n)
                            : msvis_graph_node_get_outputs (graph, node, &n);

  for (guint32 i = 0; i < n; i++)
    {
      const MsvisItem *item = msvis_graph_get_item (graph, first + i);
      const MsvisField *fields = msvis_graph_get_fields (graph, item);

      g_string_append_printf (out, "%s:", item->key);
      for (guint32 j = 0; j < item->n_fields; j++)
        g_string_append_printf (out, " %s", msvis_graph_atom_name (graph, fields[j].name));
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

/* §3.2: a P2POp is one item, its tensor's fields and then its own; every item has
 * requires_grad, after state when the leaf has none. */
static void
test_items (void)
{
  static const Dump d = {
    "{\"Distributed.batch_isend_irecv.0.forward\": null}",
    "\"Distributed.batch_isend_irecv.0.forward\": {\"input_args\": [null, {\"type\": \"int\","
    " \"value\": 3}], \"output\": [[{\"class_type\": \"torch.distributed.P2POp\", \"op\": "
    "\"isend\", \"peer\": 1, \"tag\": 0, \"group_id\": \"g\", \"tensor\": " LEAF "},"
    " {\"class_type\": \"torch.distributed.P2POp\", \"op\": \"irecv\", \"peer\": 0}]]}",
  };
  g_autoptr(MsvisGraph) july = build (&d, MSVIS_ERA_2025_07);
  g_autoptr(MsvisGraph) now = build (&d, MSVIS_ERA_2026);
  g_autofree char *july_outputs = items_of (july, "Distributed.batch_isend_irecv.0.forward",
                                            FALSE);
  g_autofree char *outputs = items_of (now, "Distributed.batch_isend_irecv.0.forward", FALSE);
  g_autofree char *inputs = items_of (now, "Distributed.batch_isend_irecv.0.forward", TRUE);

  g_assert_cmpstr (july_outputs, ==,
                   "Distributed.batch_isend_irecv.0.forward.output.0.0.tensor: type dtype shape "
                   "Max Min Mean Norm requires_grad data_name state\n");
  g_assert_cmpstr (outputs, ==,
                   "Distributed.batch_isend_irecv.0.forward.output.0.0: type dtype shape Max Min "
                   "Mean Norm requires_grad data_name state class_type op peer tag group_id\n"
                   "Distributed.batch_isend_irecv.0.forward.output.0.1: type Max Min Mean Norm "
                   "dtype shape value data_name state requires_grad class_type op peer tag "
                   "group_id\n");
  g_assert_cmpstr (inputs, ==,
                   "Distributed.batch_isend_irecv.0.forward.input.0: type Max Min Mean Norm dtype "
                   "shape value data_name state requires_grad\n"
                   "Distributed.batch_isend_irecv.0.forward.input.1: type value data_name state "
                   "requires_grad Max Min Mean Norm dtype shape\n");
}

static char *
data_dir_of (const char *value)
{
  Dump d = { "{\"Module.m.M.forward.0\": null}", NULL, NULL, NULL, value };
  g_autoptr(MsvisGraph) graph = build (&d, MSVIS_ERA_2026);
  gboolean is_null;
  const char *dir = msvis_graph_get_dump_data_dir (graph, &is_null);

  return is_null ? g_strdup ("null") : g_strdup (dir);
}

/* The dump_data_dir a dump in @dir gets when dump.json says "@real/@name", as the part after
 * "@real/". */
static const char *
built_data_dir (const char *dir,
                const char *real,
                const char *name)
{
  static char result[256];
  g_autofree char *dump =
    g_strdup_printf ("{\"task\": \"statistics\", \"level\": \"mix\", "
                     "\"dump_data_dir\": \"%s/%s\", \"data\": {}}", real, name);
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  MsvisBuildOptions options = { .era = MSVIS_ERA_2026 };
  g_autoptr(MsvisGraph) graph = NULL;
  g_autoptr(GError) error = NULL;
  MsvisDumpHeader header;
  gboolean is_null;
  const char *made;

  msvis_test_write (dir, "construct.json", "{\"Module.m.M.forward.0\": null}", -1);
  msvis_test_write (dir, "dump.json", dump, -1);
  msvis_test_write (dir, "stack.json", "{}", -1);
  graph = msvis_graph_build (file, &options, &header, NULL, &error);
  g_assert_no_error (error);
  msvis_dump_header_clear (&header);
  made = msvis_graph_get_dump_data_dir (graph, &is_null);
  g_assert_false (is_null);
  g_assert_true (g_str_has_prefix (made, real) && made[strlen (real)] == '/');
  g_strlcpy (result, made + strlen (real) + 1, sizeof result);
  return result;
}

/* msprobe-2026.md §2.7: a tensor folder elsewhere than beside construct.json is named where it
 * is now. */
static void
test_dump_data_dir (void)
{
  g_autofree char *kept_dir = msvis_test_make_dir ();
  g_autofree char *real = realpath (kept_dir, NULL);
  g_autofree char *moved = data_dir_of ("\"/gone/step0/rank0/dump_tensor_data\"");
  g_autofree char *relative = data_dir_of ("\"dump_tensor_data\"");
  g_autofree char *null_dir = data_dir_of ("null");
  g_autofree char *empty = data_dir_of ("\"\"");

  g_assert_true (g_str_has_prefix (moved, "/") && g_str_has_suffix (moved, "/dump_tensor_data"));
  g_assert_cmpstr (moved, !=, "/gone/step0/rank0/dump_tensor_data");
  g_assert_true (g_str_has_suffix (relative, "/dump_tensor_data") && relative[0] == '/');
  g_assert_cmpstr (null_dir, ==, "null");
  g_assert_cmpstr (empty, ==, "");

  /* A folder beside construct.json stays as it is, whatever its name; os.path.dirname of a
   * name that ends in a slash is that name itself, which is then rebased. */
  g_assert_cmpstr (built_data_dir (kept_dir, real, "tensors"), ==, "tensors");
  g_assert_cmpstr (built_data_dir (kept_dir, real, "dump_tensor_data/"), ==, "dump_tensor_data");
}

/* §4.7: a Megatron NPU side pages nothing, and a benchmark without micro steps of its own
 * then has none (0 in the rows), however its own name heuristic would page it. */
static void
test_megatron_npu_plain_bench (void)
{
  static const Dump npu = {
    "{\"Module.m.M.forward.0\": [null, 0], \"megatron_micro_step_number\": 2,"
    " \"Module.m.M.backward.0\": [null, 0], \"Module.m.M.forward.1\": [null, 1],"
    " \"Module.m.M.backward.1\": [null, 1]}",
  };
  static const Dump plain = {
    "{\"Module.m.M.forward.0\": null, \"Module.m.M.backward.0\": null,"
    " \"Module.m.M.forward.1\": null, \"Module.m.M.backward.1\": null,"
    " \"Module.m.M.forward.2\": null, \"Module.m.M.backward.2\": null}",
  };
  g_autoptr(MsvisGraph) n = build (&npu, MSVIS_ERA_2026);
  g_autoptr(MsvisGraph) b = build (&plain, MSVIS_ERA_2026);
  g_autoptr(MsvisGraph) megatron_bench = build (&npu, MSVIS_ERA_2026);
  g_autoptr(MsvisGraph) n2 = build (&npu, MSVIS_ERA_2026);
  MsvisCompareOptions options = { .mode = MSVIS_COMPARE_SUMMARY, .threads = 1 };

  g_assert_cmpint (msvis_graph_node_get_micro_step (b, msvis_graph_lookup (b,
                   "Module.m.M.forward.2")), ==, 2);
  msvis_compare_graphs (n, b, &options);
  g_assert_cmpuint (msvis_graph_get_micro_steps (n), ==, 3);
  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (b); node++)
    g_assert_cmpint (msvis_graph_node_get_micro_step (b, node), <, 0);

  /* a Megatron benchmark keeps its own */
  msvis_compare_graphs (n2, megatron_bench, &options);
  g_assert_cmpint (msvis_graph_node_get_micro_step (megatron_bench,
                   msvis_graph_lookup (megatron_bench, "Module.m.M.backward.1")), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/builder-2026/inplace", test_inplace);
  g_test_add_func ("/builder-2026/recompute", test_recompute);
  g_test_add_func ("/builder-2026/mindspeed", test_mindspeed);
  g_test_add_func ("/builder-2026/parameters-grad", test_parameters_grad);
  g_test_add_func ("/builder-2026/dropped-grads-job", test_dropped_grads_job);
  g_test_add_func ("/builder-2026/items", test_items);
  g_test_add_func ("/builder-2026/dump-data-dir", test_dump_data_dir);
  g_test_add_func ("/builder-2026/megatron-npu-plain-bench", test_megatron_npu_plain_bench);

  return g_test_run ();
}
