// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-report.h"

G_BEGIN_DECLS

/* Opens @input as `msvis export` does and writes its report to @output (.md, .html or .csv;
 * never replacing a file). An HTML report shows pictures of the regions around the worst
 * nodes. */
gboolean msvis_report_job_run (const char    *input,
                               const char    *output,
                               gint           step,
                               gint           rank,
                               GCancellable  *cancellable,
                               GError       **error);

G_END_DECLS
