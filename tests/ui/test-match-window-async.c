// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "msvis-canvas-test-util.h"
#include "msvis-compare-view.h"
#include "msvis-tensor-reads.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* Matching in a mindstudio-probe 26.0.0 real-data compare compares the pair's tensor files
 * again: the window reads them on a worker. A hook makes the read slow; the window must keep
 * drawing meanwhile, refuse a second edit, and drop the match when it closes. */

#define PAIR "Tensor.__mul__.0.forward"
#define STRIP "<STRIP>/msprobe-2026"

static struct
{
  gint started;     /* reads begun */
  gint finished;    /* reads the hook let go */
  gint cancelled;   /* the hook saw its read cancelled */
  gint release;     /* let every read go on */
} hook;

static void
slow_read (const char   *npu_path,
           const char   *bench_path,
           GCancellable *cancellable,
           gpointer      data)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  g_atomic_int_inc (&hook.started);
  while (!g_atomic_int_get (&hook.release) && g_get_monotonic_time () < end)
    {
      if (g_cancellable_is_cancelled (cancellable))
        {
          g_atomic_int_set (&hook.cancelled, 1);
          break;
        }
      g_usleep (5000);
    }
  g_atomic_int_inc (&hook.finished);
}

/* The copy's dump_data_dir name the tensor folders of tests/data/reference-2026 (or @tensors,
 * a folder of the test's). */
static char *
copy_compare (const char *dir,
              const char *tensors)
{
  g_autofree char *source = msvis_test_data_path ("reference-2026",
                                                  "out/cmp_tensor1/compare_20261127114046.vis.db");
  g_autofree char *inputs = msvis_test_data_path ("reference-2026", "inputs");
  g_autofree char *parent = g_path_get_dirname (inputs);
  g_autofree char *root = g_canonicalize_filename (parent, NULL);
  g_autofree char *contents = NULL;
  char *copy = g_build_filename (dir, "run.vis.db", NULL);
  sqlite3 *db = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (copy, contents, length, NULL));
  g_assert_cmpint (sqlite3_open_v2 (copy, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  for (guint side = 0; side < 2; side++)
    {
      g_autofree char *from = g_strdup_printf (STRIP "/inputs/tensor1/%s/dump_tensor_data",
                                               side ? "bench" : "npu");
      g_autofree char *to = tensors != NULL ? g_strdup (tensors)
                            : g_strdup_printf ("%s/inputs/tensor1/%s/dump_tensor_data", root,
                                               side ? "bench" : "npu");
      char *sql = sqlite3_mprintf ("UPDATE tb_nodes SET dump_data_dir = "
                                   "replace(dump_data_dir, %Q, %Q)", from, to);

      g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
      g_assert_cmpint (sqlite3_changes (db), >, 0);
      sqlite3_free (sql);
    }
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
  return copy;
}

typedef struct
{
  MsvisWindow      *window;
  MsvisCompareView *view;
  MsvisGraph       *npu;
  MsvisGraph       *bench;
} Fixture;

/* The window on the copy, with the pair unmatched (unmatching reads nothing) and picked. */
static void
open_unmatched (Fixture    *f,
                const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  f->window = msvis_window_test_new (NULL, 1360, 860);
  msvis_window_test_open (f->window, file);
  f->view = msvis_window_test_compare_view (f->window);
  f->npu = msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (f->view, FALSE));
  f->bench = msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (f->view, TRUE));
  g_assert_cmpuint (msvis_ui_test_linked (f->npu, PAIR), ==, msvis_graph_lookup (f->bench, PAIR));
  msvis_compare_view_select (f->view, FALSE, msvis_graph_lookup (f->npu, PAIR));
  msvis_ui_test_spin (100);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "match.unlink", NULL));
  msvis_ui_test_spin (100);
  g_assert_cmpuint (msvis_ui_test_linked (f->npu, PAIR), ==, MSVIS_NODE_ID_NONE);
  msvis_compare_view_select (f->view, FALSE, msvis_graph_lookup (f->npu, PAIR));
  msvis_compare_view_select (f->view, TRUE, msvis_graph_lookup (f->bench, PAIR));
  msvis_ui_test_spin (100);
  memset (&hook, 0, sizeof hook);
  msvis_tensor_reads_set_hook (slow_read, NULL);
}

static gboolean
count_tick (gpointer data)
{
  (*(guint *)data)++;
  return G_SOURCE_CONTINUE;
}

static gboolean
ticked (gpointer data)
{
  return *(guint *)data >= 5;
}

static gboolean
read_started (gpointer data)
{
  return g_atomic_int_get (&hook.started) > 0;
}

/* Match asked for: its read has begun on the worker and is held there by the hook. */
static void
start_link (Fixture *f)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "match.link", NULL));
  g_assert_true (msvis_ui_test_spin_until (read_started, NULL, 5000));
  g_assert_cmpint (g_atomic_int_get (&hook.finished), ==, 0);
}

static gboolean
pair_linked (gpointer data)
{
  Fixture *f = data;

  return msvis_ui_test_linked (f->npu, PAIR) != MSVIS_NODE_ID_NONE;
}

static gboolean
mapped_label (GtkWidget     *widget,
              gconstpointer  text)
{
  return msvis_ui_test_label_contains (widget, text) && gtk_widget_get_mapped (widget);
}

/* On screen, not only in a page that is not in front. */
static gboolean
shown (gpointer    window,
       const char *text)
{
  return msvis_ui_test_find_widget (window, mapped_label, text) != NULL;
}

static gboolean
refusal_shown (gpointer window)
{
  return shown (window, "Wait for it");
}

static gboolean
pending_shown (gpointer window)
{
  return shown (window, "reading the tensor files");
}

static void
test_match_off_ui_thread (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = NULL;
  Fixture f;
  guint ticks = 0, timer;
  gint reads;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  path = copy_compare (dir, NULL);
  open_unmatched (&f, path);

  /* The activation came back before the read was done: the window is not blocked. */
  start_link (&f);
  timer = g_timeout_add (10, count_tick, &ticks);
  g_assert_true (msvis_ui_test_spin_until (ticked, &ticks, 3000));
  g_source_remove (timer);
  g_assert_cmpint (g_atomic_int_get (&hook.finished), ==, 0);
  g_assert_cmpuint (msvis_ui_test_linked (f.npu, PAIR), ==, MSVIS_NODE_ID_NONE);
  /* it shows that it is busy */
  g_assert_true (msvis_ui_test_spin_until (pending_shown, f.window, 2000));
  msvis_ui_test_spin (300);   /* the toast slides in */
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (f.window), "window-match-pending"));

  /* a second edit while one is pending is refused, and says so */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "match.link", NULL));
  g_assert_true (msvis_ui_test_spin_until (refusal_shown, f.window, 2000));
  g_assert_cmpint (g_atomic_int_get (&hook.started), ==, 1);

  g_atomic_int_set (&hook.release, 1);
  g_assert_true (msvis_ui_test_spin_until (pair_linked, &f, 5000));
  g_assert_cmpuint (msvis_ui_test_linked (f.bench, PAIR), ==, msvis_graph_lookup (f.npu, PAIR));
  msvis_ui_test_spin (100);
  g_assert_null (msvis_ui_test_find_label (GTK_WIDGET (f.window), "reading the tensor files"));

  /* one undo step, and redo reads nothing again */
  reads = g_atomic_int_get (&hook.started);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "match.undo", NULL));
  g_assert_cmpuint (msvis_ui_test_linked (f.npu, PAIR), ==, MSVIS_NODE_ID_NONE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.window), "match.redo", NULL));
  g_assert_cmpuint (msvis_ui_test_linked (f.npu, PAIR), ==, msvis_graph_lookup (f.bench, PAIR));
  g_assert_cmpint (g_atomic_int_get (&hook.started), ==, reads);

  msvis_tensor_reads_set_hook (NULL, NULL);
  gtk_window_destroy (GTK_WINDOW (f.window));
  msvis_ui_test_spin (100);
  msvis_test_remove_tree (dir);
}

static gboolean
read_ended (gpointer data)
{
  return g_atomic_int_get (&hook.finished) > 0;
}

/* Closing the window cancels the read, which stops long before the hook's 10 s. */
static void
test_match_cancelled_on_close (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = NULL;
  Fixture f;
  gint64 closed;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  path = copy_compare (dir, NULL);
  open_unmatched (&f, path);

  start_link (&f);
  closed = g_get_monotonic_time ();
  gtk_window_destroy (GTK_WINDOW (f.window));
  g_assert_true (msvis_ui_test_spin_until (read_ended, NULL, 5000));
  g_assert_cmpint (g_atomic_int_get (&hook.cancelled), ==, 1);
  g_assert_cmpint (g_get_monotonic_time () - closed, <, 3 * G_USEC_PER_SEC);
  msvis_ui_test_spin (200);
  msvis_tensor_reads_set_hook (NULL, NULL);
  msvis_test_remove_tree (dir);
}

static gboolean
error_shown (gpointer data)
{
  GtkWindow *dialog = msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG);

  return dialog != NULL && msvis_ui_test_find_label (GTK_WIDGET (dialog), data) != NULL;
}

/* Match asked for: the error names @file in a dialog and the pair stays unmatched. Closes the
 * dialog and the window. */
static void
check_link_fails (Fixture    *f,
                  const char *file)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "match.link", NULL));
  g_assert_true (msvis_ui_test_spin_until (error_shown, (gpointer) file, 5000));
  g_assert_cmpuint (msvis_ui_test_linked (f->npu, PAIR), ==, MSVIS_NODE_ID_NONE);
  gtk_window_destroy (msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  msvis_tensor_reads_set_hook (NULL, NULL);
  gtk_window_destroy (GTK_WINDOW (f->window));
  msvis_ui_test_spin (100);
}

/* A tensor file that is not there: the error, met on the worker, names the file in the
 * window, and the pair stays unmatched. */
static void
test_match_missing_tensor (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *tensors = g_build_filename (dir, "tensors", NULL);
  g_autofree char *path = NULL;
  g_autofree char *missing = g_build_filename (tensors, PAIR ".input.0", NULL);
  Fixture f;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  g_assert_cmpint (g_mkdir (tensors, 0700), ==, 0);
  path = copy_compare (dir, tensors);
  open_unmatched (&f, path);
  g_atomic_int_set (&hook.release, 1);

  check_link_fails (&f, missing);
  msvis_test_remove_tree (dir);
}

/* A truncated tensor file: the same, naming that file. */
static void
test_match_truncated_tensor (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *tensors = g_build_filename (dir, "tensors", NULL);
  g_autofree char *source = msvis_test_data_path ("reference-2026", "inputs/tensor1/npu/"
                                                  "dump_tensor_data/" PAIR ".input.0.pt");
  g_autofree char *cut = g_build_filename (tensors, PAIR ".input.0.pt", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *path = NULL;
  Fixture f;
  gsize length;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  g_assert_cmpint (g_mkdir (tensors, 0700), ==, 0);
  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (cut, contents, length / 2, NULL));
  path = copy_compare (dir, tensors);
  open_unmatched (&f, path);
  g_atomic_int_set (&hook.release, 1);

  check_link_fails (&f, cut);
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match-window-async/off-ui-thread", test_match_off_ui_thread);
  g_test_add_func ("/match-window-async/cancelled-on-close", test_match_cancelled_on_close);
  g_test_add_func ("/match-window-async/missing-tensor", test_match_missing_tensor);
  g_test_add_func ("/match-window-async/truncated-tensor", test_match_truncated_tensor);
  return g_test_run ();
}
