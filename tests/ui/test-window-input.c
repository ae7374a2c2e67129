// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <string.h>

#ifdef HAVE_XTEST
#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>

#include "msvis-xtest-test-util.h"
#endif

#include "msvis-application.h"
#include "msvis-compare-view.h"
#include "msvis-minimap.h"
#include "msvis-node-details.h"
#include "msvis-canvas-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The window fed as a user feeds it: real key presses through the X server (GTK 4 has no
 * public way to make a key event; XTest makes the server send them, as a keyboard would),
 * a file dropped on it, and links to nodes of another rank. */

#define STAT   "cmp_stat/compare_20261121191907.vis"
#define RANK0  "cmp_ranks/compare_rank0_20261121191933.vis"

static GtkApplication *app;

static gboolean
is_node_details (GtkWidget     *widget,
                 gconstpointer  data)
{
  return MSVIS_IS_NODE_DETAILS (widget);
}

static MsvisWindow *
new_window (void)
{
  return msvis_window_test_new (app, 1280, 800);
}

static void
open_path (MsvisWindow *window,
           const char  *path)
{
  msvis_window_test_open_path (window, path);
  msvis_ui_test_spin (300);
}

static MsvisNodeId
lookup (MsvisWindow *window,
        gboolean     bench,
        const char  *name)
{
  MsvisGraph *graph = msvis_graph_canvas_get_graph (
    msvis_compare_view_get_canvas (msvis_window_test_compare_view (window), bench));

  return msvis_graph_lookup (graph, name);
}

/* ---------------------------------------------------------------------------------------- */
/* Keys */

#ifdef HAVE_XTEST
typedef struct
{
  GtkWidget *window;
  guint      events;
} Handled;

static void
count_event (GtkEventControllerKey *keys,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             Handled               *handled)
{
  handled->events++;
}

static gboolean
released (gpointer data)
{
  return ((Handled *) data)->events > 0;
}

/* Presses and releases @keyval (a GDK keyval is its X keysym), with Control and Alt held as
 * @mods asks, as the keyboard does; then waits until GTK has handled the release, which comes
 * after the press (on a shared machine, that may take a while). */
static void
press (GtkWidget       *window,
       guint            keyval,
       GdkModifierType  mods)
{
  Display *x = msvis_xtest_display (window);
  KeyCode code = XKeysymToKeycode (x, keyval);
  KeyCode ctrl = XKeysymToKeycode (x, XK_Control_L);
  KeyCode alt = XKeysymToKeycode (x, XK_Alt_L);
  GtkEventController *keys = gtk_event_controller_key_new ();
  Handled handled = { window, 0 };

  /* In the capture phase, before anything can stop the event on its way to the focus. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-released", G_CALLBACK (count_event), &handled);
  gtk_widget_add_controller (window, keys);
  g_assert_cmpuint (code, !=, 0);
  if (mods & GDK_CONTROL_MASK)
    XTestFakeKeyEvent (x, ctrl, True, CurrentTime);
  if (mods & GDK_ALT_MASK)
    XTestFakeKeyEvent (x, alt, True, CurrentTime);
  XTestFakeKeyEvent (x, code, True, CurrentTime);
  XTestFakeKeyEvent (x, code, False, CurrentTime);
  if (mods & GDK_ALT_MASK)
    XTestFakeKeyEvent (x, alt, False, CurrentTime);
  if (mods & GDK_CONTROL_MASK)
    XTestFakeKeyEvent (x, ctrl, False, CurrentTime);
  XFlush (x);
  g_assert_true (msvis_ui_test_spin_until (released, &handled, 10000));
  msvis_ui_test_spin (20);
  gtk_widget_remove_controller (window, keys);
}
#endif

/* Tab goes to the counterpart (the window's shortcut), the arrows walk the graph (the
 * canvas's bindings), Ctrl+Alt+M hides and shows the minimaps (an application accelerator). */
static void
test_keys (void)
{
#ifdef HAVE_XTEST
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisCompareView *view;
  MsvisGraphCanvas *npu, *bench;
  MsvisNodeId node, counterpart;
  gboolean minimap;

  if (!msvis_ui_test_require (STAT, &path))
    return;
  window = new_window ();
  if (msvis_xtest_display (GTK_WIDGET (window)) == NULL)
    {
      g_test_skip ("not an X display with the XTEST extension");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  open_path (window, path);
  view = msvis_window_test_compare_view (window);
  npu = msvis_compare_view_get_canvas (view, FALSE);
  bench = msvis_compare_view_get_canvas (view, TRUE);
  msvis_xtest_focus_window (GTK_WIDGET (window));

  node = lookup (window, FALSE, "Module.fc.Linear.backward.0");
  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  msvis_compare_view_select (view, FALSE, node);
  gtk_widget_grab_focus (GTK_WIDGET (npu));
  msvis_ui_test_spin (300);
  counterpart = msvis_graph_canvas_get_selected (bench);
  g_assert_cmpuint (counterpart, !=, MSVIS_NODE_ID_NONE);

  press (GTK_WIDGET (window), GDK_KEY_Tab, 0);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == GTK_WIDGET (bench));
  g_assert_cmpuint (msvis_graph_canvas_get_selected (bench), ==, counterpart);

  /* Down from a node goes to its next sibling, on the side that has the keys. */
  press (GTK_WIDGET (window), GDK_KEY_Down, 0);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (bench), ==,
                    msvis_graph_node_get_next_sibling (msvis_graph_canvas_get_graph (bench),
                                                       counterpart));
  press (GTK_WIDGET (window), GDK_KEY_Up, 0);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (bench), ==, counterpart);

  press (GTK_WIDGET (window), GDK_KEY_m, GDK_CONTROL_MASK | GDK_ALT_MASK);
  g_object_get (window, "show-minimap", &minimap, NULL);
  g_assert_false (minimap);
  g_assert_false (gtk_widget_get_visible (msvis_compare_view_get_minimap (view, FALSE)));
  press (GTK_WIDGET (window), GDK_KEY_m, GDK_CONTROL_MASK | GDK_ALT_MASK);
  g_object_get (window, "show-minimap", &minimap, NULL);
  g_assert_true (minimap);
  g_assert_true (gtk_widget_get_visible (msvis_compare_view_get_minimap (view, TRUE)));
  gtk_window_destroy (GTK_WINDOW (window));
#else
  g_test_skip ("built without XTest (libxtst-dev): no way to press keys in GTK 4");
#endif
}

/* Ctrl+D goes to the first divergence in the run: on cmp_stat the yellow ReLU called before
 * the red add; Ctrl+Alt+D goes to the first node of the worst colour, the add. */
static void
test_first_divergence_keys (void)
{
#ifdef HAVE_XTEST
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisGraphCanvas *npu;
  MsvisNodeId relu, add;

  if (!msvis_ui_test_require (STAT, &path))
    return;
  window = new_window ();
  if (msvis_xtest_display (GTK_WIDGET (window)) == NULL)
    {
      g_test_skip ("not an X display with the XTEST extension");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  open_path (window, path);
  npu = msvis_compare_view_get_canvas (msvis_window_test_compare_view (window), FALSE);
  msvis_xtest_focus_window (GTK_WIDGET (window));
  relu = lookup (window, FALSE, "Functional.relu.0.forward");
  add = lookup (window, FALSE, "Tensor.__add__.0.forward");
  g_assert_cmpuint (relu, !=, MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (add, !=, MSVIS_NODE_ID_NONE);

  press (GTK_WIDGET (window), GDK_KEY_d, GDK_CONTROL_MASK);
  msvis_ui_test_spin (300);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (npu), ==, relu);
  press (GTK_WIDGET (window), GDK_KEY_d, GDK_CONTROL_MASK | GDK_ALT_MASK);
  msvis_ui_test_spin (300);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (npu), ==, add);
  press (GTK_WIDGET (window), GDK_KEY_d, GDK_CONTROL_MASK);
  msvis_ui_test_spin (300);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (npu), ==, relu);
  gtk_window_destroy (GTK_WINDOW (window));
#else
  g_test_skip ("built without XTest (libxtst-dev): no way to press keys in GTK 4");
#endif
}

#ifdef HAVE_XTEST
typedef struct
{
  MsvisGraphCanvas *canvas;
  MsvisRect         before;
} Moved;

static gboolean
view_moved (gpointer data)
{
  Moved *m = data;
  MsvisRect view;

  msvis_graph_canvas_get_view (m->canvas, &view);
  return fabs (view.y - m->before.y) > 1;
}

/* Clicks at (@x, @y) of @widget with the first button, through the X server. */
static void
click (GtkWidget *widget,
       double     x,
       double     y)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_root (widget));
  Display *display = msvis_xtest_display (window);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  double wx, wy, sx, sy;
  int rx, ry;
  Window child;

  g_assert_true (gtk_widget_translate_coordinates (widget, window, x, y, &wx, &wy));
  gtk_native_get_surface_transform (GTK_NATIVE (window), &sx, &sy);
  XTranslateCoordinates (display, xid, DefaultRootWindow (display), (int) (wx + sx),
                         (int) (wy + sy), &rx, &ry, &child);
  XTestFakeMotionEvent (display, -1, rx, ry, CurrentTime);
  XTestFakeButtonEvent (display, 1, True, CurrentTime);
  XTestFakeButtonEvent (display, 1, False, CurrentTime);
  XFlush (display);
}
#endif

/* A click in the minimap, with the pointer, moves the view there. */
static void
test_minimap_click (void)
{
#ifdef HAVE_XTEST
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisCompareView *view;
  MsvisGraphCanvas *npu;
  GtkWidget *minimap;
  graphene_rect_t viewport;
  MsvisUiTestRelaid relaid;
  Moved moved;

  if (!msvis_ui_test_require (STAT, &path))
    return;
  window = new_window ();
  if (msvis_xtest_display (GTK_WIDGET (window)) == NULL)
    {
      g_test_skip ("not an X display with the XTEST extension");
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  open_path (window, path);
  msvis_xtest_focus_window (GTK_WIDGET (window));
  view = msvis_window_test_compare_view (window);
  npu = msvis_compare_view_get_canvas (view, FALSE);
  minimap = msvis_compare_view_get_minimap (view, FALSE);
  relaid = (MsvisUiTestRelaid) { npu, msvis_graph_canvas_get_layout (npu) };
  msvis_graph_canvas_expand_all (npu);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_relaid, &relaid, 10000));
  msvis_graph_canvas_set_zoom (npu, 1.);
  msvis_graph_canvas_center_on (npu, 0, 0);
  msvis_ui_test_spin (300);
  g_assert_true (msvis_minimap_is_shown (MSVIS_MINIMAP (minimap)));

  /* Near the bottom of the picture: the view goes down the graph. */
  moved.canvas = npu;
  msvis_graph_canvas_get_view (npu, &moved.before);
  click (minimap, gtk_widget_get_width (minimap) / 2., gtk_widget_get_height (minimap) - 8.);
  g_assert_true (msvis_ui_test_spin_until (view_moved, &moved, 5000));
  g_assert_true (msvis_minimap_get_viewport (MSVIS_MINIMAP (minimap), &viewport));
  g_assert_cmpfloat (viewport.origin.y + viewport.size.height, >,
                     gtk_widget_get_height (minimap) * 0.75);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-minimap-click"));
  gtk_window_destroy (GTK_WINDOW (window));
#else
  g_test_skip ("built without XTest (libxtst-dev)");
#endif
}

/* ---------------------------------------------------------------------------------------- */
/* Dropping a file */

static GtkDropTarget *
drop_target_of (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        return GTK_DROP_TARGET (controller);
    }
  return NULL;
}

/* What GtkDropTarget does when a file manager drops files: ::drop with a GdkFileList. */
static gboolean
drop_files (MsvisWindow *window,
            GSList      *files)
{
  GtkDropTarget *target = drop_target_of (GTK_WIDGET (window));
  g_auto(GValue) value = G_VALUE_INIT;
  gboolean accepted = FALSE;
  GType types[1] = { GDK_TYPE_FILE_LIST };
  gsize n_types;

  g_assert_nonnull (target);
  g_assert_cmpint (gtk_drop_target_get_actions (target) & GDK_ACTION_COPY, !=, 0);
  g_assert_true (gtk_drop_target_get_gtypes (target, &n_types)[0] == types[0]);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, gdk_file_list_new_from_list (files));
  g_signal_emit_by_name (target, "drop", &value, 100., 100., &accepted);
  return accepted;
}

static void
test_drop (void)
{
  g_autofree char *path = NULL, *other = NULL;
  g_autoptr(GFile) file = NULL, second = NULL;
  g_autoptr(GSList) files = NULL;
  MsvisWindow *window;

  if (!msvis_ui_test_require (STAT, &path) || !msvis_ui_test_require (RANK0, &other))
    return;
  window = new_window ();
  msvis_ui_test_spin (200);

  /* Nothing in the list: refused, nothing happens. */
  g_assert_false (drop_files (window, NULL));
  g_assert_false (msvis_window_is_loading (window));

  /* Several files: the first is opened. */
  file = g_file_new_for_path (path);
  second = g_file_new_for_path (other);
  files = g_slist_append (g_slist_append (NULL, file), second);
  g_assert_true (drop_files (window, files));
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_ready, window, 10000));
  g_assert_cmpuint (lookup (window, FALSE, "Module.fc.Linear.backward.0"), !=,
                    MSVIS_NODE_ID_NONE);
  g_assert_cmpuint (lookup (window, FALSE, "Distributed.send.0.forward"), ==,
                    MSVIS_NODE_ID_NONE);

  /* A second drop replaces what is open. */
  g_slist_free (g_steal_pointer (&files));
  files = g_slist_append (NULL, second);
  g_assert_true (drop_files (window, files));
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_ready, window, 10000));
  g_assert_cmpuint (lookup (window, FALSE, "Distributed.send.0.forward"), !=,
                    MSVIS_NODE_ID_NONE);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* ---------------------------------------------------------------------------------------- */
/* Links to other ranks */

typedef struct
{
  GtkWidget  *root;
  const char *text;
} Find;

static gboolean
label_shown (gpointer data)
{
  Find *f = data;

  return msvis_ui_test_find_label (f->root, f->text) != NULL;
}

/* Follows the link of the details whose href starts with @needle, as a click does. */
static void
follow_link (GtkWidget  *details,
             const char *needle)
{
  Find find = { details, needle };
  GtkWidget *label;
  const char *markup, *start, *end;
  g_autofree char *uri = NULL;
  gboolean handled = FALSE;

  g_assert_true (msvis_ui_test_spin_until (label_shown, &find, 5000));
  label = msvis_ui_test_find_label (details, needle);
  markup = gtk_label_get_label (GTK_LABEL (label));
  start = strstr (markup, needle);
  end = strchr (start, '"');
  uri = g_strndup (start, end - start);
  g_signal_emit_by_name (label, "activate-link", uri, &handled);
  g_assert_true (handled);
}

typedef struct
{
  MsvisWindow *window;
  const char  *name;
} Selected;

static gboolean
selected_on_rank1 (gpointer data)
{
  Selected *s = data;
  MsvisGraphCanvas *npu =
    msvis_compare_view_get_canvas (msvis_window_test_compare_view (s->window), FALSE);
  MsvisNodeId node = msvis_graph_canvas_get_selected (npu);
  MsvisLayout *layout = msvis_graph_canvas_get_layout (npu);

  return msvis_window_test_ready (s->window) && node != MSVIS_NODE_ID_NONE
         && g_str_equal (msvis_graph_node_get_id (msvis_graph_canvas_get_graph (npu), node),
                         s->name)
         && layout != NULL && msvis_layout_lookup (layout, node) != NULL;
}

static void
test_rank_jump (void)
{
  g_autofree char *path = NULL;
  MsvisWindow *window;
  MsvisCompareView *view;
  GtkWidget *details;
  MsvisGraphCanvas *npu;
  graphene_rect_t area;
  Selected target;
  Find toast;

  if (!msvis_ui_test_require (RANK0, &path))
    return;
  window = new_window ();
  open_path (window, path);
  view = msvis_window_test_compare_view (window);
  npu = msvis_compare_view_get_canvas (view, FALSE);
  details = msvis_ui_test_find_widget (GTK_WIDGET (window), is_node_details, NULL);

  /* Rank 0's send names its peer on rank 1, which the run has: rank 1 is loaded and the peer
   * selected, revealed and in the middle of the view. */
  msvis_compare_view_select (view, FALSE, lookup (window, FALSE, "Distributed.send.0.forward"));
  follow_link (details, "rank:1:");
  target = (Selected) { window, "Distributed.recv.0.forward" };
  g_assert_true (msvis_ui_test_spin_until (selected_on_rank1, &target, 10000));
  g_assert_true (msvis_graph_canvas_node_area (npu, msvis_graph_canvas_get_selected (npu),
                                               &area));
  msvis_ui_test_spin (200);
  g_assert_true (msvis_graph_canvas_node_area (npu, msvis_graph_canvas_get_selected (npu),
                                               &area));
  /* In the middle, as far as the scrolling goes (a small graph does not scroll). */
  g_assert_cmpfloat (area.origin.x, >=, 0);
  g_assert_cmpfloat (area.origin.y, >=, 0);
  g_assert_cmpfloat (area.origin.x + area.size.width, <=, gtk_widget_get_width (GTK_WIDGET (npu)));
  g_assert_cmpfloat (area.origin.y + area.size.height, <=,
                     gtk_widget_get_height (GTK_WIDGET (npu)));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-rank-jump"));

  /* A rank the run does not have, and a node the rank does not have: said in a toast. */
  g_signal_emit_by_name (details, "rank-node-activated", 7, "Distributed.recv.3.forward");
  toast = (Find) { GTK_WIDGET (window), "rank 7" };
  g_assert_true (msvis_ui_test_spin_until (label_shown, &toast, 5000));
  g_assert_nonnull (strstr (gtk_label_get_label (GTK_LABEL (msvis_ui_test_find_label (
                      GTK_WIDGET (window), "rank 7"))), "Distributed.recv.3.forward"));
  g_assert_false (msvis_window_is_loading (window));

  g_signal_emit_by_name (details, "rank-node-activated", 0, "No.such.node");
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_ready, window, 10000));
  toast = (Find) { GTK_WIDGET (window), "No.such.node" };
  g_assert_true (msvis_ui_test_spin_until (label_shown, &toast, 10000));
  msvis_ui_test_spin (500);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-rank-jump-toast"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/window-input/keys", test_keys);
  g_test_add_func ("/window-input/first-divergence", test_first_divergence_keys);
  g_test_add_func ("/window-input/minimap-click", test_minimap_click);
  g_test_add_func ("/window-input/drop", test_drop);
  g_test_add_func ("/window-input/rank-jump", test_rank_jump);

  if (msvis_ui_test_has_display ())
    {
      /* The application holds the accelerators. */
      app = msvis_window_test_new_app ();
    }
  status = g_test_run ();
  g_clear_object (&app);
  return status;
}
