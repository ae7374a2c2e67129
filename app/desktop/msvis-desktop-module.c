// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <gmodule.h>

#include "msvis-application.h"
#include "msvis-command-line.h"
#include "msvis-desktop-module.h"

/* The window and the pictures need GTK, cairo, pango and graphviz; loading them costs
 * `msvis graph` more time than reading a small dump. The msvis executable loads this
 * module only for the commands that draw. */

/* Without a session bus (ssh -X, containers, VNC sessions started by hand) GTK's
 * accessibility bridge printed "Unable to acquire session bus" at every start: there is no
 * screen reader to talk to then either. */
static void
quiet_without_session_bus (void)
{
  g_autofree char *socket = NULL;
  const char *runtime = g_getenv ("XDG_RUNTIME_DIR");

  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") != NULL)
    return;
  socket = runtime != NULL ? g_build_filename (runtime, "bus", NULL) : NULL;
  if (socket != NULL && g_file_test (socket, G_FILE_TEST_EXISTS))
    return;
  g_setenv ("GTK_A11Y", "none", FALSE);
}

G_MODULE_EXPORT int
msvis_desktop_open (int    argc,
                    char **argv)
{
  g_autoptr(MsvisApplication) app = NULL;

  quiet_without_session_bus ();
  app = msvis_application_new ();

  g_set_application_name ("msvis");
  return g_application_run (G_APPLICATION (app), argc, argv);
}

G_MODULE_EXPORT int
msvis_desktop_export (int    argc,
                      char **argv)
{
  return msvis_command_line_export (argc, argv);
}

G_MODULE_EXPORT int
msvis_desktop_report (int    argc,
                      char **argv)
{
  return msvis_command_line_report (argc, argv);
}
