// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  MSVIS_RESULT_JULY,    /* a JSON .vis of msprobe before 8.2.1 */
  MSVIS_RESULT_DB821,   /* msprobe 8.2.1's .vis.db (21 columns) */
  MSVIS_RESULT_DB26,    /* mindstudio-probe 26.0.0's .vis.db (is_distributed, index7) */
} MsvisResultFormat;

/* One run of `msvis convert IN OUT`. */
typedef struct
{
  const char        *input;
  const char        *output;
  MsvisResultFormat  to;
  gboolean           force;   /* replace OUT (never through a link) */
} MsvisConvertJob;

gboolean msvis_convert_detect  (const char             *path,
                                MsvisResultFormat      *format,
                                gint64                 *requires_grad,
                                GError                **error);
gboolean msvis_convert_job_run (const MsvisConvertJob  *job,
                                GError                **error);

G_END_DECLS
