// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-era.h"
#include "msvis-graph.h"

G_BEGIN_DECLS

/* Turns one dump.json entry into msprobe's data items (read_op, op_item_parse, gen_op_item)
 * and stores them in a graph: the input items, then the output items, each a run. */

typedef struct _MsvisOpParser MsvisOpParser;

typedef struct
{
  guint32 first_input;
  guint32 n_inputs;
  guint32 first_output;
  guint32 n_outputs;
} MsvisItemRuns;

MsvisOpParser *msvis_op_parser_new   (MsvisGraph            *graph,
                                      gboolean               keep_md5);
void           msvis_op_parser_free  (MsvisOpParser         *self);
void           msvis_op_parser_set_era (MsvisOpParser       *self,
                                        MsvisEra             era);
gboolean       msvis_op_parser_parse (MsvisOpParser         *self,
                                      const char            *name,
                                      const MsvisJsonValue  *entry,
                                      MsvisItemRuns         *runs,
                                      GError               **error);
MsvisField     msvis_field_from_json (MsvisGraph            *graph,
                                      guint32                atom,
                                      const MsvisJsonValue  *value,
                                      GString               *scratch);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisOpParser, msvis_op_parser_free)

G_END_DECLS
