// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-types.h"

G_BEGIN_DECLS

/* What comparing a graph with another one put on it (vis-format.md §4): the counterpart of
 * each matched node, node data (precision_index, Result) and the metric columns appended to
 * data items. A build has none of it, so it lives beside the graph rather than in its rows. */

typedef struct _MsvisCompareResults MsvisCompareResults;

/* Python's int and float print differently: 0 and 0.0 are different bytes in a .vis. */
typedef enum
{
  MSVIS_PRECISION_NONE,
  MSVIS_PRECISION_INT,
  MSVIS_PRECISION_FLOAT,
} MsvisPrecisionKind;

typedef struct
{
  MsvisPrecisionKind kind;
  double             value;   /* an int kind holds 0 or 1 */
} MsvisPrecision;

typedef enum
{
  MSVIS_MD5_RESULT_NONE,
  MSVIS_MD5_RESULT_PASS,
  MSVIS_MD5_RESULT_DIFFERENT,
} MsvisMd5Result;

MsvisCompareResults *msvis_compare_results_new              (void);
void                 msvis_compare_results_free             (MsvisCompareResults *self);

void                 msvis_compare_results_set_link         (MsvisCompareResults *self,
                                                             MsvisNodeId          node,
                                                             MsvisNodeId          other);
MsvisNodeId          msvis_compare_results_get_link         (MsvisCompareResults *self,
                                                             MsvisNodeId          node);
void                 msvis_compare_results_set_precision    (MsvisCompareResults *self,
                                                             MsvisNodeId          node,
                                                             MsvisPrecision       precision);
MsvisPrecision       msvis_compare_results_get_precision    (MsvisCompareResults *self,
                                                             MsvisNodeId          node);
void                 msvis_compare_results_set_md5_result   (MsvisCompareResults *self,
                                                             MsvisNodeId          node,
                                                             MsvisMd5Result       result);
MsvisMd5Result       msvis_compare_results_get_md5_result   (MsvisCompareResults *self,
                                                             MsvisNodeId          node);
void                 msvis_compare_results_set_metrics      (MsvisCompareResults *self,
                                                             guint32              item,
                                                             const MsvisField    *fields,
                                                             guint                n_fields);
void                 msvis_compare_results_set_metrics_in   (MsvisCompareResults *self,
                                                             guint                store,
                                                             guint32              item,
                                                             const MsvisField    *fields,
                                                             guint                n_fields);
const MsvisField    *msvis_compare_results_get_metrics      (MsvisCompareResults *self,
                                                             guint32              item,
                                                             guint               *n_fields);

void                 msvis_compare_results_share            (MsvisCompareResults *self,
                                                             guint                n_nodes,
                                                             guint                n_items,
                                                             guint                n_threads);

void                 msvis_precision_append_display         (GString             *out,
                                                             MsvisPrecision       precision);
void                 msvis_precision_append_repr            (GString             *out,
                                                             MsvisPrecision       precision);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisCompareResults, msvis_compare_results_free)

G_END_DECLS
