// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *msvis_vis_legend26_colors (const char *task);

G_END_DECLS
