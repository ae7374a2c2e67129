// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "msvis-progress.h"
#include "msvis-solid-popovers.h"
#include "msvis-trend.h"
#include "msvis-trend-window.h"

struct _MsvisTrendWindow
{
  AdwApplicationWindow  parent_instance;

  AdwWindowTitle       *title;
  AdwToastOverlay      *toasts;
  GtkRevealer          *progress_revealer;
  GtkLabel             *progress_label;
  GtkProgressBar       *progress_bar;
  GtkStack             *stack;
  AdwStatusPage        *status;
  MsvisTrendView       *view;
  GtkWidget            *mapping_button;

  char                 *run_dir;        /* the dumps, for graphs; NULL: not known */
  char                 *bench_dir;      /* the benchmark run's, for compare graphs */
  GtkWidget            *bench_button;
  GtkWidget            *no_bench_button;
  char                 *mapping_path;   /* what the database was made with */
  GPtrArray            *mapping;
  GCancellable         *cancellable;    /* the import under way */
  MsvisProgress        *progress;
  guint                 pulse_id;
  GWeakRef              graph_window;   /* the window the cells' graphs open in */
};

G_DEFINE_FINAL_TYPE (MsvisTrendWindow, msvis_trend_window, ADW_TYPE_APPLICATION_WINDOW)

static void
toast (MsvisTrendWindow *self,
       const char       *message)
{
  AdwToast *toast = adw_toast_new (message);

  adw_toast_set_timeout (toast, 8);
  adw_toast_overlay_add_toast (self->toasts, toast);
}

static void
show_status (MsvisTrendWindow *self,
             const char       *title,
             const char       *description)
{
  adw_status_page_set_title (self->status, title);
  adw_status_page_set_description (self->status, description);
  gtk_stack_set_visible_child (self->stack, GTK_WIDGET (self->status));
}

/**
 * msvis_trend_window_set_reader:
 * @reader: (transfer full)
 */
void
msvis_trend_window_set_reader (MsvisTrendWindow *self,
                               MsvisTrendReader *reader)
{
  /* a run's trends are named after the run: their database is a file in the cache */
  g_autofree char *base = g_path_get_basename (self->run_dir ? self->run_dir
                                               : msvis_trend_reader_get_path (reader));
  g_autofree char *title = NULL;

  adw_window_title_set_title (self->title, base);
  adw_window_title_set_subtitle (self->title, self->run_dir ? self->run_dir
                                 : msvis_trend_reader_get_path (reader));
  /* translators: the window's title: a database's name, then the program's */
  title = g_strdup_printf (_("%s — msvis"), base);
  gtk_window_set_title (GTK_WINDOW (self), title);
  msvis_trend_view_set_reader (self->view, reader);
  msvis_trend_view_set_can_open (self->view, self->run_dir != NULL);
  gtk_stack_set_visible_child (self->stack, GTK_WIDGET (self->view));
}

void
msvis_trend_window_set_run_dir (MsvisTrendWindow *self,
                                GFile            *run_dir)
{
  g_free (self->run_dir);
  self->run_dir = g_file_get_path (run_dir);
  msvis_trend_view_set_can_open (self->view, self->run_dir != NULL);
}

MsvisTrendView *
msvis_trend_window_get_view (MsvisTrendWindow *self)
{
  return self->view;
}

gboolean
msvis_trend_window_is_busy (MsvisTrendWindow *self)
{
  return self->cancellable != NULL;
}

/* The import: a run folder into the cache, one folder per run (its path hashed), so that the
 * user's data never gets a file beside it. */
typedef struct
{
  char          *run_dir;
  char          *db_dir;
  GPtrArray     *mapping;
  MsvisProgress *progress;
  gboolean       bench;       /* the benchmark run's trends */
} Import;

static void
import_free (Import *import)
{
  g_free (import->run_dir);
  g_free (import->db_dir);
  g_clear_pointer (&import->mapping, g_ptr_array_unref);
  msvis_progress_unref (import->progress);
  g_free (import);
}

static void
import_thread (GTask        *task,
               gpointer      source,
               gpointer      data,
               GCancellable *cancellable)
{
  Import *import = data;
  MsvisTrendOptions options = { 0 };
  g_autofree char *written = NULL;
  GError *error = NULL;

  {
    /* a folder with a trend database (msprobe data2db's --db) is taken as it is */
    g_autofree char *given = g_build_filename (import->run_dir, MSVIS_TREND_DUMP_DB, NULL);

    if (import->bench && g_file_test (given, G_FILE_TEST_IS_REGULAR))
      {
        MsvisTrendReader *reader = msvis_trend_reader_open (given, &error);

        if (reader == NULL)
          g_task_return_error (task, error);
        else
          g_task_return_pointer (task, reader, (GDestroyNotify) msvis_trend_reader_free);
        return;
      }
  }
  options.data_dir = import->run_dir;
  options.db_dir = import->db_dir;
  options.mapping = import->mapping;
  options.micro_step = TRUE;
  options.progress = import->progress;
  options.cancellable = cancellable;
  if (g_mkdir_with_parents (import->db_dir, 0700) != 0)
    {
      int saved = errno;

      g_task_return_new_error (task, G_IO_ERROR, g_io_error_from_errno (saved),
                               /* translators: a folder, then the system's message */
                               _("%s: cannot create: %s"), import->db_dir, g_strerror (saved));
      return;
    }
  if (!msvis_trend_import_dump (&options, &written, NULL, NULL, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  if (written == NULL)
    {
      g_task_return_new_error (task, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT,
                               /* translators: a folder */
                               _("%s has no dumps: a run folder holds stepN/rankN folders with "
                                 "a dump.json each"), import->run_dir);
      return;
    }
  {
    MsvisTrendReader *reader = msvis_trend_reader_open (written, &error);

    if (reader == NULL)
      g_task_return_error (task, error);
    else
      g_task_return_pointer (task, reader, (GDestroyNotify) msvis_trend_reader_free);
  }
}

static gboolean
pulse (gpointer data)
{
  MsvisTrendWindow *self = data;

  if (self->progress != NULL)
    gtk_progress_bar_set_fraction (self->progress_bar,
                                   msvis_progress_get_fraction (self->progress));
  return G_SOURCE_CONTINUE;
}

static void
set_busy (MsvisTrendWindow *self,
          const char       *message)
{
  gtk_revealer_set_reveal_child (self->progress_revealer, message != NULL);
  if (message != NULL)
    {
      gtk_label_set_label (self->progress_label, message);
      gtk_progress_bar_set_fraction (self->progress_bar, 0);
      if (self->pulse_id == 0)
        self->pulse_id = g_timeout_add (100, pulse, self);
    }
  else
    {
      g_clear_handle_id (&self->pulse_id, g_source_remove);
      g_clear_object (&self->cancellable);
      g_clear_pointer (&self->progress, msvis_progress_unref);
    }
  gtk_widget_set_sensitive (self->mapping_button, message == NULL && self->run_dir != NULL);
}

static void
update_bench (MsvisTrendWindow *self)
{
  MsvisTrendReader *bench = msvis_trend_view_get_bench (self->view);

  gtk_widget_set_visible (self->no_bench_button, bench != NULL);
  if (bench == NULL)
    g_clear_pointer (&self->bench_dir, g_free);
}

static void
import_done (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(MsvisTrendWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  MsvisTrendReader *reader = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      g_clear_pointer (&reader, msvis_trend_reader_free);
      return;        /* a newer import replaced this one */
    }
  set_busy (self, NULL);
  if (reader != NULL && ((Import *)g_task_get_task_data (G_TASK (result)))->bench)
    {
      if (!msvis_trend_view_set_bench (self->view, reader, &error))
        toast (self, error->message);
      update_bench (self);
      return;
    }
  if (reader != NULL)
    {
      msvis_trend_window_set_reader (self, reader);
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      if (msvis_trend_view_get_reader (self->view) == NULL)
        show_status (self, _("Cancelled"), _("The trends of the run were not made."));
      return;
    }
  if (msvis_trend_view_get_reader (self->view) == NULL)
    show_status (self, _("Could Not Make the Trends"), error->message);
  else
    toast (self, error->message);
}

static char *
cache_dir_for (const char *run_dir)
{
  g_autofree char *hash = g_compute_checksum_for_string (G_CHECKSUM_SHA256, run_dir, -1);

  hash[16] = '\0';
  return g_build_filename (g_get_user_cache_dir (), "msvis", "trends", hash, NULL);
}

/**
 * msvis_trend_window_import:
 * @mapping: (nullable): a mapping file (trend-2026 § 4)
 *
 * Makes the run's trend database on a worker, with progress and a Cancel button, then shows it.
 */
static void start_import (MsvisTrendWindow *self,
                          Import           *import,
                          const char       *run_dir,
                          const char       *name);

void
msvis_trend_window_import (MsvisTrendWindow *self,
                           GFile            *run_dir,
                           GFile            *mapping)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = g_file_get_basename (run_dir);
  Import *import = g_new0 (Import, 1);

  if (mapping != NULL)
    {
      g_autofree char *path = g_file_get_path (mapping);

      import->mapping = path ? msvis_trend_load_mapping (path, &error) : NULL;
      if (import->mapping == NULL)
        {
          import_free (import);
          toast (self, error ? error->message : _("Only local files can be opened"));
          return;
        }
      g_free (self->mapping_path);
      self->mapping_path = g_steal_pointer (&path);
      g_clear_pointer (&self->mapping, g_ptr_array_unref);
      self->mapping = g_ptr_array_ref (import->mapping);
    }
  else if (self->mapping != NULL)
    import->mapping = g_ptr_array_ref (self->mapping);
  msvis_trend_window_set_run_dir (self, run_dir);
  start_import (self, import, self->run_dir, name);
}

/**
 * msvis_trend_window_import_bench:
 * @run_dir: a benchmark run folder, or a folder with its dump_data.trend.db
 *
 * The map then shows the relative difference to the benchmark, and a cell's graph is a compare.
 */
void
msvis_trend_window_import_bench (MsvisTrendWindow *self,
                                 GFile            *run_dir)
{
  g_autofree char *name = g_file_get_basename (run_dir);
  Import *import = g_new0 (Import, 1);

  import->bench = TRUE;
  if (self->mapping != NULL)
    import->mapping = g_ptr_array_ref (self->mapping);
  g_free (self->bench_dir);
  self->bench_dir = g_file_get_path (run_dir);
  start_import (self, import, self->bench_dir, name);
}

static void
start_import (MsvisTrendWindow *self,
              Import           *import,
              const char       *run_dir,
              const char       *name)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *message = NULL;

  import->run_dir = g_strdup (run_dir);
  import->db_dir = cache_dir_for (run_dir);
  import->progress = msvis_progress_new ();
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_clear_pointer (&self->progress, msvis_progress_unref);
  self->progress = msvis_progress_ref (import->progress);
  /* translators: %s is a folder name */
  message = g_strdup_printf (_("Reading the dumps of %s…"), name);
  set_busy (self, message);
  if (msvis_trend_view_get_reader (self->view) == NULL)
    show_status (self, message, _("The statistics of every step and rank are gathered into a "
                                  "trend database in the cache."));
  task = g_task_new (NULL, self->cancellable, import_done, g_object_ref (self));
  g_task_set_task_data (task, import, (GDestroyNotify) import_free);
  g_task_run_in_thread (task, import_thread);
}

MsvisWindow *
msvis_trend_window_get_graph_window (MsvisTrendWindow *self)
{
  MsvisWindow *window = g_weak_ref_get (&self->graph_window);

  if (window != NULL)
    g_object_unref (window);   /* the application holds it while it is open */
  return window;
}

/* A cell's graph: its rank's dump folder of its step, built in the graph window these cells
 * opened before (a new one the first time), with the module's node selected. */
static void
open_graph (MsvisTrendView         *view,
            gint64                  rank,
            gint64                  step,
            const char             *metric,
            const MsvisTrendTarget *target,
            MsvisTrendWindow       *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dump_dir = NULL, *node = NULL, *bench_dump = NULL, *bench_node = NULL;
  g_autoptr(GFile) dir = NULL, bench = NULL;
  MsvisWindow *window;

  if (self->run_dir == NULL)
    {
      toast (self, _("Choose the run folder with the dumps (Dumps…) to open graphs"));
      return;
    }
  if (!msvis_trend_locate (self->run_dir, self->mapping, TRUE, step, rank, metric, target->name,
                           target->index, &dump_dir, &node, &error))
    {
      toast (self, error->message);
      return;
    }
  if (self->bench_dir != NULL && msvis_trend_view_get_bench (self->view) != NULL &&
      !msvis_trend_locate (self->bench_dir, self->mapping, TRUE, step, rank, metric, target->name,
                           target->index, &bench_dump, &bench_node, &error))
    {
      toast (self, error->message);
      return;
    }
  window = msvis_trend_window_get_graph_window (self);
  if (window == NULL)
    {
      window = msvis_window_new (gtk_window_get_application (GTK_WINDOW (self)));
      g_weak_ref_set (&self->graph_window, window);
    }
  gtk_window_present (GTK_WINDOW (window));
  dir = g_file_new_for_path (dump_dir);
  bench = bench_dump ? g_file_new_for_path (bench_dump) : NULL;
  msvis_window_open_dump_node (window, dir, bench, node);
}

static void
cancel_clicked (MsvisTrendWindow *self)
{
  g_cancellable_cancel (self->cancellable);
}

static void
mapping_chosen (GtkNativeDialog  *dialog,
                int               response,
                MsvisTrendWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT && self->run_dir != NULL)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GFile) run = g_file_new_for_path (self->run_dir);

      msvis_trend_window_import (self, run, file);
    }
  g_object_unref (dialog);
}

static void
dumps_chosen (GtkNativeDialog  *dialog,
              int               response,
              MsvisTrendWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      msvis_trend_window_set_run_dir (self, folder);
      set_busy (self, self->cancellable ? gtk_label_get_label (self->progress_label) : NULL);
    }
  g_object_unref (dialog);
}

static void
choose (MsvisTrendWindow     *self,
        const char           *title,
        GtkFileChooserAction  action,
        GCallback             chosen)
{
  GtkFileChooserNative *dialog = gtk_file_chooser_native_new (title, GTK_WINDOW (self), action,
                                                              _("_Open"), _("_Cancel"));

  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", chosen, self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
mapping_clicked (MsvisTrendWindow *self)
{
  choose (self, _("A Mapping File (JSON: names to merge)"), GTK_FILE_CHOOSER_ACTION_OPEN,
          G_CALLBACK (mapping_chosen));
}

static void
dumps_clicked (MsvisTrendWindow *self)
{
  choose (self, _("The Run Folder with the Dumps (its stepN folders)"),
          GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, G_CALLBACK (dumps_chosen));
}

static void
bench_chosen (GtkNativeDialog  *dialog,
              int               response,
              MsvisTrendWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      msvis_trend_window_import_bench (self, folder);
    }
  g_object_unref (dialog);
}

static void
bench_clicked (MsvisTrendWindow *self)
{
  choose (self, _("The Benchmark Run (its stepN folders, or a folder with its "
                  "dump_data.trend.db)"), GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
          G_CALLBACK (bench_chosen));
}

static void
no_bench_clicked (MsvisTrendWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (!msvis_trend_view_set_bench (self->view, NULL, &error))
    toast (self, error->message);
  update_bench (self);
}

static GtkWidget *
build_header (MsvisTrendWindow *self)
{
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *dumps = gtk_button_new_with_mnemonic (_("_Dumps…"));

  self->title = ADW_WINDOW_TITLE (adw_window_title_new (_("Trends"), NULL));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), GTK_WIDGET (self->title));
  gtk_widget_set_tooltip_text (dumps, _("The run folder whose dumps the graphs of cells are "
                                        "built from"));
  g_signal_connect_swapped (dumps, "clicked", G_CALLBACK (dumps_clicked), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), dumps);
  self->mapping_button = gtk_button_new_with_mnemonic (_("_Mapping…"));
  gtk_widget_set_tooltip_text (self->mapping_button,
                               _("Make the trends again with a mapping file that merges names"));
  gtk_widget_set_sensitive (self->mapping_button, FALSE);
  g_signal_connect_swapped (self->mapping_button, "clicked", G_CALLBACK (mapping_clicked), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), self->mapping_button);
  self->bench_button = gtk_button_new_with_mnemonic (_("_Benchmark…"));
  gtk_widget_set_tooltip_text (self->bench_button,
                               _("Compare with a benchmark run: the map shows the relative "
                                 "difference, a cell opens the compare of its graphs"));
  g_signal_connect_swapped (self->bench_button, "clicked", G_CALLBACK (bench_clicked), self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), self->bench_button);
  self->no_bench_button = gtk_button_new_from_icon_name ("edit-clear-symbolic");
  gtk_widget_set_tooltip_text (self->no_bench_button, _("Show the values, not the difference"));
  gtk_widget_set_visible (self->no_bench_button, FALSE);
  g_signal_connect_swapped (self->no_bench_button, "clicked", G_CALLBACK (no_bench_clicked),
                            self);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), self->no_bench_button);
  return header;
}

static GtkWidget *
build_progress (MsvisTrendWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));

  self->progress_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_ellipsize (self->progress_label, PANGO_ELLIPSIZE_MIDDLE);
  self->progress_bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_widget_set_hexpand (GTK_WIDGET (self->progress_bar), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->progress_bar), GTK_ALIGN_CENTER);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (cancel_clicked), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->progress_label));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->progress_bar));
  gtk_box_append (GTK_BOX (box), cancel);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  self->progress_revealer = GTK_REVEALER (gtk_revealer_new ());
  gtk_revealer_set_child (self->progress_revealer, box);
  return GTK_WIDGET (self->progress_revealer);
}

/* Most of the screen, 1200 × 800 at least, but never more than the screen: a window larger
 * than a 1280 × 720 screen would hide its line chart below the screen's edge. */
static void
fit_default_size (MsvisTrendWindow *self)
{
  GdkDisplay *display = gdk_display_get_default ();
  GListModel *monitors = display ? gdk_display_get_monitors (display) : NULL;
  g_autoptr(GdkMonitor) monitor = monitors && g_list_model_get_n_items (monitors) > 0
                                  ? g_list_model_get_item (monitors, 0) : NULL;
  GdkRectangle area = { 0, 0, 1200, 800 };

  if (monitor != NULL)
    gdk_monitor_get_geometry (monitor, &area);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               MIN (area.width, MAX (1200, area.width * 9 / 10)),
                               MIN (area.height, MAX (800, area.height * 9 / 10)));
}

static void
msvis_trend_window_dispose (GObject *object)
{
  MsvisTrendWindow *self = MSVIS_TREND_WINDOW (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->pulse_id, g_source_remove);
  G_OBJECT_CLASS (msvis_trend_window_parent_class)->dispose (object);
}

static void
msvis_trend_window_finalize (GObject *object)
{
  MsvisTrendWindow *self = MSVIS_TREND_WINDOW (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->progress, msvis_progress_unref);
  g_clear_pointer (&self->mapping, g_ptr_array_unref);
  g_free (self->mapping_path);
  g_free (self->run_dir);
  g_free (self->bench_dir);
  g_weak_ref_clear (&self->graph_window);
  G_OBJECT_CLASS (msvis_trend_window_parent_class)->finalize (object);
}

static void
msvis_trend_window_class_init (MsvisTrendWindowClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = msvis_trend_window_dispose;
  G_OBJECT_CLASS (klass)->finalize = msvis_trend_window_finalize;
}

static void
msvis_trend_window_init (MsvisTrendWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  g_weak_ref_init (&self->graph_window, NULL);
  msvis_solid_popovers_install (GTK_WINDOW (self));
  gtk_box_append (GTK_BOX (box), build_header (self));
  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->toasts), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->toasts));
  adw_toast_overlay_set_child (self->toasts, content);
  gtk_box_append (GTK_BOX (content), build_progress (self));
  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->stack), TRUE);
  self->status = ADW_STATUS_PAGE (adw_status_page_new ());
  adw_status_page_set_icon_name (self->status, "x-office-spreadsheet-symbolic");
  gtk_stack_add_child (self->stack, GTK_WIDGET (self->status));
  self->view = MSVIS_TREND_VIEW (msvis_trend_view_new ());
  g_signal_connect (self->view, "open-graph", G_CALLBACK (open_graph), self);
  gtk_stack_add_child (self->stack, GTK_WIDGET (self->view));
  gtk_box_append (GTK_BOX (content), GTK_WIDGET (self->stack));
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (self), box);
  fit_default_size (self);
  gtk_window_set_title (GTK_WINDOW (self), _("Trends — msvis"));
  show_status (self, _("Trends"), NULL);
}

MsvisTrendWindow *
msvis_trend_window_new (GtkApplication *application)
{
  return g_object_new (MSVIS_TYPE_TREND_WINDOW, "application", application, NULL);
}
