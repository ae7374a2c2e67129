// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Errors about a run as a whole: its configuration and what it asks for. */
#define MSVIS_COMPARE_ERROR (msvis_compare_error_quark ())

typedef enum
{
  MSVIS_COMPARE_ERROR_CONFIG,        /* compare.json is not usable */
  MSVIS_COMPARE_ERROR_UNSUPPORTED,   /* a mode msvis cannot run yet */
  MSVIS_COMPARE_ERROR_MISMATCH,      /* the two sides cannot be compared with each other */
  MSVIS_COMPARE_ERROR_MATCH,         /* a manual match names unknown or matched nodes */
  MSVIS_COMPARE_ERROR_REPORT_FORMAT, /* a report's name says no format msvis writes */
} MsvisCompareError;

GQuark msvis_compare_error_quark (void);

G_END_DECLS
