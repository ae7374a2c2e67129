// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-graph-builder.h"
#include "msvis-overflow.h"
#include "msvis-render.h"
#include "msvis-test-util.h"

#define FINE "{\"type\": \"torch.Tensor\", \"Max\": 1.0, \"Min\": 0.0, \"Mean\": 0.5, " \
             "\"Norm\": 1.0}"
#define INF  "{\"type\": \"torch.Tensor\", \"Max\": Infinity, \"Min\": 0.0, \"Mean\": 0.5, " \
             "\"Norm\": 1.0}"
#define BIG  "{\"type\": \"torch.Tensor\", \"Max\": 9.0, \"Min\": 0.0, \"Mean\": 0.5, " \
             "\"Norm\": 101.0}"

/* The overflow level msvis gives an entry named @name with @body. */
static MsvisOverflowLevel
level_of (const char *name,
          const char *body)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *construct = g_strdup_printf ("{\"%s\": null}", name);
  g_autofree char *data = g_strdup_printf ("\"%s\": %s", name, body);
  g_autoptr(MsvisOverflowCheck) check = msvis_overflow_check_new ();
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  MsvisBuildOptions options = { .entry_hook = msvis_overflow_check_entry, .hook_data = check };
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisGraph) graph = NULL;
  MsvisDumpHeader header;

  msvis_test_write_dump (dir, construct, data, NULL);
  graph = msvis_graph_build (file, &options, &header, NULL, &error);
  g_assert_no_error (error);
  msvis_dump_header_clear (&header);
  msvis_overflow_check_apply (check, graph);
  return msvis_graph_node_get_overflow (graph, msvis_graph_lookup (graph, name));
}

/* Overflow mode paints a node without overflow white, not the grey of an unmatched node. */
static void
test_fills (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autoptr(MsvisOverflowCheck) check = msvis_overflow_check_new ();
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  MsvisBuildOptions options = { .entry_hook = msvis_overflow_check_entry, .hook_data = check };
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisGraph) graph = NULL;
  MsvisDumpHeader header;
  MsvisFillMap *map;
  MsvisRgba fine, critical;

  msvis_test_write_dump (dir, "{\"Tensor.add.0.forward\": null, \"Tensor.mul.0.forward\": null}",
                         "\"Tensor.add.0.forward\": {\"input_args\": [" FINE "], "
                         "\"output\": [" FINE "]}, "
                         "\"Tensor.mul.0.forward\": {\"input_args\": [" FINE "], "
                         "\"output\": [" INF "]}", NULL);
  graph = msvis_graph_build (file, &options, &header, NULL, &error);
  g_assert_no_error (error);
  msvis_dump_header_clear (&header);
  msvis_overflow_check_apply (check, graph);

  map = msvis_fill_map_new (graph, NULL, FALSE, NULL, MSVIS_PALETTE_OVERFLOW);
  fine = msvis_fill_map_get (map, msvis_graph_lookup (graph, "Tensor.add.0.forward"));
  critical = msvis_fill_map_get (map, msvis_graph_lookup (graph, "Tensor.mul.0.forward"));
  msvis_fill_map_free (map);
  g_assert_cmpfloat (fine.red, ==, msvis_render_white.red);
  g_assert_cmpfloat (fine.green, ==, msvis_render_white.green);
  g_assert_cmpfloat (fine.blue, ==, msvis_render_white.blue);
  g_assert_false (fine.red == msvis_render_unmatched_grey.red
                  && fine.green == msvis_render_unmatched_grey.green);
  /* #4668B8 */
  g_assert_cmpfloat_with_epsilon (critical.red, 0x46 / 255., 1e-9);
  g_assert_cmpfloat_with_epsilon (critical.blue, 0xB8 / 255., 1e-9);
}

static void
test_scenes (void)
{
  g_assert_cmpint (level_of ("Tensor.add.0.forward",
                             "{\"input_args\": [" FINE "], \"output\": [" INF "]}"),
                   ==, MSVIS_OVERFLOW_CRITICAL);
  g_assert_cmpint (level_of ("Tensor.add.0.forward",
                             "{\"input_args\": [" INF "], \"output\": [" INF "]}"),
                   ==, MSVIS_OVERFLOW_HIGH);
  g_assert_cmpint (level_of ("Tensor.add.0.forward",
                             "{\"input_args\": [" INF "], \"output\": [" FINE "]}"),
                   ==, MSVIS_OVERFLOW_MEDIUM);
  /* Backward entries have "input" instead of "input_args". */
  g_assert_cmpint (level_of ("Tensor.add.0.backward",
                             "{\"input\": [" INF "], \"output\": [" FINE "]}"),
                   ==, MSVIS_OVERFLOW_MEDIUM);
  /* A kwarg counts; a list is searched at any depth; a dict inside a dict is not. */
  g_assert_cmpint (level_of ("Tensor.add.0.forward",
                             "{\"input_kwargs\": {\"x\": " INF "}, \"output\": [" FINE "]}"),
                   ==, MSVIS_OVERFLOW_MEDIUM);
  g_assert_cmpint (level_of ("Tensor.add.0.forward",
                             "{\"input_args\": [[[" INF "]]], \"output\": [" FINE "]}"),
                   ==, MSVIS_OVERFLOW_MEDIUM);
  g_assert_cmpint (level_of ("Tensor.add.0.forward",
                             "{\"input_args\": [{\"tensor\": " INF "}], \"output\": [" FINE "]}"),
                   ==, MSVIS_OVERFLOW_NONE);
  /* Strings count too, in any case; Norm alone does not. */
  g_assert_cmpint (level_of ("Tensor.add.0.forward",
                             "{\"input_args\": [" FINE "], \"output\": [{\"Max\": \"-INF\"}]}"),
                   ==, MSVIS_OVERFLOW_CRITICAL);
  g_assert_cmpint (level_of ("Tensor.add.0.forward",
                             "{\"input_args\": [" FINE "], \"output\": [{\"Norm\": NaN}]}"),
                   ==, MSVIS_OVERFLOW_NONE);
}

static void
test_numerical_mutation (void)
{
  g_assert_cmpint (level_of ("Tensor.mul.0.forward",
                             "{\"input_args\": [" FINE "], \"output\": [" BIG "]}"),
                   ==, MSVIS_OVERFLOW_HIGH);
  g_assert_cmpint (level_of ("Tensor.mul.0.forward",
                             "{\"input_args\": [" FINE "], \"output\": [" FINE "]}"),
                   ==, MSVIS_OVERFLOW_NONE);
  /* MindSpore tensors never count for mutation. */
  g_assert_cmpint (level_of ("Tensor.mul.0.forward",
                             "{\"input_args\": [{\"type\": \"mindspore.Tensor\", \"Norm\": 1.0}],"
                             " \"output\": [{\"type\": \"mindspore.Tensor\", \"Norm\": 1000.0}]}"),
                   ==, MSVIS_OVERFLOW_NONE);
}

static void
test_ignore_rules (void)
{
  /* torch.empty's output is uninitialised memory */
  g_assert_cmpint (level_of ("Torch.empty.0.forward",
                             "{\"input_args\": [], \"output\": [" INF "]}"),
                   ==, MSVIS_OVERFLOW_NONE);
  g_assert_cmpint (level_of ("Torch.empty.0.forward",
                             "{\"input_args\": [], \"output\": [" FINE ", " INF "]}"),
                   ==, MSVIS_OVERFLOW_CRITICAL);
  /* A rule about inputs does not look at outputs at all. */
  g_assert_cmpint (level_of ("Distributed.all_gather.0.forward",
                             "{\"input_args\": [" INF "], \"output\": [" INF "]}"),
                   ==, MSVIS_OVERFLOW_NONE);
  g_assert_cmpint (level_of ("Distributed.all_gather.0.forward",
                             "{\"input_args\": [" FINE ", " INF "], \"output\": []}"),
                   ==, MSVIS_OVERFLOW_MEDIUM);
  g_assert_cmpint (level_of ("Distributed.recv.0.forward",
                             "{\"input_args\": [], \"input_kwargs\": {\"tensor\": " INF "},"
                             " \"output\": []}"),
                   ==, MSVIS_OVERFLOW_NONE);
  g_assert_cmpint (level_of ("Distributed.recv.0.forward",
                             "{\"input_args\": [], \"input_kwargs\": {\"other\": " INF "},"
                             " \"output\": []}"),
                   ==, MSVIS_OVERFLOW_MEDIUM);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/overflow/scenes", test_scenes);
  g_test_add_func ("/overflow/numerical-mutation", test_numerical_mutation);
  g_test_add_func ("/overflow/ignore-rules", test_ignore_rules);
  g_test_add_func ("/overflow/fills", test_fills);

  return g_test_run ();
}
