// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A `.trend.db` read the way TREND ANALYZER reads it (trend-2026 § 10): its metrics and
 * statistics, and the values of one metric and statistic over two of the three dimensions
 * (step, rank, target) with the third fixed. msprobe's and msvis's files, dump or monitor. */

typedef enum
{
  MSVIS_TREND_DIM_STEP,     /* a step fixed: ranks across, targets down */
  MSVIS_TREND_DIM_RANK,     /* a rank fixed: steps across, targets down */
  MSVIS_TREND_DIM_MODULE,   /* a target fixed: steps across, ranks down */
} MsvisTrendDim;

/* What a cell holds; the database's clipping (§ 6.3) tells the infinities from big values. */
typedef enum
{
  MSVIS_TREND_CELL_GAP,      /* no row: the step, rank or target is missing there */
  MSVIS_TREND_CELL_VALUE,
  MSVIS_TREND_CELL_NAN,      /* NULL: NaN in the dump, or no such statistic */
  MSVIS_TREND_CELL_POS_INF,  /* 1e9 + 1 */
  MSVIS_TREND_CELL_NEG_INF,  /* −1e9 − 1 */
  MSVIS_TREND_CELL_CLIPPED,  /* ±1e9: a finite value at or beyond the clip */
} MsvisTrendCell;

typedef struct
{
  gint64  id;
  char   *name;        /* target_name */
  gint64  vpp_stage;
  gint64  index;       /* monitoring_targets.micro_step: the call counter */
} MsvisTrendTarget;

/* One heat map: x[nx] across, y[ny] down (ranks, steps or target ids), cells row by row. */
typedef struct
{
  MsvisTrendDim   dim;
  gint64          fixed;
  GArray         *x;        /* gint64 */
  GArray         *y;        /* gint64 */
  double         *values;   /* ny × nx, meaningful where kinds says VALUE or CLIPPED */
  guint8         *kinds;    /* MsvisTrendCell */
  gboolean        relative; /* (NPU − bench) / |bench| of two slices (msvis_trend_relative) */
} MsvisTrendSlice;

/* A line along the remaining dimension: at[i] (step, rank or target id) and its cell. */
typedef struct
{
  GArray  *at;              /* gint64 */
  double  *values;
  guint8  *kinds;
} MsvisTrendLine;

typedef struct _MsvisTrendReader MsvisTrendReader;

MsvisTrendReader *msvis_trend_reader_open        (const char        *path,
                                                  GError           **error);
void              msvis_trend_reader_free        (MsvisTrendReader  *self);
const char       *msvis_trend_reader_get_path    (MsvisTrendReader  *self);
guint             msvis_trend_reader_n_metrics   (MsvisTrendReader  *self);
const char       *msvis_trend_reader_metric_name (MsvisTrendReader  *self,
                                                  guint              metric);
const char *const *msvis_trend_reader_metric_stats (MsvisTrendReader *self,
                                                    guint             metric);
const GArray     *msvis_trend_reader_get_steps   (MsvisTrendReader  *self);
const GArray     *msvis_trend_reader_get_ranks   (MsvisTrendReader  *self);
GArray           *msvis_trend_reader_targets     (MsvisTrendReader  *self,
                                                  guint              metric,
                                                  GError           **error);
MsvisTrendSlice  *msvis_trend_reader_slice       (MsvisTrendReader  *self,
                                                  guint              metric,
                                                  const char        *stat,
                                                  MsvisTrendDim      dim,
                                                  gint64             fixed,
                                                  const GArray      *targets,
                                                  GError           **error);
MsvisTrendLine   *msvis_trend_reader_line        (MsvisTrendReader  *self,
                                                  guint              metric,
                                                  const char        *stat,
                                                  MsvisTrendDim      dim,
                                                  gint64             fixed,
                                                  gint64             x,
                                                  gint64             y,
                                                  const GArray      *targets,
                                                  GError           **error);
MsvisTrendCell    msvis_trend_cell_kind          (double             value);
GArray           *msvis_trend_align_targets      (const GArray      *targets,
                                                  const GArray      *bench_targets);
gint              msvis_trend_reader_find_metric (MsvisTrendReader  *self,
                                                  const char        *name);
void              msvis_trend_relative           (const GArray      *x,
                                                  const GArray      *y,
                                                  double            *values,
                                                  guint8            *kinds,
                                                  const GArray      *bench_x,
                                                  const GArray      *bench_y,
                                                  const double      *bench_values,
                                                  const guint8      *bench_kinds,
                                                  gboolean           y_by_value);
void              msvis_trend_slice_free         (MsvisTrendSlice   *slice);
void              msvis_trend_line_free          (MsvisTrendLine    *line);
void              msvis_trend_target_clear       (gpointer           target);

/* msvis-trend-compare.c */
gboolean          msvis_trend_compare_slice      (MsvisTrendReader  *bench,
                                                  const char        *metric,
                                                  const char        *stat,
                                                  MsvisTrendSlice   *slice,
                                                  const GArray      *targets,
                                                  GError           **error);
gboolean          msvis_trend_compare_line       (MsvisTrendReader  *bench,
                                                  const char        *metric,
                                                  const char        *stat,
                                                  MsvisTrendDim      dim,
                                                  gint64             fixed,
                                                  gint64             x,
                                                  gint64             y,
                                                  const GArray      *targets,
                                                  MsvisTrendLine    *line,
                                                  GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisTrendReader, msvis_trend_reader_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisTrendSlice, msvis_trend_slice_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisTrendLine, msvis_trend_line_free)

G_END_DECLS
