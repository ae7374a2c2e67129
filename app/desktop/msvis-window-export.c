// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-export-async.h"
#include "msvis-export-dialog.h"
#include "msvis-export-job.h"
#include "msvis-report-job.h"
#include "msvis-window-private.h"

/* Export Picture (Ctrl+E) and Export Report (Ctrl+Shift+E). Both write on a worker thread
 * behind the window's progress bar, whose Cancel stops them; a load started meanwhile
 * cancels them too, as it takes the progress bar over. */

typedef struct
{
  MsvisWindow       *window;    /* set when the export starts */
  GCancellable      *cancellable;
  MsvisVisDocument  *doc;       /* the report's; the picture's scene holds its layouts */
  char              *name;
  MsvisExportScene  *scene;
  MsvisExportFormat  format;
  GFile             *file;
  MsvisSafeFileFlags flags;
  gboolean           picture;   /* else a report */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  g_clear_object (&job->window);
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->doc, msvis_vis_document_unref);
  g_clear_pointer (&job->scene, msvis_export_scene_free);
  g_free (job->name);
  g_clear_object (&job->file);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ExportJob, export_job_free)

static void
export_done (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(ExportJob) job = user_data;
  MsvisWindow *self = job->window;
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = g_file_get_uri (job->file);
  g_autofree char *basename = g_file_get_basename (job->file);
  g_autofree char *message = NULL;
  gboolean ok = msvis_export_write_finish (result, &error);
  AdwToast *toast;

  /* Cancelled by a load that now owns the progress bar, or by Cancel: nothing to say. */
  if (g_cancellable_is_cancelled (job->cancellable))
    return;
  _msvis_window_set_loading (self, NULL);
  if (!ok)
    {
      _msvis_window_show_error (self, job->picture ? _("Could Not Export the Picture")
                                                  : _("Could Not Export the Report"),
                               error);
      return;
    }
  /* translators: %s is a file name */
  message = g_strdup_printf (_("Exported %s"), basename);
  toast = adw_toast_new (message);
  adw_toast_set_button_label (toast, _("_Open"));
  adw_toast_set_action_name (toast, "win.open-exported");
  adw_toast_set_action_target_value (toast, g_variant_new_string (uri));
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
start_export (MsvisWindow *self,
              ExportJob   *job,
              GFile       *file,
              gboolean     replace)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autofree char *message = NULL;
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autofree char *path = g_file_get_path (file);

  job->file = g_object_ref (file);
  job->flags = replace ? MSVIS_SAFE_FILE_REPLACE : MSVIS_SAFE_FILE_DEFAULT;
  _msvis_window_set_last_folder (self, folder);
  g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();
  /* translators: %s is a file name */
  message = g_strdup_printf (_("Exporting %s…"), basename);
  _msvis_window_set_loading (self, message);
  job->window = g_object_ref (self);
  job->cancellable = g_object_ref (self->load_cancellable);
  if (job->picture)
    msvis_export_write_picture_async (g_steal_pointer (&job->scene), path, job->format,
                                      job->flags, self->load_cancellable, export_done, job);
  else
    msvis_export_write_report_async (job->doc, job->name, path, job->flags,
                                     self->load_cancellable, export_done, job);
}

/* Where the choosers start: the last folder used, else the result's own. */
static GFile *
start_folder (MsvisWindow *self)
{
  GFile *folder = _msvis_window_dup_last_folder (self);
  GFile *file;

  if (folder == NULL && self->source != NULL
      && (file = msvis_vis_source_get_file (self->source)) != NULL)
    folder = g_file_get_parent (file);
  return folder;
}

static void
export_requested (MsvisExportDialog *dialog,
                  GFile             *file,
                  gboolean           replace,
                  MsvisWindow       *self)
{
  ExportJob *job = g_new0 (ExportJob, 1);

  job->scene = msvis_export_dialog_make_scene (dialog);
  job->picture = TRUE;
  job->format = msvis_export_dialog_get_format (dialog);
  start_export (self, job, file, replace);
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  MsvisWindow *self = MSVIS_WINDOW (widget);
  g_autoptr(GFile) folder = start_folder (self);
  GtkWidget *dialog;

  if (self->doc == NULL)
    return;
  /* Before anything that takes time: keys typed until the dialog has the keyboard must not
   * move the graph. */
  _msvis_window_block_keys (self);
  dialog = msvis_export_dialog_new (GTK_WINDOW (self), self->doc,
                                    msvis_vis_source_get_name (self->source),
                                    _msvis_window_get_micro_step (self),
                                    self->overflow_mode);
  for (guint bench = 0; bench < 2; bench++)
    {
      MsvisGraphCanvas *canvas = msvis_compare_view_get_canvas (self->compare_view, bench);
      MsvisRect view;

      if (bench && msvis_vis_document_get_bench (self->doc) == NULL)
        break;
      msvis_graph_canvas_get_view (canvas, &view);
      msvis_export_dialog_set_side (MSVIS_EXPORT_DIALOG (dialog), bench,
                                    msvis_graph_canvas_get_layout (canvas), &view);
    }
  msvis_export_dialog_set_folder (MSVIS_EXPORT_DIALOG (dialog), folder);
  g_signal_connect_object (dialog, "export-requested", G_CALLBACK (export_requested), self, 0);
  _msvis_window_block_keys_while (self, G_OBJECT (dialog));
  _msvis_window_unblock_keys (self);
  gtk_window_present (GTK_WINDOW (dialog));
}

static const struct
{
  const char *name;
  const char *extension;
} report_formats[] = {
  { N_("HTML page, with pictures"), ".html" },
  { N_("Markdown"), ".md" },
  { N_("CSV table"), ".csv" },
};

static void
report_chosen (GtkNativeDialog *chooser,
               int              response,
               MsvisWindow     *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) completed = NULL;
  g_autoptr(GtkFileFilter) filter = NULL;
  g_autofree char *path = NULL;
  guint format = 0;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
      filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (chooser));
    }
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);
  _msvis_window_unblock_keys (self);
  if (file == NULL || self->doc == NULL || !(path = g_file_get_path (file)))
    return;

  for (guint i = 0; i < G_N_ELEMENTS (report_formats); i++)
    {
      if (filter != NULL && g_strcmp0 (gtk_file_filter_get_name (filter),
                                       _(report_formats[i].name)) == 0)
        format = i;
      if (g_str_has_suffix (path, report_formats[i].extension))
        {
          msvis_window_export_report (self, file, TRUE);
          return;
        }
    }
  /* A name without a report's extension gets the chosen filter's; the chooser did not ask
   * about that name, so it must be new. */
  g_free (path);
  path = g_strconcat (g_file_peek_path (file), report_formats[format].extension, NULL);
  completed = g_file_new_for_path (path);
  msvis_window_export_report (self, completed, FALSE);
}

/**
 * msvis_window_export_report:
 * @file: a .md, .html or .csv file
 * @replace: whether the user agreed to replace a file of that name
 *
 * Writes the report of what is open, on a worker thread; an error shows in the window.
 */
void
msvis_window_export_report (MsvisWindow *self,
                            GFile       *file,
                            gboolean     replace)
{
  ExportJob *job;

  g_return_if_fail (MSVIS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  if (self->doc == NULL)
    return;
  job = g_new0 (ExportJob, 1);
  job->doc = msvis_vis_document_ref (self->doc);
  job->name = g_strdup (msvis_vis_source_get_name (self->source));
  start_export (self, job, file, replace);
}

static void
export_report_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  MsvisWindow *self = MSVIS_WINDOW (widget);
  g_autoptr(GFile) folder = start_folder (self);
  g_autofree char *stem = NULL;
  g_autofree char *name = NULL;
  GtkFileChooserNative *chooser;

  if (self->doc == NULL)
    return;
  stem = msvis_export_file_stem (msvis_vis_source_get_name (self->source));
  name = g_strconcat (stem, "-report.html", NULL);

  /* The chooser may come seconds later (a portal starting, or GTK's own chooser scanning
   * places): the keys typed meanwhile stay out of the graph, until it answers. */
  _msvis_window_block_keys (self);
  chooser = gtk_file_chooser_native_new (_("Export Report"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                         _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (report_formats); i++)
    {
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
      g_autofree char *pattern = g_strconcat ("*", report_formats[i].extension, NULL);

      gtk_file_filter_set_name (filter, _(report_formats[i].name));
      gtk_file_filter_add_pattern (filter, pattern);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
    }
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), name);
  g_signal_connect (chooser, "response", G_CALLBACK (report_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
open_exported_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  g_autoptr(GdkAppLaunchContext) context =
    gdk_display_get_app_launch_context (gtk_widget_get_display (widget));

  g_app_info_launch_default_for_uri_async (g_variant_get_string (parameter, NULL),
                                           G_APP_LAUNCH_CONTEXT (context), NULL, NULL, NULL);
}

void
_msvis_window_class_init_export (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.export-report", NULL,
                                   export_report_action);
  gtk_widget_class_install_action (widget_class, "win.open-exported", "s",
                                   open_exported_action);
}
