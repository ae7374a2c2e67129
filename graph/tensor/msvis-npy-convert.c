// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-npy.h"

/* The conversion of raw values to float64, which the .npy and .pt readers share. */

/* Exact: every half is a float, subnormals included. */
static double
half_to_double (guint16 h)
{
  guint32 sign = (guint32)(h & 0x8000) << 16, exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  guint32 bits;
  float f;

  if (exponent == 0)
    {
      f = (float)mantissa * 0x1p-24f;
      return sign ? -(double)f : (double)f;
    }
  if (exponent == 31)
    bits = sign | 0x7f800000u | mantissa << 13;
  else
    bits = sign | (exponent + 112) << 23 | mantissa << 13;
  memcpy (&f, &bits, sizeof f);
  return f;
}

static double
bits32_to_double (guint32 bits)
{
  float f;

  memcpy (&f, &bits, sizeof f);
  return f;
}

static double
bits64_to_double (guint64 bits)
{
  double d;

  memcpy (&d, &bits, sizeof d);
  return d;
}

/* Loads are memcpy because numpy does not align the data (format 1.0 headers end anywhere). */
#define LOAD(bits, src, swap) \
  ({ guint##bits v_; memcpy (&v_, (src), sizeof v_); \
     (swap) ? GUINT##bits##_SWAP_LE_BE (v_) : v_; })

/**
 * msvis_npy_convert_run:
 * @swap: the values are in the other byte order than this machine's
 *
 * @count values of @dtype from @src (contiguous, unaligned) to @dst, @stride doubles apart,
 * as numpy's astype(float) gives them. The .pt reader shares it.
 */
void
msvis_npy_convert_run (MsvisNpyDtype  dtype,
                       gboolean       swap,
                       const guint8  *src,
                       gsize          count,
                       double        *dst,
                       gsize          stride)
{
  gsize size = msvis_npy_dtype_size (dtype);

  /* One loop per type, so that the common ones run without a branch per value. */
#define RUN(expr) \
  for (gsize i = 0; i < count; i++, src += size, dst += stride) \
    *dst = (expr); \
  break

  switch (dtype)
    {
    case MSVIS_NPY_BOOL:     RUN (*src != 0);
    case MSVIS_NPY_INT8:     RUN ((gint8)*src);
    case MSVIS_NPY_UINT8:    RUN (*src);
    case MSVIS_NPY_INT16:    RUN ((gint16)LOAD (16, src, swap));
    case MSVIS_NPY_UINT16:   RUN (LOAD (16, src, swap));
    case MSVIS_NPY_INT32:    RUN ((gint32)LOAD (32, src, swap));
    case MSVIS_NPY_UINT32:   RUN (LOAD (32, src, swap));
    case MSVIS_NPY_INT64:    RUN ((double)(gint64)LOAD (64, src, swap));
    case MSVIS_NPY_UINT64:   RUN ((double)LOAD (64, src, swap));
    case MSVIS_NPY_FLOAT16:  RUN (half_to_double (LOAD (16, src, swap)));
    case MSVIS_NPY_BFLOAT16: RUN (bits32_to_double ((guint32)LOAD (16, src, swap) << 16));
    case MSVIS_NPY_FLOAT32:
      if (!swap)
        {
          RUN (bits32_to_double (LOAD (32, src, FALSE)));
        }
      RUN (bits32_to_double (LOAD (32, src, TRUE)));
    case MSVIS_NPY_FLOAT64:  RUN (bits64_to_double (LOAD (64, src, swap)));
    default:
      g_assert_not_reached ();
    }
#undef RUN
}
