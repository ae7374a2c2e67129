// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-trend-heatmap.h"

G_BEGIN_DECLS

/* Shared by msvis-trend-heatmap.c (drawing, scrolling) and -input.c (pointer, keys, tooltip). */

struct _MsvisTrendHeatmap
{
  GtkWidget        parent_instance;

  MsvisTrendSlice *slice;
  MsvisTrendRows  *rows;
  GArray          *targets;      /* MsvisTrendTarget of the slice's rows, or NULL (ranks) */
  GArray          *marks;        /* MsvisTrendMark */
  char            *x_title;
  char            *y_title;
  MsvisTrendScale  scale;
  gboolean         want_log;
  guint            cursor_x;     /* the keyboard's cell */
  guint            cursor_row;   /* a visible row */
  GtkAdjustment   *hadjustment;
  GtkAdjustment   *vadjustment;
  guint            hscroll_policy : 1;
  guint            vscroll_policy : 1;
};

enum
{
  CELL_ACTIVATED,
  CELL_OPEN,
  N_SIGNALS,
};

extern guint _msvis_trend_heatmap_signals[N_SIGNALS];

guint    _msvis_trend_heatmap_n_columns   (MsvisTrendHeatmap     *self);
guint    _msvis_trend_heatmap_n_rows      (MsvisTrendHeatmap     *self);
void     _msvis_trend_heatmap_configure   (MsvisTrendHeatmap     *self);
gboolean _msvis_trend_heatmap_key_pressed (GtkEventControllerKey *controller,
                                           guint                  keyval,
                                           guint                  keycode,
                                           GdkModifierType        state,
                                           MsvisTrendHeatmap     *self);

G_END_DECLS
