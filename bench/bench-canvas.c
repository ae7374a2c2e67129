// SPDX-License-Identifier: GPL-3.0-or-later
//
// bench-canvas: how long opening a container of 2,000 children takes (the layout engine alone,
// then through MsvisGraphCanvas until the layout is applied and until a frame shows it), and
// how long a frame takes with 10,000 boxes zoomed to fit (uncached after a zoom, cached after a
// scroll), printed next to a CPU baseline measured in the same run on the same thread (a qsort
// of 1,000,000 doubles), since the machine is shared and noisy. A benchmark, not a test: it
// prints, and exits 0 when a target is missed (1 only on errors).
//
// Under Xvfb, GTK's GL renderer runs on Mesa's llvmpipe: a frame's rendering is CPU work there,
// paid per pixel drawn, which a real GPU does not charge.
//
//   bench/bench-canvas.sh _build-bench/bench/msvis-bench-canvas [--runs N] [--frames N]

#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msvis-graph-canvas.h"
#include "msvis-layout-engine.h"
#include "msvis-vis-document.h"

#include "bench-figures.h"

#define EXPAND_TARGET_MS   100.
#define FRAME_TARGET_MS    16.
#define TIMEOUT_S          60
#define ZOOM_WIGGLE        1.002 /* a zoom change that drops the draw cache but keeps the view */
#define SCROLL_STEP        20.   /* widget pixels: mostly inside the tiles drawn already */

static int opt_runs = 7;
static int opt_frames = 30;
static int opt_children = 2000;
static int opt_boxes = 10000;
static int opt_width = 1280;
static int opt_height = 800;
static int opt_tall_height = -1;
static char *opt_only = NULL;

static const GOptionEntry options[] = {
  { "runs", 'r', 0, G_OPTION_ARG_INT, &opt_runs, "Expansions of each kind (default 7)", "N" },
  { "frames", 'f', 0, G_OPTION_ARG_INT, &opt_frames, "Frames of each kind (default 30)", "N" },
  { "children", 'c', 0, G_OPTION_ARG_INT, &opt_children,
    "Children of each container opened (default 2000)", "N" },
  { "boxes", 'b', 0, G_OPTION_ARG_INT, &opt_boxes,
    "Leaves of the container drawn (default 10000)", "N" },
  { "width", 'W', 0, G_OPTION_ARG_INT, &opt_width, "Window width (default 1280)", "PX" },
  { "height", 'H', 0, G_OPTION_ARG_INT, &opt_height, "Window height (default 800)", "PX" },
  { "tall-height", 'T', 0, G_OPTION_ARG_INT, &opt_tall_height,
    "Height of a second window for the boxes zoomed to fit; 0 skips it (default: tall enough "
    "to show every box)", "PX" },
  { "only", 'o', 0, G_OPTION_ARG_STRING, &opt_only,
    "Run one part, for a profiler: engine, canvas or frames", "PART" },
  { NULL }
};

/* ---------------------------------------------------------------------------------------- */
/* Graphs */

static const char *const api_names[] = {
  "Torch.matmul", "Tensor.__add__", "Functional.linear", "Torch.softmax",
  "NPU.npu_fusion_attention", "Functional.dropout", "Tensor.view", "Torch.layer_norm",
};

/* A module of @n_leaves API calls with msprobe-like ids, overflow levels in turn so that
 * the overflow view gives several fills. */
static MsvisNodeId
add_container (MsvisGraph *graph,
               const char *id,
               guint       n_leaves,
               guint      *serial)
{
  MsvisNodeId module = msvis_graph_add_node (graph, MSVIS_NODE_MODULE, id);

  msvis_graph_node_attach (graph, module, msvis_graph_get_root (graph));
  for (guint l = 0; l < n_leaves; l++, (*serial)++)
    {
      g_autofree char *leaf_id = g_strdup_printf ("%s.%u.forward",
                                                  api_names[*serial % G_N_ELEMENTS (api_names)],
                                                  *serial);
      MsvisNodeId leaf = msvis_graph_add_node (graph, MSVIS_NODE_API, leaf_id);

      msvis_graph_node_attach (graph, leaf, module);
      msvis_graph_node_set_overflow (graph, leaf, (*serial / 7) % 4);
    }
  return module;
}

/* The root holds @n_containers modules of @n_leaves each. */
static MsvisVisDocument *
make_document (guint   n_containers,
               guint   n_leaves,
               GArray *containers)
{
  MsvisVisDocument *doc = msvis_vis_document_new ();
  guint serial = 0;

  msvis_vis_document_set_graphs (doc, msvis_graph_new (), NULL);
  for (guint m = 0; m < n_containers; m++)
    {
      g_autofree char *id = g_strdup_printf ("Module.model.layers.%u.DecoderLayer.forward.0", m);
      MsvisNodeId module = add_container (msvis_vis_document_get_npu (doc), id, n_leaves, &serial);

      g_array_append_val (containers, module);
    }
  return doc;
}

/* ---------------------------------------------------------------------------------------- */
/* The main loop */

static gboolean
deadline_cb (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
spin_until (gboolean  (*done) (gpointer data),
            gpointer    data,
            const char *what)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (TIMEOUT_S, deadline_cb, &timed_out);

  while (!done (data))
    {
      if (timed_out)
        {
          g_printerr ("bench-canvas: gave up waiting for %s\n", what);
          exit (1);
        }
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (id);
}

/* ---------------------------------------------------------------------------------------- */
/* Expanding: the layout engine alone */

typedef struct
{
  MsvisLayout *layout;
  GError      *error;
  gboolean     done;
} AsyncRun;

static void
async_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  AsyncRun *run = user_data;

  run->layout = msvis_layout_engine_run_finish (result, &run->error);
  run->done = TRUE;
}

static gboolean
async_finished (gpointer data)
{
  return ((AsyncRun *)data)->done;
}

/* @async: on the layout thread, as the canvas runs it, the main loop waiting for the result */
static MsvisLayout *
run_engine (MsvisLayoutEngine *engine,
            GHashTable        *expanded,
            gboolean           async)
{
  AsyncRun run = { 0 };

  if (async)
    {
      msvis_layout_engine_run_async (engine, expanded, -1, NULL, async_done_cb, &run);
      spin_until (async_finished, &run, "the layout thread");
    }
  else
    run.layout = msvis_layout_engine_run (engine, expanded, -1, NULL, &run.error);
  if (run.layout == NULL)
    {
      g_printerr ("bench-canvas: layout failed: %s\n", run.error->message);
      exit (1);
    }
  return run.layout;
}

static double
timed_engine_run (MsvisLayoutEngine *engine,
                  GHashTable        *expanded,
                  gboolean           async,
                  MsvisNodeId        must_show)
{
  double t0 = bench_now_ms (), ms;
  g_autoptr(MsvisLayout) layout = run_engine (engine, expanded, async);

  ms = bench_now_ms () - t0;
  g_assert (msvis_layout_lookup (layout, must_show) != NULL);
  return ms;
}

/* Cold: each run opens another container, whose chunks this engine has never placed. Warm: the
 * same container again after closing it, so its chunks come from the cache. */
static void
bench_expand_engine (MsvisVisDocument *doc,
                     GArray           *containers,
                     gboolean          async)
{
  g_autoptr(MsvisLayoutEngine) engine = msvis_layout_engine_new (msvis_vis_document_get_npu (doc));
  g_autoptr(GHashTable) expanded = g_hash_table_new (NULL, NULL);
  const char *how = async ? "engine run_async + main loop" : "engine run (sync)";
  BenchFigure *cold = bench_figure_new (EXPAND_TARGET_MS, "expand %d: %s, cold", opt_children, how);
  BenchFigure *warm = bench_figure_new (EXPAND_TARGET_MS, "expand %d: %s, warm", opt_children, how);

  msvis_layout_unref (run_engine (engine, expanded, async));   /* graphviz, the root */
  for (guint i = 0; i < containers->len; i++)
    {
      MsvisNodeId module = g_array_index (containers, MsvisNodeId, i);
      MsvisNodeId first = msvis_graph_node_get_first_child (msvis_vis_document_get_npu (doc),
                                                            module);

      g_hash_table_add (expanded, GUINT_TO_POINTER (module));
      bench_figure_add (cold, timed_engine_run (engine, expanded, async, first));
      g_hash_table_remove (expanded, GUINT_TO_POINTER (module));
      msvis_layout_unref (run_engine (engine, expanded, async));
      g_hash_table_add (expanded, GUINT_TO_POINTER (module));
      bench_figure_add (warm, timed_engine_run (engine, expanded, async, first));
      g_hash_table_remove (expanded, GUINT_TO_POINTER (module));
      msvis_layout_unref (run_engine (engine, expanded, async));
    }
}

/* ---------------------------------------------------------------------------------------- */
/* A canvas in a window */

typedef struct
{
  GtkWidget        *window;
  GtkWidget        *scroller;
  MsvisGraphCanvas *canvas;
  GdkFrameClock    *clock;
  guint             n_painted;
  double            paint_start;      /* before-paint of the frame under way */
  double            frame_start;      /* before-paint of the last finished frame */
  double            frame_end;        /* its after-paint */
  double            wanted_after;     /* wait_frame_after()'s argument */
  double            scroll_base;      /* make_change() scrolls away from it and back */
  /* Watches the canvas's layout for a node to appear (or go) */
  gboolean          watch_armed;
  MsvisNodeId       watch_node;
  gboolean          watch_shown;
  double            watch_time;
} View;

static gboolean
node_shown (View        *view,
            MsvisNodeId  node)
{
  MsvisLayout *layout = msvis_graph_canvas_get_layout (view->canvas);

  return layout != NULL && msvis_layout_lookup (layout, node) != NULL;
}

/* The canvas emits ::view-changed when it applies a layout: the moment the expansion is in. */
static void
view_changed_cb (MsvisGraphCanvas *canvas,
                 View             *view)
{
  if (view->watch_armed && node_shown (view, view->watch_node) == view->watch_shown)
    {
      view->watch_time = bench_now_ms ();
      view->watch_armed = FALSE;
    }
}

static void
before_paint_cb (GdkFrameClock *clock,
                 View          *view)
{
  view->paint_start = bench_now_ms ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                View          *view)
{
  view->frame_start = view->paint_start;
  view->frame_end = bench_now_ms ();
  view->n_painted++;
}

static gboolean
watch_done (gpointer data)
{
  return !((View *)data)->watch_armed;
}

static gboolean
realized (gpointer data)
{
  View *view = data;

  return gtk_widget_get_mapped (GTK_WIDGET (view->canvas))
         && msvis_graph_canvas_get_layout (view->canvas) != NULL && view->clock != NULL;
}

static gboolean
frame_after_wanted (gpointer data)
{
  View *view = data;

  return view->n_painted > 0 && view->frame_start >= view->wanted_after;
}

/* Waits for a frame that began after @t (ms) to finish. Whatever queued a draw before @t is
 * drawn by it: the frame clock starts a frame only after being asked. */
static void
wait_frame_after (View   *view,
                  double  t)
{
  view->wanted_after = t;
  spin_until (frame_after_wanted, view, "a frame");
}

static void
realize_cb (GtkWidget *window,
            View      *view)
{
  view->clock = gtk_widget_get_frame_clock (window);
  g_signal_connect (view->clock, "before-paint", G_CALLBACK (before_paint_cb), view);
  g_signal_connect (view->clock, "after-paint", G_CALLBACK (after_paint_cb), view);
}

static View *
view_new (MsvisVisDocument *doc,
          int               width,
          int               height)
{
  View *view = g_new0 (View, 1);
  GtkWidget *scroller = view->scroller = gtk_scrolled_window_new ();

  view->window = gtk_window_new ();
  view->canvas = MSVIS_GRAPH_CANVAS (msvis_graph_canvas_new ());
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (view->canvas));
  /* A size request, not a default size: GTK clamps a default size to the monitor, and the X
   * server without a window manager lets a window outgrow the screen. */
  gtk_widget_set_size_request (scroller, width, height);
  gtk_window_set_child (GTK_WINDOW (view->window), scroller);
  g_signal_connect (view->window, "realize", G_CALLBACK (realize_cb), view);
  g_signal_connect (view->canvas, "view-changed", G_CALLBACK (view_changed_cb), view);
  msvis_graph_canvas_set_document (view->canvas, doc, FALSE);
  gtk_window_present (GTK_WINDOW (view->window));
  spin_until (realized, view, "the window and the first layout");
  wait_frame_after (view, bench_now_ms ());
  return view;
}

static void
view_free (View *view)
{
  g_signal_handlers_disconnect_by_data (view->clock, view);
  g_signal_handlers_disconnect_by_data (view->canvas, view);
  gtk_window_destroy (GTK_WINDOW (view->window));
  g_free (view);
}

typedef struct
{
  double applied;   /* until the canvas has the new layout */
  double drawn;     /* until the first frame that shows it has finished */
  double paint;     /* that frame's own paint, before-paint to after-paint */
} Expansion;

/* Opens or closes @module through the canvas and waits until a frame has shown it. */
static Expansion
canvas_set_expanded (View        *view,
                     MsvisNodeId  module,
                     gboolean     expanded)
{
  MsvisGraph *graph = msvis_graph_canvas_get_graph (view->canvas);
  Expansion e;
  double t0;

  view->watch_node = msvis_graph_node_get_first_child (graph, module);
  view->watch_shown = expanded;
  view->watch_armed = TRUE;
  t0 = bench_now_ms ();
  msvis_graph_canvas_set_expanded (view->canvas, module, expanded);
  spin_until (watch_done, view, "the new layout");
  wait_frame_after (view, view->watch_time);
  e.applied = view->watch_time - t0;
  e.drawn = view->frame_end - t0;
  e.paint = view->frame_end - view->frame_start;
  return e;
}

/* ---------------------------------------------------------------------------------------- */
/* Expanding: through the canvas (layout thread, then the main loop applies it and draws) */

typedef struct
{
  BenchFigure *applied;
  BenchFigure *drawn;
  BenchFigure *paint;
} ExpandFigures;

static void
expand_figures_init (ExpandFigures *f,
                     const char    *kind)
{
  f->applied = bench_figure_new (EXPAND_TARGET_MS, "expand %d: canvas, layout applied, %s",
                           opt_children, kind);
  f->drawn = bench_figure_new (0, "expand %d: canvas, its first frame finished, %s",
                         opt_children, kind);
  f->paint = bench_figure_new (0, "expand %d: canvas, that frame's paint alone, %s",
                         opt_children, kind);
}

static void
expand_figures_add (ExpandFigures   *f,
                    const Expansion *e)
{
  bench_figure_add (f->applied, e->applied);
  bench_figure_add (f->drawn, e->drawn);
  bench_figure_add (f->paint, e->paint);
}

static void
bench_expand_canvas (MsvisVisDocument *doc,
                     GArray           *containers)
{
  View *view = view_new (doc, opt_width, opt_height);
  ExpandFigures cold, warm;

  expand_figures_init (&cold, "cold");
  expand_figures_init (&warm, "warm");
  for (guint i = 0; i < containers->len; i++)
    {
      MsvisNodeId module = g_array_index (containers, MsvisNodeId, i);
      Expansion e = canvas_set_expanded (view, module, TRUE);

      expand_figures_add (&cold, &e);
      canvas_set_expanded (view, module, FALSE);
      e = canvas_set_expanded (view, module, TRUE);
      expand_figures_add (&warm, &e);
      canvas_set_expanded (view, module, FALSE);
    }
  printf ("expand %d: canvas %dx%d, zoom %.2f\n", opt_children,
          gtk_widget_get_width (GTK_WIDGET (view->canvas)),
          gtk_widget_get_height (GTK_WIDGET (view->canvas)),
          msvis_graph_canvas_get_zoom (view->canvas));
  view_free (view);
}

/* ---------------------------------------------------------------------------------------- */
/* Frames */

static gboolean
count_box_cb (const MsvisLayoutBox *box,
              gpointer              user_data)
{
  (*(guint *)user_data)++;
  return TRUE;
}

static guint
count_boxes (MsvisLayout     *layout,
             const MsvisRect *area)
{
  guint n = 0;

  msvis_layout_visit (layout, area, count_box_cb, &n);
  return n;
}

static guint
count_render_nodes (GskRenderNode *node)
{
  GskRenderNodeType type = gsk_render_node_get_node_type (node);
  guint n = 1;

  if (type == GSK_CONTAINER_NODE)
    for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
      n += count_render_nodes (gsk_container_node_get_child (node, i));
  else if (type == GSK_CLIP_NODE)
    n += count_render_nodes (gsk_clip_node_get_child (node));
  else if (type == GSK_ROUNDED_CLIP_NODE)
    n += count_render_nodes (gsk_rounded_clip_node_get_child (node));
  else if (type == GSK_TRANSFORM_NODE)
    n += count_render_nodes (gsk_transform_node_get_child (node));
  return n;
}

/* The canvas's own snapshot, as a frame makes it: with an uncached view, the boxes of the
 * tiles in view; with cached tiles, only the hover and selection rings. */
static double
snapshot_canvas (View  *view,
                 guint *n_nodes)
{
  GtkWidget *widget = GTK_WIDGET (view->canvas);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  double t0 = bench_now_ms (), ms;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (snapshot);
  ms = bench_now_ms () - t0;
  if (n_nodes != NULL)
    *n_nodes = node != NULL ? count_render_nodes (node) : 0;
  return ms;
}

typedef enum
{
  CHANGE_ZOOM,     /* drops the draw cache */
  CHANGE_SCROLL,   /* reuses the tiles drawn already */
} Change;

static double
scroll_room (View *view)
{
  GtkAdjustment *v = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view->canvas));

  return gtk_adjustment_get_upper (v) - gtk_adjustment_get_page_size (v);
}

/* Makes frame @k differ from frame k - 1. When the content fits and cannot scroll, only queues
 * a draw: GTK then finds nothing changed and skips the render, a case of its own. */
static void
make_change (View   *view,
             Change  change,
             double  zoom,
             guint   k)
{
  GtkAdjustment *v = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view->canvas));
  double room = scroll_room (view), step = MIN (SCROLL_STEP, room / 2);

  if (change == CHANGE_ZOOM)
    {
      /* From the zoom there is now, which set_zoom() may have rounded: the same value again
       * would change nothing and draw no frame. */
      double now = msvis_graph_canvas_get_zoom (view->canvas);

      msvis_graph_canvas_set_zoom (view->canvas, now > zoom * (1 + ZOOM_WIGGLE) / 2
                                                 ? zoom : zoom * ZOOM_WIGGLE);
    }
  else if (room < 2)
    gtk_widget_queue_draw (GTK_WIDGET (view->canvas));
  else if (k % 2 == 0)
    {
      /* Away and back, so that the view stays over the same tiles; never a value that
       * clamping leaves unchanged, or no frame would be drawn. */
      view->scroll_base = gtk_adjustment_get_value (v);
      gtk_adjustment_set_value (v, view->scroll_base
                                   + (view->scroll_base + step <= room ? step : -step));
    }
  else
    gtk_adjustment_set_value (v, view->scroll_base);
}

typedef struct
{
  BenchFigure *snapshot;
  BenchFigure *real;
} FrameFigures;

static void
frame_figures_init (FrameFigures *f,
                    const char   *tag,
                    const char   *kind,
                    double        target)
{
  f->snapshot = bench_figure_new (0, "%s, %s: canvas snapshot", tag, kind);
  f->real = bench_figure_new (target, "%s, %s: real frame", tag, kind);
}

/* First the canvas's snapshot alone, offscreen; then real frames, timed by the frame clock
 * from before-paint to after-paint: style, layout, every widget's snapshot, GL render, swap. */
static void
measure_frames (View         *view,
                Change        change,
                double        zoom,
                FrameFigures *out)
{
  for (int k = 0; k < opt_frames; k++)
    {
      make_change (view, change, zoom, k);
      bench_figure_add (out->snapshot, snapshot_canvas (view, NULL));
      wait_frame_after (view, bench_now_ms ());   /* let GTK draw what changed, unmeasured */
    }
  for (int k = 0; k < opt_frames; k++)
    {
      double t = bench_now_ms ();

      make_change (view, change, zoom, k);
      wait_frame_after (view, t);
      bench_figure_add (out->real, view->frame_end - view->frame_start);
    }
}

static guint
boxes_in_view (View *view)
{
  MsvisRect area;

  msvis_graph_canvas_get_view (view->canvas, &area);
  return count_boxes (msvis_graph_canvas_get_layout (view->canvas), &area);
}

static void
print_frame_setup (View       *view,
                   const char *tag)
{
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (view->window));
  double zoom = msvis_graph_canvas_get_zoom (view->canvas);
  guint n_nodes, in_view = boxes_in_view (view), scrolled = in_view;

  if (scroll_room (view) >= 2)
    {
      make_change (view, CHANGE_SCROLL, zoom, 0);
      scrolled = boxes_in_view (view);
      make_change (view, CHANGE_SCROLL, zoom, 1);
    }
  msvis_graph_canvas_set_zoom (view->canvas, zoom * ZOOM_WIGGLE);
  snapshot_canvas (view, &n_nodes);
  msvis_graph_canvas_set_zoom (view->canvas, zoom);
  printf ("%s: %s; boxes in view %u (%u scrolled); %u render nodes uncached\n", tag,
          G_OBJECT_TYPE_NAME (renderer), in_view, scrolled, n_nodes);
  wait_frame_after (view, bench_now_ms ());
}

/* The window height at which the canvas, zoomed out as far as it goes, shows the whole layout
 * with a little room to scroll: the canvas's 24 px margins do not quite fit. */
static int
height_to_show_all (View *view)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (view->canvas), "zoom");
  double min_zoom = G_PARAM_SPEC_DOUBLE (pspec)->minimum;
  MsvisRect bounds = msvis_layout_get_bounds (msvis_graph_canvas_get_layout (view->canvas));

  return (int)ceil (bounds.height * min_zoom) + 24;
}

/* Frames of @doc with @module open (or only the root: a frame's fixed cost), at zoom 1 or
 * zoomed to fit; @height -1: tall enough for every box. The real frames of @fit get the
 * 16 ms target. */
static void
bench_frames (MsvisVisDocument *doc,
              MsvisNodeId       module,
              int               width,
              int               height,
              gboolean          fit,
              const char       *what)
{
  View *view = view_new (doc, width, height < 0 ? opt_height : height);
  g_autofree char *tag = NULL;
  FrameFigures f;
  double zoom;

  msvis_graph_canvas_set_overflow_mode (view->canvas, TRUE);
  if (module != MSVIS_NODE_ID_NONE)
    canvas_set_expanded (view, module, TRUE);
  if (height < 0)
    {
      gtk_widget_set_size_request (view->scroller, width, height_to_show_all (view));
      wait_frame_after (view, bench_now_ms ());
    }
  if (fit)
    {
      msvis_graph_canvas_zoom_to_fit (view->canvas);
      wait_frame_after (view, bench_now_ms ());
    }
  zoom = msvis_graph_canvas_get_zoom (view->canvas);
  tag = g_strdup_printf ("frame %dx%d z%.3f %s", gtk_widget_get_width (GTK_WIDGET (view->canvas)),
                         gtk_widget_get_height (GTK_WIDGET (view->canvas)), zoom, what);
  print_frame_setup (view, tag);

  frame_figures_init (&f, tag, "uncached", fit ? FRAME_TARGET_MS : 0);
  measure_frames (view, CHANGE_ZOOM, zoom, &f);
  if (module != MSVIS_NODE_ID_NONE)
    {
      frame_figures_init (&f, tag, scroll_room (view) >= 2 ? "cached scroll" : "cached redraw",
                          fit ? FRAME_TARGET_MS : 0);
      measure_frames (view, CHANGE_SCROLL, zoom, &f);
    }
  view_free (view);
}

/* ---------------------------------------------------------------------------------------- */

static gboolean
wanted (const char *part)
{
  return opt_only == NULL || g_str_equal (opt_only, part);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) containers = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autoptr(GArray) frame_containers = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  MsvisVisDocument *expand_doc, *frame_doc;

  g_option_context_set_summary (context, "Prints how long the canvas takes to open a big "
                                "container and to draw 10,000 boxes, next to a CPU baseline.");
  g_option_context_add_main_entries (context, options, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("bench-canvas: %s\n", error->message);
      return 1;
    }
  if (opt_runs < 1 || opt_frames < 2 || opt_children < 1 || opt_boxes < 1)
    {
      g_printerr ("bench-canvas: --runs, --children and --boxes must be at least 1, "
                  "--frames at least 2\n");
      return 1;
    }
  /* Without it GTK looks for the accessibility bus, which a headless run lacks. */
  g_setenv ("GTK_A11Y", "none", FALSE);
  if (!gtk_init_check ())
    {
      g_printerr ("bench-canvas: no display; run it under xvfb-run (bench/bench-canvas.sh)\n");
      return 1;
    }
  adw_init ();
  bench_figures_init ();

  printf ("bench-canvas: GTK %u.%u.%u, libadwaita %u.%u.%u, %u CPUs\n", gtk_get_major_version (),
          gtk_get_minor_version (), gtk_get_micro_version (), adw_get_major_version (),
          adw_get_minor_version (), adw_get_micro_version (), g_get_num_processors ());
  expand_doc = make_document (opt_runs, opt_children, containers);
  frame_doc = make_document (1, opt_boxes, frame_containers);

  for (int i = 0; i < 3; i++)
    bench_run_baseline ();
  if (wanted ("engine"))
    {
      bench_expand_engine (expand_doc, containers, FALSE);
      bench_run_baseline ();
      bench_expand_engine (expand_doc, containers, TRUE);
      bench_run_baseline ();
    }
  if (wanted ("canvas"))
    {
      bench_expand_canvas (expand_doc, containers);
      bench_run_baseline ();
    }
  if (wanted ("frames"))
    {
      g_autofree char *leaves = g_strdup_printf ("%d leaves", opt_boxes);
      g_autofree char *children = g_strdup_printf ("%d leaves", opt_children);
      MsvisNodeId big = g_array_index (frame_containers, MsvisNodeId, 0);

      bench_frames (frame_doc, MSVIS_NODE_ID_NONE, opt_width, opt_height, FALSE, "root only");
      bench_frames (frame_doc, big, opt_width, opt_height, TRUE, leaves);
      bench_run_baseline ();
      bench_frames (expand_doc, g_array_index (containers, MsvisNodeId, 0), opt_width,
                    opt_height, FALSE, children);
      bench_run_baseline ();
      if (opt_tall_height != 0)
        {
          bench_frames (frame_doc, big, opt_width, opt_tall_height, TRUE, leaves);
          bench_run_baseline ();
        }
    }
  bench_print_report (EXPAND_TARGET_MS, FRAME_TARGET_MS);

  msvis_vis_document_unref (expand_doc);
  msvis_vis_document_unref (frame_doc);
  bench_figures_clear ();
  return 0;
}
