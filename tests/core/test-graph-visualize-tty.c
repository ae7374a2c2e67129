// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "msvis-test-util.h"

/* `msvis graph_visualize` as a person at a terminal sees it: msprobe's tqdm bar on stderr
 * (msprobe-2026.md §1.6) when stderr is a terminal and never otherwise, and Ctrl+C: a notice as
 * msprobe logs it, the run stopped at once, nothing new left in the output folder, and the
 * signal as the exit status (a shell's 130). */

static char **
c_locale_env (void)
{
  char **env = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);

  return g_environ_unsetenv (env, "LANGUAGE");
}

static char *
mini_dump (void)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", "reference-2026", "inputs", "mini",
                                      "npu", NULL);

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  return path;
}

static void
reset_sigint (gpointer data)
{
  /* A test started from a script in the background inherits SIGINT ignored. */
  signal (SIGINT, SIG_DFL);
}

/* Runs graph_visualize with stderr on a terminal 100 columns wide; returns what it drew. */
static char *
run_on_terminal (const char *const *args,
                 int               *status)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_auto(GStrv) env = c_locale_env ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) seen = g_string_new (NULL);
  struct winsize size = { 24, 100, 0, 0 };
  int master = posix_openpt (O_RDWR | O_NOCTTY);
  int slave, null_fd = open ("/dev/null", O_WRONLY);
  GPid pid;
  char buffer[4096];
  gssize n;

  g_assert_cmpint (master, >=, 0);
  g_assert_cmpint (grantpt (master), ==, 0);
  g_assert_cmpint (unlockpt (master), ==, 0);
  slave = open (ptsname (master), O_RDWR | O_NOCTTY);
  g_assert_cmpint (slave, >=, 0);
  g_assert_cmpint (ioctl (slave, TIOCSWINSZ, &size), ==, 0);
  g_strv_builder_add (builder, g_getenv ("MSVIS_BIN"));
  g_strv_builder_add (builder, "graph_visualize");
  g_strv_builder_addv (builder, (const char **)args);
  argv = g_strv_builder_end (builder);
  g_assert_true (g_spawn_async_with_fds (NULL, argv, env, G_SPAWN_DO_NOT_REAP_CHILD,
                                         reset_sigint, NULL, &pid, -1, null_fd, slave, &error));
  g_assert_no_error (error);
  close (slave);
  close (null_fd);
  /* Until the child's end closes the terminal's last other side (EIO). */
  while ((n = read (master, buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (seen, buffer, n);
  close (master);
  g_assert_cmpint (waitpid (pid, status, 0), ==, pid);
  return g_string_free (g_steal_pointer (&seen), FALSE);
}

static void
test_bar_on_terminal (void)
{
  g_autofree char *dump = mini_dump ();
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autofree char *seen = NULL;
  g_auto(GStrv) draws = NULL;
  const char *last;
  int status = 0;

  seen = run_on_terminal ((const char *[]) { "-tp", dump, "-o", out_dir, NULL }, &status);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 0);
  g_assert_true (g_str_has_prefix (seen, "\r[Graph] Overall Progress:   0%|"));
  draws = g_strsplit (seen, "\r", -1);
  /* Each drawing fills the 100 columns, as tqdm sizes its bar. */
  for (guint i = 1; draws[i] != NULL; i++)
    if (g_str_has_prefix (draws[i], "[Graph]"))
      g_assert_cmpint (g_utf8_strlen (draws[i], -1), ==, 100);
  last = draws[g_strv_length (draws) - 2];
  g_assert_true (g_regex_match_simple ("^\\[Graph\\] All tasks completed: 100%\\|█+\\| 100% "
                                       "\\[\\d\\d:\\d\\d<00:00, +\\d+\\.\\d\\d(it/s|s/it)\\] $",
                                       last, 0, 0));
  /* The line ended, then the file's name on stdout (not the terminal here). */
  g_assert_cmpstr (draws[g_strv_length (draws) - 1], ==, "\n");
  g_assert_cmpuint (msvis_test_count_files (out_dir), ==, 1);
  msvis_test_remove_tree (tmp);
}

/* Logs, pipes and tests get no bar, not even its carriage returns. */
static void
test_no_bar_off_terminal (void)
{
  g_autofree char *dump = mini_dump ();
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autofree char *out = NULL, *err = NULL;

  g_assert_cmpint (msvis_test_run_msvis (NULL, "graph_visualize",
                                         (const char *[]) { "-tp", dump, "-o", out_dir, NULL },
                                         &out, &err), ==, 0);
  g_assert_null (strchr (err, '\r'));
  g_assert_null (strstr (err, "[Graph]"));
  g_assert_null (strchr (out, '\r'));
  msvis_test_remove_tree (tmp);
}

static gboolean
has_hidden (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (name[0] == '.')
      return TRUE;
  return FALSE;
}

/* SIGINT once the run has made its hidden temporary file, as Ctrl+C sends it
 * to the foreground job. @made: the folder holds only keep.txt before the run, else the run
 * makes it. @out: (nullable): the run is given -progress_log, and this gets its stdout. */
static void
interrupt_run (const char  *dump,
               const char  *out_dir,
               gboolean     made,
               char       **out)
{
  const char *argv[] = { g_getenv ("MSVIS_BIN"), "graph_visualize", "-tp", dump, "-o", out_dir,
                         out ? "-progress_log" : NULL, NULL };
  g_auto(GStrv) env = c_locale_env ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) err = g_string_new (NULL), std_out = g_string_new (NULL);
  gint64 deadline = g_get_monotonic_time () + 60 * G_TIME_SPAN_SECOND;
  gint64 sent;
  int err_fd, out_fd = -1, status = 0;
  char buffer[1024];
  gssize n;
  GPid pid;

  g_assert_true (g_spawn_async_with_pipes (NULL, (char **)argv, env,
                                           G_SPAWN_DO_NOT_REAP_CHILD |
                                           (out ? 0 : G_SPAWN_STDOUT_TO_DEV_NULL),
                                           reset_sigint, NULL, &pid, NULL,
                                           out ? &out_fd : NULL, &err_fd, &error));
  g_assert_no_error (error);
  while (!has_hidden (out_dir) && g_get_monotonic_time () < deadline)
    g_usleep (10 * 1000);
  g_assert_true (has_hidden (out_dir));
  g_usleep (50 * 1000);
  sent = g_get_monotonic_time ();
  g_assert_cmpint (kill (pid, SIGINT), ==, 0);
  while ((n = read (err_fd, buffer, sizeof buffer)) > 0 || (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (err, buffer, n);
  close (err_fd);
  /* A few lines at most: the pipe held them all while stderr was read. */
  while (out_fd >= 0 && ((n = read (out_fd, buffer, sizeof buffer)) > 0 ||
                         (n < 0 && errno == EINTR)))
    if (n > 0)
      g_string_append_len (std_out, buffer, n);
  if (out_fd >= 0)
    close (out_fd);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  /* At once: the database of this dump takes seconds more to write. */
  g_assert_cmpint (g_get_monotonic_time () - sent, <, 2 * G_TIME_SPAN_SECOND);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGINT);
  if (strstr (err->str, "msvis graph_visualize: Interrupted by user, terminating processes and "
                        "cleaning up...\n") == NULL)
    g_error ("no notice of the interrupt in:\n%s", err->str);
  if (made)
    g_assert_false (g_file_test (out_dir, G_FILE_TEST_EXISTS));
  else
    {
      g_autofree char *keep = g_build_filename (out_dir, "keep.txt", NULL);

      g_assert_cmpuint (msvis_test_count_files (out_dir), ==, 1);
      g_assert_true (g_file_test (keep, G_FILE_TEST_IS_REGULAR));
    }
  if (out)
    *out = g_strdup (std_out->str);
}

/* msprobe's finally after KeyboardInterrupt (graph_service.py:783-791@8ff00da3) logs one more
 * progress line, "process_running" turned false, with the progress and errors so far: the
 * line a reader of the log waits for. */
static void
expect_last_progress_line (const char *out)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  guint n = g_strv_length (lines);
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GRegex) line_re = NULL;
  g_autoptr(GDateTime) stamped = NULL;
  g_autofree char *stamp = NULL, *pid = NULL;

  line_re = g_regex_new ("^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d) \\((\\d+)\\) \\[INFO\\] "
                         "PROGRESS: \\{\"current_progress\": 0, \"process_running\": false, "
                         "\"error_msg\": \\[\\]\\}$", 0, 0, NULL);
  /* One line, whole, at the end. */
  if (n != 2 || *lines[1] != '\0' || !g_regex_match (line_re, lines[0], 0, &match))
    g_error ("not msprobe's last progress line:\n%s", out);
  stamp = g_match_info_fetch (match, 1);
  pid = g_match_info_fetch (match, 2);
  g_assert_cmpint (atoi (pid), >, 0);
  /* Local time, as the logger's: within a minute of the test's own clock. */
  stamp[10] = 'T';
  stamped = g_date_time_new_from_iso8601 (stamp, g_date_time_get_timezone (now));
  g_assert_nonnull (stamped);
  g_assert_cmpint (ABS (g_date_time_difference (now, stamped)), <, 60 * G_TIME_SPAN_SECOND);
}

static void
test_interrupt (void)
{
  const char *gen = g_getenv ("MSVIS_GEN_DUMP");
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *dump = g_build_filename (tmp, "npu", NULL);
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autofree char *new_dir = g_build_filename (tmp, "new", NULL);
  const char *argv[] = { gen, "--entries=100000", dump, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  int status = 0;

  g_assert_nonnull (gen);
  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                               NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_cmpint (g_mkdir (out_dir, 0755), ==, 0);
  msvis_test_write (out_dir, "keep.txt", "mine\n", -1);
  interrupt_run (dump, out_dir, FALSE, NULL);
  interrupt_run (dump, new_dir, TRUE, NULL);
  interrupt_run (dump, new_dir, TRUE, &out);
  expect_last_progress_line (out);
  msvis_test_remove_tree (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/graph-visualize-tty/bar-on-terminal", test_bar_on_terminal);
  g_test_add_func ("/graph-visualize-tty/no-bar-off-terminal", test_no_bar_off_terminal);
  g_test_add_func ("/graph-visualize-tty/interrupt", test_interrupt);
  return g_test_run ();
}
