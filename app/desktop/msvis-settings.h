// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* msvis's GSettings (io.github.msvis.Msvis), wherever msvis runs from: installed, or from the
 * build tree before it is installed. Without a schema msvis still runs and remembers nothing. */

GSettings *msvis_settings_get_default (void);
GSettings *msvis_settings_try_new     (const char  *build_schema_dir,
                                       GError     **error);

G_END_DECLS
