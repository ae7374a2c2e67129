// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "msvis-command-line.h"
#include "msvis-export-job.h"
#include "msvis-report-job.h"

static void
print_progress (const char *message,
                gpointer    user_data)
{
  g_printerr ("%s\n", message);
}

static gboolean
parse_sides (const char        *text,
             MsvisExportSides  *sides)
{
  if (text == NULL || strcmp (text, "both") == 0)
    *sides = MSVIS_EXPORT_SIDES_BOTH;
  else if (strcmp (text, "npu") == 0)
    *sides = MSVIS_EXPORT_SIDES_NPU;
  else if (strcmp (text, "bench") == 0)
    *sides = MSVIS_EXPORT_SIDES_BENCH;
  else
    return FALSE;
  return TRUE;
}

/* At most one of --expand-all, --depth, --expand-to and --errors. */
static gboolean
pick_expansion (MsvisExportJob *job,
                gboolean        all,
                int             depth,
                gboolean        errors,
                GError        **error)
{
  guint n = !!all + (depth >= 0) + (job->expand_to != NULL) + !!errors;

  if (n > 1)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("give only one of --expand-all, --depth, --expand-to and --errors"));
      return FALSE;
    }
  if (depth == 0)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--depth takes a number from 1 up"));
      return FALSE;
    }
  job->expand = all ? MSVIS_EXPAND_ALL
                : depth > 0 ? MSVIS_EXPAND_DEPTH
                : job->expand_to ? MSVIS_EXPAND_TO
                : errors ? MSVIS_EXPAND_ERRORS : MSVIS_EXPAND_ROOT;
  job->depth = MAX (depth, 0);
  return TRUE;
}

int
msvis_command_line_export (int    argc,
                           char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *sides = NULL;
  g_autofree char *output = NULL;
  g_autofree char *expand_to = NULL;
  g_auto(GStrv) inputs = NULL;
  gboolean all = FALSE, errors = FALSE, quiet = FALSE, overflow = FALSE, force = FALSE;
  int depth = -1;
  MsvisExportJob job = { .step = -1, .rank = -1, .micro_step = -1, .scale = 1 };
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The picture to write: .png, .svg or .pdf"), N_("FILE") },
    { "side", 0, 0, G_OPTION_ARG_STRING, &sides,
      N_("Which side of a compare to draw (default: both, joined by link curves)"),
      N_("npu|bench|both") },
    { "expand-all", 0, 0, G_OPTION_ARG_NONE, &all, N_("Open every container"), NULL },
    { "depth", 0, 0, G_OPTION_ARG_INT, &depth,
      N_("Open the containers of the first N levels (1: the model’s own children)"), N_("N") },
    { "expand-to", 0, 0, G_OPTION_ARG_STRING, &expand_to,
      N_("Open the containers down to a node, on both sides"), N_("NODE") },
    { "errors", 0, 0, G_OPTION_ARG_NONE, &errors,
      N_("Open the containers down to every divergent node"), NULL },
    { "step", 0, 0, G_OPTION_ARG_INT, &job.step, N_("The step to draw (default: the first)"),
      N_("N") },
    { "rank", 0, 0, G_OPTION_ARG_INT, &job.rank, N_("The rank to draw (default: the first)"),
      N_("N") },
    { "micro-step", 0, 0, G_OPTION_ARG_INT, &job.micro_step,
      N_("Draw only one micro step (default: all)"), N_("N") },
    { "scale", 0, 0, G_OPTION_ARG_DOUBLE, &job.scale,
      N_("PNG pixels per point (default: 1; 2 for sharp pictures on high-resolution screens)"),
      N_("F") },
    { "overflow", 0, 0, G_OPTION_ARG_NONE, &overflow,
      N_("Colour nodes by overflow level instead of precision"), NULL },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, N_("Print only the written file"), NULL },
    MSVIS_FORCE_OPTION (force),
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &inputs, NULL, N_("FILE|DIR") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
                                _("Draws a .vis or .vis.db result, a folder of results or a dump "
                                  "folder as a PNG, SVG or PDF picture with its title and "
                                  "legend, without a display."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);

  job.expand_to = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    goto usage;
  job.expand_to = expand_to;
  if (inputs == NULL || inputs[0] == NULL || inputs[1] != NULL || output == NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("one FILE or DIR and -o OUT.png|svg|pdf are needed"));
      goto usage;
    }
  if (!parse_sides (sides, &job.sides))
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--side takes npu, bench or both"));
      goto usage;
    }
  if (!(job.scale > 0 && job.scale <= 16))
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--scale takes a number above 0 and up to 16"));
      goto usage;
    }
  if (!pick_expansion (&job, all, depth, errors, &error))
    goto usage;

  job.input = inputs[0];
  job.output = output;
  job.overflow = overflow;
  job.force = force;
  if (!msvis_export_job_run (&job, quiet ? NULL : print_progress, NULL, NULL, &error))
    {
      g_printerr ("msvis export: %s\n", error->message);
      return 1;
    }
  g_print ("%s\n", output);
  return 0;

usage:
  g_printerr ("msvis export: %s\n", error->message);
  return 2;
}

int
msvis_command_line_report (int    argc,
                           char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  g_auto(GStrv) inputs = NULL;
  gint step = -1, rank = -1;
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The report to write: .md, .html or .csv"), N_("FILE") },
    { "step", 0, 0, G_OPTION_ARG_INT, &step, N_("The step to report (default: the first)"),
      N_("N") },
    { "rank", 0, 0, G_OPTION_ARG_INT, &rank, N_("The rank to report (default: the first)"),
      N_("N") },
    MSVIS_FORCE_OPTION (force),
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &inputs, NULL, N_("FILE|DIR") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
                                _("Writes what a compare found: the summary, then every "
                                  "suspicious node in dump order with its worst metric, its "
                                  "Bench counterpart and its call stack; an HTML report also "
                                  "shows pictures of the worst nodes."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    goto usage;
  if (inputs == NULL || inputs[0] == NULL || inputs[1] != NULL || output == NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("one FILE or DIR and -o OUT.md|html|csv are needed"));
      goto usage;
    }
  if (!msvis_report_job_run (inputs[0], output, step, rank,
                             force ? MSVIS_SAFE_FILE_REPLACE : MSVIS_SAFE_FILE_DEFAULT, NULL,
                             &error))
    {
      g_printerr ("msvis report: %s\n", error->message);
      return 1;
    }
  g_print ("%s\n", output);
  return 0;

usage:
  g_printerr ("msvis report: %s\n", error->message);
  return 2;
}
