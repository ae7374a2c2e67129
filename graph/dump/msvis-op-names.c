// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-op-names.h"

/* read_op: the last or the second-to-last dotted part is "parameters_grad", so that the
 * X.parameters_grad.N of msprobe 26 dumps parse as the July X.parameters_grad (msprobe-2026.md
 * §3.1). */
gboolean
msvis_op_name_is_parameters_grad (const char *name)
{
  static const char grad[] = "parameters_grad";
  const char *last = strrchr (name, '.');
  const char *start;

  if (strcmp (last ? last + 1 : name, grad) == 0)
    return TRUE;
  if (last == NULL)
    return FALSE;
  for (start = last; start > name && start[-1] != '.'; start--)
    ;
  return (gsize) (last - start) == strlen (grad) && strncmp (start, grad, strlen (grad)) == 0;
}
