// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include "msvis-precision-buckets.h"

struct _MsvisBuckets
{
  GArray *buckets;                  /* MsvisBucket, in Colors order */
  char   *unmatched_description;    /* of the entry without a range, if any */
};

static void
bucket_clear (gpointer data)
{
  MsvisBucket *bucket = data;

  g_free (bucket->color);
  g_free (bucket->description);
}

static MsvisAccuracyLevel
level_of (const char *text)
{
  if (g_strcmp0 (text, "pass") == 0)
    return MSVIS_ACCURACY_PASS;
  if (g_strcmp0 (text, "warning") == 0)
    return MSVIS_ACCURACY_WARNING;
  if (g_strcmp0 (text, "error") == 0)
    return MSVIS_ACCURACY_ERROR;
  return MSVIS_ACCURACY_UNKNOWN;
}

/**
 * msvis_accuracy_level_to_string:
 *
 * Returns: (nullable): msprobe's name of @level ("pass", "warning", "error"), NULL for none
 */
const char *
msvis_accuracy_level_to_string (MsvisAccuracyLevel level)
{
  static const char *const names[] = { NULL, "pass", "warning", "error" };

  return level < G_N_ELEMENTS (names) ? names[level] : NULL;
}

static gboolean
number_of (const MsvisJsonValue *value,
           double               *out)
{
  if (value->kind == MSVIS_JSON_INT)
    *out = value->i;
  else if (value->kind == MSVIS_JSON_FLOAT)
    *out = value->f;
  else
    return FALSE;
  return TRUE;
}

/**
 * msvis_buckets_new_from_colors:
 * @colors: (nullable): `{hex: {"value": [lo, hi], "description": text}}`, msprobe 26's
 *   entries with an "accuracy_level" too
 *
 * Entries whose value is not two numbers (the grey "not matched" one) take no node by
 * value; what they describe is kept for the legend.
 */
MsvisBuckets *
msvis_buckets_new_from_colors (const MsvisJsonValue *colors)
{
  MsvisBuckets *self = g_new0 (MsvisBuckets, 1);

  self->buckets = g_array_new (FALSE, TRUE, sizeof (MsvisBucket));
  g_array_set_clear_func (self->buckets, bucket_clear);
  if (colors == NULL || colors->kind != MSVIS_JSON_OBJECT)
    return self;

  for (const MsvisJsonValue *entry = colors->first; entry != NULL; entry = entry->next)
    {
      const MsvisJsonValue *range = msvis_json_value_get_member (entry, "value");
      const char *description =
        msvis_json_value_get_string (msvis_json_value_get_member (entry, "description"));
      MsvisBucket bucket = { 0 };

      if (range == NULL || range->kind != MSVIS_JSON_ARRAY || range->n != 2 ||
          !number_of (range->first, &bucket.lo) || !number_of (range->last, &bucket.hi))
        {
          if (self->unmatched_description == NULL && description != NULL)
            self->unmatched_description = g_strdup (description);
          continue;
        }
      bucket.level = level_of (msvis_json_value_get_string (
                                 msvis_json_value_get_member (entry, "accuracy_level")));
      bucket.color = g_strndup (entry->key, entry->key_len);
      bucket.description = g_strdup (description ? description : "");
      g_array_append_val (self->buckets, bucket);
    }
  return self;
}

void
msvis_buckets_free (MsvisBuckets *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->buckets);
  g_free (self->unmatched_description);
  g_free (self);
}

guint
msvis_buckets_get_n (MsvisBuckets *self)
{
  return self->buckets->len;
}

const MsvisBucket *
msvis_buckets_get (MsvisBuckets *self,
                   guint         index)
{
  g_return_val_if_fail (index < self->buckets->len, NULL);
  return &g_array_index (self->buckets, MsvisBucket, index);
}

const char *
msvis_buckets_get_unmatched_description (MsvisBuckets *self)
{
  return self->unmatched_description;
}

/**
 * msvis_buckets_has_levels:
 *
 * Returns: whether the legend names its entries' levels (pass, warning, error), as msprobe 26
 *   writes it; their order then says how bad an entry is, whatever the task
 */
gboolean
msvis_buckets_has_levels (MsvisBuckets *self)
{
  for (guint i = 0; i < self->buckets->len; i++)
    if (g_array_index (self->buckets, MsvisBucket, i).level != MSVIS_ACCURACY_UNKNOWN)
      return TRUE;
  return FALSE;
}

/**
 * msvis_buckets_reads_inverted:
 *
 * The July md5 legend is the one where a larger value is better: [1, 1] "same" and [0, 0]
 * "different", fixed values where every other legend has ranges. msprobe 26 writes the same
 * task "md5" with pass 0 and error 1, so the legend decides, never the task name.
 *
 * Returns: whether the larger values are the milder ones
 */
gboolean
msvis_buckets_reads_inverted (MsvisBuckets *self)
{
  if (self->buckets->len == 0 || msvis_buckets_has_levels (self))
    return FALSE;
  for (guint i = 0; i < self->buckets->len; i++)
    {
      const MsvisBucket *b = &g_array_index (self->buckets, MsvisBucket, i);

      if (b->lo != b->hi)
        return FALSE;
    }
  return TRUE;
}

/**
 * msvis_buckets_classify:
 *
 * Returns: the index of the first bucket with lo ≤ v < hi (or v equal to an end that is 0 or
 * 1, so that [0, 0], [1, 1] and the top of [x, 1] hold their ends), or a MsvisBucketSpecial
 */
int
msvis_buckets_classify (MsvisBuckets   *self,
                        gboolean        matched,
                        MsvisPrecision  precision)
{
  double v = precision.value;

  if (!matched)
    return MSVIS_BUCKET_UNMATCHED;
  if (precision.kind == MSVIS_PRECISION_NONE || isnan (v))
    return MSVIS_BUCKET_NO_VALUE;

  for (guint i = 0; i < self->buckets->len; i++)
    {
      const MsvisBucket *b = &g_array_index (self->buckets, MsvisBucket, i);

      if ((b->lo <= v && v < b->hi) || (b->hi == 1 && v == 1) || (b->lo == 0 && v == 0))
        return i;
    }
  return MSVIS_BUCKET_OUTSIDE;
}
