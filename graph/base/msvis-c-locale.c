// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-c-locale.h"

locale_t
msvis_c_locale (void)
{
  static gsize initialized;
  static locale_t c_locale;

  if (g_once_init_enter (&initialized))
    {
      c_locale = newlocale (LC_ALL_MASK, "C", (locale_t)0);
      g_assert (c_locale != (locale_t)0);
      g_once_init_leave (&initialized, 1);
    }

  return c_locale;
}
