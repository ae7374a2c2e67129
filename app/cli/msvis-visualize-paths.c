// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "msvis-compare-error.h"
#include "msvis-visualize-paths.h"

/* FileCheckConst (python/msprobe/core/common/const.py:974-1001@8ff00da3). */
#define PATH_LENGTH_MAX 4096
#define NAME_LENGTH_MAX 255
#define YAML_SIZE_MAX G_GINT64_CONSTANT (1073741824)
#define VALID_PATTERN "^[a-zA-Z0-9_.:/-]+$"

static gboolean
refuse (GError    **error,
        const char *option,
        const char *message)
{
  /* translators: "%s: %s" is an option such as -tp/--target_path, then what is wrong */
  g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG, _("%s: %s"), option,
               message);
  return FALSE;
}

/* Python's len() of a path: characters, or bytes where they are not UTF-8 (surrogateescape). */
static glong
py_len (const char *text)
{
  return g_utf8_validate (text, -1, NULL) ? g_utf8_strlen (text, -1) : (glong)strlen (text);
}

/* os.path.realpath in its default, non-strict mode: the part that exists is resolved, the
 * rest is joined as written ("." dropped, ".." taking the last name off). */
static char *
py_realpath (const char *path)
{
  g_autofree char *cwd = g_get_current_dir ();
  g_auto(GStrv) parts = g_strsplit (path, "/", -1);
  GString *resolved = g_string_new (g_path_is_absolute (path) ? "" : cwd);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *name = parts[i];
      g_autofree char *candidate = NULL;
      GStatBuf st;

      if (*name == '\0' || strcmp (name, ".") == 0)
        continue;
      if (strcmp (name, "..") == 0)
        {
          const char *slash = strrchr (resolved->str, '/');

          g_string_truncate (resolved, slash ? (gsize)(slash - resolved->str) : 0);
          continue;
        }
      candidate = g_strconcat (resolved->str, "/", name, NULL);
      if (g_lstat (candidate, &st) == 0 && S_ISLNK (st.st_mode))
        {
          char *real = realpath (candidate, NULL);

          if (real != NULL)
            {
              g_string_assign (resolved, strcmp (real, "/") == 0 ? "" : real);
              free (real);
              continue;
            }
        }
      g_string_assign (resolved, candidate);
    }
  if (resolved->len == 0)
    g_string_assign (resolved, "/");
  return g_string_free (resolved, FALSE);
}

static gboolean
check_length (const char  *option,
              const char  *path,
              const char  *name,
              GError     **error)
{
  g_autofree char *message = NULL;

  if (py_len (path) <= PATH_LENGTH_MAX && py_len (name) <= NAME_LENGTH_MAX)
    return TRUE;
  message = g_strdup_printf (_("The file path length exceeds limit: %s (a path has at most "
                               "%d characters, a file name %d)."), path, PATH_LENGTH_MAX,
                             NAME_LENGTH_MAX);
  return refuse (error, option, message);
}

/* check_path_pattern_valid: the first character outside the pattern is named. */
static gboolean
check_pattern (const char  *option,
               const char  *path,
               GError     **error)
{
  g_autofree char *message = NULL;
  g_autofree char *bad = NULL;
  const char *p;

  if (g_regex_match_simple (VALID_PATTERN, path, 0, 0))
    return TRUE;
  for (p = path; *p != '\0' && (g_ascii_isalnum (*p) || strchr ("_.:/-", *p) != NULL); p++)
    ;
  /* Its code point too: where the locale cannot show it, it prints as "?". */
  if (*p == '\0')
    bad = g_strdup ("");
  else if (g_utf8_validate (p, -1, NULL))
    bad = g_strdup_printf ("“%.*s”, U+%04X", (int)(g_utf8_next_char (p) - p), p,
                           g_utf8_get_char (p));
  else
    bad = g_strdup_printf ("byte 0x%02x", (guchar)*p);
  message = g_strdup_printf (_("The file path %s contains special characters (%s): only "
                               "letters a-z and A-Z, digits and _ . : / - are allowed."),
                             path, bad);
  return refuse (error, option, message);
}

/* The first checks of FileChecker.common_check: @path exists, and its resolved path and name
 * are within the limits. Returns: the resolved path, NULL with @error set otherwise. */
static char *
resolve_existing (const char  *option,
                  const char  *path,
                  GError     **error)
{
  g_autofree char *real = NULL;
  g_autofree char *name = NULL;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autofree char *message = g_strdup_printf (_("The file path %s does not exist."), path);

      refuse (error, option, message);
      return NULL;
    }
  real = py_realpath (path);
  name = g_path_get_basename (real);
  if (!check_length (option, real, name, error))
    return NULL;
  return g_steal_pointer (&real);
}

static gboolean
check_readable (const char  *option,
                const char  *real,
                int          mode,
                GError     **error)
{
  g_autofree char *message = NULL;

  if (g_access (real, mode) == 0)
    return TRUE;
  message = g_strdup_printf (_("The file path %s is not readable."), real);
  return refuse (error, option, message);
}

/* FileChecker(path, DIR, "w").common_check(), as check_file_or_directory_path(path,
 * isdir=True) runs it on -tp and -gp, except that the folder need only be readable: msprobe
 * asks for write access it never uses, which refuses dumps on read-only storage (archived
 * runs, shared mounts) that msvis opened before. */
gboolean
msvis_visualize_check_dump_dir (const char  *option,
                                const char  *path,
                                GError     **error)
{
  g_autofree char *message = NULL;
  g_autofree char *real = resolve_existing (option, path, error);

  if (real == NULL)
    return FALSE;
  if (!g_file_test (real, G_FILE_TEST_IS_DIR))
    {
      message = g_strdup_printf (_("The %s should be a directory!"), real);
      return refuse (error, option, message);
    }
  if (!check_readable (option, real, R_OK | X_OK, error))
    return FALSE;
  return check_pattern (option, real, error);
}

/* check_path_before_create, which create_directory runs on -o: the length (of the resolved
 * path, and of the last name as given) and the pattern, whether the folder exists or not. */
gboolean
msvis_visualize_check_output (const char  *option,
                              const char  *path,
                              GError     **error)
{
  g_autofree char *real = py_realpath (path);
  g_autofree char *name = g_path_get_basename (path);

  g_autofree char *existing = NULL;
  g_autofree char *message = NULL;

  if (*path == '\0')
    return refuse (error, option, _("The output path is empty."));
  if (!check_length (option, real, name, error) || !check_pattern (option, real, error))
    return FALSE;
  /* os.makedirs fails where a file stands in the way: said here before any build. */
  existing = g_strdup (real);
  while (!g_file_test (existing, G_FILE_TEST_EXISTS) && strcmp (existing, "/") != 0)
    {
      char *parent = g_path_get_dirname (existing);

      g_free (existing);
      existing = parent;
    }
  if (g_file_test (existing, G_FILE_TEST_IS_DIR))
    return TRUE;
  message = g_strdup_printf (_("Failed to create %s: %s is not a directory."), real, existing);
  return refuse (error, option, message);
}

/* load_yaml's FileChecker(path, FILE, "r", ".yaml").common_check() on a -lm file. */
gboolean
msvis_visualize_check_yaml (const char  *option,
                            const char  *path,
                            GError     **error)
{
  g_autofree char *message = NULL;
  g_autofree char *real = resolve_existing (option, path, error);
  GStatBuf st;

  if (real == NULL)
    return FALSE;
  if (!g_file_test (real, G_FILE_TEST_IS_REGULAR))
    {
      message = g_strdup_printf (_("The %s should be a file!"), real);
      return refuse (error, option, message);
    }
  if (!check_readable (option, real, R_OK, error))
    return FALSE;
  if (!check_pattern (option, real, error))
    return FALSE;
  if (g_stat (real, &st) == 0 && st.st_size >= YAML_SIZE_MAX)
    {
      message = g_strdup_printf (_("The size (%lld) of %s exceeds (%lld) bytes, tools not "
                                   "support."),
                                 (long long)st.st_size, real, (long long)YAML_SIZE_MAX);
      return refuse (error, option, message);
    }
  if (!g_str_has_suffix (real, ".yaml"))
    {
      message = g_strdup_printf (_("%s should be one of the following types of files: "
                                   "['.yaml']!"), real);
      return refuse (error, option, message);
    }
  return TRUE;
}
