// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A `.vis.config` beside a compare .vis: the matches a user made by hand, as tb_graph_ascend
 * saves them (vis-format.md §6.5), `{NPU node name: Bench node name, …}`. */

typedef struct
{
  char *npu;
  char *bench;
} MsvisMatchPair;

GPtrArray *msvis_vis_config_read  (GFile      *file,
                                   GError    **error);
void       msvis_vis_config_read_async  (GFile               *file,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
GPtrArray *msvis_vis_config_read_finish (GAsyncResult        *result,
                                         GError             **error);
gboolean   msvis_vis_config_write (GFile      *file,
                                   GPtrArray  *pairs,
                                   gboolean    replace,
                                   GError    **error);
GPtrArray *msvis_match_pairs_new  (void);
void       msvis_match_pairs_add  (GPtrArray  *pairs,
                                   const char *npu,
                                   const char *bench);

G_END_DECLS
