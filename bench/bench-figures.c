// SPDX-License-Identifier: GPL-3.0-or-later
//
// The figures a benchmark prints: each a median of runs, next to the median of a CPU baseline
// measured in the same run (the machine is shared and noisy, so ratios compare, not times).

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-figures.h"

#define BASELINE_N 1000000

static GArray *baselines;   /* double */
static GPtrArray *figures;   /* BenchFigure */

double
bench_now_ms (void)
{
  return g_get_monotonic_time () / 1000.;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

static double
median (GArray *ms)
{
  g_autofree double *sorted = g_memdup2 (ms->data, ms->len * sizeof (double));

  if (ms->len == 0)
    return 0;
  qsort (sorted, ms->len, sizeof (double), compare_doubles);
  return ms->len % 2 ? sorted[ms->len / 2]
                     : (sorted[ms->len / 2 - 1] + sorted[ms->len / 2]) / 2;
}

static double
array_min (GArray *ms)
{
  double m = G_MAXDOUBLE;

  for (guint i = 0; i < ms->len; i++)
    m = MIN (m, g_array_index (ms, double, i));
  return m;
}

static double
array_max (GArray *ms)
{
  double m = 0;

  for (guint i = 0; i < ms->len; i++)
    m = MAX (m, g_array_index (ms, double, i));
  return m;
}

BenchFigure *
bench_figure_new (double      target,
                  const char *format,
                  ...)
{
  BenchFigure *f = g_new0 (BenchFigure, 1);
  va_list args;

  va_start (args, format);
  f->name = g_strdup_vprintf (format, args);
  va_end (args);
  f->ms = g_array_new (FALSE, FALSE, sizeof (double));
  f->target = target;
  g_ptr_array_add (figures, f);
  return f;
}

void
bench_figure_add (BenchFigure *f,
                  double       ms)
{
  g_array_append_val (f->ms, ms);
}

static void
figure_free (gpointer data)
{
  BenchFigure *f = data;

  g_free (f->name);
  g_array_unref (f->ms);
  g_free (f);
}

/* The yardstick: a fixed CPU-bound job on this thread (about 0.1 s on a desktop, 0.2 s on the
 * shared 2-core machine). The array is filled outside the timing, from the same seed. */
void
bench_run_baseline (void)
{
  g_autofree double *values = g_new (double, BASELINE_N);
  g_autoptr(GRand) rand = g_rand_new_with_seed (20240601);
  double t0, ms;

  for (guint i = 0; i < BASELINE_N; i++)
    values[i] = g_rand_double (rand);
  t0 = bench_now_ms ();
  qsort (values, BASELINE_N, sizeof (double), compare_doubles);
  ms = bench_now_ms () - t0;
  g_array_append_val (baselines, ms);
}

void
bench_print_report (double expand_target,
                    double frame_target)
{
  double base = median (baselines);
  int width = 0;

  printf ("\nbaseline: qsort of %d random doubles, %u runs spread over the benchmark (ms):",
          BASELINE_N, baselines->len);
  for (guint i = 0; i < baselines->len; i++)
    printf (" %.1f", g_array_index (baselines, double, i));
  printf ("\nbaseline median: %.1f ms", base);
  if (expand_target > 0 && frame_target > 0)
    printf ("  (targets here: %.0f ms = %.2f x, %.0f ms = %.3f x)", expand_target,
            expand_target / base, frame_target, frame_target / base);
  printf ("\n\n");
  for (guint i = 0; i < figures->len; i++)
    width = MAX (width, (int)strlen (((BenchFigure *)g_ptr_array_index (figures, i))->name));
  printf ("%-*s %8s %8s %13s  %s\n", width, "figure (median)", "ms", "x base", "min..max",
          "target");
  for (guint i = 0; i < figures->len; i++)
    {
      BenchFigure *f = g_ptr_array_index (figures, i);
      double m = median (f->ms);
      g_autofree char *range = g_strdup_printf ("%.1f..%.1f", array_min (f->ms),
                                                array_max (f->ms));

      printf ("%-*s %8.2f %8.4f %13s", width, f->name, m, m / base, range);
      if (f->target > 0)
        printf ("  %s (< %.0f ms)", m < f->target ? "PASS" : "FAIL", f->target);
      printf ("\n");
    }
  printf ("\nPASS/FAIL compare absolute times with the issue's targets; they depend on the "
          "machine.\nThe ratios to the baseline are what to compare between runs and machines."
          "\n");
}

void
bench_figures_init (void)
{
  figures = g_ptr_array_new_with_free_func (figure_free);
  baselines = g_array_new (FALSE, FALSE, sizeof (double));
}

void
bench_figures_clear (void)
{
  g_clear_pointer (&figures, g_ptr_array_unref);
  g_clear_pointer (&baselines, g_array_unref);
}
