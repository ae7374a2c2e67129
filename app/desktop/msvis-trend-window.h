// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <adwaita.h>

#include "msvis-trend-reader.h"
#include "msvis-trend-view.h"
#include "msvis-window.h"

G_BEGIN_DECLS

/* The trend view's window: a `.trend.db` opened, or a dump run folder turned into one in the
 * background (into the cache, never beside the dumps), and from a cell the graph of its rank
 * and step in a graph window. */

#define MSVIS_TYPE_TREND_WINDOW (msvis_trend_window_get_type ())

G_DECLARE_FINAL_TYPE (MsvisTrendWindow, msvis_trend_window, MSVIS, TREND_WINDOW,
                      AdwApplicationWindow)

MsvisTrendWindow *msvis_trend_window_new         (GtkApplication   *application);
void              msvis_trend_window_set_reader  (MsvisTrendWindow *self,
                                                  MsvisTrendReader *reader);
void              msvis_trend_window_import      (MsvisTrendWindow *self,
                                                  GFile            *run_dir,
                                                  GFile            *mapping);
void              msvis_trend_window_import_bench (MsvisTrendWindow *self,
                                                   GFile            *run_dir);
gboolean          msvis_trend_window_is_busy     (MsvisTrendWindow *self);
void              msvis_trend_window_set_run_dir (MsvisTrendWindow *self,
                                                  GFile            *run_dir);
MsvisTrendView   *msvis_trend_window_get_view    (MsvisTrendWindow *self);
MsvisWindow      *msvis_trend_window_get_graph_window (MsvisTrendWindow *self);

/* msvis-window-trend.c: the graph window's side */
void              msvis_window_open_trend_db     (MsvisWindow      *self,
                                                  GFile            *file);
void              msvis_window_open_dump_node    (MsvisWindow      *self,
                                                  GFile            *dump_dir,
                                                  GFile            *bench_dir,
                                                  const char       *node_name);
const char       *msvis_window_get_pending_node  (MsvisWindow      *self);

G_END_DECLS
