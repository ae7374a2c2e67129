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

/**
 * msvis_label_show_identifiers:
 * @label: a label whose text holds node names, API names or file names
 *
 * Pango hyphenates a word it breaks: "la-nguage_model" or "for-ward.0" reads as a name that
 * does not exist and cannot be searched for. A name is one long word to Pango, so the label
 * breaks it between characters, without a hyphen; its markup and links keep their own
 * attributes.
 */
void
msvis_label_show_identifiers (GtkLabel *label)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  gtk_label_set_attributes (label, attrs);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
  /* No underline under its links (style.css): it would hide the "__" of "__add__". */
  gtk_widget_add_css_class (GTK_WIDGET (label), "identifiers");
  pango_attr_list_unref (attrs);
}
