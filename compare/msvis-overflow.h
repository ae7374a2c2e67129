// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* msprobe's overflow check (-oc, vis-format.md §4.8): each dump entry is judged from its raw
 * statistics while dump.json streams by, then the levels are put on the graph's nodes. */

typedef struct _MsvisOverflowCheck MsvisOverflowCheck;

MsvisOverflowCheck *msvis_overflow_check_new   (void);
void                msvis_overflow_check_free  (MsvisOverflowCheck     *self);
gboolean            msvis_overflow_check_entry (const char             *name,
                                                const MsvisJsonValue   *entry,
                                                gpointer                self,
                                                GError                **error);
void                msvis_overflow_check_apply (MsvisOverflowCheck     *self,
                                                MsvisGraph             *graph);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisOverflowCheck, msvis_overflow_check_free)

G_END_DECLS
