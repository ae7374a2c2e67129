// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-job-run.h"

G_BEGIN_DECLS

/* The rank folders of a step, merged by parallel_merge (msprobe's GraphMerger), then built or
 * compared. */
const MsvisJsonValue *msvis_job_parallel_merge (const MsvisJsonValue *config);
gboolean    msvis_job_merge_build      (Run                    *run,
                                        GFile                  *dir,
                                        const char             *step,
                                        GError                **error);
gboolean    msvis_job_merge_compare    (Run                    *run,
                                        GFile                  *npu,
                                        GFile                  *bench,
                                        const char             *step,
                                        GError                **error);

G_END_DECLS
