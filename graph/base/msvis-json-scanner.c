// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <glib/gi18n-lib.h>

#include "msvis-c-locale.h"
#include "msvis-input-file.h"
#include "msvis-json-escape.h"
#include "msvis-json-number.h"
#include "msvis-json-scanner-private.h"
#include "msvis-reader-error.h"

/* A pull tokenizer for JSON as Python's json module reads it (NaN, Infinity and -Infinity
 * accepted), over a buffer that is refilled from a GInputStream, so memory stays bounded
 * by the largest single token whatever the size of the file. Strings without escapes are
 * handed out in place; the text a token returns is valid until the next call. */

#define MAX_NUMBER_LENGTH 4300   /* Python refuses to convert longer integers */


/* Bytes that end the fast path through a string: the quote, the backslash, control
 * characters (an error) and the lead bytes of multi-byte UTF-8 (validated). */
static const guchar string_stop[256] = {
  [0 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1, [0x80 ... 0xff] = 1,
};

/* Whitespace and plain string bytes are most of a dump; where SSE2 is there (every x86-64)
 * they go by 16 at a time. The byte-by-byte loops finish the tail of the buffer. */
static inline const guchar *
find_non_space (const guchar *p,
                const guchar *end)
{
#ifdef __SSE2__
  const __m128i space = _mm_set1_epi8 (' '), newline = _mm_set1_epi8 ('\n');
  const __m128i cr = _mm_set1_epi8 ('\r'), tab = _mm_set1_epi8 ('\t');

  for (; end - p >= 16; p += 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *)p);
      __m128i ws = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, space),
                                               _mm_cmpeq_epi8 (v, newline)),
                                 _mm_or_si128 (_mm_cmpeq_epi8 (v, cr), _mm_cmpeq_epi8 (v, tab)));
      int mask = _mm_movemask_epi8 (ws) ^ 0xffff;

      if (mask != 0)
        return p + __builtin_ctz (mask);
    }
#endif
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
    p++;
  return p;
}

/* The first byte from @i that string_stop marks. */
static inline gsize
find_string_stop (const guchar *buf,
                  gsize         i,
                  gsize         len)
{
#ifdef __SSE2__
  /* A signed compare with 0x20 catches the control characters and every byte >= 0x80. */
  const __m128i quote = _mm_set1_epi8 ('"'), backslash = _mm_set1_epi8 ('\\');
  const __m128i control = _mm_set1_epi8 (0x20);

  for (; i + 16 <= len; i += 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *)(buf + i));
      __m128i stop = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, quote),
                                                 _mm_cmpeq_epi8 (v, backslash)),
                                   _mm_cmplt_epi8 (v, control));
      int mask = _mm_movemask_epi8 (stop);

      if (mask != 0)
        return i + __builtin_ctz (mask);
    }
#endif
  while (i < len && !string_stop[buf[i]])
    i++;
  return i;
}

/* Drops what lies before @keep (which must not be needed any more) and reads more input.
 * Indices into buf move down by the returned shift. */
gboolean
msvis_json_scanner_fill (MsvisJsonScanner  *self,
      gsize              keep,
      gsize             *shift,
      GError           **error)
{
  GError *local = NULL;
  gssize n;

  g_assert (keep <= self->len);

  /* Once per buffer, not per token: cheap enough, and a megabyte is soon read. */
  if (g_cancellable_set_error_if_cancelled (self->cancellable, error))
    return FALSE;

  if (keep > 0)
    {
      /* A file's lines are counted only for an error message, by reading it again. */
      if (self->file == NULL)
        self->base_lines += msvis_json_scanner_count_newlines (self->buf, keep);
      self->base_offset += keep;
      memmove (self->buf, self->buf + keep, self->len - keep);
      self->len -= keep;
      self->pos -= keep;
      self->token_start = self->token_start >= keep ? self->token_start - keep : 0;
      self->key_end = self->key_end >= keep ? self->key_end - keep : 0;
    }
  *shift = keep;

  if (self->len == self->cap)
    {
      /* One token longer than the buffer: a huge name or string. */
      self->cap *= 2;
      self->buf = g_realloc (self->buf, self->cap + 1);
    }

  n = g_input_stream_read (self->stream, self->buf + self->len, self->cap - self->len,
                           self->cancellable, &local);
  if (n < 0)
    {
      /* GIO's "Error reading from file: Input/output error" does not say which file. */
      if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_prefix_error (&local, "%s: ", self->name);
      g_propagate_error (error, local);
      return FALSE;
    }
  if (n == 0)
    self->eof = TRUE;
  self->len += n;
  msvis_progress_set_done (self->progress, self->base_offset + self->len, self->progress_total);

  return TRUE;
}

/* Makes sure @n bytes from pos are in the buffer, unless the input ends first. */
static gboolean
ensure (MsvisJsonScanner  *self,
        gsize              n,
        GError           **error)
{
  gsize shift;

  while (self->len - self->pos < n && !self->eof)
    if (!msvis_json_scanner_fill (self, self->pos, &shift, error))
      return FALSE;

  return TRUE;
}

static gboolean
skip_whitespace (MsvisJsonScanner  *self,
                 GError           **error)
{
  for (;;)
    {
      gsize shift;

      const guchar *p = self->buf + self->pos, *end = self->buf + self->len;

      /* Most tokens follow the last one directly (':' and ','), or after one space. */
      if (G_LIKELY (end - p >= 2))
        {
          if (p[0] > ' ')
            return TRUE;
          if (p[0] == ' ' && p[1] > ' ')
            {
              self->pos++;
              return TRUE;
            }
        }

      /* Python's indent=1 puts a newline and a run of spaces before nearly every token. */
      p = find_non_space (p, end);
      self->pos = p - self->buf;
      if (p < end)
        return TRUE;

      if (self->eof)
        return TRUE;
      if (!msvis_json_scanner_fill (self, self->pos, &shift, error))
        return FALSE;
    }
}

static gboolean
check_utf8 (MsvisJsonScanner  *self,
            gsize              start,
            gsize              end,
            GError           **error)
{
  const char *bad;

  if (g_utf8_validate_len ((const char *)self->buf + start, end - start, &bad))
    return TRUE;

  msvis_json_scanner_set_error_at (self, error, (const guchar *)bad - self->buf,
                                   MSVIS_READER_ERROR_ENCODING, _("a string is not valid UTF-8"));
  return FALSE;
}

/* Names are C strings everywhere msvis keeps them: a NUL would cut two names that differ
 * after it into one (and a path into another folder). Refused with its place, unless the
 * reader keeps values whole and checks them itself. */
static gboolean
nul_allowed (MsvisJsonScanner  *self,
             gsize              at,
             GError           **error)
{
  gboolean is_key = self->state == STATE_KEY || self->state == STATE_KEY_OR_END;

  if (self->keep_nul && !is_key)
    return TRUE;
  msvis_json_scanner_set_error_at (self, error, at, MSVIS_READER_ERROR_INVALID_VALUE,
                                   is_key ? _("a member name holds \\u0000, a NUL character, "
                                              "which msvis cannot keep in names")
                                          : _("a string holds \\u0000, a NUL character, "
                                              "which msvis cannot keep in names"));
  return FALSE;
}

static gboolean
unescape (MsvisJsonScanner  *self,
          gsize              start,
          gsize              end,
          GError           **error)
{
  GString *s = self->scratch;
  gsize i = start;

  g_string_truncate (s, 0);

  while (i < end)
    {
      gsize run = i;
      gunichar c;

      while (run < end && self->buf[run] != '\\')
        run++;
      if (run > i)
        {
          if (!check_utf8 (self, i, run, error))
            return FALSE;
          g_string_append_len (s, (const char *)self->buf + i, run - i);
        }
      if (run == end)
        break;

      i = run + 1;   /* the escaped character; the scanner made sure it exists */
      switch (self->buf[i])
        {
        case '"': g_string_append_c (s, '"'); i++; break;
        case '\\': g_string_append_c (s, '\\'); i++; break;
        case '/': g_string_append_c (s, '/'); i++; break;
        case 'b': g_string_append_c (s, '\b'); i++; break;
        case 'f': g_string_append_c (s, '\f'); i++; break;
        case 'n': g_string_append_c (s, '\n'); i++; break;
        case 'r': g_string_append_c (s, '\r'); i++; break;
        case 't': g_string_append_c (s, '\t'); i++; break;
        case 'u':
          if (i + 5 > end || !msvis_json_read_hex4 (self->buf + i + 1, &c))
            {
              msvis_json_scanner_set_error_at (self, error, run, MSVIS_READER_ERROR_SYNTAX,
                                               _("invalid \\u escape in a string"));
              return FALSE;
            }
          i += 5;
          if (c >= 0xd800 && c <= 0xdbff && i + 6 <= end &&
              self->buf[i] == '\\' && self->buf[i + 1] == 'u')
            {
              gunichar low;

              if (msvis_json_read_hex4 (self->buf + i + 2, &low) && low >= 0xdc00 && low <= 0xdfff)
                {
                  c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
                  i += 6;
                }
            }
          if (c == 0 && !nul_allowed (self, run, error))
            return FALSE;
          msvis_json_append_code_point (s, c);
          break;
        default:
          msvis_json_scanner_set_error_at (self, error, run, MSVIS_READER_ERROR_SYNTAX,
                                           _("invalid escape in a string"));
          return FALSE;
        }
    }

  self->text = s->str;
  self->text_len = s->len;
  return TRUE;
}

/* pos is at the opening quote. */
static gboolean
read_string (MsvisJsonScanner  *self,
             GError           **error)
{
  gsize i = self->pos + 1;
  gboolean escaped = FALSE, non_ascii = FALSE;

  for (;;)
    {
      gsize shift;

      i = find_string_stop (self->buf, i, self->len);

      if (i < self->len)
        {
          guchar c = self->buf[i];

          if (c == '"')
            break;
          if (c >= 0x80)
            {
              non_ascii = TRUE;
              i++;
              continue;
            }
          if (c == '\\')
            {
              /* Keep the escaped character in the same buffer as its backslash. */
              if (i + 1 < self->len)
                {
                  escaped = TRUE;
                  i += 2;
                  continue;
                }
            }
          else
            {
              msvis_json_scanner_set_error_at (self, error, i, MSVIS_READER_ERROR_SYNTAX,
                                               _("a control character inside a string"));
              return FALSE;
            }
        }

      if (self->eof)
        return msvis_json_scanner_truncated (self, error);
      if (!msvis_json_scanner_fill (self, self->pos, &shift, error))
        return FALSE;
      i -= shift;
    }

  if (escaped)
    {
      if (!unescape (self, self->pos + 1, i, error))
        return FALSE;
    }
  else
    {
      if (non_ascii && !check_utf8 (self, self->pos + 1, i, error))
        return FALSE;
      self->buf[i] = '\0';   /* the closing quote; it is consumed below */
      self->text = (const char *)self->buf + self->pos + 1;
      self->text_len = i - self->pos - 1;
    }

  self->pos = i + 1;
  return TRUE;
}

static gboolean
is_number_char (guchar c)
{
  return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

static gboolean
read_number (MsvisJsonScanner  *self,
             MsvisJsonToken    *token,
             GError           **error)
{
  gsize i = self->pos, n;
  gboolean is_float;
  const char *text;
  MsvisJsonNumber number;

  /* Most numbers: one pass over their bytes. */
  if (msvis_json_number_scan (self->buf + i, self->len - i, &number))
    {
      self->text = (const char *)self->buf + i;
      self->text_len = number.length;
      self->pos = i + number.length;
      if (number.is_float)
        {
          self->double_value = number.double_value;
          *token = MSVIS_JSON_TOKEN_FLOAT;
          return TRUE;
        }
      self->int_value = number.int_value;
      if (number.int_value == 0)
        self->text = "0", self->text_len = 1;
      *token = MSVIS_JSON_TOKEN_INT;
      return TRUE;
    }

  for (;;)
    {
      gsize shift;

      while (i < self->len && is_number_char (self->buf[i]))
        i++;
      if (i < self->len || self->eof)
        break;
      if (!msvis_json_scanner_fill (self, self->pos, &shift, error))
        return FALSE;
      i -= shift;
    }

  n = i - self->pos;
  if (n > MAX_NUMBER_LENGTH || !msvis_json_number_is_valid (self->buf + self->pos, n, &is_float))
    {
      msvis_json_scanner_set_error_at (self, error, self->pos, MSVIS_READER_ERROR_SYNTAX,
                                       _("invalid number"));
      return FALSE;
    }

  text = (const char *)self->buf + self->pos;
  self->text = text;
  self->text_len = n;
  self->pos = i;

  if (is_float && msvis_json_number_parse_double (text, n, &self->double_value))
    {
      *token = MSVIS_JSON_TOKEN_FLOAT;
      return TRUE;
    }
  if (!is_float && n <= 18)
    {
      /* At most 18 digits cannot overflow; "-0" is the integer 0 in Python. */
      gboolean negative = text[0] == '-';
      gint64 value = 0;

      for (gsize k = negative; k < n; k++)
        value = value * 10 + (text[k] - '0');
      self->int_value = negative ? -value : value;
      if (self->int_value == 0)
        self->text = "0", self->text_len = 1;
      *token = MSVIS_JSON_TOKEN_INT;
      return TRUE;
    }

  /* The slow paths need the number NUL-terminated. */
  g_string_truncate (self->scratch, 0);
  g_string_append_len (self->scratch, text, n);
  text = self->text = self->scratch->str;

  if (is_float)
    {
      self->double_value = strtod_l (text, NULL, msvis_c_locale ());
      *token = MSVIS_JSON_TOKEN_FLOAT;
      return TRUE;
    }

  errno = 0;
  self->int_value = g_ascii_strtoll (text, NULL, 10);
  *token = errno == ERANGE ? MSVIS_JSON_TOKEN_BIGINT : MSVIS_JSON_TOKEN_INT;
  return TRUE;
}

static gboolean
matches_literal (MsvisJsonScanner  *self,
                 const char        *literal,
                 GError           **error,
                 gboolean          *matched)
{
  gsize n = strlen (literal);

  if (!ensure (self, n, error))
    return FALSE;

  *matched = self->len - self->pos >= n && memcmp (self->buf + self->pos, literal, n) == 0;
  if (*matched)
    self->pos += n;

  return TRUE;
}

static gboolean
read_literal (MsvisJsonScanner  *self,
              MsvisJsonToken    *token,
              GError           **error)
{
  static const struct {
    const char     *text;
    MsvisJsonToken  token;
    double          value;
  } literals[] = {
    { "true", MSVIS_JSON_TOKEN_TRUE, 0 },
    { "false", MSVIS_JSON_TOKEN_FALSE, 0 },
    { "null", MSVIS_JSON_TOKEN_NULL, 0 },
    { "NaN", MSVIS_JSON_TOKEN_FLOAT, NAN },
    { "Infinity", MSVIS_JSON_TOKEN_FLOAT, INFINITY },
    { "-Infinity", MSVIS_JSON_TOKEN_FLOAT, -INFINITY },
  };

  for (guint i = 0; i < G_N_ELEMENTS (literals); i++)
    {
      gboolean matched;

      if (self->buf[self->pos] != literals[i].text[0])
        continue;
      if (!matches_literal (self, literals[i].text, error, &matched))
        return FALSE;
      if (!matched)
        continue;

      *token = literals[i].token;
      self->double_value = literals[i].value;
      self->text = literals[i].text;
      self->text_len = strlen (literals[i].text);
      return TRUE;
    }

  if (self->pos >= self->len)
    return msvis_json_scanner_truncated (self, error);

  /* Python's json.load refuses these too; saying what they are saves a hex dump. */
  if (self->base_offset + self->pos == 0 && self->len >= 2)
    {
      if (self->len >= 3 && memcmp (self->buf, "\xef\xbb\xbf", 3) == 0)
        {
          msvis_json_scanner_set_error_at (self, error, 0, MSVIS_READER_ERROR_ENCODING,
                                           _("the file starts with a byte order mark (BOM), "
                                             "which JSON does not allow; save it as UTF-8 "
                                             "without one"));
          return FALSE;
        }
      if (memcmp (self->buf, "\xff\xfe", 2) == 0 || memcmp (self->buf, "\xfe\xff", 2) == 0)
        {
          msvis_json_scanner_set_error_at (self, error, 0, MSVIS_READER_ERROR_ENCODING,
                                           _("the file is UTF-16 text; save it as UTF-8"));
          return FALSE;
        }
    }

  msvis_json_scanner_set_error_at (self, error, self->pos, MSVIS_READER_ERROR_SYNTAX,
                                   _("expected a value"));
  return FALSE;
}

/* '{' or '[': the container the scanner is in. */
static inline guchar
innermost (MsvisJsonScanner *self)
{
  return msvis_vector_index (&self->containers, guchar, self->containers.len - 1);
}

static void
after_value (MsvisJsonScanner *self)
{
  if (self->containers.len == 0)
    self->state = STATE_DONE;
  /* A comma right after the value is taken here, saving the next call a turn. */
  else if (self->pos < self->len && self->buf[self->pos] == ',')
    {
      self->pos++;
      self->state = innermost (self) == '{' ? STATE_KEY : STATE_VALUE;
    }
  else
    self->state = STATE_COMMA_OR_END;
}

static gboolean
open_container (MsvisJsonScanner  *self,
                guchar             kind,
                GError           **error)
{
  if (self->containers.len >= self->max_depth)
    {
      g_autofree char *message =
        /* translators: %u is the deepest nesting msvis accepts */
        g_strdup_printf (_("objects and arrays are nested more than %u levels deep"),
                         self->max_depth);

      msvis_json_scanner_set_error_at (self, error, self->pos, MSVIS_READER_ERROR_TOO_DEEP,
                                       message);
      return FALSE;
    }

  *(guchar *)msvis_vector_push (&self->containers, 1) = kind;
  self->pos++;
  self->state = kind == '{' ? STATE_KEY_OR_END : STATE_VALUE_OR_END;
  return TRUE;
}

void
msvis_json_scanner_close_container (MsvisJsonScanner *self)
{
  self->containers.len--;
  self->pos++;
  after_value (self);
}

static gboolean
read_value (MsvisJsonScanner  *self,
            MsvisJsonToken    *token,
            GError           **error)
{
  guchar c = self->buf[self->pos];

  switch (c)
    {
    case '{':
      *token = MSVIS_JSON_TOKEN_BEGIN_OBJECT;
      return open_container (self, '{', error);
    case '[':
      *token = MSVIS_JSON_TOKEN_BEGIN_ARRAY;
      return open_container (self, '[', error);
    case '"':
      *token = MSVIS_JSON_TOKEN_STRING;
      if (!read_string (self, error))
        return FALSE;
      break;
    default:
      if (c == '-' && !ensure (self, 2, error))
        return FALSE;
      if ((c >= '0' && c <= '9') || (c == '-' && !(self->pos + 1 < self->len &&
                                                    self->buf[self->pos + 1] == 'I')))
        {
          if (!read_number (self, token, error))
            return FALSE;
        }
      else if (!read_literal (self, token, error))
        return FALSE;
      break;
    }

  after_value (self);
  return TRUE;
}

static gboolean
unexpected (MsvisJsonScanner  *self,
            GError           **error,
            const char        *expected)
{
  msvis_json_scanner_set_error_at (self, error, self->pos, MSVIS_READER_ERROR_SYNTAX, expected);
  return FALSE;
}

gboolean
msvis_json_scanner_next (MsvisJsonScanner  *self,
                         MsvisJsonToken    *token,
                         GError           **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (token != NULL, FALSE);

  for (;;)
    {
      guchar c;

      if (!skip_whitespace (self, error))
        return FALSE;

      self->token_start = self->pos;
      if (self->pos >= self->len)
        {
          if (self->state == STATE_DONE)
            {
              *token = MSVIS_JSON_TOKEN_EOF;
              return TRUE;
            }
          if (self->state == STATE_VALUE && self->containers.len == 0 &&
              self->base_offset == 0)
            return unexpected (self, error, _("the file is empty"));
          return msvis_json_scanner_truncated (self, error);
        }

      c = self->buf[self->pos];
      switch (self->state)
        {
        case STATE_COLON:
          if (c != ':')
            return unexpected (self, error, _("expected ':' after a member name"));
          self->pos++;
          self->state = STATE_VALUE;
          continue;

        case STATE_COMMA_OR_END:
          if (c == ',')
            {
              self->pos++;
              self->state = innermost (self) == '{'
                            ? STATE_KEY : STATE_VALUE;
              continue;
            }
          if (innermost (self) == '{')
            {
              if (c != '}')
                return unexpected (self, error, _("expected ',' or '}' after an object member"));
              *token = MSVIS_JSON_TOKEN_END_OBJECT;
            }
          else
            {
              if (c != ']')
                return unexpected (self, error, _("expected ',' or ']' after an array element"));
              *token = MSVIS_JSON_TOKEN_END_ARRAY;
            }
          msvis_json_scanner_close_container (self);
          return TRUE;

        case STATE_KEY_OR_END:
          if (c == '}')
            {
              *token = MSVIS_JSON_TOKEN_END_OBJECT;
              msvis_json_scanner_close_container (self);
              return TRUE;
            }
          G_GNUC_FALLTHROUGH;
        case STATE_KEY:
          if (c != '"')
            return unexpected (self, error, _("expected a member name in double quotes"));
          if (!read_string (self, error))
            return FALSE;
          *token = MSVIS_JSON_TOKEN_KEY;
          self->key_end = self->pos;
          /* The colon most often follows at once: taken here, without another turn. */
          if (self->pos < self->len && self->buf[self->pos] == ':')
            {
              self->pos++;
              self->state = STATE_VALUE;
            }
          else
            self->state = STATE_COLON;
          return TRUE;

        case STATE_VALUE_OR_END:
          if (c == ']')
            {
              *token = MSVIS_JSON_TOKEN_END_ARRAY;
              msvis_json_scanner_close_container (self);
              return TRUE;
            }
          G_GNUC_FALLTHROUGH;
        case STATE_VALUE:
          return read_value (self, token, error);

        case STATE_DONE:
        default:
          return unexpected (self, error, _("extra data after the end of the document"));
        }
    }
}

const char *
msvis_json_token_describe (MsvisJsonToken token)
{
  switch (token)
    {
    case MSVIS_JSON_TOKEN_EOF: return _("the end of the file");
    case MSVIS_JSON_TOKEN_BEGIN_OBJECT: return _("an object");
    case MSVIS_JSON_TOKEN_END_OBJECT: return _("the end of an object");
    case MSVIS_JSON_TOKEN_BEGIN_ARRAY: return _("a list");
    case MSVIS_JSON_TOKEN_END_ARRAY: return _("the end of a list");
    case MSVIS_JSON_TOKEN_KEY: return _("a member name");
    case MSVIS_JSON_TOKEN_STRING: return _("a string");
    case MSVIS_JSON_TOKEN_INT:
    case MSVIS_JSON_TOKEN_BIGINT: return _("an integer");
    case MSVIS_JSON_TOKEN_FLOAT: return _("a number");
    case MSVIS_JSON_TOKEN_TRUE:
    case MSVIS_JSON_TOKEN_FALSE: return _("a boolean");
    case MSVIS_JSON_TOKEN_NULL: return _("null");
    default: return "?";
    }
}
