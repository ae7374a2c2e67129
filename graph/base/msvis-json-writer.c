// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "msvis-json-writer.h"
#include "msvis-number-format.h"
#include "msvis-py-repr.h"
#include "msvis-vector.h"

#define FLUSH_AT (4 * 1024 * 1024)

typedef struct
{
  gboolean is_object;
  guint    n;   /* members or elements written so far */
} Level;

struct _MsvisJsonWriter
{
  GOutputStream *stream;
  GCancellable  *cancellable;
  GString       *buf;
  MsvisVector    levels;     /* Level */
  guint          indent;
  gboolean       compact;    /* json.dumps() without indent: ", " and no newlines */
  gboolean       after_key;
  GError        *error;      /* the first write error; later writes are dropped */
};

static void after (MsvisJsonWriter *self);
static void flush (MsvisJsonWriter *self);

MsvisJsonWriter *
msvis_json_writer_new (GOutputStream *stream,
                       guint          indent,
                       GCancellable  *cancellable)
{
  MsvisJsonWriter *self = g_new0 (MsvisJsonWriter, 1);

  self->stream = g_object_ref (stream);
  self->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  self->buf = g_string_sized_new (FLUSH_AT + 64 * 1024);
  self->indent = indent;

  return self;
}

/**
 * msvis_json_writer_new_fragment:
 * @depth: how many containers are open where the fragment goes
 * @continues: whether members come before it in the innermost one
 * @buffer: (transfer full) (nullable): the memory to write into; %NULL: a new one
 *
 * A writer that formats a run of members into memory, to be joined into the real output by
 * msvis_json_writer_append_fragment(), so that parts of a file can be formatted in parallel.
 */
MsvisJsonWriter *
msvis_json_writer_new_fragment (guint    indent,
                                guint    depth,
                                gboolean continues,
                                GString *buffer)
{
  MsvisJsonWriter *self = g_new0 (MsvisJsonWriter, 1);
  Level level = { TRUE, 0 };

  self->buf = buffer != NULL ? buffer : g_string_sized_new (256 * 1024);
  g_string_truncate (self->buf, 0);
  self->indent = indent;
  for (guint i = 0; i < depth; i++)
    *(Level *)msvis_vector_push (&self->levels, sizeof (Level)) = level;
  msvis_vector_index (&self->levels, Level, depth - 1).n = continues ? 1 : 0;

  return self;
}

/**
 * msvis_json_writer_new_compact:
 *
 * A writer into memory that writes as Python's json.dumps(obj) does with its defaults: one
 * line, ", " between members and ": " after keys. Take the text with
 * msvis_json_writer_end_fragment().
 */
MsvisJsonWriter *
msvis_json_writer_new_compact (void)
{
  MsvisJsonWriter *self = g_new0 (MsvisJsonWriter, 1);

  self->buf = g_string_sized_new (256);
  self->compact = TRUE;

  return self;
}

/* How many bytes a fragment writer holds. */
gsize
msvis_json_writer_get_length (MsvisJsonWriter *self)
{
  return self->buf->len;
}

/**
 * msvis_json_writer_swap_fragment_text:
 * @fresh: (transfer full): where the fragment goes on
 *
 * Hands over what a fragment writer holds so far, and goes on into @fresh (emptied): a
 * fragment of megabytes is passed on in pieces rather than grown by copying.
 *
 * Returns: (transfer full): the text written since the last call
 */
GString *
msvis_json_writer_swap_fragment_text (MsvisJsonWriter *self,
                                      GString         *fresh)
{
  GString *text = self->buf;

  g_return_val_if_fail (self->stream == NULL, NULL);

  self->buf = fresh;
  g_string_truncate (self->buf, 0);
  return text;
}

/**
 * msvis_json_writer_end_fragment:
 *
 * Returns: (transfer full): the formatted text; @self is freed
 */
GString *
msvis_json_writer_end_fragment (MsvisJsonWriter *self)
{
  GString *text = g_steal_pointer (&self->buf);

  self->buf = g_string_new (NULL);
  self->levels.len = 0;
  msvis_json_writer_free (self);
  return text;
}

/**
 * msvis_json_writer_append_fragment:
 * @n_members: how many members the fragment holds
 *
 * Puts a fragment's text where the writer stands, as if its members had been written here.
 */
void
msvis_json_writer_append_fragment (MsvisJsonWriter *self,
                                   GString         *fragment,
                                   guint            n_members)
{
  Level *level = &msvis_vector_index (&self->levels, Level, self->levels.len - 1);

  /* Straight to the stream: copying megabytes into the buffer first would cost the one
   * thread that everything waits for. */
  flush (self);
  if (self->stream != NULL && self->error == NULL)
    g_output_stream_write_all (self->stream, fragment->str, fragment->len, NULL,
                               self->cancellable, &self->error);
  else if (self->stream == NULL)
    g_string_append_len (self->buf, fragment->str, fragment->len);
  level->n += n_members;
}

void
msvis_json_writer_free (MsvisJsonWriter *self)
{
  if (self == NULL)
    return;

  g_clear_object (&self->stream);
  g_clear_object (&self->cancellable);
  g_string_free (self->buf, TRUE);
  msvis_vector_clear (&self->levels);
  g_clear_error (&self->error);
  g_free (self);
}

static void
flush (MsvisJsonWriter *self)
{
  if (self->stream == NULL)
    return;   /* a fragment: everything stays in memory */
  if (self->error == NULL && self->buf->len > 0)
    g_output_stream_write_all (self->stream, self->buf->str, self->buf->len, NULL,
                               self->cancellable, &self->error);
  g_string_truncate (self->buf, 0);
}

/**
 * msvis_json_writer_finish:
 *
 * Writes what is buffered. The stream is not closed.
 *
 * Returns: %FALSE if any write failed
 */
gboolean
msvis_json_writer_finish (MsvisJsonWriter  *self,
                          GError          **error)
{
  g_return_val_if_fail (self->levels.len == 0, FALSE);

  flush (self);
  if (self->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&self->error));
      return FALSE;
    }

  return TRUE;
}

/* Reserves @n more bytes and returns where they start; the caller fills them. */
static inline char *
reserve (GString *buf,
         gsize    n)
{
  gsize len = buf->len;

  if (G_UNLIKELY (len + n >= buf->allocated_len))
    g_string_set_size (buf, len + n), g_string_truncate (buf, len);
  buf->len += n;
  buf->str[buf->len] = '\0';
  return buf->str + len;
}

static inline void
append (GString    *buf,
        const char *text,
        gsize       n)
{
  memcpy (reserve (buf, n), text, n);
}

/* A newline and the indentation, after a comma if @comma. Up to 47 spaces, which is every
 * line of a .vis, take three unaligned 16-byte stores of a fixed pattern into room reserved
 * beyond them (a comma not needed is overwritten by the newline); deeper lines go 16 at a
 * time. */
static void
newline (MsvisJsonWriter *self,
         gboolean         comma)
{
  guint spaces = self->indent * self->levels.len;
  gsize n = comma + 1 + spaces;
  char *p = reserve (self->buf, n + 48);

  self->buf->len -= 48;
#ifdef __SSE2__
  if (G_LIKELY (spaces <= 47))
    {
      const __m128i blank = _mm_set1_epi8 (' ');

      *p = ',';
      p += comma;
      _mm_storeu_si128 ((__m128i *)p, _mm_insert_epi16 (blank, '\n' | ' ' << 8, 0));
      _mm_storeu_si128 ((__m128i *)(p + 16), blank);
      _mm_storeu_si128 ((__m128i *)(p + 32), blank);
      self->buf->str[self->buf->len] = '\0';
      return;
    }
#endif
  if (comma)
    *p++ = ',';
  *p++ = '\n';
  memset (p, ' ', spaces);
  self->buf->str[self->buf->len] = '\0';
}

/* Separator and indentation before a value or a key. */
static void
before (MsvisJsonWriter *self)
{
  Level *level;

  if (self->after_key)
    {
      self->after_key = FALSE;
      return;
    }
  if (self->levels.len == 0)
    return;

  level = &msvis_vector_index (&self->levels, Level, self->levels.len - 1);
  if (self->compact)
    {
      if (level->n++ > 0)
        append (self->buf, ", ", 2);
      return;
    }
  newline (self, level->n++ > 0);
}

static void
after (MsvisJsonWriter *self)
{
  if (self->buf->len >= FLUSH_AT)
    flush (self);
}

static void
begin (MsvisJsonWriter *self,
       gboolean         is_object)
{
  Level level = { is_object, 0 };

  before (self);
  g_string_append_c (self->buf, is_object ? '{' : '[');
  *(Level *)msvis_vector_push (&self->levels, sizeof (Level)) = level;
}

static void
end (MsvisJsonWriter *self)
{
  Level level = msvis_vector_index (&self->levels, Level, self->levels.len - 1);

  self->levels.len--;
  if (level.n > 0 && !self->compact)
    newline (self, FALSE);
  g_string_append_c (self->buf, level.is_object ? '}' : ']');
  after (self);
}

/* How many containers are open. */
guint
msvis_json_writer_get_depth (MsvisJsonWriter *self)
{
  return self->levels.len;
}

void
msvis_json_writer_begin_object (MsvisJsonWriter *self)
{
  begin (self, TRUE);
}

void
msvis_json_writer_end_object (MsvisJsonWriter *self)
{
  end (self);
}

void
msvis_json_writer_begin_array (MsvisJsonWriter *self)
{
  begin (self, FALSE);
}

void
msvis_json_writer_end_array (MsvisJsonWriter *self)
{
  end (self);
}

static const char hex[] = "0123456789abcdef";

/* Bytes that a JSON string literal cannot hold as they are (ensure_ascii). */
static const guchar needs_escape[256] = {
  [0 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1, [0x7f ... 0xff] = 1,
};

#define ONES G_GUINT64_CONSTANT (0x0101010101010101)
#define HIGHS (ONES * 0x80)

static inline gboolean
word_has_zero_byte (guint64 x)
{
  return ((x - ONES) & ~x & HIGHS) != 0;
}

/* Whether some byte of @x is a quote, a backslash, below 0x20 or 0x7f and above. Never
 * FALSE when one is: the carries of the subtractions can only add false alarms. */
static inline gboolean
word_may_need_escape (guint64 x)
{
  return word_has_zero_byte (x ^ (ONES * '"')) || word_has_zero_byte (x ^ (ONES * '\\')) ||
         ((x - ONES * 0x20) & ~x & HIGHS) != 0 || ((x + ONES) | x) & HIGHS;
}

/* The first byte from @i that needs_escape marks; most strings have none, and where SSE2 is
 * there (every x86-64) they go by 16 bytes at a time. */
static inline gsize
find_escape (const guchar *p,
             gsize         i,
             gsize         length)
{
#ifdef __SSE2__
  /* A signed compare with 0x20 catches the control characters and every byte >= 0x80. */
  const __m128i quote = _mm_set1_epi8 ('"'), backslash = _mm_set1_epi8 ('\\');
  const __m128i control = _mm_set1_epi8 (0x20), del = _mm_set1_epi8 (0x7f);

  for (; i + 16 <= length; i += 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *)(p + i));
      __m128i stop = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, quote),
                                                 _mm_cmpeq_epi8 (v, backslash)),
                                   _mm_or_si128 (_mm_cmplt_epi8 (v, control),
                                                 _mm_cmpeq_epi8 (v, del)));
      int mask = _mm_movemask_epi8 (stop);

      if (mask != 0)
        return i + __builtin_ctz (mask);
    }
#endif
  /* Field names and values are mostly shorter than 16 bytes: 8 at a time as a guint64 finds
   * most of them clean; a word that may hold a byte to escape is left to the table. */
  for (; i + 8 <= length; i += 8)
    {
      guint64 x;

      memcpy (&x, p + i, 8);
      if (word_may_need_escape (x))
        break;
    }
  while (i < length && !needs_escape[p[i]])
    i++;
  return i;
}

static void
append_u_escape (GString  *out,
                 gunichar  c)
{
  char e[6] = { '\\', 'u', hex[(c >> 12) & 15], hex[(c >> 8) & 15], hex[(c >> 4) & 15],
                hex[c & 15] };

  g_string_append_len (out, e, 6);
}

/* Decodes one UTF-8 (or WTF-8, for lone surrogates) sequence; invalid bytes stand for
 * themselves, which only msvis's own callers could produce. */
static gunichar
decode (const guchar *p,
        gsize         n,
        gsize        *used)
{
  if (p[0] >= 0xf0 && n >= 4)
    {
      *used = 4;
      return ((p[0] & 7) << 18) | ((p[1] & 0x3f) << 12) | ((p[2] & 0x3f) << 6) | (p[3] & 0x3f);
    }
  if (p[0] >= 0xe0 && n >= 3)
    {
      *used = 3;
      return ((p[0] & 15) << 12) | ((p[1] & 0x3f) << 6) | (p[2] & 0x3f);
    }
  if (p[0] >= 0xc0 && n >= 2)
    {
      *used = 2;
      return ((p[0] & 31) << 6) | (p[1] & 0x3f);
    }
  *used = 1;
  return p[0];
}

/**
 * msvis_json_append_escaped:
 *
 * Appends @text as a JSON string literal, as Python's ensure_ascii encoder writes it.
 */
void
msvis_json_append_escaped (GString    *out,
                           const char *text,
                           gsize       length)
{
  const guchar *p = (const guchar *)text;
  gsize i = 0;

  g_string_append_c (out, '"');
  while (i < length)
    {
      gsize run = find_escape (p, i, length);
      gunichar c;
      gsize used;

      append (out, text + i, run - i);
      if (run == length)
        break;
      i = run;

      switch (p[i])
        {
        case '"': g_string_append (out, "\\\""); i++; continue;
        case '\\': g_string_append (out, "\\\\"); i++; continue;
        case '\n': g_string_append (out, "\\n"); i++; continue;
        case '\r': g_string_append (out, "\\r"); i++; continue;
        case '\t': g_string_append (out, "\\t"); i++; continue;
        case '\b': g_string_append (out, "\\b"); i++; continue;
        case '\f': g_string_append (out, "\\f"); i++; continue;
        default: break;
        }

      c = decode (p + i, length - i, &used);
      i += used;
      if (c >= 0x10000)
        {
          c -= 0x10000;
          append_u_escape (out, 0xd800 | (c >> 10));
          append_u_escape (out, 0xdc00 | (c & 0x3ff));
        }
      else
        append_u_escape (out, c);
    }
  g_string_append_c (out, '"');
}

void
msvis_json_writer_key (MsvisJsonWriter *self,
                       const char      *key)
{
  gsize length = strlen (key);

  before (self);
  if (G_LIKELY (find_escape ((const guchar *)key, 0, length) == length))
    {
      char *p = reserve (self->buf, length + 4);

      p[0] = '"';
      memcpy (p + 1, key, length);
      memcpy (p + 1 + length, "\": ", 3);
    }
  else
    {
      msvis_json_append_escaped (self->buf, key, length);
      append (self->buf, ": ", 2);
    }
  self->after_key = TRUE;
}

/**
 * msvis_json_writer_key_literal:
 * @literal: the key as msvis_json_append_escaped() writes it, quotes included
 *
 * Like msvis_json_writer_key(), for a key escaped once ahead of many uses.
 */
void
msvis_json_writer_key_literal (MsvisJsonWriter *self,
                               const char      *literal,
                               gsize            length)
{
  char *p;

  before (self);
  p = reserve (self->buf, length + 2);
  memcpy (p, literal, length);
  p[length] = ':';
  p[length + 1] = ' ';
  self->after_key = TRUE;
}

void
msvis_json_writer_string_len (MsvisJsonWriter *self,
                              const char      *text,
                              gsize            length)
{
  before (self);
  msvis_json_append_escaped (self->buf, text, length);
  after (self);
}

/**
 * msvis_json_writer_string_member:
 * @key_literal: the key as msvis_json_writer_key_literal() takes it
 * @plain: whether the caller knows @text holds nothing to escape
 *
 * A key and its string value in one step: the data items of a .vis file are millions of
 * these, and most values go out as they are.
 */
void
msvis_json_writer_string_member (MsvisJsonWriter *self,
                                 const char      *key_literal,
                                 gsize            key_length,
                                 const char      *text,
                                 gsize            length,
                                 gboolean         plain)
{
  char *p;

  if (!plain && find_escape ((const guchar *)text, 0, length) < length)
    {
      msvis_json_writer_key_literal (self, key_literal, key_length);
      msvis_json_writer_string_len (self, text, length);
      return;
    }

  before (self);
  p = reserve (self->buf, key_length + length + 4);
  memcpy (p, key_literal, key_length);
  p += key_length;
  memcpy (p, ": \"", 3);
  memcpy (p + 3, text, length);
  p[3 + length] = '"';
  after (self);
}

void
msvis_json_writer_string (MsvisJsonWriter *self,
                          const char      *text)
{
  msvis_json_writer_string_len (self, text, strlen (text));
}

void
msvis_json_writer_int (MsvisJsonWriter *self,
                       gint64           value)
{
  char buf[32];

  before (self);
  append (self->buf, buf, msvis_format_int64 (buf, value));
  after (self);
}

void
msvis_json_writer_double (MsvisJsonWriter *self,
                          double           value)
{
  before (self);
  if (isnan (value))
    g_string_append (self->buf, "NaN");
  else if (isinf (value))
    g_string_append (self->buf, value > 0 ? "Infinity" : "-Infinity");
  else
    msvis_py_append_float_repr (self->buf, value);
  after (self);
}

void
msvis_json_writer_bool (MsvisJsonWriter *self,
                        gboolean         value)
{
  before (self);
  g_string_append (self->buf, value ? "true" : "false");
  after (self);
}

void
msvis_json_writer_null (MsvisJsonWriter *self)
{
  before (self);
  g_string_append (self->buf, "null");
  after (self);
}

/**
 * msvis_json_writer_value:
 *
 * Writes a whole parsed value, keys in their order.
 */
void
msvis_json_writer_value (MsvisJsonWriter      *self,
                         const MsvisJsonValue *value)
{
  switch (value->kind)
    {
    case MSVIS_JSON_NULL: msvis_json_writer_null (self); break;
    case MSVIS_JSON_BOOL: msvis_json_writer_bool (self, value->b); break;
    case MSVIS_JSON_INT: msvis_json_writer_int (self, value->i); break;
    case MSVIS_JSON_FLOAT: msvis_json_writer_double (self, value->f); break;
    case MSVIS_JSON_STRING: msvis_json_writer_string_len (self, value->s, value->n); break;
    case MSVIS_JSON_BIGINT:
      before (self);
      g_string_append_len (self->buf, value->s, value->n);
      after (self);
      break;
    case MSVIS_JSON_ARRAY:
      msvis_json_writer_begin_array (self);
      msvis_json_value_foreach (element, value)
        msvis_json_writer_value (self, element);
      msvis_json_writer_end_array (self);
      break;
    case MSVIS_JSON_OBJECT:
    default:
      msvis_json_writer_begin_object (self);
      msvis_json_value_foreach (member, value)
        {
          msvis_json_writer_key (self, member->key);
          msvis_json_writer_value (self, member);
        }
      msvis_json_writer_end_object (self);
      break;
    }
}
