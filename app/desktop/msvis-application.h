// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define MSVIS_TYPE_APPLICATION (msvis_application_get_type ())

G_DECLARE_FINAL_TYPE (MsvisApplication, msvis_application, MSVIS, APPLICATION, AdwApplication)

MsvisApplication *msvis_application_new (void);

/* msvis-language-action.c */
void _msvis_application_add_language_action (GtkApplication *app);

G_END_DECLS
