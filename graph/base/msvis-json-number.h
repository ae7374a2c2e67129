// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* JSON numbers as the scanner meets them: the grammar check, and the exact conversion of the
 * common case without strtod. */

gboolean msvis_json_number_is_valid     (const guchar *text,
                                         gsize         length,
                                         gboolean     *is_float);
gboolean msvis_json_number_parse_double (const char   *text,
                                         gsize         length,
                                         double       *out);

typedef struct
{
  gsize    length;
  gboolean is_float;
  gint64   int_value;
  double   double_value;
} MsvisJsonNumber;

gboolean msvis_json_number_scan         (const guchar    *text,
                                         gsize            available,
                                         MsvisJsonNumber *number);

G_END_DECLS
