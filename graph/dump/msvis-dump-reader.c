// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-dump-keys.h"
#include "msvis-dump-reader-private.h"
#include "msvis-reader-error.h"

gboolean
_msvis_dump_expect (MsvisJsonScanner  *scanner,
                    MsvisJsonToken     wanted,
                    const char        *what,
                    GError           **error)
{
  MsvisJsonToken token;

  if (!msvis_json_scanner_next (scanner, &token, error))
    return FALSE;
  if (token == wanted)
    return TRUE;

  msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                /* translators: both %s say what kind of JSON value */
                                _("expected %s, found %s"), what,
                                msvis_json_token_describe (token));
  return FALSE;
}

/* A scanner on @file, past the opening brace of its top-level object. */
MsvisJsonScanner *
_msvis_dump_open_object (GFile         *file,
                         GCancellable  *cancellable,
                         GError       **error)
{
  g_autoptr(MsvisJsonScanner) scanner = msvis_json_scanner_new_for_file (file, cancellable, error);

  if (scanner == NULL ||
      !_msvis_dump_expect (scanner, MSVIS_JSON_TOKEN_BEGIN_OBJECT, _("an object"), error))
    return NULL;

  return g_steal_pointer (&scanner);
}

gboolean
_msvis_dump_check_name_length (MsvisJsonScanner  *scanner,
                               gsize              length,
                               GError           **error)
{
  if (length <= MSVIS_MAX_NAME_LENGTH)
    return TRUE;

  msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                /* translators: %zu and %d are numbers of bytes */
                                _("a node name of %zu bytes; names longer than %d bytes "
                                  "are not accepted"),
                                length, MSVIS_MAX_NAME_LENGTH);
  return FALSE;
}

/* Interns a list of stack lines; NULL if @lines is not a list of strings. */
static gboolean
intern_lines (MsvisGraph           *graph,
              const MsvisJsonValue *lines,
              guint32              *stack)
{
  g_autoptr(GPtrArray) strings = NULL;

  if (lines->kind != MSVIS_JSON_ARRAY)
    return FALSE;

  strings = g_ptr_array_sized_new (lines->n);
  msvis_json_value_foreach (line, lines)
    {
      if (line->kind != MSVIS_JSON_STRING)
        return FALSE;
      g_ptr_array_add (strings, (char *)line->s);
    }

  *stack = msvis_graph_intern_stack (graph, (const char *const *)strings->pdata, strings->len);
  return TRUE;
}

/**
 * msvis_stack_read:
 *
 * Reads stack.json in either of its forms: `{name: [lines]}`, or the grouped
 * `{"0": [[names], [lines]], …}` that msprobe writes since May 2025. Like msprobe's
 * load_stack_json, the grouped form is chosen when the member "0" is truthy. Both readings
 * are kept while streaming, so the file is read once.
 *
 * Returns: (transfer full): name interned in @graph -> GUINT_TO_POINTER (stack), keyed by
 *   the interned pointer (look up with what msvis_graph_intern() returns), or %NULL
 */
GHashTable *
msvis_stack_read (GFile         *file,
                  MsvisGraph    *graph,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(MsvisJsonScanner) scanner = NULL;
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  /* Every name is interned: the pointer is the name, and hashing it is free. */
  g_autoptr(GHashTable) by_name = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) grouped = g_hash_table_new (NULL, NULL);
  g_autoptr(GError) not_lines = NULL;
  gboolean is_grouped = FALSE;

  scanner = _msvis_dump_open_object (file, cancellable, error);
  if (scanner == NULL)
    return NULL;

  for (;;)
    {
      MsvisJsonToken token;
      MsvisJsonValue *value;
      const char *name;
      guint32 stack;

      if (!msvis_json_scanner_next (scanner, &token, error))
        return NULL;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        break;

      msvis_arena_reset (arena);
      name = msvis_graph_intern (graph, msvis_json_scanner_get_string (scanner, NULL));
      if (!msvis_json_scanner_next (scanner, &token, error))
        return NULL;
      value = msvis_json_value_read (arena, scanner, token, error);
      if (value == NULL)
        return NULL;

      if (strcmp (name, "0") == 0)
        is_grouped = msvis_json_value_is_truthy (value);

      /* As {name: lines} */
      if (intern_lines (graph, value, &stack))
        g_hash_table_insert (by_name, (char *)name, GUINT_TO_POINTER (stack));
      else if (not_lines == NULL)
        msvis_json_scanner_set_error (scanner, &not_lines, MSVIS_READER_ERROR_INVALID_VALUE,
                                      /* translators: %s is a node name */
                                      _("the stack of “%s” is not a list of lines"), name);

      /* As {k: [names, lines]}; other values are skipped, as msprobe does. */
      if (value->kind == MSVIS_JSON_ARRAY && value->n == 2 &&
          value->first->kind == MSVIS_JSON_ARRAY &&
          intern_lines (graph, value->first->next, &stack))
        {
          msvis_json_value_foreach (member, value->first)
            if (member->kind == MSVIS_JSON_STRING)
              g_hash_table_insert (grouped, (char *)msvis_graph_intern (graph, member->s),
                                   GUINT_TO_POINTER (stack));
        }
    }

  if (!_msvis_dump_expect (scanner, MSVIS_JSON_TOKEN_EOF, _("the end of the file"), error))
    return NULL;

  if (is_grouped)
    return g_steal_pointer (&grouped);
  if (not_lines != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&not_lines));
      return NULL;
    }
  return g_steal_pointer (&by_name);
}

void
msvis_dump_header_clear (MsvisDumpHeader *header)
{
  g_clear_pointer (&header->task, g_free);
  g_clear_pointer (&header->level, g_free);
  g_clear_pointer (&header->framework, g_free);
  g_clear_pointer (&header->dump_data_dir, g_free);
  header->has_dump_data_dir = FALSE;
  header->has_md5 = FALSE;
  header->is_merged = FALSE;
}

/* md5_find: an "md5" key in a first-level leaf of the entry. */
static gboolean
entry_has_md5 (const MsvisJsonValue *entry)
{
  if (entry->kind != MSVIS_JSON_OBJECT)
    return FALSE;

  msvis_json_value_foreach (io, entry)
    {
      if (io->kind == MSVIS_JSON_ARRAY)
        {
          msvis_json_value_foreach (leaf, io)
            if (msvis_json_value_get_member (leaf, "md5") != NULL)
              return TRUE;
        }
      else if (msvis_json_value_get_member (io, "md5") != NULL)
        return TRUE;
    }

  return FALSE;
}

/* Reading is two stages on two threads: this one tokenizes dump.json into batches of entry
 * trees, a second one turns them into graph items. Batches go round between two queues, so
 * memory stays bounded by the batches made: a batch ends after BATCH_ENTRIES entries or
 * BATCH_BYTES of dump.json, whichever comes first, and its trees take about three times the
 * text. READ_AHEAD_BATCHES let the tokenizer run ahead while the builder reads construct.json
 * and stack.json and makes the nodes: a quarter of a dump's entries in the generator's models,
 * for about 40 MB. Readers at work at the same time (a compare builds both sides at once, a
 * merge several ranks) share them, each making at least MIN_BATCHES. */
#define BATCH_ENTRIES 512
#define BATCH_BYTES (512 * 1024)
#define READ_AHEAD_BATCHES 64
#define MIN_BATCHES 8

static gint active_readers;   /* atomic */

typedef struct
{
  MsvisArena *arena;
  GPtrArray  *names;     /* in arena */
  GPtrArray  *entries;   /* MsvisJsonValue *, in arena */
  GArray     *offsets;   /* guint64: where each entry starts */
  gboolean    last;
} Batch;

typedef struct
{
  GAsyncQueue        *full;
  GAsyncQueue        *empty;
  MsvisDumpEntryFunc  func;
  gpointer            user_data;
  GError             *error;          /* the consumer's */
  guint64             error_offset;
  gint                failed;         /* atomic */
  guint               n_batches;      /* made so far */
} Pipeline;

static void
batch_free (gpointer data)
{
  Batch *batch = data;

  msvis_arena_free (batch->arena);
  g_ptr_array_unref (batch->names);
  g_ptr_array_unref (batch->entries);
  g_array_unref (batch->offsets);
  g_free (batch);
}

static Batch *
batch_new (void)
{
  Batch *batch = g_new0 (Batch, 1);

  batch->arena = msvis_arena_new ();
  batch->names = g_ptr_array_new ();
  batch->entries = g_ptr_array_new ();
  batch->offsets = g_array_new (FALSE, FALSE, sizeof (guint64));
  return batch;
}

/* An empty batch: one the consumer is done with, else a new one while this reader has made
 * fewer than its share, else the next the consumer gives back. */
static Batch *
take_batch (Pipeline *pipeline)
{
  Batch *batch = g_async_queue_try_pop (pipeline->empty);
  guint readers = MAX (1, g_atomic_int_get (&active_readers));

  if (batch != NULL)
    return batch;
  if (pipeline->n_batches < MAX (MIN_BATCHES, READ_AHEAD_BATCHES / readers))
    {
      pipeline->n_batches++;
      return batch_new ();
    }
  return g_async_queue_pop (pipeline->empty);
}

static gpointer
consume (gpointer data)
{
  Pipeline *pipeline = data;

  for (;;)
    {
      Batch *batch = g_async_queue_pop (pipeline->full);
      gboolean last = batch->last;

      for (guint i = 0; i < batch->entries->len && !g_atomic_int_get (&pipeline->failed); i++)
        if (!pipeline->func (g_ptr_array_index (batch->names, i),
                             g_ptr_array_index (batch->entries, i),
                             pipeline->user_data, &pipeline->error))
          {
            pipeline->error_offset = g_array_index (batch->offsets, guint64, i);
            g_atomic_int_set (&pipeline->failed, 1);
          }

      msvis_arena_reset (batch->arena);
      g_ptr_array_set_size (batch->names, 0);
      g_ptr_array_set_size (batch->entries, 0);
      g_array_set_size (batch->offsets, 0);
      batch->last = FALSE;
      g_async_queue_push (pipeline->empty, batch);
      if (last)
        return NULL;
    }
}

/* Fills @batch with the next entries; sets *done at the end of "data". */
static gboolean
produce (MsvisJsonScanner  *scanner,
         MsvisDumpHeader   *header,
         Batch             *batch,
         gboolean          *done,
         GError           **error)
{
  guint64 start = msvis_json_scanner_get_bytes_read (scanner);

  while (batch->entries->len < BATCH_ENTRIES &&
         msvis_json_scanner_get_bytes_read (scanner) - start < BATCH_BYTES)
    {
      MsvisJsonToken token;
      MsvisJsonValue *entry;
      guint64 offset;
      gsize length;
      const char *name;

      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        {
          *done = TRUE;
          return TRUE;
        }

      offset = msvis_json_scanner_get_key_end (scanner);
      name = msvis_json_scanner_get_string (scanner, &length);
      if (!_msvis_dump_check_name_length (scanner, length, error))
        return FALSE;
      name = msvis_arena_strndup (batch->arena, name, length);
      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      entry = msvis_json_value_read_keyed (batch->arena, scanner, token, msvis_dump_key_intern,
                                           error);
      if (entry == NULL)
        return FALSE;

      if (entry->kind != MSVIS_JSON_OBJECT)
        {
          g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                       /* translators: %s is a dump entry name */
                       _("entry “%s” is not an object"), name);
          msvis_json_scanner_prefix_error (scanner, error, offset);
          return FALSE;
        }
      if (!header->has_md5 && entry_has_md5 (entry))
        header->has_md5 = TRUE;

      g_ptr_array_add (batch->names, (char *)name);
      g_ptr_array_add (batch->entries, entry);
      g_array_append_val (batch->offsets, offset);
    }

  return TRUE;
}

static gboolean
read_entries (MsvisJsonScanner    *scanner,
              MsvisDumpHeader     *header,
              MsvisDumpEntryFunc   func,
              gpointer             user_data,
              GError             **error)
{
  Pipeline pipeline = { g_async_queue_new (), g_async_queue_new_full (batch_free), func,
                        user_data };
  g_autoptr(GError) local_error = NULL;
  gboolean done = FALSE;
  GThread *consumer;

  if (!_msvis_dump_expect (scanner, MSVIS_JSON_TOKEN_BEGIN_OBJECT, _("an object of dump entries"),
                           error))
    {
      g_async_queue_unref (pipeline.full);
      g_async_queue_unref (pipeline.empty);
      return FALSE;
    }

  g_atomic_int_inc (&active_readers);
  consumer = g_thread_new ("msvis-entries", consume, &pipeline);

  while (!done && local_error == NULL && !g_atomic_int_get (&pipeline.failed))
    {
      Batch *batch = take_batch (&pipeline);

      if (!produce (scanner, header, batch, &done, &local_error))
        done = TRUE;
      batch->last = done;
      g_async_queue_push (pipeline.full, batch);
    }
  if (!done)
    {
      /* The consumer failed first: tell it to stop. */
      Batch *batch = g_async_queue_pop (pipeline.empty);

      batch->last = TRUE;
      g_async_queue_push (pipeline.full, batch);
    }
  g_thread_join (consumer);
  g_atomic_int_add (&active_readers, -1);

  /* The consumer works on earlier entries, so its error comes first in the file. */
  if (pipeline.error != NULL)
    {
      g_clear_error (&local_error);
      local_error = g_steal_pointer (&pipeline.error);
      msvis_json_scanner_prefix_error (scanner, &local_error, pipeline.error_offset);
    }

  g_async_queue_unref (pipeline.full);
  while (g_async_queue_length (pipeline.empty) > 0)
    batch_free (g_async_queue_pop (pipeline.empty));
  g_async_queue_unref (pipeline.empty);

  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_header_string (MsvisJsonScanner  *scanner,
                    const char        *key,
                    char             **out,
                    GError           **error)
{
  MsvisJsonToken token;

  if (!msvis_json_scanner_next (scanner, &token, error))
    return FALSE;
  if (token == MSVIS_JSON_TOKEN_NULL)
    {
      g_clear_pointer (out, g_free);
      return TRUE;
    }
  if (token != MSVIS_JSON_TOKEN_STRING)
    {
      msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                    /* translators: %s is a key of dump.json such as "task" */
                                    _("“%s” must be a string"), key);
      return FALSE;
    }

  g_free (*out);
  *out = g_strdup (msvis_json_scanner_get_string (scanner, NULL));
  return TRUE;
}

/**
 * msvis_dump_json_read:
 * @header: (out caller-allocates): the top-level keys; clear with msvis_dump_header_clear()
 * @func: called with each entry of `data`, in file order
 *
 * Streams dump.json. Memory stays bounded by the largest single entry.
 */
gboolean
msvis_dump_json_read (GFile               *file,
                      MsvisDumpHeader     *header,
                      MsvisDumpEntryFunc   func,
                      gpointer             user_data,
                      GCancellable        *cancellable,
                      GError             **error)
{
  g_autoptr(MsvisJsonScanner) scanner = NULL;
  gboolean has_data = FALSE;

  memset (header, 0, sizeof *header);

  scanner = _msvis_dump_open_object (file, cancellable, error);
  if (scanner == NULL)
    return FALSE;

  for (;;)
    {
      MsvisJsonToken token;
      g_autofree char *key = NULL;
      char **text;

      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        break;
      key = g_strdup (msvis_json_scanner_get_string (scanner, NULL));

      text = strcmp (key, "task") == 0 ? &header->task
             : strcmp (key, "level") == 0 ? &header->level
             : strcmp (key, "framework") == 0 ? &header->framework
             : strcmp (key, "dump_data_dir") == 0 ? &header->dump_data_dir
             : NULL;

      if (text != NULL)
        {
          if (!read_header_string (scanner, key, text, error))
            return FALSE;
          if (text == &header->dump_data_dir)
            header->has_dump_data_dir = TRUE;
        }
      else if (strcmp (key, "data") == 0)
        {
          if (!read_entries (scanner, header, func, user_data, error))
            return FALSE;
          has_data = TRUE;
        }
      else if (strcmp (key, "is_merged") == 0)
        {
          /* msprobe writes it and never reads it back: a value other than true says
           * nothing, and stops no build. */
          if (!msvis_json_scanner_next (scanner, &token, error) ||
              !msvis_json_scanner_skip_value (scanner, token, error))
            return FALSE;
          header->is_merged = token == MSVIS_JSON_TOKEN_TRUE;
        }
      else
        {
          /* Keys msvis has no use for are skipped, as msprobe ignores them. */
          if (!msvis_json_scanner_next (scanner, &token, error) ||
              !msvis_json_scanner_skip_value (scanner, token, error))
            return FALSE;
        }
    }

  if (!_msvis_dump_expect (scanner, MSVIS_JSON_TOKEN_EOF, _("the end of the file"), error))
    return FALSE;

  if (!has_data)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: %s is a file name */
                   _("%s: there is no “data” object of dump entries"),
                   msvis_json_scanner_get_name (scanner));
      return FALSE;
    }
  if (header->task == NULL || header->task[0] == '\0')
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_MISSING_FIELD,
                   /* translators: %s is a file name */
                   _("%s: “task” is missing or empty"), msvis_json_scanner_get_name (scanner));
      return FALSE;
    }

  return TRUE;
}

/**
 * msvis_dump_json_peek_merged:
 * @merged: (out): whether dump.json says "is_merged": true
 *
 * Reads the top-level keys up to "data", as a folder picker may: msprobe writes is_merged
 * before the entries (msprobe-2026.md §1.7), and a dump may hold gigabytes of them.
 */
gboolean
msvis_dump_json_peek_merged (GFile         *file,
                             gboolean      *merged,
                             GCancellable  *cancellable,
                             GError       **error)
{
  g_autoptr(MsvisJsonScanner) scanner = _msvis_dump_open_object (file, cancellable, error);

  *merged = FALSE;
  if (scanner == NULL)
    return FALSE;
  for (;;)
    {
      MsvisJsonToken token;
      gboolean is_merged;

      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        return TRUE;
      if (strcmp (msvis_json_scanner_get_string (scanner, NULL), "data") == 0)
        return TRUE;
      is_merged = strcmp (msvis_json_scanner_get_string (scanner, NULL), "is_merged") == 0;
      if (!msvis_json_scanner_next (scanner, &token, error) ||
          !msvis_json_scanner_skip_value (scanner, token, error))
        return FALSE;
      if (is_merged)
        *merged = token == MSVIS_JSON_TOKEN_TRUE;
    }
}
