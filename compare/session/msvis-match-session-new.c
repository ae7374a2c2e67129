// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-compare-error.h"
#include "msvis-match-db26-private.h"
#include "msvis-match-session-private.h"
#include "msvis-vis-db-probe.h"

/* dump_data_dir as msprobe wrote it: relative to where msprobe ran, which is most often
 * where the user runs msvis, or else beside the file. */
static char *
find_tensor_dir (MsvisGraph  *graph,
                 GFile       *file,
                 const char  *name,
                 GError     **error)
{
  gboolean is_null = FALSE;
  const char *dir = msvis_graph_get_dump_data_dir (graph, &is_null);
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  return _msvis_match_db26_find_tensor_dir (is_null ? NULL : dir, path != NULL ? path : name,
                                            error);
}

/**
 * msvis_match_session_new:
 * @document: a compare; its graphs change as matches are edited
 * @file: (nullable): where it was read from, for messages and the tensor folders
 *
 * Returns: (transfer full) (nullable): a session, or %NULL for a build, a task matching
 *   does not know, or real data whose tensor files are not where dump_data_dir says
 */
MsvisMatchSession *
msvis_match_session_new (MsvisVisDocument  *document,
                         GFile             *file,
                         GError           **error)
{
  g_autoptr(MsvisMatchSession) self = NULL;
  g_autofree char *name = file != NULL ? g_file_get_parse_name (file) : g_strdup ("?");
  const char *task = msvis_vis_document_get_task (document);
  MsvisCompareMode mode;
  GHashTable *saved;
  GHashTableIter iter;
  gpointer key, value;

  if (!msvis_vis_document_is_compare (document) || msvis_vis_document_get_bench (document) == NULL)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                   /* translators: a file name */
                   _("%s is a build of one graph: only a compare has nodes to match"), name);
      return NULL;
    }
  if (!msvis_compare_mode_from_task (task, &mode))
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                   /* translators: a file name, then the file's "task" */
                   _("%s: nodes of a compare of task “%s” cannot be matched; the tasks are "
                     "summary, md5, all and structure"), name,
                   task ? task : "");
      return NULL;
    }

  self = g_new0 (MsvisMatchSession, 1);
  self->document = msvis_vis_document_ref (document);
  self->npu = msvis_vis_document_get_npu (document);
  self->bench = msvis_vis_document_get_bench (document);
  self->mode = mode;
  self->table = g_hash_table_new (g_str_hash, g_str_equal);
  self->edits = g_ptr_array_new_with_free_func (_msvis_match_session_edit_free);
  self->warnings = g_ptr_array_new_with_free_func (g_free);
  msvis_graph_ensure_compare_results (msvis_vis_document_get_npu (document));
  msvis_graph_ensure_compare_results (msvis_vis_document_get_bench (document));

  /* A 26.0.0 file is matched as its viewer matches, in summary, md5 and real-data compares. */
  if (mode != MSVIS_COMPARE_STRUCTURE && file != NULL && g_file_is_native (file))
    {
      g_autofree char *path = g_file_get_path (file);
      MsvisVisDbProbe probe;

      if (path != NULL && g_str_has_suffix (path, ".vis.db"))
        {
          if (!msvis_vis_db_probe (path, MSVIS_VIS_DB_PROBE_DEFAULT, &probe, error))
            return NULL;
          self->era_2026 = msvis_vis_db_probe_is_2026_compare (&probe);
        }
    }
  if (mode == MSVIS_COMPARE_REAL_DATA &&
      ((self->npu_tensor_dir = find_tensor_dir (msvis_vis_document_get_npu (document), file, name,
                                                error)) == NULL ||
       (self->bench_tensor_dir = find_tensor_dir (msvis_vis_document_get_bench (document), file,
                                                  name, error)) == NULL))
    return NULL;

  /* The file's own table of matches made by hand (tb_graph_ascend), by the graphs' ids. */
  saved = msvis_vis_document_get_npu_match_nodes (document);
  if (saved != NULL)
    {
      g_hash_table_iter_init (&iter, saved);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          MsvisNodeId n = msvis_graph_lookup (self->npu, key);
          MsvisNodeId b = msvis_graph_lookup (self->bench, value);

          if (n != MSVIS_NODE_ID_NONE && b != MSVIS_NODE_ID_NONE)
            g_hash_table_insert (self->table, (gpointer) msvis_graph_node_get_id (self->npu, n),
                                 (gpointer) msvis_graph_node_get_id (self->bench, b));
        }
    }
  return g_steal_pointer (&self);
}

void
msvis_match_session_free (MsvisMatchSession *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->node_compare, msvis_node_compare_free);
  g_ptr_array_unref (self->edits);
  g_hash_table_unref (self->table);
  g_ptr_array_unref (self->warnings);
  g_free (self->npu_tensor_dir);
  g_free (self->bench_tensor_dir);
  msvis_vis_document_unref (self->document);
  g_free (self);
}

MsvisVisDocument *
msvis_match_session_get_document (MsvisMatchSession *self)
{
  return self->document;
}
