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
int msvis_command_line_trend (int    argc,
                              char **argv);
int msvis_command_line_convert (int    argc,
                                char **argv);
int msvis_command_line_merge_db (int    argc,
                                 char **argv);
int msvis_command_line_graph_visualize (int    argc,
                                        char **argv);

/* The --force of the commands that write one file, all saying the same. */
#define MSVIS_FORCE_OPTION(flag)                                                            \
  { "force", 0, 0, G_OPTION_ARG_NONE, &(flag),                                              \
    N_("Replace a file of the same name (without it msvis never replaces a file; it never " \
       "writes through a symbolic link)"), NULL }

G_END_DECLS
