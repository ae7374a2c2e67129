// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-match-session.h"

G_BEGIN_DECLS

/* Matching without blocking the caller's thread on tensor files. In a mindstudio-probe 26.0.0
 * real-data compare a match reads the tensor files of every pair it makes: these edits
 * collect the files first (the graphs are left as they were), read them on a worker, and
 * make the edit, as the synchronous functions make it, when the callback calls the finish
 * function. Every other edit is made at once. The graphs change only in the finish function,
 * on the caller's thread; until then the caller makes no other edit of the session and keeps
 * it alive, or cancels @cancellable first (then the session is not touched again). */

gboolean msvis_match_session_match_async       (MsvisMatchSession    *self,
                                                MsvisNodeId           npu_node,
                                                MsvisNodeId           bench_node,
                                                gboolean              descendants,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean msvis_match_session_apply_pairs_async (MsvisMatchSession    *self,
                                                GPtrArray            *pairs,
                                                const char           *origin,
                                                GCancellable         *cancellable,
                                                GAsyncReadyCallback   callback,
                                                gpointer              user_data);
gboolean msvis_match_session_edit_finish       (MsvisMatchSession    *self,
                                                GAsyncResult         *result,
                                                MsvisMatchChange     *change,
                                                GError              **error);

G_END_DECLS
