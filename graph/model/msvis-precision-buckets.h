// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-compare-results.h"
#include "msvis-json-value.h"

G_BEGIN_DECLS

/* The colour legend of a compare (the "Colors" member, vis-format.md §4.7) and how
 * tb_graph_ascend picks a node's colour from it (§6.4). */

/* What an entry of a msprobe 26 legend says it is (msprobe-2026.md §9.1: "accuracy_level");
 * older legends have none, and then only the ranges tell how bad an entry is. */
typedef enum
{
  MSVIS_ACCURACY_UNKNOWN = 0,
  MSVIS_ACCURACY_PASS,
  MSVIS_ACCURACY_WARNING,
  MSVIS_ACCURACY_ERROR,
} MsvisAccuracyLevel;

typedef struct
{
  char               *color;         /* "#FFFCF3" */
  char               *description;
  double              lo;
  double              hi;
  MsvisAccuracyLevel  level;
} MsvisBucket;

/* What a node's fill is when no bucket takes it. */
typedef enum
{
  MSVIS_BUCKET_UNMATCHED = -1,   /* no counterpart: grey */
  MSVIS_BUCKET_NO_VALUE = -2,    /* matched, without precision_index: white */
  MSVIS_BUCKET_OUTSIDE = -3,     /* a value no range holds: grey */
} MsvisBucketSpecial;

typedef struct _MsvisBuckets MsvisBuckets;

MsvisBuckets      *msvis_buckets_new_from_colors (const MsvisJsonValue *colors);
void               msvis_buckets_free            (MsvisBuckets         *self);
guint              msvis_buckets_get_n           (MsvisBuckets         *self);
const MsvisBucket *msvis_buckets_get             (MsvisBuckets         *self,
                                                  guint                 index);
const char        *msvis_buckets_get_unmatched_description (MsvisBuckets *self);
gboolean           msvis_buckets_has_levels      (MsvisBuckets         *self);
gboolean           msvis_buckets_reads_inverted  (MsvisBuckets         *self);
const char        *msvis_accuracy_level_to_string (MsvisAccuracyLevel   level);
int                msvis_buckets_classify        (MsvisBuckets         *self,
                                                  gboolean              matched,
                                                  MsvisPrecision        precision);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisBuckets, msvis_buckets_free)

G_END_DECLS
