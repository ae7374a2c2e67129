// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-progress.h"

#define MAX_RANGES 8

struct _MsvisProgress
{
  gint   ref_count;
  gint   millionths;             /* atomic: the fraction done, in millionths */
  /* Only the worker uses the ranges: one thread sets, the others only read millionths. */
  double start[MAX_RANGES];
  double end[MAX_RANGES];
  guint  depth;
};

MsvisProgress *
msvis_progress_new (void)
{
  MsvisProgress *self = g_new0 (MsvisProgress, 1);

  self->ref_count = 1;
  self->start[0] = 0.;
  self->end[0] = 1.;
  return self;
}

MsvisProgress *
msvis_progress_ref (MsvisProgress *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
msvis_progress_unref (MsvisProgress *self)
{
  if (self != NULL && g_atomic_int_dec_and_test (&self->ref_count))
    g_free (self);
}

/* Returns: the fraction done, from 0 to 1 */
double
msvis_progress_get_fraction (MsvisProgress *self)
{
  return self != NULL ? g_atomic_int_get (&self->millionths) / 1e6 : 0.;
}

/* @fraction: of the current range; never moves the total back */
void
msvis_progress_set_fraction (MsvisProgress *self,
                             double         fraction)
{
  double start, total;
  gint value;

  if (self == NULL)
    return;
  start = self->start[self->depth];
  total = start + (self->end[self->depth] - start) * CLAMP (fraction, 0., 1.);
  value = (gint) (total * 1e6);
  if (value > g_atomic_int_get (&self->millionths))
    g_atomic_int_set (&self->millionths, value);
}

void
msvis_progress_set_done (MsvisProgress *self,
                         guint64        done,
                         guint64        total)
{
  if (self != NULL && total > 0)
    msvis_progress_set_fraction (self, (double) MIN (done, total) / total);
}

/* The next phase is the part [@start, @end] of the current range. */
void
msvis_progress_push_range (MsvisProgress *self,
                           double         start,
                           double         end)
{
  double from, width;

  if (self == NULL)
    return;
  g_return_if_fail (self->depth + 1 < MAX_RANGES);

  from = self->start[self->depth];
  width = self->end[self->depth] - from;
  self->depth++;
  self->start[self->depth] = from + width * start;
  self->end[self->depth] = from + width * end;
  msvis_progress_set_fraction (self, 0.);
}

/* The phase is done: the fraction is at its end. */
void
msvis_progress_pop_range (MsvisProgress *self)
{
  if (self == NULL)
    return;
  g_return_if_fail (self->depth > 0);

  msvis_progress_set_fraction (self, 1.);
  self->depth--;
}
