// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A node is a row index into its graph, not an object. */
typedef guint32 MsvisNodeId;
#define MSVIS_NODE_ID_NONE G_MAXUINT32

/* msprobe's NodeOp values, as written in "node_type". */
typedef enum
{
  MSVIS_NODE_MODULE = 0,
  MSVIS_NODE_API = 1,
  MSVIS_NODE_API_COLLECTION = 9,
} MsvisNodeType;

/* A Python value as msprobe holds it in a data item. */
typedef enum
{
  MSVIS_VALUE_NONE,
  MSVIS_VALUE_BOOL,
  MSVIS_VALUE_INT,
  MSVIS_VALUE_FLOAT,
  MSVIS_VALUE_STR,
  MSVIS_VALUE_OBJECT,   /* a list, dict or big int, kept as the text str() gives */
  MSVIS_VALUE_PERCENT,  /* a compare metric: f, whose str() is repr(f) + "%" */
} MsvisValueKind;

typedef struct
{
  guint32 name;   /* a field-name atom of the graph */
  guint32 kind;   /* MsvisValueKind */
  union {
    gboolean    b;
    gint64      i;
    double      f;
    const char *s;   /* interned in the graph; STR and OBJECT */
  };
} MsvisField;

typedef struct
{
  const char *key;          /* e.g. "Module.fc.Linear.forward.0.input.0" */
  guint32     first_field;
  guint32     n_fields;
} MsvisItem;

typedef enum
{
  MSVIS_OVERFLOW_NONE,
  MSVIS_OVERFLOW_MEDIUM,
  MSVIS_OVERFLOW_HIGH,
  MSVIS_OVERFLOW_CRITICAL,
} MsvisOverflowLevel;

G_END_DECLS
