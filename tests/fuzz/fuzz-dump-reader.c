// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "fuzz-util.h"
#include "msvis-graph-job.h"

/* A whole `msvis graph` run over a dump directory made from the input: dump.json,
 * construct.json and stack.json, then optionally a plan, all cut apart at NUL bytes. The plan's
 * first line holds flags (c: compare the dump with itself, d: --format db, o: -oc, s: -cs,
 * f: -f, l: bare -lm); each further line names a folder (such as rank0 or step1/rank0) that gets
 * the three files instead of the top, or with a leading ~, a symbolic link to the top (a loop).
 * A run that fails must leave nothing behind; one that succeeds only its own files. */

static gboolean
valid_folder (const char *name,
              gsize       length)
{
  if (length == 0 || length > 24)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isalnum (name[i]) && !(name[i] == '/' && i > 0 && i + 1 < length &&
                                        name[i + 1] != '/'))
      return FALSE;
  return TRUE;
}

static void
write_dump (const char      *folder,
            const FuzzParts *parts)
{
  static const char *files[] = { "dump.json", "construct.json", "stack.json" };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *relative = g_build_filename ("dump", folder, files[i], NULL);
      g_autofree char *path = fuzz_write (relative, (const guint8 *) parts->data[i],
                                          i < parts->n ? parts->length[i] : 0);
    }
}

/* Each output is a regular file with a final name, and no temporary file is left. */
static void
check_outputs (const char *out)
{
  g_autoptr(GDir) dir = g_dir_open (out, 0, NULL);
  const char *name;

  g_assert (dir != NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (out, name, NULL);

      if (name[0] == '.' || !g_file_test (path, G_FILE_TEST_IS_REGULAR) ||
          g_file_test (path, G_FILE_TEST_IS_SYMLINK))
        g_error ("stray output %s", path);
      g_unlink (path);
    }
}

FUZZ_DEFINE_INITIALIZE

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *dump = g_build_filename (fuzz_dir (), "dump", NULL);
  g_autofree char *out = g_build_filename (fuzz_dir (), "out", NULL);
  g_autofree char *config = NULL;
  g_autofree char *config_text = NULL;
  g_autofree char *flags = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;
  MsvisGraphJob job = { 0 };
  gboolean folders = FALSE;
  FuzzParts parts;

  fuzz_clear ();
  fuzz_split (data, size, &parts);
  g_mkdir_with_parents (dump, 0700);

  if (parts.n > 3)
    {
      g_autofree char *plan = g_strndup (parts.data[3], parts.length[3]);
      g_auto(GStrv) lines = g_strsplit (plan, "\n", 6);

      flags = g_strdup (lines[0]);
      for (guint i = 1; lines[0] != NULL && lines[i] != NULL; i++)
        {
          const char *line = lines[i];

          if (line[0] == '~' && valid_folder (line + 1, strlen (line + 1)))
            {
              g_autofree char *link = g_build_filename (dump, line + 1, NULL);
              g_autofree char *parent = g_path_get_dirname (link);

              g_mkdir_with_parents (parent, 0700);
              if (symlink (dump, link) != 0)
                continue;
            }
          else if (valid_folder (line, strlen (line)))
            {
              write_dump (line, &parts);
              folders = TRUE;
            }
        }
    }
  if (!folders)
    write_dump ("", &parts);

  flags = flags != NULL ? flags : g_strdup ("");
  config_text = strchr (flags, 'c') != NULL
    ? g_strdup_printf ("{\"npu_path\": \"%s\", \"bench_path\": \"%s\"}", dump, dump)
    : g_strdup_printf ("{\"npu_path\": \"%s\"}", dump);
  config = fuzz_write ("compare.json", (const guint8 *) config_text, strlen (config_text));

  job.config_path = config;
  job.output_dir = out;
  job.timestamp = (char *) "T";
  job.format = strchr (flags, 'd') != NULL ? MSVIS_GRAPH_JOB_FORMAT_DB
                                           : MSVIS_GRAPH_JOB_FORMAT_VIS;
  job.overflow_check = strchr (flags, 'o') != NULL;
  job.complete_stack = strchr (flags, 's') != NULL;
  job.fuzzy_match = strchr (flags, 'f') != NULL;
  job.layer_mapping = strchr (flags, 'l') != NULL ? (char *) "" : NULL;

  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  if (written == NULL)
    {
      g_assert (error != NULL && error->message[0] != '\0');
      fuzz_check_empty (out);
    }
  else
    check_outputs (out);
  return 0;
}
