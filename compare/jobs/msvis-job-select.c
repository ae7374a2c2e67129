// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-compare-error.h"
#include "msvis-dump-layout.h"
#include "msvis-job-run.h"
#include "msvis-job-select.h"

/* The selection is checked as a whole before anything is read, so a typo in the last token of
 * a long Slurm array line fails at once instead of after hours of building. */

struct _MsvisSelection
{
  char   *text;
  GArray *ranges;   /* pairs of gint: first, last (inclusive) */
};

static gboolean
parse_number (const char *text,
              gint       *value)
{
  char *end = NULL;
  guint64 v;

  if (!g_ascii_isdigit (text[0]))
    return FALSE;
  errno = 0;
  v = g_ascii_strtoull (text, &end, 10);
  if (*end != '\0' || errno != 0 || v > G_MAXINT)
    return FALSE;
  *value = (gint)v;
  return TRUE;
}

static gboolean
parse_token (const char *token,
             gint        range[2])
{
  const char *dash = strchr (token, '-');
  g_autofree char *first = NULL;

  if (dash == NULL)
    return parse_number (token, &range[0]) && (range[1] = range[0], TRUE);
  first = g_strndup (token, dash - token);
  return parse_number (first, &range[0]) && parse_number (dash + 1, &range[1]) &&
         range[0] <= range[1];
}

/**
 * msvis_selection_parse:
 * @text: such as "0-3,8"
 * @option: "--rank" or "--step", for the messages
 *
 * Returns: (transfer full): the selection, or %NULL with @error naming the bad token
 */
MsvisSelection *
msvis_selection_parse (const char  *text,
                       const char  *option,
                       GError     **error)
{
  g_auto(GStrv) tokens = g_strsplit (text, ",", -1);
  g_autoptr(MsvisSelection) self = g_new0 (MsvisSelection, 1);

  self->text = g_strdup (text);
  self->ranges = g_array_new (FALSE, FALSE, sizeof (gint) * 2);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      g_autofree char *token = g_strstrip (g_strdup (tokens[i]));
      gint range[2];

      if (!parse_token (token, range))
        {
          g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                       /* translators: an option (--rank or --step), its token at fault, the
                        * token's position, then the whole value */
                       _("%s: “%s” (item %u of “%s”) is neither a number nor a range such as "
                         "0-3 with the first number not above the second"),
                       option, token, i + 1, text);
          return NULL;
        }
      g_array_append_vals (self->ranges, range, 1);
    }
  return g_steal_pointer (&self);
}

gboolean
msvis_selection_contains (const MsvisSelection *selection,
                          gint                  number)
{
  for (guint i = 0; i < selection->ranges->len; i++)
    {
      const gint *range = &g_array_index (selection->ranges, gint, 2 * i);

      if (number >= range[0] && number <= range[1])
        return TRUE;
    }
  return FALSE;
}

const char *
msvis_selection_get_text (const MsvisSelection *selection)
{
  return selection->text;
}

void
msvis_selection_free (MsvisSelection *selection)
{
  if (selection == NULL)
    return;
  g_free (selection->text);
  g_array_unref (selection->ranges);
  g_free (selection);
}

/**
 * msvis_job_selected:
 * @step: the step number (0 without step folders)
 * @rank: the rank number (0 without rank folders), or -1 to ask about the step alone
 *
 * Whether the job's --rank and --step let this graph be built.
 */
gboolean
msvis_job_selected (Run  *run,
                    gint  step,
                    gint  rank)
{
  const MsvisGraphJob *job = run->job;

  return (job->step_selection == NULL || msvis_selection_contains (job->step_selection, step)) &&
         (rank < 0 || job->rank_selection == NULL ||
          msvis_selection_contains (job->rank_selection, rank));
}

/**
 * msvis_job_select_names:
 * @names: rank or step folder names, filtered in place
 * @others: (nullable): the benchmark's folders paired with @names by position, filtered alike
 * @step: (nullable): the step folder @names are in, or %NULL when @names are the steps
 */
void
msvis_job_select_names (Run        *run,
                        GPtrArray  *names,
                        GPtrArray  *others,
                        const char *step,
                        gboolean    are_steps)
{
  gint step_number = step != NULL ? msvis_dump_layout_rank_number (step) : 0;

  for (guint i = names->len; i-- > 0;)
    {
      gint number = msvis_dump_layout_rank_number (g_ptr_array_index (names, i));
      gboolean keep = are_steps ? msvis_job_selected (run, number, -1)
                                : msvis_job_selected (run, step_number, number);

      if (keep)
        continue;
      g_ptr_array_remove_index (names, i);
      if (others != NULL && i < others->len)
        g_ptr_array_remove_index (others, i);
    }
}

/* A selection that built nothing is a mistake (a wrong range for this run), not an empty
 * database to merge later. */
gboolean
msvis_job_check_selection (Run         *run,
                           const char  *dump,
                           GError     **error)
{
  const MsvisGraphJob *job = run->job;

  if ((job->rank_selection == NULL && job->step_selection == NULL) || run->n_selected > 0)
    return TRUE;
  g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
               /* translators: the --rank and --step values ("all" when not given), a folder */
               _("--rank %s --step %s selects no graph of %s: check the numbers against its "
                 "rank and step folders"),
               job->rank_selection ? msvis_selection_get_text (job->rank_selection) : _("all"),
               job->step_selection ? msvis_selection_get_text (job->step_selection) : _("all"),
               dump);
  return FALSE;
}
