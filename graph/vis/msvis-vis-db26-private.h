// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"
#include "msvis-vis-item26.h"

G_BEGIN_DECLS

/* Shared between the 26.0.0 writer's files (msvis-vis-db26-walk.c). */

MsvisNodeId *_msvis_db26_post_order    (MsvisGraph        *graph,
                                        guint             *n_written);
gint        *_msvis_db26_micro_steps   (MsvisGraph        *graph,
                                        const MsvisNodeId *by_order,
                                        guint              n_written);
void         _msvis_db26_children_json (GString           *out,
                                        MsvisGraph        *graph,
                                        MsvisNodeId        node);
void         _msvis_db26_link_json     (GString           *out,
                                        GArray            *path,
                                        MsvisGraph        *graph,
                                        MsvisGraph        *other,
                                        MsvisNodeId        node);
void         _msvis_db26_stack_json    (GString           *out,
                                        MsvisGraph        *graph,
                                        guint32            stack);

/* The threads making row texts (msvis-vis-db26-rows.c). */
#define MSVIS_DB26_N_MAKERS 2

/* One graph's rows, as node_to_db writes them (msvis-vis-db26-writer.c). */
typedef struct
{
  MsvisGraph               *graph;
  MsvisGraph               *other;
  const char               *data_source;
  const char               *graph_id;
  gint                      step;
  gint                      rank;
  gboolean                  npu;
  const MsvisNodeId        *by_order;
  guint                     n_written;
  guint32                  *stack_ids;     /* per graph stack: its k, G_MAXUINT32 before seen */
  guint32                  *stack_of_id;   /* per k: the graph stack first numbered k */
  guint                     n_stack_ids;
  gint                     *micro_steps;
  guint32                  *order_of;      /* per graph node: its node_order, or G_MAXUINT32 */
  guint                     first_index_row;   /* its first row's place in the indexes */
  MsvisItem26Format        *items[MSVIS_DB26_N_MAKERS];   /* one per row thread */
} MsvisDb26GraphRows;

/* The texts of a row made on the row thread (msvis-vis-db26-rows.c); a tb_stack row has its
 * id in ROW_ID and its stack_info in CHILDREN. */
enum
{
  MSVIS_DB26_ROW_ID,
  MSVIS_DB26_CHILDREN,
  MSVIS_DB26_LINK,
  MSVIS_DB26_STACK_ID,
  MSVIS_DB26_MERGE,
  MSVIS_DB26_INPUTS,
  MSVIS_DB26_OUTPUTS,
  MSVIS_DB26_N_TEXTS
};

typedef struct
{
  guint       graph;   /* its MsvisDb26GraphRows */
  MsvisNodeId node;    /* MSVIS_NODE_ID_NONE: a tb_stack row */
  guint       order;
  gsize       start[MSVIS_DB26_N_TEXTS];
  gsize       len[MSVIS_DB26_N_TEXTS];
} MsvisDb26Row;

typedef struct _MsvisDb26RowQueue MsvisDb26RowQueue;


MsvisDb26RowQueue  *_msvis_db26_rows_start  (MsvisDb26GraphRows  *graphs,
                                             guint                n_graphs);
const MsvisDb26Row *_msvis_db26_rows_next   (MsvisDb26RowQueue   *self,
                                             const char         **text);
void                _msvis_db26_rows_finish (MsvisDb26RowQueue   *self);

G_END_DECLS
