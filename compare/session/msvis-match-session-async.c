// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-match-session-async.h"
#include "msvis-match-session-private.h"

/* An edit run twice: once to learn which tensor files it compares (put back at once), and
 * once, after a worker read them, for real. The link logic does not depend on the metrics,
 * so both runs make the same pairs and ask for the same files. */

typedef struct
{
  gboolean          apply;         /* apply_pairs, else match */
  MsvisNodeId       npu;
  MsvisNodeId       bench;
  gboolean          descendants;
  GPtrArray        *pairs;
  char             *origin;
  MsvisTensorReads *reads;
  gboolean          done;          /* made at once: nothing to read */
  MsvisMatchChange  change;
} Op;

static void
op_free (gpointer data)
{
  Op *op = data;

  g_clear_pointer (&op->pairs, g_ptr_array_unref);
  g_free (op->origin);
  g_clear_pointer (&op->reads, msvis_tensor_reads_unref);
  g_free (op);
}

static gboolean
run_op (MsvisMatchSession  *self,
        Op                 *op,
        MsvisTensorReads   *reads,
        MsvisMatchChange   *change,
        GError            **error)
{
  gboolean ok;

  self->reads = reads;
  ok = op->apply ? msvis_match_session_apply_pairs (self, op->pairs, op->origin, change, error)
                 : msvis_match_session_match (self, op->npu, op->bench, op->descendants,
                                              change, error);
  self->reads = NULL;
  return ok;
}

static void
read_in_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  Op *op = data;
  GError *error = NULL;

  if (msvis_tensor_reads_run (op->reads, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static gboolean
start (MsvisMatchSession   *self,
       Op                  *op,
       GCancellable        *cancellable,
       GAsyncReadyCallback  callback,
       gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  GError *error = NULL;
  MsvisMatchChange change;
  gboolean ok;

  g_task_set_source_tag (task, start);
  g_task_set_task_data (task, op, op_free);
  op->reads = msvis_tensor_reads_new ();
  /* Only a 26.0.0 real-data match reads tensor files while it edits (_compare_2026). */
  if (self->era_2026 && self->mode == MSVIS_COMPARE_REAL_DATA)
    {
      self->planning = TRUE;
      ok = run_op (self, op, op->reads, &change, &error);
      self->planning = FALSE;
      if (!ok)
        {
          g_task_return_error (task, error);
          return FALSE;
        }
      if (msvis_tensor_reads_get_n_pending (op->reads) > 0)
        {
          /* The worker only touches the reads, which the task holds: a cancelled edit
           * answers at once, whatever file is being read. */
          g_task_set_return_on_cancel (task, TRUE);
          g_task_run_in_thread (task, read_in_thread);
          return TRUE;
        }
    }
  op->done = TRUE;
  if (run_op (self, op, NULL, &op->change, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
  return FALSE;
}

/**
 * msvis_match_session_match_async:
 *
 * msvis_match_session_match() with the tensor files read on a worker. Errors that need no
 * file (the nodes cannot be matched) come to the callback too.
 *
 * Returns: %TRUE when tensor files are being read (the caller may show that it waits);
 *   %FALSE when the edit was made, or failed, at once
 */
gboolean
msvis_match_session_match_async (MsvisMatchSession    *self,
                                 MsvisNodeId           npu_node,
                                 MsvisNodeId           bench_node,
                                 gboolean              descendants,
                                 GCancellable         *cancellable,
                                 GAsyncReadyCallback   callback,
                                 gpointer              user_data)
{
  Op *op = g_new0 (Op, 1);

  op->npu = npu_node;
  op->bench = bench_node;
  op->descendants = descendants;
  return start (self, op, cancellable, callback, user_data);
}

/**
 * msvis_match_session_apply_pairs_async:
 * @pairs: (element-type MsvisMatchPair): as msvis_match_session_apply_pairs() takes them
 *
 * Returns: as msvis_match_session_match_async()
 */
gboolean
msvis_match_session_apply_pairs_async (MsvisMatchSession    *self,
                                       GPtrArray            *pairs,
                                       const char           *origin,
                                       GCancellable         *cancellable,
                                       GAsyncReadyCallback   callback,
                                       gpointer              user_data)
{
  Op *op = g_new0 (Op, 1);

  op->apply = TRUE;
  op->pairs = g_ptr_array_ref (pairs);
  op->origin = g_strdup (origin);
  return start (self, op, cancellable, callback, user_data);
}

/**
 * msvis_match_session_edit_finish:
 * @change: (out): what the edit changed
 *
 * Makes the edit with the files read (one undo step, as the synchronous functions make it).
 *
 * Returns: %FALSE with @error set when the nodes cannot be matched, a tensor file cannot be
 *   read (the edit is then not made) or the edit was cancelled
 */
gboolean
msvis_match_session_edit_finish (MsvisMatchSession  *self,
                                 GAsyncResult       *result,
                                 MsvisMatchChange   *change,
                                 GError            **error)
{
  GTask *task = G_TASK (result);
  Op *op = g_task_get_task_data (task);

  g_return_val_if_fail (g_task_get_source_tag (task) == start, FALSE);

  *change = (MsvisMatchChange) { 0 };
  if (!g_task_propagate_boolean (task, error))
    return FALSE;
  if (op->done)
    {
      *change = op->change;
      return TRUE;
    }
  return run_op (self, op, op->reads, change, error);
}
