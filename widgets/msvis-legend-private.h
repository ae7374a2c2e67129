// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-legend.h"

G_BEGIN_DECLS

/* msvis-legend-shapes.c */
GtkWidget *_msvis_legend_shapes_new (void);

G_END_DECLS
