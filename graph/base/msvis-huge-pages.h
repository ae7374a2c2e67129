// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A build writes a hundred megabytes of items into fresh memory, and the kernel's fault for
 * each 4 KB page costs it; the big stores ask for 2 MB pages instead (honoured where
 * transparent huge pages are enabled, "always" or "madvise"). */

void msvis_huge_pages_append_vals (GArray        *array,
                                   gconstpointer  data,
                                   guint          n);

G_END_DECLS
