// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <adwaita.h>

#include "msvis-dump-build.h"

G_BEGIN_DECLS

#define MSVIS_TYPE_BUILD_DIALOG (msvis_build_dialog_get_type ())

G_DECLARE_FINAL_TYPE (MsvisBuildDialog, msvis_build_dialog, MSVIS, BUILD_DIALOG, AdwWindow)

GtkWidget *msvis_build_dialog_new             (GtkWindow        *parent);
void       msvis_build_dialog_set_npu_dir     (MsvisBuildDialog *self,
                                               GFile            *dir);
void       msvis_build_dialog_set_bench_dir   (MsvisBuildDialog *self,
                                               GFile            *dir);
void       msvis_build_dialog_set_config_file (MsvisBuildDialog *self,
                                               GFile            *file);

G_END_DECLS
