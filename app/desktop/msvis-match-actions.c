// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-display-name.h"
#include "msvis-match-panel.h"
#include "msvis-match-session-async.h"
#include "msvis-match-ui-private.h"
#include "msvis-window-private.h"

/* Manual matching in the window: the "match" action group. The session is made on the first
 * edit (opening a file costs nothing more); the NPU and Bench nodes to match are the last
 * ones picked on each side, since picking an unmatched node clears the other side. */

static void
enable (MsvisMatchUi *ui,
        const char   *name,
        gboolean      enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (ui->group), name);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static MsvisNodeId
link_of (MsvisGraph  *graph,
         MsvisNodeId  node)
{
  MsvisCompareResults *results = graph ? msvis_graph_get_compare_results (graph) : NULL;

  return results != NULL && node != MSVIS_NODE_ID_NONE
    ? msvis_compare_results_get_link (results, node) : MSVIS_NODE_ID_NONE;
}

/* The picks waiting for their other half stay outlined, whichever side is selected now. */
static void
show_marks (MsvisMatchUi *ui,
            gboolean      compare)
{
  MsvisVisDocument *doc = ui->window->doc;
  MsvisCompareView *view = ui->window->compare_view;
  MsvisNodeId npu = MSVIS_NODE_ID_NONE, bench = MSVIS_NODE_ID_NONE;

  if (compare && ui->npu != MSVIS_NODE_ID_NONE &&
      msvis_vis_document_get_counterpart (doc, FALSE, ui->npu) == MSVIS_NODE_ID_NONE)
    npu = ui->npu;
  if (compare && ui->bench != MSVIS_NODE_ID_NONE &&
      msvis_vis_document_get_counterpart (doc, TRUE, ui->bench) == MSVIS_NODE_ID_NONE)
    bench = ui->bench;
  msvis_graph_canvas_set_marked (msvis_compare_view_get_canvas (view, FALSE), npu);
  msvis_graph_canvas_set_marked (msvis_compare_view_get_canvas (view, TRUE), bench);
}

/* Unsaved matches mark the title, in the header bar and for the window switcher, as editors
 * mark an unsaved document. */
static void
show_modified (MsvisMatchUi *ui,
               gboolean      modified)
{
  MsvisWindow *window = ui->window;
  const char *name;
  g_autofree char *shown = NULL;
  g_autofree char *title = NULL;

  if (window->source == NULL || window->doc == NULL)
    return;
  name = msvis_vis_source_get_name (window->source);
  /* translators: the title of a result with unsaved matches: a dot, then its name */
  shown = modified ? g_strdup_printf (_("• %s"), name) : g_strdup (name);
  adw_window_title_set_title (window->window_title, shown);
  /* translators: the window's title: the open result's name, then the program's */
  title = g_strdup_printf (_("%s — msvis"), shown);
  gtk_window_set_title (GTK_WINDOW (window), title);
}

static void
update (MsvisMatchUi *ui)
{
  MsvisVisDocument *doc = ui->window->doc;
  /* A load, an export or a report may be reading the document on a worker thread. */
  gboolean compare = doc != NULL && msvis_vis_document_is_compare (doc) &&
                     msvis_vis_document_get_bench (doc) != NULL &&
                     !msvis_window_is_loading (ui->window);
  gboolean modified = ui->session != NULL && msvis_match_session_is_modified (ui->session);

  enable (ui, "link", compare && ui->npu != MSVIS_NODE_ID_NONE &&
                      ui->bench != MSVIS_NODE_ID_NONE &&
                      link_of (msvis_vis_document_get_npu (doc), ui->npu) == MSVIS_NODE_ID_NONE &&
                      link_of (msvis_vis_document_get_bench (doc),
                               ui->bench) == MSVIS_NODE_ID_NONE);
  enable (ui, "unlink", compare && link_of (compare ? msvis_vis_document_get_npu (doc) : NULL,
                                            ui->npu)
                                   != MSVIS_NODE_ID_NONE);
  enable (ui, "undo", compare && ui->session != NULL
                      && msvis_match_session_can_undo (ui->session));
  enable (ui, "redo", compare && ui->session != NULL
                      && msvis_match_session_can_redo (ui->session));
  enable (ui, "save", compare && modified && ui->file != NULL);
  enable (ui, "save-as", compare && ui->session != NULL);
  enable (ui, "export-config", compare && ui->session != NULL);
  enable (ui, "import-config", compare);
  show_marks (ui, compare);
  show_modified (ui, modified);
}

/* Picking an unmatched node clears the other side's selection, so the screen no longer
 * shows the first pick: once both sides have one, a toast names the pair and offers Match. */
static void
offer_pair (MsvisMatchUi *ui)
{
  MsvisVisDocument *doc = ui->window->doc;
  g_autofree char *npu =
    msvis_display_name (msvis_graph_node_get_id (msvis_vis_document_get_npu (doc), ui->npu));
  g_autofree char *bench =
    msvis_display_name (msvis_graph_node_get_id (msvis_vis_document_get_bench (doc), ui->bench));
  g_autofree char *text = NULL;
  AdwToast *toast;

  if (ui->offer != NULL)
    adw_toast_dismiss (ui->offer);
  /* translators: the first %s is an NPU node, the second a Bench node */
  text = g_strdup_printf (_("Match %s with %s?"), npu, bench);
  toast = adw_toast_new (text);
  adw_toast_set_button_label (toast, _("_Match"));
  adw_toast_set_action_name (toast, "match.link");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_set_weak_pointer (&ui->offer, toast);
  adw_toast_overlay_add_toast (ui->window->toast_overlay, toast);
}

static void
selection_changed (MsvisCompareView *view,
                   guint             npu,
                   guint             bench,
                   MsvisMatchUi     *ui)
{
  gboolean picked = FALSE;
  GAction *link;

  if (npu != MSVIS_NODE_ID_NONE && npu != ui->npu)
    {
      ui->npu = npu;
      picked = TRUE;
    }
  if (bench != MSVIS_NODE_ID_NONE && bench != ui->bench)
    {
      ui->bench = bench;
      picked = TRUE;
    }
  update (ui);
  link = g_action_map_lookup_action (G_ACTION_MAP (ui->group), "link");
  if (picked && g_action_get_enabled (link))
    offer_pair (ui);
}

static gboolean
ensure_session (MsvisMatchUi *ui)
{
  MsvisWindow *window = ui->window;
  g_autoptr(GError) error = NULL;

  if (ui->session != NULL)
    return TRUE;
  if (window->doc == NULL)
    return FALSE;
  g_clear_object (&ui->file);
  if (window->source != NULL)
    ui->file = msvis_vis_source_dup_file_for (window->source, (MsvisVisGraphKey) {
                                                msvis_vis_document_get_step (window->doc),
                                                msvis_vis_document_get_rank (window->doc) });
  ui->session = msvis_match_session_new (window->doc, ui->file, &error);
  if (ui->session == NULL)
    {
      _msvis_window_show_error (window, _("These Nodes Cannot Be Matched"), error);
      return FALSE;
    }
  return TRUE;
}

void
_msvis_match_ui_toast (MsvisMatchUi *ui,
                       const char   *text)
{
  /* The offer on screen says what came of it. Dismissing it for a new toast ran two
   * animations at once, and libadwaita 1.2 skipping them when the window closed read freed
   * memory (the CRITICALs after Save and close). */
  if (ui->offer != NULL)
    {
      adw_toast_set_title (ui->offer, text);
      adw_toast_set_button_label (ui->offer, NULL);
      adw_toast_set_action_name (ui->offer, NULL);
      adw_toast_set_priority (ui->offer, ADW_TOAST_PRIORITY_NORMAL);
      g_clear_weak_pointer (&ui->offer);
      return;
    }
  adw_toast_overlay_add_toast (ui->window->toast_overlay, adw_toast_new (text));
}

/* Links and the details panel read the results when they draw; colours are kept. */
void
_msvis_match_ui_refresh (MsvisMatchUi *ui)
{
  MsvisCompareView *view = ui->window->compare_view;
  MsvisGraphCanvas *npu = msvis_compare_view_get_canvas (view, FALSE);

  gtk_widget_queue_draw (GTK_WIDGET (view));
  msvis_vis_document_links_changed (ui->window->doc);
  msvis_graph_canvas_results_changed (npu);
  msvis_graph_canvas_results_changed (msvis_compare_view_get_canvas (view, TRUE));
  if (ui->npu != MSVIS_NODE_ID_NONE)
    msvis_compare_view_select (view, FALSE, ui->npu);
  msvis_match_panel_refresh (MSVIS_MATCH_PANEL (ui->panel));
  update (ui);
}

void
_msvis_match_ui_say_change (MsvisMatchUi           *ui,
                            const char             *verb,
                            const MsvisMatchChange *change)
{
  g_autofree char *linked = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u pair matched",
                                                          "%u pairs matched",
                                                          change->n_linked),
                                             change->n_linked);
  g_autofree char *unlinked = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%u pair unmatched",
                                                            "%u pairs unmatched",
                                                            change->n_unlinked),
                                               change->n_unlinked);
  g_autofree char *text = NULL;

  if (change->n_linked > 0 && change->n_unlinked > 0)
    /* translators: "Undone: " or "", then "3 pairs matched" and "1 pair unmatched" */
    text = g_strdup_printf (_("%s%s, %s"), verb, linked, unlinked);
  else
    /* translators: "Undone: " or "", then "3 pairs matched" */
    text = g_strdup_printf (_("%s%s"), verb, change->n_linked > 0 ? linked : unlinked);
  _msvis_match_ui_toast (ui, text);
}

static void
link_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  MsvisMatchUi *ui = data;

  if (_msvis_match_ui_refuse_if_pending (ui) || !ensure_session (ui))
    return;
  _msvis_match_ui_start_edit (ui, NULL, NULL);
}

static void
unlink_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  MsvisMatchUi *ui = data;
  g_autoptr(GError) error = NULL;
  MsvisMatchChange change;

  if (_msvis_match_ui_refuse_if_pending (ui) || !ensure_session (ui))
    return;
  if (!msvis_match_session_unmatch (ui->session, ui->npu, ui->descendants, &change, &error))
    {
      _msvis_window_show_error (ui->window, _("Could Not Unmatch the Nodes"), error);
      return;
    }
  _msvis_match_ui_say_change (ui, "", &change);
  _msvis_match_ui_refresh (ui);
}

static void
history_activated (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       data)
{
  MsvisMatchUi *ui = data;
  gboolean undo = g_str_equal (g_action_get_name (G_ACTION (action)), "undo");
  MsvisMatchChange change;

  if (ui->session == NULL || _msvis_match_ui_refuse_if_pending (ui))
    return;
  if (undo ? msvis_match_session_undo (ui->session, &change)
           : msvis_match_session_redo (ui->session, &change))
    _msvis_match_ui_say_change (ui, undo ? _("Undone: ") : _("Redone: "), &change);
  _msvis_match_ui_refresh (ui);
}

static void
descendants_changed (GSimpleAction *action,
                     GVariant      *value,
                     gpointer       data)
{
  MsvisMatchUi *ui = data;

  ui->descendants = g_variant_get_boolean (value);
  g_simple_action_set_state (action, value);
}

static gboolean
save_to (MsvisMatchUi *ui,
         GFile        *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *source_path = ui->file ? g_file_get_path (ui->file) : NULL;
  gboolean ok;

  /* The user chose the name (Save As asks before replacing) or it is the file itself. */
  if (path != NULL && g_str_has_suffix (path, ".vis.db"))
    ok = source_path != NULL && g_str_has_suffix (source_path, ".vis.db") &&
         msvis_match_session_save_vis_db (ui->session, source_path, path, TRUE, NULL, &error);
  else
    ok = msvis_match_session_save_vis (ui->session, file, TRUE, NULL, &error);
  if (!ok)
    {
      if (error == NULL)
        g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                     /* translators: a file name */
                     _("%s: only a .vis.db can be saved as a .vis.db"), path);
      _msvis_window_show_error (ui->window, _("Could Not Save the Matches"), error);
      return FALSE;
    }
  msvis_match_session_set_saved (ui->session);
  _msvis_match_ui_toast (ui, _("Saved"));
  update (ui);
  return TRUE;
}

static void
save_activated (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       data)
{
  MsvisMatchUi *ui = data;

  if (ui->session != NULL && ui->file != NULL)
    save_to (ui, ui->file);
}

typedef enum
{
  CHOOSE_SAVE_AS,
  CHOOSE_EXPORT,
  CHOOSE_IMPORT,
} ChooseKind;

/* What a .vis.config read on a worker is applied to, if it is still open when it is in. */
typedef struct
{
  MsvisWindow      *window;
  MsvisVisDocument *doc;     /* a reference: no later document can take its address */
  GFile            *file;
} ConfigRead;

static void
config_read_free (ConfigRead *read)
{
  g_object_unref (read->window);
  msvis_vis_document_unref (read->doc);
  g_object_unref (read->file);
  g_free (read);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (ConfigRead, config_read_free)

static void
config_read (GObject      *object,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autoptr(ConfigRead) read = user_data;
  MsvisMatchUi *ui = read->window->match;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) pairs = msvis_vis_config_read_finish (result, &error);
  g_autofree char *name = g_file_get_parse_name (read->file);

  /* The window opened something else meanwhile: these matches were for the old result. */
  if (ui == NULL || read->window->doc != read->doc)
    return;
  if (pairs == NULL)
    {
      _msvis_window_show_error (ui->window, _("Could Not Apply the Matches"), error);
      return;
    }
  if (!_msvis_match_ui_refuse_if_pending (ui) && ensure_session (ui))
    _msvis_match_ui_start_edit (ui, pairs, name);
}

static void
chosen (GtkNativeDialog *dialog,
        int              response,
        gpointer         data)
{
  MsvisMatchUi *ui = data;
  ChooseKind kind = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (dialog), "kind"));

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autoptr(GPtrArray) pairs = NULL;
      ConfigRead *read;
      g_autoptr(GError) error = NULL;

      switch (kind)
        {
        case CHOOSE_SAVE_AS:
          if (save_to (ui, file))
            g_set_object (&ui->file, file);
          break;
        case CHOOSE_EXPORT:
          pairs = msvis_match_session_get_pairs (ui->session);
          if (!msvis_vis_config_write (file, pairs, TRUE, &error))
            _msvis_window_show_error (ui->window, _("Could Not Write the Matches"), error);
          else
            _msvis_match_ui_toast (ui, _("Match configuration written"));
          break;
        case CHOOSE_IMPORT:
        default:
          /* Read on a worker; applied when it is in, if the same result is still open. */
          read = g_new0 (ConfigRead, 1);
          read->window = g_object_ref (ui->window);
          read->doc = msvis_vis_document_ref (ui->window->doc);
          read->file = g_object_ref (file);
          msvis_vis_config_read_async (file, NULL, config_read, read);
          break;
        }
    }
  g_object_unref (dialog);
}

static void
choose (MsvisMatchUi *ui,
        ChooseKind    kind)
{
  gboolean save = kind != CHOOSE_IMPORT;
  const char *title = kind == CHOOSE_SAVE_AS ? _("Save the Compare As")
                      : kind == CHOOSE_EXPORT ? _("Export the Matches")
                      : _("Apply Matches from a File");
  GtkFileChooserNative *dialog =
    gtk_file_chooser_native_new (title, GTK_WINDOW (ui->window),
                                 save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                      : GTK_FILE_CHOOSER_ACTION_OPEN,
                                 save ? _("_Save") : _("_Open"), _("_Cancel"));

  if (kind != CHOOSE_SAVE_AS && ui->file != NULL)
    {
      g_autofree char *base = g_file_get_basename (ui->file);
      g_autofree char *config = g_strconcat (base, ".config", NULL);
      g_autoptr(GFile) folder = g_file_get_parent (ui->file);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
      if (kind == CHOOSE_EXPORT)
        gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), config);
    }
  g_object_set_data (G_OBJECT (dialog), "kind", GINT_TO_POINTER (kind));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect (dialog, "response", G_CALLBACK (chosen), ui);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
choose_activated (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       data)
{
  const char *name = g_action_get_name (G_ACTION (action));

  if (g_str_equal (name, "import-config") || ensure_session (data))
    choose (data, g_str_equal (name, "save-as") ? CHOOSE_SAVE_AS
                  : g_str_equal (name, "export-config") ? CHOOSE_EXPORT : CHOOSE_IMPORT);
}

static void
drop_pending (MsvisMatchUi *ui)
{
  if (ui->pending != NULL)
    g_cancellable_cancel (ui->pending);
  g_clear_object (&ui->pending);
}

static void
free_ui (gpointer data)
{
  MsvisMatchUi *ui = data;

  drop_pending (ui);
  g_clear_pointer (&ui->session, msvis_match_session_free);
  g_clear_object (&ui->file);
  g_clear_object (&ui->group);
  g_clear_weak_pointer (&ui->offer);
  g_free (ui);
}

/* A row of an Unmatched list is a pick on its side; the page stays in front for the next. */
static void
panel_node_activated (MsvisMatchUi *ui,
                      gboolean      is_bench,
                      guint         node)
{
  msvis_compare_view_select (ui->window->compare_view, is_bench, node);
  gtk_stack_set_visible_child (ui->window->sidebar_stack, ui->panel);
}

static void
add_panel (MsvisMatchUi *ui)
{
  GtkWidget *switcher = gtk_widget_get_prev_sibling (GTK_WIDGET (ui->window->sidebar_stack));

  ui->panel = msvis_match_panel_new ();
  gtk_stack_add_titled (ui->window->sidebar_stack, ui->panel, "matching", _("Matching"));
  /* Four buttons of Adwaita's minimum width made the switcher, and so the sidebar, wider
   * than any page (533 px): style.css lets them be as wide as their titles. */
  if (GTK_IS_STACK_SWITCHER (switcher))
    gtk_widget_add_css_class (switcher, "sidebar-pages");
  g_signal_connect_swapped (ui->panel, "node-activated", G_CALLBACK (panel_node_activated), ui);
}

/**
 * _msvis_window_match_init:
 *
 * Adds the "match" actions to the window.
 */
void
_msvis_window_match_init (MsvisWindow *self)
{
  MsvisMatchUi *ui = g_new0 (MsvisMatchUi, 1);
  const GActionEntry entries[] = {
    { "link", link_activated },
    { "unlink", unlink_activated },
    { "undo", history_activated },
    { "redo", history_activated },
    { "save", save_activated },
    { "save-as", choose_activated },
    { "export-config", choose_activated },
    { "import-config", choose_activated },
    { "descendants", NULL, NULL, "false", descendants_changed },
  };

  ui->window = self;
  ui->npu = ui->bench = MSVIS_NODE_ID_NONE;
  ui->group = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (ui->group), entries, G_N_ELEMENTS (entries),
                                   ui);
  gtk_widget_insert_action_group (GTK_WIDGET (self), "match", G_ACTION_GROUP (ui->group));
  g_signal_connect (self->compare_view, "selection-changed", G_CALLBACK (selection_changed), ui);
  /* Closing the window drops an edit still reading (its pages are gone by then). */
  g_signal_connect_swapped (self, "destroy", G_CALLBACK (drop_pending), ui);
  add_panel (ui);
  g_object_set_data_full (G_OBJECT (self), "msvis-match-ui", ui, free_ui);
  self->match = ui;
  update (ui);
}

/**
 * _msvis_window_match_reset:
 *
 * A new document is shown: edits belong to the old one.
 */
void
_msvis_window_match_reset (MsvisWindow *self)
{
  MsvisMatchUi *ui = self->match;

  if (ui == NULL)
    return;
  _msvis_match_ui_cancel_pending (ui);
  g_clear_pointer (&ui->session, msvis_match_session_free);
  g_clear_object (&ui->file);
  ui->npu = ui->bench = MSVIS_NODE_ID_NONE;
  msvis_match_panel_set_document (MSVIS_MATCH_PANEL (ui->panel), self->doc);
  update (ui);
}

typedef struct
{
  MsvisMatchUi     *ui;
  MsvisWindowThen   then;
  MsvisWindowThen   cancelled;
  gpointer          data;
  GDestroyNotify    destroy;
} Pending;

static void
pending_free (Pending *pending)
{
  if (pending->destroy != NULL)
    pending->destroy (pending->data);
  g_free (pending);
}

static void
ask_response (AdwMessageDialog *dialog,
              const char       *response,
              Pending          *pending)
{
  MsvisMatchUi *ui = pending->ui;
  gboolean go = !g_str_equal (response, "cancel");

  if (go && g_str_equal (response, "save") && (ui->file == NULL || !save_to (ui, ui->file)))
    go = FALSE;
  if (go)
    {
      ui->answered = TRUE;
      pending->then (ui->window, pending->data);
      ui->answered = FALSE;
    }
  else if (pending->cancelled != NULL)
    pending->cancelled (ui->window, pending->data);
  pending_free (pending);
}

/**
 * _msvis_window_match_ask_first:
 * @then: what to do once the matches are saved or the user lets them go
 * @cancelled: (nullable): what to do when the user keeps them (undo a choice on screen)
 *
 * Before something replaces the document (closing, opening, another step or rank): with
 * unsaved matches the user is asked, and @then runs only if they save or discard them.
 *
 * Returns: %TRUE when the user is being asked; %FALSE when there is nothing to ask, and the
 *   caller goes on at once (@then is not called; @data is freed either way)
 */
gboolean
_msvis_window_match_ask_first (MsvisWindow     *self,
                               MsvisWindowThen  then,
                               MsvisWindowThen  cancelled,
                               gpointer         data,
                               GDestroyNotify   destroy)
{
  MsvisMatchUi *ui = self->match;
  Pending *pending;
  GtkWidget *dialog;

  if (ui == NULL || ui->answered || ui->session == NULL ||
      !msvis_match_session_is_modified (ui->session))
    {
      if (destroy != NULL)
        destroy (data);
      return FALSE;
    }

  pending = g_new0 (Pending, 1);
  *pending = (Pending) { ui, then, cancelled, data, destroy };
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save the Matches?"),
                                   _("The matches made by hand are not saved yet. Without "
                                     "saving, they are lost."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (ask_response), pending);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* Whenever what the actions depend on outside matching changes (a load starts or ends). */
void
_msvis_window_match_update (MsvisWindow *self)
{
  if (self->match != NULL)
    update (self->match);
}

/**
 * msvis_window_get_match_actions:
 *
 * Returns: (transfer none): the "match" action group (Match, Unmatch, Undo, Save…), which
 *   the window carries besides its own "win" actions
 */
GActionGroup *
msvis_window_get_match_actions (MsvisWindow *self)
{
  g_return_val_if_fail (MSVIS_IS_WINDOW (self), NULL);

  return self->match != NULL ? G_ACTION_GROUP (self->match->group) : NULL;
}

/* For the window tests. */
MsvisMatchSession *
_msvis_window_match_get_session (MsvisWindow *self)
{
  return self->match != NULL ? self->match->session : NULL;
}
