// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <adwaita.h>

#include "msvis-match-session.h"
#include "msvis-window-private.h"

G_BEGIN_DECLS

/* What msvis-match-actions.c (the "match" actions) and msvis-match-edit.c (edits that wait
 * for tensor files read on a worker) share. */

struct _MsvisMatchUi
{
  MsvisWindow       *window;       /* not a reference: the window owns this */
  GSimpleActionGroup *group;
  MsvisMatchSession *session;
  GFile             *file;         /* where the document came from */
  MsvisNodeId        npu;          /* last picked on each side */
  MsvisNodeId        bench;
  gboolean           descendants;
  AdwToast          *offer;        /* weak: the toast offering the picked pair */
  gboolean           answered;     /* the user just said save or discard: do not ask again */
  GtkWidget         *panel;        /* the sidebar's Matching page */
  GCancellable      *pending;      /* an edit waiting for tensor files read on a worker */
};

/* msvis-match-actions.c */
void     _msvis_match_ui_toast             (MsvisMatchUi           *ui,
                                            const char             *text);
void     _msvis_match_ui_refresh           (MsvisMatchUi           *ui);
void     _msvis_match_ui_say_change        (MsvisMatchUi           *ui,
                                            const char             *verb,
                                            const MsvisMatchChange *change);

/* msvis-match-edit.c */
void     _msvis_match_ui_start_edit        (MsvisMatchUi           *ui,
                                            GPtrArray              *pairs,
                                            const char             *origin);
void     _msvis_match_ui_cancel_pending    (MsvisMatchUi           *ui);
gboolean _msvis_match_ui_refuse_if_pending (MsvisMatchUi           *ui);

G_END_DECLS
