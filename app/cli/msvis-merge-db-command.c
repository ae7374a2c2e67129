// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-command-line.h"
#include "msvis-vis-db26-merge.h"

/* `msvis merge-db A.vis.db B.vis.db … -o RUN.vis.db`: the shards of a run split with
 * graph_visualize's --rank/--step, joined into the file the unsplit run writes. */
int
msvis_command_line_merge_db (int    argc,
                             char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *output = NULL;
  g_auto(GStrv) inputs = NULL;
  g_auto(GStrv) args = g_strdupv (argv);
  gboolean force = FALSE;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The joined .vis.db (never replaced without --force)"), N_("FILE") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Replace FILE if it exists (never through a symbolic link)"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &inputs, NULL, NULL },
    { NULL }
  };

  context = g_option_context_new (_("SHARD.vis.db… — join the shards of one run"));
  g_option_context_set_summary (context,
                                _("Joins the .vis.db files of one graph_visualize run split "
                                  "with --rank or --step into the file the unsplit run writes, "
                                  "and links the communication nodes of all ranks again."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse_strv (context, &args, &error))
    {
      g_printerr ("msvis merge-db: %s\n", error->message);
      return 2;
    }
  if (output == NULL || inputs == NULL || inputs[0] == NULL)
    {
      g_printerr ("msvis merge-db: %s\n",
                  _("give the shards and -o RUN.vis.db, e.g. msvis merge-db a.vis.db b.vis.db "
                    "-o run.vis.db"));
      return 2;
    }
  if (!msvis_vis_db26_merge ((const char *const *)inputs, g_strv_length (inputs), output, force,
                             &error))
    {
      g_printerr ("msvis merge-db: %s\n", error->message);
      return 1;
    }
  g_print ("%s\n", output);
  return 0;
}
