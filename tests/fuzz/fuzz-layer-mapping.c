// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "fuzz-util.h"
#include "msvis-layer-mapping.h"

/* The -lm layer mapping yaml: libyaml's events walked by the project's own reader, which must
 * refuse anything that is not {type: {layer: name}} with a message naming the file. */

FUZZ_DEFINE_INITIALIZE

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        size_t        size)
{
  g_autofree char *path = fuzz_write ("fuzz.yaml", data, size);
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;
  g_autoptr(GHashTable) renames = msvis_layer_mapping_read_yaml (path, &warning, &error);

  if (renames == NULL)
    g_assert (error != NULL && strstr (error->message, "fuzz.yaml") != NULL);
  else
    g_assert (error == NULL);
  return 0;
}
