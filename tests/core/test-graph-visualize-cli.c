// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "msvis-test-util.h"

/* `msvis graph_visualize` as a command: argparse's rules (prefixes, exit status 2), msprobe's
 * checks in their order and words (msprobe-2026.md §1.3), the file it writes (§1.4, §1.5),
 * -progress_log (§1.6), and no partial output when a run fails. */

static char *
mini_dump (void)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", "reference-2026", "inputs", "mini",
                                      "npu", NULL);

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    g_error ("%s: msprobe 26.0.0's reference inputs are missing", path);
  return path;
}

/* Runs msvis graph_visualize with @args (NULL-terminated) in the C locale. */
static int
run (const char *const  *args,
     char              **out,
     char              **err)
{
  return msvis_test_run_msvis (NULL, "graph_visualize", args, out, err);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* The names in @dir, sorted and joined with spaces ("" when it is missing). */
static char *
listing (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **)names->pdata);
}

static void
expect (const char *const *args,
        int                status,
        const char        *message)
{
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (run (args, &out, &err), ==, status);
  if (strstr (err, message) == NULL)
    g_error ("expected “%s” in:\n%s", message, err);
}

static void
test_argparse (void)
{
  g_autofree char *dump = mini_dump ();
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);

  expect ((const char *[]) { "-t", dump, "-o", out_dir, NULL }, 2,
          "ambiguous option: -t could match -tp, -tensor_log");
  expect ((const char *[]) { "-tp", dump, "-o", out_dir, "-cs", NULL }, 2,
          "unrecognized arguments: -cs");
  expect ((const char *[]) { "-i", "compare.json", "-o", out_dir, NULL }, 2,
          "the following arguments are required: -tp/--target_path");
  expect ((const char *[]) { "-tp", dump, NULL }, 2,
          "the following arguments are required: -o/--output_path");
  expect ((const char *[]) { "-tp", dump, "-o", out_dir, "--file_type", "xml", NULL }, 2,
          "argument --file_type: invalid choice: 'xml'");
  expect ((const char *[]) { "-tp", dump, "-o", out_dir, "--rank_size", "two", NULL }, 2,
          "argument --rank_size: invalid int value: 'two'");
  expect ((const char *[]) { "-tp", dump, "-o", out_dir, "--tp", NULL }, 2,
          "argument --tp: expected at least one argument");
  expect ((const char *[]) { "-tp", dump, "-o", out_dir, "-oc=1", NULL }, 2,
          "ignored explicit argument '1'");
  /* None of these made the output folder. */
  g_assert_false (g_file_test (out_dir, G_FILE_TEST_EXISTS));
}

static void
test_checks (void)
{
  g_autofree char *dump = mini_dump ();
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autofree char *missing = g_build_filename (tmp, "missing", NULL);

  expect ((const char *[]) { "-tp", dump, "-o", out_dir, "--rank_size", "2", NULL }, 1,
          "In the graph merge task, parameters \"tp/pp/rank_size\" is required!");
  expect ((const char *[]) { "-tp", dump, "-o", out_dir, "--rank_size", "2", "2", "--tp", "1",
                             "--pp", "1", NULL }, 1,
          "the number of parameters \"rank_size\" to be filled in is either 1!");
  expect ((const char *[]) { "-tp", dump, "-gp", dump, "-o", out_dir, "--rank_size", "2", "2",
                             "--tp", "1", "--pp", "1", "1", NULL }, 1,
          "the number of parameters \"tp/pp/rank_size\" to be filled in is either 2!");
  expect ((const char *[]) { "-tp", dump, "-gp", dump, "-o", out_dir, "--file_type", "json",
                             NULL }, 1,
          "The --file_type json parameter is not supported in graph comparison mode.");
  expect ((const char *[]) { "-tp", missing, "-o", out_dir, NULL }, 1, "does not exist");
  g_assert_false (g_file_test (out_dir, G_FILE_TEST_EXISTS));
}

/* -f is -fm and --fuzzy is --fuzzy_match (prefixes); --file_type json without a merge falls
 * back to a database; the file: its name, mode, WAL header, nothing beside it. */
static void
test_output (void)
{
  g_autofree char *dump = mini_dump ();
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autofree char *out = NULL, *err = NULL, *files = NULL, *path = NULL, *header = NULL;
  mode_t old_mask = umask (022);
  GStatBuf st;
  gsize length;

  g_assert_cmpint (run ((const char *[]) { "-tp", dump, "-o", out_dir, "-f", "--fuzzy",
                                           "--file_type", "json", NULL },
                        &out, &err), ==, 0);
  umask (old_mask);
  g_assert_nonnull (strstr (err, "Falling back to default db output."));
  files = listing (out_dir);
  g_assert_true (g_regex_match_simple ("^build_[0-9]{14}\\.vis\\.db$", files, 0, 0));
  path = g_build_filename (out_dir, files, NULL);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);
  g_assert_cmpint (g_stat (out_dir, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0755);
  g_assert_true (g_file_get_contents (path, &header, &length, NULL));
  g_assert_cmpuint (length, >, 20);
  g_assert_cmpint (header[18], ==, 2);   /* WAL, as msprobe leaves it */
  g_assert_cmpint (header[19], ==, 2);
}

static void
test_progress_log (void)
{
  g_autofree char *dump = mini_dump ();
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autofree char *missing = g_build_filename (tmp, "missing", NULL);
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
  const char *line = "^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d \\(\\d+\\) \\[INFO\\] PROGRESS: "
                     "\\{\"current_progress\": \\d+, \"process_running\": (true|false), "
                     "\"error_msg\": \\[.*\\]\\}$";

  g_assert_cmpint (run ((const char *[]) { "-tp", dump, "-o", out_dir, "-progress_log", NULL },
                        &out, &err), ==, 0);
  {
    g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
    guint n = 0;

    for (guint i = 0; lines[i] != NULL; i++)
      if (strstr (lines[i], "PROGRESS: ") != NULL)
        {
          g_assert_true (g_regex_match_simple (line, lines[i], 0, 0));
          n++;
        }
    g_assert_cmpuint (n, >=, 2);
    g_assert_nonnull (strstr (out, "\"current_progress\": 100, \"process_running\": false"));
  }

  /* An error goes into error_msg, and the last line says the run is over. */
  g_assert_cmpint (run ((const char *[]) { "-tp", missing, "-o", out_dir, "-progress_log", NULL },
                        &out2, &err2), ==, 1);
  g_assert_nonnull (strstr (out2, "\"process_running\": false, \"error_msg\": "
                                  "[\"-tp/--target_path: The file path "));
}

/* A run that fails on its second rank leaves no database and no temporary file. */
static void
test_no_partial_output (void)
{
  g_autofree char *dump = mini_dump ();
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *ranks = g_build_filename (tmp, "ranks", NULL);
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autofree char *out = NULL, *err = NULL, *left = NULL;
  const char *names[] = { "construct.json", "dump.json", "stack.json" };

  for (guint r = 0; r < 2; r++)
    {
      g_autofree char *rank = g_strdup_printf ("rank%u", r);
      g_autofree char *dir = g_build_filename (ranks, rank, NULL);

      g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
      for (guint i = 0; i < G_N_ELEMENTS (names); i++)
        {
          g_autofree char *from = g_build_filename (dump, names[i], NULL);
          g_autofree char *text = NULL;
          gsize length;

          g_assert_true (g_file_get_contents (from, &text, &length, NULL));
          if (r == 1 && strcmp (names[i], "dump.json") == 0)
            length /= 2;   /* cut in the middle */
          msvis_test_write (dir, names[i], text, length);
        }
    }
  g_assert_cmpint (g_mkdir (out_dir, 0755), ==, 0);
  g_assert_cmpint (run ((const char *[]) { "-tp", ranks, "-o", out_dir, NULL }, &out, &err),
                   ==, 1);
  g_assert_nonnull (strstr (err, "rank1"));
  left = listing (out_dir);
  g_assert_cmpstr (left, ==, "");
}

/* --file_type json writes every merged rank folder or none: here the second one cannot be
 * made (a file has its name), and the first must not be left behind. */
static void
test_no_partial_json (void)
{
  g_autofree char *ranks = g_test_build_filename (G_TEST_DIST, "data", "reference-2026",
                                                  "inputs", "mini_tp2", "npu", NULL);
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autofree char *step_dir = g_build_filename (out_dir, "step0", NULL);
  g_autofree char *out = NULL, *err = NULL, *left = NULL;

  g_assert_true (g_file_test (ranks, G_FILE_TEST_IS_DIR));
  g_assert_cmpint (g_mkdir_with_parents (step_dir, 0755), ==, 0);
  msvis_test_write (step_dir, "rank1", "in the way", -1);
  g_assert_cmpint (run ((const char *[]) { "-tp", ranks, "-o", out_dir, "--rank_size", "2",
                                           "--tp", "1", "--pp", "1", "--file_type", "json",
                                           NULL }, &out, &err), ==, 1);
  g_assert_nonnull (strstr (err, "rank1"));
  left = listing (step_dir);
  g_assert_cmpstr (left, ==, "rank1");
  g_clear_pointer (&left, g_free);
  left = listing (out_dir);
  g_assert_cmpstr (left, ==, "step0");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/graph-visualize-cli/argparse", test_argparse);
  g_test_add_func ("/graph-visualize-cli/checks", test_checks);
  g_test_add_func ("/graph-visualize-cli/output", test_output);
  g_test_add_func ("/graph-visualize-cli/progress-log", test_progress_log);
  g_test_add_func ("/graph-visualize-cli/no-partial-output", test_no_partial_output);
  g_test_add_func ("/graph-visualize-cli/no-partial-json", test_no_partial_json);
  return g_test_run ();
}
