// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph-merger.h"
#include "msvis-test-util.h"

G_BEGIN_DECLS

/* Small rank dumps for the parallel-merge tests, and a look at what a merged graph writes. */

typedef struct _MergeTestDump MergeTestDump;

MergeTestDump        *merge_test_dump_new      (void);
void                  merge_test_dump_free     (MergeTestDump         *dump);
void                  merge_test_dump_entry    (MergeTestDump         *dump,
                                                const char            *name,
                                                const char            *parent,
                                                const char            *body_format,
                                                ...) G_GNUC_PRINTF (4, 5);
void                  merge_test_dump_write    (MergeTestDump         *dump,
                                                const char            *dir);
const char           *merge_test_tensor        (const char            *max,
                                                const char            *min,
                                                const char            *mean,
                                                const char            *norm);
const char           *merge_test_group         (const char            *ranks);
void                  merge_test_write_stage   (const char            *root,
                                                guint                  rank,
                                                gboolean               last);

GArray               *merge_test_run           (const char            *root,
                                                guint                  n_ranks,
                                                gint                   rank_size,
                                                gint                   tp,
                                                gint                   pp,
                                                gint                   vpp,
                                                GError               **error);
const MsvisJsonValue *merge_test_written       (MsvisGraph            *graph);
const MsvisJsonValue *merge_test_node          (const MsvisJsonValue  *written,
                                                const char            *id);
char                 *merge_test_strings       (const MsvisJsonValue  *list);
const char           *merge_test_stat          (const MsvisJsonValue  *written,
                                                const char            *id,
                                                const char            *side,
                                                const char            *key,
                                                const char            *stat);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MergeTestDump, merge_test_dump_free)

G_END_DECLS
