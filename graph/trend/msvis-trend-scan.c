// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-trend-private.h"

/* Python's int() of the text after "step"/"rank"/"proc", as far as msvis accepts it: a sign
 * and ASCII digits, surrounding whitespace (trend-2026 § 2.1). */
gboolean
msvis_trend_parse_int (const char *text,
                       gint64     *value)
{
  const char *p = text;
  char *end;
  gint64 v;

  while (g_ascii_isspace (*p))
    p++;
  if (*p == '+' || *p == '-')
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  v = g_ascii_strtoll (*text == '+' ? text + 1 : text, &end, 10);
  while (g_ascii_isspace (*end))
    end++;
  if (*end != '\0')
    return FALSE;
  *value = v;
  return TRUE;
}

static gint
compare_rank (gconstpointer a,
              gconstpointer b)
{
  const MsvisTrendRank *x = a, *y = b;

  return x->rank < y->rank ? -1 : x->rank > y->rank;
}

static gint
compare_step (gconstpointer a,
              gconstpointer b)
{
  const MsvisTrendStep *x = a, *y = b;

  return x->step < y->step ? -1 : x->step > y->step;
}

static void
clear_rank (gpointer data)
{
  g_free (((MsvisTrendRank *)data)->dir);
}

static void
clear_step (gpointer data)
{
  MsvisTrendStep *step = data;

  g_free (step->name);
  g_array_unref (step->ranks);
}

/* for g_ptr_array_sort() of strings */
gint
msvis_trend_compare_strings (gconstpointer a,
                             gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

static GPtrArray *
list_dir (const char  *path,
          GError     **error)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, error);
  GPtrArray *names;
  const char *name;

  if (dir == NULL)
    return NULL;
  names = g_ptr_array_new_with_free_func (g_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  /* msprobe takes the listing's order; sorting makes equal ids (rank1, rank01) reproducible */
  g_ptr_array_sort (names, msvis_trend_compare_strings);
  return names;
}

/* The rank and proc folders of one step with a dump.json: ranks by id, then procs numbered
 * after the highest rank. */
static GArray *
scan_step (const char         *step_dir,
           MsvisTrendMessage   message,
           gpointer            user_data,
           GError            **error)
{
  g_autoptr(GPtrArray) names = list_dir (step_dir, error);
  g_autoptr(GArray) normal = g_array_new (FALSE, FALSE, sizeof (MsvisTrendRank));
  g_autoptr(GArray) procs = g_array_new (FALSE, FALSE, sizeof (MsvisTrendRank));
  GArray *ranks;
  gint64 base = 0;

  if (names == NULL)
    return NULL;
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *dir = g_build_filename (step_dir, name, NULL);
      g_autofree char *dump = NULL;
      MsvisTrendRank rank;

      if (!(g_str_has_prefix (name, "rank") || g_str_has_prefix (name, "proc")) ||
          !g_file_test (dir, G_FILE_TEST_IS_DIR) || !msvis_trend_parse_int (name + 4, &rank.rank))
        continue;
      dump = g_build_filename (dir, "dump.json", NULL);
      if (!g_file_test (dump, G_FILE_TEST_IS_REGULAR))
        {
          g_autofree char *text = g_strdup_printf (_("No “dump.json” file found in: %s"), dir);

          if (message != NULL)
            message (text, user_data);
          continue;
        }
      rank.dir = g_steal_pointer (&dir);
      g_array_append_val (name[0] == 'r' ? normal : procs, rank);
    }
  g_array_sort (normal, compare_rank);
  g_array_sort (procs, compare_rank);
  ranks = g_array_new (FALSE, FALSE, sizeof (MsvisTrendRank));
  g_array_set_clear_func (ranks, clear_rank);
  for (guint i = 0; i < normal->len; i++)
    {
      MsvisTrendRank *r = &g_array_index (normal, MsvisTrendRank, i);

      base = MAX (base, r->rank + 1);
      g_array_append_val (ranks, *r);
    }
  for (guint i = 0; i < procs->len; i++)
    {
      MsvisTrendRank r = g_array_index (procs, MsvisTrendRank, i);

      r.rank = base + i;
      g_array_append_val (ranks, r);
    }
  return ranks;
}

/**
 * msvis_trend_scan:
 * @found_step: set when at least one stepN folder exists, with or without ranks
 *
 * Returns: (transfer full): #MsvisTrendStep in ascending step order, the steps without any
 * rank left out; %NULL with @error set when @data_dir cannot be listed or a step folder's
 * name is not the canonical form of its number (msprobe fails there).
 */
GArray *
msvis_trend_scan (const char         *data_dir,
                  gboolean           *found_step,
                  MsvisTrendMessage   message,
                  gpointer            user_data,
                  GError            **error)
{
  g_autoptr(GPtrArray) names = list_dir (data_dir, error);
  g_autoptr(GArray) steps = g_array_new (FALSE, FALSE, sizeof (MsvisTrendStep));

  g_array_set_clear_func (steps, clear_step);
  *found_step = FALSE;
  if (names == NULL)
    return NULL;
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = g_ptr_array_index (names, i);
      g_autofree char *dir = g_build_filename (data_dir, name, NULL);
      g_autofree char *canonical = NULL;
      MsvisTrendStep step;

      if (!g_str_has_prefix (name, "step") || !g_file_test (dir, G_FILE_TEST_IS_DIR) ||
          !msvis_trend_parse_int (name + 4, &step.step))
        continue;
      *found_step = TRUE;
      step.ranks = scan_step (dir, message, user_data, error);
      if (step.ranks == NULL)
        return NULL;
      if (step.ranks->len == 0)
        {
          g_array_unref (step.ranks);
          continue;
        }
      canonical = g_strdup_printf ("step%" G_GINT64_FORMAT, step.step);
      if (strcmp (canonical, name) != 0)
        {
          g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                       /* translators: a folder path, then a folder name */
                       _("%s: a step folder must be named %s, as msprobe rebuilds the name "
                         "from its number"), dir, canonical);
          g_array_unref (step.ranks);
          return NULL;
        }
      step.name = g_strdup (name);
      g_array_append_val (steps, step);
    }
  g_array_sort (steps, compare_step);
  return g_steal_pointer (&steps);
}
