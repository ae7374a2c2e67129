// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"

G_BEGIN_DECLS

/* Reading the metric cells msprobe writes ("23.076918%", "inf\t", "shape unmatched"), for the
 * node details and the precision report. */

/* A percent is returned as a fraction. FALSE for text that is not a number ("N/A"). */
gboolean msvis_metric_parse_number (const char       *text,
                                    double           *value);

/* How far a metric cell is from agreement, on one scale for every column: a relative error as
 * a fraction, 1 - cosine, 1 - a thousandths ratio, 1 for a different md5 or a 2026 Result of
 * error (0.5 for warning). Columns in absolute units (diffs, EucDist, MaxAbsErr) cannot be
 * weighed against those and give -1, as does a cell that says nothing. */
double   msvis_metric_badness      (const char       *column,
                                    const char       *text);

/* A field as text, as a .vis holds it, without msprobe's trailing tab after inf and nan. */
char    *msvis_metric_format_field (const MsvisField *field);

G_END_DECLS
