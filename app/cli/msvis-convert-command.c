// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "msvis-command-line.h"
#include "msvis-convert-job.h"

/* `msvis convert IN OUT [--to july|8.2.1|26.0.0] [--force]`: the target's era from --to, else
 * from OUT's name (.vis: July; .vis.db: 26.0.0, what the current viewer reads). */
int
msvis_command_line_convert (int    argc,
                            char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) files = NULL;
  g_auto(GStrv) args = g_strdupv (argv);
  g_autofree char *to = NULL;
  MsvisConvertJob job = { 0 };
  GOptionEntry entries[] = {
    { "to", 0, 0, G_OPTION_ARG_STRING, &to,
      N_("The target: july (.vis), 8.2.1 or 26.0.0 (.vis.db); by default from OUT's name, "
         ".vis.db meaning 26.0.0"), N_("ERA") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &job.force,
      N_("Replace OUT if it exists (never through a symbolic link)"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &files, NULL, NULL },
    { NULL }
  };

  context = g_option_context_new (_("IN OUT — convert a result between msprobe's formats"));
  g_option_context_set_summary (context,
                                _("Converts between the July 2025 .vis, msprobe 8.2.1's .vis.db "
                                  "and mindstudio-probe 26.0.0's .vis.db where the target can "
                                  "hold the data, and says what would be lost otherwise."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse_strv (context, &args, &error))
    {
      g_printerr ("msvis convert: %s\n", error->message);
      return 2;
    }
  if (files == NULL || g_strv_length (files) != 2)
    {
      g_printerr ("msvis convert: %s\n",
                  _("give IN and OUT, e.g. msvis convert old.vis new.vis.db"));
      return 2;
    }
  job.input = files[0];
  job.output = files[1];
  if (to == NULL)
    job.to = g_str_has_suffix (job.output, ".vis.db") ? MSVIS_RESULT_DB26 : MSVIS_RESULT_JULY;
  else if (strcmp (to, "july") == 0)
    job.to = MSVIS_RESULT_JULY;
  else if (strcmp (to, "8.2.1") == 0)
    job.to = MSVIS_RESULT_DB821;
  else if (strcmp (to, "26.0.0") == 0)
    job.to = MSVIS_RESULT_DB26;
  else
    {
      /* translators: the value given to --to */
      g_printerr ("msvis convert: %s\n", _("--to takes july, 8.2.1 or 26.0.0"));
      return 2;
    }
  if (!msvis_convert_job_run (&job, &error))
    {
      g_printerr ("msvis convert: %s\n", error->message);
      return 1;
    }
  g_print ("%s\n", job.output);
  return 0;
}
