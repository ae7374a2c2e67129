// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-minimap.h"

G_BEGIN_DECLS

/* msvis-minimap.c */
MsvisGraphCanvas *_msvis_minimap_get_canvas (MsvisMinimap     *self);

/* msvis-minimap-place.c */
gboolean          _msvis_minimap_place      (GtkWidget        *minimap,
                                             MsvisGraphCanvas *canvas,
                                             GtkAlign          home_halign,
                                             gboolean          hovered);

G_END_DECLS
