// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-pt.h"

G_BEGIN_DECLS

/* NPY_MAXDIMS of numpy 2, which torch's tensors stay well under. */
#define MSVIS_PT_MAX_DIMS 64

/* What data.pkl says: a view of @size with @stride, @offset elements into a storage of
 * @storage_numel values of @dtype, kept in the record data/@storage_key. */
typedef struct
{
  MsvisNpyDtype dtype;
  char         *storage_key;
  guint64       storage_numel;
  guint64       offset;
  guint         ndim;
  guint64       size[MSVIS_PT_MAX_DIMS];
  guint64       stride[MSVIS_PT_MAX_DIMS];
} MsvisPtTensorInfo;

gboolean _msvis_pt_unpickle (const guint8       *data,
                             gsize               size,
                             const char         *name,
                             MsvisPtTensorInfo  *info,
                             GError            **error);

G_END_DECLS
