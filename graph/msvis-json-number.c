// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <float.h>

#include "msvis-json-number.h"

/* Checks the JSON number grammar; tells whether it has a fraction or an exponent. */
gboolean
msvis_json_number_is_valid (const guchar *p,
                            gsize         n,
                            gboolean     *is_float)
{
  gsize i = 0;

  *is_float = FALSE;
  if (i < n && p[i] == '-')
    i++;
  if (i >= n)
    return FALSE;
  if (p[i] == '0')
    i++;
  else if (p[i] >= '1' && p[i] <= '9')
    while (i < n && g_ascii_isdigit (p[i]))
      i++;
  else
    return FALSE;

  if (i < n && p[i] == '.')
    {
      gsize digits = ++i;

      while (i < n && g_ascii_isdigit (p[i]))
        i++;
      if (i == digits)
        return FALSE;
      *is_float = TRUE;
    }

  if (i < n && (p[i] == 'e' || p[i] == 'E'))
    {
      gsize digits;

      i++;
      if (i < n && (p[i] == '+' || p[i] == '-'))
        i++;
      digits = i;
      while (i < n && g_ascii_isdigit (p[i]))
        i++;
      if (i == digits)
        return FALSE;
      *is_float = TRUE;
    }

  return i == n;
}

/* Most numbers in a dump are Python reprs of doubles: at most 17 significant digits and a
 * small exponent. Those are computed exactly in x87 extended precision (64-bit mantissa,
 * where every power of ten up to 10^27 is exact), then rounded to double. That second
 * rounding can only differ from a direct one when the extended result sits exactly on a
 * midpoint between doubles, and then strtod decides. */
gboolean
msvis_json_number_parse_double (const char *text,
                                gsize       n,
                                double     *out)
{
#if defined(__x86_64__) && LDBL_MANT_DIG == 64
  static const long double powers[] = {
    1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L, 1e10L, 1e11L, 1e12L, 1e13L,
    1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L,
    1e26L, 1e27L,
  };
  const char *p = text, *end = text + n;
  gboolean negative = FALSE;
  guint64 mantissa = 0;
  int digits = 0, exponent = 0;
  long double value;
  union { long double ld; struct { guint64 m; guint16 se; } parts; } bits;

  if (*p == '-')
    {
      negative = TRUE;
      p++;
    }
  for (; p < end && g_ascii_isdigit (*p); p++)
    if (mantissa != 0 || *p != '0')
      {
        if (++digits > 19)
          return FALSE;
        mantissa = mantissa * 10 + (*p - '0');
      }
  if (p < end && *p == '.')
    for (p++; p < end && g_ascii_isdigit (*p); p++)
      {
        exponent--;
        if (mantissa != 0 || *p != '0')
          {
            if (++digits > 19)
              return FALSE;
            mantissa = mantissa * 10 + (*p - '0');
          }
      }
  if (p < end && (*p == 'e' || *p == 'E'))
    {
      int e = 0, sign = 1;

      p++;
      if (*p == '-' || *p == '+')
        sign = *p++ == '-' ? -1 : 1;
      for (; p < end && g_ascii_isdigit (*p); p++)
        if ((e = e * 10 + (*p - '0')) > 400)
          return FALSE;
      exponent += sign * e;
    }

  if (mantissa == 0)
    {
      *out = negative ? -0.0 : 0.0;
      return TRUE;
    }
  if (exponent < -27 || exponent > 27)
    return FALSE;

  value = exponent < 0 ? (long double)mantissa / powers[-exponent]
                       : (long double)mantissa * powers[exponent];
  bits.ld = value;
  if ((bits.parts.m & 0x7ff) == 0x400)
    return FALSE;

  *out = negative ? -(double)value : (double)value;
  return TRUE;
#else
  return FALSE;
#endif
}
