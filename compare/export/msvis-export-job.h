// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-export.h"
#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* `msvis export`: open a result (or build a dump folder), open the containers asked for, lay
 * both sides out and write the picture; and the pieces of that the window shares. */

typedef enum
{
  MSVIS_EXPORT_SIDES_NPU = 1 << 0,
  MSVIS_EXPORT_SIDES_BENCH = 1 << 1,
  MSVIS_EXPORT_SIDES_BOTH = MSVIS_EXPORT_SIDES_NPU | MSVIS_EXPORT_SIDES_BENCH,
} MsvisExportSides;

typedef enum
{
  MSVIS_EXPAND_ROOT,     /* as the window opens a result */
  MSVIS_EXPAND_ALL,
  MSVIS_EXPAND_DEPTH,    /* containers above a depth */
  MSVIS_EXPAND_TO,       /* the ancestors of one node, on both sides */
  MSVIS_EXPAND_ERRORS,   /* the ancestors of every divergent node, on both sides */
} MsvisExpandMode;

typedef struct
{
  char             *input;        /* .vis, .vis.db, a folder of results, or a dump folder */
  char             *output;       /* .png, .svg or .pdf; replaced only with force */
  gboolean          force;        /* --force: replace a regular file of that name */
  MsvisExportSides  sides;
  MsvisExpandMode   expand;
  guint             depth;        /* MSVIS_EXPAND_DEPTH */
  char             *expand_to;    /* MSVIS_EXPAND_TO: a node id */
  gint              step;         /* -1: the first the result holds */
  gint              rank;
  gint              micro_step;   /* -1: all */
  double            scale;        /* PNG pixels per point; 0 means 1 */
  gboolean          overflow;     /* colour by overflow level */
} MsvisExportJob;

typedef void (*MsvisExportProgress) (const char *message,
                                     gpointer    user_data);

gboolean    msvis_export_job_run            (const MsvisExportJob  *job,
                                             MsvisExportProgress    progress,
                                             gpointer               progress_data,
                                             GCancellable          *cancellable,
                                             GError               **error);

/* Opens @path as the window does: a result file or folder, or a dump folder built on the
 * way (into a temporary folder that is removed again). */
MsvisVisDocument *msvis_export_open_document (const char           *path,
                                              gint                  step,
                                              gint                  rank,
                                              char                **name,
                                              GCancellable         *cancellable,
                                              GError              **error);


char       *msvis_export_file_stem          (const char           *name);
char       *msvis_export_describe_size      (MsvisExportScene     *scene,
                                             MsvisExportFormat     format);

/* The containers to open on one side; FALSE with an error when @mode names a node that
 * neither side has. */
GHashTable *msvis_export_expanded_set       (MsvisVisDocument     *doc,
                                             gboolean              bench,
                                             MsvisExpandMode       mode,
                                             guint                 depth,
                                             const char           *target,
                                             GError              **error);

/* The title, the legend and the sides (either layout may be NULL) of a picture of @doc;
 * an area NULL shows the whole layout. */
MsvisExportScene *msvis_export_scene_new_for_document (MsvisVisDocument *doc,
                                                       const char       *name,
                                                       gint              micro_step,
                                                       gboolean          overflow,
                                                       MsvisLayout      *npu,
                                                       const MsvisRect  *npu_area,
                                                       MsvisLayout      *bench,
                                                       const MsvisRect  *bench_area);

G_END_DECLS
