// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-vis-writer.h"

/* The document's write half: the model knows nothing of the writers. */

/**
 * msvis_vis_document_get_compare:
 *
 * Fills what the writers need of a compare from the document, with empty stand-ins for
 * members the file did not have.
 */
void
msvis_vis_document_get_compare (MsvisVisDocument *self,
                                MsvisVisCompare  *compare)
{
  static const MsvisJsonValue no_colors = { .kind = MSVIS_JSON_OBJECT };
  const MsvisJsonValue *colors = msvis_vis_document_get_colors (self);
  const char *tooltip = msvis_vis_document_get_tooltip (self);
  const char *task = msvis_vis_document_get_task (self);

  *compare = (MsvisVisCompare) {
    msvis_vis_document_get_bench (self),
    tooltip ? tooltip : "{}",
    colors ? colors : &no_colors,
    task ? task : "",
    FALSE,
  };
}

/**
 * msvis_vis_document_write_vis:
 *
 * Writes the document as msprobe writes a .vis (§5), reading any node data not read yet.
 */
gboolean
msvis_vis_document_write_vis (MsvisVisDocument  *self,
                              GOutputStream     *stream,
                              GCancellable      *cancellable,
                              GError           **error)
{
  MsvisVisOptions options = { .overflow_check = msvis_vis_document_get_overflow_check (self) };
  MsvisVisCompare compare;
  MsvisGraph *npu;

  msvis_vis_document_get_compare (self, &compare);
  if (!msvis_vis_document_ensure_all_data (self, cancellable, error))
    return FALSE;

  npu = msvis_vis_document_get_npu (self);
  if (!msvis_vis_document_is_compare (self))
    return msvis_vis_write_build (npu, &options, stream, cancellable, error);
  return msvis_vis_write_compare (npu, &compare, &options, stream, cancellable, error);
}
