// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <locale.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "msvis-language-choice.h"

static char *
choice_path (void)
{
  return g_build_filename (g_get_user_config_dir (), "msvis", "language", NULL);
}

/**
 * msvis_language_choice_get:
 *
 * Returns: (transfer full): "en", "zh_CN" or "system" (no choice, or one not known)
 */
char *
msvis_language_choice_get (void)
{
  g_autofree char *path = choice_path ();
  g_autofree char *text = NULL;

  if (g_file_get_contents (path, &text, NULL, NULL))
    {
      g_strstrip (text);
      if (g_str_equal (text, "en") || g_str_equal (text, "zh_CN"))
        return g_steal_pointer (&text);
    }
  return g_strdup ("system");
}

gboolean
msvis_language_choice_set (const char  *choice,
                           GError     **error)
{
  g_autofree char *path = choice_path ();
  g_autofree char *dir = g_path_get_dirname (path);

  if (g_str_equal (choice, "system"))
    {
      if (g_remove (path) != 0 && errno != ENOENT)
        {
          int saved = errno;

          /* translators: %s is a file name, then the system's reason */
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("Could not remove %s: %s"), path, g_strerror (saved));
          return FALSE;
        }
      return TRUE;
    }
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not create %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  return g_file_set_contents (path, choice, -1, error);
}

/**
 * msvis_language_choice_apply:
 *
 * Makes the chosen language the one of the messages, through LANGUAGE, which gettext honours
 * in any locale but C: Chinese in a C locale (a container without zh_CN generated) takes
 * C.UTF-8 as well. Call it first thing in main().
 */
void
msvis_language_choice_apply (void)
{
  g_autofree char *choice = msvis_language_choice_get ();
  const char *current;

  if (g_str_equal (choice, "system"))
    return;
  g_setenv ("LANGUAGE", choice, TRUE);
  if (g_str_equal (choice, "en"))
    return;
  current = setlocale (LC_ALL, "");
  if (current == NULL || g_str_equal (current, "C") || g_str_equal (current, "POSIX"))
    g_setenv ("LC_ALL", "C.UTF-8", TRUE);
}
