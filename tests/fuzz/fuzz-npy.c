// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "fuzz-util.h"
#include "msvis-npy.h"

/* A .npy opened and converted as a tensor compare does: the header must not lie its way past
 * the end of the file, whatever its shape, dtype, order or format version say. */

FUZZ_DEFINE_INITIALIZE

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *path = fuzz_write ("fuzz.npy", data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisNpy) npy = msvis_npy_open (path, &error);
  g_autofree double *values = NULL;
  guint64 n = 1;

  if (npy == NULL)
    {
      g_assert (error != NULL && strstr (error->message, "fuzz.npy") != NULL);
      return 0;
    }

  for (guint i = 0; i < msvis_npy_get_ndim (npy); i++)
    n *= msvis_npy_get_shape (npy)[i];
  g_assert (n == msvis_npy_get_n_elements (npy));
  /* Whatever the header says, the data it describes lies inside the file. */
  g_assert (n * msvis_npy_dtype_size (msvis_npy_get_dtype (npy)) <= size);
  (void) msvis_npy_dtype_name (msvis_npy_get_dtype (npy));

  values = msvis_npy_to_doubles (npy, NULL, &error);
  g_assert ((values != NULL) == (error == NULL));
  return 0;
}
