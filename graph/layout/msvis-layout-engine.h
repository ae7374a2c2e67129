// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-graph.h"
#include "msvis-layout.h"

G_BEGIN_DECLS

/* Lays out one graph again and again as containers open and close. Each expanded container's
 * children are placed by graphviz in call order (leaves in rows of up to five, fewer when the
 * wrap width holds fewer; containers on rows of their own, as tb_graph_ascend stacks them)
 * in chunks of a bounded size, and every chunk is cached: opening a node re-lays out only the
 * chunks whose children changed size.
 *
 * cgraph is not thread-safe: every graphviz call in the process runs under one lock, and the
 * _async variant runs on one dedicated thread so that requests queue instead of piling up. */

typedef struct _MsvisLayoutEngine MsvisLayoutEngine;

#define MSVIS_TYPE_LAYOUT_ENGINE (msvis_layout_engine_get_type ())

GType              msvis_layout_engine_get_type   (void) G_GNUC_CONST;
MsvisLayoutEngine *msvis_layout_engine_new        (MsvisGraph         *graph);
MsvisLayoutEngine *msvis_layout_engine_ref        (MsvisLayoutEngine  *self);
void               msvis_layout_engine_unref      (MsvisLayoutEngine  *self);

MsvisLayout       *msvis_layout_engine_run        (MsvisLayoutEngine  *self,
                                                   GHashTable         *expanded,
                                                   gint                micro_step,
                                                   GCancellable       *cancellable,
                                                   GError            **error);
void               msvis_layout_engine_run_async  (MsvisLayoutEngine  *self,
                                                   GHashTable         *expanded,
                                                   gint                micro_step,
                                                   GCancellable       *cancellable,
                                                   GAsyncReadyCallback callback,
                                                   gpointer            user_data);
MsvisLayout       *msvis_layout_engine_run_finish (GAsyncResult       *result,
                                                   GError            **error);
void               msvis_layout_engine_set_wrap_width (MsvisLayoutEngine *self,
                                                       double             width);

const char        *msvis_layout_short_label       (const char         *id,
                                                   gboolean            top_level,
                                                   gboolean            is_module);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisLayoutEngine, msvis_layout_engine_unref)

G_END_DECLS
