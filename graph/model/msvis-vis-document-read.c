// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-vis-document.h"

/* Reading nodes' data off the caller's thread: what the details of a selected node, a search
 * or an export need without blocking the window. */

typedef struct
{
  MsvisVisDocument     *doc;
  MsvisNodeId           npu;
  MsvisNodeId           bench;
  MsvisVisNodeDataRead  read;
  gpointer              read_data;
  GDestroyNotify        read_data_free;
  GDestroyNotify        result_free;
} ReadJob;

static void
read_job_free (gpointer data)
{
  ReadJob *job = data;

  if (job->read_data_free != NULL)
    job->read_data_free (job->read_data);
  msvis_vis_document_unref (job->doc);
  g_free (job);
}

static gboolean
ensure (MsvisVisDocument  *doc,
        gboolean           bench,
        MsvisNodeId        node,
        GCancellable      *cancellable,
        GError           **error)
{
  if (node == MSVIS_NODE_ID_NONE)
    return TRUE;
  return !g_cancellable_set_error_if_cancelled (cancellable, error) &&
         msvis_vis_document_ensure_node_data (doc, msvis_vis_document_get_graph (doc, bench),
                                              node, error);
}

static void
read_worker (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  ReadJob *job = task_data;
  GError *error = NULL;
  gpointer result;

  if (!ensure (job->doc, FALSE, job->npu, cancellable, &error) ||
      !ensure (job->doc, TRUE, job->bench, cancellable, &error) ||
      g_cancellable_set_error_if_cancelled (cancellable, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* Another thread may be loading node data meanwhile: @read runs while none is. */
  result = msvis_vis_document_read_node_data (job->doc, job->read, job->read_data);
  g_task_return_pointer (task, result, job->result_free);
}

/**
 * msvis_vis_document_read_nodes_async:
 * @npu: an NPU node whose data @read needs, or %MSVIS_NODE_ID_NONE
 * @bench: a Bench node whose data @read needs, or %MSVIS_NODE_ID_NONE
 * @read: called on the worker once both nodes' data is in, under the document's lock
 * @read_data_free: (nullable): frees @read_data when the job is done
 * @result_free: (nullable): frees what @read returned if nobody takes it
 *
 * Loads the nodes' data if the document has not yet, then runs @read, on a worker.
 */
void
msvis_vis_document_read_nodes_async (MsvisVisDocument     *self,
                                     MsvisNodeId           npu,
                                     MsvisNodeId           bench,
                                     MsvisVisNodeDataRead  read,
                                     gpointer              read_data,
                                     GDestroyNotify        read_data_free,
                                     GDestroyNotify        result_free,
                                     GCancellable         *cancellable,
                                     GAsyncReadyCallback   callback,
                                     gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  ReadJob *job;

  g_return_if_fail (self != NULL);
  g_return_if_fail (read != NULL);
  g_return_if_fail (bench == MSVIS_NODE_ID_NONE || msvis_vis_document_get_bench (self) != NULL);

  job = g_new0 (ReadJob, 1);
  job->doc = msvis_vis_document_ref (self);
  job->npu = npu;
  job->bench = bench;
  job->read = read;
  job->read_data = read_data;
  job->read_data_free = read_data_free;
  job->result_free = result_free;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, msvis_vis_document_read_nodes_async);
  g_task_set_name (task, "[msvis] read node data");
  g_task_set_task_data (task, job, read_job_free);
  g_task_run_in_thread (task, read_worker);
}

/**
 * msvis_vis_document_read_nodes_finish:
 *
 * Returns: (transfer full): what @read returned, or %NULL with @error naming the file and
 *   the place
 */
gpointer
msvis_vis_document_read_nodes_finish (GAsyncResult  *result,
                                      GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result))
                        == msvis_vis_document_read_nodes_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
