// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <signal.h>
#include <string.h>

#include <glib/gstdio.h>

#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* msvis started as a user starts it where there is no session bus (ssh -X, a container, a
 * VNC session): the terminal stays quiet, no GLib warning at all (issue 26). */

#define STAT "cmp_stat/compare_20261121191907.vis"

static void
test_quiet_without_bus (void)
{
  g_autofree char *path = NULL, *dir = NULL, *runtime = NULL, *config = NULL, *err = NULL;
  g_auto(GStrv) env = g_get_environ ();
  const char *argv[] = { g_getenv ("MSVIS_BIN"), NULL, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) log = NULL;
  GPid pid;
  int err_fd;

  if (!msvis_ui_test_require (STAT, &path))
    return;
  if (argv[0] == NULL)
    {
      g_test_skip ("MSVIS_BIN is not set: run through meson test");
      return;
    }
  argv[1] = path;
  dir = msvis_test_make_dir ();
  runtime = g_build_filename (dir, "runtime", NULL);
  config = g_build_filename (dir, "config", NULL);
  g_assert_cmpint (g_mkdir (runtime, 0700), ==, 0);
  env = g_environ_setenv (env, "XDG_RUNTIME_DIR", runtime, TRUE);
  env = g_environ_setenv (env, "XDG_CONFIG_HOME", config, TRUE);
  env = g_environ_unsetenv (env, "DBUS_SESSION_BUS_ADDRESS");
  env = g_environ_unsetenv (env, "GSETTINGS_BACKEND");
  env = g_environ_unsetenv (env, "GTK_A11Y");
  env = g_environ_unsetenv (env, "G_MESSAGES_DEBUG");
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, env, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, NULL, &err_fd, &error));
  g_assert_no_error (error);
  /* The window opens and draws the result: whatever start-up prints is printed by then. */
  msvis_ui_test_spin (4000);
  kill (pid, SIGTERM);
  g_spawn_close_pid (pid);
  {
    GString *text = g_string_new (NULL);
    char buffer[4096];
    gssize n;

    while ((n = read (err_fd, buffer, sizeof buffer)) > 0)
      g_string_append_len (text, buffer, n);
    close (err_fd);
    err = g_string_free (text, FALSE);
  }
  if (err[0] != '\0')
    g_test_message ("stderr: %s", err);
  g_assert_null (strstr (err, "WARNING"));
  g_assert_null (strstr (err, "CRITICAL"));
  g_assert_null (strstr (err, "session bus"));
  msvis_test_remove_tree (dir);
}

static gboolean
lists_folder (gpointer window)
{
  return msvis_ui_test_find_label (window, "cmp_stat") != NULL;
}

/* A folder opened (a run's results) is in Recent on the start page, as files are. */
static void
test_recent_folder (void)
{
  g_autofree char *path = NULL, *folder = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisWindow *first, *second;

  if (!msvis_ui_test_require (STAT, &path))
    return;
  folder = g_path_get_dirname (path);
  file = g_file_new_for_path (folder);
  first = msvis_window_test_new (NULL, 0, 0);
  msvis_window_test_open (first, file);

  second = msvis_window_test_new (NULL, 0, 0);
  g_assert_true (msvis_ui_test_spin_until (lists_folder, second, 5000));
  gtk_window_destroy (GTK_WINDOW (second));
  gtk_window_destroy (GTK_WINDOW (first));
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/startup/quiet-without-bus", test_quiet_without_bus);
  g_test_add_func ("/startup/recent-folder", test_recent_folder);
  return g_test_run ();
}
