// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-compare-mode.h"
#include "msvis-era.h"
#include "msvis-graph.h"

G_BEGIN_DECLS

/* GraphComparator.compare (vis-format.md §4.2–§4.4): matches the NPU graph's nodes with the
 * benchmark's, compares the matched pairs and pages the benchmark's root children by the
 * NPU's micro steps. Everything it finds is stored in the graphs' compare results. */

typedef struct
{
  MsvisCompareMode  mode;
  gboolean          fuzzy;         /* -f, which wins over -lm as in msprobe */
  GHashTable       *mapping;       /* -lm: NPU id → bench id, or NULL */
  /* real-data mode: where the tensor files are (NULL: not on a path), what went wrong */
  const char       *npu_tensor_dir;
  const char       *bench_tensor_dir;
  GPtrArray        *warnings;
  GCancellable     *cancellable;
  gboolean          any_shape;     /* fuzzy without the shape check (parallel merge) */
  gboolean          keep_bench_micro_steps; /* merged graphs were paged before the merge */
  guint             threads;       /* that compare the matched data; 0: one per core, for
                                    * compares big enough to gain from them */
  MsvisEra          era;           /* July: type/shape-checked matching, continuous index;
                                    * 2026: id matching, pass/warning/error (msprobe-2026.md
                                    * §5, §7) */
} MsvisCompareOptions;

void   msvis_compare_graphs      (MsvisGraph                *npu,
                                  MsvisGraph                *bench,
                                  const MsvisCompareOptions *options);
gboolean msvis_compare_graphs_full (MsvisGraph                 *npu,
                                    MsvisGraph                 *bench,
                                    const MsvisCompareOptions  *options,
                                    GError                    **error);
char  *msvis_compare_recount_key (const char                *api_id);

typedef void (*MsvisCompareCollectionFunc) (MsvisGraph  *npu,
                                            MsvisNodeId  collection,
                                            gpointer     user_data);

void   msvis_compare_index_api_collections  (MsvisGraph                 *npu,
                                             MsvisCompareMode            mode);
void   msvis_compare_index_api_collections_for_era (MsvisGraph          *npu,
                                                    MsvisCompareMode     mode,
                                                    MsvisEra             era);
void   msvis_compare_foreach_api_collection (MsvisGraph                 *npu,
                                             MsvisCompareCollectionFunc  func,
                                             gpointer                    user_data);

G_END_DECLS
