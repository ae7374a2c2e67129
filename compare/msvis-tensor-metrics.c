// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include "msvis-py-repr.h"
#include "msvis-tensor-metrics.h"

/* msprobe's Const.FLOAT_EPSILON, which is 2^-52 exactly. */
#define EPS              2.220446049250313e-16
#define COSINE_THRESHOLD 0.9999
/* numpy's PW_BLOCKSIZE: the largest run summed without splitting. */
#define BLOCK            128

/* Numerics, and where they can differ from numpy.
 *
 * MaxAbsErr, MaxRelativeErr and the two ratios are exact: each element is an IEEE operation,
 * and a maximum or a count does not depend on order. get_relative_err works in the arrays' own
 * float type (float16 and float32 stay so; msprobe converts to float64 only afterwards), so
 * each of its operations is done here in double and rounded to that type. Rounding an exact
 * double result once more to float or half gives the correctly rounded result, since double
 * has more than twice their precision plus two bits. The thresholds 0.001 and 0.005 are
 * compared in that type too, as numpy casts the Python float to the array's type.
 *
 * Cosine and EucDist need sums of products. numpy's np.dot and np.linalg.norm (which is
 * sqrt(x.dot(x)), not LAPACK's scaled dnrm2, so it overflows to inf as numpy does) call the
 * BLAS ddot that numpy was built with: reference BLAS adds in order, OpenBLAS in SIMD lanes
 * with fused multiply-adds, and the order differs between CPUs. No order matches all of them,
 * so the sums here use numpy's pairwise scheme (blocks of 128 with 8 accumulators), which is
 * accurate and the same on every machine; products are stored before they are added so that
 * no compiler fuses them. Results can differ from numpy's in the last bits: EucDist by a few
 * units in the last place, Cosine, after rounding to 12 decimals, only when it lies next to a
 * rounding boundary. */

const char *
msvis_metric_kind_to_string (MsvisMetricKind kind)
{
  switch (kind)
    {
    case MSVIS_METRIC_UNSUPPORTED:     return "unsupported";
    case MSVIS_METRIC_SHAPE_UNMATCHED: return "shape unmatched";
    case MSVIS_METRIC_N_A:             return "N/A";
    case MSVIS_METRIC_NAN:             return "Nan";
    case MSVIS_METRIC_NUMBER:
    default:                           return NULL;
    }
}

/**
 * msvis_py_fmt12:
 *
 * msprobe's format_value: float("%.12f" % value), correctly rounded as Python does it.
 */
double
msvis_py_fmt12 (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE + 340];   /* 309 integer digits, a point and 12 decimals */

  if (!isfinite (value))
    return value;
  g_ascii_formatd (buf, sizeof buf, "%.12f", value);
  return g_ascii_strtod (buf, NULL);
}

/* numpy's float16 rounding (round half to even, overflow to inf). */
static double
round_half (double x)
{
  int e;

  if (!isfinite (x) || x == 0)
    return x;
  if (fabs (x) >= 65520.0)
    return copysign (INFINITY, x);
  if (fabs (x) < 0x1p-14)
    return nearbyint (x * 0x1p24) * 0x1p-24;
  frexp (x, &e);
  return ldexp (nearbyint (ldexp (x, 11 - e)), e - 11);
}

static inline double
round_to (MsvisTensorArith arith,
          double           x)
{
  switch (arith)
    {
    case MSVIS_TENSOR_ARITH_FLOAT32: return (float)x;
    case MSVIS_TENSOR_ARITH_FLOAT16: return round_half (x);
    case MSVIS_TENSOR_ARITH_FLOAT64:
    default:                         return x;
    }
}

/**
 * msvis_tensor_arith_for:
 *
 * The type get_relative_err computes in: a bench of a float type other than bfloat16 keeps
 * the arrays' types (their numpy promotion); anything else is converted to float64 first.
 * An integer NPU array against a float bench makes msprobe's `n[mask] += eps` raise; float64
 * is given for it. bfloat16 counts as float32, as msprobe turns PyTorch's bfloat16 into it.
 */
MsvisTensorArith
msvis_tensor_arith_for (MsvisNpyDtype npu,
                        MsvisNpyDtype bench)
{
  int width_n, width_b;

  if (bench == MSVIS_NPY_BFLOAT16 || !msvis_npy_dtype_is_float (bench)
      || !msvis_npy_dtype_is_float (npu))
    return MSVIS_TENSOR_ARITH_FLOAT64;
  width_n = npu == MSVIS_NPY_BFLOAT16 ? 4 : (int)msvis_npy_dtype_size (npu);
  width_b = (int)msvis_npy_dtype_size (bench);
  switch (MAX (width_n, width_b))
    {
    case 2:  return MSVIS_TENSOR_ARITH_FLOAT16;
    case 4:  return MSVIS_TENSOR_ARITH_FLOAT32;
    default: return MSVIS_TENSOR_ARITH_FLOAT64;
    }
}

/* numpy's pairwise_sum leaf: 8 accumulators, combined as a tree, then the rest in order. */
static double
leaf_sum (const double *t,
          gsize         n)
{
  double r[8], res = 0.;
  gsize i;

  if (n < 8)
    {
      for (i = 0; i < n; i++)
        res += t[i];
      return res;
    }
  for (i = 0; i < 8; i++)
    r[i] = t[i];
  for (i = 8; i < n - n % 8; i += 8)
    for (gsize j = 0; j < 8; j++)
      r[j] += t[i + j];
  res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
  for (; i < n; i++)
    res += t[i];
  return res;
}

typedef struct
{
  double nb, nn, bb, dd;
} Sums;

/* Not inlined, so that the products are rounded before leaf_sum adds them. */
static G_GNUC_NO_INLINE void
products (const double *a,
          const double *b,
          gsize         n,
          gboolean      sanitize,
          double        t[4][BLOCK])
{
  for (gsize i = 0; i < n; i++)
    {
      double x = a[i], y = b[i], d;

      /* msprobe sets inf and NaN to 0 where both sides have them. */
      if (sanitize)
        {
          x = isfinite (x) ? x : 0;
          y = isfinite (y) ? y : 0;
        }
      d = x - y;
      t[0][i] = x * y;
      t[1][i] = x * x;
      t[2][i] = y * y;
      t[3][i] = d * d;
    }
}

static Sums
pairwise (const double *a,
          const double *b,
          gsize         n,
          gboolean      sanitize)
{
  if (n <= BLOCK)
    {
      double t[4][BLOCK];

      products (a, b, n, sanitize, t);
      return (Sums) { leaf_sum (t[0], n), leaf_sum (t[1], n), leaf_sum (t[2], n),
                      leaf_sum (t[3], n) };
    }
  else
    {
      gsize half = n / 2;
      Sums l, r;

      half -= half % 8;
      l = pairwise (a, b, half, sanitize);
      r = pairwise (a + half, b + half, n - half, sanitize);
      return (Sums) { l.nb + r.nb, l.nn + r.nn, l.bb + r.bb, l.dd + r.dd };
    }
}

/**
 * msvis_tensor_dot:
 *
 * The dot product of @a and @b, summed the way msvis sums all its metrics (see the comment on
 * numerics above).
 */
double
msvis_tensor_dot (const double *a,
                  const double *b,
                  gsize         n)
{
  g_return_val_if_fail (n == 0 || (a != NULL && b != NULL), NAN);
  return pairwise (a, b, n, FALSE).nb;
}

static void
set_all (MsvisTensorMetrics *self,
         MsvisMetricKind     kind)
{
  for (guint i = 0; i < MSVIS_N_METRICS; i++)
    self->metric[i] = (MsvisMetricValue) { kind, FALSE, 0 };
}

static void
set_number (MsvisTensorMetrics *self,
            MsvisMetric         metric,
            double              value,
            gboolean            format)
{
  self->metric[metric] = (MsvisMetricValue) { MSVIS_METRIC_NUMBER, format,
                                              format ? msvis_py_fmt12 (value) : value };
}

/* "Nan" for NaN, else fmt(value): MaxAbsErr and MaxRelativeErr. */
static void
set_max (MsvisTensorMetrics *self,
         MsvisMetric         metric,
         double              value)
{
  if (isnan (value))
    self->metric[metric] = (MsvisMetricValue) { MSVIS_METRIC_NAN, FALSE, 0 };
  else
    set_number (self, metric, value, TRUE);
}

static guint64
count_of (const MsvisTensorData *t)
{
  guint64 n = 1;

  for (guint i = 0; i < t->ndim; i++)
    n *= t->shape[i];
  return n;
}

static gboolean
same_shape (const MsvisTensorData *a,
            const MsvisTensorData *b)
{
  if (a->ndim != b->ndim)
    return FALSE;
  for (guint i = 0; i < a->ndim; i++)
    if (a->shape[i] != b->shape[i])
      return FALSE;
  return TRUE;
}

/* get_relative_err for one element, in @arith: eps is added where the bench is 0 (after
 * rounding eps to @arith, where it is 0 for float16), then |(n - b) / b|. */
static inline double
relative_error (MsvisTensorArith arith,
                double           n,
                double           b)
{
  if (b == 0)
    {
      double eps = round_to (arith, EPS);

      n = round_to (arith, n + eps);
      b = eps;
    }
  return fabs (round_to (arith, round_to (arith, n - b) / b));
}

/* np.max: NaN wins. */
static inline double
nan_max (double m,
         double x)
{
  return isnan (m) || isnan (x) ? NAN : MAX (m, x);
}

/* A 0-d NPU tensor: no flattening and no inf/NaN handling. Only MaxAbsErr and MaxRelativeErr
 * are computed, both in @arith. */
static void
compute_0d (MsvisTensorMetrics    *self,
            double                 n,
            const MsvisTensorData *bench,
            MsvisTensorArith       arith)
{
  set_all (self, MSVIS_METRIC_UNSUPPORTED);
  /* The shape check comes after the 0-d one, so msprobe meets a bench that is not 0-d in
   * get_relative_err, where indexing the 0-d NPU array with the bench's mask raises
   * IndexError; no metric comes out of that. */
  if (bench->ndim != 0)
    return;
  set_max (self, MSVIS_METRIC_MAX_ABS_ERR, fabs (round_to (arith, n - bench->values[0])));
  set_max (self, MSVIS_METRIC_MAX_RELATIVE_ERR, relative_error (arith, n, bench->values[0]));
}

/* handle_inf_nan: TRUE if inf and NaN sit at the same places on both sides (the sign of an
 * inf does not matter), and then whether there are any. */
static gboolean
invalid_positions_match (const double *n,
                         const double *b,
                         guint64       count,
                         gboolean     *any)
{
  *any = FALSE;
  for (guint64 i = 0; i < count; i++)
    {
      if (isfinite (n[i]) && isfinite (b[i]))
        continue;
      if (!!isinf (n[i]) != !!isinf (b[i]) || !!isnan (n[i]) != !!isnan (b[i]))
        return FALSE;
      *any = TRUE;
    }
  return TRUE;
}

static void
compute_cosine (MsvisTensorMetrics *self,
                const Sums         *sums,
                guint64             count)
{
  double a_norm = sqrt (sums->nn), b_norm = sqrt (sums->bb), cos;

  if (count == 1)
    self->metric[MSVIS_METRIC_COSINE] = (MsvisMetricValue) { MSVIS_METRIC_UNSUPPORTED, FALSE, 0 };
  else if (a_norm <= EPS && b_norm <= EPS)
    set_number (self, MSVIS_METRIC_COSINE, 1.0, FALSE);
  else if (a_norm <= EPS || b_norm <= EPS)
    self->metric[MSVIS_METRIC_COSINE] = (MsvisMetricValue) { MSVIS_METRIC_NAN, FALSE, 0 };
  else
    {
      cos = sums->nb / (a_norm * b_norm);
      if (isnan (cos))
        self->metric[MSVIS_METRIC_COSINE] = (MsvisMetricValue) { MSVIS_METRIC_NAN, FALSE, 0 };
      else
        {
          set_number (self, MSVIS_METRIC_COSINE, cos, TRUE);
          if (self->metric[MSVIS_METRIC_COSINE].value > COSINE_THRESHOLD)
            self->metric[MSVIS_METRIC_COSINE].value =
              msvis_py_round6 (self->metric[MSVIS_METRIC_COSINE].value);
        }
    }
}

/* Equal shapes, inf and NaN at the same places (@any_invalid: there are some). */
static void
compute_all (MsvisTensorMetrics *self,
             const double       *npu,
             const double       *bench,
             guint64             count,
             gboolean            any_invalid,
             MsvisTensorArith    arith)
{
  guint64 n_one = 0, n_five = 0;
  double abs_max = -INFINITY, rel_max = -INFINITY, one, five;
  Sums sums;

  one = round_to (arith, 0.001);
  five = round_to (arith, 0.005);
  for (guint64 i = 0; i < count; i++)
    {
      double n = npu[i], b = bench[i], rel;

      if (any_invalid && !isfinite (n))
        n = b = 0;   /* both are inf or NaN here */
      rel = relative_error (arith, n, b);
      abs_max = nan_max (abs_max, fabs (n - b));
      rel_max = nan_max (rel_max, rel);
      n_one += rel < one;
      n_five += rel < five;
    }

  sums = pairwise (npu, bench, count, any_invalid);
  compute_cosine (self, &sums, count);
  set_number (self, MSVIS_METRIC_EUC_DIST, sqrt (sums.dd), FALSE);
  set_max (self, MSVIS_METRIC_MAX_ABS_ERR, abs_max);
  set_max (self, MSVIS_METRIC_MAX_RELATIVE_ERR, rel_max);
  set_number (self, MSVIS_METRIC_ONE_THOUSANDTH_ERR_RATIO, (double)n_one / (double)count, TRUE);
  set_number (self, MSVIS_METRIC_FIVE_THOUSANDTHS_ERR_RATIO, (double)n_five / (double)count,
              TRUE);
}

/**
 * msvis_tensor_metrics_compute:
 * @arith: from msvis_tensor_arith_for() on the arrays' dtypes
 *
 * msprobe's checks in its order (empty NPU tensor, 0-d NPU tensor, shape mismatch, inf and
 * NaN positions), then the six metrics of npy_compare.py.
 */
void
msvis_tensor_metrics_compute (MsvisTensorMetrics    *self,
                              const MsvisTensorData *npu,
                              const MsvisTensorData *bench,
                              MsvisTensorArith       arith)
{
  guint64 count;
  gboolean any_invalid;

  g_return_if_fail (self != NULL && npu != NULL && bench != NULL);
  g_return_if_fail (arith <= MSVIS_TENSOR_ARITH_FLOAT16);

  count = count_of (npu);
  if (count == 0)
    set_all (self, MSVIS_METRIC_UNSUPPORTED);
  else if (npu->ndim == 0)
    compute_0d (self, npu->values[0], bench, arith);
  else if (!same_shape (npu, bench))
    set_all (self, MSVIS_METRIC_SHAPE_UNMATCHED);
  else if (!invalid_positions_match (npu->values, bench->values, count, &any_invalid))
    set_all (self, MSVIS_METRIC_N_A);
  else
    compute_all (self, npu->values, bench->values, count, any_invalid, arith);
}
