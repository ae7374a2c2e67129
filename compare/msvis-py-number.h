// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"
#include "msvis-py-float.h"

G_BEGIN_DECLS

/* Python numbers as msprobe's compare code handles them: an int stays an int until a float
 * meets it, max() and min() keep the first of equal values, NaN never compares. */

typedef struct
{
  gboolean is_float;
  double   value;
} MsvisPyNumber;

#define MSVIS_PY_INT(v) ((MsvisPyNumber) { FALSE, (v) })

MsvisPyNumber msvis_py_max             (MsvisPyNumber     a,
                                        MsvisPyNumber     b);
MsvisPyNumber msvis_py_min             (MsvisPyNumber     a,
                                        MsvisPyNumber     b);
gboolean      msvis_py_parse_int       (const char       *text,
                                        gint64           *value);
MsvisPyNumber msvis_py_str2float       (const MsvisField *field);
gboolean      msvis_py_field_is_number (const MsvisField *field);
double        msvis_py_field_as_float  (const MsvisField *field);
gboolean      msvis_py_fields_equal    (const MsvisField *a,
                                        const MsvisField *b);
gboolean      msvis_py_field_is_invalid_float (const MsvisField *field);
MsvisPrecision msvis_py_number_to_precision (MsvisPyNumber   number);

G_END_DECLS
