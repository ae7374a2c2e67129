// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <sqlite3.h>

#include "msvis-graph.h"

G_BEGIN_DECLS

char *msvis_check_2026_metrics   (MsvisGraph  *graph,
                                  MsvisNodeId  node,
                                  gboolean     inputs);
char *msvis_check_2026_precision (MsvisGraph  *graph,
                                  MsvisNodeId  node);
void  msvis_check_2026_rows      (const char  *case_name,
                                  sqlite3     *db,
                                  const char  *task,
                                  gint         step,
                                  gint         rank,
                                  MsvisGraph  *npu,
                                  MsvisGraph  *bench,
                                  gboolean     all_nodes);

G_END_DECLS
