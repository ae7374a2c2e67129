// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A small square of one colour: a legend entry, or a node's fill beside its name. */

#define MSVIS_TYPE_SWATCH (msvis_swatch_get_type ())

G_DECLARE_FINAL_TYPE (MsvisSwatch, msvis_swatch, MSVIS, SWATCH, GtkWidget)

GtkWidget  *msvis_swatch_new       (void);
const char *msvis_swatch_get_color (MsvisSwatch *self);
void        msvis_swatch_set_color (MsvisSwatch *self,
                                    const char  *color);

G_END_DECLS
