// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <sqlite3.h>

#include "msvis-match-job.h"
#include "msvis-match-session-async.h"
#include "msvis-tensor-reads.h"
#include "msvis-test-util.h"
#include "msvis-visdb-diff.h"

/* The async edits of a session on a 26.0.0 real-data compare (cmp_tensor1): the tensor files
 * are read on another thread than the caller's, the edit is the one the synchronous
 * functions make (the viewer's golden file once saved), one undo step, and a cancelled edit
 * changes nothing. */

#define STRIP "<STRIP>/msprobe-2026"

static char *
data_path (const char *dir,
           const char *name)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("%s is missing (tests/data/%s)", path, dir);
  return path;
}

static void
set_tensor_root (const char *path,
                 const char *from,
                 const char *to)
{
  sqlite3 *db = NULL;
  char *sql = sqlite3_mprintf ("UPDATE tb_nodes SET dump_data_dir = replace(dump_data_dir, "
                               "%Q, %Q)", from, to);

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_changes (db), >, 0);
  sqlite3_free (sql);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

static GThread *reader;   /* the thread of the last read */
static guint n_reads;

static void
record_read (const char   *npu_path,
             const char   *bench_path,
             GCancellable *cancellable,
             gpointer      data)
{
  reader = g_thread_self ();
  g_atomic_int_inc (&n_reads);
}

typedef struct
{
  char              *dir;
  char              *root;
  char              *run;
  MsvisVisDocument  *doc;
  MsvisMatchSession *session;
  MsvisGraph        *npu;
} Fixture;

/* The copy with the pairs of tensor-rematch-unmatch.vis.config unmatched (reads nothing). */
static void
fixture_open (Fixture *f)
{
  g_autofree char *source = data_path ("reference-2026",
                                       "out/cmp_tensor1/compare_20261127114046.vis.db");
  g_autofree char *inputs = data_path ("reference-2026", "inputs");
  g_autofree char *parent = g_path_get_dirname (inputs);
  g_autofree char *unmatch = data_path ("match-2026", "tensor-rematch-unmatch.vis.config");
  g_autofree char *contents = NULL;
  g_autoptr(GFile) file = NULL, unmatch_file = g_file_new_for_path (unmatch);
  g_autoptr(GPtrArray) pairs = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  f->dir = msvis_test_make_dir ();
  f->root = g_canonicalize_filename (parent, NULL);
  f->run = g_build_filename (f->dir, "run.vis.db", NULL);
  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (f->run, contents, length, NULL));
  set_tensor_root (f->run, STRIP, f->root);
  file = g_file_new_for_path (f->run);
  f->doc = msvis_match_open_document (f->run, -1, -1, NULL, &error);
  g_assert_no_error (error);
  f->session = msvis_match_session_new (f->doc, file, &error);
  g_assert_no_error (error);
  f->npu = msvis_vis_document_get_npu (f->doc);
  pairs = msvis_vis_config_read (unmatch_file, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < pairs->len; i++)
    {
      const MsvisMatchPair *pair = g_ptr_array_index (pairs, i);

      g_assert_true (msvis_match_session_unmatch (f->session,
                                                  msvis_graph_lookup (f->npu, pair->npu),
                                                  FALSE, NULL, &error));
      g_assert_no_error (error);
    }
  reader = NULL;
  n_reads = 0;
  msvis_tensor_reads_set_hook (record_read, NULL);
}

static void
fixture_close (Fixture *f)
{
  msvis_tensor_reads_set_hook (NULL, NULL);
  msvis_match_session_free (f->session);
  msvis_vis_document_unref (f->doc);
  msvis_test_remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->root);
  g_free (f->run);
}

static void
got_result (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  *(GAsyncResult **)data = g_object_ref (result);
}

static GAsyncResult *
wait_for (GAsyncResult **result)
{
  while (*result == NULL)
    g_main_context_iteration (NULL, TRUE);
  return *result;
}

static MsvisPrecision
precision_of (Fixture    *f,
              const char *id)
{
  return msvis_compare_results_get_precision (msvis_graph_get_compare_results (f->npu),
                                              msvis_graph_lookup (f->npu, id));
}

/* Applying tensor.vis.config: read on a worker, then the viewer's rows. */
static void
test_apply_async (void)
{
  g_autofree char *config = data_path ("match-2026", "tensor.vis.config");
  g_autofree char *expected = data_path ("match-2026", "tensor-matched.vis.db");
  g_autofree char *out = NULL;
  g_autoptr(GFile) config_file = g_file_new_for_path (config);
  g_autoptr(GPtrArray) pairs = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GString) report = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  MsvisMatchChange change;
  Fixture f;

  fixture_open (&f);
  out = g_build_filename (f.dir, "out.vis.db", NULL);
  pairs = msvis_vis_config_read (config_file, &error);
  g_assert_no_error (error);
  g_assert_true (msvis_match_session_apply_pairs_async (f.session, pairs, config, NULL,
                                                        got_result, &result));
  /* nothing changed until the finish function runs */
  g_assert_cmpint (precision_of (&f, "Torch.exp.0.forward").kind, ==, MSVIS_PRECISION_NONE);
  g_assert_true (msvis_match_session_edit_finish (f.session, wait_for (&result), &change,
                                                  &error));
  g_assert_no_error (error);
  g_assert_cmpuint (change.n_linked, ==, 4);
  g_assert_cmpuint (n_reads, >, 0);
  g_assert_nonnull (reader);
  g_assert_true (reader != g_thread_self ());
  g_assert_cmpfloat (precision_of (&f, "Torch.exp.0.forward").value, ==, 1);

  /* one undo step, and redo reads nothing */
  n_reads = 0;
  g_assert_true (msvis_match_session_undo (f.session, NULL));
  g_assert_cmpint (precision_of (&f, "Torch.exp.0.forward").kind, ==, MSVIS_PRECISION_NONE);
  g_assert_true (msvis_match_session_redo (f.session, NULL));
  g_assert_cmpfloat (precision_of (&f, "Torch.exp.0.forward").value, ==, 1);
  g_assert_cmpuint (n_reads, ==, 0);

  g_assert_true (msvis_match_session_save_vis_db (f.session, f.run, out, FALSE, NULL, &error));
  g_assert_no_error (error);
  set_tensor_root (out, f.root, STRIP);
  if (!msvis_visdb_compare (out, expected, NULL, report, &error))
    g_error ("%s differs from %s: %s", out, expected,
             error != NULL ? error->message : report->str);
  fixture_close (&f);
}

/* Cancelled before the files are in: an error, and the session as it was. */
static void
test_match_cancelled (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) result = NULL;
  g_autoptr(GError) error = NULL;
  MsvisMatchChange change;
  Fixture f;
  MsvisNodeId n, b;

  fixture_open (&f);
  n = msvis_graph_lookup (f.npu, "Torch.exp.0.forward");
  b = msvis_graph_lookup (msvis_vis_document_get_bench (f.doc), "Torch.exp.0.forward");
  g_assert_cmpuint (msvis_compare_results_get_link (msvis_graph_get_compare_results (f.npu),
                                                    n), ==, MSVIS_NODE_ID_NONE);
  g_assert_true (msvis_match_session_match_async (f.session, n, b, FALSE, cancellable,
                                                  got_result, &result));
  g_cancellable_cancel (cancellable);
  g_assert_false (msvis_match_session_edit_finish (f.session, wait_for (&result), &change,
                                                   &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (change.n_linked, ==, 0);
  g_assert_cmpuint (msvis_compare_results_get_link (msvis_graph_get_compare_results (f.npu),
                                                    n), ==, MSVIS_NODE_ID_NONE);
  g_assert_cmpint (precision_of (&f, "Torch.exp.0.forward").kind, ==, MSVIS_PRECISION_NONE);
  /* no edit was pushed: the last undo is still the unmatch */
  g_assert_false (msvis_match_session_can_redo (f.session));
  g_assert_true (msvis_match_session_undo (f.session, NULL));
  n = msvis_graph_lookup (f.npu, "Functional.linear.0.forward");
  g_assert_cmpuint (msvis_compare_results_get_link (msvis_graph_get_compare_results (f.npu),
                                                    n), !=, MSVIS_NODE_ID_NONE);
  fixture_close (&f);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match-async/apply", test_apply_async);
  g_test_add_func ("/match-async/cancelled", test_match_cancelled);
  return g_test_run ();
}
