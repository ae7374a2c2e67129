// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-comparator.h"
#include "msvis-graph-builder.h"
#include "msvis-py-repr.h"
#include "msvis-test-util.h"

/* msprobe 26's compare on several threads (each worker judges the NPU nodes that fall to it
 * and interns the texts of its rows' messages): the results must be those of one thread. */

#define T(max, norm, md5) \
  "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2, 2], " \
  "\"Max\": " max ", \"Min\": 0.0, \"Mean\": 0.5, \"Norm\": " norm ", " \
  "\"requires_grad\": true, \"md5\": \"" md5 "\"}"

static char *
describe (MsvisGraph *graph)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  GString *out = g_string_new (NULL);

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      MsvisPrecision p = msvis_compare_results_get_precision (results, node);

      g_string_append_printf (out, "%u %d ", node, p.kind);
      msvis_precision_append_repr (out, p);
      g_string_append_c (out, '\n');
    }
  for (guint32 item = 0; item < msvis_graph_get_n_items (graph); item++)
    {
      guint n;
      const MsvisField *fields = msvis_compare_results_get_metrics (results, item, &n);

      for (guint i = 0; i < n; i++)
        {
          g_string_append_printf (out, "%u %s=%u:", item,
                                  msvis_graph_atom_name (graph, fields[i].name), fields[i].kind);
          if (fields[i].kind == MSVIS_VALUE_STR || fields[i].kind == MSVIS_VALUE_OBJECT)
            g_string_append (out, fields[i].s);
          else if (fields[i].kind == MSVIS_VALUE_INT)
            g_string_append_printf (out, "%" G_GINT64_FORMAT, fields[i].i);
          else if (fields[i].kind == MSVIS_VALUE_BOOL)
            g_string_append (out, fields[i].b ? "True" : "False");
          else if (fields[i].kind != MSVIS_VALUE_NONE)
            msvis_py_append_float_repr (out, fields[i].f);
          g_string_append_c (out, '\n');
        }
    }
  return g_string_free (out, FALSE);
}

static MsvisGraph *
build (const char      *dir,
       MsvisDumpHeader *header)
{
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autoptr(GError) error = NULL;
  MsvisBuildOptions options = { .era = MSVIS_ERA_2026, .keep_md5 = TRUE };
  MsvisGraph *graph = msvis_graph_build (file, &options, header, NULL, &error);

  g_assert_no_error (error);
  return graph;
}

static char *
compare (const char *npu_dir,
         const char *bench_dir,
         guint       threads)
{
  MsvisDumpHeader npu_header = { 0 }, bench_header = { 0 };
  g_autoptr(MsvisGraph) npu = build (npu_dir, &npu_header);
  g_autoptr(MsvisGraph) bench = build (bench_dir, &bench_header);
  MsvisCompareOptions options = { .era = MSVIS_ERA_2026, .threads = threads };

  g_assert_true (msvis_compare_mode_from_header (&npu_header, &options.mode));
  msvis_compare_graphs (npu, bench, &options);
  msvis_dump_header_clear (&npu_header);
  msvis_dump_header_clear (&bench_header);
  return describe (npu);
}

static void
write_dumps (const char *dir,
             gboolean    md5)
{
  g_autofree char *npu_dir = g_build_filename (dir, "npu", NULL);
  g_autofree char *bench_dir = g_build_filename (dir, "bench", NULL);
  g_autoptr(GString) construct = g_string_new ("{");
  g_autoptr(GString) npu = g_string_new (NULL), bench = g_string_new (NULL);

  for (guint i = 0; i < 700; i++)
    {
      const char *sep = i ? ", " : "";
      /* drift from the 300th call on, an extra output at every 7th, no 500th on the bench */
      const char *b_norm = i < 300 ? "1.0" : i % 3 ? "1.25" : "1.01";
      const char *b_md5 = i % 5 ? "aa" : "bb";

      g_string_append_printf (construct, "%s\"Torch.add.%u.forward\": null", sep, i);
      g_string_append_printf (npu, "%s\"Torch.add.%u.forward\": {\"input_args\": ["
                              T ("1.0", "1.0", "aa") ", {\"type\": \"int\", \"value\": %u}], "
                              "\"output\": [" T ("1.0", "1.0", "aa") "%s]}", sep, i, i,
                              i % 7 ? "" : ", " T ("Infinity", "1.0", "aa"));
      if (i != 500)
        g_string_append_printf (bench, "%s\"Torch.add.%u.forward\": {\"input_args\": ["
                                T ("1.0", "1.0", "aa") ", {\"type\": \"int\", \"value\": %u}], "
                                "\"output\": [" T ("1.0", "%s", "%s") "]}", sep, i,
                                i % 11 ? i : i + 1, b_norm, b_md5);
    }
  g_string_append_c (construct, '}');
  g_assert_cmpint (g_mkdir_with_parents (npu_dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (bench_dir, 0755), ==, 0);
  msvis_test_write_dump (npu_dir, construct->str, npu->str, NULL);
  msvis_test_write_dump (bench_dir, construct->str, bench->str, NULL);
  if (!md5)
    {
      /* without md5 the dumps are statistics dumps: drop the key */
      for (int side = 0; side < 2; side++)
        {
          g_autofree char *path = g_build_filename (side ? bench_dir : npu_dir, "dump.json",
                                                    NULL);
          g_autofree char *text = NULL;
          g_auto(GStrv) parts = NULL;
          g_autofree char *joined = NULL;

          g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
          parts = g_strsplit (text, ", \"md5\": \"aa\"", -1);
          joined = g_strjoinv ("", parts);
          g_strfreev (parts);
          parts = g_strsplit (joined, ", \"md5\": \"bb\"", -1);
          g_free (joined);
          joined = g_strjoinv ("", parts);
          g_assert_true (g_file_set_contents (path, joined, -1, NULL));
        }
    }
}

static void
test_threads_agree (void)
{
  for (int md5 = 0; md5 <= 1; md5++)
    {
      g_autofree char *dir = msvis_test_make_dir ();
      g_autofree char *npu_dir = g_build_filename (dir, "npu", NULL);
      g_autofree char *bench_dir = g_build_filename (dir, "bench", NULL);
      g_autofree char *one = NULL, *three = NULL;

      write_dumps (dir, md5);
      one = compare (npu_dir, bench_dir, 1);
      three = compare (npu_dir, bench_dir, 3);
      g_assert_cmpstr (one, ==, three);
      /* the judged rows are there: an error with its messages, a warning */
      g_assert_nonnull (strstr (one, md5 ? "Result=4:warning" : "Result=4:error"));
      g_assert_nonnull (strstr (one, md5 ? "The CRC-32 value" : "10 times that of input"));
      msvis_test_remove_tree (dir);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/compare-2026/threads-agree", test_threads_agree);

  return g_test_run ();
}
