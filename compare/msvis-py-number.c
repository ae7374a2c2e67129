// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "msvis-c-locale.h"
#include "msvis-py-number.h"

static gboolean
greater (MsvisPyNumber a,
         MsvisPyNumber b)
{
  return a.value > b.value;   /* false whenever a NaN takes part, as in Python */
}

/* max(a, b): b only if it is strictly greater, so ties and NaN keep a, type and all. */
MsvisPyNumber
msvis_py_max (MsvisPyNumber a,
              MsvisPyNumber b)
{
  return greater (b, a) ? b : a;
}

MsvisPyNumber
msvis_py_min (MsvisPyNumber a,
              MsvisPyNumber b)
{
  return greater (a, b) ? b : a;
}

/**
 * msvis_py_parse_int:
 *
 * int(text) for a str, as far as it fits in 64 bits.
 */
gboolean
msvis_py_parse_int (const char *text,
                    gint64     *value)
{
  gsize length = strlen (text);
  const char *p = text, *end = text + length;
  g_autoptr(GString) clean = g_string_new (NULL);
  char *parsed_end;

  while (p < end && g_ascii_isspace (*p))
    p++;
  while (end > p && g_ascii_isspace (end[-1]))
    end--;
  if (p < end && (*p == '+' || *p == '-'))
    g_string_append_c (clean, *p++);
  if (msvis_py_copy_digits (p, end, clean) != (gsize)(end - p) || p == end)
    return FALSE;

  errno = 0;
  *value = g_ascii_strtoll (clean->str, &parsed_end, 10);
  return errno == 0 && *parsed_end == '\0';
}

/**
 * msvis_py_str2float:
 *
 * msprobe's str2float: a percent string as a fraction, "23.4%" → 0.234. Anything that is
 * not a str, or does not parse, gives the int 0.
 */
MsvisPyNumber
msvis_py_str2float (const MsvisField *field)
{
  const char *s, *e;
  double value;

  /* float(repr(x)) is x again */
  if (field != NULL && field->kind == MSVIS_VALUE_PERCENT)
    return (MsvisPyNumber) { TRUE, field->f / 100 };
  if (field == NULL || field->kind != MSVIS_VALUE_STR)
    return MSVIS_PY_INT (0);

  s = field->s;
  e = s + strlen (s);
  while (s < e && *s == '%')
    s++;
  while (e > s && e[-1] == '%')
    e--;
  if (!msvis_py_parse_float (s, e - s, &value))
    return MSVIS_PY_INT (0);
  return (MsvisPyNumber) { TRUE, value / 100 };
}

/* isinstance(v, (int, float)) and not bool: bools were turned into strings at parse time. */
gboolean
msvis_py_field_is_number (const MsvisField *field)
{
  return field != NULL && (field->kind == MSVIS_VALUE_INT || field->kind == MSVIS_VALUE_FLOAT);
}

double
msvis_py_field_as_float (const MsvisField *field)
{
  return field->kind == MSVIS_VALUE_INT ? (double)field->i : field->f;
}

/* _is_invalid: a float that is NaN or infinite. */
gboolean
msvis_py_field_is_invalid_float (const MsvisField *field)
{
  return field != NULL && field->kind == MSVIS_VALUE_FLOAT && !isfinite (field->f);
}

/* A precision_index keeps the Python type it was computed with. */
MsvisPrecision
msvis_py_number_to_precision (MsvisPyNumber number)
{
  MsvisPrecision precision = {
    number.is_float ? MSVIS_PRECISION_FLOAT : MSVIS_PRECISION_INT,
    number.value,
  };

  return precision;
}

/* ==, with a missing field read as None (dict.get). */
gboolean
msvis_py_fields_equal (const MsvisField *a,
                       const MsvisField *b)
{
  gboolean a_none = a == NULL || a->kind == MSVIS_VALUE_NONE;
  gboolean b_none = b == NULL || b->kind == MSVIS_VALUE_NONE;

  if (a_none || b_none)
    return a_none && b_none;
  if (msvis_py_field_is_number (a) && msvis_py_field_is_number (b))
    {
      if (a->kind == MSVIS_VALUE_INT && b->kind == MSVIS_VALUE_INT)
        return a->i == b->i;
      return msvis_py_field_as_float (a) == msvis_py_field_as_float (b);
    }
  if (a->kind != b->kind)
    return FALSE;
  if (a->kind == MSVIS_VALUE_BOOL)
    return !a->b == !b->b;
  return strcmp (a->s, b->s) == 0;
}
