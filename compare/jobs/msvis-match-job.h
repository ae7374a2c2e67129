// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-match-session.h"

G_BEGIN_DECLS

/* One run of `msvis match`: a .vis.config applied to a compare, without a window. */
typedef struct
{
  const char *input;       /* a .vis or a .vis.db */
  const char *config;      /* a .vis.config */
  const char *output;      /* a .vis, or a .vis.db when the input is one */
  gint        step;        /* of a .vis.db; -1: the first */
  gint        rank;
  gboolean    force;       /* an existing output may be replaced */
  gboolean    unmatch;     /* unlink the config's pairs instead of linking them */
  GPtrArray  *warnings;    /* (nullable) (element-type utf8): tensor files not read */
} MsvisMatchJob;

gboolean          msvis_match_job_run       (const MsvisMatchJob  *job,
                                             MsvisMatchChange     *change,
                                             GCancellable         *cancellable,
                                             GError              **error);
MsvisVisDocument *msvis_match_open_document (const char           *path,
                                             gint                  step,
                                             gint                  rank,
                                             GCancellable         *cancellable,
                                             GError              **error);

G_END_DECLS
