// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* Which ranks a parallel-merged result holds. msprobe writes a merged graph with the rank of
 * its group's first rank, and its tb_config.rank_list names only that rank ([0] for a merge of
 * ranks 0–7), so the file says "rank 0" where the user merged eight. The ranks that went in are
 * left only in the graph: the "merged from rank [0, 1]" notes of TP merges, the
 * Apis_Between_Modules_Rank<N> collections and the APIs of other ranks renamed
 * "<api>_rank<N>" (vis-format.md §4.10, msprobe-2026.md §11). A merge that left none of these
 * (every rank dumped the same calls, no TP statistics) is, row for row, one rank's .vis.db
 * (build_merge, r12_full, cmp_merge_tp); only a --file_type json dump says "is_merged": true
 * (msvis_graph_get_merged_dump()), and names no rank: such a result is "merged", no list. */

gboolean  msvis_merged_ranks_collect  (MsvisGraph       *graph,
                                       GArray           *ranks,
                                       gboolean         *noted);
GArray   *msvis_merged_ranks_find     (MsvisVisDocument *doc);
char     *msvis_merged_ranks_format   (const GArray     *ranks);
char     *msvis_merged_ranks_describe (MsvisVisDocument *doc);
char     *msvis_merged_ranks_describe_found (const GArray *ranks);

G_END_DECLS
