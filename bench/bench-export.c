// SPDX-License-Identifier: GPL-3.0-or-later
//
// How long exporting a 10,000-node expanded view takes, as SVG and as PNG, next to the time
// to lay it out, and the peak memory of each; with the CPU baseline of bench-figures.c.

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "bench-figures.h"
#include "msvis-export.h"
#include "msvis-layout-engine.h"

#define MODULES  100
#define LEAVES   99    /* 100 × (1 + 99) nodes, and the root */

static MsvisGraph *
make_graph (void)
{
  MsvisGraph *graph = msvis_graph_new ();

  for (guint m = 0; m < MODULES; m++)
    {
      g_autofree char *name = g_strdup_printf ("Module.layers.%u.Block.forward.0", m);
      MsvisNodeId module = msvis_graph_add_node (graph, MSVIS_NODE_MODULE, name);

      msvis_graph_node_attach (graph, module, msvis_graph_get_root (graph));
      for (guint l = 0; l < LEAVES; l++)
        {
          g_autofree char *leaf = g_strdup_printf ("Torch.matmul.%u.forward", m * 1000 + l);

          msvis_graph_node_attach (graph, msvis_graph_add_node (graph, MSVIS_NODE_API, leaf),
                                   module);
        }
    }
  return graph;
}

/* The resident-set high-water mark since the last reset, in MB (Linux). */
static void
reset_peak (void)
{
  FILE *f = fopen ("/proc/self/clear_refs", "w");

  if (f != NULL)
    {
      fputs ("5", f);
      fclose (f);
    }
}

static double
peak_mb (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || !(line = strstr (status, "VmHWM:")))
    return 0;
  return g_ascii_strtod (line + 6, NULL) / 1024.;
}

static MsvisExportScene *
make_scene (MsvisLayout *layout,
            guint        n_nodes)
{
  MsvisExportScene *scene = msvis_export_scene_new ("bench", "Build");
  g_autofree MsvisRgba *fills = g_new (MsvisRgba, n_nodes);

  for (guint i = 0; i < n_nodes; i++)
    fills[i] = i % 7 == 0 ? (MsvisRgba) { 1, 0.44, 0.33, 1 } : msvis_render_white;
  msvis_export_scene_add_side (scene, "NPU", layout, fills, n_nodes, NULL);
  return scene;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(MsvisGraph) graph = make_graph ();
  g_autoptr(GHashTable) expanded = g_hash_table_new (NULL, NULL);
  g_autofree char *dir = g_dir_make_tmp ("msvis-bench-export-XXXXXX", NULL);
  guint runs = argc > 1 ? (guint) atoi (argv[1]) : 3;
  guint n = msvis_graph_get_n_nodes (graph);
  BenchFigure *layout_ms, *svg_ms, *png_ms;
  double rss[3] = { 0 };

  bench_figures_init ();
  layout_ms = bench_figure_new (0, "lay out %u nodes, all open (cold)", n);
  svg_ms = bench_figure_new (0, "export them as SVG");
  png_ms = bench_figure_new (0, "export them as PNG");
  for (MsvisNodeId node = 0; node < n; node++)
    if (msvis_graph_node_get_n_children (graph, node) > 0)
      g_hash_table_add (expanded, GUINT_TO_POINTER (node));

  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(MsvisLayoutEngine) engine = msvis_layout_engine_new (graph);
      g_autoptr(MsvisLayout) layout = NULL;
      g_autoptr(MsvisExportScene) svg = NULL, png = NULL;
      g_autofree char *svg_path = g_strdup_printf ("%s/%u.svg", dir, r);
      g_autofree char *png_path = g_strdup_printf ("%s/%u.png", dir, r);
      g_autoptr(GError) error = NULL;
      guint64 w, h;
      double t;

      bench_run_baseline ();
      reset_peak ();
      t = bench_now_ms ();
      layout = msvis_layout_engine_run (engine, expanded, -1, NULL, &error);
      g_assert_no_error (error);
      bench_figure_add (layout_ms, bench_now_ms () - t);
      rss[0] = MAX (rss[0], peak_mb ());

      reset_peak ();
      t = bench_now_ms ();
      svg = make_scene (layout, n);
      msvis_export_scene_write (svg, svg_path, MSVIS_EXPORT_SVG, MSVIS_SAFE_FILE_DEFAULT, NULL,
                                &error);
      g_assert_no_error (error);
      bench_figure_add (svg_ms, bench_now_ms () - t);
      rss[1] = MAX (rss[1], peak_mb ());

      reset_peak ();
      t = bench_now_ms ();
      png = make_scene (layout, n);
      msvis_export_scene_write (png, png_path, MSVIS_EXPORT_PNG, MSVIS_SAFE_FILE_DEFAULT, NULL,
                                &error);
      g_assert_no_error (error);
      bench_figure_add (png_ms, bench_now_ms () - t);
      rss[2] = MAX (rss[2], peak_mb ());
      if (r == 0)
        {
          msvis_export_scene_get_size (png, MSVIS_EXPORT_PNG, &w, &h);
          printf ("%u nodes; picture %" G_GUINT64_FORMAT " x %" G_GUINT64_FORMAT " px\n", n, w,
                  h);
        }
      g_unlink (svg_path);
      g_unlink (png_path);
    }
  bench_run_baseline ();
  bench_print_report (0, 0);
  printf ("peak RSS (MB, the process's high-water mark during each step): layout %.0f, "
          "SVG %.0f, PNG %.0f\n", rss[0], rss[1], rss[2]);
  g_rmdir (dir);
  bench_figures_clear ();
  return 0;
}
