// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-dump-reader.h"
#include "msvis-graph.h"

G_BEGIN_DECLS

/* msprobe's compare modes, with their numbers (vis-format.md §4.1). */
typedef enum
{
  MSVIS_COMPARE_SUMMARY = 0,
  MSVIS_COMPARE_MD5 = 1,
  MSVIS_COMPARE_REAL_DATA = 2,
  MSVIS_COMPARE_STRUCTURE = 3,
} MsvisCompareMode;

gboolean        msvis_compare_mode_from_header (const MsvisDumpHeader  *header,
                                                MsvisCompareMode       *mode);
const char     *msvis_compare_mode_task        (MsvisCompareMode        mode);
gboolean        msvis_compare_mode_from_task   (const char             *task,
                                                MsvisCompareMode       *mode);
char           *msvis_compare_mode_tooltip     (MsvisCompareMode        mode);
MsvisJsonValue *msvis_compare_mode_colors      (MsvisCompareMode        mode,
                                                MsvisArena             *arena);
gboolean        msvis_compare_mode_ignores     (const char             *node_id);

G_END_DECLS
