// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-json-escape.h"

/**
 * msvis_hex_digit_value:
 *
 * Returns: what the hexadecimal digit @c stands for, or -1
 */
int
msvis_hex_digit_value (guchar c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

gboolean
msvis_json_read_hex4 (const guchar *p,
                      gunichar     *out)
{
  gunichar v = 0;

  for (guint i = 0; i < 4; i++)
    {
      int h = msvis_hex_digit_value (p[i]);

      if (h < 0)
        return FALSE;
      v = (v << 4) | h;
    }

  *out = v;
  return TRUE;
}

/* Lone surrogates are legal in Python's JSON; they are kept as their 3-byte (WTF-8) form so
 * that the writer can escape them back to the same \uXXXX. */
void
msvis_json_append_code_point (GString  *s,
                              gunichar  c)
{
  char utf8[6];

  if (c >= 0xd800 && c <= 0xdfff)
    {
      g_string_append_c (s, (char)(0xe0 | (c >> 12)));
      g_string_append_c (s, (char)(0x80 | ((c >> 6) & 0x3f)));
      g_string_append_c (s, (char)(0x80 | (c & 0x3f)));
      return;
    }

  g_string_append_len (s, utf8, g_unichar_to_utf8 (c, utf8));
}
