// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph-merger.h"

G_BEGIN_DECLS

/* msvis-merge-literal.c */
MsvisJsonValue *merge_json_from_literal   (MsvisArena        *arena,
                                           const char        *text);

/* msvis-merge-json-data.c: dump.json's "data" of a merged graph */
MsvisJsonValue *merge_json_data           (MsvisArena        *arena,
                                           MsvisGraph        *graph,
                                           GArray            *sorted,
                                           const MsvisJsonValue *raw_data);

G_END_DECLS
