// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-builder.h"
#include "msvis-name-table.h"
#include "msvis-test-util.h"

#define LEAF "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], " \
             "\"Max\": 1.5, \"Min\": -1.0, \"Mean\": 0.25, \"Norm\": 2.0, \"requires_grad\": true}"

static MsvisGraph *
build (const char *construct,
       const char *data,
       const char *stack)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  MsvisGraph *graph;

  msvis_test_write_dump (dir, construct, data, stack);
  graph = msvis_test_build (dir, FALSE, &error);
  g_assert_no_error (error);
  return graph;
}

static const char *
parent_of (MsvisGraph *graph,
           const char *id)
{
  return msvis_test_parent_of (graph, id, "None");
}

static char *
stack_of (MsvisGraph *graph,
          const char *id)
{
  MsvisNodeId node = msvis_graph_lookup (graph, id);
  guint n;
  const char *const *lines = msvis_graph_get_stack (graph, msvis_graph_node_get_stack (graph, node),
                                                    &n);
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i ? "|" : "", lines[i]);
  return g_string_free (s, FALSE);
}

static void
test_node_types (void)
{
  /* msprobe's patterns leave the dot unescaped: any character follows the prefix. */
  g_assert_cmpint (msvis_node_type_for_name ("ModuleTest"), ==, MSVIS_NODE_MODULE);
  g_assert_cmpint (msvis_node_type_for_name ("Cell.x"), ==, MSVIS_NODE_MODULE);
  g_assert_cmpint (msvis_node_type_for_name ("optimizer"), ==, MSVIS_NODE_MODULE);
  g_assert_cmpint (msvis_node_type_for_name ("clip_grad"), ==, MSVIS_NODE_MODULE);
  for (guint i = 0; i < 7; i++)
    {
      static const char *apis[] = { "TensorTest", "TorchTest", "FunctionalTest", "NPUTest",
                                    "VFTest", "DistributedTest", "AtenTest" };

      g_assert_cmpint (msvis_node_type_for_name (apis[i]), ==, MSVIS_NODE_API);
    }
  g_assert_cmpint (msvis_node_type_for_name ("MintFunctional.relu.0.forward"), ==, MSVIS_NODE_API);
  g_assert_cmpint (msvis_node_type_for_name ("Tensor"), ==, MSVIS_NODE_MODULE);
  g_assert_cmpint (msvis_node_type_for_name ("Unknown.x"), ==, MSVIS_NODE_MODULE);
}

static void
test_backward_parent (void)
{
  g_autoptr(MsvisGraph) graph =
    build ("{\"Module.a.A.forward.0\": null, \"Module.a.b.B.forward.0\": \"Module.a.A.forward.0\","
           " \"Tensor.add.0.forward\": \"Module.a.A.forward.0\","
           " \"Module.a.A.backward.0\": null, \"Module.a.b.B.backward.0\": null,"
           " \"Tensor.add.0.backward\": null}",
           "", NULL);

  g_assert_cmpstr (parent_of (graph, "Module.a.b.B.backward.0"), ==, "Module.a.A.backward.0");
  g_assert_cmpstr (parent_of (graph, "Tensor.add.0.backward"), ==, "Module.a.A.backward.0");
  g_assert_cmpstr (parent_of (graph, "Module.a.A.backward.0"), ==, "DefaultModel");
}

static void
test_apis_between_modules (void)
{
  g_autoptr(MsvisGraph) mixed =
    build ("{\"Tensor.a.0.forward\": null, \"Module.m.M.forward.0\": null,"
           " \"Module.n.N.forward.0\": null, \"Tensor.b.0.forward\": null,"
           " \"Torch.c.0.forward\": null, \"Module.o.O.forward.0\": null}", "", NULL);
  g_autoptr(MsvisGraph) apis =
    build ("{\"Tensor.a.0.forward\": null, \"Torch.b.0.forward\": null}", "", NULL);
  g_autoptr(MsvisGraph) modules =
    build ("{\"Module.m.M.forward.0\": null, \"Module.n.N.forward.0\": null}", "", NULL);
  g_autofree char *root = msvis_test_children_of (mixed, "DefaultModel");
  g_autofree char *run = msvis_test_children_of (mixed, "Apis_Between_Modules.0");
  g_autofree char *only_apis = msvis_test_children_of (apis, "DefaultModel");
  g_autofree char *only_modules = msvis_test_children_of (modules, "DefaultModel");

  g_assert_cmpstr (root, ==, "Tensor.a.0.forward Module.m.M.forward.0 Module.n.N.forward.0 "
                              "Apis_Between_Modules.0 Module.o.O.forward.0");
  g_assert_cmpstr (run, ==, "Tensor.b.0.forward Torch.c.0.forward");
  g_assert_cmpstr (parent_of (mixed, "Torch.c.0.forward"), ==, "Apis_Between_Modules.0");
  g_assert_cmpint (msvis_graph_node_get_node_type (mixed, msvis_graph_lookup (mixed,
                   "Apis_Between_Modules.0")), ==, MSVIS_NODE_API_COLLECTION);
  g_assert_cmpstr (only_apis, ==, "Apis_Between_Modules.0");
  g_assert_cmpstr (only_modules, ==, "Module.m.M.forward.0 Module.n.N.forward.0");
}

static void
test_parameters_grad (void)
{
  g_autoptr(MsvisGraph) graph =
    build ("{\"Module.a.A.forward.0\": null, \"Module.a.A.backward.0\": null,"
           " \"Module.a.A.forward.1\": null, \"Module.a.A.backward.1\": null}",
           "\"Module.a.A.parameters_grad\": {\"weight\": [" LEAF "]},"
           " \"Module.b.B.parameters_grad\": {\"weight\": [" LEAF "]}", NULL);
  MsvisNodeId node = msvis_graph_lookup (graph, "Module.a.A.parameters_grad");
  guint32 n, first;

  g_assert_cmpstr (parent_of (graph, "Module.a.A.parameters_grad"), ==, "Module.a.A.backward.1");
  first = msvis_graph_node_get_inputs (graph, node, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpstr (msvis_graph_get_item (graph, first)->key, ==,
                   "Module.a.A.parameters_grad.weight");
  /* No backward call of Module.b: no node. */
  g_assert_cmpuint (msvis_graph_lookup (graph, "Module.b.B.parameters_grad"), ==,
                    MSVIS_NODE_ID_NONE);
  /* It comes after every construct.json node. */
  g_assert_cmpuint (node, ==, msvis_graph_get_n_nodes (graph) - 1);
}

/* Which node takes which dump.json entry: entries are read while the nodes are made, and
 * placed afterwards. */
static void
test_entry_placement (void)
{
  g_autoptr(MsvisGraph) graph =
    build ("{\"Tensor.add.0.forward\": \"Module.p.P.forward.0\","
           " \"Module.p.P.forward.0\": null,"
           " \"Tensor.mul.0.forward\": \"Module.q.Q.forward.0\","
           " \"Tensor.sub.0.forward\": \"Module.g.G.parameters_grad\"}",
           "\"Module.p.P.forward.0\": {\"input_args\": [" LEAF "], \"output\": []},"
           " \"Tensor.add.0.forward\": {\"input_args\": [" LEAF "], \"output\": []},"
           " \"Tensor.add.0.forward\": {\"input_args\": [" LEAF ", " LEAF "], \"output\": []},"
           " \"Module.q.Q.forward.0\": {\"input_args\": [" LEAF "], \"output\": []},"
           " \"Module.g.G.parameters_grad\": {\"weight\": [" LEAF "]}", NULL);
  guint32 n;

  /* A parent first, a child of construct.json later: it takes its entry. */
  msvis_graph_node_get_inputs (graph, msvis_graph_lookup (graph, "Module.p.P.forward.0"), &n);
  g_assert_cmpuint (n, ==, 1);
  /* A name twice in dump.json: the last entry wins. */
  msvis_graph_node_get_inputs (graph, msvis_graph_lookup (graph, "Tensor.add.0.forward"), &n);
  g_assert_cmpuint (n, ==, 2);
  /* Only a parent: not a key of construct.json, so its entry is not read. */
  msvis_graph_node_get_inputs (graph, msvis_graph_lookup (graph, "Module.q.Q.forward.0"), &n);
  g_assert_cmpuint (n, ==, 0);
  /* A gradient entry goes onto the node of its name, wherever that came from. */
  msvis_graph_node_get_inputs (graph, msvis_graph_lookup (graph, "Module.g.G.parameters_grad"),
                               &n);
  g_assert_cmpuint (n, ==, 1);
}

static void
test_micro_steps (void)
{
  g_autoptr(MsvisGraph) graph =
    build ("{\"a.forward.0\": null, \"a.backward.0\": null, \"apis.0\": null,"
           " \"a.forward.1\": null, \"b.forward.0\": null, \"b.backward.0\": null,"
           " \"a.backward.1\": null, \"apis.1\": null}", "", NULL);

  g_assert_cmpuint (msvis_graph_get_micro_steps (graph), ==, 2);
  g_assert_cmpint (msvis_graph_node_get_micro_step (graph, msvis_graph_lookup (graph, "apis.0")),
                   ==, 0);
  g_assert_cmpint (msvis_graph_node_get_micro_step (graph,
                   msvis_graph_lookup (graph, "a.forward.1")), ==, 1);
  g_assert_cmpint (msvis_graph_node_get_micro_step (graph, msvis_graph_get_root (graph)), ==, -1);
}

static void
test_stacks (void)
{
  const char *construct =
    "{\"Module.layer1.0.conv1.Conv2d.forward.0\": null,"
    " \"Functional.conv2d.0.forward\": \"Module.layer1.0.conv1.Conv2d.forward.0\","
    " \"Module.layer1.0.conv1.Conv2d.backward.0\": null, \"Functional.relu.0.forward\": null,"
    " \"Functional.relu.0.backward\": null, \"Module.x.X.backward.3\": null}";
  const char *stack =
    "{\"0\": [[\"Module.layer1.0.conv1.Conv2d.forward.0\"], [\"File a.py, line 1, in f, \\n y()\","
    " \"File m.py, line 9, in forward, \\n x = self.conv1(x)\", \"File t.py, line 2\"]],"
    " \"1\": [[\"Functional.conv2d.0.forward\"], [\"File w.py, line 3, in wrapped, \\n return"
    " TorchOPTemplate(op_name, hook)(*args)\", \"File m.py, line 10, in forward, \\n"
    " F.conv2d(x)\"]]}";
  g_autoptr(MsvisGraph) graph = build (construct, "", stack);
  g_autofree char *module = stack_of (graph, "Module.layer1.0.conv1.Conv2d.forward.0");
  g_autofree char *api = stack_of (graph, "Functional.conv2d.0.forward");
  g_autofree char *borrowed = stack_of (graph, "Module.layer1.0.conv1.Conv2d.backward.0");
  g_autofree char *empty = stack_of (graph, "Functional.relu.0.backward");
  g_autofree char *missing = stack_of (graph, "Module.x.X.backward.3");
  g_autofree char *dir = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisGraph) complete = NULL;
  g_autofree char *whole = NULL;

  g_assert_cmpstr (module, ==, "File m.py, line 9, in forward, \n x = self.conv1(x)");
  g_assert_cmpstr (api, ==, "File m.py, line 10, in forward, \n F.conv2d(x)");
  g_assert_cmpstr (borrowed, ==, module);
  /* The forward node exists with an empty stack: nothing to borrow, and no message. */
  g_assert_cmpstr (empty, ==, "");
  g_assert_cmpstr (missing, ==, "This backward node cannot find the forward node and cannot "
                                "retrieve stack information.");

  /* The old {name: lines} form, and -cs */
  msvis_test_write_dump (dir, construct, "",
                         "{\"Module.layer1.0.conv1.Conv2d.forward.0\":"
                         " [\"a\", \"b conv1(x)\", \"c\"]}");
  complete = msvis_test_build (dir, TRUE, &error);
  g_assert_no_error (error);
  whole = stack_of (complete, "Module.layer1.0.conv1.Conv2d.forward.0");
  g_assert_cmpstr (whole, ==, "a|b conv1(x)|c");
}

static void
test_orphans_and_duplicates (void)
{
  /* "Module.p.P.forward.0" is only ever a parent: it and its subtree hang nowhere. */
  g_autoptr(MsvisGraph) orphans =
    build ("{\"Module.c.C.forward.0\": \"Module.p.P.forward.0\", \"Module.r.R.forward.0\": null}",
           "", NULL);
  /* A repeated child keeps its first place and takes its last parent, as a Python dict. */
  g_autoptr(MsvisGraph) duplicates =
    build ("{\"Module.c.C.forward.0\": \"Module.p.P.forward.0\", \"Module.r.R.forward.0\": null,"
           " \"Module.c.C.forward.0\": \"Module.r.R.forward.0\"}", "", NULL);
  g_autofree char *root = msvis_test_children_of (orphans, "DefaultModel");
  g_autofree char *under_p = msvis_test_children_of (orphans, "Module.p.P.forward.0");

  g_assert_cmpstr (parent_of (orphans, "Module.p.P.forward.0"), ==, "None");
  g_assert_cmpstr (under_p, ==, "Module.c.C.forward.0");
  g_assert_cmpstr (root, ==, "Module.r.R.forward.0");

  g_assert_cmpuint (msvis_graph_lookup (duplicates, "Module.p.P.forward.0"), ==,
                    MSVIS_NODE_ID_NONE);
  g_assert_cmpstr (parent_of (duplicates, "Module.c.C.forward.0"), ==, "Module.r.R.forward.0");
  g_assert_cmpstr (msvis_graph_node_get_id (duplicates, 1), ==, "Module.r.R.forward.0");
}

/* What §2 and §5.5 make of the different kinds of arguments. */
static void
test_items (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *vis = NULL;
  static const char *expected[] = {
    "\"Functional.f.0.forward.input.1\": {\n                    \"value\": \"null\"",
    "\"Functional.f.0.forward.input.2\": {\n                    \"type\": \"int\",\n"
    "                    \"value\": \"3\",\n                    \"data_name\": \"-1\",\n"
    "                    \"state\": \"input\",\n                    \"Max\": \"3\"",
    "\"dtype\": \"<class int>\"",
    "\"Functional.f.0.forward.input.3\": {\n                    \"value\": \"null\"",
    "\"Functional.f.0.forward.input.flag\": {\n                    \"type\": \"bool\",\n"
    "                    \"value\": \"True\"",
    "\"dtype\": \"<class bool>\"",
    "\"Functional.f.0.forward.input.dst\": {",
    "\"dtype\": \"int\",\n                    \"shape\": \"[]\"",
    "\"Functional.f.0.forward.input.group\": {\n"
    "                    \"type\": \"torch.ProcessGroup\",\n"
    "                    \"group_ranks\": \"[0, 1]\",\n                    \"group_id\": \"abc\",\n"
    "                    \"data_name\": \"-1\"\n                }",
    /* no value: the statistics are str(None), which collapses the item */
    "\"Functional.f.0.forward.input.src\": {\n                    \"value\": \"null\"\n",
    "\"Functional.f.0.forward.input.group2\": {\n"
    "                    \"type\": \"torch.ProcessGroup\",\n"
    "                    \"data_name\": \"-1\"\n",
    "\"Functional.f.0.forward.input.name\": {\n                    \"type\": \"str\",\n"
    "                    \"value\": \"a bc\"",
    "\"Functional.f.0.forward.output.0\": {\n                    \"type\": \"torch.Tensor\",\n"
    "                    \"dtype\": \"torch.float32\",\n                    \"shape\": \"[2]\",\n"
    "                    \"Max\": \"1.5\",\n                    \"Min\": \"-1.0\",\n"
    "                    \"Mean\": \"0.25\",\n                    \"Norm\": \"2.0\",\n"
    "                    \"data_name\": \"-1\",\n                    \"state\": \"output\"\n",
  };

  msvis_test_write_dump (dir, "{\"Functional.f.0.forward\": null}",
                         "\"Functional.f.0.forward\": {\"input_args\": [" LEAF ", null,"
                         " {\"type\": \"int\", \"value\": 3},"
                         " {\"type\": \"slice\", \"value\": [0, null, 2]}],"
                         " \"input_kwargs\": {\"flag\": {\"type\": \"bool\", \"value\": true},"
                         " \"dst\": {\"type\": \"int\", \"value\": 1},"
                         " \"group\": {\"type\": \"torch.ProcessGroup\", \"group_ranks\": [0, 1],"
                         " \"group_id\": \"abc\"},"
                         " \"name\": {\"type\": \"str\", \"value\": \"a 'b'c\"},"
                         " \"src\": {\"type\": \"int\"},"
                         " \"group2\": {\"type\": \"torch.ProcessGroup\"}},"
                         " \"output\": [" LEAF "]}", NULL);
  vis = msvis_test_build_vis (dir, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (strstr (vis, expected[i]) == NULL)
      g_error ("the .vis lacks:\n%s\n\nIt is:\n%s", expected[i], vis);
  g_assert_null (strstr (vis, "requires_grad"));
  g_assert_null (strstr (vis, "md5"));
  g_assert_false (g_str_has_suffix (vis, "\n"));
}

/* get_input_output: a later item with the same key replaces the earlier one in its place. */
static void
test_item_key_collision (void)
{
  g_autoptr(MsvisGraph) graph =
    build ("{\"Module.m.M.forward.0\": null}",
           "\"Module.m.M.forward.0\": {\"input_args\": [{\"type\": \"torch.Tensor\", \"dtype\": "
           "\"torch.float32\", \"shape\": [1], \"Max\": 1, \"Min\": 1, \"Mean\": 1, \"Norm\": 1,"
           " \"data_name\": \"same.pt\"}, {\"type\": \"int\", \"value\": 5},"
           " {\"type\": \"torch.Tensor\", \"dtype\": \"torch.float16\", \"shape\": [1], \"Max\": 2,"
           " \"Min\": 2, \"Mean\": 2, \"Norm\": 2, \"data_name\": \"same.pt\"}]}", NULL);
  MsvisNodeId node = msvis_graph_lookup (graph, "Module.m.M.forward.0");
  guint32 n, first = msvis_graph_node_get_inputs (graph, node, &n);
  const MsvisField *dtype;

  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (msvis_graph_get_item (graph, first)->key, ==, "same");
  dtype = msvis_graph_item_find_field (graph, first, msvis_graph_atom (graph, "dtype"));
  g_assert_cmpstr (dtype->s, ==, "torch.float16");
}

/* msvis_str_contains() is strstr's answer, whatever the repeats and the ends. */
static void
test_str_contains (void)
{
  static const char *cases[][2] = {
    { "Functional.linear.0.forward.output.0", ".output." }, { "a.outputx", ".output." },
    { "..output.", ".output." }, { ".output", ".output." }, { "", "x" }, { "x", "x" },
    { "abc", "abcd" }, { "xbatch_isend_irecv", "batch_isend_irecv" },
    { "batch_isend_irec", "batch_isend_irecv" }, { "aaab", "aab" }, { "a.input.b", ".input." },
    { "abc", "c" }, { "abc", "d" }, { "abc", "" }, { "a.", ".x" }, { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpint (msvis_str_contains (cases[i][0], cases[i][1]), ==,
                     strstr (cases[i][0], cases[i][1]) != NULL);
}

/* The interning table finds what was added, across its growth, and nothing else; a forced
 * hash collision is told apart by the text. */
static void
test_name_table (void)
{
  MsvisNameTable *table = msvis_name_table_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < 20000; i++)
    {
      char *name = g_strdup_printf ("Module.layers.%u.forward.0", i);
      gsize length = strlen (name);
      guint32 hash = msvis_name_hash (name, length);

      g_assert_null (msvis_name_table_lookup (table, name, length, hash));
      msvis_name_table_add (table, name, length, hash);
      g_ptr_array_add (names, name);
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *copy = g_strdup (name);
      gsize length = strlen (name);

      g_assert_true (msvis_name_table_lookup (table, copy, length,
                                              msvis_name_hash (copy, length)) == name);
      /* A prefix, and the same text under a hash it was not added with. */
      g_assert_null (msvis_name_table_lookup (table, name, length - 1,
                                              msvis_name_hash (name, length - 1)));
      g_assert_null (msvis_name_table_lookup (table, "other.name", 10,
                                              msvis_name_hash (name, length)));
    }
  msvis_name_table_add (table, "", 0, msvis_name_hash ("", 0));
  g_assert_nonnull (msvis_name_table_lookup (table, "", 0, msvis_name_hash ("", 0)));
  msvis_name_table_free (table);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/builder/node-types", test_node_types);
  g_test_add_func ("/builder/backward-parent", test_backward_parent);
  g_test_add_func ("/builder/apis-between-modules", test_apis_between_modules);
  g_test_add_func ("/builder/parameters-grad", test_parameters_grad);
  g_test_add_func ("/builder/entry-placement", test_entry_placement);
  g_test_add_func ("/builder/str-contains", test_str_contains);
  g_test_add_func ("/builder/name-table", test_name_table);
  g_test_add_func ("/builder/micro-steps", test_micro_steps);
  g_test_add_func ("/builder/stacks", test_stacks);
  g_test_add_func ("/builder/orphans-and-duplicates", test_orphans_and_duplicates);
  g_test_add_func ("/builder/items", test_items);
  g_test_add_func ("/builder/item-key-collision", test_item_key_collision);

  return g_test_run ();
}
