// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <float.h>
#include <string.h>

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

#if defined(__x86_64__) && LDBL_MANT_DIG == 64
/* Most numbers in a dump are Python reprs of doubles: at most 17 significant digits and a
 * small exponent. Up to 15 digits, doubles do; the others are computed exactly in x87
 * extended precision (64-bit mantissa, where every power of ten up to 10^27 is exact), then
 * rounded to double. That second rounding can only differ from a direct one when the
 * extended result sits exactly on a midpoint between doubles, and then strtod decides. */
static inline gboolean
convert (gboolean  negative,
         guint64   mantissa,
         int       exponent,
         double   *out)
{
  static const long double powers[] = {
    1e0L, 1e1L, 1e2L, 1e3L, 1e4L, 1e5L, 1e6L, 1e7L, 1e8L, 1e9L, 1e10L, 1e11L, 1e12L, 1e13L,
    1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L, 1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L,
    1e26L, 1e27L,
  };
  long double value;
  union { long double ld; struct { guint64 m; guint16 se; } parts; } bits;

  static const double exact_powers[] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  };

  if (mantissa == 0)
    {
      *out = negative ? -0.0 : 0.0;
      return TRUE;
    }
  /* Clinger's fast path, in SSE2: a mantissa and a power of ten that are both exact doubles
   * give the correctly rounded value in one operation. Dumps are mostly of such numbers. */
  if (mantissa <= G_GUINT64_CONSTANT (1) << 53 && exponent >= -22 && exponent <= 22)
    {
      double quick = exponent < 0 ? (double)mantissa / exact_powers[-exponent]
                                  : (double)mantissa * exact_powers[exponent];

      *out = negative ? -quick : quick;
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
}
#endif

gboolean
msvis_json_number_parse_double (const char *text,
                                gsize       n,
                                double     *out)
{
#if defined(__x86_64__) && LDBL_MANT_DIG == 64
  const char *p = text, *end = text + n;
  gboolean negative = FALSE;
  guint64 mantissa = 0;
  int digits = 0, exponent = 0;

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

  return convert (negative, mantissa, exponent, out);
#else
  return FALSE;
#endif
}

static inline gboolean
is_digit (guchar c)
{
  return (guchar)(c - '0') < 10;
}

static inline gboolean
is_number_char (guchar c)
{
  return is_digit (c) || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

#if defined(__x86_64__) && LDBL_MANT_DIG == 64
/* Eight ASCII digits in one little-endian word, to their value: a dump's floats have 15 to
 * 17 digits, read eight at a time. */
static inline gboolean
eight_digits (const guchar *p,
              guint64      *value)
{
  guint64 w;

  memcpy (&w, p, 8);
  if (((w & 0xf0f0f0f0f0f0f0f0u) |
       (((w + 0x0606060606060606u) & 0xf0f0f0f0f0f0f0f0u) >> 4)) != 0x3333333333333333u)
    return FALSE;
  w = (w & 0x0f0f0f0f0f0f0f0fu) * 2561 >> 8;
  w = (w & 0x00ff00ff00ff00ffu) * 6553601 >> 16;
  *value = (w & 0x0000ffff0000ffffu) * 42949672960001u >> 32;
  return TRUE;
}

/* Adds the digits from @i on to @mantissa, counting them in @digits, which passes 19 when
 * @mantissa could have overflowed. Returns where the digits end. */
static inline gsize
scan_digits (const guchar *p,
             gsize         i,
             gsize         available,
             guint64      *mantissa,
             int          *digits)
{
  guint64 chunk;

  /* The eighth byte first: it turns away the short integers of shapes at once. */
  while (available - i >= 8 && *digits <= 11 && is_digit (p[i + 7]) &&
         eight_digits (p + i, &chunk))
    {
      *mantissa = *mantissa * 100000000u + chunk;
      *digits += 8;
      i += 8;
    }
  for (; i < available && is_digit (p[i]); i++)
    {
      if (++*digits > 19)
        return i;
      *mantissa = *mantissa * 10 + (p[i] - '0');
    }
  return i;
}
#endif

/**
 * msvis_json_number_scan:
 * @p: where a number starts
 * @available: how many bytes may be read from @p
 * @number: (out): what was read, when %TRUE is returned
 *
 * The common numbers in one pass: the grammar check, the end, and the value, all at once.
 * Gives up (%FALSE) wherever the careful path of msvis_json_number_is_valid() and
 * msvis_json_number_parse_double() could decide differently or needs more input: a number
 * that touches the end of @available, a bad one, an integer of more than 18 characters, a
 * float that needs strtod. Where it answers, the answer is theirs.
 */
gboolean
msvis_json_number_scan (const guchar    *p,
                        gsize            available,
                        MsvisJsonNumber *number)
{
#if defined(__x86_64__) && LDBL_MANT_DIG == 64
  gsize i = 0;
  gboolean negative = FALSE, is_float = FALSE;
  guint64 mantissa = 0;
  int digits = 0, exponent = 0;

  if (i < available && p[i] == '-')
    {
      negative = TRUE;
      i++;
    }
  if (i >= available)
    return FALSE;
  if (p[i] == '0')
    i++;
  else if (p[i] >= '1' && p[i] <= '9')
    {
      i = scan_digits (p, i, available, &mantissa, &digits);
      if (digits > 19)
        return FALSE;
    }
  else
    return FALSE;

  if (i < available && p[i] == '.')
    {
      gsize start = ++i;

      /* Leading zeros of a fraction are not significant digits. */
      if (mantissa == 0)
        while (i < available && p[i] == '0')
          i++;
      i = scan_digits (p, i, available, &mantissa, &digits);
      if (digits > 19 || i == start)
        return FALSE;
      exponent -= i - start;
      is_float = TRUE;
    }

  if (i < available && (p[i] == 'e' || p[i] == 'E'))
    {
      int e = 0, sign = 1;
      gsize start;

      i++;
      if (i < available && (p[i] == '+' || p[i] == '-'))
        sign = p[i++] == '-' ? -1 : 1;
      start = i;
      for (; i < available && is_digit (p[i]); i++)
        if ((e = e * 10 + (p[i] - '0')) > 400)
          return FALSE;
      if (i == start)
        return FALSE;
      exponent += sign * e;
      is_float = TRUE;
    }

  /* The number must end here, and visibly so. */
  if (i >= available || is_number_char (p[i]))
    return FALSE;

  number->length = i;
  number->is_float = is_float;
  if (is_float)
    return convert (negative, mantissa, exponent, &number->double_value);

  if (i > 18)
    return FALSE;
  number->int_value = negative ? -(gint64)mantissa : (gint64)mantissa;
  return TRUE;
#else
  return FALSE;
#endif
}
