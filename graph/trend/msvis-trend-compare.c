// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "msvis-trend.h"
#include "msvis-trend-reader.h"

/* A run against a benchmark run: the same heat map and lines of both trend databases, cell by
 * cell as (NPU − bench) / |bench|. Targets are matched by name, vpp stage and call index, steps
 * and ranks by number. */

static GHashTable *
index_of (const GArray *values)
{
  GHashTable *map = g_hash_table_new_full (g_int64_hash, g_int64_equal, NULL, NULL);

  for (guint i = 0; i < values->len; i++)
    g_hash_table_insert (map, &g_array_index (values, gint64, i), GUINT_TO_POINTER (i + 1));
  return map;
}

/**
 * msvis_trend_align_targets:
 *
 * The benchmark's targets in the order of @targets, matched by (name, vpp_stage, index), since
 * the two databases number their targets apart; a target the benchmark lacks gets id −1.
 *
 * Returns: (transfer full): MsvisTrendTarget, one per element of @targets
 */
GArray *
msvis_trend_align_targets (const GArray *targets,
                           const GArray *bench_targets)
{
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GArray *aligned = g_array_sized_new (FALSE, FALSE, sizeof (MsvisTrendTarget), targets->len);

  g_array_set_clear_func (aligned, msvis_trend_target_clear);
  for (guint i = 0; i < bench_targets->len; i++)
    {
      const MsvisTrendTarget *t = &g_array_index (bench_targets, MsvisTrendTarget, i);

      g_hash_table_insert (ids, g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %s",
                                                 t->vpp_stage, t->index, t->name),
                           GUINT_TO_POINTER (i + 1));
    }
  for (guint i = 0; i < targets->len; i++)
    {
      const MsvisTrendTarget *t = &g_array_index (targets, MsvisTrendTarget, i);
      g_autofree char *key = g_strdup_printf ("%" G_GINT64_FORMAT " %" G_GINT64_FORMAT " %s",
                                              t->vpp_stage, t->index, t->name);
      guint found = GPOINTER_TO_UINT (g_hash_table_lookup (ids, key));
      MsvisTrendTarget copy = { found ? g_array_index (bench_targets, MsvisTrendTarget,
                                                       found - 1).id : -1,
                                g_strdup (t->name), t->vpp_stage, t->index };

      g_array_append_val (aligned, copy);
    }
  return aligned;
}

static void
relative_cell (double         *value,
               guint8         *kind,
               double          bench,
               MsvisTrendCell  bench_kind)
{
  MsvisTrendCell own = *kind;

  if (own == MSVIS_TREND_CELL_GAP || bench_kind == MSVIS_TREND_CELL_GAP)
    *kind = MSVIS_TREND_CELL_GAP;
  else if (own == MSVIS_TREND_CELL_NAN || bench_kind == MSVIS_TREND_CELL_NAN ||
           bench_kind == MSVIS_TREND_CELL_POS_INF || bench_kind == MSVIS_TREND_CELL_NEG_INF)
    *kind = MSVIS_TREND_CELL_NAN;           /* no number says how far from NaN or inf */
  else if (own == MSVIS_TREND_CELL_POS_INF || own == MSVIS_TREND_CELL_NEG_INF)
    ;                                        /* inf against a number stays inf */
  else if (bench == 0)
    *kind = *value == 0 ? MSVIS_TREND_CELL_VALUE : MSVIS_TREND_CELL_NAN;
  else
    {
      *value = (*value - bench) / fabs (bench);
      *kind = MSVIS_TREND_CELL_VALUE;
    }
}

/**
 * msvis_trend_relative:
 * @y_by_value: rows are ranks, matched by number; otherwise rows are aligned targets,
 *   matched by position
 *
 * Turns @values into (NPU − bench) / |bench| cell by cell, the columns matched by their step or
 * rank number. A cell either side lacks is a gap; NaN or inf on the bench side has no relative
 * difference (NaN); 0 against 0 is 0.
 */
void
msvis_trend_relative (const GArray *x,
                      const GArray *y,
                      double       *values,
                      guint8       *kinds,
                      const GArray *bench_x,
                      const GArray *bench_y,
                      const double *bench_values,
                      const guint8 *bench_kinds,
                      gboolean      y_by_value)
{
  g_autoptr(GHashTable) bx = index_of (bench_x);
  g_autoptr(GHashTable) by = index_of (bench_y);

  for (guint r = 0; r < y->len; r++)
    {
      guint br = y_by_value
                 ? GPOINTER_TO_UINT (g_hash_table_lookup (by, &g_array_index (y, gint64, r)))
                 : (r < bench_y->len ? r + 1 : 0);

      for (guint c = 0; c < x->len; c++)
        {
          guint bc = GPOINTER_TO_UINT (g_hash_table_lookup (bx, &g_array_index (x, gint64, c)));
          gsize i = (gsize)r * x->len + c;

          if (br == 0 || bc == 0)
            kinds[i] = MSVIS_TREND_CELL_GAP;
          else
            relative_cell (&values[i], &kinds[i],
                           bench_values[(gsize)(br - 1) * bench_x->len + bc - 1],
                           bench_kinds[(gsize)(br - 1) * bench_x->len + bc - 1]);
        }
    }
}

static GArray *
bench_targets (MsvisTrendReader  *bench,
               const char        *metric,
               const char        *stat,
               const GArray      *targets,
               gint              *bench_metric,
               GError           **error)
{
  g_autoptr(GArray) theirs = NULL;

  *bench_metric = msvis_trend_reader_find_metric (bench, metric);
  if (*bench_metric < 0 ||
      !g_strv_contains (msvis_trend_reader_metric_stats (bench, *bench_metric), stat))
    {
      g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_SCHEMA,
                   /* translators: a file path, a metric and a statistic */
                   _("%s: the benchmark has no %s %s"), msvis_trend_reader_get_path (bench),
                   metric, stat);
      return NULL;
    }
  theirs = msvis_trend_reader_targets (bench, *bench_metric, error);
  return theirs ? msvis_trend_align_targets (targets, theirs) : NULL;
}

static gint64
bench_id (const GArray *targets,
          const GArray *aligned,
          gint64        id)
{
  for (guint i = 0; i < targets->len; i++)
    if (g_array_index (targets, MsvisTrendTarget, i).id == id)
      return g_array_index (aligned, MsvisTrendTarget, i).id;
  return -1;
}

/**
 * msvis_trend_compare_slice:
 * @targets: @slice's targets (of the NPU database)
 *
 * Makes @slice the relative difference to the same map of @bench.
 */
gboolean
msvis_trend_compare_slice (MsvisTrendReader  *bench,
                           const char        *metric,
                           const char        *stat,
                           MsvisTrendSlice   *slice,
                           const GArray      *targets,
                           GError           **error)
{
  g_autoptr(GArray) aligned = NULL;
  g_autoptr(MsvisTrendSlice) theirs = NULL;
  gint bench_metric;
  gint64 fixed = slice->fixed;

  aligned = bench_targets (bench, metric, stat, targets, &bench_metric, error);
  if (aligned == NULL)
    return FALSE;
  if (slice->dim == MSVIS_TREND_DIM_MODULE)
    fixed = bench_id (targets, aligned, fixed);
  theirs = msvis_trend_reader_slice (bench, bench_metric, stat, slice->dim, fixed, aligned,
                                     error);
  if (theirs == NULL)
    return FALSE;
  msvis_trend_relative (slice->x, slice->y, slice->values, slice->kinds, theirs->x, theirs->y,
                        theirs->values, theirs->kinds, slice->dim == MSVIS_TREND_DIM_MODULE);
  slice->relative = TRUE;
  return TRUE;
}

/**
 * msvis_trend_compare_line:
 *
 * Makes @line, of the cell (@x, @y) of the map (@dim, @fixed), the relative difference to the
 * same line of @bench.
 */
gboolean
msvis_trend_compare_line (MsvisTrendReader  *bench,
                          const char        *metric,
                          const char        *stat,
                          MsvisTrendDim      dim,
                          gint64             fixed,
                          gint64             x,
                          gint64             y,
                          const GArray      *targets,
                          MsvisTrendLine    *line,
                          GError           **error)
{
  g_autoptr(GArray) aligned = NULL;
  g_autoptr(MsvisTrendLine) theirs = NULL;
  g_autoptr(GArray) one = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint bench_metric;
  gint64 zero = 0;

  aligned = bench_targets (bench, metric, stat, targets, &bench_metric, error);
  if (aligned == NULL)
    return FALSE;
  if (dim == MSVIS_TREND_DIM_MODULE)
    fixed = bench_id (targets, aligned, fixed);
  else
    y = bench_id (targets, aligned, y);
  theirs = msvis_trend_reader_line (bench, bench_metric, stat, dim, fixed, x, y, aligned, error);
  if (theirs == NULL)
    return FALSE;
  /* along targets, the benchmark's line is in the NPU's target order: matched by position */
  if (dim == MSVIS_TREND_DIM_MODULE)
    {
      g_array_unref (theirs->at);
      theirs->at = g_array_ref (line->at);
    }
  g_array_append_val (one, zero);
  msvis_trend_relative (line->at, one, line->values, line->kinds, theirs->at, one,
                        theirs->values, theirs->kinds, TRUE);
  return TRUE;
}
