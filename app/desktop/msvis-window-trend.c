// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-display-name.h"
#include "msvis-dump-build.h"
#include "msvis-trend-window.h"
#include "msvis-window-private.h"

/* The graph window's side of the trend view: a `.trend.db` opened from it goes to a trend
 * window, "Open Trends of a Run…" makes one from a run folder, and a trend cell's graph is
 * built here from its dump folder with its node selected once the graph has loaded. */

#define PENDING_NODE "msvis-trend-pending-node"

static void
toast (MsvisWindow *self,
       const char  *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 6);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/**
 * msvis_window_open_trend_db:
 *
 * Opens @file in a trend window of its own; a file that is not a trend database is refused
 * here, with the reason.
 */
void
msvis_window_open_trend_db (MsvisWindow *self,
                            GFile       *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  MsvisTrendReader *reader = path ? msvis_trend_reader_open (path, &error) : NULL;
  MsvisTrendWindow *window;

  if (reader == NULL)
    {
      if (error == NULL)
        g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                             _("Only local files can be opened"));
      _msvis_window_show_error (self, _("Could Not Open the Trends"), error);
      return;
    }
  window = msvis_trend_window_new (gtk_window_get_application (GTK_WINDOW (self)));
  msvis_trend_window_set_reader (window, reader);
  gtk_window_present (GTK_WINDOW (window));
  /* an empty window (msvis FILE.trend.db, or the start page) gives way to the trends */
  if (!msvis_window_has_document (self) && !msvis_window_is_loading (self))
    gtk_window_destroy (GTK_WINDOW (self));
}

/* The progress and end of a build started here or by the Build dialog: a failed one also
 * forgets the node a trend cell asked for. */
void
_msvis_window_build_progress (const char *message,
                              gpointer    user_data)
{
  MsvisWindow *self = user_data;

  if (msvis_window_is_loading (self))
    _msvis_window_set_loading (self, message);
}

void
_msvis_window_build_done (GObject      *object,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  g_autoptr(MsvisWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) written = msvis_dump_build_finish (result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  _msvis_window_set_loading (self, NULL);
  if (written == NULL)
    {
      g_object_set_data (G_OBJECT (self), PENDING_NODE, NULL);
      _msvis_window_show_error (self, _("Could Not Build the Graph"), error);
      return;
    }
  msvis_window_open (self, written);
}

/**
 * msvis_window_open_dump_node:
 * @dump_dir: a rank's dump folder
 * @bench_dir: (nullable): the benchmark's, to compare with
 * @node_name: (nullable): selected when the graph has loaded
 *
 * Builds @dump_dir's graph, or compares it with @bench_dir, as the Build dialog would (into
 * the cache) and opens it.
 */
void
msvis_window_open_dump_node (MsvisWindow *self,
                             GFile       *dump_dir,
                             GFile       *bench_dir,
                             const char  *node_name)
{
  g_autoptr(MsvisDumpBuildOptions) options = msvis_dump_build_options_new ();
  g_autofree char *name = g_file_get_basename (dump_dir);
  g_autofree char *message = NULL;

  g_return_if_fail (MSVIS_IS_WINDOW (self));

  options->npu_dir = g_object_ref (dump_dir);
  options->bench_dir = bench_dir ? g_object_ref (bench_dir) : NULL;
  options->output_dir = msvis_dump_build_default_output_dir ();
  g_object_set_data_full (G_OBJECT (self), PENDING_NODE, g_strdup (node_name), g_free);
  g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();
  /* translators: %s is a folder name */
  message = g_strdup_printf (_("Building the graph of %s…"), name);
  _msvis_window_set_loading (self, message);
  msvis_dump_build_async (options, self->load_cancellable, _msvis_window_build_progress, self,
                          _msvis_window_build_done, g_object_ref (self));
}

const char *
msvis_window_get_pending_node (MsvisWindow *self)
{
  return g_object_get_data (G_OBJECT (self), PENDING_NODE);
}

/* Called when a document was set: the node a trend cell asked for is selected. */
void
_msvis_window_trend_finish (MsvisWindow *self)
{
  g_autofree char *name = g_strdup (msvis_window_get_pending_node (self));
  MsvisGraph *graph;
  MsvisNodeId node;

  if (name == NULL || self->doc == NULL)
    return;
  g_object_set_data (G_OBJECT (self), PENDING_NODE, NULL);
  graph = msvis_vis_document_get_graph (self->doc, FALSE);
  node = graph ? msvis_graph_lookup (graph, name) : MSVIS_NODE_ID_NONE;
  if (node == MSVIS_NODE_ID_NONE)
    {
      g_autofree char *shown = msvis_display_name (name);
      g_autofree char *message = NULL;

      /* translators: %s is a node name */
      message = g_strdup_printf (_("The graph has no node %s"), shown);
      toast (self, message);
      return;
    }
  msvis_compare_view_select (self->compare_view, FALSE, node);
  gtk_widget_grab_focus (GTK_WIDGET (msvis_compare_view_get_canvas (self->compare_view, FALSE)));
}

static void
run_chosen (GtkNativeDialog *dialog,
            int              response,
            MsvisWindow     *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      MsvisTrendWindow *window =
        msvis_trend_window_new (gtk_window_get_application (GTK_WINDOW (self)));

      gtk_window_present (GTK_WINDOW (window));
      msvis_trend_window_import (window, folder, NULL);
    }
  g_object_unref (dialog);
}

static void
open_trends_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  MsvisWindow *self = MSVIS_WINDOW (widget);
  g_autoptr(GFile) last_folder = _msvis_window_dup_last_folder (self);
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_("Open the Trends of a Run (the folder of its stepN "
                                          "folders)"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Open"),
                                        _("_Cancel"));
  if (last_folder != NULL && g_file_query_exists (last_folder, NULL))
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), last_folder, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (run_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
_msvis_window_class_init_trend (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open-trends", NULL, open_trends_action);
}
