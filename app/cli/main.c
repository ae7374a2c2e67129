// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gi18n.h>
#include <gmodule.h>

#include "msvis-command-line.h"
#include "msvis-desktop-module.h"
#include "msvis-language-choice.h"

static void
print_usage (void)
{
  g_print ("%s\n\n  msvis [FILE|DIR …]"
           "\n  msvis graph -i COMPARE_JSON -o OUTPUT_DIR [-oc] [-cs] [-f] [-lm [YAML]]"
           "\n  msvis graph_visualize -tp TARGET -o OUTPUT [-gp GOLDEN] [-lm [YAML]] [-oc] [-fm]"
           " [--rank_size N [M]] [--tp T [T2]] [--pp P [P2]] [--vpp V [V2]]"
           " [--rank LIST] [--step LIST]"
           "\n  msvis merge-db SHARD.vis.db … -o RUN.vis.db [--force]"
           "\n  msvis convert IN OUT [--to july|8.2.1|26.0.0] [--force]"
           "\n  msvis export FILE|DIR -o OUT.{png,svg,pdf} [--side npu|bench|both]"
           " [--expand-all | --depth N | --expand-to NODE | --errors]"
           "\n  msvis report FILE|DIR -o OUT.{md,html,csv}"
           "\n  msvis match FILE --config X.vis.config -o OUT [--force]"
           "\n  msvis inspect [--json] FILE|DIR"
           "\n  msvis trend --db DB_DIR --data DATA_DIR [--format auto|dump|monitor]"
           " [--mapping MAP.json] [--micro_step true|false] [--process_num N]"
           "\n\n%s\n%s\n%s\n%s\n%s\n%s\n%s\n",
           _("Usage:"),
           _("graph builds the model-hierarchy graph of an msprobe dump, or compares an NPU "
             "dump with a benchmark dump, and writes .vis files with the same bytes msprobe's "
             "graph command writes."),
           _("Without a command, msvis opens its window on the given .vis or .vis.db files, "
             "folders of results or dump folders."),
           _("export draws a result or a dump folder as a PNG, SVG or PDF picture, without a "
             "display."),
           _("report writes what a compare found: the summary and every suspicious node."),
           _("match applies the node matches of a .vis.config to a compare and saves it, "
             "with metrics and colours computed again."),
           _("trend writes the statistics of a dump run by step, rank and module into "
             "dump_data.trend.db, as msprobe's data2db does."),
           _("inspect says what a .vis or .vis.db file, or a folder of them, holds. "
             "Run “msvis COMMAND --help” for the options."));
}

static const char *
locale_dir (void)
{
  g_autofree char *installed = g_build_filename (LOCALEDIR, "zh_CN", "LC_MESSAGES",
                                                 GETTEXT_PACKAGE ".mo", NULL);

  if (!g_file_test (installed, G_FILE_TEST_EXISTS) && g_file_test (BUILD_LOCALEDIR,
                                                                     G_FILE_TEST_IS_DIR))
    return BUILD_LOCALEDIR;
  return LOCALEDIR;
}

/* LANG=zh_CN.UTF-8 on a machine without that locale generated (most containers on Ascend
 * hosts): setlocale() fails, the C locale stays, and gettext, which ignores the language in
 * the C locale, leaves every message English. The messages only need the language, which
 * LANGUAGE gives in any locale but C: so C.UTF-8 (in every glibc since 2.35) and the
 * language the user asked for, unless LANGUAGE already names one. The environment, not just
 * this process's locale, so that GTK's own setlocale() in the window agrees. */
static void
use_language_without_locale (void)
{
  const char *names[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
  const char *language = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (names) && language == NULL; i++)
    {
      const char *value = g_getenv (names[i]);

      if (value != NULL && value[0] != '\0')
        language = value;
    }
  if (language == NULL || setlocale (LC_ALL, "C.UTF-8") == NULL)
    return;
  if (g_getenv ("LANGUAGE") == NULL || g_getenv ("LANGUAGE")[0] == '\0')
    {
      /* "zh_CN", not "zh_CN.UTF-8": Pango too reads LANGUAGE, to pick Chinese glyphs. */
      g_autofree char *name = g_strndup (language, strcspn (language, ".@"));

      g_setenv ("LANGUAGE", name, TRUE);
    }
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
}

/* The module next to the executable (in the build tree), else where an installation puts it
 * relative to the executable (a moved installation keeps working), else its configured place. */
static char *
desktop_module_path (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *dir = exe ? g_path_get_dirname (exe) : NULL;

  if (dir != NULL)
    {
      const char *places[] = { ".", MODULEDIR_FROM_BINDIR };

      for (guint i = 0; i < G_N_ELEMENTS (places); i++)
        {
          g_autofree char *path = g_build_filename (dir, places[i], DESKTOP_MODULE_FILE, NULL);

          if (g_file_test (path, G_FILE_TEST_EXISTS))
            return g_steal_pointer (&path);
        }
    }
  return g_build_filename (MODULEDIR, DESKTOP_MODULE_FILE, NULL);
}

/* The commands that draw live in a module (see msvis-desktop-module.c). */
static int
run_desktop (const char  *entry_name,
             int          argc,
             char       **argv)
{
  g_autofree char *path = desktop_module_path ();
  GModule *module = g_module_open (path, G_MODULE_BIND_LOCAL);
  gpointer entry = NULL;

  if (module == NULL || !g_module_symbol (module, entry_name, &entry))
    {
      /* translators: %s is a file name, then the system's reason */
      g_printerr (_("msvis: its window and drawing part %s could not be loaded: %s\n"
                    "Build or install msvis again.\n"), path, g_module_error ());
      return 1;
    }
  /* GTK's types and the application outlive the call; the module stays. */
  g_module_make_resident (module);
  return ((MsvisDesktopEntry)entry) (argc, argv);
}

int
main (int   argc,
      char *argv[])
{
  /* Messages follow the user's language, or the one chosen in the window's menu; numbers in
   * files never follow the locale (the readers and writers use the C locale explicitly). */
  msvis_language_choice_apply ();
  if (setlocale (LC_ALL, "") == NULL)
    use_language_without_locale ();
  bindtextdomain (GETTEXT_PACKAGE, locale_dir ());
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc >= 2 && strcmp (argv[1], "graph") == 0)
    return msvis_command_line_graph (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "graph_visualize") == 0)
    return msvis_command_line_graph_visualize (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "convert") == 0)
    return msvis_command_line_convert (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "merge-db") == 0)
    return msvis_command_line_merge_db (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "export") == 0)
    return run_desktop ("msvis_desktop_export", argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "report") == 0)
    return run_desktop ("msvis_desktop_report", argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "match") == 0)
    return msvis_command_line_match (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "inspect") == 0)
    return msvis_command_line_inspect (argc - 1, argv + 1);
  if (argc >= 2 && strcmp (argv[1], "trend") == 0)
    return msvis_command_line_trend (argc - 1, argv + 1);

  if (argc >= 2 && (strcmp (argv[1], "--version") == 0))
    {
      g_print ("msvis %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (argc < 2 || (strcmp (argv[1], "--help") != 0 && strcmp (argv[1], "-h") != 0))
    return run_desktop ("msvis_desktop_open", argc, argv);

  print_usage ();
  return argc >= 2 && (strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0) ? 0 : 2;
}
