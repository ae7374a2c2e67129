// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-compare-view.h"
#include "msvis-graph-canvas.h"

G_BEGIN_DECLS

/* For the tests of graphs on the canvas: msprobe 26's reference outputs
 * (tests/data/reference-2026/out/@relative, a missing one fails), a canvas's first layout
 * shown, a leaf that can be scrolled anywhere, and the counterpart a node is matched with. */

char             *msvis_ui_test_reference_2026       (const char        *relative);
MsvisVisDocument *msvis_ui_test_read_2026            (const char        *relative);
gboolean          msvis_ui_test_canvas_laid_out      (gpointer           canvas);
/* A window of @width × @height (its default size) shown with one side of @doc on a canvas in a
 * scrolled window; the layout is not waited for. */
MsvisGraphCanvas *msvis_ui_test_show_canvas          (MsvisVisDocument  *doc,
                                                      gboolean           is_bench,
                                                      int                width,
                                                      int                height,
                                                      GtkWidget        **window);
/* A canvas and the layout it had: msvis_ui_test_relaid() is TRUE once it has another. */
typedef struct
{
  MsvisGraphCanvas *canvas;
  MsvisLayout      *old;
} MsvisUiTestRelaid;

gboolean          msvis_ui_test_relaid               (gpointer           relaid);
MsvisNodeId       msvis_ui_test_middle_matched_leaf  (MsvisCompareView  *view,
                                                      MsvisVisDocument  *doc);
MsvisNodeId       msvis_ui_test_linked               (MsvisGraph        *graph,
                                                      const char        *id);

G_END_DECLS
