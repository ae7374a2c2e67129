// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-report.h"
#include "msvis-safe-file.h"

G_BEGIN_DECLS

/* Writes the report of @doc to @output (.md, .html or .csv; a file of that name is replaced
 * only with %MSVIS_SAFE_FILE_REPLACE). An HTML report shows pictures of the regions around
 * the worst nodes. */
gboolean msvis_report_job_write (MsvisVisDocument    *doc,
                                 const char          *name,
                                 const char          *output,
                                 MsvisSafeFileFlags   flags,
                                 GCancellable        *cancellable,
                                 GError             **error);
/* Opens @input as `msvis export` does, then writes its report. */
gboolean msvis_report_job_run   (const char          *input,
                                 const char          *output,
                                 gint                 step,
                                 gint                 rank,
                                 MsvisSafeFileFlags   flags,
                                 GCancellable        *cancellable,
                                 GError             **error);

G_END_DECLS
