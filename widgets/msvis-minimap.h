// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-graph-canvas.h"

G_BEGIN_DECLS

/* A small overview of a canvas's whole layout, with the part in view as a rectangle: a click
 * or a drag in it pans the canvas. It shows only when the layout does not fit the view, in a
 * corner where it hides no node name (faint when every corner has names), and never over the
 * selected node (hidden when no corner is clear of it). */

#define MSVIS_TYPE_MINIMAP (msvis_minimap_get_type ())

G_DECLARE_FINAL_TYPE (MsvisMinimap, msvis_minimap, MSVIS, MINIMAP, GtkWidget)

GtkWidget *msvis_minimap_new          (MsvisGraphCanvas *canvas);
gboolean   msvis_minimap_is_shown     (MsvisMinimap     *self);
gboolean   msvis_minimap_get_viewport (MsvisMinimap     *self,
                                       graphene_rect_t  *viewport);
void       msvis_minimap_pan_to       (MsvisMinimap     *self,
                                       double            x,
                                       double            y);
gboolean   msvis_minimap_covers_names (MsvisMinimap     *self);

G_END_DECLS
