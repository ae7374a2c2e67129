// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Errors of the writers that are not plain file-system errors (those keep G_IO_ERROR). */
#define MSVIS_WRITER_ERROR (msvis_writer_error_quark ())

typedef enum
{
  MSVIS_WRITER_ERROR_EXISTS,      /* the output would replace a file the user has */
  MSVIS_WRITER_ERROR_SYMLINK,     /* the output's name is a symbolic link */
} MsvisWriterError;

GQuark msvis_writer_error_quark (void);

G_END_DECLS
