// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msvis-c-locale.h"
#include "msvis-json-number.h"
#include "msvis-number-format.h"
#include "msvis-py-repr.h"
#include "msvis-vis-format.h"

/* How a .vis writes an item's values (vis-format.md §5.5). */

/* _format_decimal_string: a plain non-negative decimal with more than six decimals (and an
 * optional %) is rounded to six. Python's $ also matches before a final newline. */
static gboolean
reformat_long_decimal (GString *s,
                       gsize    start)
{
  const char *p = s->str + start, *dot;
  gsize int_digits = 0, frac_digits = 0, end = s->len - start;
  gboolean percent = FALSE;
  char number[64], formatted[64];
  locale_t old;

  if (end > 0 && p[end - 1] == '\n')
    end--;
  if (end > 0 && p[end - 1] == '%')
    {
      percent = TRUE;
      end--;
    }

  while (int_digits < end && g_ascii_isdigit (p[int_digits]))
    int_digits++;
  dot = p + int_digits;
  if (int_digits < 1 || int_digits > 20 || int_digits >= end || *dot != '.')
    return FALSE;
  while (int_digits + 1 + frac_digits < end && g_ascii_isdigit (dot[1 + frac_digits]))
    frac_digits++;
  if (frac_digits < 1 || frac_digits > 20 || int_digits + 1 + frac_digits != end)
    return FALSE;
  if (frac_digits <= 6)
    return FALSE;

  memcpy (number, p, end);
  number[end] = '\0';
  old = uselocale (msvis_c_locale ());
  snprintf (formatted, sizeof formatted, "%.6f", strtod (number, NULL));
  uselocale (old);

  g_string_truncate (s, start);
  g_string_append (s, formatted);
  if (percent)
    g_string_append_c (s, '%');
  return TRUE;
}

static void
format_str (GString    *out,
            const char *text)
{
  gsize start = out->len;
  const char *p = text;

  /* Runs without a quote or an N are copied whole. */
  for (;;)
    {
      const char *stop = strpbrk (p, "'N");

      if (stop == NULL)
        {
          msvis_vis_append (out, p, strlen (p));
          break;
        }
      msvis_vis_append (out, p, stop - p);
      if (*stop == '\'')
        p = stop + 1;
      else if (strncmp (stop, "None", 4) == 0)
        {
          msvis_vis_append (out, "null", 4);
          p = stop + 4;
        }
      else
        {
          g_string_append_c (out, 'N');
          p = stop + 1;
        }
    }

  reformat_long_decimal (out, start);
}

/* A float as §5.5 prints it: %.6e where repr() would use an exponent, else round(x, 6). */
static void
format_float (GString *out,
              double   value)
{
  double magnitude = fabs (value);
  char buf[64];

  if (!isfinite (value))
    msvis_py_append_float_repr (out, value);
  else if (value != 0.0 && (magnitude < 1e-4 || magnitude >= 1e16))
    msvis_vis_append (out, buf, msvis_format_sci6 (buf, value));
  else if (magnitude < 1e9)
    /* Below 1e9 doubles are far denser than 1e-6, so the shortest repr of round(x, 6)
     * is its six-decimal form without trailing zeros. */
    msvis_vis_append (out, buf, msvis_format_round6 (buf, value));
  else
    msvis_py_append_float_repr (out, msvis_py_round6 (value));
}

/* A percent string repr(x) + "%" through format_str, without making the repr where the
 * result is known: between 1e-4 and 1e9 repr is a plain decimal, which keeps its shortest
 * form up to six decimals and is cut to %.6f beyond. */
static void
format_percent (GString *out,
                double   value)
{
  char buf[64];
  gsize len, start = out->len;
  double back;

  if (!(value >= 1e-4 && value < 1e9))
    {
      msvis_py_append_float_repr (out, value);
      g_string_append_c (out, '%');
      reformat_long_decimal (out, start);
      return;
    }

  len = msvis_format_round6 (buf, value);
  buf[len] = '\0';
  if (!msvis_json_number_parse_double (buf, len, &back) || back != value)
    {
      gsize decimals = len - (strchr (buf, '.') - buf) - 1;

      for (; decimals < 6; decimals++)
        buf[len++] = '0';
    }
  g_string_append_len (out, buf, len);
  g_string_append_c (out, '%');
}

/**
 * msvis_vis_format_value:
 *
 * Appends the string msprobe's _format_data makes of a data item's value.
 */
void
msvis_vis_format_value (GString          *out,
                        const MsvisField *field)
{
  switch ((MsvisValueKind)field->kind)
    {
    case MSVIS_VALUE_NONE:
      msvis_vis_append (out, "null", 4);
      break;
    case MSVIS_VALUE_BOOL:
      msvis_vis_append (out, field->b ? "True" : "False", field->b ? 4 : 5);
      break;
    case MSVIS_VALUE_INT:
      {
        char buf[32];

        msvis_vis_append (out, buf, msvis_format_int64 (buf, field->i));
      }
      break;
    case MSVIS_VALUE_FLOAT:
      format_float (out, field->f);
      break;
    case MSVIS_VALUE_STR:
      format_str (out, field->s);
      break;
    case MSVIS_VALUE_PERCENT:
      format_percent (out, field->f);
      break;
    case MSVIS_VALUE_OBJECT:
    default:
      msvis_vis_append (out, field->s, strlen (field->s));
      break;
    }
}
