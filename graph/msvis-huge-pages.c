// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <malloc.h>
#include <sys/mman.h>

#include "msvis-huge-pages.h"

/**
 * msvis_huge_pages_advise:
 * @block: memory from g_malloc() or g_realloc(), such as a growing array's
 *
 * Asks for huge pages on the whole 2 MB pages that lie inside @block.
 */
void
msvis_huge_pages_advise (gpointer block)
{
#ifdef MADV_HUGEPAGE
  guintptr start = GPOINTER_TO_SIZE (block);
  guintptr end = start + malloc_usable_size (block);

  start = (start + MSVIS_HUGE_PAGE_SIZE - 1) & ~(MSVIS_HUGE_PAGE_SIZE - 1);
  end &= ~(MSVIS_HUGE_PAGE_SIZE - 1);
  if (end > start)
    madvise (GSIZE_TO_POINTER (start), end - start, MADV_HUGEPAGE);
#endif
}
