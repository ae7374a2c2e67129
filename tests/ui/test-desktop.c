// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <string.h>

#include "msvis-application.h"
#include "msvis-compare-view.h"
#include "msvis-graph-job.h"
#include "msvis-test-util.h"
#include "msvis-settings.h"
#include "msvis-shortcuts-window.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* msvis as a desktop application: its icon, what it remembers, the history and counterpart
 * keys, the shortcuts window, and the window in Chinese. The result opened is the bundled
 * sample compare (data/samples), built once into a temporary folder. */

#define WIDTH  1280
#define HEIGHT 800

static GtkApplication *app;
static char *sample_dir;
static char *sample_compare;   /* with the overflow check */
static char *sample_build;     /* without */

static MsvisWindow *
new_window (const char *path)
{
  MsvisWindow *window = msvis_window_test_new (app, WIDTH, HEIGHT);

  if (path != NULL)
    msvis_window_test_open_path (window, path);
  msvis_ui_test_spin (300);
  return window;
}

static MsvisNodeId
lookup (MsvisWindow *window,
        gboolean     bench,
        const char  *name)
{
  MsvisGraph *graph = msvis_graph_canvas_get_graph (
    msvis_compare_view_get_canvas (msvis_window_test_compare_view (window), bench));
  MsvisNodeId node = msvis_graph_lookup (graph, name);

  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  return node;
}

static void
select_node (MsvisWindow *window,
             gboolean     bench,
             const char  *name)
{
  msvis_compare_view_select (msvis_window_test_compare_view (window), bench,
                             lookup (window, bench, name));
}

/* FALSE when the action is disabled (and then nothing happens). */
static gboolean
activate (MsvisWindow *window,
          const char  *action)
{
  gboolean done = gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);

  msvis_ui_test_spin (100);
  return done;
}

static void
test_icon (void)
{
  GtkIconTheme *theme;
  MsvisWindow *window;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID));
  g_assert_true (gtk_icon_theme_has_icon (theme, APP_ID "-symbolic"));
  window = new_window (NULL);
  g_assert_cmpstr (gtk_window_get_default_icon_name (), ==, APP_ID);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), "desktop-start"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_action_name (GtkWidget     *widget,
                 gconstpointer  action)
{
  return GTK_IS_ACTIONABLE (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* As the user sees it: the sensitivity of the button that runs @action. */
static gboolean
button_enabled (MsvisWindow *window,
                const char  *action)
{
  GtkWidget *button = msvis_ui_test_find_widget (GTK_WIDGET (window), has_action_name, action);

  g_assert_nonnull (button);
  return gtk_widget_get_sensitive (button);
}

static MsvisNodeId
selected (MsvisWindow *window,
          gboolean     bench)
{
  MsvisCompareView *view = msvis_window_test_compare_view (window);

  return msvis_graph_canvas_get_selected (msvis_compare_view_get_canvas (view, bench));
}

/* Back and forward go through the selections as a browser goes through pages. */
static void
test_history (void)
{
  MsvisWindow *window;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  window = new_window (sample_compare);
  g_assert_false (button_enabled (window, "win.go-back"));
  g_assert_false (button_enabled (window, "win.go-forward"));

  select_node (window, FALSE, "Module.model.embed_tokens.Embedding.forward.0");
  select_node (window, FALSE, "Module.model.norm.LlamaRMSNorm.forward.0");
  select_node (window, TRUE, "Module.lm_head.Linear.forward.0");
  g_assert_true (button_enabled (window, "win.go-back"));
  g_assert_false (button_enabled (window, "win.go-forward"));

  activate (window, "win.go-back");
  g_assert_cmpuint (selected (window, FALSE), ==,
                    lookup (window, FALSE, "Module.model.norm.LlamaRMSNorm.forward.0"));
  activate (window, "win.go-back");
  g_assert_cmpuint (selected (window, FALSE), ==,
                    lookup (window, FALSE, "Module.model.embed_tokens.Embedding.forward.0"));
  g_assert_false (button_enabled (window, "win.go-back"));
  activate (window, "win.go-forward");
  g_assert_cmpuint (selected (window, FALSE), ==,
                    lookup (window, FALSE, "Module.model.norm.LlamaRMSNorm.forward.0"));
  g_assert_true (button_enabled (window, "win.go-forward"));

  /* A new selection drops what was ahead. */
  select_node (window, FALSE, "Apis_Between_Modules.0");
  g_assert_false (button_enabled (window, "win.go-forward"));
  activate (window, "win.go-back");
  g_assert_cmpuint (selected (window, FALSE), ==,
                    lookup (window, FALSE, "Module.model.norm.LlamaRMSNorm.forward.0"));

  /* Another step or result is another graph: its history starts empty. */
  msvis_window_test_open_path (window, sample_compare);
  g_assert_false (button_enabled (window, "win.go-back"));
  g_assert_false (button_enabled (window, "win.go-forward"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What Tab in the graphs does: the compare view's Tab shortcut, run as GTK runs it. FALSE when
 * it does nothing, so that GTK moves the focus on. */
static gboolean
press_tab (MsvisCompareView *view)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  gboolean handled = FALSE;
  guint n_found = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (!GTK_IS_KEYVAL_TRIGGER (trigger)
              || gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) != GDK_KEY_Tab
              || gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) != 0)
            continue;
          handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0,
                                                  GTK_WIDGET (view), NULL);
          n_found++;
        }
    }
  g_assert_cmpuint (n_found, ==, 1);
  msvis_ui_test_spin (100);
  return handled;
}

/* The counterpart jump moves the selection's side and the keyboard focus; back returns. */
static void
test_counterpart (void)
{
  MsvisWindow *window;
  MsvisCompareView *view;
  MsvisGraphCanvas *npu, *bench;
  MsvisNodeId node;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  window = new_window (sample_compare);
  view = msvis_window_test_compare_view (window);
  npu = msvis_compare_view_get_canvas (view, FALSE);
  bench = msvis_compare_view_get_canvas (view, TRUE);
  node = lookup (window, FALSE, "Module.lm_head.Linear.forward.0");
  msvis_compare_view_select (view, FALSE, node);
  gtk_widget_grab_focus (GTK_WIDGET (npu));
  msvis_ui_test_spin (100);

  activate (window, "win.goto-counterpart");
  g_assert_true (msvis_compare_view_get_focus_canvas (view) == bench);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == GTK_WIDGET (bench));
  g_assert_cmpuint (selected (window, TRUE), ==, msvis_compare_view_counterpart (view, FALSE,
                                                                                 node));
  g_assert_cmpuint (selected (window, TRUE), ==,
                    lookup (window, TRUE, "Module.lm_head.Linear.forward.0"));
  /* And back again, with Tab, and from history. */
  g_assert_true (press_tab (view));
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == GTK_WIDGET (npu));
  g_assert_cmpuint (selected (window, FALSE), ==, node);
  activate (window, "win.go-back");
  g_assert_true (msvis_compare_view_get_focus_canvas (view) == bench);
  gtk_window_destroy (GTK_WINDOW (window));

  /* A build has no other side. */
  window = new_window (sample_build);
  view = msvis_window_test_compare_view (window);
  npu = msvis_compare_view_get_canvas (view, FALSE);
  msvis_compare_view_select (view, FALSE, lookup (window, FALSE,
                                                  "Module.lm_head.Linear.forward.0"));
  activate (window, "win.goto-counterpart");
  g_assert_true (msvis_compare_view_get_focus_canvas (view) == npu);
  /* Tab is left to GTK: it moves the focus on. */
  g_assert_false (press_tab (view));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
assert_setting (GSettings  *settings,
                const char *key,
                const char *expected)
{
  g_autofree char *value = g_settings_get_string (settings, key);

  g_assert_cmpstr (value, ==, expected);
}

/* What one window leaves, the next one starts from (the tests run on the memory backend). */
static void
test_settings_kept (void)
{
  GSettings *settings = msvis_settings_get_default ();
  MsvisWindow *window;
  int width, height;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  g_assert_nonnull (settings);
  window = new_window (sample_compare);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 700);
  g_object_set (window, "show-sidebar", FALSE, "sync-expand", FALSE, "overflow-mode", TRUE,
                "show-minimap", FALSE, NULL);
  msvis_ui_test_spin (200);
  gtk_window_close (GTK_WINDOW (window));
  msvis_ui_test_spin (100);
  g_assert_false (g_settings_get_boolean (settings, "sidebar-visible"));
  g_assert_false (g_settings_get_boolean (settings, "sync-expand"));
  g_assert_false (g_settings_get_boolean (settings, "minimap-visible"));
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 1100);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 700);
  assert_setting (settings, "palette", "overflow");

  window = MSVIS_WINDOW (msvis_window_new (app));
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1100);
  g_assert_cmpint (height, ==, 700);
  gtk_window_present (GTK_WINDOW (window));
  msvis_window_test_open_path (window, sample_compare);
  {
    gboolean sidebar, sync, overflow, minimap;
    MsvisCompareView *view = msvis_window_test_compare_view (window);

    g_object_get (window, "show-sidebar", &sidebar, "sync-expand", &sync, "overflow-mode",
                  &overflow, "show-minimap", &minimap, NULL);
    g_assert_false (sidebar);
    g_assert_false (sync);
    g_assert_true (overflow);
    g_assert_false (minimap);
    g_assert_false (msvis_compare_view_get_show_minimap (view));
    g_assert_false (gtk_widget_get_visible (msvis_compare_view_get_minimap (view, FALSE)));
  }

  /* A result without the overflow check shows precision, and keeps the choice for later. */
  msvis_window_test_open_path (window, sample_build);
  msvis_ui_test_spin (200);
  {
    gboolean overflow;

    g_object_get (window, "overflow-mode", &overflow, NULL);
    g_assert_false (overflow);
  }
  assert_setting (settings, "palette", "overflow");
  gtk_window_destroy (GTK_WINDOW (window));

  g_settings_reset (settings, "sidebar-visible");
  g_settings_reset (settings, "sync-expand");
  g_settings_reset (settings, "minimap-visible");
  g_settings_reset (settings, "palette");
  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

/* The style menu overrides the system's light or dark preference and is kept. */
static void
test_color_scheme (void)
{
  GSettings *settings = msvis_settings_get_default ();
  AdwStyleManager *style = adw_style_manager_get_default ();

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_PREFER_LIGHT);
  g_action_group_change_action_state (G_ACTION_GROUP (app), "color-scheme",
                                      g_variant_new_string ("dark"));
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  assert_setting (settings, "color-scheme", "dark");
  g_assert_true (adw_style_manager_get_dark (style));
  g_action_group_change_action_state (G_ACTION_GROUP (app), "color-scheme",
                                      g_variant_new_string ("light"));
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_action_group_change_action_state (G_ACTION_GROUP (app), "color-scheme",
                                      g_variant_new_string ("default"));
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_PREFER_LIGHT);
}

static gboolean
window_has_action (MsvisWindow *window,
                   const char  *name)
{
  const char *action_name, *property;
  const GVariantType *parameter;
  GType owner;

  /* GTK 4.8 writes every out argument: none may be NULL. */
  for (guint i = 0; gtk_widget_class_query_action (GTK_WIDGET_GET_CLASS (window), i, &owner,
                                                   &action_name, &parameter, &property); i++)
    if (g_str_equal (action_name, name))
      return TRUE;
  if (g_str_has_prefix (name, "match."))
    return g_action_group_has_action (msvis_window_get_match_actions (window),
                                      name + strlen ("match."));
  /* What GtkApplicationWindow adds, such as show-help-overlay. */
  return g_str_has_prefix (name, "win.")
         && g_action_map_lookup_action (G_ACTION_MAP (window), name + 4) != NULL;
}

static gboolean
is_switcher (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_STACK_SWITCHER (widget) || GTK_IS_SHORTCUTS_SECTION (widget)
         || GTK_IS_MENU_BUTTON (widget);
}

/* The shortcuts window, as Ctrl+? opens it. */
static MsvisShortcutsWindow *
open_shortcuts (MsvisWindow *window)
{
  GtkWindow *shortcuts;

  g_assert_true (activate (window, "win.show-help-overlay"));
  shortcuts = msvis_ui_test_find_toplevel (MSVIS_TYPE_SHORTCUTS_WINDOW);
  g_assert_nonnull (shortcuts);
  msvis_ui_test_spin (200);
  return MSVIS_SHORTCUTS_WINDOW (shortcuts);
}

/* Whether @accel (one accelerator) is among @shown (rows of them, separated by spaces), as
 * the same keys: "<Control><Shift>d" and "<Shift><Control>d" are one. */
static gboolean
shows_accel (const char *const *shown,
             const char        *accel)
{
  guint key, other_key;
  GdkModifierType mods, other_mods;

  g_assert_true (gtk_accelerator_parse (accel, &key, &mods));
  for (guint i = 0; shown[i] != NULL; i++)
    {
      g_auto(GStrv) alternatives = g_strsplit (shown[i], " ", -1);

      for (guint a = 0; alternatives[a] != NULL; a++)
        if (gtk_accelerator_parse (alternatives[a], &other_key, &other_mods)
            && other_key == key && other_mods == mods)
          return TRUE;
    }
  return FALSE;
}

/* Every accelerator runs an action that exists, and the shortcuts window shows every
 * accelerator set on the application (Ctrl+Shift+D, Expand to Errors, was missing), in one
 * window without a section switcher: the graph's keys in view with the others. */
static void
test_accelerators (void)
{
  g_auto(GStrv) actions = NULL;
  g_auto(GStrv) shown = NULL;
  MsvisWindow *window;
  MsvisShortcutsWindow *shortcuts;
  guint n_checked = 0;

  /* Without a display there is no application to ask. */
  if (!msvis_ui_test_require (NULL, NULL))
    return;
  actions = gtk_application_list_action_descriptions (app);
  window = new_window (sample_compare);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      if (g_str_has_prefix (actions[i], "app."))
        g_assert_nonnull (g_action_map_lookup_action (G_ACTION_MAP (app), actions[i] + 4));
      else if (!window_has_action (window, actions[i]))
        g_error ("an accelerator runs %s, which the window does not have", actions[i]);
    }
  g_assert_true (g_strv_contains ((const char *const *)actions, "win.go-back"));
  g_assert_true (g_strv_contains ((const char *const *)actions, "win.expand-errors"));

  shortcuts = open_shortcuts (window);
  shown = msvis_shortcuts_window_dup_accelerators (shortcuts);
  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, actions[i]);

      for (guint a = 0; accels[a] != NULL; a++, n_checked++)
        if (!shows_accel ((const char *const *)shown, accels[a])
            && strstr (accels[a], "KP_") == NULL)   /* a keypad twin of a key shown */
          g_error ("%s (%s) is not in the shortcuts window", accels[a], actions[i]);
    }
  g_assert_cmpuint (n_checked, >=, 30);
  /* The graph's own keys, in the same window. */
  g_assert_true (shows_accel ((const char *const *)shown, "Return"));
  g_assert_true (shows_accel ((const char *const *)shown, "<Shift>F10"));
  g_assert_null (msvis_ui_test_find_widget (GTK_WIDGET (shortcuts), is_switcher, NULL));
  gtk_window_destroy (GTK_WINDOW (shortcuts));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
screenshot (GtkWidget  *widget,
            const char *name,
            const char *language)
{
  g_autofree char *full = g_strcmp0 (language, "C") == 0 ? g_strdup (name)
                                                          : g_strdup_printf ("%s-%s", name,
                                                                             language);

  msvis_ui_test_spin (400);
  g_free (msvis_ui_test_screenshot (widget, full));
}

static gboolean
is_shown_search_entry (GtkWidget     *widget,
                       gconstpointer  data)
{
  return GTK_IS_SEARCH_ENTRY (widget) && gtk_widget_get_mapped (widget);
}

static gboolean
is_primary_menu (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

/* The main menu opens whole on a 1280×720 screen: below the header bar and the panel above it,
 * about 640 pixels are left. */
static void
assert_fits_720 (GtkWidget *popover)
{
  int natural = 0;

  gtk_widget_measure (popover, GTK_ORIENTATION_VERTICAL, -1, NULL, &natural, NULL, NULL);
  if (natural > 640)
    g_error ("the main menu is %d pixels tall, more than a 720-pixel screen shows", natural);
}

/* The window on the first divergence, a search in the dark style and the shortcuts window, as
 * the metainfo's screenshots show them (data/screenshots/README.md says how to take them), and
 * the main menu. */
static MsvisWindow *
show_window (const char *language)
{
  MsvisWindow *window;
  MsvisShortcutsWindow *overlay;
  GtkMenuButton *menu;
  GtkWidget *search;

  window = new_window (sample_compare);
  activate (window, "win.first-divergence");
  screenshot (GTK_WIDGET (window), "compare", language);

  g_action_group_change_action_state (G_ACTION_GROUP (app), "color-scheme",
                                      g_variant_new_string ("dark"));
  activate (window, "win.find");
  search = msvis_ui_test_find_widget (GTK_WIDGET (window), is_shown_search_entry, NULL);
  g_assert_nonnull (search);
  gtk_editable_set_text (GTK_EDITABLE (search), "Linear");
  screenshot (GTK_WIDGET (window), "find-dark", language);
  g_action_group_change_action_state (G_ACTION_GROUP (app), "color-scheme",
                                      g_variant_new_string ("default"));

  overlay = open_shortcuts (window);
  screenshot (GTK_WIDGET (overlay), "shortcuts", language);
  gtk_window_destroy (GTK_WINDOW (overlay));

  menu = GTK_MENU_BUTTON (msvis_ui_test_find_widget (GTK_WIDGET (window), is_primary_menu, NULL));
  g_assert_nonnull (menu);
  gtk_menu_button_popup (menu);
  assert_fits_720 (GTK_WIDGET (gtk_menu_button_get_popover (menu)));
  screenshot (GTK_WIDGET (gtk_menu_button_get_popover (menu)), "menu", language);
  gtk_menu_button_popdown (menu);
  return window;
}

/* Some glyph of @text has a font: Chinese would otherwise be drawn as boxes. */
static void
assert_font_covers (GtkWidget  *widget,
                    const char *text)
{
  PangoContext *context = gtk_widget_get_pango_context (widget);
  PangoFontset *fonts = pango_context_load_fontset (context,
                                                    pango_context_get_font_description (context),
                                                    pango_language_from_string ("zh-cn"));

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      g_autoptr(PangoFont) font = pango_fontset_get_font (fonts, c);

      if (!pango_font_has_char (font, c))
        g_error ("no font has “%s” (U+%04X): install fonts-noto-cjk", p, c);
    }
  g_object_unref (fonts);
}

/* A Chinese user's window, from the catalogue in the build tree. In a process of its own, set
 * to Chinese from the start: GLib decides once per process whether g_dgettext() translates,
 * and this one began in English. */
static void
test_chinese (void)
{
  MsvisWindow *window;
  GtkWidget *label;
  MsvisShortcutsWindow *overlay;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  if (!g_test_subprocess ())
    {
      g_setenv ("MSVIS_TEST_LANGUAGE", "zh_CN", TRUE);
      g_test_trap_subprocess (NULL, 120 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_unsetenv ("MSVIS_TEST_LANGUAGE");
      g_test_trap_assert_passed ();
      return;
    }
  window = show_window ("zh_CN");
  /* The subtitle says what the result is: 比对 (a compare). */
  label = msvis_ui_test_find_label (GTK_WIDGET (window), "比对");
  g_assert_nonnull (label);
  assert_font_covers (label, "比对精度标杆溢出节点调用栈");
  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (window), "同步展开"));
  /* Strings of the widgets library (g_dgettext) too. */
  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (window), "搜索结果"));
  overlay = open_shortcuts (window);
  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (overlay), "回到之前选中的节点"));
  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (overlay), "键盘快捷键"));
  gtk_window_destroy (GTK_WINDOW (overlay));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_english (void)
{
  MsvisWindow *window;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  window = show_window ("C");
  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (window), "Compare"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With no usable schema (here one from an older msvis, without this version's keys) msvis
 * warns once and works without remembering. */
static void
test_no_schema (void)
{
  g_autofree char *dir = NULL, *xml = NULL;
  g_autofree char *argv0 = NULL;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  if (g_test_subprocess ())
    {
      MsvisWindow *window;

      g_assert_null (msvis_settings_get_default ());
      window = new_window (sample_compare);
      g_object_set (window, "show-sidebar", FALSE, "overflow-mode", TRUE, NULL);
      gtk_window_close (GTK_WINDOW (window));
      msvis_ui_test_spin (100);
      window = new_window (sample_compare);
      g_action_group_change_action_state (G_ACTION_GROUP (app), "color-scheme",
                                          g_variant_new_string ("dark"));
      g_assert_true (adw_style_manager_get_dark (adw_style_manager_get_default ()));
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }
  if ((argv0 = g_find_program_in_path ("glib-compile-schemas")) == NULL)
    {
      g_test_skip ("glib-compile-schemas is not installed (apt-get install libglib2.0-bin)");
      return;
    }
  dir = g_dir_make_tmp ("msvis-schema-XXXXXX", NULL);
  xml = g_build_filename (dir, APP_ID ".gschema.xml", NULL);
  g_assert_true (g_file_set_contents (xml,
                                      "<schemalist><schema id=\"" APP_ID "\" path=\"/io/github/"
                                      "msvis/Msvis/\"><key name=\"window-width\" type=\"i\">"
                                      "<default>800</default></key></schema></schemalist>",
                                      -1, NULL));
  {
    const char *compile[] = { argv0, dir, NULL };
    int status;

    g_assert_true (g_spawn_sync (NULL, (char **)compile, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                                 NULL, &status, NULL));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }
  g_setenv ("GSETTINGS_SCHEMA_DIR", dir, TRUE);
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_unsetenv ("GSETTINGS_SCHEMA_DIR");
  msvis_test_remove_tree (dir);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*schema " APP_ID " is not installed, or lacks keys*");
  g_test_trap_assert_stderr_unmatched ("*lacks keys*lacks keys*");
  g_test_trap_assert_stderr_unmatched ("*CRITICAL*");
}

/* GTK 4.8's shortcuts window measures its page buttons (“1”, “2”) below zero under Adwaita and
 * says so: GTK's own noise, which it clamps. GTK logs through the structured API, which only a
 * writer function sees; everything else goes on to the default writer, fatal as before. */
static GLogWriterOutput
drop_page_button_width (GLogLevelFlags   log_level,
                        const GLogField *fields,
                        gsize            n_fields,
                        gpointer         user_data)
{
  const char *domain = NULL, *message = NULL;

  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN"))
      domain = fields[i].value;
    else if (g_str_equal (fields[i].key, "MESSAGE"))
      message = fields[i].value;
  if (g_strcmp0 (domain, "Gtk") == 0 && message != NULL
      && g_pattern_match_simple ("GtkLabel * reported min width *, but sizes must be >= 0",
                                 message))
    return G_LOG_WRITER_HANDLED;
  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

/* Without a session bus (ssh -X from a server) dconf can keep nothing and warns at every
 * change: msvis keeps its settings in a key file instead. */
static void
test_settings_without_bus (void)
{
  g_autofree char *dir = NULL, *runtime = NULL, *config = NULL, *keyfile = NULL;
  g_autofree char *contents = NULL;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  if (g_test_subprocess ())
    {
      MsvisWindow *window;

      g_assert_nonnull (msvis_settings_get_default ());
      window = new_window (NULL);
      g_object_set (window, "show-sidebar", FALSE, NULL);
      gtk_window_destroy (GTK_WINDOW (window));
      g_settings_sync ();
      return;
    }
  dir = g_dir_make_tmp ("msvis-no-bus-XXXXXX", NULL);
  runtime = g_build_filename (dir, "runtime", NULL);
  config = g_build_filename (dir, "config", NULL);
  g_assert_cmpint (g_mkdir (runtime, 0700), ==, 0);
  g_setenv ("XDG_RUNTIME_DIR", runtime, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_unsetenv ("GSETTINGS_BACKEND");
  g_unsetenv ("DBUS_SESSION_BUS_ADDRESS");
  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  keyfile = g_build_filename (config, "msvis", "settings.ini", NULL);
  g_assert_true (g_file_get_contents (keyfile, &contents, NULL, NULL));
  msvis_test_remove_tree (dir);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr_unmatched ("*dconf*");
  /* Only what changed is written. */
  g_assert_nonnull (strstr (contents, "sidebar-visible=false"));
  g_assert_null (strstr (contents, "sync-expand"));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_log_set_writer_func (drop_page_button_width, NULL, NULL);
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  /* The case without a schema checks its one warning itself. */
  if (g_test_subprocess ())
    g_log_set_always_fatal (G_LOG_FATAL_MASK);
  if (g_test_subprocess () && g_getenv ("MSVIS_TEST_LANGUAGE") != NULL)
    msvis_ui_test_set_language (g_getenv ("MSVIS_TEST_LANGUAGE"));

  g_test_add_func ("/desktop/icon", test_icon);
  g_test_add_func ("/desktop/history", test_history);
  g_test_add_func ("/desktop/counterpart", test_counterpart);
  g_test_add_func ("/desktop/settings-kept", test_settings_kept);
  g_test_add_func ("/desktop/color-scheme", test_color_scheme);
  g_test_add_func ("/desktop/accelerators", test_accelerators);
  g_test_add_func ("/desktop/english", test_english);
  g_test_add_func ("/desktop/chinese", test_chinese);
  g_test_add_func ("/desktop/no-schema", test_no_schema);
  g_test_add_func ("/desktop/settings-without-bus", test_settings_without_bus);

  if (msvis_ui_test_has_display ())
    {
      sample_dir = msvis_window_test_make_sample_dir ("desktop");
      sample_compare = msvis_window_test_build_sample (sample_dir, "compare", TRUE);
      sample_build = msvis_window_test_build_sample (sample_dir, "build", FALSE);
      app = msvis_window_test_new_app ();
    }

  status = g_test_run ();

  msvis_window_test_finish (&app, &sample_dir);
  g_free (sample_compare);
  g_free (sample_build);
  return status;
}
