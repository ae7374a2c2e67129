// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-dump-layout.h"
#include "msvis-reader-error.h"

typedef struct
{
  char      *name;
  GFileType  type;
} Entry;

static void
entry_clear (gpointer data)
{
  g_free (((Entry *)data)->name);
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (((const Entry *)a)->name, ((const Entry *)b)->name);
}

/* Entries of @dir in name order (the file system's order is arbitrary; sorting keeps the
 * result the same on every machine). Symbolic links are followed, as os.path.isdir does. */
static GArray *
list_entries (GFile         *dir,
              GCancellable  *cancellable,
              GError       **error)
{
  g_autoptr(GFileEnumerator) enumerator = NULL;
  g_autoptr(GArray) entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  GFileInfo *info;

  g_array_set_clear_func (entries, entry_clear);
  enumerator = g_file_enumerate_children (dir,
                                          G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                          G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                          G_FILE_QUERY_INFO_NONE, cancellable, error);
  if (enumerator == NULL)
    return NULL;

  while (g_file_enumerator_iterate (enumerator, &info, NULL, cancellable, error) && info)
    {
      Entry entry = { g_strdup (g_file_info_get_name (info)), g_file_info_get_file_type (info) };

      g_array_append_val (entries, entry);
    }
  if (error != NULL && *error != NULL)
    return NULL;

  g_array_sort (entries, compare_entries);

  return g_steal_pointer (&entries);
}

/* ^prefix\d+$ */
static gboolean
matches_numbered (const char *name,
                  const char *prefix)
{
  gsize n = strlen (prefix);

  if (strncmp (name, prefix, n) != 0 || name[n] == '\0')
    return FALSE;
  for (const char *p = name + n; *p; p++)
    if (!g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

/* ^prefix(?:0|[1-9][0-9]*)?$ */
static gboolean
matches_listed (const char *name,
                const char *prefix)
{
  gsize n = strlen (prefix);

  if (strncmp (name, prefix, n) != 0)
    return FALSE;
  if (name[n] == '\0')
    return TRUE;
  return matches_numbered (name, prefix) && (name[n] != '0' || name[n + 1] == '\0');
}

/**
 * msvis_dump_layout_detect:
 *
 * msprobe's check_directory_content.
 */
gboolean
msvis_dump_layout_detect (GFile            *dir,
                          MsvisDumpLayout  *layout,
                          GCancellable     *cancellable,
                          GError          **error)
{
  g_autoptr(GArray) entries = list_entries (dir, cancellable, error);
  g_autofree char *path = g_file_get_parse_name (dir);
  gboolean all_files = TRUE, all_ranks = TRUE, all_steps = TRUE;
  const Entry *odd = NULL;

  if (entries == NULL)
    return FALSE;

  if (entries->len == 0)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_LAYOUT,
                   /* translators: %s is a directory */
                   _("%s: the directory is empty"), path);
      return FALSE;
    }

  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);

      if (strcmp (e->name, "dump_tensor_data") == 0)
        {
          *layout = MSVIS_DUMP_LAYOUT_FILES;
          return TRUE;
        }
      if (e->type != G_FILE_TYPE_REGULAR)
        all_files = FALSE;
      if (e->type != G_FILE_TYPE_REGULAR && e->type != G_FILE_TYPE_DIRECTORY && odd == NULL)
        odd = e;
      if (e->type == G_FILE_TYPE_DIRECTORY)
        {
          all_ranks = all_ranks && matches_numbered (e->name, "rank");
          all_steps = all_steps && matches_numbered (e->name, "step");
        }
    }

  /* Not a rank folder either, but saying so would hide what is wrong with it. */
  if (odd != NULL)
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_LAYOUT,
                   /* translators: a directory, then the name of an entry in it */
                   _("%s: “%s” is neither a file nor a folder (a pipe, a device, or a link that "
                     "leads nowhere or to itself)"), path, odd->name);
      return FALSE;
    }

  /* msprobe 26 takes a folder whose first entry is proc… for ranks (msprobe-2026.md §2.1);
   * in name order that is every folder with a proc<pid> beside rank folders. */
  if (all_files)
    *layout = MSVIS_DUMP_LAYOUT_FILES;
  else if ((entries->len == 1 && strcmp (g_array_index (entries, Entry, 0).name, "rank") == 0) ||
           g_str_has_prefix (g_array_index (entries, Entry, 0).name, "proc") || all_ranks)
    *layout = MSVIS_DUMP_LAYOUT_RANKS;
  else if (all_steps)
    *layout = MSVIS_DUMP_LAYOUT_STEPS;
  else
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_LAYOUT,
                   /* translators: %s is a directory; keep the example names as they are */
                   _("%s: expected only files (dump.json, construct.json, stack.json), only "
                     "rank folders (rank0, rank1, …) or only step folders (step0, step1, …)"),
                   path);
      return FALSE;
    }

  return TRUE;
}

/* The entries named @prefix(N): with @strict anything else is an error naming it (the July
 * rule), else it is passed over (msprobe 26's); a strict entry must also be a folder. */
static GPtrArray *
list_named (GFile         *dir,
            const char    *prefix,
            gboolean       strict,
            GCancellable  *cancellable,
            GError       **error)
{
  g_autoptr(GArray) entries = list_entries (dir, cancellable, error);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  if (entries == NULL)
    return NULL;

  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);
      gboolean named = matches_listed (e->name, prefix);

      if (strict && (!named || e->type != G_FILE_TYPE_DIRECTORY))
        {
          g_autofree char *path = g_file_get_parse_name (dir);

          g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_LAYOUT,
                       /* translators: a directory, the odd entry in it, and "rank" or "step" */
                       _("%s: “%s” is not a %s folder of a dump (such as %s0); move it out of the "
                         "way and try again"), path, e->name, prefix, prefix);
          return NULL;
        }
      if (named)
        g_ptr_array_add (names, g_strdup (e->name));
    }

  return g_steal_pointer (&names);
}

/**
 * msvis_dump_layout_list:
 * @prefix: "rank" or "step"
 *
 * msprobe's check_and_return_dir_contents: every entry must be named @prefix, optionally
 * followed by a number without leading zeros.
 *
 * Returns: (transfer full) (element-type utf8): the names, sorted as Python's sorted()
 */
GPtrArray *
msvis_dump_layout_list (GFile         *dir,
                        const char    *prefix,
                        GCancellable  *cancellable,
                        GError       **error)
{
  return list_named (dir, prefix, TRUE, cancellable, error);
}

/* int(name[4:]), or 0 for a bare "rank" and a proc<pid> folder */
int
msvis_dump_layout_rank_number (const char *name)
{
  gint64 number;

  if (!(name[0] && name[1] && name[2] && name[3]) || g_str_has_prefix (name, "proc"))
    return 0;
  /* Not atoi: a folder such as rank99999999999 must not overflow an int. */
  number = g_ascii_strtoll (name + 4, NULL, 10);
  return (int) CLAMP (number, G_MININT, G_MAXINT);
}

static int
compare_rank_numbers (gconstpointer a,
                      gconstpointer b)
{
  const char *x = *(const char *const *)a, *y = *(const char *const *)b;
  int nx = msvis_dump_layout_rank_number (x), ny = msvis_dump_layout_rank_number (y);

  return nx != ny ? (nx < ny ? -1 : 1) : strcmp (x, y);
}

/**
 * msvis_dump_layout_sort_ranks:
 *
 * Sorts rank folder names by number, as a build does (rank2 before rank10).
 */
void
msvis_dump_layout_sort_ranks (GPtrArray *names)
{
  g_ptr_array_sort (names, compare_rank_numbers);
}

/**
 * msvis_dump_layout_list_matching:
 * @prefix: "rank" or "step"
 *
 * msprobe 26's check_and_return_dir_contents with skipping (msprobe-2026.md §2.2): the
 * entries named @prefix, optionally followed by a number without leading zeros; anything
 * else beside them (notes, a proc<pid> folder) is passed over.
 *
 * Returns: (transfer full) (element-type utf8): the names, in byte order
 */
GPtrArray *
msvis_dump_layout_list_matching (GFile         *dir,
                                 const char    *prefix,
                                 GCancellable  *cancellable,
                                 GError       **error)
{
  return list_named (dir, prefix, FALSE, cancellable, error);
}

/* msprobe's get_proc_dir: the one proc<pid> folder of @dir. */
static char *
find_proc_dir (GFile         *dir,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autoptr(GArray) entries = list_entries (dir, cancellable, error);
  g_autofree char *found = NULL;
  guint n = 0;

  if (entries == NULL)
    return NULL;

  for (guint i = 0; i < entries->len; i++)
    {
      Entry *e = &g_array_index (entries, Entry, i);

      if (e->type == G_FILE_TYPE_DIRECTORY && matches_numbered (e->name, "proc") && n++ == 0)
        found = g_strdup (e->name);
    }

  if (n != 1)
    {
      g_autofree char *path = g_file_get_parse_name (dir);

      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_LAYOUT,
                   /* translators: %s is a directory; keep rank0 and proc<pid> as they are */
                   _("%s: no rank folders (rank0, rank1, …) and not exactly one proc<pid> "
                     "folder in their place"), path);
      return NULL;
    }

  return g_steal_pointer (&found);
}

/**
 * msvis_dump_layout_list_ranks:
 *
 * The rank folders of @dir as msprobe 26 builds them (msprobe-2026.md §2.2): the rank
 * folders by number, strays skipped; without any, the one proc<pid> folder the 2026 dumper
 * writes when no rank is known.
 *
 * Returns: (transfer full) (element-type utf8): the names
 */
GPtrArray *
msvis_dump_layout_list_ranks (GFile         *dir,
                              GCancellable  *cancellable,
                              GError       **error)
{
  g_autoptr(GPtrArray) names = msvis_dump_layout_list_matching (dir, "rank", cancellable, error);
  char *proc;

  if (names == NULL)
    return NULL;
  if (names->len > 0)
    {
      msvis_dump_layout_sort_ranks (names);
      return g_steal_pointer (&names);
    }

  proc = find_proc_dir (dir, cancellable, error);
  if (proc == NULL)
    return NULL;
  g_ptr_array_add (names, proc);
  return g_steal_pointer (&names);
}
