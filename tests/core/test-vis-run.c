// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "msvis-graph-summary.h"
#include "msvis-precision-buckets.h"
#include "msvis-reader-error.h"
#include "msvis-test-util.h"
#include "msvis-safe-file.h"
#include "msvis-vis-config.h"
#include "msvis-writer-error.h"
#include "msvis-vis-run.h"

/* Run families, the colour legend and `msvis inspect`. */

static GArray *
ints (MsvisVisRun *run,
      gboolean     steps)
{
  return steps ? msvis_vis_run_get_steps (run) : msvis_vis_run_get_ranks (run);
}

static void
assert_ints (GArray *values,
             const char *expected)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < values->len; i++)
    g_string_append_printf (text, "%s%d", i ? "," : "", g_array_index (values, gint, i));
  g_assert_cmpstr (text->str, ==, expected);
  g_array_unref (values);
}

static void
test_families (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  const char *names[] = {
    "compare_step1_rank1_20261121191938.vis", "compare_step0_rank0_20261121191938.vis",
    "compare_step1_rank0_20261121191938.vis", "compare_step0_rank1_20261121191938.vis",
    "build_rank10_20261121191931.vis", "build_rank2_20261121191931.vis",
    "build_rank_20261121191931.vis", "compare_merged0_20261121192026.vis",
    "build_20261121191905.vis", "my result.vis", "compare_20261121191905.vis.db",
    "notes.txt", "build_20261121191905.vis.db",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) runs = NULL;
  MsvisVisRun *run;
  const MsvisVisRunFile *file;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    msvis_test_write (dir, names[i], "{}", -1);

  runs = msvis_vis_runs_scan (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (runs->len, ==, 7);

  /* Natural order; a .vis.db stands alone even beside a .vis of the same name. */
  g_assert_cmpstr (((MsvisVisRun *)runs->pdata[0])->name, ==, "build_20261121191905");
  g_assert_cmpstr (((MsvisVisRun *)runs->pdata[1])->name, ==, "build_20261121191905.vis.db");
  g_assert_true (((MsvisVisRun *)runs->pdata[1])->is_db);

  run = runs->pdata[2];
  g_assert_cmpstr (run->name, ==, "build_20261121191931");
  assert_ints (ints (run, FALSE), "0,2,10");
  assert_ints (ints (run, TRUE), "-1");

  run = runs->pdata[4];
  g_assert_cmpstr (run->name, ==, "compare_20261121191938");
  assert_ints (ints (run, TRUE), "0,1");
  assert_ints (ints (run, FALSE), "0,1");
  file = msvis_vis_run_find (run, 1, 0);
  g_assert_nonnull (file);
  g_assert_true (g_str_has_suffix (file->path, "compare_step1_rank0_20261121191938.vis"));
  g_assert_null (msvis_vis_run_find (run, 2, 0));

  g_assert_cmpstr (((MsvisVisRun *)runs->pdata[5])->name, ==, "compare_20261121192026");
  g_assert_cmpstr (((MsvisVisRun *)runs->pdata[6])->name, ==, "my result");

  run = msvis_vis_run_for_file (file->path);
  g_assert_cmpuint (run->files->len, ==, 4);
  msvis_vis_run_free (run);

  g_assert_null (msvis_vis_runs_scan ("/nonexistent/msvis", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

static MsvisBuckets *
buckets_from (const char *json)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "colors.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MsvisArena *arena = msvis_arena_new ();
  MsvisJsonValue *colors;
  MsvisBuckets *buckets;

  msvis_test_write (dir, "colors.json", json, -1);
  colors = msvis_json_value_parse_file (arena, file, NULL, NULL);
  g_assert_nonnull (colors);
  buckets = msvis_buckets_new_from_colors (colors);
  msvis_arena_free (arena);
  return buckets;
}

static int
classify (MsvisBuckets *b,
          double        v)
{
  return msvis_buckets_classify (b, TRUE, (MsvisPrecision) { MSVIS_PRECISION_FLOAT, v });
}

static void
test_buckets (void)
{
  g_autoptr(MsvisBuckets) summary = buckets_from (
    "{\"#FFFCF3\": {\"value\": [0, 0.2], \"description\": \"s\"},"
    " \"#FFEDBE\": {\"value\": [0.2, 0.4], \"description\": \"s\"},"
    " \"#FF704D\": {\"value\": [0.8, 1], \"description\": \"s\"},"
    " \"#C7C7C7\": {\"value\": [], \"description\": \"未匹配\"}}");
  g_autoptr(MsvisBuckets) md5 = buckets_from (
    "{\"#FFFCF3\": {\"value\": [1, 1], \"description\": \"y\"},"
    " \"#FF704D\": {\"value\": [0, 0], \"description\": \"n\"}}");

  g_assert_cmpuint (msvis_buckets_get_n (summary), ==, 3);
  g_assert_cmpstr (msvis_buckets_get_unmatched_description (summary), ==, "未匹配");
  g_assert_cmpint (classify (summary, 0), ==, 0);
  g_assert_cmpint (classify (summary, 0.2), ==, 1);   /* right-open */
  g_assert_cmpint (classify (summary, 1), ==, 2);     /* except at 1 */
  g_assert_cmpint (classify (summary, 0.5), ==, MSVIS_BUCKET_OUTSIDE);
  g_assert_cmpint (classify (summary, 1.5), ==, MSVIS_BUCKET_OUTSIDE);
  g_assert_cmpint (classify (summary, NAN), ==, MSVIS_BUCKET_NO_VALUE);
  g_assert_cmpint (msvis_buckets_classify (summary, FALSE,
                                           (MsvisPrecision) { MSVIS_PRECISION_INT, 0 }),
                   ==, MSVIS_BUCKET_UNMATCHED);
  g_assert_cmpint (msvis_buckets_classify (summary, TRUE,
                                           (MsvisPrecision) { MSVIS_PRECISION_NONE, 0 }),
                   ==, MSVIS_BUCKET_NO_VALUE);

  g_assert_cmpint (classify (md5, 1), ==, 0);
  g_assert_cmpint (classify (md5, 0), ==, 1);
}

/* msvis inspect --json on a reference compare gives the counts tb_graph_ascend would. */
static void
test_inspect (void)
{
  const char *msvis = g_getenv ("MSVIS_BIN");
  g_autofree char *path = msvis_test_reference ("cmp_stat/compare_20261121191907.vis");
  g_autofree char *out = NULL, *err = NULL, *json_path = NULL;
  g_autofree char *dir = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) json_file = NULL;
  MsvisArena *arena;
  const MsvisJsonValue *graph, *npu, *precision;
  MsvisJsonValue *doc;
  int status;

  g_assert_nonnull (msvis);   /* meson test sets it */
  g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *)msvis, "inspect", "--json", path,
                                                  NULL },
                               NULL, 0, NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (err, ==, "");
  g_assert_true (g_spawn_check_wait_status (status, NULL));

  msvis_test_write (dir, "out.json", out, -1);
  json_path = g_build_filename (dir, "out.json", NULL);
  json_file = g_file_new_for_path (json_path);
  arena = msvis_arena_new ();
  doc = msvis_json_value_parse_file (arena, json_file, NULL, &error);
  g_assert_no_error (error);

  graph = msvis_json_value_get_member (msvis_json_value_get_member (doc->first, "graphs")->first,
                                       "npu");
  npu = graph;
  g_assert_cmpint (msvis_json_value_get_member (npu, "nodes")->i, ==, 36);
  /* Match, colour and overflow count leaves, as the Legend and Find do (test-node-finder.c:
   * Python, 21 leaves, buckets 10, 1, 2, 0, 5, 3 unmatched). */
  g_assert_cmpint (msvis_json_value_get_member (npu, "leaves")->i, ==, 21);
  g_assert_cmpint (msvis_json_value_get_member (npu, "unmatched")->i, ==, 3);
  g_assert_cmpint (msvis_json_value_get_member (npu, "without_precision")->i, ==, 0);
  precision = msvis_json_value_get_member (npu, "precision");
  g_assert_cmpuint (precision->n, ==, 5);
  g_assert_cmpint (msvis_json_value_get_member (precision->first, "nodes")->i, ==, 10);
  g_assert_cmpint (msvis_json_value_get_member (precision->last, "nodes")->i, ==, 5);
  g_assert_cmpint (msvis_json_value_get_member (msvis_json_value_get_member (npu, "overflow"),
                                                "critical")->i, ==, 1);
  msvis_arena_free (arena);

  /* A broken file: the message names it, the exit status says so. */
  msvis_test_write (dir, "bad.vis", "{\"node\": {", -1);
  g_free (path);
  path = g_build_filename (dir, "bad.vis", NULL);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *)msvis, "inspect", path, NULL },
                               NULL, 0, NULL, NULL, &out, &err, &status, &error));
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, "bad.vis"));
}

/* A file named without .vis is a run of its own under its whole name; short names crashed. */
static void
test_short_names (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  const char *msvis = g_getenv ("MSVIS_BIN");
  const char *names[] = { "a", "abc", "abcdefgh", "x.db" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *out = NULL, *err = NULL;
      g_autoptr(GError) error = NULL;
      MsvisVisRun *run;
      int status;

      msvis_test_write (dir, names[i], "{\"node\": 1}", -1);
      run = msvis_vis_run_for_single_file (path);
      g_assert_cmpstr (run->name, ==, names[i]);
      g_assert_cmpuint (run->files->len, ==, 1);
      msvis_vis_run_free (run);
      run = msvis_vis_run_for_file (path);
      g_assert_cmpstr (run->name, ==, names[i]);
      msvis_vis_run_free (run);

      g_assert_nonnull (msvis);
      g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *)msvis, "inspect", path, NULL },
                                   NULL, 0, NULL, NULL, &out, &err, &status, &error));
      g_assert_no_error (error);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 1);
      g_assert_nonnull (strstr (err, names[i]));
    }
}

static void
test_config (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "compare_1.vis.config", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) pairs = msvis_match_pairs_new ();
  g_autoptr(GPtrArray) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  msvis_match_pairs_add (pairs, "Module.层.0", "Module.layer.0");
  msvis_match_pairs_add (pairs, "Torch.add.3", "Torch.add.4");
  g_assert_true (msvis_vis_config_write (file, pairs, FALSE, &error));
  g_assert_no_error (error);

  /* Never replaced without asking. */
  g_assert_false (msvis_vis_config_write (file, pairs, FALSE, &error));
  g_assert_error (error, MSVIS_WRITER_ERROR, MSVIS_WRITER_ERROR_EXISTS);
  g_clear_error (&error);

  back = msvis_vis_config_read (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, 2);
  g_assert_cmpstr (((MsvisMatchPair *)back->pdata[0])->npu, ==, "Module.层.0");
  g_assert_cmpstr (((MsvisMatchPair *)back->pdata[1])->bench, ==, "Torch.add.4");

  g_ptr_array_set_size (pairs, 1);
  g_assert_true (msvis_vis_config_write (file, pairs, TRUE, &error));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "{\n    \"Module.\\u5c42.0\": \"Module.layer.0\"\n}");

  /* What tb_graph_ascend writes (non-ASCII as is) reads too; other shapes are errors. */
  msvis_test_write (dir, "a.vis.config", "{\"节点\": \"x\", \"节点\": \"y\"}", -1);
  g_clear_pointer (&back, g_ptr_array_unref);
  g_clear_object (&file);
  g_free (path);
  path = g_build_filename (dir, "a.vis.config", NULL);
  file = g_file_new_for_path (path);
  back = msvis_vis_config_read (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (back->len, ==, 1);
  g_assert_cmpstr (((MsvisMatchPair *)back->pdata[0])->bench, ==, "y");

  msvis_test_write (dir, "a.vis.config", "{\"a\": 1}", -1);
  g_assert_null (msvis_vis_config_read (file, &error));
  g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE);
  g_clear_error (&error);
  msvis_test_write (dir, "a.vis.config", "[\"a\"]", -1);
  g_assert_null (msvis_vis_config_read (file, &error));
  g_assert_nonnull (strstr (error->message, "a.vis.config"));
}

static void
assert_mode_owner (const char *path,
                   guint       mode,
                   uid_t       uid,
                   gid_t       gid)
{
  GStatBuf st;

  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpuint (st.st_mode & 07777, ==, mode);
  g_assert_cmpuint (st.st_uid, ==, uid);
  g_assert_cmpuint (st.st_gid, ==, gid);
}

/* A replaced file keeps its mode, and its owner and group where the saver may give them: a
 * Save made a 0644 file of nobody's 0640 and root's, both the .vis (written through a safe
 * file) and the .vis.db (a temporary file SQLite wrote, then placed). */
static void
test_replace_keeps_mode (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "compare_1.vis.config", NULL);
  g_autofree char *db = g_build_filename (dir, "build.vis.db", NULL);
  g_autofree char *tmp = g_build_filename (dir, ".build.vis.db.tmp", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) pairs = msvis_match_pairs_new ();
  g_autoptr(GError) error = NULL;
  /* As root, another owner; otherwise our own, with another of our groups if there is one. */
  uid_t uid = getuid () == 0 ? 65534 : getuid ();
  gid_t gid = getuid () == 0 ? 65534 : getgid ();

  msvis_match_pairs_add (pairs, "Torch.add.3", "Torch.add.4");
  msvis_test_write (dir, "compare_1.vis.config", "{}", -1);
  msvis_test_write (dir, "build.vis.db", "old", -1);
  msvis_test_write (dir, ".build.vis.db.tmp", "new", -1);
  for (guint i = 0; i < 2; i++)
    {
      const char *p = i == 0 ? path : db;

      g_assert_cmpint (g_chmod (p, 0604), ==, 0);
      g_assert_cmpint (chown (p, uid, gid), ==, 0);
    }
  g_assert_cmpint (g_chmod (tmp, 0600), ==, 0);

  g_assert_true (msvis_vis_config_write (file, pairs, TRUE, &error));
  g_assert_no_error (error);
  assert_mode_owner (path, 0604, uid, gid);

  g_assert_true (msvis_safe_file_place (tmp, db, MSVIS_SAFE_FILE_REPLACE, &error));
  g_assert_no_error (error);
  assert_mode_owner (db, 0604, uid, gid);
  g_assert_false (g_file_test (tmp, G_FILE_TEST_EXISTS));
  msvis_test_remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/vis-run/families", test_families);
  g_test_add_func ("/vis-run/buckets", test_buckets);
  g_test_add_func ("/vis-run/inspect", test_inspect);
  g_test_add_func ("/vis-run/short-names", test_short_names);
  g_test_add_func ("/vis-run/config", test_config);
  g_test_add_func ("/vis-run/replace-keeps-mode", test_replace_keeps_mode);

  return g_test_run ();
}
