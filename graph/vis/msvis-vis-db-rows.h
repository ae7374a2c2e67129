// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

#include "msvis-compare-results.h"

G_BEGIN_DECLS

/* A .vis.db changed row by row, as mindstudio-probe 26.0.0's viewer changes it when nodes are
 * matched by hand (msprobe-2026.md §10.9): a copy made beside the output with SQLite's backup
 * (so rows a -wal still holds are in it), changed in one transaction, and given the output's
 * name only by commit; freed before that, it leaves nothing behind. */

typedef struct _MsvisVisDbRows MsvisVisDbRows;

typedef struct
{
  const char    *data_source;   /* "NPU" or "Bench" */
  const char    *name;
  char          *link;          /* the texts to write */
  char          *input;
  char          *output;
  MsvisPrecision precision;
} MsvisVisDbRow;

gboolean        msvis_vis_db_rows_read_links (const char           *path,
                                              gint                  step,
                                              gint                  rank,
                                              GHashTable          **links,
                                              GError              **error);
MsvisVisDbRows *msvis_vis_db_rows_open       (const char           *input,
                                              const char           *output,
                                              gint                  step,
                                              gint                  rank,
                                              gboolean              replace,
                                              GError              **error);
const char     *msvis_vis_db_rows_get_task   (MsvisVisDbRows       *self);
gint            msvis_vis_db_rows_get_step   (MsvisVisDbRows       *self);
gint            msvis_vis_db_rows_get_rank   (MsvisVisDbRows       *self);
gboolean        msvis_vis_db_rows_read_row   (MsvisVisDbRows       *self,
                                              const char           *data_source,
                                              const char           *name,
                                              GStrv                *row,
                                              GError              **error);
gboolean        msvis_vis_db_rows_update_row (MsvisVisDbRows       *self,
                                              const MsvisVisDbRow  *row,
                                              GError              **error);
gboolean        msvis_vis_db_rows_commit     (MsvisVisDbRows       *self,
                                              GError              **error);
void            msvis_vis_db_rows_free       (MsvisVisDbRows       *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisVisDbRows, msvis_vis_db_rows_free)

G_END_DECLS
