// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-vis-source.h"

G_BEGIN_DECLS

/* How a node of another rank is coloured in its own graph: the communication peers a node
 * names (matched_distributed, vis-format.md §4.9) shown in that rank's colour, as its graph
 * would draw it. The other ranks' graphs are read on demand and a few are kept; any thread
 * may ask. */

typedef struct _MsvisPeerLevels MsvisPeerLevels;

MsvisPeerLevels *msvis_peer_levels_new     (MsvisVisSource   *source);
MsvisPeerLevels *msvis_peer_levels_ref     (MsvisPeerLevels  *self);
void             msvis_peer_levels_unref   (MsvisPeerLevels  *self);
gboolean         msvis_peer_levels_lookup  (MsvisPeerLevels  *self,
                                            gint              step,
                                            gint              rank,
                                            const char       *name,
                                            char            **color,
                                            char            **label,
                                            GCancellable     *cancellable,
                                            GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisPeerLevels, msvis_peer_levels_unref)

G_END_DECLS
