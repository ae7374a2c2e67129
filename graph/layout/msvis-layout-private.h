// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-layout.h"

G_BEGIN_DECLS

/* How the layout engine fills a layout: boxes in pre-order (a parent before its children,
 * siblings in call order and contiguous). */
struct _MsvisLayout
{
  gint        ref_count;
  GArray     *boxes;        /* MsvisLayoutBox */
  GHashTable *by_node;      /* MsvisNodeId -> box index + 1 */
  GStringChunk *labels;
};

MsvisLayout *msvis_layout_new (void);

G_END_DECLS
