// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-vis-db26-index.h"

G_BEGIN_DECLS

void _msvis_db26_index_sort    (MsvisDb26IndexRow       **rows,
                                guint                     n,
                                guint                     index);
gboolean _msvis_db26_index_derive (MsvisDb26IndexRow *const *by_name,
                                   guint                     n,
                                   MsvisDb26IndexRow        *base,
                                   guint                     index,
                                   MsvisDb26IndexRow       **out);
int  _msvis_db26_index_compare (const MsvisDb26IndexRow  *a,
                                const MsvisDb26IndexRow  *b,
                                guint                     index);

G_END_DECLS
