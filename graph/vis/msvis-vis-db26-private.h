// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* Shared between the 26.0.0 writer's files (msvis-vis-db26-walk.c). */

MsvisNodeId *_msvis_db26_post_order    (MsvisGraph        *graph,
                                        guint             *n_written);
gint        *_msvis_db26_micro_steps   (MsvisGraph        *graph,
                                        const MsvisNodeId *by_order,
                                        guint              n_written);
void         _msvis_db26_children_json (GString           *out,
                                        MsvisGraph        *graph,
                                        MsvisNodeId        node);
void         _msvis_db26_link_json     (GString           *out,
                                        GArray            *path,
                                        MsvisGraph        *graph,
                                        MsvisGraph        *other,
                                        MsvisNodeId        node);
void         _msvis_db26_stack_json    (GString           *out,
                                        MsvisGraph        *graph,
                                        guint32            stack);

G_END_DECLS
