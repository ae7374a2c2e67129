// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

/* The keys every dump.json entry and leaf has, which the reader does not copy. */
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

/* A MsvisJsonKnownKey for msvis_json_value_read_keyed(): the table's string for @key. */
const char *msvis_dump_key_intern (const char *key,
                                   gsize       length);

G_END_DECLS
