// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-reader-error.h"
#include "msvis-trend-private.h"

G_DEFINE_QUARK (msvis-trend-error-quark, msvis_trend_error)

/**
 * msvis_trend_load_mapping:
 *
 * Reads a mapping file (trend-2026 § 4), a JSON object of names to names.
 *
 * Returns: (transfer full): key, value, key, value, … in the object's order
 */
GPtrArray *
msvis_trend_load_mapping (const char  *path,
                          GError     **error)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) pairs = g_ptr_array_new_with_free_func (g_free);
  MsvisJsonValue *root = msvis_json_value_parse_file (arena, file, NULL, error);

  if (root == NULL)
    return NULL;
  if (root->kind != MSVIS_JSON_OBJECT)
    {
      g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                   /* translators: a file path */
                   _("%s: a mapping file must be a JSON object of names"), path);
      return NULL;
    }
  msvis_json_value_foreach (member, root)
    {
      if (member->kind != MSVIS_JSON_STRING)
        {
          g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                       /* translators: a file path, then a key of the file */
                       _("%s: the value of “%s” is not a string"), path, member->key);
          return NULL;
        }
      g_ptr_array_add (pairs, g_strndup (member->key, member->key_len));
      g_ptr_array_add (pairs, g_strndup (member->s, member->n));
    }
  return g_steal_pointer (&pairs);
}

static void
say (MsvisTrendMessage  message,
     gpointer           user_data,
     char              *text)
{
  if (message != NULL)
    message (text, user_data);
  g_free (text);
}

/* One rank's file of one step; returns its number of micro steps, 0 on failure. */
static gint64
import_rank (MsvisTrendDb            *db,
             const MsvisTrendOptions *options,
             const MsvisTrendRank    *rank,
             gint64                   start,
             GError                 **error)
{
  g_autofree char *dump = g_build_filename (rank->dir, "dump.json", NULL);
  MsvisTrendMicro micro = { 0 };
  gboolean has_data = FALSE, ok;
  gint64 total = 1;

  if (options->micro_step)
    {
      g_autofree char *construct = g_build_filename (rank->dir, "construct.json", NULL);

      if (!msvis_trend_micro_read (construct, &micro, error))
        {
          msvis_trend_micro_clear (&micro);
          return 0;
        }
      total = micro.total;
    }
  ok = msvis_trend_process_file (db, dump, options->micro_step ? &micro : NULL,
                                 options->mapping, rank->rank, start, &has_data, error);
  msvis_trend_micro_clear (&micro);
  if (!ok)
    return 0;
  if (options->micro_step && !has_data)
    {
      g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                   /* translators: a file path */
                   _("%s: “data” is not an object, so the file has no micro steps to count "
                     "(msprobe fails here; --micro_step false skips the file)"), dump);
      return 0;
    }
  return total;
}

/**
 * msvis_trend_import_dump:
 * @written: (out): the database written, or %NULL when no dump was found (not an error)
 *
 * msprobe's import_dump (trend-2026 § 1.2): every (step, rank) dump.json of
 * @options->data_dir into `dump_data.trend.db` in @options->db_dir, replacing one there.
 */
gboolean
msvis_trend_import_dump (const MsvisTrendOptions  *options,
                         char                    **written,
                         MsvisTrendMessage         message,
                         gpointer                  user_data,
                         GError                  **error)
{
  g_autoptr(GArray) steps = NULL;
  g_autoptr(MsvisTrendDb) db = NULL;
  g_autofree char *path = g_build_filename (options->db_dir, MSVIS_TREND_DUMP_DB, NULL);
  gboolean found_step;
  gint64 offset = 0, max_rank = 0, min_step, max_step;

  *written = NULL;
  steps = msvis_trend_scan (options->data_dir, &found_step, message, user_data, error);
  if (steps == NULL)
    return FALSE;
  if (steps->len == 0)
    {
      say (message, user_data,
           g_strdup_printf (_("No valid dump data discovered in: %s, dump import skipped."),
                            options->data_dir));
      return TRUE;
    }
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    say (message, user_data,
         g_strdup_printf (_("Existing database will be replaced: %s"), path));
  db = msvis_trend_db_new (path, error);
  if (db == NULL)
    return FALSE;

  for (guint s = 0; s < steps->len; s++)
    {
      MsvisTrendStep *step = &g_array_index (steps, MsvisTrendStep, s);
      gint64 step_total = 0;

      if (!options->micro_step)
        offset = step->step;
      for (guint r = 0; r < step->ranks->len; r++)
        {
          MsvisTrendRank *rank = &g_array_index (step->ranks, MsvisTrendRank, r);
          gint64 total = import_rank (db, options, rank, offset, error);

          if (total == 0)
            return FALSE;
          max_rank = MAX (max_rank, rank->rank);
          step_total = MAX (step_total, total);
        }
      if (options->micro_step)
        offset += step_total;
    }
  min_step = options->micro_step ? 0 : g_array_index (steps, MsvisTrendStep, 0).step;
  max_step = options->micro_step ? offset - 1
                                 : g_array_index (steps, MsvisTrendStep, steps->len - 1).step;
  if (!msvis_trend_db_commit (db, max_rank, min_step, max_step, error))
    return FALSE;
  *written = g_steal_pointer (&path);
  return TRUE;
}
