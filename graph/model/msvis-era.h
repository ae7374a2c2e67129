// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Which msprobe a run reproduces: the July-2025 `msprobe graph` (docs/vis-format.md, the JSON
 * .vis) or mindstudio-probe 26.0.0's `graph_visualize` (docs/msprobe-2026.md, the .vis.db with
 * pass/warning/error levels). One pipeline serves both: the era switches builder rules, the
 * precision model and the item text, never the order of the steps. The zero value is July, so
 * every options struct that does not say otherwise keeps today's byte-identical output. */
typedef enum
{
  MSVIS_ERA_2025_07 = 0,
  MSVIS_ERA_2026,
} MsvisEra;

G_END_DECLS
