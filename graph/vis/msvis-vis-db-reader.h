// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* Reads msprobe's SQLite .vis.db (vis-format.md §7): tb_config, the steps and ranks it holds,
 * and one (step, rank) at a time as a document whose node data is read when asked for. */

typedef struct _MsvisVisDb MsvisVisDb;

typedef struct
{
  gint step;
  gint rank;
} MsvisVisDbGraphKey;

MsvisVisDb       *msvis_vis_db_open           (const char    *path,
                                               GError       **error);
MsvisVisDb       *msvis_vis_db_ref            (MsvisVisDb    *self);
void              msvis_vis_db_unref          (MsvisVisDb    *self);

gboolean          msvis_vis_db_is_compare     (MsvisVisDb    *self);
guint             msvis_vis_db_get_micro_steps (MsvisVisDb   *self);
gboolean          msvis_vis_db_get_overflow_check (MsvisVisDb *self);
GArray           *msvis_vis_db_get_rank_list  (MsvisVisDb    *self);
GArray           *msvis_vis_db_get_step_list  (MsvisVisDb    *self);

GArray           *msvis_vis_db_list_graphs    (MsvisVisDb    *self,
                                               GCancellable  *cancellable,
                                               GError       **error);
MsvisVisDocument *msvis_vis_db_load_full      (MsvisVisDb     *self,
                                               gint            step,
                                               gint            rank,
                                               MsvisProgress  *progress,
                                               GCancellable   *cancellable,
                                               GError        **error);
MsvisVisDocument *msvis_vis_db_load           (MsvisVisDb    *self,
                                               gint           step,
                                               gint           rank,
                                               GCancellable  *cancellable,
                                               GError       **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisVisDb, msvis_vis_db_unref)

G_END_DECLS
