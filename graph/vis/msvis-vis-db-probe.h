// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What `msvis convert` asks of a .vis.db before it reads it: its era, and how many of its
 * nodes carry requires_grad (new in 26.0.0's item text). */
gboolean msvis_vis_db_probe (const char  *path,
                             gboolean    *is_26,
                             gint64      *requires_grad,
                             GError     **error);

G_END_DECLS
