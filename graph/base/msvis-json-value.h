// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-json-scanner.h"

G_BEGIN_DECLS

/* A small JSON document held in an arena: one dump entry, a compare.json. Big files are never
 * read into one of these; their scanner hands over one bounded piece at a time. */

typedef enum
{
  MSVIS_JSON_NULL,
  MSVIS_JSON_BOOL,
  MSVIS_JSON_INT,
  MSVIS_JSON_BIGINT,   /* s holds the digits */
  MSVIS_JSON_FLOAT,
  MSVIS_JSON_STRING,
  MSVIS_JSON_ARRAY,
  MSVIS_JSON_OBJECT,
} MsvisJsonKind;

typedef struct _MsvisJsonValue MsvisJsonValue;

struct _MsvisJsonValue
{
  MsvisJsonKind   kind;
  guint           n;        /* elements, members, or string bytes */
  const char     *key;      /* the member name, when this value is an object member */
  gsize           key_len;
  MsvisJsonValue *next;     /* the next element or member of the parent */
  union {
    gboolean        b;
    gint64          i;
    double          f;
    const char     *s;      /* NUL-terminated; may contain NULs before n */
    MsvisJsonValue *first;  /* arrays and objects, in document order */
  };
  MsvisJsonValue *last;
};

typedef struct _MsvisArena MsvisArena;

MsvisArena     *msvis_arena_new             (void);
void            msvis_arena_free            (MsvisArena        *arena);
void            msvis_arena_reset           (MsvisArena        *arena);
gpointer        msvis_arena_alloc           (MsvisArena        *arena,
                                             gsize              size);
char           *msvis_arena_strndup         (MsvisArena        *arena,
                                             const char        *text,
                                             gsize              length);

MsvisJsonValue *msvis_json_value_read       (MsvisArena        *arena,
                                             MsvisJsonScanner  *scanner,
                                             MsvisJsonToken     first,
                                             GError           **error);

/* A reader of a big file of many small values with the same keys names them here: the
 * string to use for @key (static, never freed), or %NULL for a copy in the arena. */
typedef const char *(*MsvisJsonKnownKey) (const char *key,
                                          gsize       length);

MsvisJsonValue *msvis_json_value_read_keyed (MsvisArena        *arena,
                                             MsvisJsonScanner  *scanner,
                                             MsvisJsonToken     first,
                                             MsvisJsonKnownKey  known_key,
                                             GError           **error);
MsvisJsonValue *msvis_json_value_parse_file (MsvisArena        *arena,
                                             GFile             *file,
                                             GCancellable      *cancellable,
                                             GError           **error);

MsvisJsonValue *msvis_json_value_get_member (const MsvisJsonValue *object,
                                             const char           *key);
gboolean        msvis_json_value_is_truthy  (const MsvisJsonValue *value);
const char     *msvis_json_value_get_string (const MsvisJsonValue *value);

/* Building values, for results that are written out as JSON */
MsvisJsonValue *msvis_json_value_new        (MsvisArena           *arena,
                                             MsvisJsonKind         kind);
MsvisJsonValue *msvis_json_value_new_string (MsvisArena           *arena,
                                             const char           *text);
MsvisJsonValue *msvis_json_value_copy       (MsvisArena           *arena,
                                             const MsvisJsonValue *value);
void            msvis_json_value_append     (MsvisJsonValue       *array,
                                             MsvisJsonValue       *element);
void            msvis_json_value_set_member (MsvisArena           *arena,
                                             MsvisJsonValue       *object,
                                             const char           *key,
                                             MsvisJsonValue       *value);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisArena, msvis_arena_free)

#define msvis_json_value_foreach(child, parent) \
  for (MsvisJsonValue *child = (parent)->first; child != NULL; child = child->next)

G_END_DECLS
