// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Errors of the tensor readers that are about this machine rather than the file's content
 * (content errors are MSVIS_READER_ERROR, file-system errors G_IO_ERROR). */
#define MSVIS_TENSOR_ERROR (msvis_tensor_error_quark ())

typedef enum
{
  MSVIS_TENSOR_ERROR_NO_MEMORY,   /* the values do not fit in memory */
} MsvisTensorError;

GQuark msvis_tensor_error_quark (void);

/* One NumPy .npy file (format 1.0, 2.0 or 3.0): the header is checked against the file size
 * when it is opened, and values are read (with pread, never mapped, so a file that shrinks is
 * an error and not SIGBUS) and converted only when asked for. */

typedef enum
{
  MSVIS_NPY_BOOL,
  MSVIS_NPY_INT8,
  MSVIS_NPY_INT16,
  MSVIS_NPY_INT32,
  MSVIS_NPY_INT64,
  MSVIS_NPY_UINT8,
  MSVIS_NPY_UINT16,
  MSVIS_NPY_UINT32,
  MSVIS_NPY_UINT64,
  MSVIS_NPY_FLOAT16,
  MSVIS_NPY_BFLOAT16,
  MSVIS_NPY_FLOAT32,
  MSVIS_NPY_FLOAT64,
} MsvisNpyDtype;

typedef struct _MsvisNpy MsvisNpy;

MsvisNpy      *msvis_npy_open             (const char     *path,
                                           GError        **error);
void           msvis_npy_free             (MsvisNpy       *self);
MsvisNpyDtype  msvis_npy_get_dtype        (const MsvisNpy *self);
guint          msvis_npy_get_ndim         (const MsvisNpy *self);
const guint64 *msvis_npy_get_shape        (const MsvisNpy *self);
guint64        msvis_npy_get_n_elements   (const MsvisNpy *self);
gboolean       msvis_npy_get_fortran_order (const MsvisNpy *self);
gboolean       msvis_npy_get_big_endian   (const MsvisNpy *self);
double        *msvis_npy_to_doubles       (const MsvisNpy *self,
                                           double         *out,
                                           GError        **error);
gboolean       msvis_npy_read_values      (MsvisNpy       *self,
                                           double         *out,
                                           gsize           count,
                                           GError        **error);

const char    *msvis_npy_dtype_name       (MsvisNpyDtype   dtype);
gsize          msvis_npy_dtype_size       (MsvisNpyDtype   dtype);
gboolean       msvis_npy_dtype_is_float   (MsvisNpyDtype   dtype);
void           msvis_npy_convert_run      (MsvisNpyDtype   dtype,
                                           gboolean        swap,
                                           const guint8   *src,
                                           gsize           count,
                                           double         *dst,
                                           gsize           stride);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisNpy, msvis_npy_free)

G_END_DECLS
