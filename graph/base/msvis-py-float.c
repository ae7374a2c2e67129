// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "msvis-c-locale.h"
#include "msvis-py-float.h"

static gboolean
matches_word (const char *p,
              gsize       n,
              const char *word)
{
  return n == strlen (word) && g_ascii_strncasecmp (p, word, n) == 0;
}

/* Digits with single underscores between them, as Python's int() and float() take them, copied
 * without the underscores. Returns: how many bytes were taken */
gsize
msvis_py_copy_digits (const char *p,
                      const char *end,
                      GString    *out)
{
  const char *start = p;

  while (p < end && g_ascii_isdigit (*p))
    {
      g_string_append_c (out, *p++);
      if (p + 1 < end && *p == '_' && g_ascii_isdigit (p[1]))
        p++;
    }
  return p - start;
}

/**
 * msvis_py_parse_float:
 *
 * float(text) for a str: surrounding whitespace, a sign, inf/infinity/nan in any case, or a
 * decimal with optional underscores between digits and an exponent. Hex is refused.
 */
gboolean
msvis_py_parse_float (const char *text,
                      gsize       length,
                      double     *value)
{
  const char *p = text, *end = text + length;
  g_autoptr(GString) clean = NULL;
  gsize int_digits, frac_digits = 0;
  gboolean negative = FALSE;
  locale_t old;
  char *parsed_end;

  while (p < end && g_ascii_isspace (*p))
    p++;
  while (end > p && g_ascii_isspace (end[-1]))
    end--;
  /* most strings that reach here are "N/A", "Nan" or " " */
  if (p == end || !(g_ascii_isdigit (*p) || strchr ("+-.iInN", *p) != NULL))
    return FALSE;
  clean = g_string_sized_new (end - p + 1);
  if (p < end && (*p == '+' || *p == '-'))
    {
      negative = *p == '-';
      g_string_append_c (clean, *p++);
    }
  if (matches_word (p, end - p, "inf") || matches_word (p, end - p, "infinity"))
    {
      *value = negative ? -INFINITY : INFINITY;
      return TRUE;
    }
  if (matches_word (p, end - p, "nan"))
    {
      *value = NAN;
      return TRUE;
    }

  int_digits = msvis_py_copy_digits (p, end, clean);
  p += int_digits;
  if (p < end && *p == '.')
    {
      g_string_append_c (clean, *p++);
      frac_digits = msvis_py_copy_digits (p, end, clean);
      p += frac_digits;
    }
  if (int_digits == 0 && frac_digits == 0)
    return FALSE;
  if (p < end && (*p == 'e' || *p == 'E'))
    {
      g_string_append_c (clean, *p++);
      if (p < end && (*p == '+' || *p == '-'))
        g_string_append_c (clean, *p++);
      if (msvis_py_copy_digits (p, end, clean) == 0)
        return FALSE;
      while (p < end && (g_ascii_isdigit (*p) || *p == '_'))
        p++;
    }
  if (p != end)
    return FALSE;

  old = uselocale (msvis_c_locale ());
  *value = strtod (clean->str, &parsed_end);
  uselocale (old);
  return *parsed_end == '\0';
}
