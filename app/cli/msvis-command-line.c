// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <gio/gio.h>

#include "msvis-command-line.h"
#include "msvis-graph-job.h"

/* msprobe spells some flags with two letters after one dash (-oc, -cs, -lm) and lets -lm take
 * an optional value in the next argument; GOption knows neither, so those are rewritten to
 * their long forms first. */
static GStrv
normalize_arguments (int    argc,
                     char **argv)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (int i = 0; i < argc; i++)
    {
      const char *arg = argv[i];

      if (strcmp (arg, "-oc") == 0)
        g_strv_builder_add (builder, "--overflow_check");
      else if (strcmp (arg, "-cs") == 0)
        g_strv_builder_add (builder, "--complete_stack");
      else if (strcmp (arg, "-lm") == 0 || strcmp (arg, "--layer_mapping") == 0)
        {
          g_autofree char *joined = NULL;

          if (i + 1 < argc && argv[i + 1][0] != '-')
            joined = g_strconcat ("--layer_mapping=", argv[++i], NULL);
          else
            joined = g_strdup ("--layer_mapping=");
          g_strv_builder_add (builder, joined);
        }
      else
        g_strv_builder_add (builder, arg);
    }

  return g_strv_builder_end (builder);
}

static void
print_progress (const char *message,
                gpointer    user_data)
{
  g_printerr ("%s\n", message);
}

int
msvis_command_line_graph (int    argc,
                          char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_auto(GStrv) args = normalize_arguments (argc, argv);
  MsvisGraphJob job = { 0 };
  gboolean quiet = FALSE;
  g_autofree char *format = NULL;
  int status = 0;
  GOptionEntry entries[] = {
    { "input_path", 'i', 0, G_OPTION_ARG_FILENAME, &job.config_path,
      N_("The compare.json that names the dump directories"), N_("FILE") },
    { "output_path", 'o', 0, G_OPTION_ARG_FILENAME, &job.output_dir,
      N_("Where the .vis files go (created if needed)"), N_("DIR") },
    { "overflow_check", 0, 0, G_OPTION_ARG_NONE, &job.overflow_check,
      N_("Mark overflowing nodes (-oc)"), NULL },
    { "complete_stack", 0, 0, G_OPTION_ARG_NONE, &job.complete_stack,
      N_("Keep whole call stacks (-cs)"), NULL },
    { "fuzzy_match", 'f', 0, G_OPTION_ARG_NONE, &job.fuzzy_match,
      N_("Match renumbered APIs when comparing"), NULL },
    { "layer_mapping", 0, 0, G_OPTION_ARG_FILENAME, &job.layer_mapping,
      N_("Match layers through a mapping file when comparing (-lm)"), N_("YAML") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format,
      N_("vis: one JSON .vis per step and rank (default); db: one SQLite .vis.db for the run, "
         "as msprobe 8.2.1 writes"), N_("vis|db") },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print only the written files"), NULL },
    { "force", 0, 0, G_OPTION_ARG_NONE, &job.force,
      N_("Replace output files of the same name (without it msvis never replaces a file; "
         "it never writes through a symbolic link)"), NULL },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
                                _("Builds the model-hierarchy graph of an msprobe dump, or "
                                  "compares an NPU dump with a benchmark dump, and writes the "
                                  ".vis files msprobe's graph command writes."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);

  if (!g_option_context_parse_strv (context, &args, &error))
    {
      g_printerr ("msvis graph: %s\n", error->message);
      return 2;
    }
  if (job.config_path == NULL || job.output_dir == NULL)
    {
      g_printerr ("msvis graph: %s\n", _("both -i COMPARE_JSON and -o OUTPUT_DIR are needed"));
      return 2;
    }

  if (format == NULL || strcmp (format, "vis") == 0)
    job.format = MSVIS_GRAPH_JOB_FORMAT_VIS;
  else if (strcmp (format, "db") == 0)
    job.format = MSVIS_GRAPH_JOB_FORMAT_DB;
  else
    {
      g_printerr ("msvis graph: %s\n", _("--format takes vis or db"));
      return 2;
    }

  job.warnings = g_ptr_array_new_with_free_func (g_free);
  written = msvis_graph_job_run (&job, quiet ? NULL : print_progress, NULL, NULL, &error);
  for (guint i = 0; i < job.warnings->len; i++)
    g_printerr ("msvis graph: %s\n", (char *)g_ptr_array_index (job.warnings, i));
  g_ptr_array_unref (job.warnings);
  if (written == NULL)
    {
      g_printerr ("msvis graph: %s\n", error->message);
      status = 1;
    }
  else
    for (guint i = 0; i < written->len; i++)
      g_print ("%s\n", (char *)g_ptr_array_index (written, i));

  g_free (job.config_path);
  g_free (job.output_dir);
  g_free (job.layer_mapping);
  return status;
}
