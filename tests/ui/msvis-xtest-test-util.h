// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>
#include <X11/Xlib.h>

G_BEGIN_DECLS

/* For the tests that press real keys through the X server (XTest; built only where the
 * HAVE_XTEST tests are): the X display of @widget, NULL where it is not X or lacks the XTEST
 * extension, and the keyboard given to @window as no window manager under Xvfb gives it. */

Display *msvis_xtest_display      (GtkWidget *widget);
void     msvis_xtest_focus_window (GtkWidget *window);

G_END_DECLS
