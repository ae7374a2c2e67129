// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

#include "msvis-trend-reader.h"

G_BEGIN_DECLS

/* The rows of a heat map over targets, as a tree of their dotted module paths (single-child
 * chains joined) so that a model's layers fold; leaves keep the model order of their first
 * appearance. A group row shows, per column, its leaves' value of largest magnitude. */

typedef struct
{
  char   *label;        /* the part of the name this row adds to its parent's */
  gint    parent;       /* a group's index, or -1 */
  guint   depth;
  guint   first, last;  /* the leaves under it, [first, last) in leaf order */
  gint    target;       /* a leaf: the index in the targets (and slice rows); a group: -1 */
  gboolean folded;
} MsvisTrendRow;

typedef struct _MsvisTrendRows MsvisTrendRows;

MsvisTrendRows      *msvis_trend_rows_new_targets (const GArray         *targets,
                                                   const MsvisTrendSlice *slice);
MsvisTrendRows      *msvis_trend_rows_new_flat    (const GArray         *values,
                                                   const char           *format);
void                 msvis_trend_rows_free        (MsvisTrendRows       *self);
guint                msvis_trend_rows_n_visible   (MsvisTrendRows       *self);
const MsvisTrendRow *msvis_trend_rows_visible     (MsvisTrendRows       *self,
                                                   guint                 i);
guint                msvis_trend_rows_n_rows      (MsvisTrendRows       *self);
const MsvisTrendRow *msvis_trend_rows_get         (MsvisTrendRows       *self,
                                                   guint                 i);
gint                 msvis_trend_rows_find_target (MsvisTrendRows       *self,
                                                   gint                  target);
void                 msvis_trend_rows_toggle      (MsvisTrendRows       *self,
                                                   guint                 visible);
void                 msvis_trend_rows_fold_all    (MsvisTrendRows       *self,
                                                   gboolean              folded);
char                *msvis_trend_rows_full_name   (MsvisTrendRows       *self,
                                                   const MsvisTrendRow  *row);
void                 msvis_trend_rows_aggregate   (MsvisTrendRows       *self,
                                                   const MsvisTrendSlice *slice);
void                 msvis_trend_rows_cell        (MsvisTrendRows       *self,
                                                   const MsvisTrendSlice *slice,
                                                   const MsvisTrendRow  *row,
                                                   guint                 x,
                                                   double               *value,
                                                   MsvisTrendCell       *kind);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisTrendRows, msvis_trend_rows_free)

G_END_DECLS
