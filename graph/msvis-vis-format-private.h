// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* The formatted values a writer's worker wrote last (msvis-vis-format.c). */
typedef struct _MsvisValueCache MsvisValueCache;

MsvisValueCache *msvis_value_cache_new    (void);
void             msvis_value_cache_free   (MsvisValueCache  *cache);
void             msvis_value_cache_format (MsvisValueCache  *cache,
                                           GString          *out,
                                           const MsvisField *field);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisValueCache, msvis_value_cache_free)

G_END_DECLS
