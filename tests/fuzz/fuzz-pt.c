// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "fuzz-util.h"
#include "msvis-pt-private.h"

/* A torch.save file read from memory as a tensor compare reads it: neither the zip directory,
 * the pickle nor the storage's size, offset and strides may lead outside the bytes given.
 * An input starting with 'P' is a data.pkl alone: inside a zip, nearly every mutation of the
 * pickle breaks the record's CRC, so the pickle reader would hardly be reached. */

FUZZ_DEFINE_INITIALIZE

static int
fuzz_pickle (const guint8 *data,
             size_t        size)
{
  g_autofree guint8 *copy = g_memdup2 (data, size);
  g_autoptr(GError) error = NULL;
  MsvisPtTensorInfo info = { 0 };

  if (_msvis_pt_unpickle (copy, size, "fuzz.pt", &info, &error))
    {
      g_assert (error == NULL && info.storage_key != NULL);
      g_assert (info.ndim <= MSVIS_PT_MAX_DIMS);
    }
  else
    g_assert (error != NULL && strstr (error->message, "fuzz.pt") != NULL);
  g_free (info.storage_key);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  /* A copy of exactly @size bytes, so that ASan sees any read past the end. */
  g_autofree guint8 *copy = g_memdup2 (data, size);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisPt) pt = msvis_pt_new_from_data (copy, size, "fuzz.pt", &error);
  g_autofree double *values = NULL;
  guint64 n = 1;

  if (size > 0 && data[0] == 'P')
    return fuzz_pickle (data + 1, size - 1);
  if (pt == NULL)
    {
      g_assert (error != NULL && strstr (error->message, "fuzz.pt") != NULL);
      return 0;
    }
  for (guint i = 0; i < msvis_pt_get_ndim (pt); i++)
    n *= msvis_pt_get_shape (pt)[i];
  g_assert (n == msvis_pt_get_n_elements (pt));
  /* Bounded by the input: a storage cannot hold more elements than there are bytes. */
  if (n > size)
    return 0;
  values = msvis_pt_to_doubles (pt, NULL, &error);
  g_assert ((values != NULL) == (error == NULL));
  if (values != NULL)
    {
      /* Read again a block at a time, in blocks of lengths taken from the input: the same
       * values, in the same order (a strided view keeps its place between blocks). */
      g_autoptr(MsvisPt) again = msvis_pt_new_from_data (copy, size, "fuzz.pt", NULL);
      g_autofree double *blocks = g_new (double, MAX (n, 1));

      g_assert (again != NULL);
      for (guint64 done = 0, k = 0; done < n; k++)
        {
          guint64 count = MIN (n - done, (guint64)data[k % size] % 7 + 1);

          g_assert (msvis_pt_read_values (again, blocks + done, count, &error));
          done += count;
        }
      g_assert (n == 0 || memcmp (blocks, values, n * sizeof (double)) == 0);
    }
  return 0;
}
