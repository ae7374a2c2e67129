// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-reader-error.h"

G_DEFINE_QUARK (msvis-reader-error-quark, msvis_reader_error)

/**
 * msvis_reader_check_values_left:
 * @name: the file, for the message
 * @n_values: how many values it holds
 * @taken: how many were read already
 * @count: how many more are asked for
 *
 * Returns: whether there are @count more; %FALSE with @error set if not
 */
gboolean
msvis_reader_check_values_left (const char  *name,
                                guint64      n_values,
                                guint64      taken,
                                gsize        count,
                                GError     **error)
{
  if (count <= n_values - taken)
    return TRUE;

  g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED,
               /* translators: a file name, then a number of values */
               _("%s: asked for values beyond its %llu"), name, (unsigned long long)n_values);
  return FALSE;
}
