// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-command-line.h"
#include "msvis-match-job.h"

int
msvis_command_line_match (int    argc,
                          char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *config = NULL;
  g_autofree char *output = NULL;
  g_auto(GStrv) inputs = NULL;
  gboolean force = FALSE;
  MsvisMatchJob job = { .step = -1, .rank = -1 };
  MsvisMatchChange change = { 0 };
  GOptionEntry entries[] = {
    { "config", 'c', 0, G_OPTION_ARG_FILENAME, &config,
      N_("The matches to apply: a .vis.config of NPU and Bench node names"), N_("FILE") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Where to save the result: a .vis, or a .vis.db for a .vis.db"), N_("FILE") },
    MSVIS_FORCE_OPTION (force),
    { "unmatch", 0, 0, G_OPTION_ARG_NONE, &job.unmatch,
      N_("Unmatch the pairs the .vis.config names instead of matching them"), NULL },
    { "step", 0, 0, G_OPTION_ARG_INT, &job.step,
      N_("The step of a .vis.db to match (default: the first)"), N_("N") },
    { "rank", 0, 0, G_OPTION_ARG_INT, &job.rank,
      N_("The rank of a .vis.db to match (default: the first)"), N_("N") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &inputs, NULL, N_("FILE") },
    { NULL }
  };

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
                                _("Links the NPU and Bench nodes a .vis.config names in a "
                                  "compare (.vis or .vis.db), computes their metrics, "
                                  "precision and colours again as tb_graph_ascend’s manual "
                                  "matching does, and saves the result. Summary, md5 and "
                                  "structure compares can be matched; real-data compares "
                                  "when their tensor files are still in dump_data_dir. A "
                                  "mindstudio-probe 26.0.0 .vis.db has its rows updated as "
                                  "its own viewer updates them."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    goto usage;
  if (inputs == NULL || inputs[0] == NULL || inputs[1] != NULL || config == NULL ||
      output == NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("one FILE, --config X.vis.config and -o OUT are needed"));
      goto usage;
    }

  job.input = inputs[0];
  job.config = config;
  job.output = output;
  job.force = force;
  job.warnings = warnings;
  if (!msvis_match_job_run (&job, &change, NULL, &error))
    {
      g_printerr ("msvis match: %s\n", error->message);
      return 1;
    }
  for (guint i = 0; i < warnings->len; i++)
    g_printerr ("msvis match: %s\n", (const char *)g_ptr_array_index (warnings, i));
  if (job.unmatch)
    g_printerr (g_dngettext (GETTEXT_PACKAGE, "%u pair unmatched\n", "%u pairs unmatched\n",
                             change.n_unlinked), change.n_unlinked);
  else
    g_printerr (g_dngettext (GETTEXT_PACKAGE, "%u pair matched\n", "%u pairs matched\n",
                             change.n_linked), change.n_linked);
  g_print ("%s\n", output);
  return 0;

usage:
  g_printerr ("msvis match: %s\n", error->message);
  return 2;
}
