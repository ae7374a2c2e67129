// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <gmodule.h>

#include "msvis-application.h"
#include "msvis-command-line.h"
#include "msvis-desktop-module.h"

/* The window and the pictures need GTK, cairo, pango and graphviz; loading them costs
 * `msvis graph` more time than reading a small dump. The msvis executable loads this
 * module only for the commands that draw. */

G_MODULE_EXPORT int
msvis_desktop_open (int    argc,
                    char **argv)
{
  g_autoptr(MsvisApplication) app = msvis_application_new ();

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
