// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-display-name.h"
#include "msvis-match-panel.h"
#include "msvis-match-session-async.h"
#include "msvis-match-ui-private.h"

/* A match in a mindstudio-probe 26.0.0 real-data compare compares the pair's tensor files
 * again, which for big tensors takes long: the session reads them on a worker, the window
 * shows the match as pending and stays usable, and the edit is made when they are in. */

/* What an edit waiting for tensor files comes back to, if the file is still open. */
typedef struct
{
  GWeakRef      window;        /* not a reference: closing it cancels the edit */
  GCancellable *cancellable;
  gboolean      apply;         /* from a .vis.config, else Match */
} EditRun;

static void
edit_run_free (EditRun *run)
{
  g_weak_ref_clear (&run->window);
  g_object_unref (run->cancellable);
  g_free (run);
}

static void
show_pending (MsvisMatchUi *ui,
              const char   *text)
{
  AdwToast *toast;

  msvis_match_panel_set_pending (MSVIS_MATCH_PANEL (ui->panel), text);
  if (text == NULL)
    return;
  /* The Matching page may not be in front: a toast says it too, in front of the last
   * edit's, and takes the outcome as the offer does (_msvis_match_ui_toast()). */
  if (ui->offer != NULL)
    {
      adw_toast_set_title (ui->offer, text);
      adw_toast_set_button_label (ui->offer, NULL);
      adw_toast_set_action_name (ui->offer, NULL);
      return;
    }
  toast = adw_toast_new (text);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  g_set_weak_pointer (&ui->offer, toast);
  adw_toast_overlay_add_toast (ui->window->toast_overlay, toast);
}

/* Another file, or the window closing, drops the edit: its session goes with the document. */
void
_msvis_match_ui_cancel_pending (MsvisMatchUi *ui)
{
  if (ui->pending == NULL)
    return;
  g_cancellable_cancel (ui->pending);
  g_clear_object (&ui->pending);
  show_pending (ui, NULL);
  if (ui->offer != NULL)
    _msvis_match_ui_toast (ui, _("The match was cancelled"));
}

/* One edit at a time: the second would be made on graphs the first is about to change. */
gboolean
_msvis_match_ui_refuse_if_pending (MsvisMatchUi *ui)
{
  AdwToast *toast;

  if (ui->pending == NULL)
    return FALSE;
  /* in front of the toast that says what is pending, which stays queued */
  toast = adw_toast_new (_("The tensor files of the last match are still being read. Wait "
                           "for it to finish."));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (ui->window->toast_overlay, toast);
  return TRUE;
}

static void
edit_done (GObject      *source,
           GAsyncResult *result,
           gpointer      data)
{
  EditRun *run = data;
  g_autoptr(MsvisWindow) window = g_weak_ref_get (&run->window);
  MsvisMatchUi *ui = window != NULL ? window->match : NULL;
  g_autoptr(GError) error = NULL;
  MsvisMatchChange change;

  if (ui != NULL && !g_cancellable_is_cancelled (run->cancellable))
    {
      if (ui->pending == run->cancellable)
        {
          g_clear_object (&ui->pending);
          show_pending (ui, NULL);
        }
      if (msvis_match_session_edit_finish (ui->session, result, &change, &error))
        {
          _msvis_match_ui_say_change (ui, "", &change);
          _msvis_match_ui_refresh (ui);
        }
      else
        {
          const char *heading = run->apply ? _("Could Not Apply the Matches")
                                           : _("Could Not Match the Nodes");

          if (ui->offer != NULL)
            _msvis_match_ui_toast (ui, heading);
          _msvis_window_show_error (ui->window, heading, error);
        }
    }
  edit_run_free (run);
}

/* Matches the picks, or applies @pairs; a real-data edit reads tensor files on a worker,
 * and the window says so until it is made. */
void
_msvis_match_ui_start_edit (MsvisMatchUi *ui,
                            GPtrArray    *pairs,
                            const char   *origin)
{
  EditRun *run = g_new0 (EditRun, 1);
  g_autofree char *text = NULL;
  gboolean reading;

  g_weak_ref_init (&run->window, ui->window);
  run->cancellable = g_cancellable_new ();
  run->apply = pairs != NULL;
  if (pairs != NULL)
    reading = msvis_match_session_apply_pairs_async (ui->session, pairs, origin,
                                                     run->cancellable, edit_done, run);
  else
    reading = msvis_match_session_match_async (ui->session, ui->npu, ui->bench,
                                               ui->descendants, run->cancellable, edit_done,
                                               run);
  if (!reading)
    return;
  ui->pending = g_object_ref (run->cancellable);
  if (pairs != NULL)
    /* translators: a file of matches */
    text = g_strdup_printf (_("Applying the matches of %s: reading the tensor files…"),
                            origin);
  else
    {
      MsvisVisDocument *doc = ui->window->doc;
      g_autofree char *npu = msvis_display_name (
        msvis_graph_node_get_id (msvis_vis_document_get_npu (doc), ui->npu));
      g_autofree char *bench = msvis_display_name (
        msvis_graph_node_get_id (msvis_vis_document_get_bench (doc), ui->bench));

      /* translators: an NPU node, then a Bench node */
      text = g_strdup_printf (_("Matching %s with %s: reading the tensor files…"), npu, bench);
    }
  show_pending (ui, text);
}
