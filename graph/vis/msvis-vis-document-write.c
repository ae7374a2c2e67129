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
  if (self->colors == NULL)
    self->colors = msvis_json_value_new (self->arena, MSVIS_JSON_OBJECT);

  *compare = (MsvisVisCompare) {
    self->bench,
    self->tooltip ? self->tooltip : "{}",
    self->colors,
    self->task ? self->task : "",
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
  MsvisVisOptions options = { .overflow_check = self->overflow_check };
  MsvisVisCompare compare;

  msvis_vis_document_get_compare (self, &compare);
  if (!msvis_vis_document_ensure_all_data (self, cancellable, error))
    return FALSE;

  if (!self->is_compare)
    return msvis_vis_write_build (self->npu, &options, stream, cancellable, error);
  return msvis_vis_write_compare (self->npu, &compare, &options, stream, cancellable, error);
}
