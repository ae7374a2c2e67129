// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Texts from the files (msprobe's colour descriptions and column tooltips) are in whatever
 * language msprobe was run in, mostly Chinese: shown as they are in a Chinese window, left
 * out of an English one, which then says what it can in its own words. */

gboolean msvis_ui_language_is_chinese (void);
gboolean msvis_ui_language_fits       (const char *text);

G_END_DECLS
