// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-op-parser.h"
#include "msvis-py-repr.h"

/* A dump.json value as the typed field msprobe's item dict holds after json.load: what every
 * item field and the P2POp and parallel-merge readers start from. */

/**
 * msvis_field_from_json:
 * @scratch: a buffer to format with
 *
 * Returns: a field holding what Python's json.load gives for @value
 */
MsvisField
msvis_field_from_json (MsvisGraph           *graph,
                       guint32               atom,
                       const MsvisJsonValue *value,
                       GString              *scratch)
{
  MsvisField field = { .name = atom };

  switch (value ? value->kind : MSVIS_JSON_NULL)
    {
    case MSVIS_JSON_NULL:
      field.kind = MSVIS_VALUE_NONE;
      break;
    case MSVIS_JSON_BOOL:
      field.kind = MSVIS_VALUE_BOOL;
      field.b = value->b;
      break;
    case MSVIS_JSON_INT:
      field.kind = MSVIS_VALUE_INT;
      field.i = value->i;
      break;
    case MSVIS_JSON_FLOAT:
      field.kind = MSVIS_VALUE_FLOAT;
      field.f = value->f;
      break;
    case MSVIS_JSON_STRING:
      field.kind = MSVIS_VALUE_STR;
      /* Short strings (dtypes, types) repeat; long ones (file names) seldom do. */
      field.s = value->n <= 32 ? msvis_graph_intern (graph, value->s)
                               : msvis_graph_store (graph, value->s, value->n);
      break;
    case MSVIS_JSON_BIGINT:
    case MSVIS_JSON_ARRAY:
    case MSVIS_JSON_OBJECT:
    default:
      g_string_truncate (scratch, 0);
      msvis_py_append_str (scratch, value);
      field.kind = MSVIS_VALUE_OBJECT;
      field.s = msvis_graph_intern (graph, scratch->str);
      break;
    }

  return field;
}
