// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-era.h"
#include "msvis-npy.h"

G_BEGIN_DECLS

/* msprobe's six real-data metrics of a tensor pair (compare_ops_apply in npy_compare.py),
 * in its column order. */
typedef enum
{
  MSVIS_METRIC_COSINE,
  MSVIS_METRIC_EUC_DIST,
  MSVIS_METRIC_MAX_ABS_ERR,
  MSVIS_METRIC_MAX_RELATIVE_ERR,
  MSVIS_METRIC_ONE_THOUSANDTH_ERR_RATIO,
  MSVIS_METRIC_FIVE_THOUSANDTHS_ERR_RATIO,
  MSVIS_N_METRICS,
} MsvisMetric;

/* A number, or one of msprobe's strings in its place. */
typedef enum
{
  MSVIS_METRIC_NUMBER,
  MSVIS_METRIC_UNSUPPORTED,       /* "unsupported" */
  MSVIS_METRIC_SHAPE_UNMATCHED,   /* "shape unmatched" */
  MSVIS_METRIC_N_A,               /* "N/A" */
  MSVIS_METRIC_NAN,               /* "Nan" */
} MsvisMetricKind;

typedef struct
{
  MsvisMetricKind kind;
  gboolean        formatted;   /* the number went through float("%.12f" % x) */
  double          value;       /* when kind is MSVIS_METRIC_NUMBER */
} MsvisMetricValue;

typedef struct
{
  MsvisMetricValue metric[MSVIS_N_METRICS];
} MsvisTensorMetrics;

/* One side of the pair, as float64 in C order. */
typedef struct
{
  const double  *values;       /* the product of shape, 1 for a 0-d tensor */
  const guint64 *shape;
  guint          ndim;         /* 0: a 0-d tensor */
} MsvisTensorData;

/* A tensor read in C order as float64, @count values at a time: returns @scratch filled,
 * or a pointer to @count values it holds, or %NULL with @error set. */
typedef const double *(*MsvisTensorPull) (gpointer   source,
                                          double    *scratch,
                                          gsize      count,
                                          GError   **error);

typedef struct
{
  MsvisTensorPull  pull;
  gpointer         source;
  const guint64   *shape;
  guint            ndim;        /* 0: a 0-d tensor */
} MsvisTensorStream;

/* The float type numpy does the relative error in (and a 0-d tensor's difference). */
typedef enum
{
  MSVIS_TENSOR_ARITH_FLOAT64,
  MSVIS_TENSOR_ARITH_FLOAT32,
  MSVIS_TENSOR_ARITH_FLOAT16,
} MsvisTensorArith;

MsvisTensorArith msvis_tensor_arith_for      (MsvisNpyDtype             npu,
                                              MsvisNpyDtype             bench);
void             msvis_tensor_metrics_compute (MsvisTensorMetrics       *self,
                                              const MsvisTensorData    *npu,
                                              const MsvisTensorData    *bench,
                                              MsvisTensorArith          arith);
gboolean         msvis_tensor_metrics_compute_stream (MsvisTensorMetrics      *self,
                                                     const MsvisTensorStream *npu,
                                                     const MsvisTensorStream *bench,
                                                     MsvisTensorArith         arith,
                                                     GCancellable            *cancellable,
                                                     GError                 **error);
MsvisTensorArith msvis_tensor_arith_for_2026 (MsvisNpyDtype             npu,
                                              MsvisNpyDtype             bench,
                                              gboolean                  zero_d);
gboolean         msvis_tensor_metrics_compute_stream_2026 (MsvisTensorMetrics      *self,
                                                          const MsvisTensorStream *npu,
                                                          const MsvisTensorStream *bench,
                                                          MsvisTensorArith         abs_arith,
                                                          MsvisTensorArith         rel_arith,
                                                          GCancellable            *cancellable,
                                                          GError                 **error);
const char      *msvis_metric_kind_to_string (MsvisMetricKind           kind);
double           msvis_py_fmt12              (double                    value);
double           msvis_tensor_dot            (const double             *a,
                                              const double             *b,
                                              gsize                     n);

G_END_DECLS
