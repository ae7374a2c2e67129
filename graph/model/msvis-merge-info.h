// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* What a merged graph says about where its nodes came from, for a viewer: the sentences of
 * parallel_merge_info taken apart (to show them in the user's language), and the rank a node
 * of another rank carries in its name. */

typedef enum
{
  MSVIS_MERGE_LINE_OTHER,        /* a sentence msvis does not know: shown as it is */
  MSVIS_MERGE_LINE_TP_RANKS,     /* "… merged from rank [0, 1].": detail "[0, 1]" */
  MSVIS_MERGE_LINE_STAT,         /* "The Max value merging method for input.0 is: max(…) = …" */
  MSVIS_MERGE_LINE_OUTPUT_FROM,  /* "The output of this data is merged from X": detail X */
} MsvisMergeLineKind;

typedef struct
{
  MsvisMergeLineKind kind;
  char              *stat;     /* STAT: Max, Min, Mean or Norm */
  char              *tensor;   /* STAT: input.0, output.0, parameters.weight, … */
  char              *detail;   /* the formula, the ranks or the name */
} MsvisMergeLine;

gboolean msvis_merge_line_parse  (const char     *text,
                                  MsvisMergeLine *line);
void     msvis_merge_line_clear  (MsvisMergeLine *line);
gint     msvis_merge_node_rank   (MsvisGraph     *graph,
                                  MsvisNodeId     node);
char    *msvis_merge_node_ranks  (MsvisGraph     *graph,
                                  MsvisNodeId     node);
char    *msvis_merge_node_rank_id (MsvisGraph    *graph,
                                   MsvisNodeId    node);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MsvisMergeLine, msvis_merge_line_clear)

G_END_DECLS
