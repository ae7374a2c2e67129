// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-compare-error.h"
#include "msvis-match-db26.h"
#include "msvis-match-job.h"
#include "msvis-vis-db-probe.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-reader.h"

static gboolean
is_db (const char *path)
{
  return g_str_has_suffix (path, ".vis.db");
}

/**
 * msvis_match_open_document:
 * @step: of a .vis.db; -1: the first it holds
 *
 * Opens exactly the file named (not the newest of its run, as the viewer's sources do).
 */
MsvisVisDocument *
msvis_match_open_document (const char    *path,
                           gint           step,
                           gint           rank,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr(MsvisVisDb) db = NULL;
  g_autoptr(GArray) keys = NULL;

  if (!is_db (path))
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (path);

      return msvis_vis_read (file, MSVIS_VIS_READ_DEFAULT, cancellable, error);
    }
  if ((db = msvis_vis_db_open (path, error)) == NULL ||
      (keys = msvis_vis_db_list_graphs (db, NULL, error)) == NULL)
    return NULL;
  for (guint i = 0; i < keys->len; i++)
    {
      const MsvisVisDbGraphKey *key = &g_array_index (keys, MsvisVisDbGraphKey, i);

      if ((step < 0 || key->step == step) && (rank < 0 || key->rank == rank))
        return msvis_vis_db_load (db, key->step, key->rank, cancellable, error);
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
               /* translators: %s is a file; then a step and a rank (-1: any) */
               _("%s holds no graph of step %d and rank %d"), path, step, rank);
  return NULL;
}

/* A 26.0.0 .vis.db is changed row by row, as its own viewer changes it. */
static gboolean
run_2026 (const MsvisMatchJob  *job,
          GPtrArray            *pairs,
          const char           *origin,
          MsvisMatchChange     *change,
          GError              **error)
{
  MsvisMatchDb26Job db_job = {
    .input = job->input, .output = job->output, .pairs = pairs, .origin = origin,
    .unmatch = job->unmatch, .step = job->step, .rank = job->rank, .replace = job->force,
  };

  if (!is_db (job->output))
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                   /* translators: two file names */
                   _("%s: %s is a mindstudio-probe 26.0.0 .vis.db, whose viewer reads no .vis: "
                     "save the matches as a .vis.db"), job->output, job->input);
      return FALSE;
    }
  return msvis_match_db26_run (&db_job, change, error);
}

/* Unlinks each pair of the config, which must be linked to each other. */
static gboolean
unmatch_pairs (MsvisMatchSession  *session,
               GPtrArray          *pairs,
               const char         *origin,
               MsvisMatchChange   *change,
               GError            **error)
{
  MsvisVisDocument *doc = msvis_match_session_get_document (session);
  MsvisGraph *npu = msvis_vis_document_get_npu (doc), *bench = msvis_vis_document_get_bench (doc);
  MsvisCompareResults *results = msvis_graph_get_compare_results (npu);

  *change = (MsvisMatchChange) { 0 };
  for (guint i = 0; i < pairs->len; i++)
    {
      const MsvisMatchPair *pair = g_ptr_array_index (pairs, i);
      MsvisNodeId n = msvis_graph_lookup (npu, pair->npu);
      MsvisNodeId b = msvis_graph_lookup (bench, pair->bench);
      MsvisMatchChange one = { 0 };

      if (n == MSVIS_NODE_ID_NONE || b == MSVIS_NODE_ID_NONE || results == NULL ||
          msvis_compare_results_get_link (results, n) != b)
        {
          g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                       /* translators: a file, an NPU and a Bench node name */
                       _("%s: entry “%s”: “%s”: the two nodes are not matched with each other"),
                       origin, pair->npu, pair->bench);
          return FALSE;
        }
      if (!msvis_match_session_unmatch (session, n, FALSE, &one, error))
        return FALSE;
      change->n_unlinked += one.n_unlinked;
    }
  return TRUE;
}

/**
 * msvis_match_job_run:
 * @change: (out) (optional): what the config changed
 *
 * Applies every match of the config (all or none), then writes the output whole or not at
 * all.
 */
gboolean
msvis_match_job_run (const MsvisMatchJob  *job,
                     MsvisMatchChange     *change,
                     GCancellable         *cancellable,
                     GError              **error)
{
  g_autoptr(GFile) input = g_file_new_for_commandline_arg (job->input);
  g_autoptr(GFile) config = g_file_new_for_commandline_arg (job->config);
  g_autoptr(GFile) output = g_file_new_for_commandline_arg (job->output);
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisMatchSession) session = NULL;
  g_autoptr(GPtrArray) pairs = NULL;
  g_autoptr(GPtrArray) warnings = NULL;
  g_autofree char *config_name = g_file_get_parse_name (config);
  MsvisMatchChange ignored;
  MsvisVisDbProbe probe = { FALSE, FALSE, -1 };

  if (is_db (job->output) && !is_db (job->input))
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                   /* translators: two file names */
                   _("%s: a .vis.db holds a whole run, so only a .vis.db (%s is not one) can "
                     "be saved as one; write a .vis instead"), job->output, job->input);
      return FALSE;
    }
  if (change == NULL)
    change = &ignored;
  if ((pairs = msvis_vis_config_read (config, error)) == NULL ||
      (is_db (job->input) &&
       !msvis_vis_db_probe (job->input, MSVIS_VIS_DB_PROBE_DEFAULT, &probe, error)))
    return FALSE;
  if (msvis_vis_db_probe_is_2026_compare (&probe))
    return run_2026 (job, pairs, config_name, change, error);
  if ((doc = msvis_match_open_document (job->input, job->step, job->rank, cancellable,
                                        error)) == NULL ||
      (session = msvis_match_session_new (doc, input, error)) == NULL ||
      !(job->unmatch ? unmatch_pairs (session, pairs, config_name, change, error)
                     : msvis_match_session_apply_pairs (session, pairs, config_name, change,
                                                        error)))
    return FALSE;

  warnings = msvis_match_session_take_warnings (session);
  for (guint i = 0; job->warnings != NULL && i < warnings->len; i++)
    g_ptr_array_add (job->warnings, g_strdup (g_ptr_array_index (warnings, i)));

  if (is_db (job->output))
    return msvis_match_session_save_vis_db (session, job->input, job->output, job->force,
                                            cancellable, error);
  return msvis_match_session_save_vis (session, output, job->force, cancellable, error);
}
