// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "fuzz-util.h"
#include "msvis-trend.h"

/* `msvis trend` over a dump run made from the input: step0/rank0's dump.json and
 * construct.json, then a mapping file, then a plan, cut apart at NUL bytes. The plan's first
 * line holds flags (m: --micro_step true, p: a second rank with the same files, s: a second
 * step). A run that fails must say why and leave no database; one that succeeds leaves only
 * dump_data.trend.db, a regular file. */

static void
write_run (const char      *folder,
           const FuzzParts *parts)
{
  static const char *files[] = { "dump.json", "construct.json" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *relative = g_build_filename ("data", folder, files[i], NULL);
      g_autofree char *path = fuzz_write (relative, (const guint8 *) parts->data[i],
                                          i < parts->n ? parts->length[i] : 0);
    }
}

static void
check_outputs (const char *out,
               gboolean    ok)
{
  g_autoptr(GDir) dir = g_dir_open (out, 0, NULL);
  const char *name;

  g_assert (dir != NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (out, name, NULL);

      if (!ok || strcmp (name, MSVIS_TREND_DUMP_DB) != 0 ||
          !g_file_test (path, G_FILE_TEST_IS_REGULAR) || g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        g_error ("stray output %s after a run that %s", path, ok ? "succeeded" : "failed");
      g_unlink (path);
    }
}

FUZZ_DEFINE_INITIALIZE

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *run = g_build_filename (fuzz_dir (), "data", NULL);
  g_autofree char *out = g_build_filename (fuzz_dir (), "out", NULL);
  g_autofree char *mapping_path = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GPtrArray) mapping = NULL;
  g_autoptr(GError) error = NULL;
  MsvisTrendOptions options = { 0 };
  const char *flags = "";
  FuzzParts parts;
  gboolean ok = TRUE;

  fuzz_clear ();
  fuzz_split (data, size, &parts);
  if (parts.n > 3)
    flags = g_strndup (parts.data[3], MIN (parts.length[3], 8));
  write_run ("step0/rank0", &parts);
  if (strchr (flags, 'p') != NULL)
    write_run ("step0/rank1", &parts);
  if (strchr (flags, 's') != NULL)
    write_run ("step1/rank0", &parts);
  g_mkdir_with_parents (out, 0700);

  if (parts.n > 2 && parts.length[2] > 0)
    {
      mapping_path = fuzz_write ("mapping.json", (const guint8 *) parts.data[2], parts.length[2]);
      mapping = msvis_trend_load_mapping (mapping_path, &error);
      if (mapping == NULL)
        {
          g_assert (error != NULL && strstr (error->message, "mapping.json") != NULL);
          ok = FALSE;
        }
    }
  if (ok)
    {
      options.data_dir = run;
      options.db_dir = out;
      options.mapping = mapping;
      options.micro_step = strchr (flags, 'm') != NULL;
      ok = msvis_trend_import_dump (&options, &written, NULL, NULL, &error);
      /* A refusal always says why. */
      g_assert (ok || (error != NULL && error->message[0] != '\0'));
    }
  check_outputs (out, ok);
  if (parts.n > 3)
    g_free ((char *) flags);
  return 0;
}
