// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-test-util.h"
#include "msvis-visdb-diff.h"

/* A run split with graph_visualize's --rank/--step and joined with `msvis merge-db` is the
 * unsplit run, row for row (and msprobe 26.0.0's where the unsplit one is); merge-db refuses
 * what is not the shards of one 26.0.0 run, and leaves nothing behind when it does. */

static char *
reference_dir (void)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", "reference-2026", NULL);
  g_autofree char *cases = g_build_filename (path, "cases.txt", NULL);

  if (!g_file_test (cases, G_FILE_TEST_EXISTS))
    g_error ("%s: msprobe 26.0.0's reference cases are missing", cases);
  return path;
}

/* msvis with @args (NULL-terminated), in the reference folder and the C locale. */
static int
run (const char *const  *args,
     char              **err)
{
  g_autofree char *dir = reference_dir ();

  return msvis_test_run_msvis (dir, NULL, args, NULL, err);
}

static void
expect (const char *const *args,
        int                status,
        const char        *message)
{
  g_autofree char *err = NULL;
  int got = run (args, &err);
  g_auto(GStrv) parts = g_strsplit (message ? message : "", "|", -1);

  /* The C locale prints “ and ” as "?": @message gives the text between them as parts. */
  for (guint i = 0; parts[i] != NULL && got == status; i++)
    if (strstr (err, parts[i]) == NULL)
      got = -1;
  if (got != status)
    g_error ("exit %d (wanted %d), expected %s in:\n%s", got, status, message ? message : "",
             err);
}

/* The one .vis.db graph_visualize wrote into @dir. */
static char *
only_db (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  char *found = NULL;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_assert_null (found);
      g_assert_true (g_str_has_suffix (name, ".vis.db"));
      found = g_build_filename (dir, name, NULL);
    }
  g_assert_nonnull (found);
  return found;
}

/* graph_visualize @args plus -o @out and @extra (a --rank or --step pair, or NULL). */
static char *
visualize (const char *args,
           const char *out,
           const char *option,
           const char *value)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) parsed = NULL;
  g_auto(GStrv) argv = NULL;

  g_assert_true (g_shell_parse_argv (args, NULL, &parsed, NULL));
  g_strv_builder_add (builder, "graph_visualize");
  g_strv_builder_addv (builder, (const char **)parsed);
  g_strv_builder_add_many (builder, "-o", out, NULL);
  if (option != NULL)
    g_strv_builder_add_many (builder, option, value, NULL);
  argv = g_strv_builder_end (builder);
  expect ((const char *const *)argv, 0, NULL);
  return only_db (out);
}

/* The ranks or steps (@column) @path holds, as "0,1,2". */
static char *
distinct (const char *path,
          const char *column)
{
  g_autofree char *sql = g_strdup_printf ("SELECT group_concat(v) FROM (SELECT DISTINCT %s AS v "
                                          "FROM tb_nodes ORDER BY v)", column);
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  char *text;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  text = g_strdup ((const char *)sqlite3_column_text (stmt, 0));
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return text;
}

static void
assert_same (const char *a,
             const char *b)
{
  g_autoptr(GString) report = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  gboolean same = msvis_visdb_compare (a, b, NULL, report, &error);

  g_assert_no_error (error);
  if (!same)
    g_error ("%s and %s differ:\n%s", a, b, report->str);
}

/* Splits the run @args by @option over @values, joins the shards in the order given, and
 * checks the result against the unsplit run; returns the joined file. */
static char *
split_and_join (const char        *tmp,
                const char        *args,
                const char        *option,
                const char *const *values)
{
  g_autofree char *full_dir = g_build_filename (tmp, "full", NULL);
  g_autofree char *full = visualize (args, full_dir, NULL, NULL);
  char *joined = g_build_filename (tmp, "run.vis.db", NULL);
  g_autoptr(GStrvBuilder) merge = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;

  g_strv_builder_add (merge, "merge-db");
  for (guint i = 0; values[i] != NULL; i++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/shard%u", tmp, i);
      g_autofree char *shard = visualize (args, dir, option, values[i]);

      g_strv_builder_add (merge, shard);
    }
  g_strv_builder_add_many (merge, "-o", joined, NULL);
  argv = g_strv_builder_end (merge);
  expect ((const char *const *)argv, 0, NULL);
  assert_same (full, joined);
  g_assert_cmpint (g_file_test (joined, G_FILE_TEST_IS_REGULAR), ==, TRUE);
  return joined;
}

/* cmp_ranks12 over four --rank shards: the communication links the shards could not make
 * (their peers were in other shards) are made again. */
static void
test_ranks12 (void)
{
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *shard_dir = g_build_filename (tmp, "shard0", NULL);
  g_autofree char *shard0 = NULL, *ranks = NULL;
  const char *values[] = { "0-2", "3-5", "6-8", "9-11", NULL };
  g_autofree char *joined = split_and_join (tmp, "-tp inputs/ranks12/npu -gp inputs/ranks12/bench",
                                            "--rank", values);
  g_autofree char *dir = reference_dir ();
  g_autofree char *ref = g_build_filename (dir, "out", "cmp_ranks12",
                                           "compare_20261127114020.vis.db", NULL);
  struct stat st;
  mode_t mask = umask (022);

  umask (mask);
  /* Only the selected graphs were built. */
  shard0 = only_db (shard_dir);
  ranks = distinct (shard0, "rank");
  g_assert_cmpstr (ranks, ==, "0,1,2");
  assert_same (ref, joined);
  /* The mode graph_visualize gives its file: 0666 less the umask. */
  g_assert_cmpint (g_stat (joined, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0666 & ~mask);
  msvis_visdb_remove_dir (tmp);
}

/* --rank shards given out of order, of a build. */
static void
test_build_ranks (void)
{
  g_autofree char *tmp = msvis_test_make_dir ();
  const char *values[] = { "1", "0", NULL };
  g_autofree char *joined = split_and_join (tmp, "-tp ../msprobe-reference/inputs/fx/pt_dist/npu",
                                            "--rank", values);
  g_autofree char *ranks = distinct (joined, "rank");

  g_assert_cmpstr (ranks, ==, "0,1");
  msvis_visdb_remove_dir (tmp);
}

/* A twelve-rank build over four --rank shards given out of order: the rows are copied in the
 * unsplit run's order all the same, which the post-pass's links depend on. */
static void
test_build_ranks12 (void)
{
  g_autofree char *tmp = msvis_test_make_dir ();
  const char *values[] = { "9-11", "0-2", "6-8", "3-5", NULL };
  g_autofree char *joined = split_and_join (tmp, "-tp inputs/ranks12/npu", "--rank", values);
  g_autofree char *ranks = distinct (joined, "rank");

  g_assert_cmpstr (ranks, ==, "0,1,2,3,4,5,6,7,8,9,10,11");
  msvis_visdb_remove_dir (tmp);
}

/* --step shards; step10 comes before step9 in a build, so tb_config is step10's. */
static void
test_steps_lex (void)
{
  g_autofree char *tmp = msvis_test_make_dir ();
  const char *values[] = { "9", "10", NULL };
  g_autofree char *joined = split_and_join (tmp, "-tp inputs/steps_lex/npu", "--step", values);
  g_autofree char *steps = distinct (joined, "step");

  g_assert_cmpstr (steps, ==, "9,10");
  msvis_visdb_remove_dir (tmp);
}

/* Nothing but @keep in @dir: no joined file, no temporary one. */
static void
assert_only (const char *dir,
             const char *keep)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_strcmp0 (name, keep) != 0 && !g_str_has_prefix (name, "shard") &&
        !g_str_has_prefix (name, "build") && !g_str_has_prefix (name, "july"))
      g_error ("%s was left in %s", name, dir);
}

/* An msprobe 8.2.1 .vis.db, as `msvis graph --format db` writes it. */
static char *
july_build (const char *tmp)
{
  g_autofree char *dir = reference_dir ();
  g_autofree char *npu = g_build_filename (dir, "inputs", "mini", "npu", NULL);
  g_autofree char *config = g_build_filename (tmp, "build_821.json", NULL);
  g_autofree char *json = g_strdup_printf ("{\"npu_path\": \"%s\"}", npu);
  g_autofree char *out = g_build_filename (tmp, "build_821", NULL);

  g_assert_true (g_file_set_contents (config, json, -1, NULL));
  expect ((const char *[]) { "graph", "-i", config, "-o", out, "--format", "db", "-q", NULL }, 0,
          NULL);
  return only_db (out);
}

/* Each refusal names the file and the reason, exits 1 and writes nothing. */
static void
test_refusals (void)
{
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (tmp, "run.vis.db", NULL);
  g_autofree char *a_dir = g_build_filename (tmp, "shard_a", NULL);
  g_autofree char *b_dir = g_build_filename (tmp, "shard_b", NULL);
  g_autofree char *c_dir = g_build_filename (tmp, "shard_c", NULL);
  g_autofree char *build_dir = g_build_filename (tmp, "build", NULL);
  const char *run12 = "-tp inputs/ranks12/npu -gp inputs/ranks12/bench";
  g_autofree char *a = visualize (run12, a_dir, "--rank", "0-2");
  g_autofree char *b = visualize (run12, b_dir, "--rank", "2-4");
  g_autofree char *c = visualize (run12, c_dir, "--rank", "5-11");
  g_autofree char *build = visualize ("-tp inputs/ranks12/npu", build_dir, "--rank", "5-11");
  g_autofree char *dir = reference_dir ();
  g_autofree char *garbage = g_test_build_filename (G_TEST_DIST, "data", "bad", "vis-db",
                                                    "garbage.vis.db", NULL);
  g_autofree char *old = g_build_filename (tmp, "july.vis", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *db821 = july_build (tmp);
  g_autofree char *oc_dir = g_build_filename (tmp, "shard_oc", NULL);
  g_autofree char *oc = visualize ("-tp inputs/ranks12/npu -gp inputs/ranks12/bench -oc", oc_dir,
                                   "--rank", "5-11");
  g_autofree char *merged_dir = g_build_filename (tmp, "shard_merged", NULL);
  g_autofree char *merged = visualize ("-tp inputs/mini_tp2/npu --rank_size 2 --tp 2 --pp 1",
                                       merged_dir, NULL, NULL);
  g_autofree char *plain_dir = g_build_filename (tmp, "shard_plain", NULL);
  g_autofree char *plain = visualize ("-tp inputs/mini_tp2/npu", plain_dir, NULL, NULL);
  g_autofree char *no_config = g_build_filename (tmp, "shard_noconfig.vis.db", NULL);
  g_autofree char *copy = NULL;
  gsize length = 0;
  sqlite3 *db = NULL;

  expect ((const char *[]) { "merge-db", a, b, "-o", out, NULL }, 1,
          "both hold the graph NPU_0_2 (step 0, rank 2)");
  assert_only (tmp, NULL);
  expect ((const char *[]) { "merge-db", a, a, "-o", out, NULL }, 1, "both hold the graph");
  expect ((const char *[]) { "merge-db", a, build, "-o", out, NULL }, 1,
          "are not shards of one run: their tb_config.graph_type differs|compare|build");
  expect ((const char *[]) { "merge-db", a, garbage, "-o", out, NULL }, 1,
          "garbage.vis.db: cannot read it as a .vis.db");
  g_assert_true (g_file_set_contents (old, "{\"root\": \"x\"}", -1, NULL));
  expect ((const char *[]) { "merge-db", old, "-o", out, NULL }, 1,
          "july.vis: cannot read it as a .vis.db");
  expect ((const char *[]) { "merge-db", a, db821, "-o", out, NULL }, 1,
          "an msprobe 8.2.1 .vis.db (tb_nodes has no is_distributed column)");
  expect ((const char *[]) { "merge-db", "-o", out, NULL }, 2, "give the shards");
  expect ((const char *[]) { "merge-db", a, "missing.vis.db", "-o", out, NULL }, 1,
          "missing.vis.db: no such file");
  assert_only (tmp, "july.vis");

  /* A run of -oc, a parallel merge, a file without tb_config: not shards of this run. */
  expect ((const char *[]) { "merge-db", a, oc, "-o", out, NULL }, 1,
          "are not shards of one run: their tb_config.");
  expect ((const char *[]) { "merge-db", merged, plain, "-o", out, NULL }, 1,
          "are not shards of one run: one holds parallel-merged graphs (--rank_size), the other "
          "does not");
  g_assert_true (g_file_get_contents (a, &copy, &length, NULL));
  g_assert_true (g_file_set_contents (no_config, copy, length, NULL));
  g_assert_cmpint (sqlite3_open (no_config, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "DELETE FROM tb_config", NULL, NULL, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_close (db), ==, SQLITE_OK);
  expect ((const char *[]) { "merge-db", no_config, c, "-o", out, NULL }, 1,
          "shard_noconfig.vis.db: tb_config has no row");
  assert_only (tmp, "july.vis");

  /* A joined file is never replaced without --force. */
  expect ((const char *[]) { "merge-db", a, c, "-o", out, NULL }, 0, NULL);
  g_assert_true (g_file_set_contents (out, "keep", -1, NULL));
  expect ((const char *[]) { "merge-db", a, c, "-o", out, NULL }, 1, "run.vis.db");
  g_assert_true (g_file_get_contents (out, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "keep");
  expect ((const char *[]) { "merge-db", a, c, "-o", out, "--force", NULL }, 0, NULL);
  assert_only (tmp, "run.vis.db");
  g_assert_nonnull (dir);
  msvis_visdb_remove_dir (tmp);
}

/* --rank/--step are checked before any folder is read: the bad token is named, and a
 * selection that matches no graph fails; none of these makes the output folder. */
static void
test_select_errors (void)
{
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (tmp, "out", NULL);
  const char *tp = "inputs/ranks12/npu";

  expect ((const char *[]) { "graph_visualize", "-tp", tp, "-o", out, "--rank", "0-3,x", NULL },
          1, "--rank: |x|(item 2 of |0-3,x|) is neither a number nor a range");
  expect ((const char *[]) { "graph_visualize", "-tp", tp, "-o", out, "--rank", "5-3", NULL },
          1, "--rank: |5-3|(item 1 of ");
  expect ((const char *[]) { "graph_visualize", "-tp", tp, "-o", out, "--step", "1,,2", NULL },
          1, "--step: |(item 2 of |1,,2");
  expect ((const char *[]) { "graph_visualize", "-tp", tp, "-o", out, "--rank", "-1", NULL },
          1, "--rank: |-1|(item 1");
  expect ((const char *[]) { "graph_visualize", "-tp", tp, "-o", out, "--rank", "12-99", NULL },
          1, "--rank 12-99 --step all selects no graph of inputs/ranks12/npu");
  expect ((const char *[]) { "graph_visualize", "-tp", tp, "-o", out, "--step", "1", NULL },
          1, "--rank all --step 1 selects no graph");
  expect ((const char *[]) { "graph_visualize", "-tp", tp, "-o", out, "--rank", "0",
                             "--rank_size", "12", "--tp", "2", "--pp", "1", NULL },
          1, "--rank cannot be used with --rank_size");
  expect ((const char *[]) { "graph_visualize", "-tp", tp, "-o", out, "--step", "0",
                             "--rank_size", "12", "--tp", "2", "--pp", "1", "--file_type", "json",
                             NULL },
          1, "--rank and --step select graphs of a .vis.db; they cannot be used with "
          "--file_type json");
  expect ((const char *[]) { "graph_visualize", "-tp", tp, "-o", out, "--rank", NULL },
          2, "argument --rank: expected one argument");
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  /* The selection of a step alone: rank folders without steps are step 0. */
  expect ((const char *[]) { "graph_visualize", "-tp", tp, "-o", out, "--step", "0",
                             "--rank", "11", NULL }, 0, NULL);
  msvis_visdb_remove_dir (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/merge-db/ranks12", test_ranks12);
  g_test_add_func ("/merge-db/build-ranks", test_build_ranks);
  g_test_add_func ("/merge-db/build-ranks12", test_build_ranks12);
  g_test_add_func ("/merge-db/steps-lex", test_steps_lex);
  g_test_add_func ("/merge-db/refusals", test_refusals);
  g_test_add_func ("/merge-db/select-errors", test_select_errors);
  return g_test_run ();
}
