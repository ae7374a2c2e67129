// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include "msvis-metric-cells.h"
#include "msvis-vis-format.h"

/**
 * msvis_metric_parse_number:
 *
 * Reads a cell as msprobe writes numbers: "0.25", "23.076918%", "inf", "Nan", "-1.4e-05".
 * A percent is returned as a fraction. Returns: %FALSE for text that is not a number
 * ("N/A", "unsupported", "[2, 4]").
 */
gboolean
msvis_metric_parse_number (const char *text,
                           double     *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  gsize len = strlen (copy);
  gboolean percent = len > 0 && copy[len - 1] == '%';
  char *end = NULL;

  if (percent)
    copy[--len] = '\0';
  if (len == 0)
    return FALSE;
  if (g_ascii_strcasecmp (copy, "nan") == 0)
    {
      *value = NAN;
      return TRUE;
    }

  /* g_ascii_strtod reads inf and -inf too, whatever the locale. */
  *value = g_ascii_strtod (copy, &end);
  if (end == copy || *end != '\0')
    return FALSE;
  if (percent)
    *value /= 100.;
  return TRUE;
}

double
msvis_metric_badness (const char *column,
                      const char *text)
{
  double v;

  /* July md5 says Different; msprobe 26 says the level of its rules (msprobe-2026.md §7),
   * ranked as a metric at 100 %: a relative error past that still takes the mark. */
  if (strcmp (column, "Result") == 0)
    {
      if (strcmp (text, "Different") == 0 || strcmp (text, "error") == 0)
        return 1.;
      return strcmp (text, "warning") == 0 ? 0.5 : -1.;
    }
  if (strcmp (text, "shape unmatched") == 0)
    return INFINITY;

  if (g_str_has_suffix (column, "RelativeErr"))
    {
      if (!msvis_metric_parse_number (text, &v))
        return -1.;
      return isnan (v) ? INFINITY : fabs (v);
    }
  if (strcmp (column, "Cosine") == 0 || g_str_has_suffix (column, "Err Ratio"))
    {
      if (!msvis_metric_parse_number (text, &v))
        return -1.;
      return isnan (v) ? INFINITY : 1. - v;
    }
  return -1.;
}

char *
msvis_metric_format_field (const MsvisField *field)
{
  GString *text = g_string_new (NULL);

  msvis_vis_format_value (text, field);
  /* msprobe appends a tab to inf and nan metrics ("inf\t"): noise on screen and in TSV. */
  while (text->len > 0 && g_ascii_isspace (text->str[text->len - 1]))
    g_string_truncate (text, text->len - 1);
  return g_string_free (text, FALSE);
}
