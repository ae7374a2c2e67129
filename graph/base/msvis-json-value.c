// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-json-value.h"
#include "msvis-reader-error.h"
#include "msvis-vector.h"

#define BLOCK_SIZE (64 * 1024)
#define INDEX_AFTER 32   /* members before an object gets a hash index for duplicate keys */

typedef struct _Block Block;
struct _Block
{
  Block *next;
  gsize  size;
  gsize  used;
  guint8 data[];
};

struct _MsvisArena
{
  Block *first;   /* kept across resets */
  Block *current;
};

static Block *
block_new (gsize size)
{
  Block *block = g_malloc (sizeof (Block) + size);

  block->next = NULL;
  block->size = size;
  block->used = 0;
  return block;
}

MsvisArena *
msvis_arena_new (void)
{
  MsvisArena *arena = g_new0 (MsvisArena, 1);

  arena->first = arena->current = block_new (BLOCK_SIZE);
  return arena;
}

/* Keeps the blocks for the next use: an arena that holds one entry or one batch at a time
 * settles at the size of the largest, with no malloc per use. */
void
msvis_arena_reset (MsvisArena *arena)
{
  for (Block *block = arena->first; block != NULL; block = block->next)
    block->used = 0;
  arena->current = arena->first;
}

void
msvis_arena_free (MsvisArena *arena)
{
  if (arena == NULL)
    return;

  for (Block *block = arena->first; block != NULL;)
    {
      Block *next = block->next;

      g_free (block);
      block = next;
    }
  g_free (arena);
}

gpointer
msvis_arena_alloc (MsvisArena *arena,
                   gsize       size)
{
  Block *block = arena->current;
  gpointer p;

  size = (size + 7) & ~(gsize)7;
  while (block->used + size > block->size)
    {
      if (block->next == NULL)
        {
          Block *fresh = block_new (MAX (BLOCK_SIZE, size));

          /* An oversized request gets its own block at the end, so that the reused chain
           * keeps its normal blocks in front. */
          block->next = fresh;
        }
      block = block->next;
      block->used = 0;
      arena->current = block;
    }

  p = block->data + block->used;
  block->used += size;
  return p;
}

char *
msvis_arena_strndup (MsvisArena *arena,
                     const char *text,
                     gsize       length)
{
  char *copy = msvis_arena_alloc (arena, length + 1);

  memcpy (copy, text, length);
  copy[length] = '\0';
  return copy;
}

typedef struct
{
  MsvisJsonValue *container;
  GHashTable     *index;   /* key -> member, once the object is large */
} Frame;

static MsvisJsonValue *
find_member (Frame      *frame,
             const char *key,
             gsize       length)
{
  if (frame->index != NULL)
    return g_hash_table_lookup (frame->index, key);

  /* Every key is checked against the ones before it: the first and last bytes tell most
   * same-length keys apart ("Max", "Min", "md5") without a call to memcmp. */
  msvis_json_value_foreach (member, frame->container)
    if (member->key_len == length &&
        (length == 0 || (member->key[0] == key[0] && member->key[length - 1] == key[length - 1] &&
                         memcmp (member->key, key, length) == 0)))
      return member;

  return NULL;
}

static void
append (Frame          *frame,
        MsvisJsonValue *value)
{
  MsvisJsonValue *container = frame->container;

  if (container->last != NULL)
    container->last->next = value;
  else
    container->first = value;
  container->last = value;
  container->n++;

  if (container->kind != MSVIS_JSON_OBJECT)
    return;

  if (frame->index == NULL && container->n > INDEX_AFTER)
    {
      frame->index = g_hash_table_new (g_str_hash, g_str_equal);
      msvis_json_value_foreach (member, container)
        g_hash_table_insert (frame->index, (char *)member->key, member);
    }
  else if (frame->index != NULL)
    g_hash_table_insert (frame->index, (char *)value->key, value);
}

static inline void
push_frame (MsvisVector *stack,
            Frame       *initial,
            Frame        frame)
{
  if (G_UNLIKELY (stack->len == stack->cap && stack->data == initial))
    {
      /* Deeper than the frames on the C stack: move them to the heap. */
      stack->data = g_memdup2 (initial, sizeof (Frame) * stack->len);
    }
  *(Frame *)msvis_vector_push (stack, sizeof (Frame)) = frame;
}

MsvisJsonValue *
msvis_json_value_read (MsvisArena        *arena,
                       MsvisJsonScanner  *scanner,
                       MsvisJsonToken     first,
                       GError           **error)
{
  return msvis_json_value_read_keyed (arena, scanner, first, NULL, error);
}

/**
 * msvis_json_value_read_keyed:
 * @known_key: (nullable): the keys that need no copy
 *
 * msvis_json_value_read(), with the usual keys of the file taken from @known_key.
 *
 * One loop over the tokens with an explicit stack, longer than 100 lines on purpose: it runs
 * for every value of every dump entry, and split into calls per token kind it kept less in
 * registers (the build's hottest function after the tokenizer).
 */
MsvisJsonValue *
msvis_json_value_read_keyed (MsvisArena        *arena,
                             MsvisJsonScanner  *scanner,
                             MsvisJsonToken     first,
                             MsvisJsonKnownKey  known_key,
                             GError           **error)
{
  /* Most entries nest a few levels: the frames start on the C stack. */
  Frame initial[16];
  MsvisVector frames = { initial, 0, G_N_ELEMENTS (initial) };
  MsvisVector *stack = &frames;
  MsvisJsonValue *root = NULL;
  MsvisJsonValue *reuse = NULL;   /* a duplicate key: Python keeps the position, takes the value */
  const char *key = NULL;
  gsize key_len = 0;
  MsvisJsonToken token = first;
  gboolean ok = FALSE;

  for (;;)
    {
      MsvisJsonValue *value;
      gsize length;
      const char *text;

      if (token == MSVIS_JSON_TOKEN_KEY)
        {
          Frame *top = &msvis_vector_index (stack, Frame, stack->len - 1);

          text = msvis_json_scanner_get_string (scanner, &length);
          reuse = find_member (top, text, length);
          if (reuse != NULL)
            key = reuse->key;
          else
            {
              /* The usual keys need no copy. */
              key = known_key != NULL ? known_key (text, length) : NULL;
              if (key == NULL)
                key = msvis_arena_strndup (arena, text, length);
            }
          key_len = length;
          goto next;
        }

      if (token == MSVIS_JSON_TOKEN_END_OBJECT || token == MSVIS_JSON_TOKEN_END_ARRAY)
        {
          g_clear_pointer (&msvis_vector_index (stack, Frame, stack->len - 1).index,
                           g_hash_table_unref);
          stack->len--;
          if (stack->len == 0)
            break;
          goto next;
        }

      if (token == MSVIS_JSON_TOKEN_EOF)
        {
          msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_TRUNCATED,
                                        _("the file ends in the middle of a value"));
          goto out;
        }

      if (reuse != NULL)
        {
          MsvisJsonValue *next = reuse->next;

          value = reuse;
          memset (value, 0, sizeof *value);
          value->key = key;
          value->key_len = key_len;
          value->next = next;
          reuse = NULL;
        }
      else
        {
          value = msvis_arena_alloc (arena, sizeof *value);
          memset (value, 0, sizeof *value);
          value->key = key;
          value->key_len = key_len;
          if (stack->len > 0)
            append (&msvis_vector_index (stack, Frame, stack->len - 1), value);
        }
      key = NULL;
      if (root == NULL)
        root = value;

      switch (token)
        {
        case MSVIS_JSON_TOKEN_BEGIN_OBJECT:
        case MSVIS_JSON_TOKEN_BEGIN_ARRAY:
          {
            Frame frame = { value, NULL };

            value->kind = token == MSVIS_JSON_TOKEN_BEGIN_OBJECT ? MSVIS_JSON_OBJECT
                                                                 : MSVIS_JSON_ARRAY;
            push_frame (stack, initial, frame);
          }
          break;
        case MSVIS_JSON_TOKEN_STRING:
        case MSVIS_JSON_TOKEN_BIGINT:
          text = msvis_json_scanner_get_string (scanner, &length);
          value->kind = token == MSVIS_JSON_TOKEN_STRING ? MSVIS_JSON_STRING : MSVIS_JSON_BIGINT;
          value->s = msvis_arena_strndup (arena, text, length);
          value->n = length;
          break;
        case MSVIS_JSON_TOKEN_INT:
          value->kind = MSVIS_JSON_INT;
          value->i = msvis_json_scanner_get_int (scanner);
          break;
        case MSVIS_JSON_TOKEN_FLOAT:
          value->kind = MSVIS_JSON_FLOAT;
          value->f = msvis_json_scanner_get_double (scanner);
          break;
        case MSVIS_JSON_TOKEN_TRUE:
        case MSVIS_JSON_TOKEN_FALSE:
          value->kind = MSVIS_JSON_BOOL;
          value->b = token == MSVIS_JSON_TOKEN_TRUE;
          break;
        case MSVIS_JSON_TOKEN_NULL:
          value->kind = MSVIS_JSON_NULL;
          break;
        case MSVIS_JSON_TOKEN_EOF:
        case MSVIS_JSON_TOKEN_END_OBJECT:
        case MSVIS_JSON_TOKEN_END_ARRAY:
        case MSVIS_JSON_TOKEN_KEY:
        default:
          g_assert_not_reached ();
        }

      if (stack->len == 0)
        break;

    next:
      if (!msvis_json_scanner_next (scanner, &token, error))
        goto out;
    }

  ok = TRUE;

out:
  for (guint i = 0; i < stack->len; i++)
    g_clear_pointer (&msvis_vector_index (stack, Frame, i).index, g_hash_table_unref);
  if (stack->data != initial)
    g_free (stack->data);

  return ok ? root : NULL;
}

MsvisJsonValue *
msvis_json_value_parse_file (MsvisArena    *arena,
                             GFile         *file,
                             GCancellable  *cancellable,
                             GError       **error)
{
  g_autoptr(MsvisJsonScanner) scanner = NULL;
  MsvisJsonValue *root;
  MsvisJsonToken token;

  scanner = msvis_json_scanner_new_for_file (file, cancellable, error);
  if (scanner == NULL)
    return NULL;
  /* Small files of settings: their readers refuse a NUL naming the key. */
  msvis_json_scanner_set_keep_nul (scanner, TRUE);

  if (!msvis_json_scanner_next (scanner, &token, error))
    return NULL;
  root = msvis_json_value_read (arena, scanner, token, error);
  if (root == NULL)
    return NULL;
  if (!msvis_json_scanner_next (scanner, &token, error))
    return NULL;

  return root;
}

MsvisJsonValue *
msvis_json_value_get_member (const MsvisJsonValue *object,
                             const char           *key)
{
  gsize length;

  if (object == NULL || object->kind != MSVIS_JSON_OBJECT)
    return NULL;

  length = strlen (key);
  msvis_json_value_foreach (member, object)
    if (member->key_len == length && memcmp (member->key, key, length) == 0)
      return member;

  return NULL;
}

/* Python's bool(): what `if value:` sees. */
gboolean
msvis_json_value_is_truthy (const MsvisJsonValue *value)
{
  if (value == NULL)
    return FALSE;

  switch (value->kind)
    {
    case MSVIS_JSON_NULL: return FALSE;
    case MSVIS_JSON_BOOL: return value->b;
    case MSVIS_JSON_INT: return value->i != 0;
    case MSVIS_JSON_BIGINT: return TRUE;
    case MSVIS_JSON_FLOAT: return value->f != 0.0;
    case MSVIS_JSON_STRING:
    case MSVIS_JSON_ARRAY:
    case MSVIS_JSON_OBJECT:
    default:
      return value->n > 0;
    }
}

const char *
msvis_json_value_get_string (const MsvisJsonValue *value)
{
  if (value == NULL || value->kind != MSVIS_JSON_STRING)
    return NULL;
  return value->s;
}

MsvisJsonValue *
msvis_json_value_new (MsvisArena    *arena,
                      MsvisJsonKind  kind)
{
  MsvisJsonValue *value = msvis_arena_alloc (arena, sizeof *value);

  memset (value, 0, sizeof *value);
  value->kind = kind;
  return value;
}

MsvisJsonValue *
msvis_json_value_new_string (MsvisArena *arena,
                             const char *text)
{
  MsvisJsonValue *value = msvis_json_value_new (arena, MSVIS_JSON_STRING);

  value->n = strlen (text);
  value->s = msvis_arena_strndup (arena, text, value->n);
  return value;
}

/**
 * msvis_json_value_copy:
 *
 * Returns: a deep copy of @value in @arena, without its member name
 */
MsvisJsonValue *
msvis_json_value_copy (MsvisArena           *arena,
                       const MsvisJsonValue *value)
{
  MsvisJsonValue *copy = msvis_json_value_new (arena, value->kind);

  switch (value->kind)
    {
    case MSVIS_JSON_STRING:
    case MSVIS_JSON_BIGINT:
      copy->n = value->n;
      copy->s = msvis_arena_strndup (arena, value->s, value->n);
      break;
    case MSVIS_JSON_ARRAY:
      msvis_json_value_foreach (element, value)
        msvis_json_value_append (copy, msvis_json_value_copy (arena, element));
      break;
    case MSVIS_JSON_OBJECT:
      msvis_json_value_foreach (member, value)
        msvis_json_value_set_member (arena, copy, member->key,
                                     msvis_json_value_copy (arena, member));
      break;
    case MSVIS_JSON_NULL:
    case MSVIS_JSON_BOOL:
    case MSVIS_JSON_INT:
    case MSVIS_JSON_FLOAT:
    default:
      copy->i = value->i;   /* the whole union */
      break;
    }

  return copy;
}

void
msvis_json_value_append (MsvisJsonValue *array,
                         MsvisJsonValue *element)
{
  element->next = NULL;
  if (array->last != NULL)
    array->last->next = element;
  else
    array->first = element;
  array->last = element;
  array->n++;
}

/**
 * msvis_json_value_set_member:
 *
 * object[key] = value, as a Python dict: an existing key keeps its place.
 */
void
msvis_json_value_set_member (MsvisArena     *arena,
                             MsvisJsonValue *object,
                             const char     *key,
                             MsvisJsonValue *value)
{
  MsvisJsonValue *prev = NULL;

  msvis_json_value_foreach (member, object)
    {
      if (strcmp (member->key, key) == 0)
        {
          value->key = member->key;
          value->key_len = member->key_len;
          value->next = member->next;
          if (prev != NULL)
            prev->next = value;
          else
            object->first = value;
          if (object->last == member)
            object->last = value;
          return;
        }
      prev = member;
    }

  value->key_len = strlen (key);
  value->key = msvis_arena_strndup (arena, key, value->key_len);
  msvis_json_value_append (object, value);
}
