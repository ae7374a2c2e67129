// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-dump-reader.h"
#include "msvis-era.h"
#include "msvis-graph.h"

G_BEGIN_DECLS

typedef struct
{
  MsvisEra            era;             /* which msprobe's builder rules apply */
  gboolean            complete_stack;  /* -cs: keep whole stacks */
  gboolean            keep_md5;        /* md5 compares write each item's md5 */
  MsvisDumpEntryFunc  entry_hook;      /* (nullable): also sees every dump.json entry */
  gpointer            hook_data;
  /* (nullable) (element-type utf8): gets a message for each thing the build leaves out as
   * msprobe does; builds on several threads may share one (they append under a lock) */
  GPtrArray          *warnings;
} MsvisBuildOptions;

MsvisGraph    *msvis_graph_build              (GFile                    *dump_dir,
                                               const MsvisBuildOptions  *options,
                                               MsvisDumpHeader          *header,
                                               GCancellable             *cancellable,
                                               GError                  **error);
MsvisNodeType  msvis_node_type_for_name       (const char               *name);
MsvisNodeType  msvis_node_type_in_era         (const char               *name,
                                               MsvisEra                  era);
void           msvis_graph_number_micro_steps (MsvisGraph               *graph);
void           msvis_graph_clear_micro_steps  (MsvisGraph               *graph);

G_END_DECLS
