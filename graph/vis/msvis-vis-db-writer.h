// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-vis-writer.h"

G_BEGIN_DECLS

/* Errors SQLite reports while a .vis.db is written. */
#define MSVIS_VIS_DB_ERROR (msvis_vis_db_error_quark ())

typedef enum
{
  MSVIS_VIS_DB_ERROR_WRITE,    /* SQLite refused a statement */
  MSVIS_VIS_DB_ERROR_FINISH,   /* the database could not be committed and closed */
} MsvisVisDbError;

GQuark msvis_vis_db_error_quark (void);

/* The SQLite .vis.db of msprobe 8.2.1 (vis-format.md §7): every step and rank of a run in one
 * file, written in one transaction under a temporary name and renamed only by commit. */

typedef struct _MsvisVisDbWriter MsvisVisDbWriter;

/* The tables and indexes exactly as msprobe's db_utils.py creates them, in creation order. */
extern const char *const msvis_vis_db_schema[];

MsvisVisDbWriter *msvis_vis_db_writer_new      (const char              *path,
                                                const MsvisVisOptions   *options,
                                                GError                 **error);
gboolean          msvis_vis_db_writer_add      (MsvisVisDbWriter        *self,
                                                MsvisGraph              *npu,
                                                const MsvisVisCompare   *compare,
                                                gint                     step,
                                                gint                     rank,
                                                GCancellable            *cancellable,
                                                GError                 **error);
gboolean          msvis_vis_db_writer_commit   (MsvisVisDbWriter        *self,
                                                GError                 **error);
const char       *msvis_vis_db_writer_get_path (MsvisVisDbWriter        *self);
void              msvis_vis_db_writer_free     (MsvisVisDbWriter        *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisVisDbWriter, msvis_vis_db_writer_free)

G_END_DECLS
