// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-compare-view.h"
#include "msvis-window.h"

G_BEGIN_DECLS

/* For the tests of the whole window: the conditions they wait for, and its compare view. */

gboolean          msvis_window_test_ready        (gpointer     window);
gboolean          msvis_window_test_idle         (gpointer     window);
MsvisCompareView *msvis_window_test_compare_view (MsvisWindow *window);

G_END_DECLS
