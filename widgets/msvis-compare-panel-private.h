// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-compare-panel.h"
#include "msvis-node-details-private.h"

G_BEGIN_DECLS

/* Shared by msvis-compare-panel.c (the table) and msvis-compare-panel-reveal.c (bringing the
 * worst cell into view). */

#define CELL_CHARS  16   /* a column is as wide as its longest value, up to this */
#define NAME_CHARS  30
#define COLUMN_GAP  8
#define GRID_MARGIN 8
#define ROW_GAP     2    /* between lines, and under the last: a view of whole lines ends at a
                          * line's top */

struct _MsvisComparePanel
{
  GtkWidget         parent_instance;

  GtkWidget        *title;       /* the pair, and where its worst cell is */
  GtkWidget        *stack;       /* "empty", "table" */
  GtkWidget        *frozen;      /* Name and Side: a grid that scrolls down only */
  GtkWidget        *cells;       /* the rest: a grid that scrolls both ways */
  GtkWidget        *frozen_scroller;
  GtkWidget        *scroller;
  GtkWidget        *worst_cell;
  GtkWidget        *hscrollbar;  /* under the columns, not over their last line */
  GtkWidget        *frozen_titles; /* Name and Side, above the lines: they stay in view */
  GtkWidget        *titles;      /* the other titles, scrolled sideways with the lines */
  GCancellable     *cancellable;
  MsvisDetailsData *data;
  guint             n_columns;
  guint             reveal_id;
  guint             reveal_passes;
  guint             reveal_retries; /* waits for room after the last lines */
  gboolean          reading;     /* a pair's items are on their way: the table is not theirs */
};

/* A GSourceFunc: after the grid is allocated, the worst cell's column and line in view. */
gboolean   _msvis_compare_panel_reveal_worst  (gpointer           user_data);
GtkWidget *_msvis_compare_panel_fit_lines_new (MsvisComparePanel *self,
                                               GtkWidget         *scroller);

G_END_DECLS
