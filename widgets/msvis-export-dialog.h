// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <adwaita.h>

#include "msvis-export.h"
#include "msvis-vis-document.h"

G_BEGIN_DECLS

#define MSVIS_TYPE_EXPORT_DIALOG (msvis_export_dialog_get_type ())

G_DECLARE_FINAL_TYPE (MsvisExportDialog, msvis_export_dialog, MSVIS, EXPORT_DIALOG, AdwWindow)

GtkWidget        *msvis_export_dialog_new         (GtkWindow          *parent,
                                                   MsvisVisDocument   *doc,
                                                   const char         *name,
                                                   gint                micro_step,
                                                   gboolean            overflow);
/* What one side shows now: its layout and the part of it in view (layout coordinates). */
void              msvis_export_dialog_set_side    (MsvisExportDialog  *self,
                                                   gboolean            bench,
                                                   MsvisLayout        *layout,
                                                   const MsvisRect    *view);
void              msvis_export_dialog_set_folder  (MsvisExportDialog  *self,
                                                   GFile              *folder);
/* The picture the choices make, for ::export-requested. */
MsvisExportScene *msvis_export_dialog_make_scene  (MsvisExportDialog  *self);
MsvisExportFormat msvis_export_dialog_get_format  (MsvisExportDialog  *self);

G_END_DECLS
