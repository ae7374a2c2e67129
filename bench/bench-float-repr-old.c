// SPDX-License-Identifier: GPL-3.0-or-later

/* msvis_py_append_float_repr as it was before the shortest digits came from Ryu (commit
 * 703a286, graph/base/msvis-py-repr.c): printf with 17 digits, then a bisection of the digit
 * count with read-back checks. Kept only so bench-float-repr.c can time old and new in one run. */

#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench-float-repr.h"
#include "msvis-c-locale.h"
#include "msvis-number-format.h"

/* @value with @n significant digits, correctly rounded, as "d.ddde±x" in @buf. */
static void
format_digits (char   *buf,
               gsize   size,
               double  value,
               int     n)
{
  snprintf (buf, size, "%.*e", n - 1, value);
}

/* The 17 significant digits of @value rounded to @n (< 17) in @out, "d.ddde±x", without
 * printing again; FALSE when the digits dropped are exactly a half, where rounding the
 * rounded digits again can go the wrong way (then only printing with @n digits is right). */
static gboolean
round_digits (const char *d17,
              int         exponent,
              int         n,
              char       *out,
              gsize       size)
{
  char kept[18];
  gboolean up = d17[n] > '5';

  if (d17[n] == '5')
    {
      for (int i = n + 1; i < 17 && !up; i++)
        up = d17[i] != '0';
      if (!up)
        return FALSE;
    }
  memcpy (kept, d17, n);
  for (int i = n - 1; up && i >= 0; i--)
    {
      up = kept[i] == '9';
      kept[i] = up ? '0' : kept[i] + 1;
    }
  if (up)
    {
      /* 99…9 rounded up: 10…0, one more in the exponent. */
      kept[0] = '1';
      exponent++;
    }
  /* "d.ddde-x", by hand: printf is what this avoids. */
  g_assert (size >= (gsize)n + 10);
  *out++ = kept[0];
  *out++ = '.';
  memcpy (out, kept + 1, n - 1);
  out += n - 1;
  *out++ = 'e';
  if (exponent < 0)
    *out++ = '-';
  out += msvis_format_int64 (out, ABS (exponent));
  *out = '\0';
  return TRUE;
}

#if FLT_EVAL_METHOD == 0
/* The powers of ten a double holds exactly. */
static const double exact_pow10[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
  1e17, 1e18, 1e19, 1e20, 1e21, 1e22
};
#endif

/* Whether @buf ("d.ddde±x" or "de±x", at most 17 digits) reads back as @value, as strtod()
 * would say. Clinger's fast path answers most without strtod(): a digit string below 2^53 and
 * a power of ten up to 10^22 are both exact doubles, so their one correctly rounded product or
 * quotient is the correctly rounded value of the decimal, which is what strtod() returns. On
 * a 2 x 100 MB graph_visualize, strtod() was a third of the row texts' time. */
static gboolean
reads_back (const char *buf,
            double      value)
{
#if FLT_EVAL_METHOD == 0
  guint64 mantissa = 0;
  int n = 0, exponent = 0, sign = 1;
  const char *p;

  for (p = buf; *p != 'e'; p++)
    if (*p != '.')
      {
        mantissa = mantissa * 10 + (guint64)(*p - '0');
        n++;
      }
  p++;
  if (*p == '-' || *p == '+')
    sign = *p++ == '-' ? -1 : 1;
  for (; *p >= '0' && *p <= '9' && exponent < 1000; p++)
    exponent = exponent * 10 + (*p - '0');
  exponent = sign * exponent - (n - 1);
  if (n <= 17 && mantissa <= (G_GUINT64_CONSTANT (1) << 53) && exponent >= -22 && exponent <= 22)
    return (exponent >= 0 ? (double)mantissa * exact_pow10[exponent]
                          : (double)mantissa / exact_pow10[-exponent]) == value;
#endif
  return strtod (buf, NULL) == value;
}

/* The shortest decimal digits that read back as @value (> 0, finite), as Python's repr
 * finds them: the fewest significant digits whose correctly rounded form round-trips.
 * More digits never stop round-tripping, so the count can be bisected; each count's digits
 * come from one 17-digit printing, which is the slow part. */
static int
shortest_digits (double  value,
                 char   *digits,
                 int    *decpt)
{
  char buf[40], d17[18];
  int lo = 1, hi = 17, n = 0, exponent;
  locale_t old = uselocale (msvis_c_locale ());
  const char *e;

  format_digits (buf, sizeof buf, value, 17);
  d17[0] = buf[0];
  memcpy (d17 + 1, buf + 2, 16);
  d17[17] = '\0';
  e = strchr (buf, 'e');
  exponent = atoi (e + 1);

  while (lo < hi)
    {
      int mid = (lo + hi) / 2;

      if (!round_digits (d17, exponent, mid, buf, sizeof buf))
        format_digits (buf, sizeof buf, value, mid);
      if (reads_back (buf, value))
        hi = mid;
      else
        lo = mid + 1;
    }

  if (lo == 17 || !round_digits (d17, exponent, lo, buf, sizeof buf))
    format_digits (buf, sizeof buf, value, lo);
  uselocale (old);

  for (const char *p = buf; *p != '\0'; p++)
    {
      if (*p >= '0' && *p <= '9')
        digits[n++] = *p;
      else if (*p == 'e')
        {
          exponent = atoi (p + 1);
          break;
        }
    }
  while (n > 1 && digits[n - 1] == '0')
    n--;
  digits[n] = '\0';
  *decpt = exponent + 1;

  return n;
}

void
bench_old_append_float_repr (GString *out,
                             double   value)
{
  char digits[24];
  int n, decpt;

  if (isnan (value))
    {
      g_string_append (out, "nan");
      return;
    }
  if (signbit (value))
    g_string_append_c (out, '-');
  value = fabs (value);
  if (isinf (value))
    {
      g_string_append (out, "inf");
      return;
    }
  if (value == 0.0)
    {
      g_string_append (out, "0.0");
      return;
    }

  n = shortest_digits (value, digits, &decpt);

  if (decpt > -4 && decpt <= 16)
    {
      if (decpt <= 0)
        {
          g_string_append (out, "0.");
          for (int i = 0; i < -decpt; i++)
            g_string_append_c (out, '0');
          g_string_append_len (out, digits, n);
        }
      else if (decpt >= n)
        {
          g_string_append_len (out, digits, n);
          for (int i = n; i < decpt; i++)
            g_string_append_c (out, '0');
          g_string_append (out, ".0");
        }
      else
        {
          g_string_append_len (out, digits, decpt);
          g_string_append_c (out, '.');
          g_string_append_len (out, digits + decpt, n - decpt);
        }
      return;
    }

  g_string_append_c (out, digits[0]);
  if (n > 1)
    {
      g_string_append_c (out, '.');
      g_string_append_len (out, digits + 1, n - 1);
    }
  g_string_append_printf (out, "e%c%02d", decpt - 1 < 0 ? '-' : '+', ABS (decpt - 1));
}
