// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-job-run.h"

G_BEGIN_DECLS

/* The compare half of `msvis graph`: the NPU and Bench folders paired by rank and step. */
gboolean    msvis_job_compare          (Run                    *run,
                                        GFile                  *npu,
                                        GFile                  *bench,
                                        GError                **error);

G_END_DECLS
