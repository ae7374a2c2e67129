// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "msvis-c-locale.h"
#include "msvis-number-format.h"

gsize
msvis_format_int64 (char   *buf,
                    gint64  value)
{
  /* Two digits a division: shapes, indices and counts are written by the million. */
  static const char pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";
  char tmp[24], *p = tmp + sizeof tmp;
  guint64 u = value < 0 ? -(guint64)value : (guint64)value;
  gsize len;

  while (u >= 100)
    {
      p -= 2;
      memcpy (p, pairs + 2 * (u % 100), 2);
      u /= 100;
    }
  if (u >= 10)
    {
      p -= 2;
      memcpy (p, pairs + 2 * u, 2);
    }
  else
    *--p = '0' + u;
  if (value < 0)
    *--p = '-';

  len = tmp + sizeof tmp - p;
  memcpy (buf, p, len);
  buf[len] = '\0';
  return len;
}

static gsize
strip_zeros (char  *buf,
             gsize  len)
{
  /* "2.400000" -> "2.4", "2.000000" -> "2.0": repr() of the rounded value */
  while (len > 2 && buf[len - 1] == '0' && buf[len - 2] != '.')
    len--;
  buf[len] = '\0';
  return len;
}

/**
 * msvis_format_round6:
 *
 * Writes repr(round(value, 6)) for a finite value below 1e9 in magnitude, where the
 * shortest form of the rounded value is its six-decimal form without trailing zeros.
 * Scaling by 1e6 is exact to within |value|·1e6·2⁻⁵², so only values that land that close to
 * a rounding tie, without being exactly on it, need snprintf's exact rounding.
 */
gsize
msvis_format_round6 (char   *buf,
                     double  value)
{
  double scaled = value * 1e6;
  double rounded = nearbyint (scaled);
  double tie_distance = fabs (fabs (scaled - rounded) - 0.5);
  guint64 units, whole, frac;
  gsize len = 0;

  g_assert (isfinite (value) && fabs (value) < 1e9);

  /* bfloat16 statistics such as 0.0078125 are exact ties; where the product is exact (fma
   * finds no error), nearbyint's ties-to-even is what %.6f does with the exact value. */
  if (tie_distance <= fabs (scaled) * 4.5e-16 + 1e-300 && fma (value, 1e6, -scaled) != 0.0)
    {
      locale_t old = uselocale (msvis_c_locale ());

      len = snprintf (buf, 32, "%.6f", value);
      uselocale (old);
      return strip_zeros (buf, len);
    }

  units = (guint64)fabs (rounded);
  whole = units / 1000000;
  frac = units % 1000000;
  if (signbit (value))
    buf[len++] = '-';
  len += msvis_format_int64 (buf + len, whole);
  buf[len++] = '.';
  for (int i = 5; i >= 0; i--)
    {
      buf[len + i] = '0' + frac % 10;
      frac /= 10;
    }
  len += 6;
  return strip_zeros (buf, len);
}

/* "d.dddddde±XX" from the seven rounded digits in [1e6, 1e7]. */
static gsize
write_sci6 (char    *buf,
            gboolean negative,
            guint64  digits,
            int      exponent)
{
  gsize len = 0;

  if (digits == 10000000)
    {
      digits = 1000000;
      exponent++;
    }
  if (negative)
    buf[len++] = '-';
  buf[len++] = '0' + digits / 1000000;
  buf[len++] = '.';
  for (int i = 5; i >= 0; i--)
    {
      buf[len + i] = '0' + digits % 10;
      digits /= 10;
    }
  len += 6;
  buf[len++] = 'e';
  buf[len++] = exponent < 0 ? '-' : '+';
  exponent = ABS (exponent);
  if (exponent < 10)
    buf[len++] = '0';
  len += msvis_format_int64 (buf + len, exponent);
  return len;
}

/* The seven digits in double arithmetic, for the decimal exponents dumps are made of: powers
 * of ten up to 1e22 are exact doubles, so magnitude·10^shift is the exact product rounded
 * once, off by at most 1e7·2⁻⁵³ ≈ 1.2e-9. Away from a rounding tie by more than that, its
 * rounding is the exact product's. */
static gboolean
sci6_digits_double (double   magnitude,
                    guint64 *digits,
                    int     *exponent)
{
  static const double powers[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  };
  int binary_exponent, e;
  double scaled, rounded;

  frexp (magnitude, &binary_exponent);
  /* log10 (2^(b-1)) <= log10 (magnitude) < log10 (2^b): e is right or one too low. */
  e = (int)floor ((binary_exponent - 1) * 0.30102999566398120);
  for (int attempt = 0; attempt < 2; attempt++)
    {
      int shift = 6 - e;

      if (shift < -22 || shift > 22)
        return FALSE;
      scaled = shift >= 0 ? magnitude * powers[shift] : magnitude / powers[-shift];
      if (scaled < 1e7)
        break;
      e++;
    }
  if (!(scaled >= 1e6 && scaled < 1e7))
    return FALSE;

  rounded = nearbyint (scaled);
  if (fabs (fabs (scaled - rounded) - 0.5) <= 1e-8)
    return FALSE;
  *digits = (guint64)rounded;
  *exponent = e;
  return TRUE;
}

/**
 * msvis_format_sci6:
 *
 * Writes "%.6e" of a finite non-zero value. The seven digits come from double arithmetic
 * where the exponent allows, else from the value scaled into [1e6, 1e7) in x87 extended
 * precision, where powers of ten up to 10^27 are exact and the product is off by at most
 * 2⁻⁶⁴ relative; values that land near a rounding tie, and exponents beyond that table, go
 * through snprintf.
 */
gsize
msvis_format_sci6 (char   *buf,
                   double  value)
{
  guint64 digits;
  int exponent;

  if (sci6_digits_double (fabs (value), &digits, &exponent))
    return write_sci6 (buf, signbit (value), digits, exponent);

#if defined(__x86_64__) && LDBL_MANT_DIG == 64
  {
    static const long double powers[] = {
      1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L, 1e10L, 1e11L, 1e12L, 1e13L,
      1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L,
      1e26L, 1e27L,
    };
    long double magnitude = fabsl ((long double)value), scaled, rounded;
    int shift;

    exponent = (int)floor (log10 ((double)magnitude));
    shift = 6 - exponent;
    if (shift >= -27 && shift <= 27)
      {
        scaled = shift >= 0 ? magnitude * powers[shift] : magnitude / powers[-shift];
        /* log10 may be off by one next to a power of ten */
        if (scaled >= 1e7L)
          {
            exponent++;
            shift--;
            scaled = shift >= 0 ? magnitude * powers[shift] : magnitude / powers[-shift];
          }
        else if (scaled < 1e6L)
          {
            exponent--;
            shift++;
            scaled = shift >= 0 ? magnitude * powers[shift] : magnitude / powers[-shift];
          }
        rounded = nearbyintl (scaled);
        if (scaled >= 1e6L && scaled < 1e7L && shift >= -27 && shift <= 27 &&
            fabsl (fabsl (scaled - rounded) - 0.5L) > 1e-9L)
          return write_sci6 (buf, signbit (value), (guint64)rounded, exponent);
      }
  }
#endif
  {
    locale_t old = uselocale (msvis_c_locale ());
    gsize n = snprintf (buf, 32, "%.6e", value);

    uselocale (old);
    return n;
  }
}
