// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-dist-api.h"

static const MsvisDistApi apis[] = {
  { "send", "recv", "dst", "send", TRUE },
  { "isend", "irecv", "dst", "send", TRUE },
  { "recv", "send", "src", "receive", TRUE },
  { "irecv", "isend", "src", "receive", TRUE },
  { "broadcast", "broadcast", "1", "send", FALSE },
  { "scatter", "scatter", "src", "send", FALSE },
  { "gather", "gather", "dst", "receive", FALSE },
  { "reduce", "reduce", "1", "receive", FALSE },
};

/* NULL: not an API the analysis links. */
const MsvisDistApi *
msvis_dist_api_find (const char *api)
{
  for (guint i = 0; i < G_N_ELEMENTS (apis); i++)
    if (strcmp (apis[i].api, api) == 0)
      return &apis[i];
  return NULL;
}

/* The comm_type the counterpart of a call records. */
const char *
msvis_dist_api_opposite (const char *comm_type)
{
  if (strcmp (comm_type, "send") == 0)
    return "receive";
  if (strcmp (comm_type, "receive") == 0)
    return "send";
  return comm_type;
}
