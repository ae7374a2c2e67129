// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

#include "msvis-json-value.h"
#include "msvis-types.h"

G_BEGIN_DECLS

/* What Python prints, byte for byte: msprobe builds its strings with str(), repr(), round()
 * and '%' formatting, and a .vis is only compatible if msvis does the same. */

void    msvis_py_append_float_repr (GString              *out,
                                    double                value);
double  msvis_py_round6            (double                value);
void    msvis_py_append_str        (GString              *out,
                                    const MsvisJsonValue *value);
void    msvis_py_append_string_repr (GString             *out,
                                    const char           *text,
                                    gsize                 length);
const char *msvis_py_type_name     (const MsvisJsonValue *value);
gboolean msvis_py_field_is_truthy  (const MsvisField     *field);
guint32 msvis_crc32                (const char           *data,
                                    gsize                 length);

G_END_DECLS
