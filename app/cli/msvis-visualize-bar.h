// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The tqdm bar msprobe 26.0.0's graph_visualize draws on stderr (graph_service.py:800-850,
 * visualization/utils.py:332-334,542-546@8ff00da3):
 *   [Graph] Overall Progress:  45%|████▌     | 45% [00:03<00:04, 12.31it/s]
 * redrawn in place ten times a second, ending as "[Graph] All tasks completed: 100%|…".
 * Only on a terminal: logs, pipes and tests never get it. The percentage counts the dump
 * folders built out of those the run has, the last share being the writing. */

typedef struct _MsvisVisualizeBar MsvisVisualizeBar;

/* NULL when stderr is not a terminal; @units: the shares of the whole run (at least 1). */
MsvisVisualizeBar *msvis_visualize_bar_new    (guint               units);
/* @done of the units are over (the bar stops at 99% until finished). */
void               msvis_visualize_bar_set    (MsvisVisualizeBar  *bar,
                                               guint               done);
MsvisVisualizeBar *msvis_visualize_bar_start    (const char         *target,
                                                 const char         *golden);
void               msvis_visualize_bar_job_progress (const char     *message,
                                                     gpointer        data);
/* Draws the last state (completed: at 100% under its final name), ends the line and frees. */
void               msvis_visualize_bar_finish (MsvisVisualizeBar  *bar,
                                               gboolean            completed);

G_END_DECLS
