// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <gdk/x11/gdkx.h>
#include <X11/extensions/XTest.h>

#include "msvis-ui-test-util.h"
#include "msvis-xtest-test-util.h"

Display *
msvis_xtest_display (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  int event_base, error_base, major, minor;
  Display *x;

  if (!GDK_IS_X11_DISPLAY (display))
    return NULL;
  x = gdk_x11_display_get_xdisplay (display);
  if (!XTestQueryExtension (x, &event_base, &error_base, &major, &minor))
    return NULL;
  return x;
}

static gboolean
is_active (gpointer data)
{
  return gtk_window_is_active (data);
}

/* No window manager runs under Xvfb: the test gives the window the keyboard itself. */
void
msvis_xtest_focus_window (GtkWidget *window)
{
  Display *x = msvis_xtest_display (window);
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));

  XSetInputFocus (x, xid, RevertToParent, CurrentTime);
  XFlush (x);
  g_assert_true (msvis_ui_test_spin_until (is_active, window, 5000));
}
