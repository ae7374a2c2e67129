// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-export-job.h"
#include "msvis-find-panel.h"
#include "msvis-reader-error.h"
#include "msvis-vis-open.h"
#include "msvis-step-list.h"
#include "msvis-trend-window.h"
#include "msvis-window-private.h"

#define MAX_RECENT 8

G_DEFINE_FINAL_TYPE (MsvisWindow, msvis_window, ADW_TYPE_APPLICATION_WINDOW)

/* What load_done needs of the load it ends. */
typedef struct
{
  MsvisWindow *window;
  GFile       *file;     /* nullable: another graph of the open source */
} LoadCall;

static void
load_call_free (LoadCall *call)
{
  g_clear_object (&call->window);
  g_clear_object (&call->file);
  g_free (call);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (LoadCall, load_call_free)

static gboolean
pulse (gpointer data)
{
  MsvisWindow *self = data;
  double fraction = msvis_progress_get_fraction (self->progress);

  /* A job that says how far it is shows it; others (a build, an export) pulse. */
  if (fraction > 0.)
    gtk_progress_bar_set_fraction (self->progress_bar, fraction);
  else
    gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_CONTINUE;
}

/**
 * _msvis_window_set_loading:
 * @message: (nullable): what is being done, or %NULL when done
 */
void
_msvis_window_set_loading (MsvisWindow *self,
                           const char  *message)
{
  gtk_revealer_set_reveal_child (self->progress_revealer, message != NULL);
  if (message != NULL)
    {
      gtk_label_set_label (self->progress_label, message);
      if (self->pulse_id == 0)
        self->pulse_id = g_timeout_add (120, pulse, self);
    }
  else
    g_clear_handle_id (&self->pulse_id, g_source_remove);
  g_clear_pointer (&self->progress, msvis_progress_unref);
  _msvis_window_update_actions (self);
}

gboolean
msvis_window_is_loading (MsvisWindow *self)
{
  g_return_val_if_fail (MSVIS_IS_WINDOW (self), FALSE);
  return self->pulse_id != 0;
}

gboolean
msvis_window_has_document (MsvisWindow *self)
{
  g_return_val_if_fail (MSVIS_IS_WINDOW (self), FALSE);
  return self->doc != NULL;
}

static GtkStringList *
number_list (GArray     *values,
             const char *none_label)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  for (guint i = 0; i < values->len; i++)
    {
      gint v = g_array_index (values, gint, i);
      g_autofree char *text = v < 0 ? g_strdup (none_label) : g_strdup_printf ("%d", v);

      gtk_string_list_append (list, text);
    }
  return list;
}

static void
add_unique (GArray *values,
            gint    value)
{
  for (guint i = 0; i < values->len; i++)
    if (g_array_index (values, gint, i) == value)
      return;
  g_array_append_val (values, value);
}

/* Step and rank choices: every step of the source, the ranks of the current step. */
static void
update_selectors (MsvisWindow *self)
{
  const GArray *graphs = msvis_vis_source_get_graphs (self->source);
  g_autoptr(GtkStringList) steps = NULL, ranks = NULL;
  guint step_index = 0, rank_index = 0;

  self->updating_selectors = TRUE;
  g_array_set_size (self->steps, 0);
  g_array_set_size (self->ranks, 0);
  for (guint i = 0; i < graphs->len; i++)
    add_unique (self->steps, g_array_index (graphs, MsvisVisGraphKey, i).step);
  for (guint i = 0; i < graphs->len; i++)
    {
      const MsvisVisGraphKey *key = &g_array_index (graphs, MsvisVisGraphKey, i);

      if (key->step == msvis_vis_document_get_step (self->doc) || graphs->len == 1)
        add_unique (self->ranks, key->rank);
    }
  for (guint i = 0; i < self->steps->len; i++)
    if (g_array_index (self->steps, gint, i) == msvis_vis_document_get_step (self->doc))
      step_index = i;
  for (guint i = 0; i < self->ranks->len; i++)
    if (g_array_index (self->ranks, gint, i) == msvis_vis_document_get_rank (self->doc))
      rank_index = i;

  steps = number_list (self->steps, _("—"));
  ranks = number_list (self->ranks, _("—"));
  gtk_drop_down_set_model (self->step_dropdown, G_LIST_MODEL (steps));
  gtk_drop_down_set_model (self->rank_dropdown, G_LIST_MODEL (ranks));
  gtk_drop_down_set_selected (self->step_dropdown, step_index);
  gtk_drop_down_set_selected (self->rank_dropdown, rank_index);
  gtk_widget_set_visible (GTK_WIDGET (self->step_dropdown), self->steps->len > 1);
  gtk_widget_set_visible (self->step_label, self->steps->len > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->rank_dropdown), self->ranks->len > 1);
  gtk_widget_set_visible (self->rank_label, self->ranks->len > 1);
  /* July merges write one merged{i} file per data-parallel replica: no device ranks. */
  gtk_label_set_text (GTK_LABEL (self->rank_label), msvis_vis_source_is_merged (self->source)
                                                    ? _("Merged graph") : _("Rank"));
  self->updating_selectors = FALSE;
}

static void
update_micro_steps (MsvisWindow *self)
{
  guint n = msvis_vis_document_has_micro_steps (self->doc)
            ? msvis_graph_get_micro_steps (msvis_vis_document_get_npu (self->doc)) : 0;
  /* Made row by row as the chooser shows them: a graph may have as many steps as nodes. */
  g_autoptr(MsvisStepList) list = msvis_step_list_new (_("All"), n);

  self->updating_selectors = TRUE;
  gtk_drop_down_set_model (self->micro_step_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->micro_step_dropdown, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->micro_step_dropdown), n > 1);
  gtk_widget_set_visible (self->micro_step_label, n > 1);
  self->updating_selectors = FALSE;
}

static void
set_document (MsvisWindow      *self,
              MsvisVisSource   *source,
              MsvisVisDocument *doc)
{
  g_autofree char *subtitle = msvis_vis_document_describe (doc, -1);
  gboolean same_source = source == self->source;

  if (!same_source)
    {
      g_clear_pointer (&self->source, msvis_vis_source_unref);
      self->source = msvis_vis_source_ref (source);
      _msvis_window_panes_source_changed (self);
    }
  g_clear_pointer (&self->doc, msvis_vis_document_unref);
  /* Nodes the root does not reach are shown under an Unattached group, not hidden. */
  msvis_vis_document_gather_unattached (doc);
  self->doc = msvis_vis_document_ref (doc);
  _msvis_window_match_reset (self);
  _msvis_window_history_reset (self);

  adw_window_title_set_title (self->window_title, msvis_vis_source_get_name (source));
  adw_window_title_set_subtitle (self->window_title, subtitle);
  {
    /* What the task bar, the window switcher and a screenshot's file name show: which of
     * several windows holds which result. */
    g_autofree char *title =
      /* translators: the window's title: the open result's name, then the program's */
      g_strdup_printf (_("%s — msvis"), msvis_vis_source_get_name (source));

    gtk_window_set_title (GTK_WINDOW (self), title);
  }
  update_selectors (self);
  update_micro_steps (self);
  msvis_compare_view_set_document (self->compare_view, doc);
  _msvis_window_sidebar_set_document (self);
  gtk_stack_set_visible_child_name (self->main_stack, "graph");
  /* Through the property, so that both canvases follow. */
  g_object_set (self, "overflow-mode", _msvis_window_prefers_overflow (self), NULL);
  _msvis_window_update_actions (self);
  _msvis_window_jump_finish (self);
  _msvis_window_trend_finish (self);
}

static void
add_recent (MsvisWindow *self,
            GFile       *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = { 0 };

  data.display_name = NULL;
  data.mime_type = (char *)(g_str_has_suffix (uri, ".vis.db") ? "application/x-msprobe-vis-db"
                            : g_str_has_suffix (uri, ".vis") ? "application/x-msprobe-vis"
                            : "inode/directory");
  data.app_name = (char *)g_get_application_name ();
  data.app_exec = (char *)"msvis %f";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

static void
load_done (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  g_autoptr(LoadCall) call = user_data;
  MsvisWindow *self = call->window;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisSource) source = NULL;
  g_autoptr(MsvisVisDocument) doc = NULL;

  /* A newer load replaced this one, or the window is closing: stay quiet. */
  if (!msvis_vis_open_finish (result, &source, &doc, &error) &&
      g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  _msvis_window_set_loading (self, NULL);
  if (g_error_matches (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_DUMP_FOLDER))
    {
      _msvis_window_build (self, call->file);
      return;
    }
  if (doc == NULL)
    {
      _msvis_window_show_error (self, _("Could Not Open the Result"), error);
      return;
    }
  if (call->file != NULL)
    add_recent (self, call->file);
  set_document (self, source, doc);
}

/* @file, else another graph (@key) of @source; @key NULL: the source's first graph */
static void
start_load (MsvisWindow            *self,
            GFile                  *file,
            MsvisVisSource         *source,
            const MsvisVisGraphKey *key,
            const char             *message)
{
  LoadCall *call = g_new0 (LoadCall, 1);

  /* Cancel-and-replace: the previous load, if any, ends as CANCELLED. */
  g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  self->load_cancellable = g_cancellable_new ();
  _msvis_window_set_loading (self, message);
  self->progress = msvis_progress_new ();
  call->window = g_object_ref (self);
  call->file = file != NULL ? g_object_ref (file) : NULL;
  msvis_vis_open_async (file, source, key, self->progress, self->load_cancellable, load_done,
                        call);
}

/**
 * msvis_window_open:
 * @file: a .vis, a .vis.db, a folder of results, or a dump folder (which is built first)
 *
 * What is open stays open until the new result has loaded; a failure leaves it as it was.
 */
static void
open_then (MsvisWindow *self,
           gpointer     file)
{
  msvis_window_open (self, file);
}

void
msvis_window_open (MsvisWindow *self,
                   GFile       *file)
{
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  g_return_if_fail (MSVIS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  name = g_file_get_basename (file);
  /* trend databases have a window of their own (msvis-window-trend.c) */
  if (name != NULL && g_str_has_suffix (name, ".trend.db"))
    {
      msvis_window_open_trend_db (self, file);
      return;
    }
  if (_msvis_window_match_ask_first (self, open_then, NULL, g_object_ref (file), g_object_unref))
    return;
  /* translators: %s is a file name */
  message = g_strdup_printf (_("Opening %s…"), name);
  /* A dump folder is told apart on the worker, which hands it to the build dialog. */
  start_load (self, file, NULL, NULL, message);
}

static void
load_graph_then (MsvisWindow *self,
                 gpointer     key)
{
  _msvis_window_load_graph (self, *(MsvisVisGraphKey *)key);
}

/* The user kept the matches: the step and rank choosers show the open graph again. */
static void
restore_selectors (MsvisWindow *self,
                   gpointer     key)
{
  update_selectors (self);
}

void
_msvis_window_load_graph (MsvisWindow      *self,
                          MsvisVisGraphKey  key)
{
  if (self->source == NULL)
    return;
  if (_msvis_window_match_ask_first (self, load_graph_then, restore_selectors,
                                     g_memdup2 (&key, sizeof key), g_free))
    return;
  start_load (self, NULL, self->source, &key, _("Loading the graph…"));
}

static void
graph_key_changed (MsvisWindow *self)
{
  const GArray *graphs;
  MsvisVisGraphKey key;
  guint s, r;

  if (self->updating_selectors || self->source == NULL)
    return;
  s = gtk_drop_down_get_selected (self->step_dropdown);
  r = gtk_drop_down_get_selected (self->rank_dropdown);
  if (s >= self->steps->len || r >= self->ranks->len)
    return;
  key.step = g_array_index (self->steps, gint, s);
  key.rank = g_array_index (self->ranks, gint, r);
  graphs = msvis_vis_source_get_graphs (self->source);
  for (guint i = 0; i < graphs->len; i++)
    {
      const MsvisVisGraphKey *k = &g_array_index (graphs, MsvisVisGraphKey, i);

      /* A rank the new step lacks: take the step's first rank. */
      if (k->step == key.step && (k->rank == key.rank || i + 1 == graphs->len
                                  || g_array_index (graphs, MsvisVisGraphKey, i + 1).step
                                     != key.step))
        {
          _msvis_window_load_graph (self, k->rank == key.rank ? key : *k);
          return;
        }
    }
}

/* -1: all micro steps */
gint
_msvis_window_get_micro_step (MsvisWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->micro_step_dropdown);

  return selected == 0 || selected == GTK_INVALID_LIST_POSITION ? -1 : (gint)selected - 1;
}

static void
micro_step_changed (MsvisWindow *self)
{
  gint micro_step = _msvis_window_get_micro_step (self);

  if (self->updating_selectors)
    return;
  msvis_graph_canvas_set_micro_step (msvis_compare_view_get_canvas (self->compare_view, FALSE),
                                     micro_step);
  msvis_graph_canvas_set_micro_step (msvis_compare_view_get_canvas (self->compare_view, TRUE),
                                     micro_step);
  msvis_find_panel_set_micro_step (MSVIS_FIND_PANEL (self->find_panel), micro_step);
}

static void
selection_changed (MsvisWindow      *self,
                   guint             npu,
                   guint             bench,
                   MsvisCompareView *view)
{
  gboolean is_bench;

  self->has_counterpart = _msvis_window_selected_counterpart (self, &is_bench)
                          != MSVIS_NODE_ID_NONE;
  _msvis_window_history_record (self);
  _msvis_window_update_actions (self);
  _msvis_window_show_selection (self, npu, bench);
}

static void
recent_row_activated (MsvisWindow   *self,
                      GtkListBoxRow *row)
{
  const char *uri = g_object_get_data (G_OBJECT (row), "uri");
  g_autoptr(GFile) file = g_file_new_for_uri (uri);

  msvis_window_open (self, file);
}

static gboolean
is_result_uri (const char *uri)
{
  return g_str_has_suffix (uri, ".vis") || g_str_has_suffix (uri, ".vis.db");
}

static int
newest_first (gconstpointer a,
              gconstpointer b)
{
  return g_date_time_compare (gtk_recent_info_get_modified ((GtkRecentInfo *)b),
                              gtk_recent_info_get_modified ((GtkRecentInfo *)a));
}

/* The start page lists what msvis opened recently (newest first) that still exists. */
static void
fill_recent (MsvisWindow *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint shown = 0;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->recent_list))))
    gtk_list_box_remove (self->recent_list, child);
  items = g_list_sort (items, newest_first);
  for (GList *l = items; l != NULL && shown < MAX_RECENT; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autofree char *path = g_filename_from_uri (uri, NULL, NULL);
      g_autofree char *dir = NULL;
      GtkWidget *row;

      /* Folders too (a run's results, a dump): add_recent() keeps them as inode/directory. */
      if (!gtk_recent_info_has_application (info, g_get_application_name ())
          || !(is_result_uri (uri)
               || g_strcmp0 (gtk_recent_info_get_mime_type (info), "inode/directory") == 0)
          || path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      dir = g_path_get_dirname (path);
      row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row),
                                     gtk_recent_info_get_display_name (info));
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), dir);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data_full (G_OBJECT (row), "uri", g_strdup (uri), g_free);
      gtk_list_box_append (self->recent_list, row);
      shown++;
    }
  g_list_free_full (items, (GDestroyNotify)gtk_recent_info_unref);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), shown > 0);
  gtk_widget_set_visible (self->recent_title, shown > 0);
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         MsvisWindow   *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;
  msvis_window_open (self, files->data);
  g_slist_free (files);
  return TRUE;
}

static void
close_then (MsvisWindow *self,
            gpointer     data)
{
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
msvis_window_close_request (GtkWindow *window)
{
  MsvisWindow *self = MSVIS_WINDOW (window);

  if (_msvis_window_match_ask_first (self, close_then, NULL, NULL, NULL))
    return TRUE;
  /* Pending callbacks hold a reference; cancelling makes them return now. */
  g_cancellable_cancel (self->load_cancellable);
  _msvis_window_save_settings (self);
  return GTK_WINDOW_CLASS (msvis_window_parent_class)->close_request (window);
}

static void
msvis_window_dispose (GObject *object)
{
  MsvisWindow *self = MSVIS_WINDOW (object);

  g_clear_handle_id (&self->pulse_id, g_source_remove);
  _msvis_window_toolbar_dispose (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), MSVIS_TYPE_WINDOW);
  G_OBJECT_CLASS (msvis_window_parent_class)->dispose (object);
}

static void
msvis_window_finalize (GObject *object)
{
  MsvisWindow *self = MSVIS_WINDOW (object);

  g_clear_object (&self->load_cancellable);
  g_clear_pointer (&self->jump, _msvis_window_jump_free);
  g_clear_pointer (&self->source, msvis_vis_source_unref);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);
  g_array_unref (self->history);
  g_array_unref (self->steps);
  g_array_unref (self->ranks);
  G_OBJECT_CLASS (msvis_window_parent_class)->finalize (object);
}

static void
msvis_window_class_init (MsvisWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = msvis_window_dispose;
  object_class->finalize = msvis_window_finalize;
  window_class->close_request = msvis_window_close_request;

  g_type_ensure (MSVIS_TYPE_COMPARE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/msvis-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, progress_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, recent_title);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, content_paned);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, sidebar_stack);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, step_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, rank_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, micro_step_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, step_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, rank_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, micro_step_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, zoom_button);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, toolbar_scroller);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, toolbar);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, sync_button);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, link_button);
  gtk_widget_class_bind_template_child (widget_class, MsvisWindow, compare_view);
  gtk_widget_class_bind_template_callback (widget_class, graph_key_changed);
  gtk_widget_class_bind_template_callback (widget_class, micro_step_changed);
  gtk_widget_class_bind_template_callback (widget_class, selection_changed);
  gtk_widget_class_bind_template_callback (widget_class, recent_row_activated);
  _msvis_window_class_init_actions (widget_class);
  _msvis_window_class_init_export (widget_class);
  _msvis_window_class_init_trend (widget_class);
  _msvis_window_class_init_panes (widget_class);
  _msvis_window_class_init_node_menu (widget_class);
  _msvis_window_class_init_dialogs (widget_class);
}

static void
msvis_window_init (MsvisWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  GtkEventController *keys = gtk_shortcut_controller_new ();

  self->steps = g_array_new (FALSE, FALSE, sizeof (gint));
  self->ranks = g_array_new (FALSE, FALSE, sizeof (gint));
  self->show_sidebar = TRUE;
  self->sync_expand = TRUE;
  self->show_minimap = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  _msvis_window_add_sidebar_pages (self);
  _msvis_window_panes_init (self);
  _msvis_window_history_init (self);
  _msvis_window_load_settings (self);

  /* Tab in a graph goes to the selected node's counterpart on the other side, where the
   * keys then walk; without a counterpart the action is off and Tab moves the focus on. */
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_Tab, 0),
                                                          gtk_named_action_new (
                                                            "win.goto-counterpart")));
  gtk_widget_add_controller (GTK_WIDGET (self->compare_view), keys);

  g_signal_connect (drop, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  g_signal_connect_object (msvis_compare_view_get_canvas (self->compare_view, FALSE),
                           "notify::zoom", G_CALLBACK (_msvis_window_update_actions), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (msvis_compare_view_get_canvas (self->compare_view, TRUE),
                           "notify::zoom", G_CALLBACK (_msvis_window_update_actions), self,
                           G_CONNECT_SWAPPED);
  fill_recent (self);
  _msvis_window_recent_init (self);
  _msvis_window_match_init (self);
  _msvis_window_node_menu_init (self);
  _msvis_window_dialogs_init (self);
  _msvis_window_toolbar_init (self);
  _msvis_window_update_actions (self);
}

MsvisWindow *
msvis_window_new (GtkApplication *application)
{
  return g_object_new (MSVIS_TYPE_WINDOW, "application", application, NULL);
}
