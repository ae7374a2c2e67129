// SPDX-License-Identifier: GPL-3.0-or-later
//
// bench-expand-all: how long Expand All takes on a big compare (issue 25: under 2 s on the
// 93,930-node one): the layout engine alone on each side, then through the compare view
// until both sides show the new layout; and Expand to Errors the same way. Printed next to a
// CPU baseline measured in the same run (bench-figures.c), since the machine is shared and
// noisy. A benchmark, not a test: it exits 0 when a target is missed (1 only on errors).
//
//   msvis-gen-dump --entries 94000 npu; msvis-gen-dump --entries 94000 --perturb 0.01
//     --perturb-from 0.6 bench; msvis graph -i compare.json -o out
//   bench/bench-canvas.sh _build/bench/msvis-bench-expand-all out/compare_*.vis [--runs N]

#include "config.h"

#include <adwaita.h>
#include <stdio.h>

#include "msvis-compare-view.h"
#include "msvis-layout-engine.h"
#include "msvis-vis-document.h"
#include "msvis-vis-reader.h"

#include "bench-figures.h"

#define EXPAND_ALL_TARGET_MS 2000.
#define TIMEOUT_S            120

static int opt_runs = 3;

static const GOptionEntry options[] = {
  { "runs", 'r', 0, G_OPTION_ARG_INT, &opt_runs, "Runs of each kind (default 3)", "N" },
  { NULL }
};

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Spins until both sides show a layout other than the ones given. */
static gboolean
wait_relaid (MsvisCompareView *view,
             MsvisLayout      *npu_old,
             MsvisLayout      *bench_old)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (TIMEOUT_S, timeout_cb, &timed_out);

  while (!timed_out
         && (msvis_graph_canvas_get_layout (msvis_compare_view_get_canvas (view, FALSE)) == npu_old
             || msvis_graph_canvas_get_layout (msvis_compare_view_get_canvas (view, TRUE))
                == bench_old))
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return !timed_out;
}

static void
bench_engine (MsvisVisDocument *doc,
              gboolean          bench)
{
  MsvisGraph *graph = msvis_vis_document_get_graph (doc, bench);
  g_autoptr(GHashTable) expanded = g_hash_table_new (NULL, NULL);
  BenchFigure *f = bench_figure_new (0, "layout engine, all %u nodes open (%s)",
                                     msvis_graph_get_n_nodes (graph), bench ? "Bench" : "NPU");

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    if (msvis_graph_node_get_n_children (graph, node) > 0)
      g_hash_table_add (expanded, GUINT_TO_POINTER (node));
  for (int run = 0; run < opt_runs; run++)
    {
      g_autoptr(MsvisLayoutEngine) engine = msvis_layout_engine_new (graph);
      g_autoptr(GError) error = NULL;
      g_autoptr(MsvisLayout) layout = NULL;
      double t0 = bench_now_ms ();

      layout = msvis_layout_engine_run (engine, expanded, -1, NULL, &error);
      if (layout == NULL)
        g_error ("layout: %s", error->message);
      bench_figure_add (f, bench_now_ms () - t0);
    }
}

typedef void (*CanvasFunc) (MsvisGraphCanvas *canvas);

static void
bench_view (MsvisVisDocument *doc,
            CanvasFunc        open,
            const char       *what,
            double            target)
{
  BenchFigure *f = bench_figure_new (target, "%s, both sides shown", what);

  for (int run = 0; run < opt_runs; run++)
    {
      GtkWidget *window = gtk_window_new ();
      MsvisCompareView *view = MSVIS_COMPARE_VIEW (msvis_compare_view_new ());
      MsvisGraphCanvas *npu = msvis_compare_view_get_canvas (view, FALSE);
      MsvisGraphCanvas *bench = msvis_compare_view_get_canvas (view, TRUE);
      double t0;

      gtk_window_set_default_size (GTK_WINDOW (window), 1600, 1000);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
      msvis_compare_view_set_document (view, doc);
      gtk_window_present (GTK_WINDOW (window));
      if (!wait_relaid (view, NULL, NULL))
        g_error ("the first layout did not come in %d s", TIMEOUT_S);
      t0 = bench_now_ms ();
      open (npu);
      open (bench);
      if (!wait_relaid (view, msvis_graph_canvas_get_layout (npu),
                        msvis_graph_canvas_get_layout (bench)))
        g_error ("%s did not finish in %d s", what, TIMEOUT_S);
      bench_figure_add (f, bench_now_ms () - t0);
      gtk_window_destroy (GTK_WINDOW (window));
      bench_run_baseline ();
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.vis");
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisVisDocument *doc;

  g_option_context_add_main_entries (context, options, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2 || opt_runs < 1)
    {
      g_printerr ("bench-expand-all: %s\n", error ? error->message
                                                  : "give one compare .vis, --runs at least 1");
      return 1;
    }
  g_setenv ("GTK_A11Y", "none", FALSE);
  if (!gtk_init_check ())
    {
      g_printerr ("bench-expand-all: no display; run it under xvfb-run (bench/bench-canvas.sh)\n");
      return 1;
    }
  adw_init ();
  bench_figures_init ();
  file = g_file_new_for_commandline_arg (argv[1]);
  doc = msvis_vis_read (file, MSVIS_VIS_READ_DEFAULT, NULL, &error);
  if (doc == NULL || msvis_vis_document_get_bench (doc) == NULL)
    {
      g_printerr ("bench-expand-all: %s: %s\n", argv[1],
                  error ? error->message : "not a compare");
      return 1;
    }
  printf ("bench-expand-all: %s, %u NPU nodes, %u CPUs\n", argv[1],
          msvis_graph_get_n_nodes (msvis_vis_document_get_npu (doc)), g_get_num_processors ());
  for (int i = 0; i < 3; i++)
    bench_run_baseline ();
  bench_engine (doc, FALSE);
  bench_engine (doc, TRUE);
  bench_run_baseline ();
  bench_view (doc, msvis_graph_canvas_expand_all, "Expand All", EXPAND_ALL_TARGET_MS);
  bench_print_report (EXPAND_ALL_TARGET_MS, 16);
  msvis_vis_document_unref (doc);
  bench_figures_clear ();
  return 0;
}
