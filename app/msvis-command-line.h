// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int msvis_command_line_inspect (int    argc,
                                char **argv);
int msvis_command_line_graph (int    argc,
                              char **argv);

int msvis_command_line_export (int    argc,
                               char **argv);

int msvis_command_line_report (int    argc,
                               char **argv);
int msvis_command_line_match (int    argc,
                              char **argv);

G_END_DECLS
