// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph-canvas.h"

G_BEGIN_DECLS

/* The strip between the NPU and Bench canvases. Its parent draws, over both canvases, one curve
 * per matched pair in view (msvis_link_gutter_snapshot_links), the selected pair on top in the
 * accent colour. */

#define MSVIS_TYPE_LINK_GUTTER (msvis_link_gutter_get_type ())

G_DECLARE_FINAL_TYPE (MsvisLinkGutter, msvis_link_gutter, MSVIS, LINK_GUTTER, GtkWidget)

GtkWidget *msvis_link_gutter_new          (void);
void       msvis_link_gutter_set_canvases (MsvisLinkGutter  *self,
                                           MsvisGraphCanvas *npu,
                                           MsvisGraphCanvas *bench);
void       msvis_link_gutter_snapshot_links (MsvisLinkGutter *self,
                                             GtkWidget       *relative,
                                             GtkSnapshot     *snapshot);

G_END_DECLS
