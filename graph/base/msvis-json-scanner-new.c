// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-input-file.h"
#include "msvis-json-scanner-private.h"

/* Making a scanner, its settings, and what it says of the token it stopped at. */

#define CHUNK_SIZE (1024 * 1024)

MsvisJsonScanner *
msvis_json_scanner_new (GInputStream *stream,
                        const char   *display_name,
                        GCancellable *cancellable)
{
  MsvisJsonScanner *self;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  self = g_new0 (MsvisJsonScanner, 1);
  self->stream = g_object_ref (stream);
  self->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  self->name = g_strdup (display_name ? display_name : "JSON");
  self->cap = CHUNK_SIZE;
  self->buf = g_malloc (self->cap + 1);
  self->max_depth = MSVIS_JSON_DEFAULT_MAX_DEPTH;
  self->scratch = g_string_sized_new (256);
  self->state = STATE_VALUE;

  return self;
}

MsvisJsonScanner *
msvis_json_scanner_new_for_file (GFile         *file,
                                 GCancellable  *cancellable,
                                 GError       **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autofree char *name = NULL;
  MsvisJsonScanner *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (!msvis_input_file_check (file, cancellable, error))
    return NULL;
  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;

  name = g_file_get_parse_name (file);
  self = msvis_json_scanner_new (G_INPUT_STREAM (stream), name, cancellable);
  self->file = g_object_ref (file);
  return self;
}

void
msvis_json_scanner_free (MsvisJsonScanner *self)
{
  if (self == NULL)
    return;

  g_clear_object (&self->stream);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->file);
  g_clear_pointer (&self->progress, msvis_progress_unref);
  g_free (self->name);
  g_free (self->buf);
  msvis_vector_clear (&self->containers);
  g_string_free (self->scratch, TRUE);
  g_free (self);
}

/**
 * msvis_json_scanner_set_progress:
 * @progress: (nullable): told the bytes read so far of @total as the buffer is refilled
 */
void
msvis_json_scanner_set_progress (MsvisJsonScanner *self,
                                 MsvisProgress    *progress,
                                 guint64           total)
{
  g_clear_pointer (&self->progress, msvis_progress_unref);
  self->progress = progress != NULL ? msvis_progress_ref (progress) : NULL;
  self->progress_total = total;
}

/**
 * msvis_json_scanner_set_keep_nul:
 *
 * Keeps \u0000 in string values (their lengths count it) for a reader that checks them
 * itself and names the key; member names with it are refused all the same.
 */
void
msvis_json_scanner_set_keep_nul (MsvisJsonScanner *self,
                                 gboolean          keep)
{
  self->keep_nul = keep;
}

const char *
msvis_json_scanner_get_name (MsvisJsonScanner *self)
{
  return self->name;
}

guint64
msvis_json_scanner_get_bytes_read (MsvisJsonScanner *self)
{
  return self->base_offset + self->pos;
}

/* The file offset of the first byte of the token next() returned last. */
guint64
msvis_json_scanner_get_token_offset (MsvisJsonScanner *self)
{
  return self->base_offset + self->token_start;
}

/* The file offset just after the member name next() returned last, before its colon (which
 * next() may have taken already). */
guint64
msvis_json_scanner_get_key_end (MsvisJsonScanner *self)
{
  return self->base_offset + self->key_end;
}

const char *
msvis_json_scanner_get_string (MsvisJsonScanner *self,
                               gsize            *length)
{
  if (length)
    *length = self->text_len;
  return self->text;
}

gint64
msvis_json_scanner_get_int (MsvisJsonScanner *self)
{
  return self->int_value;
}

double
msvis_json_scanner_get_double (MsvisJsonScanner *self)
{
  return self->double_value;
}
