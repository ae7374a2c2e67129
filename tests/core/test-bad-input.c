// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "msvis-graph-job.h"
#include "msvis-test-util.h"
#include "msvis-vis-config.h"
#include "msvis-writer-error.h"

/* What a run does with its output: it never replaces a file unless --force says so, never
 * writes through a symbolic link, and refuses a bad compare.json. The bad inputs themselves,
 * with the message each gives, are the corpus in tests/data/bad (test-bad-corpus.c). */

#define GOOD_CONSTRUCT "{\"Module.m.M.forward.0\": null}"
#define GOOD_DATA "\"Module.m.M.forward.0\": {\"input_args\": [], \"output\": []}"

static void
test_never_replaces (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *existing = g_build_filename (out, "build_T.vis", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autofree char *contents = NULL;

  msvis_test_write_dump (dir, GOOD_CONSTRUCT, GOOD_DATA, NULL);
  msvis_test_write (out, "build_T.vis", "mine", -1);
  written = msvis_test_run_job (dir, out, FALSE, &error);
  g_assert_null (written);
  g_assert_nonnull (strstr (error->message, "already exists"));
  g_file_get_contents (existing, &contents, NULL, NULL);
  g_assert_cmpstr (contents, ==, "mine");
  g_assert_cmpuint (msvis_test_count_files (out), ==, 1);
}

static GPtrArray *
run_job_into (const char           *dump_dir,
              const char           *out_dir,
              MsvisGraphJobFormat   format,
              gboolean              force,
              GError              **error)
{
  g_autofree char *config_dir = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (config_dir, "compare.json", NULL);
  g_autofree char *json = g_strdup_printf ("{\"npu_path\": \"%s\"}", dump_dir);
  MsvisGraphJob job = { config, (char *)out_dir, FALSE, FALSE, FALSE, NULL, "T" };

  job.format = format;
  job.force = force;
  msvis_test_write (config_dir, "compare.json", json, -1);
  return msvis_graph_job_run (&job, NULL, NULL, NULL, error);
}

/* --force replaces a regular file of the output's name, whole: a rename, not a rewrite. */
static void
test_force_replaces (void)
{
  static const struct { MsvisGraphJobFormat format; const char *name; } cases[] = {
    { MSVIS_GRAPH_JOB_FORMAT_VIS, "build_T.vis" },
    { MSVIS_GRAPH_JOB_FORMAT_DB, "build_T.vis.db" },
  };
  g_autofree char *dir = msvis_test_make_dir ();

  msvis_test_write_dump (dir, GOOD_CONSTRUCT, GOOD_DATA, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = msvis_test_make_dir ();
      g_autofree char *existing = g_build_filename (out, cases[i].name, NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) written = NULL;

      msvis_test_write (out, cases[i].name, "mine", -1);
      written = run_job_into (dir, out, cases[i].format, TRUE, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (g_ptr_array_index (written, 0), ==, existing);
      g_file_get_contents (existing, &contents, NULL, NULL);
      g_assert_cmpstr (contents, !=, "mine");
      g_assert_cmpuint (msvis_test_count_files (out), ==, 1);
    }
}

/* An output name that is a symbolic link (to a file, to nowhere, or to itself) is refused with
 * and without --force, and what it leads to is never written. */
static void
test_never_through_links (void)
{
  static const char *targets[] = { "victim", "nowhere", "build_T.vis" };
  static const MsvisGraphJobFormat formats[] = { MSVIS_GRAPH_JOB_FORMAT_VIS,
                                                 MSVIS_GRAPH_JOB_FORMAT_DB };
  g_autofree char *dir = msvis_test_make_dir ();

  msvis_test_write_dump (dir, GOOD_CONSTRUCT, GOOD_DATA, NULL);
  for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
      for (int force = 0; force <= 1; force++)
        {
          g_autofree char *out = msvis_test_make_dir ();
          const char *name = formats[f] == MSVIS_GRAPH_JOB_FORMAT_DB ? "build_T.vis.db"
                                                                     : "build_T.vis";
          g_autofree char *link = g_build_filename (out, name, NULL);
          g_autofree char *victim = g_build_filename (out, "victim", NULL);
          g_autofree char *contents = NULL;
          g_autoptr(GError) error = NULL;
          g_autoptr(GPtrArray) written = NULL;

          msvis_test_write (out, "victim", "mine", -1);
          g_assert_cmpint (symlink (strcmp (targets[t], "build_T.vis") == 0 ? name : targets[t],
                                    link), ==, 0);
          written = run_job_into (dir, out, formats[f], force, &error);
          g_assert_null (written);
          g_assert_error (error, MSVIS_WRITER_ERROR, MSVIS_WRITER_ERROR_SYMLINK);
          g_assert_nonnull (strstr (error->message, "symbolic link"));
          g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
          g_file_get_contents (victim, &contents, NULL, NULL);
          g_assert_cmpstr (contents, ==, "mine");
          g_assert_cmpuint (msvis_test_count_files (out), ==, 2);
        }
}

static void
test_force_not_over_folders (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *out = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = NULL;

  msvis_test_write_dump (dir, GOOD_CONSTRUCT, GOOD_DATA, NULL);
  msvis_test_write (out, "build_T.vis/inside", "mine", -1);
  written = run_job_into (dir, out, MSVIS_GRAPH_JOB_FORMAT_VIS, TRUE, &error);
  g_assert_null (written);
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_assert_cmpuint (msvis_test_count_files (out), ==, 1);
}

/* The window's saved matches: replaced by a rename when asked, never through a link. */
static void
test_vis_config_links (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "a.vis.config", NULL);
  g_autofree char *victim = g_build_filename (dir, "victim", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) pairs = msvis_match_pairs_new ();
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  msvis_match_pairs_add (pairs, "Module.a.A.forward.0", "Module.b.B.forward.0");
  msvis_test_write (dir, "a.vis.config", "{}", -1);
  g_assert_false (msvis_vis_config_write (file, pairs, FALSE, &error));
  g_assert_error (error, MSVIS_WRITER_ERROR, MSVIS_WRITER_ERROR_EXISTS);
  g_clear_error (&error);
  g_assert_true (msvis_vis_config_write (file, pairs, TRUE, &error));
  g_assert_no_error (error);
  g_file_get_contents (path, &contents, NULL, NULL);
  g_assert_nonnull (strstr (contents, "Module.b.B.forward.0"));

  g_remove (path);
  msvis_test_write (dir, "victim", "mine", -1);
  g_assert_cmpint (symlink ("victim", path), ==, 0);
  g_assert_false (msvis_vis_config_write (file, pairs, TRUE, &error));
  g_assert_error (error, MSVIS_WRITER_ERROR, MSVIS_WRITER_ERROR_SYMLINK);
  g_clear_pointer (&contents, g_free);
  g_file_get_contents (victim, &contents, NULL, NULL);
  g_assert_cmpstr (contents, ==, "mine");
  g_assert_cmpuint (msvis_test_count_files (dir), ==, 2);
}

/* The command line: an existing output is an error (status 1) until --force is given. */
static void
test_force_flag (void)
{
  const char *msvis = g_getenv ("MSVIS_BIN");
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (dir, "compare.json", NULL);
  g_autofree char *json = g_strdup_printf ("{\"npu_path\": \"%s\"}", dir);
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  const int taken = 300;

  if (msvis == NULL)
    {
      g_test_skip ("needs MSVIS_BIN");
      return;
    }
  msvis_test_write_dump (dir, GOOD_CONSTRUCT, GOOD_DATA, NULL);
  msvis_test_write (dir, "compare.json", json, -1);
  /* Outputs are named by the second: the names of the next minutes are taken. */
  for (int i = 0; i < taken; i++)
    {
      g_autoptr(GDateTime) then = g_date_time_add_seconds (now, i);
      g_autofree char *name = g_date_time_format (then, "build_%Y%m%d%H%M%S.vis");

      msvis_test_write (out, name, "mine", -1);
    }

  for (int force = 0; force <= 1; force++)
    {
      g_autofree char *err = NULL;
      g_autoptr(GError) error = NULL;
      int status;

      g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *)msvis, "graph", "-q", "-i", config,
                                                      "-o", out, force ? "--force" : "-q",
                                                      NULL },
                                   NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err,
                                   &status, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL) == force);
      if (!force)
        g_assert_nonnull (strstr (err, "already exists"));
      /* Replaced, not added: still one file per name. */
      g_assert_cmpuint (msvis_test_count_files (out), ==, taken);
    }
}

static void
test_bad_config (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (dir, "compare.json", NULL);
  static const struct { const char *text; const char *fragment; } cases[] = {
    { "{\"npu_path\": ", "compare.json, line 1 (byte 13)" },
    { "{}", "“npu_path” is missing" },
    { "{\"npu_path\": 3}", "“npu_path” must be a path" },
    { "{\"npu_path\": \"/nonexistent/dump\"}", "is /nonexistent/dump, which is not a directory" },
    { "[1]", "expected an object" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *out = g_build_filename (dir, "out", NULL);
      MsvisGraphJob job = { config, out, FALSE, FALSE, FALSE, NULL, "T" };
      g_autoptr(GPtrArray) written = NULL;

      msvis_test_write (dir, "compare.json", cases[i].text, -1);
      written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
      g_assert_null (written);
      if (strstr (error->message, cases[i].fragment) == NULL)
        g_error ("“%s” lacks “%s”", error->message, cases[i].fragment);
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
    }

  /* A path with a \u0000: cut at it, it named another folder, which was built. */
  {
    g_autofree char *npu = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", "llama",
                                                  "npu", NULL);
    g_autofree char *json = g_strdup_printf ("{\"npu_path\": \"%s\\u0000/../elsewhere\"}",
                                             npu);
    g_autofree char *out = g_build_filename (dir, "out", NULL);
    MsvisGraphJob job = { config, out, FALSE, FALSE, FALSE, NULL, "T" };
    g_autoptr(GPtrArray) written = NULL;
    g_autoptr(GError) error = NULL;

    msvis_test_write (dir, "compare.json", json, -1);
    written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
    g_assert_null (written);
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "compare.json: “npu_path” holds \\u0000"));
    g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bad-input/never-replaces", test_never_replaces);
  g_test_add_func ("/bad-input/config", test_bad_config);
  g_test_add_func ("/bad-input/force-replaces", test_force_replaces);
  g_test_add_func ("/bad-input/never-through-links", test_never_through_links);
  g_test_add_func ("/bad-input/force-not-over-folders", test_force_not_over_folders);
  g_test_add_func ("/bad-input/vis-config-links", test_vis_config_links);
  g_test_add_func ("/bad-input/force-flag", test_force_flag);

  return g_test_run ();
}
