// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The entry points of the msvis-desktop module, looked up by name from the executable. */
typedef int (*MsvisDesktopEntry) (int    argc,
                                  char **argv);

int msvis_desktop_open   (int    argc,
                          char **argv);
int msvis_desktop_export (int    argc,
                          char **argv);
int msvis_desktop_report (int    argc,
                          char **argv);

G_END_DECLS
