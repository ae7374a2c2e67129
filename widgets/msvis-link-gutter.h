// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph-canvas.h"

G_BEGIN_DECLS

/* The strip between the NPU and Bench canvases, where the curves joining the matched pairs in
 * view are drawn (in the strip only, never over the graphs), thinned to one per container run
 * when there are more than the strip can show apart; the selected pair on top in the accent
 * colour. */

#define MSVIS_TYPE_LINK_GUTTER (msvis_link_gutter_get_type ())

G_DECLARE_FINAL_TYPE (MsvisLinkGutter, msvis_link_gutter, MSVIS, LINK_GUTTER, GtkWidget)

GtkWidget *msvis_link_gutter_new          (void);
void       msvis_link_gutter_set_canvases (MsvisLinkGutter  *self,
                                           MsvisGraphCanvas *npu,
                                           MsvisGraphCanvas *bench);
guint      msvis_link_gutter_get_n_drawn  (MsvisLinkGutter  *self);

G_END_DECLS
