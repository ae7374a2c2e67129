// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "msvis-c-locale.h"
#include "msvis-number-format.h"

gsize
msvis_format_int64 (char   *buf,
                    gint64  value)
{
  char tmp[24];
  guint64 u = value < 0 ? -(guint64)value : (guint64)value;
  gsize n = 0, len = 0;

  do
    {
      tmp[n++] = '0' + u % 10;
      u /= 10;
    }
  while (u > 0);

  if (value < 0)
    buf[len++] = '-';
  while (n > 0)
    buf[len++] = tmp[--n];
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
 * a rounding tie need snprintf's exact rounding.
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

  if (tie_distance <= fabs (scaled) * 4.5e-16 + 1e-300)
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
