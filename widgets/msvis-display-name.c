// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-display-name.h"

/**
 * msvis_display_name:
 * @name: a node name, valid UTF-8
 *
 * Cuts the middle out of a name longer than %MSVIS_DISPLAY_NAME_MAX characters: the head says
 * where the node sits, the tail which call it is (".0.forward").
 *
 * Returns: (transfer full): @name, or its first and last characters around an ellipsis
 */
char *
msvis_display_name (const char *name)
{
  const guint half = MSVIS_DISPLAY_NAME_MAX / 2;
  const char *head_end = name, *tail = name + strlen (name);
  guint n = 0;

  /* Counts no further than the budget: the cost stays bounded however long @name is. */
  while (*head_end != '\0' && n < half)
    head_end = g_utf8_next_char (head_end), n++;
  for (n = 0; tail > head_end && n < half; n++)
    tail = g_utf8_prev_char (tail);
  /* Fewer than two characters to cut: the ellipsis would save nothing. */
  if (tail == head_end || g_utf8_next_char (head_end) >= tail)
    return g_strdup (name);
  return g_strdup_printf ("%.*s…%s", (int)(head_end - name), name, tail);
}
