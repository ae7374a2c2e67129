// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-match-session.h"

G_BEGIN_DECLS

/* Manual matching on a mindstudio-probe 26.0.0 .vis.db as its own viewer does it
 * (msprobe-2026.md §10.9): the rows of the pairs are updated in a copy of the file
 * (matched_node_link, input_data, output_data, precision_index, modified = 1) with the metrics
 * msprobe's MatchedNodeCalculator computes, and everything else stays as it was; the copy
 * takes the output's name when complete. */

typedef struct
{
  const char *input;     /* a 26.0.0 .vis.db */
  const char *output;    /* the input itself, or a new .vis.db */
  GPtrArray  *pairs;     /* (element-type MsvisMatchPair) */
  const char *origin;    /* where the pairs come from, for messages */
  gboolean    unmatch;   /* unlink the pairs instead */
  gint        step;      /* -1: the first the file holds */
  gint        rank;
  gboolean    replace;   /* an existing output may be replaced */
  GPtrArray  *unlink;    /* (nullable) (element-type MsvisMatchPair): pairs unlinked before
                          * anything else, without their twins (what a session changed) */
} MsvisMatchDb26Job;

gboolean msvis_match_db26_run    (const MsvisMatchDb26Job  *job,
                                  MsvisMatchChange         *change,
                                  GError                  **error);

G_END_DECLS
