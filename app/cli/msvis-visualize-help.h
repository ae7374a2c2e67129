// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* graph_visualize's -h and usage as Python 3.11's argparse formats msprobe's parser
 * (graph_service.py:621-724@8ff00da3), plus msvis's own --rank and --step in a group of their
 * own: wrapped to the terminal (COLUMNS, else the width of standard output, else 80). */

char *msvis_visualize_help_text  (void);
char *msvis_visualize_usage_text (void);
int   msvis_visualize_columns_of (const char *text,
                                  gssize      bytes);

G_END_DECLS
