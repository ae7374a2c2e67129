// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The language chosen in the window's menu: "system", "en" or "zh_CN", kept in a small file of
 * msvis's configuration folder and applied when msvis starts, before the first message is
 * translated (GLib decides once per process whether to translate at all). A file rather than
 * GSettings: the command line reads it too, and without a schema or a session bus. */

char     *msvis_language_choice_get   (void);
gboolean  msvis_language_choice_set   (const char  *choice,
                                       GError     **error);
void      msvis_language_choice_apply (void);

G_END_DECLS
