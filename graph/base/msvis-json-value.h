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

/* The keys every dump.json entry and leaf has, which msvis_json_value_read() does not copy. */
typedef enum
{
  MSVIS_DUMP_KEY_TYPE, MSVIS_DUMP_KEY_DTYPE, MSVIS_DUMP_KEY_SHAPE, MSVIS_DUMP_KEY_MAX,
  MSVIS_DUMP_KEY_MIN, MSVIS_DUMP_KEY_MEAN, MSVIS_DUMP_KEY_NORM, MSVIS_DUMP_KEY_MD5,
  MSVIS_DUMP_KEY_VALUE, MSVIS_DUMP_KEY_DATA_NAME, MSVIS_DUMP_KEY_REQUIRES_GRAD,
  MSVIS_DUMP_KEY_INPUT_ARGS, MSVIS_DUMP_KEY_INPUT_KWARGS, MSVIS_DUMP_KEY_OUTPUT,
  MSVIS_DUMP_KEY_PARAMETERS, MSVIS_N_DUMP_KEYS
} MsvisDumpKey;

extern const char *const msvis_dump_keys[MSVIS_N_DUMP_KEYS];

/* The #MsvisDumpKey @key is, or MSVIS_N_DUMP_KEYS: told apart by length and first bytes,
 * without a hash. Inline: the reader and the op parser ask it for every key. */
static inline MsvisDumpKey
msvis_dump_key_find (const char *key,
                     gsize       length)
{
  /* Each case's length is a constant: IS compares as words, with no call. */
#define IS(k, n) (memcmp (key, msvis_dump_keys[k], n) == 0 ? (k) : MSVIS_N_DUMP_KEYS)
  switch (length)
    {
    case 3:
      return key[1] == 'a' ? IS (MSVIS_DUMP_KEY_MAX, 3)
             : key[1] == 'i' ? IS (MSVIS_DUMP_KEY_MIN, 3) : IS (MSVIS_DUMP_KEY_MD5, 3);
    case 4:
      return key[0] == 't' ? IS (MSVIS_DUMP_KEY_TYPE, 4)
             : key[0] == 'M' ? IS (MSVIS_DUMP_KEY_MEAN, 4) : IS (MSVIS_DUMP_KEY_NORM, 4);
    case 5:
      return key[0] == 'd' ? IS (MSVIS_DUMP_KEY_DTYPE, 5)
             : key[0] == 's' ? IS (MSVIS_DUMP_KEY_SHAPE, 5) : IS (MSVIS_DUMP_KEY_VALUE, 5);
    case 6: return IS (MSVIS_DUMP_KEY_OUTPUT, 6);
    case 9: return IS (MSVIS_DUMP_KEY_DATA_NAME, 9);
    case 10:
      return key[0] == 'i' ? IS (MSVIS_DUMP_KEY_INPUT_ARGS, 10)
                           : IS (MSVIS_DUMP_KEY_PARAMETERS, 10);
    case 12: return IS (MSVIS_DUMP_KEY_INPUT_KWARGS, 12);
    case 13: return IS (MSVIS_DUMP_KEY_REQUIRES_GRAD, 13);
    default: return MSVIS_N_DUMP_KEYS;
    }
#undef IS
}

G_END_DECLS
