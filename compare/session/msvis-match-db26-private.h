// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-indicator.h"
#include "msvis-json-value.h"
#include "msvis-match-session.h"

G_BEGIN_DECLS

/* What msvis-match-db26.c (the file) and msvis-match-db26-calc.c (the metrics) share. */

/* The items of one tb_nodes row, as the 26.0.0 viewer holds them: json.loads of input_data and
 * output_data, objects of items in the file's order. */
typedef struct
{
  MsvisJsonValue *input;
  MsvisJsonValue *output;
} MsvisDb26Items;

MsvisLevel _msvis_match_db26_calculate (MsvisArena           *arena,
                                        MsvisDb26Items       *npu,
                                        const MsvisDb26Items *bench,
                                        gboolean              md5);
void       _msvis_match_db26_strip     (MsvisArena           *arena,
                                        MsvisDb26Items       *npu);

/* msvis-match-save-2026.c */
gboolean   _msvis_match_session_save_2026 (MsvisMatchSession  *self,
                                           const char         *source_path,
                                           const char         *path,
                                           gboolean            replace,
                                           GError            **error);

G_END_DECLS
