// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

#include "msvis-npy.h"

G_BEGIN_DECLS

/* One tensor saved by PyTorch's torch.save (the zip format of torch 1.6 and later): a zip
 * archive holding `<name>/data.pkl`, a pickle that rebuilds the tensor from a storage with
 * an offset, sizes and strides, and `<name>/data/<key>`, the storage's raw bytes. Only the
 * part of the pickle protocol that torch.save writes for a tensor is understood; anything
 * else (other callables, other opcodes) is refused, so no Python object is ever built.
 *
 * Opening reads the zip directory and the pickle and checks the view against the storage;
 * the values are read only when asked for, straight from the mapped archive. */

typedef struct _MsvisPt MsvisPt;

MsvisPt       *msvis_pt_open              (const char     *path,
                                           GError        **error);
MsvisPt       *msvis_pt_new_from_data     (const guint8   *data,
                                           gsize           size,
                                           const char     *name,
                                           GError        **error);
void           msvis_pt_free              (MsvisPt        *self);
MsvisNpyDtype  msvis_pt_get_dtype         (const MsvisPt  *self);
guint          msvis_pt_get_ndim          (const MsvisPt  *self);
const guint64 *msvis_pt_get_shape         (const MsvisPt  *self);
guint64        msvis_pt_get_n_elements    (const MsvisPt  *self);
double        *msvis_pt_to_doubles        (MsvisPt        *self,
                                           double         *out,
                                           GError        **error);
gboolean       msvis_pt_read_values       (MsvisPt        *self,
                                           double         *out,
                                           gsize           count,
                                           GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisPt, msvis_pt_free)

G_END_DECLS
