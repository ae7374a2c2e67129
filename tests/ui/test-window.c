// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include <sqlite3.h>

#include "msvis-application.h"
#include "msvis-compare-view.h"
#include "msvis-display-name.h"
#include "msvis-dump-build.h"
#include "msvis-find-panel.h"
#include "msvis-step-list.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The whole window, as a user meets it: start page, open, select, errors. */

typedef struct
{
  MsvisWindow *window;
} Fixture;

static MsvisWindow *
new_window (void)
{
  return msvis_window_test_new (NULL, 1360, 860);
}

static void
test_start_page (void)
{
  MsvisWindow *window;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  window = new_window ();
  msvis_ui_test_spin (200);
  g_assert_false (msvis_window_has_document (window));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-start"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_open_compare (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisWindow *window;
  MsvisCompareView *view;
  MsvisGraphCanvas *npu;
  MsvisGraph *graph;
  MsvisNodeId node;

  if (!msvis_ui_test_require ("cmp_stat/compare_20261121191907.vis", &path))
    return;
  window = new_window ();
  file = g_file_new_for_path (path);
  msvis_window_test_open (window, file);
  view = msvis_window_test_compare_view (window);
  npu = msvis_compare_view_get_canvas (view, FALSE);
  msvis_ui_test_spin (300);

  /* Selecting a node shows its counterpart on the Bench side and the details. */
  graph = msvis_graph_canvas_get_graph (npu);
  node = msvis_graph_lookup (graph, "Module.fc.Linear.backward.0");
  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  msvis_compare_view_select (view, FALSE, node);
  msvis_ui_test_spin (600);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (msvis_compare_view_get_canvas (view, TRUE)),
                    !=, MSVIS_NODE_ID_NONE);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-compare"));

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_FORCE_DARK);
  msvis_ui_test_spin (300);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-compare-dark"));
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* How many NPU nodes msprobe 26.0.0 wrote for graph step 0, rank 0 of @reference_db. */
static guint
reference_npu_nodes (const char *reference_db)
{
  g_autofree char *path = msvis_ui_test_reference (reference_db);
  sqlite3 *db = msvis_test_open_db (path);
  sqlite3_stmt *stmt = NULL;
  guint n;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT count(*) FROM tb_nodes WHERE "
                                       "data_source = 'NPU' AND step = 0 AND rank = 0",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return n;
}

/* The dumps msprobe writes today (msprobe-2026.md §2.4–§2.5, §2.2): a Megatron run with micro
 * steps, parameters_grad.N entries and proc{pid} folders, compared from the window with
 * msprobe 26's rules (the build dialog's default) and opened: the same nodes as msprobe's. */
static void
test_build_2026_dumps (void)
{
  const char *const cases[][2] = {
    { "../reference-2026/inputs/mini_megatron", "../reference-2026/out/cmp_mini_megatron/"
                                                "compare_20261127113951.vis.db" },
    { "../reference-2026/inputs/pgrad", "../reference-2026/out/cmp_pgrad/"
                                        "compare_20261127113958.vis.db" },
    { "../reference-2026/inputs/proc", "../reference-2026/out/cmp_proc/"
                                       "compare_20261127114009.vis.db" },
  };
  MsvisWindow *window;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  window = new_window ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = msvis_test_make_dir ();
      g_autofree char *dir = msvis_ui_test_reference (cases[i][0]);
      g_autofree char *npu = g_build_filename (dir, "npu", NULL);
      g_autofree char *bench = g_build_filename (dir, "bench", NULL);
      g_autoptr(MsvisDumpBuildOptions) options = msvis_dump_build_options_new ();
      g_autoptr(GFile) written = NULL;
      g_autoptr(GError) error = NULL;
      MsvisCompareView *view;
      MsvisGraph *graph;

      options->npu_dir = g_file_new_for_path (npu);
      options->bench_dir = g_file_new_for_path (bench);
      options->output_dir = g_file_new_for_path (out);
      options->era = MSVIS_ERA_2026;
      written = msvis_dump_build_run (options, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (g_str_has_suffix (g_file_peek_path (written), ".vis.db"));

      msvis_window_open (window, written);
      g_assert_true (msvis_ui_test_spin_until (msvis_window_test_ready, window, 20000));
      view = msvis_window_test_compare_view (window);
      graph = msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (view, FALSE));
      g_assert_cmpuint (msvis_graph_get_n_nodes (graph), ==, reference_npu_nodes (cases[i][1]));
      msvis_ui_test_spin (200);
      msvis_test_remove_tree (out);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A broken file leaves what is open as it was. */
static void
test_open_error_keeps_document (void)
{
  g_autofree char *path = NULL;
  g_autofree char *dir = NULL, *broken = NULL;
  g_autoptr(GFile) file = NULL, bad = NULL;
  AdwMessageDialog *dialog;
  MsvisWindow *window;

  if (!msvis_ui_test_require ("build_single/build_20261121191905.vis", &path))
    return;
  window = new_window ();
  file = g_file_new_for_path (path);
  msvis_window_test_open (window, file);

  dir = g_dir_make_tmp ("msvis-window-XXXXXX", NULL);
  broken = g_build_filename (dir, "broken.vis", NULL);
  g_assert_true (g_file_set_contents (broken, "{\"NPU\": {\"node\": {", -1, NULL));
  bad = g_file_new_for_path (broken);
  msvis_window_open (window, bad);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_idle, window, 10000));
  g_assert_true (msvis_window_has_document (window));
  msvis_ui_test_spin (300);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-error"));

  /* The error names the file and the place, in a dialog over the window. */
  dialog = ADW_MESSAGE_DIALOG (msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "broken.vis"));
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_is_mapped, dialog, 10000));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (dialog), "window-error-dialog"));
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_unlink (broken);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
after_paint (GdkFrameClock *clock,
             gboolean      *painted)
{
  *painted = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

static gboolean
is_details_stack (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_STACK (widget) && gtk_stack_get_child_by_name (GTK_STACK (widget), "stack");
}

static gboolean
is_shown_search_entry (GtkWidget     *widget,
                       gconstpointer  data)
{
  return GTK_IS_SEARCH_ENTRY (widget) && gtk_widget_get_mapped (widget);
}

static gboolean
is_find_panel (GtkWidget     *widget,
               gconstpointer  data)
{
  return MSVIS_IS_FIND_PANEL (widget);
}

/* The find panel lists one node. */
static gboolean
has_results (gpointer window)
{
  GtkWidget *panel = msvis_ui_test_find_widget (window, is_find_panel, NULL);
  guint n = 0;

  if (panel != NULL)
    g_object_get (panel, "n-results", &n, NULL);
  return n == 1;
}

/* A .vis whose one operator has a name of @length characters, one dotted word as ids are. */
static char *
write_long_name_vis (const char *dir,
                     guint       length,
                     char      **name)
{
  g_autoptr(GString) id = g_string_new ("Functional.");
  g_autoptr(GString) text = g_string_new (NULL);
  char *path = g_build_filename (dir, "long-name.vis", NULL);

  while (id->len + strlen ("relu.0.forward") < length)
    g_string_append (id, "layer.");
  g_string_append (id, "relu.0.forward");
  /* A root child: the canvas draws its whole id. */
  g_string_printf (text,
                   "{\"root\": \"DefaultModel\", \"node\": {"
                   "\"DefaultModel\": {\"id\": \"DefaultModel\", \"node_type\": 0, "
                   "\"upnode\": \"None\", \"subnodes\": [\"%s\"]}, "
                   "\"%s\": {\"id\": \"%s\", \"node_type\": 1, "
                   "\"upnode\": \"DefaultModel\", \"subnodes\": [], \"micro_step_id\": 0, "
                   "\"stack_info\": [\"%s\"], "
                   "\"input_data\": {\"%s.input.0\": {\"type\": \"torch.Tensor\", "
                   "\"dtype\": \"torch.float32\", \"shape\": \"[2]\", \"Max\": \"1\"}}}}, "
                   "\"MicroSteps\": 1}",
                   id->str, id->str, id->str, id->str, id->str);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  *name = g_string_free (g_steal_pointer (&id), FALSE);
  return path;
}

/* A node name of 60,000 characters (the .vis reader takes up to 65,536 bytes): selecting it
 * froze the window for good, its details title wrapping character by character; its call
 * stack, a line as long, did the same. The window
 * must select it and paint frames again; 30 s is far above what it takes and far below the
 * freeze. */
static void
test_long_name (void)
{
  g_autofree char *dir = NULL, *path = NULL, *name = NULL, *copied = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisCompareView *view;
  GtkWidget *title, *stack, *search;
  MsvisGraphCanvas *canvas;
  GdkFrameClock *clock;
  MsvisWindow *window;
  MsvisNodeId node;
  gboolean painted = FALSE;
  gulong id;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  dir = msvis_test_make_dir ();
  path = write_long_name_vis (dir, 60000, &name);
  g_assert_cmpuint (strlen (name), >=, 60000);
  window = new_window ();
  file = g_file_new_for_path (path);
  msvis_window_test_open (window, file);
  view = msvis_window_test_compare_view (window);
  canvas = msvis_compare_view_get_canvas (view, FALSE);
  node = msvis_graph_lookup (msvis_graph_canvas_get_graph (canvas), name);
  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  msvis_ui_test_spin (300);

  msvis_compare_view_select (view, FALSE, node);
  g_assert_cmpuint (msvis_graph_canvas_get_selected (canvas), ==, node);
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), &painted);
  msvis_ui_test_spin (500);
  painted = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (window));
  g_assert_true (msvis_ui_test_spin_until (is_true, &painted, 30000));
  g_signal_handler_disconnect (clock, id);

  /* The details title shows the name within the budget; copying it gives all of it. */
  title = msvis_ui_test_find_label (GTK_WIDGET (window), "Functional.layer.layer.");
  g_assert_nonnull (title);
  g_assert_cmpuint (g_utf8_strlen (gtk_label_get_text (GTK_LABEL (title)), -1), <=,
                    MSVIS_DISPLAY_NAME_MAX + 1);
  g_assert_true (g_str_has_suffix (gtk_label_get_text (GTK_LABEL (title)), "relu.0.forward"));
  g_assert_true (gtk_widget_activate_action (title, "details.copy-name", NULL));
  copied = msvis_ui_test_dup_clipboard_text (title);
  g_assert_cmpstr (copied, ==, name);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-long-name"));

  /* Its stack, one line as long, which the call stack page wraps. */
  stack = msvis_ui_test_find_widget (GTK_WIDGET (window), is_details_stack, NULL);
  g_assert_nonnull (stack);
  gtk_stack_set_visible_child_name (GTK_STACK (stack), "stack");
  painted = FALSE;
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), &painted);
  gtk_widget_queue_draw (GTK_WIDGET (window));
  g_assert_true (msvis_ui_test_spin_until (is_true, &painted, 30000));
  g_signal_handler_disconnect (clock, id);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-long-stack"));

  /* Found by a search, in the find panel's list and its tooltip. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find", NULL));
  msvis_ui_test_spin (100);
  search = msvis_ui_test_find_widget (GTK_WIDGET (window), is_shown_search_entry, NULL);
  g_assert_nonnull (search);
  gtk_editable_set_text (GTK_EDITABLE (search), "relu");
  g_assert_true (msvis_ui_test_spin_until (has_results, window, 30000));
  painted = FALSE;
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), &painted);
  gtk_widget_queue_draw (GTK_WIDGET (window));
  g_assert_true (msvis_ui_test_spin_until (is_true, &painted, 30000));
  g_signal_handler_disconnect (clock, id);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-long-name-found"));

  gtk_window_destroy (GTK_WINDOW (window));
  msvis_test_remove_tree (dir);
}

/* The name budget cuts the middle of a long name on character boundaries, and only there. */
static void
test_display_name (void)
{
  g_autoptr(GString) long_name = g_string_new (NULL);
  g_autofree char *fits = g_strnfill (MSVIS_DISPLAY_NAME_MAX + 1, 'a');
  g_autofree char *shown = NULL, *kept = msvis_display_name (fits);
  const char *tail;

  g_assert_cmpstr (kept, ==, fits);
  g_free (kept);
  kept = msvis_display_name ("Functional.relu.0.forward");
  g_assert_cmpstr (kept, ==, "Functional.relu.0.forward");

  /* Three bytes a character: a byte count would cut one in half. */
  for (guint i = 0; i < 20000; i++)
    g_string_append (long_name, "层");
  g_string_append (long_name, ".0.forward");
  shown = msvis_display_name (long_name->str);
  g_assert_true (g_utf8_validate (shown, -1, NULL));
  g_assert_cmpuint (g_utf8_strlen (shown, -1), ==, MSVIS_DISPLAY_NAME_MAX + 1);
  /* The first and the last half of the budget around the ellipsis. */
  tail = strstr (shown, "…");
  g_assert_nonnull (tail);
  g_assert_cmpuint (g_utf8_strlen (shown, tail - shown), ==, MSVIS_DISPLAY_NAME_MAX / 2);
  g_assert_true (g_str_has_prefix (shown, "层层"));
  tail = g_utf8_next_char (tail);
  g_assert_cmpuint (g_utf8_strlen (tail, -1), ==, MSVIS_DISPLAY_NAME_MAX / 2);
  g_assert_true (g_str_has_suffix (long_name->str, tail));
}

/* A .vis of @n_children operators under the root, one micro step each, with @micro_steps. */
static char *
write_steps_vis (const char *dir,
                 const char *basename,
                 guint       n_children,
                 guint       micro_steps)
{
  g_autoptr(GString) text = g_string_new ("{\"root\": \"DefaultModel\", \"node\": {"
                                          "\"DefaultModel\": {\"id\": \"DefaultModel\", "
                                          "\"node_type\": 0, \"upnode\": \"None\", "
                                          "\"subnodes\": [");
  char *path = g_build_filename (dir, basename, NULL);

  for (guint i = 0; i < n_children; i++)
    g_string_append_printf (text, "%s\"Functional.relu.%u.forward\"", i ? ", " : "", i);
  g_string_append (text, "]}");
  for (guint i = 0; i < n_children; i++)
    g_string_append_printf (text, ", \"Functional.relu.%u.forward\": {\"id\": "
                            "\"Functional.relu.%u.forward\", \"node_type\": 1, \"upnode\": "
                            "\"DefaultModel\", \"subnodes\": [], \"micro_step_id\": %u}",
                            i, i, i);
  g_string_append_printf (text, "}, \"MicroSteps\": %u}", micro_steps);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  return path;
}

static gboolean
is_step_chooser (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_DROP_DOWN (widget) &&
         MSVIS_IS_STEP_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget)));
}

static gboolean
is_popover (GtkWidget     *widget,
            gconstpointer  data)
{
  return GTK_IS_POPOVER (widget);
}

/* The canvas lays out step 199 alone. */
static gboolean
shows_only_last (gpointer data)
{
  MsvisGraphCanvas *canvas = data;
  MsvisGraph *graph = msvis_graph_canvas_get_graph (canvas);
  MsvisLayout *layout = msvis_graph_canvas_get_layout (canvas);

  return layout != NULL &&
         msvis_layout_lookup (layout, msvis_graph_lookup (graph, "Functional.relu.0.forward"))
         == NULL;
}

/* "MicroSteps": 2000000000 filled the memory with a chooser of two billion rows (6.3 GB in
 * 28 s). It is refused as the file is read, and the window says where. */
static void
test_micro_steps_absurd (void)
{
  g_autofree char *dir = NULL, *path = NULL;
  g_autoptr(GFile) file = NULL;
  AdwMessageDialog *dialog;
  MsvisWindow *window;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  dir = msvis_test_make_dir ();
  path = write_steps_vis (dir, "absurd-steps.vis", 3, 2000000000);
  window = new_window ();
  file = g_file_new_for_path (path);
  msvis_window_open (window, file);
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_idle, window, 10000));
  g_assert_false (msvis_window_has_document (window));
  dialog = ADW_MESSAGE_DIALOG (msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "absurd-steps.vis"));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "MicroSteps"));
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_is_mapped, dialog, 10000));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (dialog), "window-micro-steps-absurd"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  msvis_test_remove_tree (dir);
}

/* As many micro steps as nodes, the most a graph has: every one is a choice, and choosing one
 * shows its nodes. The choices are made as they are shown, so a count near the type's limit
 * costs nothing. */
static void
test_micro_steps_many (void)
{
  g_autofree char *dir = NULL, *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(MsvisStepList) huge = NULL;
  g_autoptr(GtkStringObject) last = NULL;
  GtkDropDown *chooser;
  GListModel *steps;
  MsvisGraphCanvas *canvas;
  MsvisGraph *graph;
  MsvisNodeId last_node;
  GtkWidget *popover;
  MsvisWindow *window;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  dir = msvis_test_make_dir ();
  path = write_steps_vis (dir, "many-steps.vis", 200, 200);
  window = new_window ();
  file = g_file_new_for_path (path);
  msvis_window_test_open (window, file);
  chooser = GTK_DROP_DOWN (msvis_ui_test_find_widget (GTK_WIDGET (window), is_step_chooser,
                                                      NULL));
  g_assert_nonnull (chooser);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (chooser)));
  steps = gtk_drop_down_get_model (chooser);
  g_assert_cmpuint (g_list_model_get_n_items (steps), ==, 201);
  last = g_list_model_get_item (steps, 200);
  g_assert_cmpstr (gtk_string_object_get_string (last), ==, "199");
  g_assert_null (g_list_model_get_item (steps, 201));
  canvas = msvis_compare_view_get_canvas (msvis_window_test_compare_view (window), FALSE);
  graph = msvis_graph_canvas_get_graph (canvas);
  gtk_drop_down_set_selected (chooser, 200);
  g_assert_true (msvis_ui_test_spin_until (shows_only_last, canvas, 10000));
  last_node = msvis_graph_lookup (graph, "Functional.relu.199.forward");
  g_assert_nonnull (msvis_layout_lookup (msvis_graph_canvas_get_layout (canvas), last_node));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "window-micro-step"));
  /* The open chooser shows its rows; the last ones are made only when scrolled to. */
  g_signal_emit_by_name (chooser, "activate");
  popover = msvis_ui_test_find_widget (GTK_WIDGET (chooser), is_popover, NULL);
  g_assert_nonnull (popover);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_is_mapped, popover, 5000));
  g_free (msvis_ui_test_screenshot (popover, "window-micro-step-chooser"));
  gtk_popover_popdown (GTK_POPOVER (popover));
  gtk_window_destroy (GTK_WINDOW (window));
  msvis_test_remove_tree (dir);

  huge = msvis_step_list_new ("All", G_MAXUINT - 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (huge)), ==, G_MAXUINT);
  g_clear_object (&last);
  last = g_list_model_get_item (G_LIST_MODEL (huge), G_MAXUINT - 1);
  g_assert_cmpstr (gtk_string_object_get_string (last), ==, "4294967293");
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/window/start-page", test_start_page);
  g_test_add_func ("/window/open-compare", test_open_compare);
  g_test_add_func ("/window/build-2026-dumps", test_build_2026_dumps);
  g_test_add_func ("/window/open-error-keeps-document", test_open_error_keeps_document);
  g_test_add_func ("/window/display-name", test_display_name);
  g_test_add_func ("/window/long-name", test_long_name);
  g_test_add_func ("/window/micro-steps-absurd", test_micro_steps_absurd);
  g_test_add_func ("/window/micro-steps-many", test_micro_steps_many);

  return g_test_run ();
}
