// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-build-dialog.h"
#include "msvis-dump-build.h"
#include "msvis-window-private.h"

enum {
  PROP_0,
  PROP_SHOW_SIDEBAR,
  PROP_SYNC_EXPAND,
  PROP_OVERFLOW_MODE,
  PROP_SHOW_MINIMAP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
_msvis_window_show_error (MsvisWindow  *self,
                          const char   *heading,
                          const GError *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static MsvisGraphCanvas *
focus_canvas (MsvisWindow *self)
{
  return msvis_compare_view_get_focus_canvas (self->compare_view);
}

static void
each_canvas (MsvisWindow *self,
             void       (*func) (MsvisGraphCanvas *canvas))
{
  func (msvis_compare_view_get_canvas (self->compare_view, FALSE));
  if (self->doc != NULL && msvis_vis_document_get_bench (self->doc) != NULL)
    func (msvis_compare_view_get_canvas (self->compare_view, TRUE));
}

static void
file_chosen (GtkNativeDialog *dialog,
             int              response,
             MsvisWindow     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GFile) folder = g_file_get_parent (file);

      /* The folder above a chosen folder too: the next run to open is usually its sibling. */
      _msvis_window_set_last_folder (self, folder);
      msvis_window_open (self, file);
    }
  g_object_unref (dialog);
}

static void
add_filter (GtkFileChooser *chooser,
            const char     *name,
            const char     *const *patterns)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  gtk_file_chooser_add_filter (chooser, filter);
  g_object_unref (filter);
}

static void
choose_file (MsvisWindow          *self,
             GtkFileChooserAction  action)
{
  static const char *const results[] = { "*.vis", "*.vis.db", NULL };
  static const char *const trends[] = { "*.trend.db", NULL };
  static const char *const everything[] = { "*", NULL };
  gboolean folder = action == GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER;
  g_autoptr(GFile) last_folder = _msvis_window_dup_last_folder (self);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (folder ? _("Open a Folder of Results or a Dump")
                                               : _("Open a Result"),
                                        GTK_WINDOW (self), action, _("_Open"), _("_Cancel"));
  if (!folder)
    {
      add_filter (GTK_FILE_CHOOSER (dialog), _("msprobe results (.vis, .vis.db)"), results);
      add_filter (GTK_FILE_CHOOSER (dialog), _("Trend databases (.trend.db)"), trends);
      add_filter (GTK_FILE_CHOOSER (dialog), _("All files"), everything);
    }
  if (last_folder != NULL && g_file_query_exists (last_folder, NULL))
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), last_folder, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (file_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  choose_file (MSVIS_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_OPEN);
}

static void
open_folder_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  choose_file (MSVIS_WINDOW (widget), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER);
}

static void
run_build (MsvisWindow           *self,
           MsvisDumpBuildOptions *options)
{
  g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();
  _msvis_window_set_loading (self, options->bench_dir ? _("Comparing the dumps…")
                                                     : _("Building the graph…"));
  msvis_dump_build_async (options, self->load_cancellable, _msvis_window_build_progress, self,
                          _msvis_window_build_done, g_object_ref (self));
}

static void
build_requested (MsvisBuildDialog      *dialog,
                 MsvisDumpBuildOptions *options,
                 MsvisWindow           *self)
{
  run_build (self, options);
}

/**
 * _msvis_window_build:
 * @npu_dir: (nullable): prefills the dialog's NPU folder
 */
void
_msvis_window_build (MsvisWindow *self,
                     GFile       *npu_dir)
{
  GtkWidget *dialog = msvis_build_dialog_new (GTK_WINDOW (self));

  if (npu_dir != NULL)
    msvis_build_dialog_set_npu_dir (MSVIS_BUILD_DIALOG (dialog), npu_dir);
  g_signal_connect_object (dialog, "build-requested", G_CALLBACK (build_requested), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
build_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  _msvis_window_build (MSVIS_WINDOW (widget), NULL);
}

static void
cancel_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsvisWindow *self = MSVIS_WINDOW (widget);

  g_cancellable_cancel (self->load_cancellable);
  _msvis_window_set_loading (self, NULL);
}

static void
zoom_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsvisGraphCanvas *canvas = focus_canvas (MSVIS_WINDOW (widget));

  if (g_str_equal (action_name, "win.zoom-in"))
    gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom", "d", 1.25);
  else if (g_str_equal (action_name, "win.zoom-out"))
    gtk_widget_activate_action (GTK_WIDGET (canvas), "canvas.zoom", "d", 0.8);
  else if (g_str_equal (action_name, "win.zoom-reset"))
    msvis_graph_canvas_set_zoom (canvas, 1.);
  else if (g_str_equal (action_name, "win.zoom-fit"))
    msvis_graph_canvas_zoom_to_fit (canvas);
  else if (g_str_equal (action_name, "win.zoom-selection"))
    msvis_graph_canvas_zoom_to_selection (canvas);
}

static void
expand_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsvisWindow *self = MSVIS_WINDOW (widget);

  each_canvas (self, g_str_equal (action_name, "win.expand-all")
                     ? msvis_graph_canvas_expand_all : msvis_graph_canvas_collapse_all);
}

static void
find_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  MsvisWindow *self = MSVIS_WINDOW (widget);

  if (!self->show_sidebar)
    g_object_set (self, "show-sidebar", TRUE, NULL);
  _msvis_window_find (self, action_name);
}

static void
history_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  _msvis_window_history_go (MSVIS_WINDOW (widget),
                            g_str_equal (action_name, "win.go-back") ? -1 : 1);
}

/* The matched node on the other side of the focused side's selection, or NONE. */
MsvisNodeId
_msvis_window_selected_counterpart (MsvisWindow *self,
                                    gboolean    *is_bench)
{
  MsvisGraphCanvas *canvas = focus_canvas (self);

  *is_bench = msvis_graph_canvas_is_bench (canvas);
  return msvis_compare_view_counterpart (self->compare_view, *is_bench,
                                         msvis_graph_canvas_get_selected (canvas));
}

/* Selecting a node already selects its counterpart: going there moves the focus (and the keys)
 * to the other side and brings the counterpart into view. */
static void
goto_counterpart_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  MsvisWindow *self = MSVIS_WINDOW (widget);
  MsvisGraphCanvas *canvas = focus_canvas (self);
  gboolean is_bench;
  gboolean had_focus = gtk_window_get_focus (GTK_WINDOW (self)) == GTK_WIDGET (canvas);
  MsvisNodeId counterpart = _msvis_window_selected_counterpart (self, &is_bench);

  if (counterpart == MSVIS_NODE_ID_NONE)
    return;
  msvis_compare_view_select (self->compare_view, !is_bench, counterpart);
  if (had_focus)
    gtk_widget_grab_focus (GTK_WIDGET (msvis_compare_view_get_canvas (self->compare_view,
                                                                      !is_bench)));
}

static void
close_action (GtkWidget  *widget,
              const char *action_name,
              GVariant   *parameter)
{
  gtk_window_close (GTK_WINDOW (widget));
}

/* A result made with -oc: it says so ("OverflowCheck": true, or overflow_check in a .vis.db).
 * One made without has no overflow levels to colour by. */
gboolean
_msvis_window_offers_overflow (MsvisWindow *self)
{
  return self->doc != NULL && msvis_vis_document_has_overflow_check (self->doc) &&
         msvis_vis_document_get_overflow_check (self->doc);
}

/* One place decides what is enabled; called whenever its inputs change. */
void
_msvis_window_update_actions (MsvisWindow *self)
{
  gboolean has_doc = self->doc != NULL;
  gboolean loading = msvis_window_is_loading (self);
  MsvisGraphCanvas *canvas = focus_canvas (self);
  g_autofree char *zoom = g_strdup_printf ("%.0f%%",
                                           100 * msvis_graph_canvas_get_zoom (canvas));
  static const char *const need_doc[] = {
    "win.zoom-in", "win.zoom-out", "win.zoom-reset", "win.zoom-fit", "win.expand-all",
    "win.collapse-all", "win.find", "win.find-next", "win.find-previous", "win.show-sidebar",
    "win.show-minimap",
  };

  for (guint i = 0; i < G_N_ELEMENTS (need_doc); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), need_doc[i], has_doc);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel", loading);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", has_doc && !loading);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-report", has_doc && !loading);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.zoom-selection",
                                 has_doc && msvis_graph_canvas_get_selected (canvas)
                                            != MSVIS_NODE_ID_NONE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.sync-expand",
                                 has_doc && msvis_vis_document_get_bench (self->doc) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-back",
                                 _msvis_window_history_can_go (self, -1));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-forward",
                                 _msvis_window_history_can_go (self, 1));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.goto-counterpart",
                                 has_doc && self->has_counterpart);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.first-divergence",
                                 has_doc && msvis_vis_document_is_compare (self->doc));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.first-worst",
                                 has_doc && msvis_vis_document_is_compare (self->doc));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.expand-errors",
                                 has_doc && msvis_vis_document_is_compare (self->doc));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.overflow-mode",
                                 _msvis_window_offers_overflow (self));
  gtk_button_set_label (self->zoom_button, zoom);
  _msvis_window_match_update (self);
}

static void
msvis_window_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  MsvisWindow *self = MSVIS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SHOW_SIDEBAR:
      g_value_set_boolean (value, self->show_sidebar);
      break;
    case PROP_SYNC_EXPAND:
      g_value_set_boolean (value, self->sync_expand);
      break;
    case PROP_OVERFLOW_MODE:
      g_value_set_boolean (value, self->overflow_mode);
      break;
    case PROP_SHOW_MINIMAP:
      g_value_set_boolean (value, self->show_minimap);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
msvis_window_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  MsvisWindow *self = MSVIS_WINDOW (object);
  gboolean on = g_value_get_boolean (value);

  switch (prop_id)
    {
    case PROP_SHOW_SIDEBAR:
      self->show_sidebar = on;
      gtk_widget_set_visible (self->sidebar, on);
      break;
    case PROP_SYNC_EXPAND:
      self->sync_expand = on;
      msvis_compare_view_set_sync_expand (self->compare_view, on);
      break;
    case PROP_OVERFLOW_MODE:
      self->overflow_mode = on;
      _msvis_window_remember_palette (self);
      msvis_graph_canvas_set_overflow_mode (msvis_compare_view_get_canvas (self->compare_view,
                                                                           FALSE), on);
      msvis_graph_canvas_set_overflow_mode (msvis_compare_view_get_canvas (self->compare_view,
                                                                           TRUE), on);
      break;
    case PROP_SHOW_MINIMAP:
      self->show_minimap = on;
      msvis_compare_view_set_show_minimap (self->compare_view, on);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

void
_msvis_window_class_init_actions (GtkWidgetClass *widget_class)
{
  GObjectClass *object_class = G_OBJECT_CLASS (widget_class);
  static const char *const zooms[] = {
    "win.zoom-in", "win.zoom-out", "win.zoom-reset", "win.zoom-fit", "win.zoom-selection",
  };
  static const char *const finds[] = {
    "win.find", "win.find-next", "win.find-previous", "win.first-divergence", "win.first-worst",
  };

  object_class->get_property = msvis_window_get_property;
  object_class->set_property = msvis_window_set_property;
  properties[PROP_SHOW_SIDEBAR] =
    g_param_spec_boolean ("show-sidebar", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SYNC_EXPAND] =
    g_param_spec_boolean ("sync-expand", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_OVERFLOW_MODE] =
    g_param_spec_boolean ("overflow-mode", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_MINIMAP] =
    g_param_spec_boolean ("show-minimap", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-folder", NULL, open_folder_action);
  gtk_widget_class_install_action (widget_class, "win.build", NULL, build_action);
  gtk_widget_class_install_action (widget_class, "win.cancel", NULL, cancel_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.go-back", NULL, history_action);
  gtk_widget_class_install_action (widget_class, "win.go-forward", NULL, history_action);
  gtk_widget_class_install_action (widget_class, "win.goto-counterpart", NULL,
                                   goto_counterpart_action);
  for (guint i = 0; i < G_N_ELEMENTS (zooms); i++)
    gtk_widget_class_install_action (widget_class, zooms[i], NULL, zoom_action);
  for (guint i = 0; i < G_N_ELEMENTS (finds); i++)
    gtk_widget_class_install_action (widget_class, finds[i], NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.expand-all", NULL, expand_action);
  gtk_widget_class_install_action (widget_class, "win.collapse-all", NULL, expand_action);
  gtk_widget_class_install_property_action (widget_class, "win.show-sidebar", "show-sidebar");
  gtk_widget_class_install_property_action (widget_class, "win.sync-expand", "sync-expand");
  gtk_widget_class_install_property_action (widget_class, "win.show-minimap", "show-minimap");
  gtk_widget_class_install_property_action (widget_class, "win.overflow-mode", "overflow-mode");
  gtk_widget_class_install_property_action (widget_class, "win.fullscreen", "fullscreened");
}
