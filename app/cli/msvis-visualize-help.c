// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "msvis-visualize-help.h"

/* argparse.HelpFormatter of Python 3.11 (_format_usage, _format_action, textwrap.wrap) for
 * this one parser: the words, option names, metavars and groups are msprobe's, so a user's
 * habits and scripts carry over. Widths count terminal columns, which for English text are
 * argparse's characters. */

#define PROG "msvis graph_visualize"

typedef struct
{
  const char *invocation;
  const char *usage;       /* its part of the usage line; NULL: the invocation in [] */
  const char *help;
} Action;

typedef struct
{
  const char   *title;
  const char   *description;
  const Action *actions;
  guint         n_actions;
} Group;

static const Action options[] = {
  { "-h, --help", "[-h]", N_("show this help message and exit") },
  { "-tp TARGET_PATH, --target_path TARGET_PATH", "-tp TARGET_PATH",
    N_("<Required> The target path.") },
  { "-o OUTPUT_PATH, --output_path OUTPUT_PATH", "-o OUTPUT_PATH",
    N_("<Required> The visualization task result out path.") },
  { "-gp GOLDEN_PATH, --golden_path GOLDEN_PATH", "[-gp GOLDEN_PATH]",
    N_("<Optional> The golden path.") },
  { "-lm [LAYER_MAPPING], --layer_mapping [LAYER_MAPPING]", "[-lm [LAYER_MAPPING]]",
    N_("<Optional> The layer mapping file path.") },
  { "-oc, --overflow_check", "[-oc]", N_("<Optional> whether open overflow_check for graph.") },
  { "-fm, --fuzzy_match", "[-fm]",
    N_("<Optional> whether to perform a fuzzy match on the api name.") },
  { "-tensor_log, --is_print_compare_log", "[-tensor_log]",
    N_("<Optional> whether print tensor compare log for visualization task.") },
  { "-progress_log, --is_print_progress_log", "[-progress_log]",
    N_("<Optional> whether print progress log for visualization task.") },
  { "--file_type {db,json}", NULL,
    N_("<Optional> Output file type, default is db, can be json. Only supported in graph "
       "merge build scenarios.") },
};

static const Action parallel[] = {
  { "--rank_size RANK_SIZE [RANK_SIZE ...]", NULL,
    N_("<Optional> The rank size of dump path.") },
  { "--tp TP [TP ...]", NULL,
    N_("<Optional, but required if rank_size is not empty> The tp size of dump path.") },
  { "--pp PP [PP ...]", NULL,
    N_("<Optional, but required if rank_size is not empty> The pp size of dump path.") },
  { "--vpp VPP [VPP ...]", NULL, N_("<Optional> The vpp size of dump path.") },
  { "--order ORDER [ORDER ...]", NULL, N_("<Optional> The order of dump path.") },
};

static const Action extensions[] = {
  { "--rank RANK", NULL,
    N_("<Optional> Build or compare only these ranks, such as 0-3,8. Not with --rank_size: "
       "a merge needs every rank of a step.") },
  { "--step STEP", NULL,
    N_("<Optional> Build or compare only these steps, such as 1 or 0-9.") },
};

static const Group groups[] = {
  { "options", NULL, options, G_N_ELEMENTS (options) },
  { N_("Parallel Parameters, used for graph merging under different parallel partitioning "
       "strategies"), NULL, parallel, G_N_ELEMENTS (parallel) },
  { N_("msvis extensions (msprobe has none)"),
    N_("A run split with --rank/--step over several jobs is joined with `msvis merge-db "
       "A.vis.db B.vis.db ... -o RUN.vis.db`."), extensions, G_N_ELEMENTS (extensions) },
};

/* The usage parts in the order the parser adds the options (file_type after the group). */
static const Action *const usage_order[] = {
  &options[0], &options[1], &options[2], &options[3], &options[4], &options[5], &options[6],
  &options[7], &options[8], &parallel[0], &parallel[1], &parallel[2], &parallel[3],
  &parallel[4], &options[9], &extensions[0], &extensions[1],
};

/* shutil.get_terminal_size().columns - 2, as HelpFormatter takes it. */
static int
help_width (void)
{
  const char *columns = g_getenv ("COLUMNS");
  struct winsize size;
  int n = columns != NULL ? atoi (columns) : 0;

  if (n <= 0 && ioctl (STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0)
    n = size.ws_col;
  if (n <= 0)
    n = 80;
  return n - 2;
}

/* The terminal columns @text takes (@bytes, or all of it if -1): East Asian wide letters
 * two. */
int
msvis_visualize_columns_of (const char *text,
                            gssize      bytes)
{
  const char *end = bytes < 0 ? text + strlen (text) : text + bytes;
  int n = 0;

  for (const char *p = text; p < end; p = g_utf8_next_char (p))
    n += g_unichar_iswide (g_utf8_get_char (p)) ? 2 : 1;
  return n;
}

static gboolean
is_letter (const char *p)
{
  gunichar c = g_utf8_get_char (p);

  return c == '_' || g_unichar_isalpha (c);
}

/* textwrap's chunks of one word: it may be broken after a hyphen that follows two letters
 * (or letter-letter) and comes before a letter ("merge-" "db"). */
static void
split_word (const char *word,
            GPtrArray  *chunks)
{
  const char *start = word;

  for (const char *p = word; *p != '\0'; p++)
    {
      const char *next = p + 1;
      gboolean after = (p - word >= 2 && is_letter (p - 1) && is_letter (p - 2)) ||
                       (p - word >= 3 && is_letter (p - 1) && p[-2] == '-' && is_letter (p - 3));

      if (*p != '-' || !after || *next == '\0')
        continue;
      if (is_letter (next) || (next[0] == '-' && next[1] != '\0' && is_letter (next + 1)))
        {
          g_ptr_array_add (chunks, g_strndup (start, next - start));
          start = next;
        }
    }
  g_ptr_array_add (chunks, g_strdup (start));
}

/* textwrap._handle_long_word: as much of @chunk as @space_left columns hold, cut after its
 * last hyphen there if it has one. Returns the length in bytes. */
static gsize
long_word_head (const char *chunk,
                int         space_left)
{
  const char *p = chunk;
  const char *hyphen = NULL;
  int used = 0;

  while (*p != '\0')
    {
      int w = g_unichar_iswide (g_utf8_get_char (p)) ? 2 : 1;

      if (used + w > space_left && used > 0)
        break;
      if (*p == '-' && p > chunk)
        hyphen = p;
      used += w;
      p = g_utf8_next_char (p);
    }
  if (hyphen != NULL && *p != '\0')
    for (const char *q = chunk; q < hyphen; q++)
      if (*q != '-')
        return hyphen + 1 - chunk;
  return p - chunk;
}

/* textwrap.wrap (text, width) after argparse collapsed the white space: chunks (words, their
 * hyphenated parts, single spaces) fill a line while they fit; a chunk wider than a whole line
 * fills what is left of the current one. */
static GPtrArray *
wrap (const char *text,
      int         width)
{
  g_auto(GStrv) words = g_strsplit_set (text, " \t\n", -1);
  g_autoptr(GPtrArray) chunks = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  guint i = 0;

  for (guint w = 0; words[w] != NULL; w++)
    if (*words[w] != '\0')
      {
        if (chunks->len > 0)
          g_ptr_array_add (chunks, g_strdup (" "));
        split_word (words[w], chunks);
      }
  while (i < chunks->len)
    {
      g_autoptr(GString) line = g_string_new (NULL);
      gboolean last_is_space = FALSE;
      int used = 0;

      if (lines->len > 0 && strcmp (chunks->pdata[i], " ") == 0)
        i++;
      while (i < chunks->len &&
             used + msvis_visualize_columns_of (chunks->pdata[i], -1) <= width)
        {
          used += msvis_visualize_columns_of (chunks->pdata[i], -1);
          last_is_space = strcmp (chunks->pdata[i], " ") == 0;
          g_string_append (line, chunks->pdata[i++]);
        }
      if (i < chunks->len && msvis_visualize_columns_of (chunks->pdata[i], -1) > width)
        {
          char *chunk = chunks->pdata[i];
          gsize head = long_word_head (chunk, MAX (width - used, 1));

          g_string_append_len (line, chunk, head);
          chunks->pdata[i] = g_strdup (chunk + head);
          g_free (chunk);
          last_is_space = FALSE;
        }
      if (last_is_space)
        g_string_truncate (line, line->len - 1);
      if (line->len > 0)
        g_ptr_array_add (lines, g_string_free (g_steal_pointer (&line), FALSE));
    }
  return lines;
}

/* _format_action: the invocation, then the help from help_position on, on the same line when
 * the invocation leaves room for it. */
static void
format_action (GString      *out,
               const Action *action,
               int           width,
               int           help_position)
{
  g_autoptr(GPtrArray) lines = wrap (_(action->help), MAX (width - help_position, 11));
  int action_width = help_position - 2 - 2;
  int length = msvis_visualize_columns_of (action->invocation, -1);

  if (length <= action_width)
    g_string_append_printf (out, "  %s%*s", action->invocation, action_width - length + 2, "");
  else
    g_string_append_printf (out, "  %s\n%*s", action->invocation, help_position, "");
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%*s%s\n", i == 0 ? 0 : help_position, "",
                            (char *)g_ptr_array_index (lines, i));
}

/* _format_usage: on one line if it fits; else the parts wrapped under the first one, or all
 * under "usage: " when the program's name takes more than three quarters of the width. */
static void
format_usage (GString *out,
              int      width)
{
  const char *prefix = "usage: ";
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  int prefix_length = strlen (prefix) + strlen (PROG);
  int one_line = prefix_length;
  gboolean under_prog = prefix_length <= 0.75 * width;
  int indent = under_prog ? prefix_length + 1 : (int)strlen (prefix);
  int used = under_prog ? prefix_length : indent - 1;
  gboolean line_empty = !under_prog;

  for (guint i = 0; i < G_N_ELEMENTS (usage_order); i++)
    {
      const Action *a = usage_order[i];
      char *part = a->usage ? g_strdup (a->usage) : g_strdup_printf ("[%s]", a->invocation);
      char *space = strchr (part, ' ');

      one_line += 1 + strlen (part);
      /* A required option and its metavar are two parts; a bracketed one is one. */
      if (part[0] != '[' && space != NULL)
        {
          g_ptr_array_add (parts, g_strndup (part, space - part));
          g_ptr_array_add (parts, g_strdup (space + 1));
          g_free (part);
        }
      else
        g_ptr_array_add (parts, part);
    }
  g_string_append_printf (out, "%s%s", prefix, PROG);
  if (one_line <= width)
    {
      for (guint i = 0; i < parts->len; i++)
        g_string_append_printf (out, " %s", (char *)g_ptr_array_index (parts, i));
      g_string_append_c (out, '\n');
      return;
    }
  if (!under_prog)
    g_string_append_printf (out, "\n%*s", indent, "");
  for (guint i = 0; i < parts->len; i++)
    {
      const char *part = g_ptr_array_index (parts, i);
      int length = strlen (part);

      if (used + 1 + length > width && !line_empty)
        {
          g_string_append_printf (out, "\n%*s", indent, "");
          used = indent - 1;
          line_empty = TRUE;
        }
      g_string_append_printf (out, line_empty ? "%s" : " %s", part);
      used += length + 1;
      line_empty = FALSE;
    }
  g_string_append_c (out, '\n');
}

char *
msvis_visualize_usage_text (void)
{
  GString *out = g_string_new (NULL);

  format_usage (out, help_width ());
  return g_string_free (out, FALSE);
}

/* format_help: the usage, then each group under its title (its description first), the
 * help of every option starting in the same column. */
char *
msvis_visualize_help_text (void)
{
  GString *out = g_string_new (NULL);
  int width = help_width ();
  int max_help_position = MIN (24, MAX (width - 20, 4));
  int longest = 0;

  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    for (guint i = 0; i < groups[g].n_actions; i++)
      longest = MAX (longest,
                     msvis_visualize_columns_of (groups[g].actions[i].invocation, -1) + 2);
  format_usage (out, width);
  for (guint g = 0; g < G_N_ELEMENTS (groups); g++)
    {
      const Group *group = &groups[g];

      /* argparse's own heading is never translated. */
      g_string_append_printf (out, "\n%s:\n", g == 0 ? group->title : _(group->title));
      if (group->description != NULL)
        {
          /* textwrap.fill counts the indent in the width. */
          g_autoptr(GPtrArray) lines = wrap (_(group->description), MAX (width - 2, 11) - 2);

          for (guint i = 0; i < lines->len; i++)
            g_string_append_printf (out, "  %s\n", (char *)g_ptr_array_index (lines, i));
          g_string_append_c (out, '\n');
        }
      for (guint i = 0; i < group->n_actions; i++)
        format_action (out, &group->actions[i], width, MIN (longest + 2, max_help_position));
    }
  return g_string_free (out, FALSE);
}
