// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The set of a graph's interned strings. A build asks it about every name several times, in
 * a table of a hundred thousand: each slot holds the hash, the length and the string, so that
 * a probe costs one cache miss and no strlen, where a GHashTable costs three. */

typedef struct _MsvisNameTable MsvisNameTable;

MsvisNameTable *msvis_name_table_new    (void);
void            msvis_name_table_free   (MsvisNameTable *self);
guint32         msvis_name_hash         (const char     *text,
                                         gsize           length);
const char     *msvis_name_table_lookup (MsvisNameTable *self,
                                         const char     *text,
                                         gsize           length,
                                         guint32         hash);
void            msvis_name_table_add    (MsvisNameTable *self,
                                         const char     *stored,
                                         gsize           length,
                                         guint32         hash);

G_END_DECLS
