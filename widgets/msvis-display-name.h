// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The name budget of the window: a label, tooltip or link text shows at most this many
 * characters of a node name (or of a stack line shown wrapped). The readers take names of up
 * to 65,536 bytes, and GTK lays out a wrapping label in time that grows with the square of its
 * length: a 60,000-character name froze the window for good. Copying still gives all of it. */
#define MSVIS_DISPLAY_NAME_MAX 400

char *msvis_display_name (const char *name);
void  msvis_label_show_identifiers (GtkLabel *label);

/* U+200B ZERO WIDTH SPACE: where a shown name may wrap. */
#define MSVIS_NAME_BREAK "\xe2\x80\x8b"

char *msvis_name_with_breaks (const char *name);
void  msvis_label_set_name   (GtkLabel   *label,
                              const char *name);

G_END_DECLS
