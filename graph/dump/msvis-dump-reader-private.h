// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-dump-reader.h"
#include "msvis-json-scanner.h"

G_BEGIN_DECLS

/* The helpers construct.json's reader shares with those of dump.json and stack.json. */

gboolean          _msvis_dump_expect            (MsvisJsonScanner  *scanner,
                                                 MsvisJsonToken     wanted,
                                                 const char        *what,
                                                 GError           **error);
MsvisJsonScanner *_msvis_dump_open_object       (GFile             *file,
                                                 GCancellable      *cancellable,
                                                 GError           **error);
gboolean          _msvis_dump_check_name_length (MsvisJsonScanner  *scanner,
                                                 gsize              length,
                                                 GError           **error);

G_END_DECLS
