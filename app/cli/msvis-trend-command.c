// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <gio/gio.h>

#include "msvis-command-line.h"
#include "msvis-trend.h"

/* msvis trend: msprobe's data2db (docs/trend-2026.md § 1), with its arguments and exit
 * statuses: 0 done or nothing found, 2 a usage error, 1 any other failure. */

#define MAX_PROCESS_NUM 128

static const char *const long_options[] = {
  "db", "data", "format", "mapping", "micro_step", "process_num", "help", NULL
};

/* argparse takes an unambiguous prefix of a long option (--micro for --micro_step). */
static gboolean
expand_prefixes (int        argc,
                 char     **argv,
                 GStrv     *out,
                 GError   **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (int i = 0; i < argc; i++)
    {
      const char *arg = argv[i];
      const char *eq = strchr (arg, '=');
      gsize len = eq != NULL ? (gsize)(eq - arg) : strlen (arg);
      const char *match = NULL;
      guint n_matches = 0;

      if (i == 0 || !g_str_has_prefix (arg, "--") || len == 2)
        {
          g_strv_builder_add (builder, arg);
          continue;
        }
      for (guint k = 0; long_options[k] != NULL; k++)
        {
          gboolean prefix = strncmp (arg + 2, long_options[k], len - 2) == 0;

          if (prefix && strlen (long_options[k]) == len - 2)
            {
              match = long_options[k];
              n_matches = 1;
              break;
            }
          if (prefix)
            {
              match = long_options[k];
              n_matches++;
            }
        }
      if (n_matches > 1)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* translators: a command-line option */
                       _("ambiguous option: %.*s"), (int)len, arg);
          return FALSE;
        }
      if (match == NULL)
        g_strv_builder_add (builder, arg);
      else
        {
          g_autofree char *full = g_strconcat ("--", match, eq, NULL);

          g_strv_builder_add (builder, full);
        }
    }
  *out = g_strv_builder_end (builder);
  return TRUE;
}

/* Python's int(): surrounding whitespace, a sign, digits with single underscores between. */
static gboolean
parse_py_int (const char *text,
              gint64     *value)
{
  g_autoptr(GString) digits = g_string_new (NULL);
  const char *p = text;
  gboolean negative = FALSE;

  while (g_ascii_isspace (*p))
    p++;
  if (*p == '+' || *p == '-')
    negative = *p++ == '-';
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p) || (*p == '_' && g_ascii_isdigit (p[1])))
    {
      if (*p != '_')
        g_string_append_c (digits, *p);
      p++;
    }
  while (g_ascii_isspace (*p))
    p++;
  if (*p != '\0')
    return FALSE;
  /* anything longer is out of range anyway */
  *value = digits->len > 12 ? G_MAXINT64 : g_ascii_strtoll (digits->str, NULL, 10);
  if (negative)
    *value = -*value;
  return TRUE;
}

/* msprobe's path rules (§ 1.1 rows 2, 3): plain characters in the real path, bounded lengths. */
static gboolean
check_path_text (const char  *path,
                 GError     **error)
{
  g_autofree char *base = g_path_get_basename (path);

  for (const char *p = path; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && strchr ("_.:/-", *p) == NULL)
      {
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                     /* translators: a file path */
                     _("%s: the path contains characters other than letters, digits and _.:/-"),
                     path);
        return FALSE;
      }
  if (strlen (path) > 4096 || strlen (base) > 255)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FILENAME_TOO_LONG,
                   _("%s: the path is too long"), path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
check_data_dir (const char  *data,
                GError     **error)
{
  g_autofree char *real = NULL;

  if (!g_file_test (data, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   /* translators: a file path */
                   _("%s does not exist"), data);
      return FALSE;
    }
  if (!g_file_test (data, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY,
                   _("%s is not a directory"), data);
      return FALSE;
    }
  real = realpath (data, NULL);
  if (real == NULL || !check_path_text (real, error))
    {
      if (real == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", data, g_strerror (errno));
      return FALSE;
    }
  if (access (real, W_OK) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("%s is not writable"), data);
      return FALSE;
    }
  return TRUE;
}

static gboolean
make_db_dir (const char  *db,
             GError     **error)
{
  g_autofree char *absolute = g_canonicalize_filename (db, NULL);

  if (!check_path_text (absolute, error))
    return FALSE;
  if (g_mkdir_with_parents (absolute, 0750) != 0 || !g_file_test (absolute, G_FILE_TEST_IS_DIR))
    {
      int saved_errno = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   /* translators: a folder path, then the system's reason */
                   _("cannot create %s: %s"), absolute,
                   g_file_test (absolute, G_FILE_TEST_EXISTS) ? g_strerror (EEXIST)
                                                              : g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}

static void
print_message (const char *message,
               gpointer    user_data)
{
  g_printerr ("msvis trend: %s\n", message);
}

static int
usage_error (const char *message)
{
  g_printerr ("msvis trend: %s\n", message);
  return 2;
}

typedef struct
{
  char *db, *data, *format, *mapping, *micro_step, *process_num;
} Arguments;

static void
arguments_clear (Arguments *a)
{
  g_free (a->db);
  g_free (a->data);
  g_free (a->format);
  g_free (a->mapping);
  g_free (a->micro_step);
  g_free (a->process_num);
}

/* § 1.2: the dump importer, then the monitor one, as --format asks. */
static int
run (const Arguments   *a,
     MsvisTrendOptions *options,
     gint64             process_num)
{
  g_autoptr(GError) error = NULL;
  gboolean dump = strcmp (a->format, "monitor") != 0;
  gboolean monitor = strcmp (a->format, "dump") != 0;

  if (!make_db_dir (a->db, &error))
    {
      g_printerr ("msvis trend: %s\n", error->message);
      return 1;
    }
  if (process_num < 1 || process_num > MAX_PROCESS_NUM)
    {
      g_printerr ("msvis trend: %s\n", _("--process_num must be between 1 and 128"));
      return 1;
    }
  if (dump)
    {
      g_autofree char *written = NULL;

      if (!msvis_trend_import_dump (options, &written, print_message, NULL, &error))
        {
          g_printerr ("msvis trend: %s\n", error->message);
          return 1;
        }
      if (written != NULL)
        g_print ("%s\n", written);
    }
  if (monitor)
    {
      g_autofree char *written = NULL;

      if (!msvis_trend_import_monitor (options, &written, print_message, NULL, &error))
        {
          g_printerr ("msvis trend: %s\n", error->message);
          return 1;
        }
      if (written != NULL)
        g_print ("%s\n", written);
    }
  return 0;
}

int
msvis_command_line_trend (int    argc,
                          char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = NULL;
  g_autoptr(GPtrArray) mapping = NULL;
  Arguments a = { 0 };
  MsvisTrendOptions options = { 0 };
  gint64 process_num = 1;
  int status;
  GOptionEntry entries[] = {
    { "db", 0, 0, G_OPTION_ARG_FILENAME, &a.db,
      N_("Where dump_data.trend.db goes (created if needed)"), N_("DB_DIR") },
    { "data", 0, 0, G_OPTION_ARG_FILENAME, &a.data,
      N_("The folder of the stepN folders of a dump run"), N_("DATA_DIR") },
    { "format", 0, 0, G_OPTION_ARG_STRING, &a.format,
      N_("Which input to import: auto (default), dump or monitor"), N_("auto|dump|monitor") },
    { "mapping", 0, 0, G_OPTION_ARG_FILENAME, &a.mapping,
      N_("A JSON object of name parts to replace, in order"), N_("MAP.json") },
    { "micro_step", 0, 0, G_OPTION_ARG_STRING, &a.micro_step,
      N_("Count micro steps (default true)"), N_("true|false") },
    { "process_num", 0, 0, G_OPTION_ARG_STRING, &a.process_num,
      N_("Worker processes of the monitor import, 1 to 128 (default 1)"), N_("N") },
    { NULL }
  };

  if (!expand_prefixes (argc, argv, &args, &error))
    return usage_error (error->message);
  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
                                _("Writes the per-step, per-rank statistics of an msprobe dump "
                                  "run into dump_data.trend.db, as msprobe data2db does."));
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse_strv (context, &args, &error))
    status = usage_error (error->message);
  else if (a.db == NULL || a.data == NULL)
    status = usage_error (_("both --db DB_DIR and --data DATA_DIR are needed"));
  else if (a.format != NULL && strcmp (a.format, "auto") != 0 &&
           strcmp (a.format, "dump") != 0 && strcmp (a.format, "monitor") != 0)
    status = usage_error (_("--format takes auto, dump or monitor"));
  else if (a.micro_step != NULL && strcmp (a.micro_step, "true") != 0 &&
           strcmp (a.micro_step, "false") != 0 && strcmp (a.micro_step, "True") != 0 &&
           strcmp (a.micro_step, "False") != 0)
    status = usage_error (_("--micro_step takes true, false, True or False"));
  else if (a.process_num != NULL && !parse_py_int (a.process_num, &process_num))
    status = usage_error (_("--process_num takes an integer"));
  else if (args[1] != NULL)
    status = usage_error (_("unexpected arguments"));
  else
    {
      if (a.format == NULL)
        a.format = g_strdup ("auto");
      /* § 1.1: the mapping file first, then the data folder, then the database folder */
      if (a.mapping != NULL && (mapping = msvis_trend_load_mapping (a.mapping, &error)) == NULL)
        status = 1;
      else if (!check_data_dir (a.data, &error))
        status = 1;
      else
        {
          options.data_dir = a.data;
          options.db_dir = a.db;
          options.mapping = mapping;
          options.micro_step = a.micro_step == NULL ||
                               g_ascii_strcasecmp (a.micro_step, "true") == 0;
          status = run (&a, &options, process_num);
        }
      if (error != NULL)
        g_printerr ("msvis trend: %s\n", error->message);
    }
  arguments_clear (&a);
  return status;
}
