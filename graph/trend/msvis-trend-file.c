// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "msvis-reader-error.h"
#include "msvis-trend-private.h"

/* trend-2026 § 6.1–6.3: one dump.json, streamed entry by entry; only one entry is ever held. */

#define FLUSH_ROWS 5000
#define CHUNK_RECORDS 8192

static const char *const stat_keys[MSVIS_TREND_N_STATS] = { "Norm", "Max", "Min", "Mean" };

typedef struct
{
  MsvisJsonScanner  *scanner;
  MsvisTrendChunk   *chunk;
  MsvisTrendDeliver  deliver;
  gpointer           user_data;
  guint              rows;      /* since msprobe's last flush */
  gint64             micro;
  int                metric;
  const char        *key;
  GString           *target;    /* the name being made, reused */
} Entry;

MsvisTrendChunk *
msvis_trend_chunk_new (gboolean end)
{
  MsvisTrendChunk *chunk = g_new0 (MsvisTrendChunk, 1);

  if (!end)
    {
      chunk->names = g_string_chunk_new (64 * 1024);
      chunk->records = g_array_sized_new (FALSE, FALSE, sizeof (MsvisTrendRecord),
                                          CHUNK_RECORDS);
    }
  return chunk;
}

void
msvis_trend_chunk_free (MsvisTrendChunk *chunk)
{
  if (chunk == NULL)
    return;
  if (chunk->names != NULL)
    g_string_chunk_free (chunk->names);
  if (chunk->records != NULL)
    g_array_unref (chunk->records);
  g_free (chunk);
}

static void
add_record (Entry                  *e,
            const MsvisTrendRecord *record)
{
  g_array_append_vals (e->chunk->records, record, 1);
  if (e->chunk->records->len >= CHUNK_RECORDS)
    {
      e->deliver (e->chunk, e->user_data);
      e->chunk = msvis_trend_chunk_new (FALSE);
    }
}

static gboolean
is_one_of (const MsvisJsonValue *value,
           const char *const    *names)
{
  if (value->kind != MSVIS_JSON_STRING)
    return FALSE;
  for (guint i = 0; names[i] != NULL; i++)
    if (strcmp (value->s, names[i]) == 0)
      return TRUE;
  return FALSE;
}

static gboolean
key_is (const MsvisJsonValue *member,
        const char           *key,
        gsize                 length)
{
  return member->key_len == length && memcmp (member->key, key, length) == 0;
}

/* § 6.2, § 6.3: whether @value is a tensor of a float type msprobe keeps, and its statistics,
 * in one pass over its members (a repeated key: the last wins, as in a dict). */
static gboolean
read_tensor (const MsvisJsonValue *value,
             double               *values,
             guint                *nulls)
{
  static const char *const types[] = { "torch.Tensor", "mindspore.Tensor", "mindtorch.Tensor",
                                       NULL };
  static const char *const dtypes[] = { "torch.float16", "torch.float32", "torch.bfloat16",
                                        "Float16", "Float32", "BFloat16", NULL };
  const MsvisJsonValue *type = NULL, *dtype = NULL, *stats[MSVIS_TREND_N_STATS] = { NULL };

  if (value == NULL || value->kind != MSVIS_JSON_OBJECT)
    return FALSE;
  msvis_json_value_foreach (member, value)
    {
      if (key_is (member, "type", 4))
        type = member;
      else if (key_is (member, "dtype", 5))
        dtype = member;
      else
        for (int i = 0; i < MSVIS_TREND_N_STATS; i++)
          if (key_is (member, stat_keys[i], strlen (stat_keys[i])))
            stats[i] = member;
    }
  if (type == NULL || dtype == NULL || !is_one_of (type, types) || !is_one_of (dtype, dtypes))
    return FALSE;
  *nulls = 0;
  for (int i = 0; i < MSVIS_TREND_N_STATS; i++)
    if (!msvis_trend_stat_value (stats[i], &values[i]))
      *nulls |= 1u << i;
  return TRUE;
}

static void
emit (Entry                *e,
      const char           *target,
      gint64                index,
      const double         *values,
      guint                 nulls)
{
  MsvisTrendRecord record = { 0 };

  record.target = g_string_chunk_insert (e->chunk->names, target);
  record.index = index;
  record.micro = e->micro;
  memcpy (record.values, values, sizeof record.values);
  record.metric = e->metric;
  record.nulls = nulls;
  add_record (e, &record);
  e->rows++;
}

static gboolean
fail_field (Entry       *e,
            const char  *field,
            GError     **error)
{
  msvis_json_scanner_set_error (e->scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                /* translators: a key of a dump entry, then the entry's name */
                                _("“%s” of the entry “%s” is not a list"), field, e->key);
  return FALSE;
}

/* input_args, output, input: element i of the list is target prefix.<what>.i */
static gboolean
emit_list (Entry                *e,
           const MsvisJsonValue *entry,
           const char           *field,
           const char           *prefix,
           const char           *what,
           gint64                index,
           GError              **error)
{
  const MsvisJsonValue *list = msvis_json_value_get_member (entry, field);
  guint i = 0;

  if (list == NULL)
    return TRUE;
  /* msprobe enumerates what it is given: None or a number raise, a dict or a string give
   * keys or characters, never a tensor */
  if (list->kind == MSVIS_JSON_NULL || list->kind == MSVIS_JSON_INT ||
      list->kind == MSVIS_JSON_FLOAT || list->kind == MSVIS_JSON_BOOL ||
      list->kind == MSVIS_JSON_BIGINT)
    return fail_field (e, field, error);
  if (list->kind != MSVIS_JSON_ARRAY)
    return TRUE;
  msvis_json_value_foreach (element, list)
    {
      double values[MSVIS_TREND_N_STATS];
      guint nulls;

      if (read_tensor (element, values, &nulls))
        {
          g_string_printf (e->target, "%s.%s.%u", prefix, what, i);
          emit (e, e->target->str, index, values, nulls);
        }
      i++;
    }
  return TRUE;
}

/* forward `parameters` and parameters_grad entries: (p, [tensor, …]) pairs */
static void
emit_pairs (Entry                *e,
            const MsvisJsonValue *object,
            const char           *prefix,
            const char           *infix,
            gint64                index)
{
  msvis_json_value_foreach (member, object)
    {
      double values[MSVIS_TREND_N_STATS];
      guint nulls;

      if (member->kind == MSVIS_JSON_ARRAY && member->n > 0 &&
          read_tensor (member->first, values, &nulls))
        {
          g_string_assign (e->target, prefix);
          g_string_append (e->target, infix);
          g_string_append_len (e->target, member->key, member->key_len);
          emit (e, e->target->str, index, values, nulls);
        }
    }
}

static gboolean
emit_entry (Entry                *e,
            const MsvisJsonValue *entry,
            const char           *prefix,
            gint64                index,
            GError              **error)
{
  if (e->metric == 3)
    {
      emit_pairs (e, entry, prefix, ".", index);
      return TRUE;
    }
  if (!emit_list (e, entry, e->metric == 1 ? "input" : "input_args", prefix, "input", index,
                  error) ||
      !emit_list (e, entry, "output", prefix, "output", index, error))
    return FALSE;
  if (e->metric != 1)
    {
      const MsvisJsonValue *parameters = msvis_json_value_get_member (entry, "parameters");

      if (parameters != NULL && parameters->kind != MSVIS_JSON_OBJECT)
        {
          msvis_json_scanner_set_error (e->scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                        /* translators: %s is a dump entry's name */
                                        _("“parameters” of the entry “%s” is not an object"),
                                        e->key);
          return FALSE;
        }
      if (parameters != NULL)
        emit_pairs (e, parameters, prefix, ".parameters.", index);
    }
  return TRUE;
}

/* One entry of `data`: renamed, mapped, classified, its tensors made rows. */
static gboolean
process_entry (Entry                 *e,
               const MsvisJsonValue  *entry,
               const MsvisTrendMicro *micro,
               GPtrArray             *mapping,
               GError               **error)
{
  const char *name = e->key;
  g_autofree char *mapped = NULL;
  gint64 index, m = 0;

  if (entry->kind != MSVIS_JSON_OBJECT)
    return TRUE;
  if (micro != NULL && g_hash_table_size (micro->renamed) > 0)
    {
      MsvisTrendRename *r = g_hash_table_lookup (micro->renamed, e->key);

      if (r == NULL)
        return TRUE;
      name = r->name;
      m = r->micro;
    }
  mapped = msvis_trend_map_name (mapping, name);
  e->metric = msvis_trend_classify (mapped, entry);
  if (e->metric < 0)
    return TRUE;
  index = msvis_trend_split_index (mapped);
  e->micro = m;
  if (!emit_entry (e, entry, mapped, index, error))
    return FALSE;
  if (e->rows > 0 && e->rows % FLUSH_ROWS == 0)
    {
      MsvisTrendRecord flush = { NULL };

      add_record (e, &flush);
      e->rows = 0;
    }
  return TRUE;
}

static gboolean
process_data (Entry                 *e,
              const MsvisTrendMicro *micro,
              GPtrArray             *mapping,
              const gint            *cancelled,
              GError               **error)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GHashTable) keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (;;)
    {
      char *key = NULL;
      MsvisJsonValue *entry;
      MsvisJsonToken token;

      if (!msvis_json_scanner_next (e->scanner, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        return TRUE;
      key = g_strdup (msvis_json_scanner_get_string (e->scanner, NULL));
      /* json.load keeps a repeated key at its first place with its last value, which a
       * stream cannot know in time; msprobe's own dumps never repeat one */
      if (!g_hash_table_add (keys, key))
        {
          msvis_json_scanner_set_error (e->scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                        /* translators: %s is a dump entry's name */
                                        _("the entry “%s” appears twice in “data”"), key);
          return FALSE;
        }
      msvis_arena_reset (arena);
      if (!msvis_json_scanner_next (e->scanner, &token, error) ||
          (entry = msvis_json_value_read (arena, e->scanner, token, error)) == NULL)
        return FALSE;
      e->key = key;
      if (!process_entry (e, entry, micro, mapping, error))
        return FALSE;
      if (cancelled != NULL && g_atomic_int_get (cancelled))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
          return FALSE;
        }
    }
}

static gboolean
read_file (Entry                 *e,
           const char            *dump_path,
           const MsvisTrendMicro *micro,
           GPtrArray             *mapping,
           const gint            *cancelled,
           gboolean              *has_data,
           GError               **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (dump_path);
  g_autoptr(MsvisJsonScanner) scanner = NULL;
  MsvisJsonToken token;
  gboolean seen_data = FALSE;
  GStatBuf st;

  /* msprobe refuses a JSON file of 10 GiB or more (trend-2026 § 2.2) */
  if (g_stat (dump_path, &st) == 0 && st.st_size >= ((goffset)10 << 30))
    {
      g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                   /* translators: a file path */
                   _("%s is 10 GiB or more, which msprobe does not read"), dump_path);
      return FALSE;
    }
  scanner = msvis_json_scanner_new_for_file (file, NULL, error);
  e->scanner = scanner;
  *has_data = FALSE;
  if (scanner == NULL || !msvis_json_scanner_next (scanner, &token, error))
    return FALSE;
  if (token != MSVIS_JSON_TOKEN_BEGIN_OBJECT)
    {
      msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                    _("dump.json is not an object"));
      return FALSE;
    }
  for (;;)
    {
      gboolean is_data;

      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        break;
      is_data = strcmp (msvis_json_scanner_get_string (scanner, NULL), "data") == 0;
      if (is_data && seen_data)
        {
          msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                        _("“data” appears twice"));
          return FALSE;
        }
      seen_data |= is_data;
      if (!msvis_json_scanner_next (scanner, &token, error))
        return FALSE;
      if (is_data && token == MSVIS_JSON_TOKEN_BEGIN_OBJECT)
        {
          *has_data = TRUE;
          if (!process_data (e, micro, mapping, cancelled, error))
            return FALSE;
        }
      else if (!msvis_json_scanner_skip_value (scanner, token, error))
        return FALSE;
    }
  /* json.load reads the whole file: what follows must be well-formed too */
  if (!msvis_json_scanner_next (scanner, &token, error))
    return FALSE;
  if (token != MSVIS_JSON_TOKEN_EOF)
    {
      msvis_json_scanner_set_error (scanner, error, MSVIS_READER_ERROR_SYNTAX,
                                    _("more follows the end of the JSON value"));
      return FALSE;
    }
  return TRUE;
}

/**
 * msvis_trend_process_file:
 * @micro: the file's micro steps, or %NULL with micro-step counting off
 * @deliver: takes the rows a chunk at a time, the last chunk marking the end of the file
 *   (also after an error)
 * @cancelled: (nullable): stops the reading when it becomes non-zero
 * @has_data: set when the file's `data` is an object
 *
 * Reads the rows of @dump_path, with markers where msprobe flushes inside the file.
 */
gboolean
msvis_trend_process_file (const char            *dump_path,
                          const MsvisTrendMicro *micro,
                          GPtrArray             *mapping,
                          MsvisTrendDeliver      deliver,
                          gpointer               user_data,
                          const gint            *cancelled,
                          gboolean              *has_data,
                          GError               **error)
{
  g_autoptr(GString) target = g_string_sized_new (256);
  Entry e = { NULL, msvis_trend_chunk_new (FALSE), deliver, user_data, 0, 0, 0, NULL, target };
  gboolean ok = read_file (&e, dump_path, micro, mapping, cancelled, has_data, error);

  if (e.chunk->records->len > 0)
    deliver (e.chunk, user_data);
  else
    msvis_trend_chunk_free (e.chunk);
  deliver (msvis_trend_chunk_new (TRUE), user_data);
  return ok;
}
