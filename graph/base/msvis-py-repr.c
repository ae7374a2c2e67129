// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msvis-c-locale.h"
#include "msvis-number-format.h"
#include "msvis-py-repr.h"
#include "msvis-shortest-digits.h"
#include "msvis-vis-format.h"

/* repr's layout of @n digits (0.DIGITS x 10^decpt) in @buf (40 bytes), without printf: fixed
 * from 1e-4 up to 1e16, else d.ddde±XX. With the digits from Ryu, g_string_append_printf of the
 * exponent was what most of the time of a small statistic such as -3.2e-05 went to. */
static gsize
format_repr (char       *buf,
             const char *digits,
             int         n,
             int         decpt)
{
  char *p = buf;
  int exponent = decpt - 1;

  if (decpt > -4 && decpt <= 16)
    {
      if (decpt <= 0)
        {
          memcpy (p, "0.000", 2 - decpt);
          p += 2 - decpt;
          memcpy (p, digits, n);
          p += n;
        }
      else if (decpt >= n)
        {
          memcpy (p, digits, n);
          p += n;
          memset (p, '0', decpt - n);
          p += decpt - n;
          memcpy (p, ".0", 2);
          p += 2;
        }
      else
        {
          memcpy (p, digits, decpt);
          p += decpt;
          *p++ = '.';
          memcpy (p, digits + decpt, n - decpt);
          p += n - decpt;
        }
      return p - buf;
    }

  *p++ = digits[0];
  if (n > 1)
    {
      *p++ = '.';
      memcpy (p, digits + 1, n - 1);
      p += n - 1;
    }
  *p++ = 'e';
  *p++ = exponent < 0 ? '-' : '+';
  if (ABS (exponent) < 10)
    *p++ = '0';
  p += msvis_format_int64 (p, ABS (exponent));
  return p - buf;
}

void
msvis_py_append_float_repr (GString *out,
                            double   value)
{
  char digits[32], buf[40];
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

  n = msvis_shortest_digits (value, digits, &decpt);
  msvis_vis_append (out, buf, format_repr (buf, digits, n, decpt));
}

/* Python's round(x, 6): the correctly rounded 6-decimal value. From 1e15 on a double has
 * no more than three binary fraction digits, so nothing changes. */
double
msvis_py_round6 (double value)
{
  char buf[64];
  locale_t old;

  if (!isfinite (value) || fabs (value) >= 1e15)
    return value;

  old = uselocale (msvis_c_locale ());
  snprintf (buf, sizeof buf, "%.6f", value);
  value = strtod (buf, NULL);
  uselocale (old);

  return value;
}

/* Python's repr() of a str: single quotes unless the text has ' and no ". Printable
 * non-ASCII characters are kept as they are, as Python 3 does. */
void
msvis_py_append_string_repr (GString    *out,
                             const char *text,
                             gsize       length)
{
  gboolean has_single = memchr (text, '\'', length) != NULL;
  gboolean has_double = memchr (text, '"', length) != NULL;
  char quote = has_single && !has_double ? '"' : '\'';

  g_string_append_c (out, quote);
  for (gsize i = 0; i < length; i++)
    {
      guchar c = text[i];

      if (c == (guchar)quote || c == '\\')
        {
          g_string_append_c (out, '\\');
          g_string_append_c (out, c);
        }
      else if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20 || c == 0x7f)
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_c (out, c);
    }
  g_string_append_c (out, quote);
}

/* A list of small integers, a tensor's shape mostly, formatted in one go: the entries'
 * thread does this for nearly every leaf. FALSE leaves @out alone for the general case. */
static gboolean
append_int_list (GString              *out,
                 const MsvisJsonValue *list)
{
  char buf[256];
  gsize len = 0;

  buf[len++] = '[';
  msvis_json_value_foreach (element, list)
    {
      if (element->kind != MSVIS_JSON_INT || len > sizeof buf - 32 - 3)
        return FALSE;
      len += msvis_format_int64 (buf + len, element->i);
      if (element->next != NULL)
        {
          buf[len++] = ',';
          buf[len++] = ' ';
        }
    }
  buf[len++] = ']';
  g_string_append_len (out, buf, len);
  return TRUE;
}

static void
append_repr (GString              *out,
             const MsvisJsonValue *value,
             gboolean              top_level_str)
{
  if (value == NULL)
    {
      /* a missing key, which dict.get() turns into None */
      g_string_append (out, "None");
      return;
    }

  switch (value->kind)
    {
    case MSVIS_JSON_NULL:
      g_string_append (out, "None");
      break;
    case MSVIS_JSON_BOOL:
      g_string_append (out, value->b ? "True" : "False");
      break;
    case MSVIS_JSON_INT:
      {
        char digits[32];

        g_string_append_len (out, digits, msvis_format_int64 (digits, value->i));
      }
      break;
    case MSVIS_JSON_BIGINT:
      g_string_append_len (out, value->s, value->n);
      break;
    case MSVIS_JSON_FLOAT:
      msvis_py_append_float_repr (out, value->f);
      break;
    case MSVIS_JSON_STRING:
      if (top_level_str)
        g_string_append_len (out, value->s, value->n);
      else
        msvis_py_append_string_repr (out, value->s, value->n);
      break;
    case MSVIS_JSON_ARRAY:
      if (append_int_list (out, value))
        break;
      g_string_append_c (out, '[');
      msvis_json_value_foreach (element, value)
        {
          append_repr (out, element, FALSE);
          if (element->next != NULL)
            g_string_append_len (out, ", ", 2);
        }
      g_string_append_c (out, ']');
      break;
    case MSVIS_JSON_OBJECT:
    default:
      g_string_append_c (out, '{');
      msvis_json_value_foreach (member, value)
        {
          msvis_py_append_string_repr (out, member->key, strlen (member->key));
          g_string_append (out, ": ");
          append_repr (out, member, FALSE);
          if (member->next != NULL)
            g_string_append_len (out, ", ", 2);
        }
      g_string_append_c (out, '}');
      break;
    }
}

/* str(value) of what json.load returned; NULL stands for None. */
void
msvis_py_append_str (GString              *out,
                     const MsvisJsonValue *value)
{
  append_repr (out, value, TRUE);
}

/* str(type(value)) */
const char *
msvis_py_type_name (const MsvisJsonValue *value)
{
  if (value == NULL)
    return "<class 'NoneType'>";

  switch (value->kind)
    {
    case MSVIS_JSON_NULL: return "<class 'NoneType'>";
    case MSVIS_JSON_BOOL: return "<class 'bool'>";
    case MSVIS_JSON_INT:
    case MSVIS_JSON_BIGINT: return "<class 'int'>";
    case MSVIS_JSON_FLOAT: return "<class 'float'>";
    case MSVIS_JSON_STRING: return "<class 'str'>";
    case MSVIS_JSON_ARRAY: return "<class 'list'>";
    case MSVIS_JSON_OBJECT:
    default: return "<class 'dict'>";
    }
}

/* zlib's crc32, which msprobe prints as 8 hex digits. */
guint32
msvis_crc32 (const char *data,
             gsize       length)
{
  static guint32 table[256];
  static gsize initialized;
  guint32 crc = 0xffffffffu;

  if (g_once_init_enter (&initialized))
    {
      for (guint32 i = 0; i < 256; i++)
        {
          guint32 c = i;

          for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
          table[i] = c;
        }
      g_once_init_leave (&initialized, 1);
    }

  for (gsize i = 0; i < length; i++)
    crc = table[(crc ^ (guchar)data[i]) & 0xff] ^ (crc >> 8);

  return crc ^ 0xffffffffu;
}

/* bool(value) of a data item's field; a missing field is None. */
gboolean
msvis_py_field_is_truthy (const MsvisField *field)
{
  if (field == NULL)
    return FALSE;

  switch ((MsvisValueKind)field->kind)
    {
    case MSVIS_VALUE_NONE: return FALSE;
    case MSVIS_VALUE_BOOL: return field->b;
    case MSVIS_VALUE_INT: return field->i != 0;
    case MSVIS_VALUE_FLOAT: return field->f != 0.0;
    case MSVIS_VALUE_PERCENT: return TRUE;
    case MSVIS_VALUE_STR: return field->s[0] != '\0';
    case MSVIS_VALUE_OBJECT:
    default:
      /* "[]" and "{}" are the empty containers; any other text is a non-empty one or an int */
      return strcmp (field->s, "[]") != 0 && strcmp (field->s, "{}") != 0;
    }
}
