// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* `msvis report`: what a compare found, for people who were not at the screen. The run's
 * summary (mode, nodes per colour bucket, unmatched, overflow), then the suspicious nodes
 * (every leaf outside the mildest bucket, or overflowing) in dump order with the worst
 * metric of their inputs and outputs, the Bench counterpart and the user's part of the call
 * stack. */

typedef enum
{
  MSVIS_REPORT_MARKDOWN,
  MSVIS_REPORT_HTML,
  MSVIS_REPORT_CSV,
} MsvisReportFormat;

typedef struct
{
  char  *label;   /* "[0.8, 1]" or the bucket's description */
  char  *color;   /* "#FF704D" */
  guint  count;   /* leaves */
} MsvisReportBucket;

typedef struct
{
  MsvisNodeId  node;
  char        *name;
  int          bucket;        /* of the legend; MsvisBucketSpecial or overflow lists too */
  char        *bucket_label;
  char        *precision;     /* precision_index as the file has it; "" without */
  char        *overflow;      /* "medium", "high", "critical" or "" */
  char        *counterpart;   /* "" when unmatched */
  char        *item;          /* "output.0": the cell that differs most; "" if none says */
  char        *metric;        /* "MaxRelativeErr" */
  char        *value;         /* "23.076918%" */
  double       badness;       /* see msvis_metric_badness(); -1 when nothing says */
  char        *stack;         /* the user's frames, innermost last, one per line */
} MsvisReportRow;

typedef struct
{
  char    *title;             /* the file's name */
  char    *subtitle;          /* "Compare · summary · step 0 · rank 1" */
  char    *task;
  gboolean is_compare;
  GArray  *buckets;           /* MsvisReportBucket, in legend order */
  guint    unmatched;
  guint    overflow[4];       /* by MsvisOverflowLevel; [0] unused */
  guint    leaves;
  GArray  *rows;              /* MsvisReportRow, dump order */
  char    *first_divergence;  /* msvis_node_finder_first_divergence()'s name; "" if none */
  char    *first_worst;       /* msvis_node_finder_first_worst()'s name; "" if none */
} MsvisReport;

MsvisReport *msvis_report_new              (MsvisVisDocument   *doc,
                                            const char         *name,
                                            GCancellable       *cancellable,
                                            GError            **error);
void         msvis_report_free             (MsvisReport        *self);
/* Rows ordered worst first: the @n to draw pictures of. */
GArray      *msvis_report_worst_rows       (MsvisReport        *self,
                                            guint               n);

gboolean     msvis_report_format_from_path (const char         *path,
                                            MsvisReportFormat  *format,
                                            GError            **error);
/* @pictures: for HTML, node id -> SVG text of the region around it (nullable). */
char        *msvis_report_to_text          (MsvisReport        *self,
                                            MsvisReportFormat   format,
                                            GHashTable         *pictures);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisReport, msvis_report_free)

G_END_DECLS
