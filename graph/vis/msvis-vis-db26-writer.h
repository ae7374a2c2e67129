// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-vis-db-writer.h"
#include "msvis-vis-writer.h"

G_BEGIN_DECLS

/* The .vis.db of mindstudio-probe 26.0.0's graph_visualize (msprobe-2026.md §10): 22 columns
 * with is_distributed and index7, the four-level legend, item text of §8, the distributed
 * post-pass on the stored rows. One transaction under a temporary name in the output folder,
 * renamed by commit: a failed run leaves no database. */

typedef struct _MsvisVisDb26Writer MsvisVisDb26Writer;

extern const char *const msvis_vis_db26_schema[];

MsvisVisDb26Writer *msvis_vis_db26_writer_new      (const char              *path,
                                                    const MsvisVisOptions   *options,
                                                    GError                 **error);
gboolean            msvis_vis_db26_writer_add      (MsvisVisDb26Writer      *self,
                                                    MsvisGraph              *npu,
                                                    const MsvisVisCompare   *compare,
                                                    gint                     step,
                                                    gint                     rank,
                                                    GCancellable            *cancellable,
                                                    GError                 **error);
gboolean            msvis_vis_db26_writer_commit   (MsvisVisDb26Writer      *self,
                                                    gboolean                 distributed,
                                                    GError                 **error);
const char         *msvis_vis_db26_writer_get_path (MsvisVisDb26Writer      *self);
void                msvis_vis_db26_writer_free     (MsvisVisDb26Writer      *self);

/* The distributed post-pass on an open database (msprobe-2026.md §10.7), in
 * msvis-vis-db26-distributed.c. */
gboolean            msvis_vis_db26_link_distributed (gpointer                sqlite_db,
                                                     gboolean                overflow_check,
                                                     GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisVisDb26Writer, msvis_vis_db26_writer_free)

G_END_DECLS
