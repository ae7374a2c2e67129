// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* For widget tests: a display or a skip, main-loop spinning, and screenshots to look at. */

gboolean msvis_ui_test_has_display (void);
gboolean msvis_ui_test_spin_until  (gboolean   (*done) (gpointer data),
                                    gpointer     data,
                                    guint        timeout_ms);
void     msvis_ui_test_spin        (guint        ms);
char    *msvis_ui_test_screenshot  (GtkWidget   *widget,
                                    const char  *name);
char    *msvis_ui_test_reference   (const char  *relative);

G_END_DECLS
