// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* Reads a JSON .vis of any msprobe era, also as tb_graph_ascend saves it again (non-ASCII
 * text, npu_match_nodes and bench_match_nodes), in one streaming pass. */

typedef enum
{
  MSVIS_VIS_READ_DEFAULT = 0,
  MSVIS_VIS_READ_ALL_DATA = 1 << 0,   /* read node data now instead of when asked for */
} MsvisVisReadFlags;

MsvisVisDocument *msvis_vis_read (GFile              *file,
                                  MsvisVisReadFlags   flags,
                                  GCancellable       *cancellable,
                                  GError            **error);
MsvisVisDocument *msvis_vis_read_full (GFile              *file,
                                       MsvisVisReadFlags   flags,
                                       MsvisProgress      *progress,
                                       GCancellable       *cancellable,
                                       GError            **error);

G_END_DECLS
