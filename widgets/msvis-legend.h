// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* What the colours of a document mean: msprobe's Colors with their ranges and descriptions,
 * the unmatched grey, the overflow palette, leaf counts, and the ToolTip's metric texts. */

#define MSVIS_TYPE_LEGEND (msvis_legend_get_type ())

G_DECLARE_FINAL_TYPE (MsvisLegend, msvis_legend, MSVIS, LEGEND, GtkWidget)

GtkWidget *msvis_legend_new          (void);
void       msvis_legend_set_document (MsvisLegend      *self,
                                      MsvisVisDocument *doc);

G_END_DECLS
