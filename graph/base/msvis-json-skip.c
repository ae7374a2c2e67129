// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "msvis-json-scanner-private.h"

/* Skipping a value, token by token or without tokenizing it, and scanning pieces of a file
 * that were skipped: what lets a viewer index a .vis of gigabytes and parse a node's data
 * only when asked. */

/**
 * msvis_json_scanner_new_for_spans:
 *
 * A scanner for pieces of a file that were skipped earlier with
 * msvis_json_scanner_skip_raw(): give it each piece with msvis_json_scanner_set_span().
 */
MsvisJsonScanner *
msvis_json_scanner_new_for_spans (const char *display_name)
{
  MsvisJsonScanner *self = g_new0 (MsvisJsonScanner, 1);

  self->name = g_strdup (display_name ? display_name : "JSON");
  self->cap = 64 * 1024;
  self->buf = g_malloc (self->cap + 1);
  self->max_depth = MSVIS_JSON_DEFAULT_MAX_DEPTH;
  self->scratch = g_string_sized_new (256);
  self->eof = TRUE;
  self->lines_unknown = TRUE;
  self->state = STATE_DONE;

  return self;
}

/**
 * msvis_json_scanner_set_name:
 *
 * Changes the name messages give the input, for spans from different places.
 */
void
msvis_json_scanner_set_name (MsvisJsonScanner *self,
                             const char       *display_name)
{
  g_free (self->name);
  self->name = g_strdup (display_name);
}

/**
 * msvis_json_scanner_set_span:
 * @offset: where @data lies in the file, for messages
 *
 * Starts scanning one JSON value held in @data (copied).
 */
void
msvis_json_scanner_set_span (MsvisJsonScanner *self,
                             const char       *data,
                             gsize             length,
                             guint64           offset)
{
  g_return_if_fail (self->stream == NULL);

  if (length > self->cap)
    {
      self->cap = length;
      self->buf = g_realloc (self->buf, self->cap + 1);
    }
  memcpy (self->buf, data, length);
  self->len = length;
  self->pos = self->token_start = 0;
  self->base_offset = offset;
  self->containers.len = 0;
  self->state = STATE_VALUE;
}

/* Bytes that matter while skipping outside strings: quotes and brackets. */
static const guchar raw_stop[256] = {
  ['"'] = 1, ['{'] = 2, ['['] = 2, ['}'] = 3, [']'] = 3,
};

/* Byte by byte: the tail of a buffer, and machines without SSE2. */
static inline gsize
scan_string_stop (const guchar *buf,
                  gsize         i,
                  gsize         len)
{
  while (i < len && buf[i] != '"' && buf[i] != '\\')
    i++;
  return i;
}

static inline gsize
scan_structure (const guchar *buf,
                gsize         i,
                gsize         len)
{
  while (i < len && raw_stop[buf[i]] == 0)
    i++;
  return i;
}

/* Skipping is most of the work of indexing a .vis, so it looks at 16 bytes at a time where
 * SSE2 is there (every x86-64): runs of indentation and plain text go by at once. */
static inline gsize
find_string_stop (const guchar *buf,
                  gsize         i,
                  gsize         len)
{
#ifdef __SSE2__
  const __m128i quote = _mm_set1_epi8 ('"'), backslash = _mm_set1_epi8 ('\\');

  for (; i + 16 <= len; i += 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *)(buf + i));
      int mask = _mm_movemask_epi8 (_mm_or_si128 (_mm_cmpeq_epi8 (v, quote),
                                                  _mm_cmpeq_epi8 (v, backslash)));

      if (mask != 0)
        return i + __builtin_ctz (mask);
    }
#endif
  return scan_string_stop (buf, i, len);
}

static inline gsize
find_structure (const guchar *buf,
                gsize         i,
                gsize         len)
{
#ifdef __SSE2__
  /* c | 0x20 is '{' only for '[' and '{', and '}' only for ']' and '}'. */
  const __m128i quote = _mm_set1_epi8 ('"'), fold = _mm_set1_epi8 (0x20);
  const __m128i open = _mm_set1_epi8 ('{'), close = _mm_set1_epi8 ('}');

  for (; i + 16 <= len; i += 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *)(buf + i));
      __m128i folded = _mm_or_si128 (v, fold);
      int mask = _mm_movemask_epi8 (_mm_or_si128 (_mm_cmpeq_epi8 (v, quote),
                                                  _mm_or_si128 (_mm_cmpeq_epi8 (folded, open),
                                                                _mm_cmpeq_epi8 (folded, close))));

      if (mask != 0)
        return i + __builtin_ctz (mask);
    }
#endif
  return scan_structure (buf, i, len);
}

/* Skips a value token by token, checking it all: the careful twin of skip_raw(). */
gboolean
msvis_json_scanner_skip_value (MsvisJsonScanner  *self,
                               MsvisJsonToken     first,
                               GError           **error)
{
  guint depth = 0;
  MsvisJsonToken token = first;

  for (;;)
    {
      switch (token)
        {
        case MSVIS_JSON_TOKEN_BEGIN_OBJECT:
        case MSVIS_JSON_TOKEN_BEGIN_ARRAY:
          depth++;
          break;
        case MSVIS_JSON_TOKEN_END_OBJECT:
        case MSVIS_JSON_TOKEN_END_ARRAY:
          depth--;
          break;
        case MSVIS_JSON_TOKEN_EOF:
          return msvis_json_scanner_truncated (self, error);
        case MSVIS_JSON_TOKEN_KEY:
        case MSVIS_JSON_TOKEN_STRING:
        case MSVIS_JSON_TOKEN_INT:
        case MSVIS_JSON_TOKEN_BIGINT:
        case MSVIS_JSON_TOKEN_FLOAT:
        case MSVIS_JSON_TOKEN_TRUE:
        case MSVIS_JSON_TOKEN_FALSE:
        case MSVIS_JSON_TOKEN_NULL:
        default:
          break;
        }

      if (depth == 0)
        return TRUE;
      if (!msvis_json_scanner_next (self, &token, error))
        return FALSE;
    }
}

/**
 * msvis_json_scanner_skip_raw:
 * @first: the token next() just returned: MSVIS_JSON_TOKEN_BEGIN_OBJECT or _ARRAY
 * @start: (out): file offset of the opening bracket
 * @end: (out): file offset just past the closing bracket
 *
 * Skips the rest of a container by matching brackets outside strings, without tokenizing
 * or validating what is inside: several times faster than msvis_json_scanner_skip_value(),
 * for pieces that are read later, if ever, with a span scanner.
 */
gboolean
msvis_json_scanner_skip_raw (MsvisJsonScanner  *self,
                             MsvisJsonToken     first,
                             guint64           *start,
                             guint64           *end,
                             GError           **error)
{
  gsize i = self->pos, shift;
  guint depth = 1;
  gboolean in_string = FALSE;

  g_return_val_if_fail (first == MSVIS_JSON_TOKEN_BEGIN_OBJECT ||
                        first == MSVIS_JSON_TOKEN_BEGIN_ARRAY, FALSE);

  *start = self->base_offset + self->token_start;

  for (;;)
    {
      const guchar *buf = self->buf;
      gsize len = self->len;

      while (i < len)
        {
          guchar kind;

          if (in_string)
            {
              i = find_string_stop (buf, i, len);
              if (i == len)
                break;
              if (buf[i] == '\\')
                {
                  if (i + 1 == len)
                    break;   /* keep the backslash with the byte it escapes */
                  i += 2;
                  continue;
                }
              in_string = FALSE;
              i++;
              continue;
            }

          i = find_structure (buf, i, len);
          if (i == len)
            break;
          kind = raw_stop[buf[i]];
          if (kind == 1)
            in_string = TRUE;
          else if (kind == 2)
            depth++;
          else if (--depth == 0)
            {
              self->pos = i;
              self->token_start = i;
              /* Before closing: that may take a comma after the bracket too. */
              *end = self->base_offset + i + 1;
              msvis_json_scanner_close_container (self);
              return TRUE;
            }
          i++;
        }

      if (self->eof)
        return msvis_json_scanner_truncated (self, error);
      /* Nothing before i is needed again. */
      self->pos = i;
      if (!msvis_json_scanner_fill (self, i, &shift, error))
        return FALSE;
      i -= shift;
    }
}
