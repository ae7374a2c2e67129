// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "msvis-visualize-args.h"
#include "msvis-visualize-help.h"

/* argparse as Python 3.11 runs it for graph_service.py's parser: every argument is first
 * classified (an option, by exact name, name=value, or a unique prefix; else a value), which
 * is where an ambiguous prefix fails, whatever its position; then options take their values
 * by nargs; values left over are "unrecognized arguments". */

typedef enum { OPT_STR, OPT_FLAG, OPT_OPTIONAL, OPT_INTS, OPT_STRS, OPT_CHOICE, OPT_HELP } OptKind;

typedef struct
{
  const char *short_name;
  const char *long_name;
  OptKind     kind;
  gsize       offset;
} Opt;

#define AT(member) G_STRUCT_OFFSET (MsvisVisualizeArgs, member)

static const Opt opts[] = {
  { "-h", "--help", OPT_HELP, AT (help) },
  { "-tp", "--target_path", OPT_STR, AT (target_path) },
  { "-o", "--output_path", OPT_STR, AT (output_path) },
  { "-gp", "--golden_path", OPT_STR, AT (golden_path) },
  { "-lm", "--layer_mapping", OPT_OPTIONAL, AT (layer_mapping) },
  { "-oc", "--overflow_check", OPT_FLAG, AT (overflow_check) },
  { "-fm", "--fuzzy_match", OPT_FLAG, AT (fuzzy_match) },
  { "-tensor_log", "--is_print_compare_log", OPT_FLAG, AT (tensor_log) },
  { "-progress_log", "--is_print_progress_log", OPT_FLAG, AT (progress_log) },
  { NULL, "--rank_size", OPT_INTS, AT (rank_size) },
  { NULL, "--tp", OPT_INTS, AT (tp) },
  { NULL, "--pp", OPT_INTS, AT (pp) },
  { NULL, "--vpp", OPT_INTS, AT (vpp) },
  { NULL, "--order", OPT_STRS, AT (order) },
  { NULL, "--file_type", OPT_CHOICE, AT (file_type) },
  { NULL, "--rank", OPT_STR, AT (rank_select) },
  { NULL, "--step", OPT_STR, AT (step_select) },
};

typedef struct
{
  const Opt  *opt;        /* NULL: a value, or an unknown option */
  const char *name;       /* the option name as matched */
  const char *explicit;   /* the value glued to it, or NULL */
  gboolean    unknown;    /* looks like an option but is none: extra */
} Arg;

static gboolean
is_negative_number (const char *arg)
{
  return g_regex_match_simple ("^-\\d+$|^-\\d*\\.\\d+$", arg, 0, 0);
}

static void
add_match (GPtrArray  *matches,
           const Opt  *opt,
           const char *name,
           const char *explicit,
           Arg        *found)
{
  found->opt = opt;
  found->name = name;
  found->explicit = explicit;
  g_ptr_array_add (matches, (gpointer)name);
}

/* _parse_optional and _get_option_tuples. */
static gboolean
classify (const char  *arg,
          Arg         *out,
          char       **message)
{
  g_autoptr(GPtrArray) matches = g_ptr_array_new ();
  g_autofree char *prefix = NULL;
  const char *eq;

  *out = (Arg) { 0 };
  if (arg[0] != '-' || arg[1] == '\0')
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (opts); i++)
    if (g_strcmp0 (arg, opts[i].short_name) == 0 || strcmp (arg, opts[i].long_name) == 0)
      {
        out->opt = &opts[i];
        out->name = arg;
        return TRUE;
      }
  eq = strchr (arg, '=');
  prefix = eq ? g_strndup (arg, eq - arg) : g_strdup (arg);
  for (guint i = 0; eq && i < G_N_ELEMENTS (opts); i++)
    if (g_strcmp0 (prefix, opts[i].short_name) == 0 || strcmp (prefix, opts[i].long_name) == 0)
      {
        *out = (Arg) { &opts[i], opts[i].long_name, eq + 1 };
        return TRUE;
      }

  for (guint i = 0; i < G_N_ELEMENTS (opts); i++)
    {
      const char *names[] = { opts[i].short_name, opts[i].long_name };

      for (guint j = 0; j < 2; j++)
        {
          const char *name = names[j];

          if (name == NULL)
            continue;
          if (arg[1] == '-')
            {
              if (g_str_has_prefix (name, prefix))
                add_match (matches, &opts[i], name, eq ? eq + 1 : NULL, out);
            }
          else if (strlen (name) == 2 && strncmp (arg, name, 2) == 0)
            add_match (matches, &opts[i], name, arg + 2, out);
          else if (g_str_has_prefix (name, arg))
            add_match (matches, &opts[i], name, NULL, out);
        }
    }
  if (matches->len > 1)
    {
      g_autofree char *names = NULL;

      g_ptr_array_add (matches, NULL);
      names = g_strjoinv (", ", (char **)matches->pdata);
      *message = g_strdup_printf (_("ambiguous option: %s could match %s"), arg, names);
      return FALSE;
    }
  if (matches->len == 1)
    return TRUE;
  out->opt = NULL;
  if (!is_negative_number (arg) && strchr (arg, ' ') == NULL)
    out->unknown = TRUE;
  return TRUE;
}

static gboolean
to_int (const char  *text,
        int         *value)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  char *end;
  gint64 v;

  errno = 0;
  v = g_ascii_strtoll (stripped, &end, 10);
  if (stripped[0] == '\0' || *end != '\0' || errno != 0 || v < G_MININT || v > G_MAXINT)
    return FALSE;
  *value = (int)v;
  return TRUE;
}

/* Stores the values an option took. */
static gboolean
store (MsvisVisualizeArgs  *args,
       const Arg           *a,
       const char *const   *values,
       guint                n,
       char               **message)
{
  gpointer field = G_STRUCT_MEMBER_P (args, a->opt->offset);
  const char *names = a->opt->short_name ? a->opt->short_name : a->opt->long_name;

  switch (a->opt->kind)
    {
    case OPT_STR:
    case OPT_CHOICE:
      if (a->opt->kind == OPT_CHOICE && strcmp (values[0], "db") != 0 &&
          strcmp (values[0], "json") != 0)
        {
          *message = g_strdup_printf (_("argument %s: invalid choice: '%s' (choose from 'db', "
                                        "'json')"), names, values[0]);
          return FALSE;
        }
      g_free (*(char **)field);
      *(char **)field = g_strdup (values[0]);
      return TRUE;
    case OPT_OPTIONAL:
      args->layer_mapping_set = TRUE;
      g_free (args->layer_mapping);
      args->layer_mapping = n > 0 ? g_strdup (values[0]) : NULL;
      return TRUE;
    case OPT_INTS:
      {
        GArray *list = g_array_new (FALSE, FALSE, sizeof (int));

        for (guint i = 0; i < n; i++)
          {
            int v;

            if (!to_int (values[i], &v))
              {
                *message = g_strdup_printf (_("argument %s: invalid int value: '%s'"),
                                            a->opt->long_name, values[i]);
                g_array_unref (list);
                return FALSE;
              }
            g_array_append_val (list, v);
          }
        g_clear_pointer ((GArray **)field, g_array_unref);
        *(GArray **)field = list;
        return TRUE;
      }
    case OPT_STRS:
      g_clear_pointer (&args->order, g_ptr_array_unref);
      args->order = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < n; i++)
        g_ptr_array_add (args->order, g_strdup (values[i]));
      return TRUE;
    case OPT_FLAG:
    case OPT_HELP:
    default:
      *(gboolean *)field = TRUE;
      return TRUE;
    }
}

static gboolean
consume (MsvisVisualizeArgs  *args,
         const Arg           *a,
         char               **argv,
         const Arg           *classes,
         int                  argc,
         int                 *i,
         char               **message)
{
  const Opt *opt = a->opt;
  g_autoptr(GPtrArray) values = g_ptr_array_new ();
  gboolean takes_none = opt->kind == OPT_FLAG || opt->kind == OPT_HELP;
  gboolean takes_many = opt->kind == OPT_INTS || opt->kind == OPT_STRS;
  g_autofree char *both = opt->short_name
    ? g_strdup_printf ("%s/%s", opt->short_name, opt->long_name) : g_strdup (opt->long_name);

  if (a->explicit != NULL)
    {
      if (takes_none)
        {
          *message = g_strdup_printf (_("argument %s: ignored explicit argument '%s'"), both,
                                      a->explicit);
          return FALSE;
        }
      g_ptr_array_add (values, (gpointer)a->explicit);
    }
  else if (!takes_none)
    {
      while (*i + 1 < argc && classes[*i + 1].opt == NULL && !classes[*i + 1].unknown &&
             strcmp (argv[*i + 1], "--") != 0 && (takes_many || values->len == 0))
        g_ptr_array_add (values, argv[++*i]);
      if (values->len == 0 && opt->kind != OPT_OPTIONAL)
        {
          *message = takes_many
            ? g_strdup_printf (_("argument %s: expected at least one argument"), both)
            : g_strdup_printf (_("argument %s: expected one argument"), both);
          return FALSE;
        }
    }
  return store (args, a, (const char *const *)values->pdata, values->len, message);
}

/**
 * msvis_visualize_args_parse:
 * @message: (out): set to argparse's error text when the arguments are refused
 *
 * Returns: %FALSE if argparse would exit with status 2
 */
gboolean
msvis_visualize_args_parse (MsvisVisualizeArgs  *args,
                            int                  argc,
                            char               **argv,
                            char               **message)
{
  g_autofree Arg *classes = g_new0 (Arg, MAX (argc, 1));
  g_autoptr(GPtrArray) extras = g_ptr_array_new ();
  gboolean rest_are_values = FALSE;

  *args = (MsvisVisualizeArgs) { 0 };
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      if (!classify (argv[i], &classes[i], message))
        return FALSE;
    }
  for (int i = 1; i < argc; i++)
    {
      /* Python 3.11 keeps the "--" among the unrecognized arguments: no positional takes it. */
      if (!rest_are_values && strcmp (argv[i], "--") == 0)
        {
          rest_are_values = TRUE;
          g_ptr_array_add (extras, argv[i]);
        }
      else if (!rest_are_values && classes[i].opt != NULL)
        {
          if (!consume (args, &classes[i], argv, classes, argc, &i, message))
            return FALSE;
          if (args->help)
            return TRUE;
        }
      else
        g_ptr_array_add (extras, argv[i]);
    }

  if (args->target_path == NULL || args->output_path == NULL)
    {
      *message = g_strdup_printf (_("the following arguments are required: %s"),
                                  args->target_path == NULL
                                    ? (args->output_path == NULL
                                         ? "-tp/--target_path, -o/--output_path"
                                         : "-tp/--target_path")
                                    : "-o/--output_path");
      return FALSE;
    }
  if (extras->len > 0)
    {
      g_autofree char *joined = NULL;

      g_ptr_array_add (extras, NULL);
      joined = g_strjoinv (" ", (char **)extras->pdata);
      *message = g_strdup_printf (_("unrecognized arguments: %s"), joined);
      return FALSE;
    }
  if (args->vpp == NULL)
    {
      int one = 1;

      args->vpp = g_array_new (FALSE, FALSE, sizeof (int));
      g_array_append_val (args->vpp, one);
    }
  if (args->order == NULL)
    {
      args->order = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (args->order, g_strdup ("tp-cp-ep-dp-pp"));
    }
  if (args->file_type == NULL)
    args->file_type = g_strdup ("db");
  return TRUE;
}

void
msvis_visualize_args_clear (MsvisVisualizeArgs *args)
{
  g_free (args->target_path);
  g_free (args->output_path);
  g_free (args->golden_path);
  g_free (args->layer_mapping);
  g_clear_pointer (&args->rank_size, g_array_unref);
  g_clear_pointer (&args->tp, g_array_unref);
  g_clear_pointer (&args->pp, g_array_unref);
  g_clear_pointer (&args->vpp, g_array_unref);
  g_clear_pointer (&args->order, g_ptr_array_unref);
  g_free (args->file_type);
  g_free (args->rank_select);
  g_free (args->step_select);
}

void
msvis_visualize_args_print_help (void)
{
  g_autofree char *text = msvis_visualize_help_text ();

  g_print ("%s", text);
}
