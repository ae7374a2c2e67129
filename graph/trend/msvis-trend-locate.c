// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-trend-private.h"

/* The way back from a cell of a dump database to the dump it came from, for the window's
 * "open the graph of this cell": the step column is a global micro-step number (§ 3.2 d), the
 * target a renumbered and mapped name without its direction (§ 3.2 b, § 4, § 6.1). */

static void
scan_quiet (const char *message,
            gpointer    user_data)
{
}

/* § 6.1 backwards: the target's entry names before classification, in both key forms. */
static GPtrArray *
entry_names (const char *metric,
             const char *target_name,
             gint64      index)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  const char *direction = g_str_equal (metric, "backward") ? "backward" : "forward";
  g_auto(GStrv) parts = g_strsplit (target_name, ".", -1);
  guint n = g_strv_length (parts);
  g_autofree char *prefix = NULL;

  if (n < 3)
    return names;
  g_free (parts[n - 2]);
  parts[n - 2] = NULL;
  prefix = g_strjoinv (".", parts);
  parts[n - 2] = g_strdup ("");
  /* modules count their calls last (Module.a.B.forward.0), APIs before the direction
   * (Functional.linear.7.forward): the likelier form first, for when nothing else tells */
  g_ptr_array_add (names, g_strdup_printf ("%s.%s.%" G_GINT64_FORMAT, prefix, direction, index));
  g_ptr_array_insert (names, g_str_has_prefix (prefix, "Module.") ||
                             g_str_has_prefix (prefix, "Cell.") ? -1 : 0,
                      g_strdup_printf ("%s.%" G_GINT64_FORMAT ".%s", prefix, index, direction));
  return names;
}

static gboolean
matches (GPtrArray  *names,
         GPtrArray  *mapping,
         const char *name)
{
  g_autofree char *mapped = mapping ? msvis_trend_map_name (mapping, name) : NULL;

  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), mapped ? mapped : name))
      return TRUE;
  return FALSE;
}

static gint64
rank_total (const MsvisTrendRank *rank)
{
  g_autofree char *construct = g_build_filename (rank->dir, "construct.json", NULL);
  MsvisTrendMicro micro = { 0 };
  gint64 total = 1;

  if (msvis_trend_micro_read (construct, &micro, NULL))
    total = micro.total;
  msvis_trend_micro_clear (&micro);
  return total;
}

/* The step folder and micro step of global step @step (§ 3.2 d). */
static const MsvisTrendStep *
find_step (GArray   *steps,
           gboolean  micro_step,
           gint64    step,
           gint64   *micro)
{
  gint64 offset = 0;

  for (guint s = 0; s < steps->len; s++)
    {
      const MsvisTrendStep *folder = &g_array_index (steps, MsvisTrendStep, s);
      gint64 total = 1;

      if (!micro_step)
        {
          if (folder->step == step)
            return *micro = 0, folder;
          continue;
        }
      for (guint r = 0; r < folder->ranks->len; r++)
        total = MAX (total, rank_total (&g_array_index (folder->ranks, MsvisTrendRank, r)));
      if (step >= offset && step < offset + total)
        return *micro = step - offset, folder;
      offset += total;
    }
  return NULL;
}

static char *
find_node (const MsvisTrendRank  *rank,
           GPtrArray             *mapping,
           gboolean               micro_step,
           gint64                 micro,
           GPtrArray             *names,
           GError               **error)
{
  g_autofree char *construct = g_build_filename (rank->dir, "construct.json", NULL);
  MsvisTrendMicro parsed = { 0 };
  GHashTableIter iter;
  gpointer key, value;
  char *found = NULL;

  if (micro_step && !msvis_trend_micro_read (construct, &parsed, error))
    {
      msvis_trend_micro_clear (&parsed);
      return NULL;
    }
  if (micro_step && g_hash_table_size (parsed.renamed) > 0)
    {
      g_hash_table_iter_init (&iter, parsed.renamed);
      while (found == NULL && g_hash_table_iter_next (&iter, &key, &value))
        {
          const MsvisTrendRename *rename = value;

          if (rename->micro == micro && matches (names, mapping, rename->name))
            found = g_strdup (key);
        }
    }
  else
    /* nothing renamed: the entry is called as the target says (mapping aside) */
    found = g_strdup (g_ptr_array_index (names, 0));
  msvis_trend_micro_clear (&parsed);
  return found;
}

/**
 * msvis_trend_locate:
 * @mapping: (nullable): the mapping the database was made with
 * @micro_step: whether it was made with micro steps (msprobe's default)
 * @dump_dir: (out): the rank folder that holds the dump of @step and @rank
 * @node_name: (out): the dump entry (graph node) of the target, or the first name it may have
 *   when the construct does not tell
 *
 * Returns: %FALSE with @error when the run has no dump for the cell
 */
gboolean
msvis_trend_locate (const char  *data_dir,
                    GPtrArray   *mapping,
                    gboolean     micro_step,
                    gint64       step,
                    gint64       rank,
                    const char  *metric,
                    const char  *target_name,
                    gint64       index,
                    char       **dump_dir,
                    char       **node_name,
                    GError     **error)
{
  g_autoptr(GArray) steps = NULL;
  g_autoptr(GPtrArray) names = entry_names (metric, target_name, index);
  const MsvisTrendStep *folder;
  gboolean found_step;
  gint64 micro = 0;

  *dump_dir = *node_name = NULL;
  steps = msvis_trend_scan (data_dir, &found_step, scan_quiet, NULL, error);
  if (steps == NULL)
    return FALSE;
  folder = find_step (steps, micro_step, step, &micro);
  for (guint r = 0; folder != NULL && r < folder->ranks->len; r++)
    {
      const MsvisTrendRank *dir = &g_array_index (folder->ranks, MsvisTrendRank, r);

      if (dir->rank != rank)
        continue;
      *dump_dir = g_strdup (dir->dir);
      if (names->len > 0)
        *node_name = find_node (dir, mapping, micro_step, micro, names, error);
      if (*node_name == NULL && names->len > 0)
        *node_name = g_strdup (g_ptr_array_index (names, 0));
      g_clear_error (error);
      return TRUE;
    }
  g_set_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
               /* translators: a folder, then a step and a rank number */
               _("%s has no dump of step %lld, rank %lld"), data_dir, (long long)step,
               (long long)rank);
  return FALSE;
}
