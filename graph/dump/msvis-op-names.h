// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <string.h>

#include <glib.h>

G_BEGIN_DECLS

/* What a dump entry's or item's dotted name says, as msprobe's string tests read it. Inline:
 * the first two run for every leaf of every entry. */

/* get_input_output's test, '.output.' in name and '.input.' not in name, in one pass over
 * the dots of the name: it runs for every leaf. */
static inline gboolean
msvis_op_name_is_output (const char *name)
{
  gboolean output = FALSE;

  for (const char *p = strchr (name, '.'); p != NULL; p = strchr (p + 1, '.'))
    {
      if (p[1] == 'i' && strncmp (p + 1, "input.", 6) == 0)
        return FALSE;
      if (p[1] == 'o' && strncmp (p + 1, "output.", 7) == 0)
        output = TRUE;
    }
  return output;
}

/* The name's last dotted part. */
static inline const char *
msvis_op_name_last_component (const char *name)
{
  const char *dot = strrchr (name, '.');

  return dot ? dot + 1 : name;
}

gboolean msvis_op_name_is_parameters_grad (const char *name);

G_END_DECLS
