// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* The Find entry's query: name words and column terms, all of which a node must satisfy.
 *
 *   Linear forward        the name holds both words (case-insensitive)
 *   cosine<0.99           some input or output's Cosine is below 0.99
 *   MaxRelativeErr>1%     … above 0.01 ("23.07%" in a cell reads as 0.2307)
 *   "Max diff">=0.5       a column name with spaces, quoted (or written maxdiff, max_diff)
 *   err:shape             some Err_message holds "shape"
 *   dtype:bf16            some dtype holds bfloat16 (bf16, fp16, fp32, fp64 are aliases)
 *   shape:4096            some shape has a dimension 4096
 *   Result:error          any column: its text holds the value
 *
 * Column names are the file's item keys (vis-format.md §4.3, msprobe-2026.md §7.6), matched
 * ignoring case, spaces, '_' and '-'. Operators: < <= > >= = != and ':' for text. A cell that
 * is not a number ("N/A", "unsupported", Nan) satisfies no comparison. */

typedef struct _MsvisNodeQuery MsvisNodeQuery;

#define MSVIS_NODE_QUERY_ERROR (msvis_node_query_error_quark ())

typedef enum
{
  MSVIS_NODE_QUERY_ERROR_SYNTAX,   /* a term without a column or a value, an open quote */
  MSVIS_NODE_QUERY_ERROR_NUMBER,   /* a comparison with something that is not a number */
  MSVIS_NODE_QUERY_ERROR_COLUMN,   /* a column the graph's items do not have */
} MsvisNodeQueryError;

GQuark             msvis_node_query_error_quark  (void);

MsvisNodeQuery    *msvis_node_query_parse        (const char      *text,
                                                  GError         **error);
void               msvis_node_query_free         (MsvisNodeQuery  *self);

const char *const *msvis_node_query_get_words    (MsvisNodeQuery  *self);
guint              msvis_node_query_get_n_terms  (MsvisNodeQuery  *self);

gboolean           msvis_node_query_bind         (MsvisNodeQuery  *self,
                                                  MsvisGraph      *graph,
                                                  MsvisGraph      *other,
                                                  GError         **error);
gboolean           msvis_node_query_match_terms  (MsvisNodeQuery  *self,
                                                  MsvisGraph      *graph,
                                                  MsvisNodeId      node,
                                                  MsvisNodeId      counterpart);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisNodeQuery, msvis_node_query_free)

G_END_DECLS
