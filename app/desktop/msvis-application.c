// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-application.h"
#include "msvis-settings.h"
#include "msvis-window.h"

struct _MsvisApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (MsvisApplication, msvis_application, ADW_TYPE_APPLICATION)

/* Every global shortcut in one table: menus and the shortcuts window read them back. */
static const struct {
  const char *action;
  const char *accels[4];
} msvis_accels[] = {
  { "app.quit",              { "<Control>q", NULL } },
  { "app.new-window",        { "<Control>n", NULL } },
  { "win.close",             { "<Control>w", NULL } },
  { "win.open",              { "<Control>o", NULL } },
  { "win.open-folder",       { "<Control><Shift>o", NULL } },
  { "win.build",             { "<Control>b", NULL } },
  { "win.export",            { "<Control>e", NULL } },
  { "win.export-report",     { "<Control><Alt>e", NULL } },
  { "win.find",              { "<Control>f", NULL } },
  { "win.find-next",         { "<Control>g", "F3", NULL } },
  { "win.find-previous",     { "<Control><Shift>g", "<Shift>F3", NULL } },
  { "win.first-divergence",  { "<Control>d", NULL } },
  { "win.first-worst",       { "<Control><Alt>d", NULL } },
  { "win.zoom-in",           { "<Control>plus", "<Control>equal", "<Control>KP_Add", NULL } },
  { "win.zoom-out",          { "<Control>minus", "<Control>KP_Subtract", NULL } },
  { "win.zoom-reset",        { "<Control>0", NULL } },
  { "win.zoom-fit",          { "<Control>1", NULL } },
  { "win.zoom-selection",    { "<Control>2", NULL } },
  { "win.expand-all",        { "<Control><Shift>e", NULL } },
  { "win.collapse-all",      { "<Control><Shift>c", NULL } },
  { "win.expand-errors",    { "<Control><Shift>d", NULL } },
  { "win.show-sidebar",      { "F9", NULL } },
  { "win.show-minimap",      { "<Control><Alt>m", NULL } },
  { "win.fullscreen",        { "F11", NULL } },
  { "win.go-back",           { "<Alt>Left", "Back", NULL } },
  { "win.go-forward",        { "<Alt>Right", "Forward", NULL } },
  { "win.goto-counterpart",  { "<Control>j", NULL } },
  { "win.cancel",            { "Escape", NULL } },
  /* GtkApplication sets this one only for a gtk/help-overlay.ui, which msvis does not have. */
  { "win.show-help-overlay", { "<Control>question", NULL } },
  { "match.link",            { "<Control>m", NULL } },
  { "match.unlink",          { "<Control><Shift>m", NULL } },
  { "match.undo",            { "<Control>z", NULL } },
  { "match.redo",            { "<Control><Shift>z", NULL } },
  { "match.save",            { "<Control>s", NULL } },
  { "match.save-as",         { "<Control><Shift>s", NULL } },
};

static MsvisWindow *
new_window (MsvisApplication *self)
{
  MsvisWindow *window = msvis_window_new (GTK_APPLICATION (self));

  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
msvis_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (new_window (MSVIS_APPLICATION (app)));
  gtk_window_present (window);
}

/* Each file in a window of its own, reusing an empty one. */
static void
msvis_application_open (GApplication  *app,
                        GFile        **files,
                        int            n_files,
                        const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));
      gboolean reuse = MSVIS_IS_WINDOW (active)
                       && !msvis_window_has_document (MSVIS_WINDOW (active))
                       && !msvis_window_is_loading (MSVIS_WINDOW (active));
      MsvisWindow *window = reuse ? MSVIS_WINDOW (active)
                                  : new_window (MSVIS_APPLICATION (app));

      msvis_window_open (window, files[i]);
    }
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (user_data));

  /* Closing each window cancels its work first. */
  for (GList *l = g_list_copy (windows); l != NULL; l = g_list_delete_link (l, l))
    gtk_window_close (l->data);
}

static void
new_window_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  new_window (MSVIS_APPLICATION (user_data));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  GtkWidget *about = adw_about_window_new ();

  g_object_set (about,
                "transient-for", parent,
                "application-name", "msvis",
                "application-icon", APP_ID,
                "version", PACKAGE_VERSION,
                "license-type", GTK_LICENSE_GPL_3_0,
                "developer-name", _("The msvis developers"),
                /* translators: your names, one a line, as you want them in the About window */
                "translator-credits", _("translator-credits"),
                "comments", _("Builds, compares and shows msprobe model-hierarchy graphs, "
                              "to find where precision goes wrong on Ascend NPUs."),
                NULL);
  gtk_window_present (GTK_WINDOW (about));
}

/* "default" follows the system's light or dark style; the others override it. */
static void
apply_color_scheme (const char *scheme)
{
  AdwColorScheme color_scheme = g_str_equal (scheme, "light") ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                : g_str_equal (scheme, "dark") ? ADW_COLOR_SCHEME_FORCE_DARK
                                : ADW_COLOR_SCHEME_PREFER_LIGHT;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), color_scheme);
}

static void
color_scheme_setting_changed (GSettings  *settings,
                              const char *key)
{
  g_autofree char *scheme = g_settings_get_string (settings, key);

  apply_color_scheme (scheme);
}

static void
color_scheme_change_state (GSimpleAction *action,
                           GVariant      *state,
                           gpointer       user_data)
{
  g_simple_action_set_state (action, state);
  apply_color_scheme (g_variant_get_string (state, NULL));
}

/* app.color-scheme, a radio choice in the menu: kept in GSettings when there is a schema. */
static void
add_color_scheme_action (MsvisApplication *self)
{
  GSettings *settings = msvis_settings_get_default ();
  g_autoptr(GAction) action = NULL;

  if (settings != NULL)
    {
      action = g_settings_create_action (settings, "color-scheme");
      g_signal_connect (settings, "changed::color-scheme",
                        G_CALLBACK (color_scheme_setting_changed), NULL);
      color_scheme_setting_changed (settings, "color-scheme");
    }
  else
    {
      GSimpleAction *simple = g_simple_action_new_stateful ("color-scheme", G_VARIANT_TYPE_STRING,
                                                            g_variant_new_string ("default"));

      g_signal_connect (simple, "change-state", G_CALLBACK (color_scheme_change_state), NULL);
      action = G_ACTION (simple);
      apply_color_scheme ("default");
    }
  g_action_map_add_action (G_ACTION_MAP (self), action);
}

static const GActionEntry app_actions[] = {
  { "quit", quit_action },
  { "new-window", new_window_action },
  { "about", about_action },
};

static void
msvis_application_startup (GApplication *app)
{
  G_APPLICATION_CLASS (msvis_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  add_color_scheme_action (MSVIS_APPLICATION (app));
  _msvis_application_add_language_action (GTK_APPLICATION (app));
  gtk_window_set_default_icon_name (APP_ID);
  for (guint i = 0; i < G_N_ELEMENTS (msvis_accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), msvis_accels[i].action,
                                           msvis_accels[i].accels);
}

static void
msvis_application_class_init (MsvisApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = msvis_application_activate;
  app_class->open = msvis_application_open;
  app_class->startup = msvis_application_startup;
}

static void
msvis_application_init (MsvisApplication *self)
{
}

MsvisApplication *
msvis_application_new (void)
{
  GApplicationFlags flags = G_APPLICATION_HANDLES_OPEN;

  /* Without a session bus there is nothing to be unique on (CI, ssh -X). */
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    flags |= G_APPLICATION_NON_UNIQUE;
  return g_object_new (MSVIS_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", flags,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}
