// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Without a compositor (Xvfb, ssh -X, most VNC servers) the see-through corner beside a
 * popover's arrow comes out black: there, popovers go without an arrow. */
void msvis_solid_popovers_apply   (GtkWidget *root);
/* The same for @window's popovers now and each time it is mapped. */
void msvis_solid_popovers_install (GtkWindow *window);

G_END_DECLS
