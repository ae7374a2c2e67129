// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <malloc.h>
#include <sys/mman.h>

#include "msvis-huge-pages.h"

#define HUGE_PAGE_SIZE ((gsize)2 * 1024 * 1024)

/* Asks for huge pages on the whole 2 MB pages inside @block, from g_malloc() or g_realloc(). */
static void
advise (gpointer block)
{
#ifdef MADV_HUGEPAGE
  guintptr start = GPOINTER_TO_SIZE (block);
  guintptr end = start + malloc_usable_size (block);

  start = (start + HUGE_PAGE_SIZE - 1) & ~(HUGE_PAGE_SIZE - 1);
  end &= ~(HUGE_PAGE_SIZE - 1);
  if (end > start)
    madvise (GSIZE_TO_POINTER (start), end - start, MADV_HUGEPAGE);
#endif
}

/**
 * msvis_huge_pages_append_vals:
 *
 * g_array_append_vals() for an array that grows to megabytes: its new storage, whenever it
 * moves, is advised too.
 */
void
msvis_huge_pages_append_vals (GArray        *array,
                              gconstpointer  data,
                              guint          n)
{
  gpointer before = array->data;

  g_array_append_vals (array, data, n);
  if (array->data != before)
    advise (array->data);
}
