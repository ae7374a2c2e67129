// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-compare-view.h"
#include "msvis-compare-panel.h"
#include "msvis-window.h"

G_BEGIN_DECLS

/* For the tests of the whole window: the conditions they wait for, and its compare view. */

gboolean          msvis_window_test_ready        (gpointer     window);
gboolean          msvis_window_test_idle         (gpointer     window);
MsvisCompareView *msvis_window_test_compare_view (MsvisWindow *window);

/* What the tests of the whole window set up alike: an application that never hands its windows
 * to an msvis the user is running, a window of a size (0: GTK's default) shown on it (@app
 * nullable), a result opened and waited for, and the bundled sample (data/samples/@kind.json)
 * built into @dir. */
GtkApplication   *msvis_window_test_new_app      (void);
MsvisWindow      *msvis_window_test_new          (GtkApplication *app,
                                                  int             width,
                                                  int             height);
void              msvis_window_test_open         (MsvisWindow    *window,
                                                  GFile          *file);
void              msvis_window_test_open_path    (MsvisWindow    *window,
                                                  const char     *path);
char             *msvis_window_test_build_sample (const char     *dir,
                                                  const char     *kind,
                                                  gboolean        overflow_check);
/* The temporary folder a test program builds its samples in ("msvis-@name-XXXXXX"), and, after
 * g_test_run, that folder (nullable) removed and freed and the application let go. */
char             *msvis_window_test_make_sample_dir (const char  *name);
void              msvis_window_test_finish          (GtkApplication **app,
                                                     char           **sample_dir);

MsvisWindow      *msvis_window_test_open_sized   (const char     *path,
                                                  int             width,
                                                  int             height);
MsvisComparePanel *msvis_window_test_compare_panel (MsvisWindow  *window);
gboolean          msvis_window_test_panel_ready  (gpointer        panel);
/* Selects the NPU node named @id in the compare view; the node must exist. */
void              msvis_window_test_select_npu   (MsvisWindow    *window,
                                                  const char     *id);

G_END_DECLS
