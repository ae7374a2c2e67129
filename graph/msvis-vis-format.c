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
#include "msvis-vis-format-private.h"
#include "msvis-vis-writer.h"

/* How a .vis writes an item's values (vis-format.md §5.5), and the caches that spare the
 * writer's workers formatting the same values again. */

/* The formatted form of the string values written last, by the string's address: dtypes,
 * types, shapes and states come back in every item, and the graph's strings do not change
 * while it is written. */
#define STR_CACHE_SLOTS 256
#define STR_CACHE_TEXT (64 * 1024)

typedef struct
{
  const char *text;     /* the field's string; NULL: empty slot */
  guint32     start;    /* its formatted form in MsvisValueCache.formatted */
  guint32     length;
} StrSlot;

/* The same for floats, by their bits: a tensor's statistics are written as one node's
 * output and the next one's input, and in both graphs of a compare. */
#define FLOAT_CACHE_SLOTS 512

typedef struct
{
  guint64 bits;
  guint8  length;   /* 0: empty slot */
  char    text[31];
} FloatSlot;

struct _MsvisValueCache
{
  StrSlot   slots[STR_CACHE_SLOTS];
  GString  *formatted;
  FloatSlot floats[FLOAT_CACHE_SLOTS];
};

/* g_string_append_len() without the call: the formatters below run for every value. */
static inline void
append_len (GString    *out,
            const char *text,
            gsize       n)
{
  if (G_LIKELY (out->len + n < out->allocated_len))
    {
      memcpy (out->str + out->len, text, n);
      out->len += n;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, text, n);
}

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
          append_len (out, p, strlen (p));
          break;
        }
      append_len (out, p, stop - p);
      if (*stop == '\'')
        p = stop + 1;
      else if (strncmp (stop, "None", 4) == 0)
        {
          append_len (out, "null", 4);
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
    append_len (out, buf, msvis_format_sci6 (buf, value));
  else if (magnitude < 1e9)
    /* Below 1e9 doubles are far denser than 1e-6, so the shortest repr of round(x, 6)
     * is its six-decimal form without trailing zeros. */
    append_len (out, buf, msvis_format_round6 (buf, value));
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
      append_len (out, "null", 4);
      break;
    case MSVIS_VALUE_BOOL:
      append_len (out, field->b ? "True" : "False", field->b ? 4 : 5);
      break;
    case MSVIS_VALUE_INT:
      {
        char buf[32];

        append_len (out, buf, msvis_format_int64 (buf, field->i));
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
      append_len (out, field->s, strlen (field->s));
      break;
    }
}

MsvisValueCache *
msvis_value_cache_new (void)
{
  MsvisValueCache *cache = g_new0 (MsvisValueCache, 1);

  cache->formatted = g_string_sized_new (STR_CACHE_TEXT);
  return cache;
}

void
msvis_value_cache_free (MsvisValueCache *cache)
{
  g_string_free (cache->formatted, TRUE);
  g_free (cache);
}


/* msvis_vis_format_value() of a string or object field (a shape), from the cache where it
 * can. */
static void
format_cached_str (MsvisValueCache  *cache,
                   GString          *out,
                   const MsvisField *field)
{
  StrSlot *slot = &cache->slots[(GPOINTER_TO_SIZE (field->s) >> 3) % STR_CACHE_SLOTS];
  gsize start = out->len;

  if (slot->text == field->s)
    {
      append_len (out, cache->formatted->str + slot->start, slot->length);
      return;
    }

  msvis_vis_format_value (out, field);
  if (out->len - start > 256)
    return;
  if (cache->formatted->len + (out->len - start) > STR_CACHE_TEXT)
    {
      memset (cache->slots, 0, sizeof cache->slots);
      g_string_truncate (cache->formatted, 0);
    }
  *slot = (StrSlot) { field->s, cache->formatted->len, out->len - start };
  append_len (cache->formatted, out->str + start, out->len - start);
}

/* msvis_vis_format_value() of a float field, from the cache where it can. */
static void
format_cached_float (MsvisValueCache  *cache,
                     GString          *out,
                     const MsvisField *field)
{
  guint64 bits;
  FloatSlot *slot;
  gsize start = out->len;

  memcpy (&bits, &field->f, sizeof bits);
  slot = &cache->floats[(bits * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15)) >> 55];
  if (slot->length != 0 && slot->bits == bits)
    {
      append_len (out, slot->text, slot->length);
      return;
    }

  msvis_vis_format_value (out, field);
  if (out->len - start < sizeof slot->text)
    {
      slot->bits = bits;
      slot->length = out->len - start;
      memcpy (slot->text, out->str + start, slot->length);
    }
}

/**
 * msvis_value_cache_format:
 * @cache: (nullable): a worker's cache, or %NULL for none
 *
 * msvis_vis_format_value(), from @cache for the strings, shapes and floats it holds.
 */
void
msvis_value_cache_format (MsvisValueCache  *cache,
                          GString          *out,
                          const MsvisField *field)
{
  if (cache != NULL && (field->kind == MSVIS_VALUE_STR || field->kind == MSVIS_VALUE_OBJECT))
    format_cached_str (cache, out, field);
  else if (cache != NULL && field->kind == MSVIS_VALUE_FLOAT)
    format_cached_float (cache, out, field);
  else
    msvis_vis_format_value (out, field);
}
