// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-dump-keys.h"

const char *const msvis_dump_keys[MSVIS_N_DUMP_KEYS] = {
  "type", "dtype", "shape", "Max", "Min", "Mean", "Norm", "md5", "value", "data_name",
  "requires_grad", "input_args", "input_kwargs", "output", "parameters",
};

const char *
msvis_dump_key_intern (const char *key,
                       gsize       length)
{
  MsvisDumpKey known = msvis_dump_key_find (key, length);

  return known != MSVIS_N_DUMP_KEYS ? msvis_dump_keys[known] : NULL;
}
