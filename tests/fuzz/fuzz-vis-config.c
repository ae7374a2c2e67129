// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "fuzz-util.h"
#include "msvis-vis-config.h"

/* The .vis.config of hand-made matches beside a compare .vis: read, and written again. */

FUZZ_DEFINE_INITIALIZE

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *path = fuzz_write ("fuzz.vis.config", data, size);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) pairs = msvis_vis_config_read (file, &error);

  if (pairs == NULL)
    {
      g_assert (error != NULL && strstr (error->message, "fuzz.vis.config") != NULL);
      return 0;
    }
  if (!msvis_vis_config_write (file, pairs, TRUE, &error))
    g_error ("writing back what was read: %s", error->message);
  return 0;
}
