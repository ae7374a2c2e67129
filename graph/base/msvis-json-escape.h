// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The pieces of a JSON \uXXXX escape. */

int      msvis_hex_digit_value        (guchar        c);
gboolean msvis_json_read_hex4         (const guchar *p,
                                       gunichar     *out);
void     msvis_json_append_code_point (GString      *s,
                                       gunichar      c);

G_END_DECLS
