// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How far a job on a worker thread has come, as a fraction the window polls: the worker sets
 * it as it goes, any thread reads it. A job of several phases gives each a part of [0, 1]
 * with msvis_progress_push_range(). A %NULL progress is allowed everywhere and ignored. */

typedef struct _MsvisProgress MsvisProgress;

MsvisProgress *msvis_progress_new          (void);
MsvisProgress *msvis_progress_ref          (MsvisProgress *self);
void           msvis_progress_unref        (MsvisProgress *self);

double         msvis_progress_get_fraction (MsvisProgress *self);
void           msvis_progress_set_fraction (MsvisProgress *self,
                                            double         fraction);
void           msvis_progress_set_done     (MsvisProgress *self,
                                            guint64        done,
                                            guint64        total);
void           msvis_progress_push_range   (MsvisProgress *self,
                                            double         start,
                                            double         end);
void           msvis_progress_pop_range    (MsvisProgress *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisProgress, msvis_progress_unref)

G_END_DECLS
