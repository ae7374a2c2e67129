// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

typedef struct _MsvisDistributed MsvisDistributed;

MsvisDistributed *msvis_distributed_new   (gboolean          overflow_check);
void              msvis_distributed_free  (MsvisDistributed *self);
void              msvis_distributed_add   (MsvisDistributed *self,
                                           int               rank,
                                           MsvisGraph       *graph);
void              msvis_distributed_match (MsvisDistributed *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisDistributed, msvis_distributed_free)

G_END_DECLS
