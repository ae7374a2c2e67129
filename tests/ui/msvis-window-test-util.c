// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"

/* A document is shown and nothing is loading: what a test waits for after opening. */
gboolean
msvis_window_test_ready (gpointer window)
{
  return msvis_window_has_document (window) && !msvis_window_is_loading (window);
}

/* No load, build, export or report is running. */
gboolean
msvis_window_test_idle (gpointer window)
{
  return !msvis_window_is_loading (window);
}

static gboolean
is_compare_view (GtkWidget     *widget,
                 gconstpointer  data)
{
  return MSVIS_IS_COMPARE_VIEW (widget);
}

MsvisCompareView *
msvis_window_test_compare_view (MsvisWindow *window)
{
  return MSVIS_COMPARE_VIEW (msvis_ui_test_find_widget (GTK_WIDGET (window), is_compare_view,
                                                        NULL));
}
