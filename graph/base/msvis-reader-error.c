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

/**
 * msvis_reader_check_micro_steps:
 * @name: the file, for the message
 * @key: where the count is, for the message ("MicroSteps", "tb_config.micro_steps")
 * @micro_steps: the count the file gives
 * @n_nodes: the nodes of the graph it numbers
 *
 * msprobe starts a micro step only at a root child (vis-format.md §3.7), so a graph never has
 * more steps than nodes. A count beyond that is refused here, before a viewer offers one
 * choice per step (two billion of them filled the memory).
 *
 * Returns: whether @micro_steps is possible; %FALSE with @error set if not
 */
gboolean
msvis_reader_check_micro_steps (const char  *name,
                                const char  *key,
                                gint64       micro_steps,
                                guint        n_nodes,
                                GError     **error)
{
  if (micro_steps <= MAX (n_nodes, 1))
    return TRUE;

  g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
               /* translators: a file name, a key such as “MicroSteps”, then two numbers */
               _("%s: “%s” is %lld, more than the %u nodes of the graph it numbers"), name, key,
               (long long)micro_steps, n_nodes);
  return FALSE;
}
