// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>

#include "fuzz-util.h"

/* A main for the fuzz targets in builds without libFuzzer: runs the target once on each file
 * given, or on each file in each folder given, so that the inputs the fuzzers once crashed on
 * are tried again by every test run (under the sanitizers in CI), with gcc as with clang. */

static guint
run_file (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  if (!g_file_get_contents (path, &contents, &length, &error))
    g_error ("%s", error->message);
  LLVMFuzzerTestOneInput ((const guint8 *)contents, length);
  return 1;
}

static guint
run_path (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint n = 0;

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    return run_file (path);
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = NULL;

      if (name[0] == '.')
        continue;   /* .gitkeep, which keeps an empty folder in git */
      child = g_build_filename (path, name, NULL);
      n += run_path (child);
    }
  return n;
}

int
main (int   argc,
      char *argv[])
{
  guint n = 0;

  LLVMFuzzerInitialize (&argc, &argv);
  for (int i = 1; i < argc; i++)
    n += run_path (argv[i]);
  /* TAP, for meson: one test per run is enough, a crash fails it. */
  g_print ("1..1\nok 1 - %u inputs\n", n);
  return EXIT_SUCCESS;
}
