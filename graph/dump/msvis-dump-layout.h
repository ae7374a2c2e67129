// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* How an msprobe dump directory is laid out (vis-format.md §1.2). */
typedef enum
{
  MSVIS_DUMP_LAYOUT_FILES,   /* dump.json, construct.json, stack.json */
  MSVIS_DUMP_LAYOUT_RANKS,   /* rank0 … rankN, each a FILES directory */
  MSVIS_DUMP_LAYOUT_STEPS,   /* step0 … stepM, each a RANKS directory */
} MsvisDumpLayout;

gboolean   msvis_dump_layout_detect      (GFile            *dir,
                                          MsvisDumpLayout  *layout,
                                          GCancellable     *cancellable,
                                          GError          **error);
GPtrArray *msvis_dump_layout_list        (GFile            *dir,
                                          const char       *prefix,
                                          GCancellable     *cancellable,
                                          GError          **error);
GPtrArray *msvis_dump_layout_list_matching (GFile         *dir,
                                            const char    *prefix,
                                            GCancellable  *cancellable,
                                            GError       **error);
GPtrArray *msvis_dump_layout_list_ranks  (GFile            *dir,
                                          GCancellable     *cancellable,
                                          GError          **error);
void       msvis_dump_layout_sort_ranks  (GPtrArray        *names);
int        msvis_dump_layout_rank_number (const char       *name);

G_END_DECLS
