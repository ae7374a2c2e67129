// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-peer-levels.h"
#include "msvis-vis-document.h"

G_BEGIN_DECLS

#define MSVIS_TYPE_NODE_DETAILS (msvis_node_details_get_type ())

G_DECLARE_FINAL_TYPE (MsvisNodeDetails, msvis_node_details, MSVIS, NODE_DETAILS, GtkWidget)

GtkWidget *msvis_node_details_new      (void);
void       msvis_node_details_set_node (MsvisNodeDetails *self,
                                        MsvisVisDocument *doc,
                                        MsvisNodeId       npu,
                                        MsvisNodeId       bench);

void       msvis_node_details_set_show_table (MsvisNodeDetails *self,
                                              gboolean          show_table);

void       msvis_node_details_set_peer_levels (MsvisNodeDetails *self,
                                               MsvisPeerLevels  *levels);

G_END_DECLS
