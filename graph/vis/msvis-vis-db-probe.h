// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What kind of .vis.db a file is, asked once and answered from its schema and tb_config
 * (one small query each), so every caller that must tell mindstudio-probe 26.0.0's files
 * from 8.2.1's asks the same questions the same way: `msvis convert` (which era to read),
 * `msvis match` and the window (whether to match as the 26.0.0 viewer does), merge-db (which
 * files it can join). Counting the nodes whose items carry requires_grad reads every row, so
 * it is done only when asked for. */

typedef enum
{
  MSVIS_VIS_DB_PROBE_DEFAULT             = 0,
  MSVIS_VIS_DB_PROBE_COUNT_REQUIRES_GRAD = 1 << 0,   /* reads every row of tb_nodes */
} MsvisVisDbProbeFlags;

typedef struct
{
  gboolean has_is_distributed;   /* tb_nodes has 26.0.0's is_distributed column
                                  * (msprobe-2026.md §10.1): the 26.0.0 schema */
  gboolean has_legend_levels;    /* tb_config.node_colors has the accuracy_level keys of
                                  * 26.0.0's legend (msprobe-2026.md §9.1); a build's legend
                                  * is null */
  gint64   n_requires_grad;      /* the nodes whose items carry requires_grad (new in
                                  * 26.0.0's item text); -1 unless counted */
} MsvisVisDbProbe;

gboolean msvis_vis_db_probe            (const char            *path,
                                        MsvisVisDbProbeFlags   flags,
                                        MsvisVisDbProbe       *probe,
                                        GError               **error);
gboolean msvis_vis_db_probe_is_2026    (const MsvisVisDbProbe *probe);
gboolean msvis_vis_db_probe_is_2026_compare (const MsvisVisDbProbe *probe);

G_END_DECLS
