// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "fuzz-util.h"
#include "msvis-json-value.h"

/* The JSON scanner three ways: token by token from a stream that hands over a few bytes at a
 * time (so that every token is cut by a refill somewhere), skipping values whole, and reading
 * values into trees, as the readers use it. The first input byte chooses the read size and the
 * mode; the rest is the JSON text. */

G_DECLARE_FINAL_TYPE (FuzzStream, fuzz_stream, FUZZ, STREAM, GInputStream)

struct _FuzzStream
{
  GInputStream  parent;
  const guint8 *data;
  gsize         size, pos, step;
};

G_DEFINE_TYPE (FuzzStream, fuzz_stream, G_TYPE_INPUT_STREAM)

static gssize
fuzz_stream_read (GInputStream  *stream,
                  void          *buffer,
                  gsize          count,
                  GCancellable  *cancellable,
                  GError       **error)
{
  FuzzStream *self = (FuzzStream *) stream;
  gsize n = MIN (MIN (count, self->step), self->size - self->pos);

  memcpy (buffer, self->data + self->pos, n);
  self->pos += n;
  return n;
}

static void
fuzz_stream_class_init (FuzzStreamClass *klass)
{
  G_INPUT_STREAM_CLASS (klass)->read_fn = fuzz_stream_read;
}

static void
fuzz_stream_init (FuzzStream *self)
{
}

/* Uses what each token carries, as a reader would. */
static void
touch (MsvisJsonScanner *scanner,
       MsvisJsonToken    token)
{
  volatile gsize sink = 0;
  gsize length = 0;

  switch (token)
    {
    case MSVIS_JSON_TOKEN_KEY:
    case MSVIS_JSON_TOKEN_STRING:
    case MSVIS_JSON_TOKEN_BIGINT:
      {
        const char *text = msvis_json_scanner_get_string (scanner, &length);

        if (length > 0)
          sink += (guchar) text[0] + (guchar) text[length - 1];
        g_assert (text[length] == '\0');
      }
      break;
    case MSVIS_JSON_TOKEN_INT:
      sink += msvis_json_scanner_get_int (scanner);
      break;
    case MSVIS_JSON_TOKEN_FLOAT:
      sink += (gsize) (msvis_json_scanner_get_double (scanner) != 0);
      break;
    case MSVIS_JSON_TOKEN_EOF:
    case MSVIS_JSON_TOKEN_BEGIN_OBJECT:
    case MSVIS_JSON_TOKEN_END_OBJECT:
    case MSVIS_JSON_TOKEN_BEGIN_ARRAY:
    case MSVIS_JSON_TOKEN_END_ARRAY:
    case MSVIS_JSON_TOKEN_TRUE:
    case MSVIS_JSON_TOKEN_FALSE:
    case MSVIS_JSON_TOKEN_NULL:
    default:
      break;
    }
  sink += msvis_json_scanner_get_token_offset (scanner);
  (void) sink;
}

/* Every container at an odd position is skipped whole, or read into a tree. */
static void
scan (MsvisJsonScanner *scanner,
      guint             mode)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GError) error = NULL;
  MsvisJsonToken token;
  guint count = 0;

  while (msvis_json_scanner_next (scanner, &token, &error) && token != MSVIS_JSON_TOKEN_EOF)
    {
      gboolean container = token == MSVIS_JSON_TOKEN_BEGIN_OBJECT ||
                           token == MSVIS_JSON_TOKEN_BEGIN_ARRAY;

      touch (scanner, token);
      if (container && (count++ & 1) && (mode & 1))
        {
          if (!msvis_json_scanner_skip_value (scanner, token, &error))
            break;
        }
      else if (container && (count & 3) == 2 && (mode & 2))
        {
          if (msvis_json_value_read (arena, scanner, token, &error) == NULL)
            break;
        }
    }

  if (error != NULL)
    {
      /* Every message names the input. */
      g_assert (g_str_has_prefix (error->message, msvis_json_scanner_get_name (scanner)));
      msvis_json_scanner_prefix_error (scanner, &error,
                                       msvis_json_scanner_get_bytes_read (scanner));
    }
}

FUZZ_DEFINE_INITIALIZE

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  FuzzStream *stream;
  guint mode;

  if (size < 1)
    return 0;

  mode = data[0];
  stream = g_object_new (fuzz_stream_get_type (), NULL);
  stream->data = data + 1;
  stream->size = size - 1;
  stream->step = 1 + (mode >> 2);

  {
    g_autoptr(MsvisJsonScanner) scanner = msvis_json_scanner_new (G_INPUT_STREAM (stream),
                                                                  "fuzz.json", NULL);
    scan (scanner, mode);
  }
  g_object_unref (stream);

  /* Spans, as the .vis reader scans node data it skipped before. */
  {
    g_autoptr(MsvisJsonScanner) spans = msvis_json_scanner_new_for_spans ("fuzz.vis");

    msvis_json_scanner_set_span (spans, (const char *) data + 1, size - 1, 1000);
    scan (spans, mode);
    msvis_json_scanner_set_span (spans, (const char *) data + 1, (size - 1) / 2, 7);
    scan (spans, mode ^ 3);
  }
  return 0;
}
