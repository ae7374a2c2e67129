// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-vis-source.h"

G_BEGIN_DECLS

/* A run of several graphs at a glance: a rank × step grid, each cell in its graph's worst
 * colour with its counts (leaves, as the Legend counts them); a click asks for that graph
 * (::graph-activated). The graphs are read on a worker, from a source of its own. */

#define MSVIS_TYPE_RUN_OVERVIEW (msvis_run_overview_get_type ())

G_DECLARE_FINAL_TYPE (MsvisRunOverview, msvis_run_overview, MSVIS, RUN_OVERVIEW, GtkWidget)

GtkWidget *msvis_run_overview_new        (void);
void       msvis_run_overview_set_source (MsvisRunOverview *self,
                                          MsvisVisSource   *source);
gboolean   msvis_run_overview_is_ready   (MsvisRunOverview *self);
GtkWidget *msvis_run_overview_get_cell   (MsvisRunOverview *self,
                                          gint              step,
                                          gint              rank);

G_END_DECLS
