// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* What the viewer opened: one .vis with the other steps and ranks of its run, one .vis.db, or
 * a folder of results (its newest run). It lists the (step, rank) pairs it holds and loads
 * one of them at a time. Thread-safe after msvis_vis_source_open() returns. */

typedef struct _MsvisVisSource MsvisVisSource;

typedef struct
{
  gint step;   /* -1: the source does not say */
  gint rank;
} MsvisVisGraphKey;

/* Data on the GFile given to msvis_vis_source_open(): the result was just built from a
 * parallel merge's dumps (dump.json's "is_merged": true), which the result itself cannot say
 * (msprobe's rows of a merge that left no trace are one rank's). Its graphs then read "merged". */
#define MSVIS_VIS_SOURCE_MERGED_DUMP "msvis-merged-dump"

#define MSVIS_TYPE_VIS_SOURCE (msvis_vis_source_get_type ())

GType             msvis_vis_source_get_type   (void) G_GNUC_CONST;
MsvisVisSource   *msvis_vis_source_open       (GFile            *file,
                                               GCancellable     *cancellable,
                                               GError          **error);
MsvisVisSource   *msvis_vis_source_ref        (MsvisVisSource   *self);
void              msvis_vis_source_unref      (MsvisVisSource   *self);

const char       *msvis_vis_source_get_name   (MsvisVisSource   *self);
GFile            *msvis_vis_source_get_file   (MsvisVisSource   *self);
gboolean          msvis_vis_source_is_db      (MsvisVisSource   *self);
gboolean          msvis_vis_source_is_merged  (MsvisVisSource   *self);
const GArray     *msvis_vis_source_get_graphs (MsvisVisSource   *self);
MsvisVisDocument *msvis_vis_source_load       (MsvisVisSource   *self,
                                               MsvisVisGraphKey  key,
                                               GCancellable     *cancellable,
                                               GError          **error);
MsvisVisDocument *msvis_vis_source_load_full  (MsvisVisSource   *self,
                                               MsvisVisGraphKey  key,
                                               MsvisProgress    *progress,
                                               GCancellable     *cancellable,
                                               GError          **error);

GFile            *msvis_vis_source_dup_file_for (MsvisVisSource *self,
                                                 MsvisVisGraphKey key);
gboolean          msvis_path_is_dump_dir      (GFile            *dir);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisVisSource, msvis_vis_source_unref)

G_END_DECLS
