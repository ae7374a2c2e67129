// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Python's float() of a str, for the compare's metrics and the trend importer's values. */
gboolean msvis_py_parse_float (const char *text,
                               gsize       length,
                               double     *value);

gsize    msvis_py_copy_digits (const char *p,
                               const char *end,
                               GString    *out);

G_END_DECLS
