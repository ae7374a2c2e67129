// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-precision-buckets.h"
#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* Finding nodes on one side of a document: by name, by colour bucket, unmatched, by overflow
 * level, and the divergences worst first. Immutable once made, so a worker may search while
 * the main thread reads lists. */

typedef struct _MsvisNodeFinder MsvisNodeFinder;

#define MSVIS_TYPE_NODE_FINDER (msvis_node_finder_get_type ())

typedef enum
{
  MSVIS_FIND_SUBSTRING = 0,        /* case-insensitive */
  MSVIS_FIND_REGEX     = 1 << 0,   /* GRegex syntax, case-insensitive */
} MsvisFindFlags;

/* What a list shows besides the buckets of the legend (indices ≥ 0) and MsvisBucketSpecial:
 * the overflow levels, so that one int names every list the legend can open. */
typedef enum
{
  MSVIS_BUCKET_OVERFLOW_MEDIUM = -10,
  MSVIS_BUCKET_OVERFLOW_HIGH = -11,
  MSVIS_BUCKET_OVERFLOW_CRITICAL = -12,
} MsvisBucketOverflow;

GType               msvis_node_finder_get_type           (void) G_GNUC_CONST;
MsvisNodeFinder    *msvis_node_finder_new                (MsvisVisDocument    *doc,
                                                          gboolean             bench);
MsvisNodeFinder    *msvis_node_finder_ref                (MsvisNodeFinder     *self);
void                msvis_node_finder_unref              (MsvisNodeFinder     *self);

MsvisVisDocument   *msvis_node_finder_get_document       (MsvisNodeFinder     *self);
MsvisGraph         *msvis_node_finder_get_graph          (MsvisNodeFinder     *self);
gboolean            msvis_node_finder_is_bench           (MsvisNodeFinder     *self);
MsvisBuckets       *msvis_node_finder_get_buckets        (MsvisNodeFinder     *self);
gboolean            msvis_node_finder_is_md5             (MsvisNodeFinder     *self);

/* Buckets */
int                 msvis_node_finder_get_bucket         (MsvisNodeFinder     *self,
                                                          MsvisNodeId          node);
const char         *msvis_node_finder_get_bucket_color   (MsvisNodeFinder     *self,
                                                          int                  bucket);
guint               msvis_node_finder_get_severity       (MsvisNodeFinder     *self,
                                                          int                  bucket);
char               *msvis_node_finder_dup_bucket_label   (MsvisNodeFinder     *self,
                                                          int                  bucket);
const char         *msvis_node_finder_get_bucket_description (MsvisNodeFinder *self,
                                                          int                  bucket);

/* Lists: leaves in dump order */
guint               msvis_node_finder_count              (MsvisNodeFinder     *self,
                                                          int                  bucket);
GArray             *msvis_node_finder_list               (MsvisNodeFinder     *self,
                                                          int                  bucket);
int                 msvis_bucket_for_overflow            (MsvisOverflowLevel   level);
MsvisOverflowLevel  msvis_bucket_get_overflow            (int                  bucket);

/* Divergences: leaves of every bucket but the mildest, worst bucket first, dump order inside */
GArray             *msvis_node_finder_list_divergences   (MsvisNodeFinder     *self);
MsvisNodeId         msvis_node_finder_first_divergence   (MsvisNodeFinder     *self);
MsvisNodeId         msvis_node_finder_first_divergence_at (MsvisNodeFinder    *self,
                                                          guint                min_severity,
                                                          gboolean             unmatched);
MsvisNodeId         msvis_node_finder_first_worst        (MsvisNodeFinder     *self);
MsvisNodeId         msvis_node_finder_step_divergence    (MsvisNodeFinder     *self,
                                                          MsvisNodeId          from,
                                                          gboolean             backwards);

/* Search by name */
GArray             *msvis_node_finder_search             (MsvisNodeFinder     *self,
                                                          const char          *query,
                                                          MsvisFindFlags       flags,
                                                          guint                limit,
                                                          gboolean            *truncated,
                                                          GCancellable        *cancellable,
                                                          GError             **error);
void                msvis_node_finder_search_async       (MsvisNodeFinder     *self,
                                                          const char          *query,
                                                          MsvisFindFlags       flags,
                                                          guint                limit,
                                                          GCancellable        *cancellable,
                                                          GAsyncReadyCallback  callback,
                                                          gpointer             user_data);
GArray             *msvis_node_finder_search_finish      (MsvisNodeFinder     *self,
                                                          GAsyncResult        *result,
                                                          gboolean            *truncated,
                                                          GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisNodeFinder, msvis_node_finder_unref)

G_END_DECLS
