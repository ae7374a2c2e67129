// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <float.h>
#include <math.h>
#include <string.h>

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

/* The hot loops are compiled for AVX2 too where the compiler can make clones (x86-64 with
 * ifunc), picked at load time; each lane does what the scalar code does, in the same order,
 * and no FMA is used, so the results are the same on every machine. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && defined(__ELF__)
#define MSVIS_VECTOR_CLONES __attribute__ ((target_clones ("avx2", "default")))
#else
#define MSVIS_VECTOR_CLONES
#endif

/* numpy's pairwise_sum leaf: 8 accumulators, combined as a tree, then the rest in order. */
static MSVIS_VECTOR_CLONES double
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
static G_GNUC_NO_INLINE MSVIS_VECTOR_CLONES void
products (const double *a,
          const double *b,
          gsize         n,
          double        t[4][BLOCK])
{
  for (gsize i = 0; i < n; i++)
    {
      double x = a[i], y = b[i], d = x - y;

      t[0][i] = x * y;
      t[1][i] = x * x;
      t[2][i] = y * y;
      t[3][i] = d * d;
    }
}

static Sums
pairwise (const double *a,
          const double *b,
          gsize         n)
{
  if (n <= BLOCK)
    {
      double t[4][BLOCK];

      products (a, b, n, t);
      return (Sums) { leaf_sum (t[0], n), leaf_sum (t[1], n), leaf_sum (t[2], n),
                      leaf_sum (t[3], n) };
    }
  else
    {
      gsize half = n / 2;
      Sums l, r;

      half -= half % 8;
      l = pairwise (a, b, half);
      r = pairwise (a + half, b + half, n - half);
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
  return pairwise (a, b, n).nb;
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

/* A 0-d NPU tensor: no flattening and no inf/NaN handling. Only MaxAbsErr and MaxRelativeErr
 * are computed, both in @arith. */
static void
compute_0d (MsvisTensorMetrics *self,
            double              n,
            double              b,
            MsvisTensorArith    arith)
{
  set_all (self, MSVIS_METRIC_UNSUPPORTED);
  set_max (self, MSVIS_METRIC_MAX_ABS_ERR, fabs (round_to (arith, n - b)));
  set_max (self, MSVIS_METRIC_MAX_RELATIVE_ERR, relative_error (arith, n, b));
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

/* One pass over both tensors, in the blocks of numpy's pairwise sum: each block is pulled
 * from its source (a file being read, or an array), checked for inf and NaN, and gives its
 * part of every metric while it is in cache. */
typedef struct
{
  const MsvisTensorStream *npu;
  const MsvisTensorStream *bench;
  MsvisTensorArith         arith;
  double                   one, five;       /* the thresholds in @arith */
  double                   abs_max, rel_max;
  gboolean                 rel_nan;         /* np.max: NaN wins */
  guint64                  n_one, n_five;
  gboolean                 mismatch;        /* inf or NaN at different places */
  GError                 **error;           /* set: a source failed */
  GCancellable            *cancellable;
  gboolean                 stop;            /* mismatch, error or cancelled: no more blocks */
  float                    eps32;           /* get_relative_err's eps in float32 */
  double                   eps64;
  gboolean                 in_order;        /* msprobe 26: dot products in element order */
  Sums                     sums_in_order;
} Walk;

/* handle_inf_nan on one block: inf and NaN must sit at the same places on both sides (the
 * sign of an inf does not matter), and then count as 0. */
static gboolean
sanitize (double *x,
          double *y,
          gsize   n)
{
  for (gsize i = 0; i < n; i++)
    {
      if (isfinite (x[i]) && isfinite (y[i]))
        continue;
      if (!!isinf (x[i]) != !!isinf (y[i]) || !!isnan (x[i]) != !!isnan (y[i]))
        return FALSE;
      x[i] = y[i] = 0;
    }
  return TRUE;
}

/* MaxAbsErr in float64, and get_relative_err in float64 or float32, written without
 * branches so that the compiler vectorizes them (see the numerics comment above for why
 * float32 arithmetic gives numpy's float32 results). Both maxima are taken over the bits:
 * for values >= 0 and NaN the unsigned order is the numeric one with NaN above everything,
 * which is np.max's "NaN wins", and integer maxima vectorize where float ones may not. */
#define ERRORS_LOOP(type, bits_type, eps, fabs_fn) \
  for (gsize i = 0; i < n; i++) \
    { \
      double d = fabs (x[i] - y[i]); \
      type a = (type)x[i], b = (type)y[i], z = b == 0 ? (eps) : 0, r; \
      guint64 d_bits; \
      bits_type r_bits; \
      \
      a += z; \
      b += z; \
      r = fabs_fn ((a - b) / b); \
      memcpy (&d_bits, &d, sizeof d); \
      memcpy (&r_bits, &r, sizeof r); \
      abs_bits = d_bits > abs_bits ? d_bits : abs_bits; \
      rel_bits = r_bits > rel_bits ? r_bits : rel_bits; \
      n_one += r < one; \
      n_five += r < five; \
    }

static double
from_bits (guint64 bits)
{
  double d;

  memcpy (&d, &bits, sizeof d);
  return d;
}

static MSVIS_VECTOR_CLONES void
errors_float32 (Walk         *w,
                const double *x,
                const double *y,
                gsize         n)
{
  float one = (float)w->one, five = (float)w->five, eps = w->eps32, rel;
  guint64 abs_bits = 0, n_one = 0, n_five = 0;
  guint32 rel_bits = 0;

  ERRORS_LOOP (float, guint32, eps, fabsf)
  memcpy (&rel, &rel_bits, sizeof rel);
  w->abs_max = MAX (w->abs_max, from_bits (abs_bits));
  w->rel_nan |= isnan (rel);
  w->rel_max = isnan (rel) ? w->rel_max : MAX (w->rel_max, rel);
  w->n_one += n_one;
  w->n_five += n_five;
}

static MSVIS_VECTOR_CLONES void
errors_float64 (Walk         *w,
                const double *x,
                const double *y,
                gsize         n)
{
  double one = w->one, five = w->five, eps = w->eps64, rel;
  guint64 abs_bits = 0, rel_bits = 0, n_one = 0, n_five = 0;

  ERRORS_LOOP (double, guint64, eps, fabs)
  rel = from_bits (rel_bits);
  w->abs_max = MAX (w->abs_max, from_bits (abs_bits));
  w->rel_nan |= isnan (rel);
  w->rel_max = isnan (rel) ? w->rel_max : MAX (w->rel_max, rel);
  w->n_one += n_one;
  w->n_five += n_five;
}

static void
errors_block (Walk         *w,
              const double *x,
              const double *y,
              gsize         n)
{
  if (w->arith == MSVIS_TENSOR_ARITH_FLOAT32)
    errors_float32 (w, x, y, n);
  else if (w->arith == MSVIS_TENSOR_ARITH_FLOAT64)
    errors_float64 (w, x, y, n);
  else
    for (gsize i = 0; i < n; i++)
      {
        double r = relative_error (w->arith, x[i], y[i]), d = fabs (x[i] - y[i]);

        w->abs_max = MAX (w->abs_max, d);
        w->rel_nan |= isnan (r);
        w->rel_max = isnan (r) ? w->rel_max : MAX (w->rel_max, r);
        w->n_one += r < w->one;
        w->n_five += r < w->five;
      }
}

/* x - x is 0 for finite x, NaN for inf and NaN */
static MSVIS_VECTOR_CLONES gboolean
all_finite (const double *x,
            const double *y,
            gsize         n)
{
  int finite = 1;

  for (gsize i = 0; i < n; i++)
    finite &= (x[i] - x[i] == 0) & (y[i] - y[i] == 0);
  return finite;
}

static Sums
walk_block (Walk  *w,
            gsize  n)
{
  double xs[BLOCK], ys[BLOCK], t[4][BLOCK];
  const double *x, *y;

  if (g_cancellable_set_error_if_cancelled (w->cancellable, w->error))
    {
      w->stop = TRUE;
      return (Sums) { 0 };
    }
  x = w->npu->pull (w->npu->source, xs, n, w->error);
  y = x ? w->bench->pull (w->bench->source, ys, n, w->error) : NULL;
  if (y == NULL)
    {
      w->stop = TRUE;
      return (Sums) { 0 };
    }

  if (!all_finite (x, y, n))
    {
      if (x != xs)
        memcpy (xs, x, n * sizeof (double));
      if (y != ys)
        memcpy (ys, y, n * sizeof (double));
      x = xs;
      y = ys;
      if (!sanitize (xs, ys, n))
        {
          w->mismatch = w->stop = TRUE;
          return (Sums) { 0 };
        }
    }

  errors_block (w, x, y, n);
  products (x, y, n, t);
  if (w->in_order)
    for (gsize i = 0; i < n; i++)
      {
        w->sums_in_order.nb += t[0][i];
        w->sums_in_order.nn += t[1][i];
        w->sums_in_order.bb += t[2][i];
        w->sums_in_order.dd += t[3][i];
      }
  return (Sums) { leaf_sum (t[0], n), leaf_sum (t[1], n), leaf_sum (t[2], n),
                  leaf_sum (t[3], n) };
}

static Sums
walk (Walk    *w,
      guint64  n)
{
  guint64 half = n / 2;
  Sums l, r;

  /* Once a block has decided the result, the other blocks are not even visited: 2^50 values
   * would take hours of doing nothing. */
  if (w->stop)
    return (Sums) { 0 };
  if (n <= BLOCK)
    return walk_block (w, (gsize)n);
  half -= half % 8;
  l = walk (w, half);
  r = walk (w, n - half);
  return (Sums) { l.nb + r.nb, l.nn + r.nn, l.bb + r.bb, l.dd + r.dd };
}

/* Equal shapes of @count values. FALSE when a source failed. @era 2026 takes the eps of
 * get_relative_err's type and sums EucDist's squares in element order. */
static gboolean
compute_all (MsvisTensorMetrics      *self,
             const MsvisTensorStream *npu,
             const MsvisTensorStream *bench,
             guint64                  count,
             MsvisTensorArith         arith,
             MsvisEra                 era,
             GCancellable            *cancellable,
             GError                 **error)
{
  gboolean y2026 = era == MSVIS_ERA_2026;
  Walk w = { npu, bench, arith, round_to (arith, 0.001), round_to (arith, 0.005),
             0, 0, FALSE, 0, 0, FALSE, error, cancellable, FALSE,
             y2026 ? FLT_EPSILON : (float)EPS, EPS, y2026, { 0 } };
  Sums sums = walk (&w, count);

  /* msprobe 26 prints EucDist unrounded, so its sums must be those of the reference BLAS
   * ddot behind Debian's numpy: in element order (this gives 26.0.0's bits on every node of
   * cmp_pt_tensor, where the pairwise sums differ in the last places). */
  if (w.in_order)
    sums = w.sums_in_order;
  if (*error != NULL)
    return FALSE;
  if (w.mismatch)
    {
      set_all (self, MSVIS_METRIC_N_A);
      return TRUE;
    }
  compute_cosine (self, &sums, count);
  set_number (self, MSVIS_METRIC_EUC_DIST, sqrt (sums.dd), FALSE);
  set_max (self, MSVIS_METRIC_MAX_ABS_ERR, w.abs_max);
  set_max (self, MSVIS_METRIC_MAX_RELATIVE_ERR, w.rel_nan ? NAN : w.rel_max);
  set_number (self, MSVIS_METRIC_ONE_THOUSANDTH_ERR_RATIO, (double)w.n_one / (double)count,
              TRUE);
  set_number (self, MSVIS_METRIC_FIVE_THOUSANDTHS_ERR_RATIO, (double)w.n_five / (double)count,
              TRUE);
  return TRUE;
}

/**
 * msvis_tensor_metrics_compute_stream:
 * @arith: from msvis_tensor_arith_for() on the tensors' dtypes
 * @cancellable: (nullable): checked before every block
 *
 * msprobe's checks in its order (empty NPU tensor, 0-d NPU tensor, shape mismatch, inf and
 * NaN positions), then the six metrics of npy_compare.py, reading each tensor once from
 * its source in C order, a block at a time.
 *
 * Returns: %FALSE with @error set when a source failed to give its values, or
 *   %G_IO_ERROR_CANCELLED
 */
gboolean
msvis_tensor_metrics_compute_stream (MsvisTensorMetrics       *self,
                                     const MsvisTensorStream  *npu,
                                     const MsvisTensorStream  *bench,
                                     MsvisTensorArith          arith,
                                     GCancellable             *cancellable,
                                     GError                  **error)
{
  g_autoptr(GError) local = NULL;
  MsvisTensorData n_shape = { NULL, npu->shape, npu->ndim };
  MsvisTensorData b_shape = { NULL, bench->shape, bench->ndim };
  guint64 count;

  g_return_val_if_fail (self != NULL && npu != NULL && bench != NULL, FALSE);
  g_return_val_if_fail (arith <= MSVIS_TENSOR_ARITH_FLOAT16, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  count = count_of (&n_shape);
  if (count == 0)
    set_all (self, MSVIS_METRIC_UNSUPPORTED);
  else if (npu->ndim == 0)
    {
      double ns, bs;
      const double *n, *b;

      /* The shape check comes after the 0-d one, so msprobe meets a bench that is not 0-d
       * in get_relative_err, where indexing the 0-d NPU array with the bench's mask raises
       * IndexError; no metric comes out of that. */
      set_all (self, MSVIS_METRIC_UNSUPPORTED);
      if (bench->ndim != 0)
        return TRUE;
      n = npu->pull (npu->source, &ns, 1, &local);
      b = n ? bench->pull (bench->source, &bs, 1, &local) : NULL;
      if (b == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      compute_0d (self, *n, *b, arith);
    }
  else if (!same_shape (&n_shape, &b_shape))
    set_all (self, MSVIS_METRIC_SHAPE_UNMATCHED);
  else if (!compute_all (self, npu, bench, count, arith, MSVIS_ERA_2025_07, cancellable,
                         &local))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  return TRUE;
}

/**
 * msvis_tensor_arith_for_2026:
 * @zero_d: both tensors are 0-d
 *
 * msprobe 26's get_relative_err type: numpy.result_type(npu, bench, float32) after non-float
 * arrays became float64, so float16 and float32 data give float32, anything with float64
 * float64; 0-d operands do not count under NumPy 1.x, which leaves float32.
 */
MsvisTensorArith
msvis_tensor_arith_for_2026 (MsvisNpyDtype npu,
                             MsvisNpyDtype bench,
                             gboolean      zero_d)
{
  gsize width_n, width_b;

  if (zero_d)
    return MSVIS_TENSOR_ARITH_FLOAT32;
  if (!msvis_npy_dtype_is_float (npu) || !msvis_npy_dtype_is_float (bench))
    return MSVIS_TENSOR_ARITH_FLOAT64;
  width_n = npu == MSVIS_NPY_BFLOAT16 ? 4 : msvis_npy_dtype_size (npu);
  width_b = bench == MSVIS_NPY_BFLOAT16 ? 4 : msvis_npy_dtype_size (bench);
  return MAX (width_n, width_b) > 4 ? MSVIS_TENSOR_ARITH_FLOAT64 : MSVIS_TENSOR_ARITH_FLOAT32;
}

/* msprobe 26's 0-d pair: MaxAbsErr in the arrays' own type, the relative error in float32
 * with float32's eps where the bench is 0. */
static void
compute_0d_2026 (MsvisTensorMetrics *self,
                 double              n,
                 double              b,
                 MsvisTensorArith    abs_arith)
{
  float fn = (float)n, fb = (float)b;

  if (fb == 0)
    {
      fn += FLT_EPSILON;
      fb += FLT_EPSILON;
    }
  set_all (self, MSVIS_METRIC_UNSUPPORTED);
  set_max (self, MSVIS_METRIC_MAX_ABS_ERR, fabs (round_to (abs_arith, n - b)));
  set_max (self, MSVIS_METRIC_MAX_RELATIVE_ERR, fabsf ((fn - fb) / fb));
}

/**
 * msvis_tensor_metrics_compute_stream_2026:
 * @npu: its shape already squeezed, as msprobe 26's readers squeeze
 * @abs_arith: from msvis_tensor_arith_for() (a 0-d pair's MaxAbsErr)
 * @rel_arith: from msvis_tensor_arith_for_2026()
 *
 * msprobe 26's checks in its order (empty NPU tensor, shape mismatch, 0-d, inf and NaN
 * positions), then the six metrics, with get_relative_err in @rel_arith and its eps.
 */
gboolean
msvis_tensor_metrics_compute_stream_2026 (MsvisTensorMetrics      *self,
                                          const MsvisTensorStream *npu,
                                          const MsvisTensorStream *bench,
                                          MsvisTensorArith         abs_arith,
                                          MsvisTensorArith         rel_arith,
                                          GCancellable            *cancellable,
                                          GError                 **error)
{
  MsvisTensorData n_shape = { NULL, npu->shape, npu->ndim };
  MsvisTensorData b_shape = { NULL, bench->shape, bench->ndim };
  guint64 count = count_of (&n_shape);
  double ns, bs;
  const double *n, *b;

  g_return_val_if_fail (rel_arith != MSVIS_TENSOR_ARITH_FLOAT16, FALSE);
  if (count == 0)
    {
      set_all (self, MSVIS_METRIC_UNSUPPORTED);
      return TRUE;
    }
  if (!same_shape (&n_shape, &b_shape))
    {
      set_all (self, MSVIS_METRIC_SHAPE_UNMATCHED);
      return TRUE;
    }
  if (npu->ndim > 0)
    return compute_all (self, npu, bench, count, rel_arith, MSVIS_ERA_2026, cancellable, error);

  n = npu->pull (npu->source, &ns, 1, error);
  b = n ? bench->pull (bench->source, &bs, 1, error) : NULL;
  if (b == NULL)
    return FALSE;
  compute_0d_2026 (self, *n, *b, abs_arith);
  return TRUE;
}

typedef struct
{
  const double *values;
  guint64       at;
} ArraySource;

static const double *
pull_array (gpointer   source,
            double    *scratch,
            gsize      count,
            GError   **error)
{
  ArraySource *a = source;
  const double *values = a->values + a->at;

  a->at += count;
  return values;
}

/**
 * msvis_tensor_metrics_compute:
 * @arith: from msvis_tensor_arith_for() on the arrays' dtypes
 *
 * msvis_tensor_metrics_compute_stream() on two arrays in memory.
 */
void
msvis_tensor_metrics_compute (MsvisTensorMetrics    *self,
                              const MsvisTensorData *npu,
                              const MsvisTensorData *bench,
                              MsvisTensorArith       arith)
{
  ArraySource n = { npu->values, 0 }, b = { bench->values, 0 };
  MsvisTensorStream ns = { pull_array, &n, npu->shape, npu->ndim };
  MsvisTensorStream bs = { pull_array, &b, bench->shape, bench->ndim };

  g_return_if_fail (self != NULL && npu != NULL && bench != NULL);
  msvis_tensor_metrics_compute_stream (self, &ns, &bs, arith, NULL, NULL);
}
