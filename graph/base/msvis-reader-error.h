// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Errors about the content of the files msvis reads (dump directories, .vis, compare.json).
 * File-system errors keep G_IO_ERROR; cancellation is always G_IO_ERROR_CANCELLED. */
#define MSVIS_READER_ERROR (msvis_reader_error_quark ())

typedef enum
{
  MSVIS_READER_ERROR_SYNTAX,             /* not well-formed */
  MSVIS_READER_ERROR_TRUNCATED,          /* ended in the middle of a value */
  MSVIS_READER_ERROR_ENCODING,           /* not UTF-8 */
  MSVIS_READER_ERROR_TOO_DEEP,           /* nesting beyond the reader's limit */
  MSVIS_READER_ERROR_MISSING_FIELD,      /* well-formed, but a required key or file is absent */
  MSVIS_READER_ERROR_INVALID_VALUE,      /* well-formed, but a value is wrong */
  MSVIS_READER_ERROR_LAYOUT,             /* a dump directory is not laid out as msprobe writes it */
  MSVIS_READER_ERROR_DUMP_FOLDER,        /* a dump folder where a result was asked for */
} MsvisReaderError;

GQuark   msvis_reader_error_quark        (void);
gboolean msvis_reader_check_values_left  (const char  *name,
                                          guint64      n_values,
                                          guint64      taken,
                                          gsize        count,
                                          GError     **error);
gboolean msvis_reader_check_micro_steps  (const char  *name,
                                          const char  *key,
                                          gint64       micro_steps,
                                          guint        n_nodes,
                                          GError     **error);

G_END_DECLS
