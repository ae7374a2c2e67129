// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <glib/gi18n-lib.h>

#include "msvis-json-scanner-private.h"
#include "msvis-reader-error.h"

/* Where the scanner stands, as a line and a byte of the file, and the errors that say so. */

guint64
msvis_json_scanner_count_newlines (const guchar *p,
                                   gsize         n)
{
  const guchar *end = p + n;
  guint64 count = 0;

#ifdef __SSE2__
  /* A dump has a newline every 20 bytes or so: memchr per line costs more than a count of
   * 16 bytes at a time. */
  const __m128i newline = _mm_set1_epi8 ('\n');

  while (end - p >= 16)
    {
      /* Each lane counts its newlines up to 255, then the lanes are summed. */
      __m128i counts = _mm_setzero_si128 ();

      for (guint k = 0; k < 255 && end - p >= 16; k++, p += 16)
        counts = _mm_sub_epi8 (counts, _mm_cmpeq_epi8 (_mm_loadu_si128 ((const __m128i *)p),
                                                       newline));
      counts = _mm_sad_epu8 (counts, _mm_setzero_si128 ());
      count += _mm_cvtsi128_si64 (counts) + _mm_cvtsi128_si64 (_mm_unpackhi_epi64 (counts,
                                                                                  counts));
    }
#endif
  while (p < end && (p = memchr (p, '\n', end - p)) != NULL)
    {
      count++;
      p++;
    }

  return count;
}

/* The newlines in the first @n bytes of @file; FALSE if it cannot be read that far. */
static gboolean
count_file_newlines (GFile   *file,
                     guint64  n,
                     guint64 *count)
{
  g_autoptr(GFileInputStream) stream = g_file_read (file, NULL, NULL);
  g_autofree guchar *chunk = NULL;
  const gsize chunk_size = 1024 * 1024;

  *count = 0;
  if (stream == NULL)
    return FALSE;
  chunk = g_malloc (chunk_size);
  while (n > 0)
    {
      gssize got = g_input_stream_read (G_INPUT_STREAM (stream), chunk, MIN (n, chunk_size),
                                        NULL, NULL);

      if (got <= 0)
        return FALSE;
      *count += msvis_json_scanner_count_newlines (chunk, got);
      n -= got;
    }
  return TRUE;
}

/* The line of the byte at file offset @offset, for messages. FALSE if it is not known: a
 * span of a file, a stream no longer in the buffer, a file changed or gone since. */
static gboolean
locate (MsvisJsonScanner *self,
        guint64           offset,
        guint64          *line)
{
  if (self->lines_unknown)
    return FALSE;
  if (self->file != NULL)
    {
      /* Read again: counting every buffer's lines as it goes costs the reading thread. */
      if (!count_file_newlines (self->file, offset, line))
        return FALSE;
    }
  else if (offset >= self->base_offset && offset - self->base_offset <= self->len)
    *line = self->base_lines +
            msvis_json_scanner_count_newlines (self->buf, offset - self->base_offset);
  else
    return FALSE;
  *line += 1;
  return TRUE;
}

/* An error at @index (into buf): the file name, line and byte, then @message. */
void
msvis_json_scanner_set_error_at (MsvisJsonScanner  *self, GError           **error,
                                 gsize              index, int                code,
                                 const char        *message)
{
  guint64 line, offset = self->base_offset + index;

  if (!locate (self, self->base_offset + MIN (index, self->len), &line))
    {
      g_set_error (error, MSVIS_READER_ERROR, code,
                   /* translators: a file name, a byte offset, then what is wrong */
                   _("%s, byte %llu: %s"), self->name, (unsigned long long)offset, message);
      return;
    }
  g_set_error (error, MSVIS_READER_ERROR, code,
               /* translators: %s is a file name, then a line number and a byte offset,
                * and the last %s says what is wrong */
               _("%s, line %llu (byte %llu): %s"),
               self->name, (unsigned long long)line, (unsigned long long)offset, message);
}

void
msvis_json_scanner_set_error (MsvisJsonScanner  *self,
                              GError           **error,
                              int                code,
                              const char        *format,
                              ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  msvis_json_scanner_set_error_at (self, error, self->token_start, code, message);
}

/* Puts the file name and the place of @offset (a byte offset, as get_bytes_read() gave it
 * earlier) in front of a message that came from elsewhere, such as an entry's parser. */
void
msvis_json_scanner_prefix_error (MsvisJsonScanner  *self,
                                 GError           **error,
                                 guint64            offset)
{
  guint64 line;

  if (error == NULL || *error == NULL)
    return;

  if (locate (self, offset, &line))
    {
      g_prefix_error (error,
                      /* translators: a file name, a line number and a byte offset */
                      _("%s, line %llu (byte %llu): "),
                      self->name, (unsigned long long)line, (unsigned long long)offset);
    }
  else
    g_prefix_error (error,
                    /* translators: a file name and a byte offset */
                    _("%s, byte %llu: "), self->name, (unsigned long long)offset);
}

gboolean
msvis_json_scanner_truncated (MsvisJsonScanner  *self,
                              GError           **error)
{
  msvis_json_scanner_set_error_at (self, error, self->len, MSVIS_READER_ERROR_TRUNCATED,
                                   _("the file ends in the middle of a value"));
  return FALSE;
}
