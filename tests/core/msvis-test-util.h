// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-graph.h"
#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* A dump directory for one test, removed at the end of the test. */
char       *msvis_test_make_dir     (void);
void        msvis_test_write        (const char  *dir,
                                     const char  *name,
                                     const char  *contents,
                                     gssize       length);
void        msvis_test_write_dump   (const char  *dir,
                                     const char  *construct,
                                     const char  *data,
                                     const char  *stack);
MsvisGraph *msvis_test_build        (const char  *dir,
                                     gboolean     complete_stack,
                                     GError     **error);
char       *msvis_test_build_vis    (const char  *dir,
                                     gboolean     overflow_check);
GPtrArray  *msvis_test_run_job      (const char  *dump_dir,
                                     const char  *out_dir,
                                     gboolean     overflow_check,
                                     GError     **error);
guint       msvis_test_count_files  (const char  *dir);
void        msvis_test_remove_tree  (const char  *path);
/* A file or folder under tests/data/reference (msprobe's reference runs), NULL for the folder
 * itself; the test fails when it is missing. */
char       *msvis_test_reference    (const char  *relative);
/* A reference .vis.db opened for reading without writing anything beside it: msprobe leaves
 * its files in WAL mode, where a plain read-only connection creates -wal/-shm files in the
 * source tree. Returns a sqlite3 *. */
gpointer    msvis_test_open_db      (const char  *path);
/* A file or folder under tests/data/@base (reference-2026: msprobe 26.0.0's cases); the test
 * fails when it is missing. */
char       *msvis_test_data_path    (const char  *base,
                                     const char  *relative);
/* The one .vis.db under tests/data/@base/out/@case_name; its name holds msprobe's timestamp. */
char       *msvis_test_data_db      (const char  *base,
                                     const char  *case_name);
/* The id of @id's parent, @root_text where it is the root; the test fails when @id is not in
 * @graph. */
const char *msvis_test_parent_of    (MsvisGraph  *graph,
                                     const char  *id,
                                     const char  *root_text);
/* The ids of @id's children, joined with spaces. */
char       *msvis_test_children_of  (MsvisGraph  *graph,
                                     const char  *id);
/* @node and the nodes below it, as the children lists reach them. */
guint       msvis_test_count_below  (MsvisGraph  *graph,
                                     MsvisNodeId  node);
/* The .vis, .vis.db or folder at @path opened as the viewer opens it, and its first graph (a
 * .vis.db holds graphs by step and rank) loaded; the test fails where that fails. */
MsvisVisDocument *msvis_test_load_first_graph (const char *path);
/* A reference output (msvis_test_reference) read as the viewer reads a .vis, or the graph of
 * step 0, rank 0 of a reference .vis.db; the test fails where that fails. */
MsvisVisDocument *msvis_test_read_reference    (const char *relative);
MsvisVisDocument *msvis_test_read_reference_db (const char *relative);
/* @doc as msvis writes it to a .vis (its compare, without the manual-match tables), every
 * node's data read first; @drop_md5 as MsvisVisCompare's. */
GBytes     *msvis_test_vis_bytes    (MsvisVisDocument *doc,
                                     gboolean          drop_md5);

/* msvis (MSVIS_BIN) with @command (nullable) and @args (NULL-terminated) in @cwd (NULL: here),
 * in the C locale so that its messages are English as msprobe's; @out and @err (nullable) get
 * what it printed. Returns: its exit status, or 128 + the signal that ended it. */
int         msvis_test_run_msvis    (const char         *cwd,
                                     const char         *command,
                                     const char *const  *args,
                                     char              **out,
                                     char              **err);
/* The names of @node's inputs (or outputs), once each in the order they first come, as the
 * keys of the JSON object msprobe writes them into, each followed by @separator. */
char       *msvis_test_item_names   (MsvisGraph         *graph,
                                     MsvisNodeId         node,
                                     gboolean            inputs,
                                     char                separator);

G_END_DECLS
