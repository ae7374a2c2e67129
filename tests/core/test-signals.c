// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "msvis-graph-job.h"
#include "msvis-test-util.h"

/* A run ended by a signal leaves nothing either (README: "on any error no output file (and
 * no new output folder) remains"): before, Ctrl+C, kill, a file-size limit or an abort on
 * exhausted memory left the hidden temporary files and the new output folder. The signal is
 * raised at a set point of the run, where a temporary file exists, so nothing is timed. */

typedef struct
{
  int         sig;
  gboolean    db;
} Case;

/* A dump of two steps: when the second is built, the first one's .vis is written already,
 * under its temporary name. */
static char *
make_steps_dump (const char *root)
{
  g_autofree char *samples = g_test_build_filename (G_TEST_DIST, "..", "data", "samples",
                                                    "llama", "npu", NULL);
  const char *files[] = { "construct.json", "dump.json", "stack.json" };
  g_autofree char *config = g_strdup_printf ("{\"npu_path\": \"%s/dump\"}", root);

  for (guint s = 0; s < 2; s++)
    {
      g_autofree char *rank = g_strdup_printf ("%s/dump/step%u/rank0", root, s);

      g_assert_cmpint (g_mkdir_with_parents (rank, 0755), ==, 0);
      for (guint i = 0; i < G_N_ELEMENTS (files); i++)
        {
          g_autofree char *from = g_build_filename (samples, files[i], NULL);
          g_autofree char *text = NULL;
          gsize len;

          g_assert_true (g_file_get_contents (from, &text, &len, NULL));
          msvis_test_write (rank, files[i], text, len);
        }
    }
  msvis_test_write (root, "compare.json", config, -1);
  return g_build_filename (root, "compare.json", NULL);
}

static guint
count_hidden (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    n += name[0] == '.';
  return n;
}

static void
raise_when_writing (const char *message,
                    gpointer    data)
{
  const Case *c = data;
  const char *root = g_getenv ("MSVIS_SIGNAL_TEST_DIR");
  g_autofree char *out = g_build_filename (root, "out", "new", NULL);
  guint hidden = count_hidden (out);
  struct rlimit no_core = { 0, 0 };

  /* The first step's file, or the database from the start. */
  if (hidden == 0 || (!c->db && strstr (message, "step1") == NULL))
    return;
  setrlimit (RLIMIT_CORE, &no_core);
  g_printerr ("raising %s with %u temporary files\n", g_strsignal (c->sig), hidden);
  raise (c->sig);
}

static void
run_job (const Case *c)
{
  const char *root = g_getenv ("MSVIS_SIGNAL_TEST_DIR");
  g_autofree char *config = g_build_filename (root, "compare.json", NULL);
  g_autofree char *out = g_build_filename (root, "out", "new", NULL);
  MsvisGraphJob job = { config, out, FALSE, FALSE, FALSE, NULL, "T",
                        .format = c->db ? MSVIS_GRAPH_JOB_FORMAT_DB : MSVIS_GRAPH_JOB_FORMAT_VIS };
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = msvis_graph_job_run (&job, raise_when_writing, (gpointer) c,
                                                      NULL, &error);

  g_assert_no_error (error);
  g_printerr ("the run ended without the signal\n");
}

static void
test_signal (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *root = NULL, *out = NULL, *marker = NULL;

  if (g_test_subprocess ())
    {
      run_job (c);
      return;
    }
  root = msvis_test_make_dir ();
  g_free (make_steps_dump (root));
  out = g_build_filename (root, "out", NULL);
  g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
  g_setenv ("MSVIS_SIGNAL_TEST_DIR", root, TRUE);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  marker = g_strdup_printf ("*raising %s with * temporary files*", g_strsignal (c->sig));
  g_test_trap_assert_stderr (marker);
  /* Neither the temporary files nor the folder the run made. */
  g_assert_cmpuint (msvis_test_count_files (out), ==, 0);
  msvis_test_remove_tree (root);
}

static void
limit_file_size (gpointer data)
{
  struct rlimit limit = { 256 * 1024, 256 * 1024 }, no_core = { 0, 0 };

  setrlimit (RLIMIT_FSIZE, &limit);
  setrlimit (RLIMIT_CORE, &no_core);
}

/* `msvis graph` past the file-size limit: SIGXFSZ, raised by the kernel in the write. */
static void
test_file_too_large (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *root = msvis_test_make_dir ();
  g_autofree char *config = make_steps_dump (root);
  g_autofree char *out = g_build_filename (root, "out", NULL);
  g_autofree char *new_dir = g_build_filename (out, "new", NULL);
  const char *argv[] = { g_getenv ("MSVIS_BIN"), "graph", "-i", config, "-o", new_dir,
                         "--format", c->db ? "db" : "vis", NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_nonnull (argv[0]);
  g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL,
                               G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                               limit_file_size, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGXFSZ);
  g_assert_cmpuint (msvis_test_count_files (out), ==, 0);
  msvis_test_remove_tree (root);
}

static void
ignore_file_size (gpointer data)
{
  struct rlimit limit = { 64 * 1024, 64 * 1024 };

  setrlimit (RLIMIT_FSIZE, &limit);
  signal (SIGXFSZ, SIG_IGN);
}

/* Runs msvis with writes failing past 64 KiB (EFBIG, as a full disk gives ENOSPC): it must
 * fail, name the file (@name, a glob) in its message, and leave @out empty. */
static void
assert_write_error (const char  *out,
                    const char  *name,
                    const char **argv)
{
  g_autofree char *err = NULL;
  g_autofree char *expected = g_strdup_printf ("*%s: *File too large*", name);
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL,
                               ignore_file_size, NULL, NULL, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_true (g_pattern_match_simple (expected, err));
  g_assert_cmpuint (msvis_test_count_files (out), ==, 0);
}

/* A write that fails (a full disk, a size limit) names the file: GIO said only "Error writing
 * to file descriptor: No space left on device" for graph, match, report and export. */
static void
test_write_error_names_file (void)
{
  const char *msvis = g_getenv ("MSVIS_BIN");
  g_autofree char *root = msvis_test_make_dir ();
  g_autofree char *config = make_steps_dump (root);
  g_autofree char *out = g_build_filename (root, "out", NULL);
  g_autofree char *new_dir = g_build_filename (out, "new", NULL);
  g_autofree char *samples = g_test_build_filename (G_TEST_DIST, "..", "data", "samples",
                                                    "compare.json", NULL);
  g_autofree char *vis_dir = g_build_filename (root, "vis", NULL);
  g_autofree char *html = g_build_filename (out, "r.html", NULL);
  g_autofree char *png = g_build_filename (out, "e.png", NULL);
  g_autofree char *matched = g_build_filename (out, "m.vis", NULL);
  g_autofree char *matches = g_build_filename (root, "none.vis.config", NULL);
  MsvisGraphJob job = { samples, vis_dir, FALSE, FALSE, FALSE, NULL, "T" };
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;
  const char *vis;

  g_assert_nonnull (msvis);
  g_assert_cmpint (g_mkdir (out, 0755), ==, 0);
  assert_write_error (out, "new/build_step0_rank0_*.vis",
                      (const char *[]) { msvis, "graph", "-i", config, "-o", new_dir, NULL });

  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  vis = g_ptr_array_index (written, 0);
  assert_write_error (out, html, (const char *[]) { msvis, "report", vis, "-o", html, NULL });
  assert_write_error (out, png, (const char *[]) { msvis, "export", vis, "-o", png, "-q",
                                                   "--expand-all", NULL });
  msvis_test_write (root, "none.vis.config", "{}", -1);
  assert_write_error (out, matched, (const char *[]) { msvis, "match", vis, "--config", matches,
                                                       "-o", matched, NULL });
  msvis_test_remove_tree (root);
}

int
main (int    argc,
      char **argv)
{
  static const Case term = { SIGTERM, FALSE }, intr = { SIGINT, FALSE }, hup = { SIGHUP, FALSE };
  static const Case trap = { SIGTRAP, FALSE }, abrt = { SIGABRT, FALSE };
  static const Case term_db = { SIGTERM, TRUE }, vis = { SIGXFSZ, FALSE }, db = { SIGXFSZ, TRUE };

  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/signals/term", &term, test_signal);
  g_test_add_data_func ("/signals/int", &intr, test_signal);
  g_test_add_data_func ("/signals/hup", &hup, test_signal);
  g_test_add_data_func ("/signals/trap", &trap, test_signal);
  g_test_add_data_func ("/signals/abrt", &abrt, test_signal);
  g_test_add_data_func ("/signals/term-db", &term_db, test_signal);
  g_test_add_data_func ("/signals/file-too-large", &vis, test_file_too_large);
  g_test_add_data_func ("/signals/file-too-large-db", &db, test_file_too_large);
  g_test_add_func ("/signals/write-error-names-file", test_write_error_names_file);
  return g_test_run ();
}
