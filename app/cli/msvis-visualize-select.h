// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph-job.h"
#include "msvis-visualize-args.h"

G_BEGIN_DECLS

gboolean msvis_visualize_select       (const MsvisVisualizeArgs  *args,
                                       gboolean                   merge,
                                       MsvisGraphJob             *job,
                                       GError                   **error);
void     msvis_visualize_select_clear (MsvisGraphJob             *job);

G_END_DECLS
