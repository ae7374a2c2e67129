// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "msvis-application.h"
#include "msvis-language-choice.h"

/* app.language, the menu's choice of System, English and 中文. The messages of a running
 * process cannot change language (GLib decides once whether to translate), so the choice is
 * kept for the next start, and the user is told so. */

static void
language_change_state (GSimpleAction *action,
                       GVariant      *state,
                       gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *window = gtk_application_get_active_window (app);
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (!msvis_language_choice_set (g_variant_get_string (state, NULL), &error))
    {
      dialog = adw_message_dialog_new (window, _("Could Not Keep the Language"), error->message);
    }
  else
    {
      g_simple_action_set_state (action, state);
      dialog = adw_message_dialog_new (window, _("Language Changed"),
                                       _("msvis speaks the chosen language from its next "
                                         "start."));
    }
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_msvis_application_add_language_action (GtkApplication *app)
{
  g_autofree char *choice = msvis_language_choice_get ();
  GSimpleAction *action = g_simple_action_new_stateful ("language", G_VARIANT_TYPE_STRING,
                                                        g_variant_new_string (choice));

  g_signal_connect (action, "change-state", G_CALLBACK (language_change_state), app);
  g_action_map_add_action (G_ACTION_MAP (app), G_ACTION (action));
  g_object_unref (action);
}
