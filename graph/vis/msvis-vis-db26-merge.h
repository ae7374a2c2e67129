// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* `msvis merge-db`: the shards of one graph_visualize run (split with --rank/--step) joined into
 * the one .vis.db the unsplit run writes, the distributed post-pass redone over all ranks. */
gboolean msvis_vis_db26_merge (const char *const  *inputs,
                               guint               n_inputs,
                               const char         *output,
                               gboolean            force,
                               GError            **error);

G_END_DECLS
