// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-compare-error.h"
#include "msvis-visualize-select.h"

/* graph_visualize's --rank and --step, msvis's own: read before any folder is looked at, so a
 * bad token fails at once and no output folder is made. */

/**
 * msvis_visualize_select:
 * @merge: the run merges ranks (--rank_size): a rank selection would cut a merge group
 *
 * Sets @job's selections from @args.
 */
gboolean
msvis_visualize_select (const MsvisVisualizeArgs  *args,
                        gboolean                   merge,
                        MsvisGraphJob             *job,
                        GError                   **error)
{
  MsvisSelection *ranks = NULL;
  MsvisSelection *steps = NULL;

  if (args->rank_select != NULL && merge)
    {
      g_set_error_literal (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                           _("--rank cannot be used with --rank_size: a parallel merge needs "
                             "every rank of a step; split such a run with --step"));
      return FALSE;
    }
  if ((args->rank_select != NULL || args->step_select != NULL) && merge &&
      g_strcmp0 (args->file_type, "json") == 0)
    {
      g_set_error_literal (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG,
                           _("--rank and --step select graphs of a .vis.db; they cannot be used "
                             "with --file_type json"));
      return FALSE;
    }
  if (args->rank_select != NULL &&
      (ranks = msvis_selection_parse (args->rank_select, "--rank", error)) == NULL)
    return FALSE;
  if (args->step_select != NULL &&
      (steps = msvis_selection_parse (args->step_select, "--step", error)) == NULL)
    {
      msvis_selection_free (ranks);
      return FALSE;
    }
  job->rank_selection = ranks;
  job->step_selection = steps;
  return TRUE;
}

void
msvis_visualize_select_clear (MsvisGraphJob *job)
{
  msvis_selection_free ((MsvisSelection *)job->rank_selection);
  msvis_selection_free ((MsvisSelection *)job->step_selection);
  job->rank_selection = job->step_selection = NULL;
}
