// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

#include "msvis-types.h"

/* msprobe's str() of a data item's value, as the .vis writer prints it (vis-format.md §5.5),
 * and the append the writers use for every value. */

/* g_string_append_len() without the call: the formatters run for every value. */
static inline void
msvis_vis_append (GString    *out,
                  const char *text,
                  gsize       n)
{
  if (G_LIKELY (out->len + n < out->allocated_len))
    {
      memcpy (out->str + out->len, text, n);
      out->len += n;
      out->str[out->len] = '\0';
    }
  else
    g_string_append_len (out, text, n);
}

void msvis_vis_format_value (GString          *out,
                             const MsvisField *field);

G_END_DECLS
