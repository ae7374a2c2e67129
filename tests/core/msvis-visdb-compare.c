// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "msvis-visdb-diff.h"

/* The comparison and the digest on top of the canonical dumps (msvis-visdb-diff.c). */

void
msvis_visdb_remove_dir (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

/* Longest prefix first; pairs move together. */
char **
msvis_visdb_sort_strips (const char *const *strips,
                         guint              n_strips)
{
  char **sorted;

  n_strips &= ~1u;
  sorted = g_new0 (char *, n_strips + 1);
  for (guint i = 0; i < n_strips; i++)
    sorted[i] = g_strdup (strips[i]);
  for (guint i = 0; i < n_strips; i += 2)
    for (guint j = i + 2; j < n_strips; j += 2)
      if (strlen (sorted[j]) > strlen (sorted[i]))
        for (guint k = 0; k < 2; k++)
          {
            char *t = sorted[i + k];

            sorted[i + k] = sorted[j + k];
            sorted[j + k] = t;
          }
  return sorted;
}

/* "row\ttb_nodes\tT:\"id\"": what a row line is known by. */
static char *
row_key (const char *line)
{
  const char *p = line;

  for (guint tabs = 0; *p != '\0'; p++)
    if (*p == '\t' && ++tabs == 3)
      break;
  return g_strndup (line, p - line);
}

static char *
shorten (const char *text,
         gsize       max)
{
  if (strlen (text) <= max)
    return g_strdup (text);
  return g_strdup_printf ("%.*s…(%zu chars)", (int)max, text, strlen (text));
}

/* Which cells of two row lines of the same key differ, by column number. */
static void
report_cells (GString    *report,
              const char *a,
              const char *b,
              GHashTable *columns)
{
  g_auto(GStrv) ca = g_strsplit (a, "\t", -1);
  g_auto(GStrv) cb = g_strsplit (b, "\t", -1);
  GPtrArray *names = g_hash_table_lookup (columns, ca[1]);
  guint shown = 0;

  for (guint i = 2; ca[i] != NULL && cb[i] != NULL && shown < 4; i++)
    {
      g_autofree char *sa = NULL, *sb = NULL;
      gsize at = 0;

      if (strcmp (ca[i], cb[i]) == 0)
        continue;
      while (ca[i][at] != '\0' && ca[i][at] == cb[i][at])
        at++;
      sa = shorten (ca[i] + (at > 60 ? at - 60 : 0), 240);
      sb = shorten (cb[i] + (at > 60 ? at - 60 : 0), 240);
      g_string_append_printf (report, "    column %s (first difference at character %zu):\n"
                              "      A %s%s\n      B %s%s\n",
                              names && i - 2 < names->len
                                ? (char *)g_ptr_array_index (names, i - 2) : "?", at,
                              at > 60 ? "…" : "", sa, at > 60 ? "…" : "", sb);
      shown++;
    }
}

static GHashTable *
column_names (GPtrArray *lines)
{
  GHashTable *columns = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                               (GDestroyNotify)g_ptr_array_unref);

  for (guint i = 0; i < lines->len; i++)
    {
      const char *line = g_ptr_array_index (lines, i);
      g_auto(GStrv) parts = NULL;
      GPtrArray *names;

      if (!g_str_has_prefix (line, "columns\t"))
        continue;
      parts = g_strsplit (line, "\t", 3);
      names = g_ptr_array_new_with_free_func (g_free);
      /* ["a", "b"]: names hold no quotes or commas in these files. */
      for (const char *p = parts[2]; (p = strchr (p, '"')) != NULL;)
        {
          const char *end = strchr (p + 1, '"');

          if (end == NULL)
            break;
          g_ptr_array_add (names, g_strndup (p + 1, end - p - 1));
          p = end + 1;
        }
      g_hash_table_replace (columns, g_strdup (parts[1]), names);
    }
  return columns;
}

/**
 * msvis_visdb_compare:
 * @report: gets the first differences, readably
 *
 * Returns: whether the two files are identical by visdb-diff.py's rules; %FALSE with @error
 *   set when one cannot be read
 */
gboolean
msvis_visdb_compare (const char         *a,
                     const char         *b,
                     const char *const  *strips,
                     GString            *report,
                     GError            **error)
{
  g_autoptr(GPtrArray) la = msvis_visdb_canonical (a, strips, error);
  g_autoptr(GPtrArray) lb = la ? msvis_visdb_canonical (b, strips, error) : NULL;
  g_autoptr(GHashTable) in_a = NULL, in_b = NULL, b_by_key = NULL, columns = NULL;
  g_autoptr(GHashTable) a_keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint only_a = 0, only_b = 0;

  if (la == NULL || lb == NULL)
    return FALSE;
  in_a = g_hash_table_new (g_str_hash, g_str_equal);
  in_b = g_hash_table_new (g_str_hash, g_str_equal);
  b_by_key = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  columns = column_names (la);
  for (guint i = 0; i < la->len; i++)
    g_hash_table_add (in_a, g_ptr_array_index (la, i));
  for (guint i = 0; i < lb->len; i++)
    {
      char *line = g_ptr_array_index (lb, i);

      g_hash_table_add (in_b, line);
      if (g_str_has_prefix (line, "row\t") && !g_hash_table_contains (in_a, line))
        g_hash_table_insert (b_by_key, row_key (line), line);
    }

  for (guint i = 0; i < la->len; i++)
    {
      const char *line = g_ptr_array_index (la, i);
      g_autofree char *key = NULL;
      const char *other;

      if (g_hash_table_contains (in_b, line))
        continue;
      key = row_key (line);
      if (g_str_has_prefix (line, "row\t"))
        g_hash_table_add (a_keys, g_strdup (key));
      if (only_a++ >= 8)
        continue;
      other = g_str_has_prefix (line, "row\t") ? g_hash_table_lookup (b_by_key, key) : NULL;
      if (other != NULL)
        {
          g_string_append_printf (report, "  %s differs:\n", key);
          report_cells (report, line, other, columns);
        }
      else
        {
          g_autofree char *s = shorten (line, 300);

          g_string_append_printf (report, "  only in A: %s\n", s);
        }
    }
  for (guint i = 0; i < lb->len; i++)
    {
      const char *line = g_ptr_array_index (lb, i);
      g_autofree char *key = NULL;

      if (g_hash_table_contains (in_a, line))
        continue;
      key = row_key (line);
      if (only_b++ < 8 && !(g_str_has_prefix (line, "row\t") &&
                            g_hash_table_contains (a_keys, key)))
        {
          g_autofree char *s = shorten (line, 300);

          g_string_append_printf (report, "  only in B: %s\n", s);
        }
    }
  if (only_a + only_b > 0)
    {
      g_autofree char *head = g_strdup_printf ("%u canonical line(s) only in A, %u only in B "
                                               "(%s vs %s):\n", only_a, only_b, a, b);

      g_string_prepend (report, head);
    }
  return only_a + only_b == 0;
}

/**
 * msvis_visdb_digest:
 *
 * Returns: (transfer full): the sha256 of the canonical dump, as `visdb-diff.py --digest`
 */
char *
msvis_visdb_digest (const char         *path,
                    const char *const  *strips,
                    GError            **error)
{
  g_autoptr(GPtrArray) lines = msvis_visdb_canonical (path, strips, error);
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

  if (lines == NULL)
    return NULL;
  for (guint i = 0; i < lines->len; i++)
    {
      g_checksum_update (sum, g_ptr_array_index (lines, i), -1);
      g_checksum_update (sum, (const guchar *)"\n", 1);
    }
  return g_strdup (g_checksum_get_string (sum));
}
