// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Two .vis.db files compared as the team's visdb-diff.py compares them: schema DDL texts,
 * tb_config and tb_nodes keyed on id column by column, tb_stack by content (which graphs use
 * a stack, and its text), stack_id resolved to its stack; storage classes significant, REAL
 * by repr, JSON columns as parsed structures with key order significant and numbers by their
 * literal text; the given path prefixes replaced by <STRIP> in every TEXT value.
 *
 * It makes the same canonical dump as `visdb-diff.py --canonical` (so its sha256 equals
 * `--digest`), and reports the first lines where the two dumps differ. */

GPtrArray *msvis_visdb_canonical (const char         *path,
                                  const char *const  *strips,
                                  GError            **error);
gboolean   msvis_visdb_compare   (const char         *a,
                                  const char         *b,
                                  const char *const  *strips,
                                  GString            *report,
                                  GError            **error);
char      *msvis_visdb_digest    (const char         *path,
                                  const char *const  *strips,
                                  GError            **error);
void       msvis_visdb_remove_dir (const char        *dir);
char     **msvis_visdb_sort_strips (const char *const *strips,
                                    guint              n_strips);

G_END_DECLS
