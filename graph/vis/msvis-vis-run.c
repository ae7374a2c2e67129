// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "msvis-vis-run.h"

/* build|compare, then step{S}, then rank{R} (a bare "rank" is rank 0) or merged{I}, then the
 * timestamp msprobe takes once per run. */
#define RUN_FILE_PATTERN \
  "^(build|compare)(?:_step(\\d+))?(?:_rank(\\d*)|_merged(\\d+))?_(\\d{14})\\.vis$"

static void
run_file_free (gpointer data)
{
  MsvisVisRunFile *file = data;

  g_free (file->path);
  g_free (file);
}

static MsvisVisRun *
run_new (const char *name,
         gboolean    is_db)
{
  MsvisVisRun *run = g_new0 (MsvisVisRun, 1);

  run->name = g_strdup (name);
  run->is_db = is_db;
  run->files = g_ptr_array_new_with_free_func (run_file_free);
  return run;
}

void
msvis_vis_run_free (MsvisVisRun *run)
{
  if (run == NULL)
    return;
  g_free (run->name);
  g_ptr_array_unref (run->files);
  g_free (run);
}

static gint
number_or_none (GMatchInfo *match,
                int         group,
                gint        empty)
{
  g_autofree char *digits = g_match_info_fetch (match, group);
  int start = -1, end = -1;

  g_match_info_fetch_pos (match, group, &start, &end);
  if (start < 0)
    return -1;
  if (digits == NULL || digits[0] == '\0')
    return empty;
  return (gint)MIN (strtoll (digits, NULL, 10), G_MAXINT);
}

/* Adds the file at @path to its run in @runs (name -> MsvisVisRun). */
static void
add_file (GHashTable *runs,
          GRegex     *pattern,
          const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *name = NULL;
  MsvisVisRunFile *file = g_new0 (MsvisVisRunFile, 1);
  MsvisVisRun *run;
  gboolean is_db = g_str_has_suffix (base, ".vis.db");

  file->path = g_strdup (path);
  file->step = file->rank = -1;

  if (!is_db && g_regex_match (pattern, base, 0, &match))
    {
      g_autofree char *kind = g_match_info_fetch (match, 1);
      g_autofree char *stamp = g_match_info_fetch (match, 5);
      gint merged = number_or_none (match, 4, -1);

      file->step = number_or_none (match, 2, -1);
      file->rank = merged >= 0 ? merged : number_or_none (match, 3, 0);
      file->merged = merged >= 0;
      name = g_strconcat (kind, "_", stamp, NULL);
    }
  else if (is_db || g_str_has_suffix (base, ".vis"))
    name = g_strndup (base, strlen (base) - (is_db ? strlen (".vis.db") : strlen (".vis")));
  else
    /* A file opened by its own name need not end in .vis (`msvis inspect abc`). */
    name = g_strdup (base);

  run = g_hash_table_lookup (runs, name);
  if (run == NULL || run->is_db || is_db)
    {
      /* A .vis.db is a run by itself, even next to .vis files of the same name. */
      if (run != NULL)
        {
          g_autofree char *unique = g_strconcat (name, is_db ? ".vis.db" : ".vis", NULL);

          g_free (name);
          name = g_steal_pointer (&unique);
        }
      run = run_new (name, is_db);
      g_hash_table_insert (runs, run->name, run);
    }
  g_ptr_array_add (run->files, file);
}

static gint
compare_files (gconstpointer a,
               gconstpointer b)
{
  const MsvisVisRunFile *x = *(MsvisVisRunFile **)a, *y = *(MsvisVisRunFile **)b;

  if (x->step != y->step)
    return x->step < y->step ? -1 : 1;
  if (x->rank != y->rank)
    return x->rank < y->rank ? -1 : 1;
  return strcmp (x->path, y->path);
}

/* Natural order, numbers by value, as tb_graph_ascend lists runs. */
static gint
compare_runs (gconstpointer a,
              gconstpointer b)
{
  const MsvisVisRun *x = *(MsvisVisRun **)a, *y = *(MsvisVisRun **)b;
  g_autofree char *kx = g_utf8_collate_key_for_filename (x->name, -1);
  g_autofree char *ky = g_utf8_collate_key_for_filename (y->name, -1);

  return strcmp (kx, ky);
}

/**
 * msvis_vis_runs_scan:
 * @dir: a folder holding .vis or .vis.db files (not its sub-folders)
 *
 * Returns: (transfer full) (element-type MsvisVisRun): the runs, in natural order of names;
 *   empty when the folder holds no result
 */
GPtrArray *
msvis_vis_runs_scan (const char  *dir,
                     GError     **error)
{
  g_autoptr(GRegex) pattern = g_regex_new (RUN_FILE_PATTERN, G_REGEX_OPTIMIZE, 0, NULL);
  g_autoptr(GHashTable) runs = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GDir) d = g_dir_open (dir, 0, error);
  GPtrArray *result;
  GHashTableIter iter;
  gpointer value;
  const char *base;

  if (d == NULL)
    return NULL;

  while ((base = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = NULL;

      if (!g_str_has_suffix (base, ".vis") && !g_str_has_suffix (base, ".vis.db"))
        continue;
      path = g_build_filename (dir, base, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        add_file (runs, pattern, path);
    }

  result = g_ptr_array_new_with_free_func ((GDestroyNotify)msvis_vis_run_free);
  g_hash_table_iter_init (&iter, runs);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      MsvisVisRun *run = value;

      g_ptr_array_sort (run->files, compare_files);
      g_ptr_array_add (result, run);
    }
  g_ptr_array_sort (result, compare_runs);
  return result;
}

/**
 * msvis_vis_run_for_file:
 *
 * Returns: (transfer full): the run @path belongs to, with its siblings from the same folder
 */
MsvisVisRun *
msvis_vis_run_for_file (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GPtrArray) runs = msvis_vis_runs_scan (dir, NULL);

  for (guint i = 0; runs != NULL && i < runs->len; i++)
    {
      MsvisVisRun *candidate = g_ptr_array_index (runs, i);

      for (guint j = 0; j < candidate->files->len; j++)
        {
          MsvisVisRunFile *file = g_ptr_array_index (candidate->files, j);
          g_autoptr(GFile) a = g_file_new_for_path (file->path);
          g_autoptr(GFile) b = g_file_new_for_path (path);

          if (g_file_equal (a, b))
            return g_ptr_array_steal_index (runs, i);
        }
    }

  /* Not in a folder listing (unreadable folder): a run of its own. */
  return msvis_vis_run_for_single_file (path);
}

/**
 * msvis_vis_run_for_single_file:
 *
 * Returns: (transfer full): a run of @path alone, with the step and rank its name gives
 */
MsvisVisRun *
msvis_vis_run_for_single_file (const char *path)
{
  g_autoptr(GRegex) pattern = g_regex_new (RUN_FILE_PATTERN, G_REGEX_OPTIMIZE, 0, NULL);
  g_autoptr(GHashTable) alone = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer run;

  add_file (alone, pattern, path);
  g_hash_table_iter_init (&iter, alone);
  g_hash_table_iter_next (&iter, NULL, &run);
  return run;
}

static GArray *
distinct (MsvisVisRun *run,
          gboolean     steps)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (gint));

  for (guint i = 0; i < run->files->len; i++)
    {
      MsvisVisRunFile *file = g_ptr_array_index (run->files, i);
      gint v = steps ? file->step : file->rank;
      gboolean seen = FALSE;

      for (guint j = 0; j < values->len && !seen; j++)
        seen = g_array_index (values, gint, j) == v;
      if (!seen)
        g_array_append_val (values, v);
    }
  return values;
}

static gint
compare_ints (gconstpointer a,
              gconstpointer b)
{
  gint x = *(const gint *)a, y = *(const gint *)b;

  return (x > y) - (x < y);
}

/**
 * msvis_vis_run_get_steps:
 *
 * Returns: (transfer full) (element-type gint): the steps of the run's files, -1 for none
 */
GArray *
msvis_vis_run_get_steps (MsvisVisRun *run)
{
  GArray *values = distinct (run, TRUE);

  g_array_sort (values, compare_ints);
  return values;
}

/**
 * msvis_vis_run_get_ranks:
 *
 * Returns: (transfer full) (element-type gint): the ranks of the run's files, -1 for none
 */
GArray *
msvis_vis_run_get_ranks (MsvisVisRun *run)
{
  GArray *values = distinct (run, FALSE);

  g_array_sort (values, compare_ints);
  return values;
}

const MsvisVisRunFile *
msvis_vis_run_find (MsvisVisRun *run,
                    gint         step,
                    gint         rank)
{
  for (guint i = 0; i < run->files->len; i++)
    {
      MsvisVisRunFile *file = g_ptr_array_index (run->files, i);

      if (file->step == step && file->rank == rank)
        return file;
    }
  return NULL;
}
