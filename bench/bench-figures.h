// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char   *name;
  GArray *ms;       /* double */
  double  target;   /* ms; 0: no target, the figure explains another */
} BenchFigure;

void         bench_figures_init  (void);
void         bench_figures_clear (void);
double       bench_now_ms        (void);
BenchFigure *bench_figure_new    (double       target,
                                  const char  *format,
                                  ...) G_GNUC_PRINTF (2, 3);
void         bench_figure_add    (BenchFigure *f,
                                  double       ms);
void         bench_run_baseline  (void);
void         bench_print_report  (double       expand_target,
                                  double       frame_target);

G_END_DECLS
