// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "fuzz-util.h"

static char *scratch;

static void
remove_tree (const char *path,
             gboolean    keep_top)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      /* Not g_file_test (IS_DIR): that follows symlinks, and inputs may hold some. */
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child, FALSE);
      else
        g_unlink (child);
    }
  if (!keep_top)
    g_rmdir (path);
}

static void
remove_scratch (void)
{
  if (scratch != NULL)
    remove_tree (scratch, FALSE);
}

void
fuzz_init (void)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  /* Readers report bad input as GErrors; only warnings about programming errors remain. */
  g_setenv ("G_DEBUG", "fatal-criticals", TRUE);
}

/* libFuzzer leaves with _Exit() and on crashes, so atexit() does not always run: each scratch
 * directory carries its process id, and a new one removes those whose process is gone. */
static void
remove_stale (const char *base)
{
  g_autoptr(GDir) dir = g_dir_open (base, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      long pid;

      if (!g_str_has_prefix (name, "msvis-fuzz-") ||
          (pid = strtol (name + strlen ("msvis-fuzz-"), NULL, 10)) <= 0 ||
          kill ((pid_t) pid, 0) == 0 || errno != ESRCH)
        continue;
      path = g_build_filename (base, name, NULL);
      remove_tree (path, FALSE);
    }
}

const char *
fuzz_dir (void)
{
  if (scratch == NULL)
    {
      const char *base = g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR) ? "/dev/shm"
                                                                         : g_get_tmp_dir ();
      g_autofree char *name = g_strdup_printf ("msvis-fuzz-%ld-XXXXXX", (long) getpid ());
      g_autofree char *template = g_build_filename (base, name, NULL);

      remove_stale (base);
      scratch = g_mkdtemp (g_steal_pointer (&template));
      g_assert (scratch != NULL);
      atexit (remove_scratch);
    }
  return scratch;
}

/* Writes @data to @relative inside the scratch directory, making its folders. */
char *
fuzz_write (const char   *relative,
            const guint8 *data,
            gsize         size)
{
  g_autofree char *path = g_build_filename (fuzz_dir (), relative, NULL);
  g_autofree char *parent = g_path_get_dirname (path);

  g_mkdir_with_parents (parent, 0700);
  if (!g_file_set_contents (path, (const char *) data, size, NULL))
    g_error ("cannot write %s", path);
  return g_steal_pointer (&path);
}

void
fuzz_clear (void)
{
  remove_tree (fuzz_dir (), TRUE);
}

/* Cuts the input at NUL bytes, so that one input can hold several files. */
void
fuzz_split (const guint8 *data,
            gsize         size,
            FuzzParts    *parts)
{
  const guint8 *end = data + size;

  memset (parts, 0, sizeof *parts);
  while (parts->n < FUZZ_MAX_PARTS)
    {
      const guint8 *nul = parts->n + 1 < FUZZ_MAX_PARTS ? memchr (data, 0, end - data) : NULL;

      parts->data[parts->n] = (const char *) data;
      parts->length[parts->n] = (nul != NULL ? nul : end) - data;
      parts->n++;
      if (nul == NULL)
        break;
      data = nul + 1;
    }
}

/* A failed run leaves nothing behind: no output, no temporary file. */
void
fuzz_check_empty (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("a failed run left %s behind", path);
}
