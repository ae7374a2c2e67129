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
/* Copying the label's selection gives the name without the breaks it was shown with. */
static void
copy_without_breaks (GtkLabel *label)
{
  const char *text = gtk_label_get_text (label);
  g_autoptr(GString) copied = NULL;
  int start, end;

  if (strstr (text, MSVIS_NAME_BREAK) == NULL
      || !gtk_label_get_selection_bounds (label, &start, &end))
    return;
  copied = g_string_new_len (g_utf8_offset_to_pointer (text, start),
                             g_utf8_offset_to_pointer (text, end)
                             - g_utf8_offset_to_pointer (text, start));
  g_string_replace (copied, MSVIS_NAME_BREAK, "", 0);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (label)), copied->str);
  g_signal_stop_emission_by_name (label, "copy-clipboard");
}

void
msvis_label_show_identifiers (GtkLabel *label)
{
  PangoAttrList *attrs = pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  gtk_label_set_attributes (label, attrs);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
  /* No underline under its links (style.css): it would hide the "__" of "__add__". */
  gtk_widget_add_css_class (GTK_WIDGET (label), "identifiers");
  g_signal_connect (label, "copy-clipboard", G_CALLBACK (copy_without_breaks), NULL);
  pango_attr_list_unref (attrs);
}

/**
 * msvis_name_with_breaks:
 * @name: a node name as shown (valid UTF-8)
 *
 * To Pango a name is one word: wrapped, it broke wherever the line ended ("backw" / "ard.0").
 * A zero-width space after each '.' and each '_' inside a word lets it wrap between the parts
 * first; a part wider than the line still breaks between characters (PANGO_WRAP_WORD_CHAR).
 *
 * Returns: (transfer full): @name with %MSVIS_NAME_BREAK after its separators, for display only
 */
char *
msvis_name_with_breaks (const char *name)
{
  GString *shown = g_string_sized_new (strlen (name) + 16);

  for (const char *p = name; *p != '\0'; p++)
    {
      gboolean dot = *p == '.' && p[1] != '.';
      /* "lm_head" breaks at its '_', "__add__" stays whole: a '_' only between two letters. */
      gboolean underscore = *p == '_' && p > name && p[-1] != '_' && p[-1] != '.'
                            && p[1] != '_' && p[1] != '.';

      g_string_append_c (shown, *p);
      if ((dot || underscore) && p[1] != '\0')
        g_string_append (shown, MSVIS_NAME_BREAK);
    }
  return g_string_free (shown, FALSE);
}

/**
 * msvis_label_set_name:
 *
 * Shows the node name @name (shortened as msvis_display_name() does) in a label made with
 * msvis_label_show_identifiers(), wrapping at the parts of the name.
 */
void
msvis_label_set_name (GtkLabel   *label,
                      const char *name)
{
  g_autofree char *shown = msvis_display_name (name);
  g_autofree char *broken = msvis_name_with_breaks (shown);

  gtk_label_set_text (label, broken);
}
