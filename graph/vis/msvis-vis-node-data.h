// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-json-scanner.h"
#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* A node's input_data, output_data and stack_info in a .vis: read while indexing, or later
 * from the places the index kept. */

typedef struct
{
  guint64 output_start;
  guint64 input_start;
  guint64 stack_start;
  guint32 output_len;    /* 0: the node has no such member */
  guint32 input_len;
  guint32 stack_len;
} MsvisVisNodeSpans;

typedef struct _MsvisVisNodeReader MsvisVisNodeReader;

MsvisVisNodeReader *msvis_vis_node_reader_new        (void);
void                msvis_vis_node_reader_free       (MsvisVisNodeReader *self);
gboolean            msvis_vis_node_reader_read_items (MsvisVisNodeReader *self,
                                                      MsvisJsonScanner   *scanner,
                                                      MsvisGraph         *graph,
                                                      MsvisJsonToken      first,
                                                      guint32            *first_item,
                                                      guint32            *n_items,
                                                      GError            **error);
gboolean            msvis_vis_node_reader_read_stack (MsvisVisNodeReader *self,
                                                      MsvisJsonScanner   *scanner,
                                                      MsvisGraph         *graph,
                                                      MsvisJsonToken      first,
                                                      guint32            *stack,
                                                      GError            **error);

void                msvis_vis_node_data_set_lazy     (MsvisVisDocument   *document,
                                                      GFile              *file,
                                                      const char         *display_name,
                                                      GArray             *npu_spans,
                                                      GArray             *bench_spans);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisVisNodeReader, msvis_vis_node_reader_free)

G_END_DECLS
