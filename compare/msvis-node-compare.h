// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-compare-mode.h"
#include "msvis-era.h"
#include "msvis-graph.h"

G_BEGIN_DECLS

/* compare_node and add_compare_result_to_node (vis-format.md §4.3–§4.5): pairs the data items
 * of two matched nodes, appends the metric columns to the NPU items and gives the NPU node
 * its precision_index. Bench items are never changed. */

typedef struct _MsvisNodeCompare MsvisNodeCompare;

MsvisNodeCompare *msvis_node_compare_new  (MsvisCompareMode  mode,
                                           MsvisGraph       *npu,
                                           MsvisGraph       *bench);
MsvisNodeCompare *msvis_node_compare_new_for_era (MsvisEra          era,
                                                 MsvisCompareMode  mode,
                                                 MsvisGraph       *npu,
                                                 MsvisGraph       *bench);
const char *const *msvis_node_compare_columns (MsvisCompareMode  mode,
                                               guint            *n_columns);
void              msvis_node_compare_set_parallel_merge (MsvisNodeCompare *self,
                                                         gboolean          parallel_merge);
void              msvis_node_compare_free (MsvisNodeCompare *self);
void              msvis_node_compare_set_store (MsvisNodeCompare *self,
                                                guint             store);
void              msvis_node_compare_run  (MsvisNodeCompare *self,
                                           MsvisNodeId       npu_node,
                                           MsvisNodeId       bench_node);
void              msvis_node_compare_finish (MsvisNodeCompare *self,
                                             const char       *npu_tensor_dir,
                                             const char       *bench_tensor_dir,
                                             GPtrArray        *warnings,
                                             GCancellable     *cancellable);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisNodeCompare, msvis_node_compare_free)

G_END_DECLS
