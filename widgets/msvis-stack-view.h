// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define MSVIS_TYPE_STACK_VIEW (msvis_stack_view_get_type ())

G_DECLARE_FINAL_TYPE (MsvisStackView, msvis_stack_view, MSVIS, STACK_VIEW, GtkWidget)

GtkWidget *msvis_stack_view_new        (void);
void       msvis_stack_view_set_stacks (MsvisStackView    *self,
                                        const char *const *npu_frames,
                                        const char *const *bench_frames);

G_END_DECLS
