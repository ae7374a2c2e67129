// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include "msvis-trend-private.h"

/* What pandas.read_csv makes of a monitor CSV's cells (trend-2026 § 7). */

/* pandas' NA strings: the cell is NaN */
static const char *const na_values[] = {
  "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
  "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null", NULL
};

static const double powers[] = {
  1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
  1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

static double
power_of_ten (int n)
{
  /* pandas keeps a table of the doubles nearest 1e0 … 1e308; beyond 1e22 those are not
   * products of exact factors, so they come from strtod too */
  if (n < (int)G_N_ELEMENTS (powers))
    return powers[n];
  {
    char text[16];

    g_snprintf (text, sizeof text, "1e%d", n);
    return g_ascii_strtod (text, NULL);
  }
}

/**
 * msvis_trend_csv_number:
 *
 * pandas' precise_xstrtod, the C parser's default: at most 17 digits count, leading zeros
 * included, the rest only move the exponent; the digits are scaled by a table of powers of
 * ten. So "0.011099999999999999" gives 0.0110999999999999, not the nearest double. Returns
 * FALSE for a cell that is not a number (pandas would make the column text).
 */
gboolean
msvis_trend_csv_number (const char *text,
                        double     *value)
{
  const char *p = text;
  double number = 0;
  int digits = 0, decimals = 0, exponent = 0;
  gboolean negative = FALSE, any = FALSE;

  for (guint i = 0; na_values[i] != NULL; i++)
    if (strcmp (text, na_values[i]) == 0)
      {
        *value = NAN;
        return TRUE;
      }
  while (g_ascii_isspace (*p))
    p++;
  if (*p == '+' || *p == '-')
    negative = *p++ == '-';
  if (g_ascii_strcasecmp (p, "inf") == 0 || g_ascii_strcasecmp (p, "infinity") == 0)
    {
      *value = negative ? -INFINITY : INFINITY;
      return TRUE;
    }
  for (; g_ascii_isdigit (*p); p++, any = TRUE)
    if (digits < 17)
      {
        number = number * 10. + (*p - '0');
        digits++;
      }
    else
      exponent++;
  if (*p == '.')
    {
      p++;
      for (; digits < 17 && g_ascii_isdigit (*p); p++, any = TRUE)
        {
          number = number * 10. + (*p - '0');
          digits++;
          decimals++;
        }
      for (; g_ascii_isdigit (*p); p++)
        any = TRUE;
      exponent -= decimals;
    }
  if (!any)
    return FALSE;
  if (*p == 'e' || *p == 'E')
    {
      gboolean neg_exp = FALSE;
      int e = 0;

      p++;
      if (*p == '+' || *p == '-')
        neg_exp = *p++ == '-';
      if (!g_ascii_isdigit (*p))
        return FALSE;
      for (; g_ascii_isdigit (*p); p++)
        e = MIN (e * 10 + (*p - '0'), 100000);
      exponent += neg_exp ? -e : e;
    }
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '\0')
    return FALSE;
  if (exponent > 308)
    number = number == 0 ? 0 : INFINITY;
  else if (exponent > 0)
    number *= power_of_ten (exponent);
  else if (exponent < -308)
    number = exponent < -616 ? 0. : number / power_of_ten (-308 - exponent) / 1e308;
  else
    number /= power_of_ten (-exponent);
  *value = negative ? -number : number;
  return TRUE;
}

/* One line into cells; double quotes as pandas reads them ("a,b" and "" inside). */
GPtrArray *
msvis_trend_csv_split (const char *line)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
  GString *cell = g_string_new (NULL);
  gboolean quoted = FALSE;

  for (const char *p = line; *p != '\0'; p++)
    {
      if (quoted)
        {
          if (*p == '"' && p[1] == '"')
            g_string_append_c (cell, *p++);
          else if (*p == '"')
            quoted = FALSE;
          else
            g_string_append_c (cell, *p);
        }
      else if (*p == '"')
        quoted = TRUE;
      else if (*p == ',')
        {
          g_ptr_array_add (cells, g_string_free (cell, FALSE));
          cell = g_string_new (NULL);
        }
      else if (*p != '\r')
        g_string_append_c (cell, *p);
    }
  g_ptr_array_add (cells, g_string_free (cell, FALSE));
  return cells;
}
