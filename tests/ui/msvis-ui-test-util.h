// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <gtk/gtk.h>

#include "msvis-vis-document.h"

G_BEGIN_DECLS

/* For widget tests: a display or a skip, main-loop spinning, and pictures of widgets: checked
 * to be drawn, and kept to look at when tools/screenshots.sh asks. */

gboolean msvis_ui_test_has_display (void);
gboolean msvis_ui_test_spin_until  (gboolean   (*done) (gpointer data),
                                    gpointer     data,
                                    guint        timeout_ms);
void     msvis_ui_test_spin        (guint        ms);
GdkTexture *msvis_ui_test_render   (GtkWidget   *widget);
guint    msvis_ui_test_count_colors (GdkTexture  *texture);
char    *msvis_ui_test_screenshot  (GtkWidget   *widget,
                                    const char  *name);
char    *msvis_ui_test_reference   (const char  *relative);
gboolean msvis_ui_test_require     (const char  *relative,
                                    char       **path);
MsvisVisDocument *msvis_ui_test_read (const char *path);
void     msvis_ui_test_init_i18n   (void);
void     msvis_ui_test_set_language (const char *language);

typedef gboolean (*MsvisUiWidgetMatch) (GtkWidget     *widget,
                                        gconstpointer  data);

GtkWidget *msvis_ui_test_find_widget (GtkWidget          *root,
                                      MsvisUiWidgetMatch  match,
                                      gconstpointer       data);
void       msvis_ui_test_collect_widgets (GtkWidget          *root,
                                         MsvisUiWidgetMatch  match,
                                         gconstpointer       data,
                                         GPtrArray          *found);
gboolean   msvis_ui_test_has_css_class  (GtkWidget     *widget,
                                         gconstpointer  css_class);
gboolean   msvis_ui_test_label_contains (GtkWidget     *widget,
                                         gconstpointer  text);
GtkWidget *msvis_ui_test_find_label    (GtkWidget     *root,
                                         const char    *text);
char      *msvis_ui_test_dup_clipboard_text (GtkWidget *widget);
gboolean   msvis_ui_test_is_mapped      (gpointer       widget);
GtkWindow *msvis_ui_test_find_toplevel  (GType          type);

G_END_DECLS
