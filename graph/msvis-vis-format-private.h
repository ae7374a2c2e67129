// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

/* What msvis-vis-format.c and msvis-vis-writer.c share. */

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

G_END_DECLS
