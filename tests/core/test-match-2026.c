// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-match-job.h"
#include "msvis-match-session.h"
#include "msvis-test-util.h"
#include "msvis-vis-db-probe.h"

/* `msvis match` on mindstudio-probe 26.0.0 .vis.db files, against what tb_graph_ascend
 * 26.0.0's own code (MatchNodesController and msprobe's MatchedNodeCalculator) writes into a
 * copy of the same file: tests/data/match-2026 (its README says how it was made). Compared
 * row by row: schema, every column of every tb_nodes row with its SQLite type, tb_stack,
 * tb_config, and the journal mode. */

static char *
data_path (const char *dir,
           const char *name)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("%s is missing (tests/data/%s)", path, dir);
  return path;
}

static char *
fuzzy_db (void)
{
  return data_path ("reference-2026", "out/cmp_fuzzy/compare_20261127113857.vis.db");
}

static int
run_msvis (const char *const *args,
           char             **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_nonnull (g_getenv ("MSVIS_BIN"));   /* meson test sets it */
  g_ptr_array_add (argv, (char *)g_getenv ("MSVIS_BIN"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *)args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **)argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL,
                err, &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

/* Every row of @sql in both files, cell by cell with its type, in the query's order. */
static void
assert_same_rows (sqlite3    *a,
                  sqlite3    *b,
                  const char *sql)
{
  sqlite3_stmt *sa = NULL, *sb = NULL;
  guint n = 0;
  int ra, rb;

  g_assert_cmpint (sqlite3_prepare_v2 (a, sql, -1, &sa, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (b, sql, -1, &sb, NULL), ==, SQLITE_OK);
  while ((ra = sqlite3_step (sa)) == SQLITE_ROW)
    {
      rb = sqlite3_step (sb);
      g_assert_cmpint (rb, ==, SQLITE_ROW);
      for (int c = 0; c < sqlite3_column_count (sa); c++)
        {
          const char *ta = (const char *)sqlite3_column_text (sa, c);
          const char *tb = (const char *)sqlite3_column_text (sb, c);

          if (sqlite3_column_type (sa, c) != sqlite3_column_type (sb, c) ||
              g_strcmp0 (ta, tb) != 0)
            g_error ("%s: row %u (%s), column %s: got %s, expected %s", sql, n,
                     sqlite3_column_text (sa, 0), sqlite3_column_name (sa, c),
                     ta ? ta : "NULL", tb ? tb : "NULL");
        }
      n++;
    }
  g_assert_cmpint (ra, ==, SQLITE_DONE);
  g_assert_cmpint (sqlite3_step (sb), ==, SQLITE_DONE);
  g_assert_cmpuint (n, >, 0);
  sqlite3_finalize (sa);
  sqlite3_finalize (sb);
}

static guchar
header_byte (const char *path,
             guint       index)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >, index);
  return contents[index];
}

static void
assert_same_db (const char *got,
                const char *expected)
{
  sqlite3 *a = msvis_test_open_db (got), *b = msvis_test_open_db (expected);

  assert_same_rows (a, b, "SELECT type, name, sql FROM sqlite_master ORDER BY name");
  assert_same_rows (a, b, "SELECT * FROM tb_nodes ORDER BY id");
  assert_same_rows (a, b, "SELECT * FROM tb_stack ORDER BY id");
  assert_same_rows (a, b, "SELECT * FROM tb_config ORDER BY id");
  sqlite3_close (a);
  sqlite3_close (b);
  /* msprobe leaves its files in WAL mode, and so does the viewer */
  g_assert_cmpint (header_byte (got, 18), ==, header_byte (expected, 18));
}

static GStrv
modified_rows (const char *path)
{
  sqlite3 *db = msvis_test_open_db (path);
  sqlite3_stmt *stmt = NULL;
  GStrvBuilder *names = g_strv_builder_new ();
  GStrv result;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT data_source || ':' || node_name FROM "
                                           "tb_nodes WHERE modified = 1 ORDER BY id", -1,
                                       &stmt, NULL), ==, SQLITE_OK);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    g_strv_builder_add (names, (const char *)sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  result = g_strv_builder_end (names);
  g_strv_builder_unref (names);
  return result;
}

static void
assert_only_file (const char *dir,
                  const char *name)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *entry;
  guint n = 0;

  g_assert_nonnull (listing);
  while ((entry = g_dir_read_name (listing)) != NULL)
    {
      if (name == NULL || strcmp (entry, name) != 0)
        g_error ("%s: %s was left behind", dir, entry);
      n++;
    }
  g_assert_cmpuint (n, ==, name != NULL ? 1 : 0);
}

/* `msvis match SOURCE --config CONFIG -o out.vis.db` in a fresh folder gives
 * tests/data/match-2026/EXPECTED and nothing else; @rows (unless NULL) are the rows marked
 * modified. */
static void
assert_golden (const char        *source,
               const char        *config_name,
               const char        *expected_name,
               const char *const *rows)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (dir, "out.vis.db", NULL);
  g_autofree char *config = data_path ("match-2026", config_name);
  g_autofree char *expected = data_path ("match-2026", expected_name);
  g_autofree char *err = NULL;

  g_assert_cmpint (run_msvis ((const char *[]) { "match", source, "--config", config, "-o", out,
                                                 NULL }, &err), ==, 0);
  assert_same_db (out, expected);
  if (rows != NULL)
    {
      g_auto(GStrv) modified = modified_rows (out);

      g_assert_cmpstrv (modified, rows);
    }
  assert_only_file (dir, "out.vis.db");
  msvis_test_remove_tree (dir);
}

/* A config of three pairs on a summary compare: metrics and Result/Err_message as msprobe's
 * MatchedNodeCalculator computes them (one pair is a warning), links as the viewer's "by
 * config" writes them, modified = 1 on the six rows and nowhere else. */
static void
test_golden_summary (void)
{
  g_autofree char *source = fuzzy_db ();
  const char *const rows[] = {
    "Bench:Functional.conv2d.3.forward", "Bench:Functional.relu.7.forward",
    "Bench:Tensor.__add__.1.forward", "NPU:Functional.conv2d.0.forward",
    "NPU:Functional.relu.0.forward", "NPU:Tensor.__add__.1.forward", NULL,
  };

  assert_golden (source, "fuzzy.vis.config", "fuzzy-matched.vis.db", rows);
}

/* Items paired by position when the two nodes have different numbers of them: the extra
 * bench items become rows named "Nan", and the NPU side gets an item of that name, as
 * MatchedNodeCalculator's results are merged into the NPU items; shapes differ, so error. */
static void
test_golden_uneven (void)
{
  g_autofree char *source = fuzzy_db ();

  assert_golden (source, "uneven.vis.config", "uneven-matched.vis.db", NULL);
}

/* md5: the items stay as they are; a checksum that differs makes the NPU row an error. */
static void
test_golden_md5 (void)
{
  g_autofree char *source = data_path ("reference-2026",
                                       "out/cmp_md5/compare_20261127113901.vis.db");

  assert_golden (source, "md5.vis.config", "md5-matched.vis.db", NULL);
}

/* Unmatching a pair msprobe matched: its compare keys go, and so does its backward twin's
 * link, as the viewer's unmatch does; in place, the file keeps its permissions. */
static void
test_unmatch_in_place (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *db = g_build_filename (dir, "run.vis.db", NULL);
  g_autofree char *source = fuzzy_db ();
  g_autofree char *config = data_path ("match-2026", "fuzzy-unmatch.vis.config");
  g_autofree char *expected = data_path ("match-2026", "fuzzy-unmatched.vis.db");
  g_autofree char *again = g_build_filename (dir, "again.vis.config", NULL);
  g_autofree char *contents = NULL, *err = NULL;
  g_auto(GStrv) modified = NULL;
  const char *const rows[] = {
    "Bench:Functional.conv2d.1.backward", "Bench:Functional.conv2d.1.forward",
    "NPU:Functional.conv2d.1.backward", "NPU:Functional.conv2d.1.forward", NULL,
  };
  GStatBuf st;
  gsize length;

  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (db, contents, length, NULL));
  g_assert_cmpint (g_chmod (db, 0604), ==, 0);

  /* no --force: the file stays as it is */
  g_assert_cmpint (run_msvis ((const char *[]) { "match", "--unmatch", db, "--config", config,
                                                 "-o", db, NULL }, &err), ==, 1);
  g_assert_nonnull (strstr (err, db));
  g_clear_pointer (&err, g_free);
  g_assert_cmpstrv (modified = modified_rows (db), (const char *const[]) { NULL });
  g_clear_pointer (&modified, g_strfreev);

  g_assert_cmpint (run_msvis ((const char *[]) { "match", "--unmatch", db, "--config", config,
                                                 "-o", db, "--force", NULL }, &err), ==, 0);
  assert_same_db (db, expected);
  modified = modified_rows (db);
  g_assert_cmpstrv (modified, rows);
  g_assert_cmpint (g_stat (db, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0604);
  assert_only_file (dir, "run.vis.db");

  /* matching the pair again gives it back its metrics, and its row says so */
  g_clear_pointer (&err, g_free);
  msvis_test_write (dir, "again.vis.config",
                    "{\"Functional.conv2d.1.forward\": \"Functional.conv2d.1.forward\"}", -1);
  g_assert_cmpint (run_msvis ((const char *[]) { "match", db, "--config", again, "-o", db,
                                                 "--force", NULL }, &err), ==, 0);
  {
    sqlite3 *out = msvis_test_open_db (db);
    sqlite3_stmt *stmt = NULL;

    g_assert_cmpint (sqlite3_prepare_v2 (out, "SELECT precision_index, modified, "
                                              "instr(output_data, '\"Result\": \"pass\"') "
                                              "FROM tb_nodes WHERE data_source = 'NPU' AND "
                                              "node_name = 'Functional.conv2d.1.forward'",
                                         -1, &stmt, NULL), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
    g_assert_cmpint (sqlite3_column_type (stmt, 0), ==, SQLITE_INTEGER);
    g_assert_cmpint (sqlite3_column_int (stmt, 0), ==, 0);
    g_assert_cmpint (sqlite3_column_int (stmt, 1), ==, 1);
    g_assert_cmpint (sqlite3_column_int (stmt, 2), >, 0);
    sqlite3_finalize (stmt);
    sqlite3_close (out);
  }
  msvis_test_remove_tree (dir);
}

/* The real-data case's dump_data_dir columns name <STRIP>/msprobe-2026 (reference-2026's
 * README): rewritten to the folder the tensor files are in, and back. */
#define STRIP "<STRIP>/msprobe-2026"

static void
set_tensor_root (const char *path,
                 const char *from,
                 const char *to)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "UPDATE tb_nodes SET dump_data_dir = "
                                           "replace(dump_data_dir, ?, ?)", -1, &stmt, NULL),
                   ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, from, -1, SQLITE_STATIC);
  sqlite3_bind_text (stmt, 2, to, -1, SQLITE_STATIC);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  g_assert_cmpint (sqlite3_changes (db), >, 0);
  sqlite3_finalize (stmt);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
}

static char *
tensor_root (void)
{
  g_autofree char *dir = data_path ("reference-2026", "inputs");
  g_autofree char *parent = g_path_get_dirname (dir);

  return g_canonicalize_filename (parent, NULL);
}

static char *
copy_file (const char *dir,
           const char *source,
           const char *name)
{
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  msvis_test_write (dir, name, contents, length);
  return g_build_filename (dir, name, NULL);
}

/* The real-data case msvis match and the window's session both run: cmp_tensor1's .vis.db
 * copied into a folder of the test's own with its dump_data_dir pointing at the tensors here,
 * the configs that unmatch four pairs and match them again, and the viewer's result. */
typedef struct
{
  char *dir;
  char *root;       /* the tensors' folder here */
  char *run;        /* the copy */
  char *out;
  char *unmatch;
  char *config;
  char *expected;
} Rematch;

static void
rematch_init (Rematch *r)
{
  g_autofree char *source = data_path ("reference-2026",
                                       "out/cmp_tensor1/compare_20261127114046.vis.db");

  r->dir = msvis_test_make_dir ();
  r->root = tensor_root ();
  r->run = copy_file (r->dir, source, "run.vis.db");
  r->out = g_build_filename (r->dir, "out.vis.db", NULL);
  r->unmatch = data_path ("match-2026", "tensor-rematch-unmatch.vis.config");
  r->config = data_path ("match-2026", "tensor.vis.config");
  r->expected = data_path ("match-2026", "tensor-matched.vis.db");
  set_tensor_root (r->run, STRIP, r->root);
}

/* The result written is the viewer's, once its dump_data_dir is msprobe's again. */
static void
rematch_check_and_clear (Rematch *r)
{
  set_tensor_root (r->out, r->root, STRIP);
  assert_same_db (r->out, r->expected);
  msvis_test_remove_tree (r->dir);
  g_free (r->dir);
  g_free (r->root);
  g_free (r->run);
  g_free (r->out);
  g_free (r->unmatch);
  g_free (r->config);
  g_free (r->expected);
}

/* A real-data compare: four pairs msprobe matched are unmatched (the unmatch button, twins
 * too), then matched again crosswise as the viewer's match button matches a pair there: the
 * tensor files are read again and Cosine… come from them, with msprobe's indicators. */
static void
test_golden_real_data (void)
{
  Rematch r;
  g_autofree char *unmatched = NULL;
  g_autofree char *err = NULL;

  rematch_init (&r);
  unmatched = g_build_filename (r.dir, "unmatched.vis.db", NULL);
  g_assert_cmpint (run_msvis ((const char *[]) { "match", "--unmatch", r.run, "--config",
                                                 r.unmatch, "-o", unmatched, NULL }, &err), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_msvis ((const char *[]) { "match", unmatched, "--config", r.config, "-o",
                                                 r.out, NULL }, &err), ==, 0);
  rematch_check_and_clear (&r);
}

/* The viewer unmatches a real-data pair as a summary one (its Cosine… keys go); matching
 * again needs the tensor files, and a file whose dump_data_dir names no folder here says so
 * and writes nothing. */
static void
test_real_data (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (dir, "out.vis.db", NULL);
  g_autofree char *source = data_path ("reference-2026",
                                       "out/cmp_tensor1/compare_20261127114046.vis.db");
  g_autofree char *config = data_path ("match-2026", "tensor-unmatch.vis.config");
  g_autofree char *expected = data_path ("match-2026", "tensor-unmatched.vis.db");
  g_autofree char *err = NULL;

  g_assert_cmpint (run_msvis ((const char *[]) { "match", "--unmatch", source, "--config",
                                                 config, "-o", out, NULL }, &err), ==, 0);
  assert_same_db (out, expected);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (run_msvis ((const char *[]) { "match", expected, "--config", config, "-o",
                                                 out, "--force", NULL }, &err), ==, 1);
  if (strstr (err, expected) == NULL ||
      strstr (err, "they are not in dump_data_dir “" STRIP "/inputs/tensor1/npu/") == NULL)
    g_error ("expected an error naming %s and its dump_data_dir, got: %s", expected, err);
  assert_same_db (out, expected);
  g_assert_cmpint (g_unlink (out), ==, 0);
  assert_only_file (dir, NULL);

  /* the folders are there but a tensor file is not: the viewer's match fails, and so does
   * msvis match, naming the entry and the file */
  {
    g_autofree char *empty = g_build_filename (dir, "tensors", NULL);
    g_autofree char *run = NULL;

    g_assert_cmpint (g_mkdir (empty, 0755), ==, 0);
    run = copy_file (dir, expected, "run.vis.db");
    set_tensor_root (run, STRIP "/inputs/tensor1/npu/dump_tensor_data", empty);
    set_tensor_root (run, STRIP "/inputs/tensor1/bench/dump_tensor_data", empty);
    g_clear_pointer (&err, g_free);
    g_assert_cmpint (run_msvis ((const char *[]) { "match", run, "--config", config, "-o", out,
                                                   NULL }, &err), ==, 1);
    if (strstr (err, "entry “Torch.exp.0.forward”: “Torch.exp.0.forward”") == NULL ||
        strstr (err, "Torch.exp.0.forward.input.0.pt") == NULL)
      g_error ("expected an error naming the entry and the tensor file, got: %s", err);
    g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  }
  msvis_test_remove_tree (dir);
}

/* A session on @source with Torch.sum.1.forward matched by hand to conv2d.3, as the window
 * would match them. */
static MsvisMatchSession *
session_with_sum_matched (const char        *source,
                          MsvisVisDocument **doc,
                          MsvisMatchChange  *change)
{
  g_autoptr(GFile) file = g_file_new_for_path (source);
  g_autoptr(GError) error = NULL;
  MsvisMatchSession *session;
  MsvisGraph *npu, *bench;

  *doc = msvis_match_open_document (source, -1, -1, NULL, &error);
  g_assert_no_error (error);
  session = msvis_match_session_new (*doc, file, &error);
  g_assert_no_error (error);
  npu = msvis_vis_document_get_npu (*doc);
  bench = msvis_vis_document_get_bench (*doc);
  g_assert_true (msvis_match_session_match (session,
                                            msvis_graph_lookup (npu, "Torch.sum.1.forward"),
                                            msvis_graph_lookup (bench,
                                                                "Functional.conv2d.3.forward"),
                                            FALSE, change, &error));
  g_assert_no_error (error);
  return session;
}

/* The library's session (the window's matching) saves a 26.0.0 file as its viewer would: a
 * pair matched in the session gives the rows of the viewer's golden file, and an unmatch
 * gives the rows of its unmatch button, which unlinks the pair's backward twin too. */
static void
test_session (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (dir, "out.vis.db", NULL);
  g_autofree char *out2 = g_build_filename (dir, "out2.vis.db", NULL);
  g_autofree char *source = fuzzy_db ();
  g_autofree char *expected = data_path ("match-2026", "uneven-matched.vis.db");
  g_autofree char *unmatched = data_path ("match-2026", "fuzzy-unmatched.vis.db");
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisMatchSession) session = NULL;
  g_autoptr(GError) error = NULL;
  MsvisMatchChange change;
  MsvisGraph *npu;

  session = session_with_sum_matched (source, &doc, &change);
  npu = msvis_vis_document_get_npu (doc);
  g_assert_true (msvis_match_session_save_vis_db (session, source, out, FALSE, NULL, &error));
  g_assert_no_error (error);
  assert_same_db (out, expected);

  /* undone, and msprobe's own pair of conv2d.1 unmatched instead */
  g_assert_true (msvis_match_session_undo (session, &change));
  g_assert_true (msvis_match_session_unmatch (session,
                                              msvis_graph_lookup (npu,
                                                                  "Functional.conv2d.1.forward"),
                                              FALSE, &change, &error));
  g_assert_no_error (error);
  g_assert_true (msvis_match_session_save_vis_db (session, source, out2, FALSE, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (change.n_unlinked, ==, 2);
  assert_same_db (out2, unmatched);
  msvis_test_remove_tree (dir);
}

static const char *
field_text (MsvisGraph *graph,
            const char *node_id,
            const char *item_key,
            const char *name)
{
  MsvisNodeId node = msvis_graph_lookup (graph, node_id);
  guint32 n, first = msvis_graph_node_get_inputs (graph, node, &n);

  for (guint32 i = first; i < first + n; i++)
    {
      const MsvisItem *item = msvis_graph_get_item (graph, i);
      const MsvisField *fields = msvis_graph_get_fields (graph, item);

      for (guint32 f = 0; strcmp (item->key, item_key) == 0 && f < item->n_fields; f++)
        if (strcmp (msvis_graph_atom_name (graph, fields[f].name), name) == 0)
          return fields[f].s;
    }
  return NULL;
}

/* What the window shows after a match on a 26.0.0 file: the viewer's metrics, Result and
 * precision_index, and the collection above left as it is (the viewer never indexes it). */
static void
test_session_shows (void)
{
  g_autofree char *source = fuzzy_db ();
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisMatchSession) session = NULL;
  g_autoptr(GError) error = NULL;
  MsvisMatchChange change;
  MsvisGraph *npu;
  MsvisCompareResults *results;
  MsvisPrecision precision;

  session = session_with_sum_matched (source, &doc, &change);
  npu = msvis_vis_document_get_npu (doc);
  results = msvis_graph_get_compare_results (npu);
  precision = msvis_compare_results_get_precision (results,
                                                   msvis_graph_lookup (npu,
                                                                       "Torch.sum.1.forward"));
  g_assert_cmpint (precision.kind, ==, MSVIS_PRECISION_INT);
  g_assert_cmpfloat (precision.value, ==, 1);
  g_assert_cmpstr (field_text (npu, "Torch.sum.1.forward", "Torch.sum.1.forward.input.0",
                               "Max diff"), ==, "-0.9321475028991699");
  g_assert_cmpstr (field_text (npu, "Torch.sum.1.forward", "Torch.sum.1.forward.input.0",
                               "Err_message"), ==,
                   "[\"error: The shape of NPU and Bench are inconsistent.\"]");
  g_assert_cmpstr (field_text (npu, "Torch.sum.1.forward", "Torch.sum.1.forward.input.0",
                               "requires_grad"), ==, "True");
  precision = msvis_compare_results_get_precision (results,
                                                   msvis_graph_lookup (npu,
                                                                       "Apis_Between_Modules.3"));
  g_assert_cmpint (precision.kind, ==, MSVIS_PRECISION_INT);
  g_assert_cmpfloat (precision.value, ==, 0);

  /* unmatched again: the compare keys go */
  g_assert_true (msvis_match_session_unmatch (session,
                                              msvis_graph_lookup (npu, "Torch.sum.1.forward"),
                                              FALSE, &change, &error));
  g_assert_no_error (error);
  g_assert_null (field_text (npu, "Torch.sum.1.forward", "Torch.sum.1.forward.input.0",
                             "Max diff"));
  g_assert_cmpstr (field_text (npu, "Torch.sum.1.forward", "Torch.sum.1.forward.input.0",
                               "requires_grad"), ==, "True");
}

/* The window's session on the same real-data file: the pairs unmatched by hand (twins too),
 * then matched from the config (no twins there): what it shows comes from the tensor files,
 * and what it saves is the viewer's golden file. */
static void
test_session_real_data (void)
{
  Rematch r;
  g_autoptr(GFile) file = NULL, unmatch_file = NULL, config_file = NULL;
  g_autoptr(GPtrArray) unpairs = NULL, pairs = NULL;
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisMatchSession) session = NULL;
  g_autoptr(GError) error = NULL;
  MsvisMatchChange change;
  MsvisGraph *npu;
  MsvisPrecision precision;

  rematch_init (&r);
  file = g_file_new_for_path (r.run);
  unmatch_file = g_file_new_for_path (r.unmatch);
  config_file = g_file_new_for_path (r.config);
  doc = msvis_match_open_document (r.run, -1, -1, NULL, &error);
  g_assert_no_error (error);
  session = msvis_match_session_new (doc, file, &error);
  g_assert_no_error (error);
  npu = msvis_vis_document_get_npu (doc);
  unpairs = msvis_vis_config_read (unmatch_file, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < unpairs->len; i++)
    {
      const MsvisMatchPair *pair = g_ptr_array_index (unpairs, i);

      g_assert_true (msvis_match_session_unmatch (session, msvis_graph_lookup (npu, pair->npu),
                                                  FALSE, &change, &error));
      g_assert_no_error (error);
    }
  pairs = msvis_vis_config_read (config_file, &error);
  g_assert_no_error (error);
  g_assert_true (msvis_match_session_apply_pairs (session, pairs, r.config, &change, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (change.n_linked, ==, 4);

  precision = msvis_compare_results_get_precision (msvis_graph_get_compare_results (npu),
                                                   msvis_graph_lookup (npu,
                                                                       "Torch.exp.0.forward"));
  g_assert_cmpint (precision.kind, ==, MSVIS_PRECISION_INT);
  g_assert_cmpfloat (precision.value, ==, 1);
  g_assert_cmpstr (field_text (npu, "Functional.linear.0.forward",
                               "Functional.linear.0.forward.input.0", "Cosine"), ==, "1.0");
  g_assert_cmpstr (field_text (npu, "Tensor.__mul__.0.forward", "Tensor.__mul__.0.forward.input.0",
                               "MaxAbsErr"), ==, "7.962808e-06");

  g_assert_true (msvis_match_session_save_vis_db (session, r.run, r.out, FALSE, NULL, &error));
  g_assert_no_error (error);
  rematch_check_and_clear (&r);
}

/* A bad entry fails the whole run, names the config and the entry, and writes nothing. */
static void
expect_error (const char *dir,
              const char *config_text,
              gboolean    unmatch,
              const char *said)
{
  g_autofree char *source = fuzzy_db ();
  g_autofree char *config = g_build_filename (dir, "bad.vis.config", NULL);
  g_autofree char *out = g_build_filename (dir, "out.vis.db", NULL);
  g_autofree char *err = NULL;

  msvis_test_write (dir, "bad.vis.config", config_text, -1);
  g_assert_cmpint (run_msvis (unmatch
                              ? (const char *[]) { "match", "--unmatch", source, "--config",
                                                   config, "-o", out, NULL }
                              : (const char *[]) { "match", source, "--config", config, "-o",
                                                   out, NULL }, &err), ==, 1);
  if (strstr (err, config) == NULL || strstr (err, said) == NULL)
    g_error ("expected an error naming %s and saying “%s”, got: %s", config, said, err);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  g_assert_cmpint (g_unlink (config), ==, 0);
  assert_only_file (dir, NULL);
}

static void
test_errors (void)
{
  g_autofree char *dir = msvis_test_make_dir ();

  /* a node that is not there; the good pair before it is not kept either */
  expect_error (dir, "{\"Functional.relu.0.forward\": \"Functional.relu.7.forward\", "
                "\"Functional.nope.0.forward\": \"Functional.conv2d.3.forward\"}", FALSE,
                "entry “Functional.nope.0.forward”: “Functional.conv2d.3.forward”: the NPU "
                "graph of step 0, rank 0 has no node “Functional.nope.0.forward”");
  /* the wrong side: a Bench name given as the NPU node */
  expect_error (dir, "{\"Functional.conv2d.3.forward\": \"Functional.conv2d.0.forward\"}",
                FALSE, "the NPU node “Functional.conv2d.3.forward” is a node of the Bench graph");
  /* a node matched elsewhere */
  expect_error (dir, "{\"Functional.relu.0.forward\": \"Functional.relu.1.forward\"}", FALSE,
                "the Bench node “Functional.relu.1.forward” is already matched with "
                "“Functional.relu.1.forward”: unmatch it first");
  /* nodes of two types */
  expect_error (dir, "{\"Apis_Between_Modules.3\": \"Functional.conv2d.3.forward\"}", FALSE,
                "the nodes are of different types");
  /* unmatching what is not matched */
  expect_error (dir, "{\"Functional.relu.0.forward\": \"Functional.relu.7.forward\"}", TRUE,
                "the two nodes are not matched with each other");
  msvis_test_remove_tree (dir);
}

/* One probe answers what each caller asks: a 26.0.0 compare by its schema and legend, a
 * 26.0.0 build by its schema only, an 8.2.1 file by neither; the rows are counted only when
 * asked for. */
static void
test_detect (void)
{
  g_autofree char *compare = fuzzy_db ();
  g_autofree char *build_db = msvis_test_data_db ("reference-2026", "build_mini");
  g_autofree char *july = msvis_test_data_path ("reference", "cmp_md5/compare_20261121191925.vis");
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *old = g_build_filename (dir, "old.vis.db", NULL);
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  MsvisVisDbProbe probe;

  /* an 8.2.1 compare */
  g_assert_cmpint (run_msvis ((const char *[]) { "convert", july, old, "--to", "8.2.1", NULL },
                              &err), ==, 0);

  g_assert_true (msvis_vis_db_probe (compare, MSVIS_VIS_DB_PROBE_DEFAULT, &probe, &error));
  g_assert_no_error (error);
  g_assert_true (msvis_vis_db_probe_is_2026_compare (&probe));
  g_assert_true (msvis_vis_db_probe_is_2026 (&probe));
  g_assert_cmpint (probe.n_requires_grad, ==, -1);

  g_assert_true (msvis_vis_db_probe (build_db, MSVIS_VIS_DB_PROBE_COUNT_REQUIRES_GRAD, &probe,
                                     &error));
  g_assert_false (msvis_vis_db_probe_is_2026_compare (&probe));
  g_assert_true (msvis_vis_db_probe_is_2026 (&probe));
  g_assert_cmpint (probe.n_requires_grad, >, 0);

  g_assert_true (msvis_vis_db_probe (old, MSVIS_VIS_DB_PROBE_COUNT_REQUIRES_GRAD, &probe,
                                     &error));
  g_assert_no_error (error);
  g_assert_false (msvis_vis_db_probe_is_2026 (&probe));
  g_assert_false (msvis_vis_db_probe_is_2026_compare (&probe));
  g_assert_cmpint (probe.n_requires_grad, ==, 0);

  g_assert_false (msvis_vis_db_probe ("/nonexistent/x.vis.db", MSVIS_VIS_DB_PROBE_DEFAULT,
                                      &probe, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  msvis_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match-2026/golden/summary", test_golden_summary);
  g_test_add_func ("/match-2026/golden/md5", test_golden_md5);
  g_test_add_func ("/match-2026/golden/uneven", test_golden_uneven);
  g_test_add_func ("/match-2026/unmatch-in-place", test_unmatch_in_place);
  g_test_add_func ("/match-2026/real-data", test_real_data);
  g_test_add_func ("/match-2026/golden/real-data", test_golden_real_data);
  g_test_add_func ("/match-2026/session", test_session);
  g_test_add_func ("/match-2026/session-shows", test_session_shows);
  g_test_add_func ("/match-2026/session-real-data", test_session_real_data);
  g_test_add_func ("/match-2026/errors", test_errors);
  g_test_add_func ("/match-2026/detect", test_detect);
  return g_test_run ();
}
