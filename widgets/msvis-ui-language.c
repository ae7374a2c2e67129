// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-ui-language.h"

/**
 * msvis_ui_language_is_chinese:
 *
 * Returns: whether the window speaks Chinese: whatever chose the translation (the locale,
 *   LANGUAGE, the language menu), gettext's answer for a marker says so
 */
gboolean
msvis_ui_language_is_chinese (void)
{
  /* translators: the code of this translation's language: "zh" for Chinese */
  return g_str_has_prefix (C_("ui-language", "en"), "zh");
}

static gboolean
is_cjk (gunichar c)
{
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFF00 && c <= 0xFFEF);
}

/**
 * msvis_ui_language_fits:
 * @text: (nullable): a text from a file
 *
 * Returns: %FALSE for Chinese text in a window that does not speak Chinese; English text
 *   fits everywhere, as a Chinese reader of msprobe's results reads it already
 */
gboolean
msvis_ui_language_fits (const char *text)
{
  if (text == NULL || msvis_ui_language_is_chinese ())
    return TRUE;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (is_cjk (g_utf8_get_char (p)))
      return FALSE;
  return TRUE;
}
