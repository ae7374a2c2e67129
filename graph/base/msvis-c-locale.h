// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <locale.h>

#include <glib.h>

G_BEGIN_DECLS

/* The "C" locale, for strtod_l and for uselocale() around printf-style number formatting:
 * the files msvis reads and writes use '.' as decimal point in every user locale. */
locale_t msvis_c_locale (void);

G_END_DECLS
