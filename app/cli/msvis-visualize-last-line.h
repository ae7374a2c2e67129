// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The progress line msprobe logs as Ctrl+C ends graph_visualize -progress_log: its
 * `finally: ProgressInfo.update_process_running(False)` (graph_service.py:783-791@8ff00da3). */

void msvis_visualize_last_line_set (const char *json);

G_END_DECLS
