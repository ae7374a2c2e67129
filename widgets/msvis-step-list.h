// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The micro-step chooser's choices: @all, then 0 … n_steps - 1, as GtkStringObjects made when
 * a row is shown. A GtkStringList would hold one string per step up front; a graph may have as
 * many steps as nodes. */

#define MSVIS_TYPE_STEP_LIST (msvis_step_list_get_type ())

G_DECLARE_FINAL_TYPE (MsvisStepList, msvis_step_list, MSVIS, STEP_LIST, GObject)

MsvisStepList *msvis_step_list_new (const char *all,
                                    guint       n_steps);

G_END_DECLS
