// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "msvis-ui-test-util.h"
#include "msvis-vis-reader.h"

gboolean
msvis_ui_test_has_display (void)
{
  static int has = -1;

  if (has < 0)
    {
      has = gtk_init_check ();
      if (has)
        {
          adw_init ();
          /* What GtkApplication does for msvis: its icons are in the resources. */
          gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (
                                              gdk_display_get_default ()),
                                            RESOURCE_BASE "/icons");
        }
    }
  return has;
}

static gboolean
timeout_cb (gpointer data)
{
  *(gboolean *)data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates the default main context until @done says so or the time runs out. */
gboolean
msvis_ui_test_spin_until (gboolean (*done) (gpointer data),
                          gpointer   data,
                          guint      timeout_ms)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add (timeout_ms, timeout_cb, &timed_out);

  while (!timed_out && (done == NULL || !done (data)))
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  return done != NULL && done (data);
}

void
msvis_ui_test_spin (guint ms)
{
  msvis_ui_test_spin_until (NULL, NULL, ms);
}

static void
painted (GdkFrameClock *clock,
         gboolean      *done)
{
  *done = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* Until a frame of @widget's window was laid out and painted. A snapshot taken outside the
 * frame clock while an allocation is pending makes GTK warn ("Trying to snapshot
 * GtkScrolledWindow without a current allocation"), fatally in a test. */
static void
wait_for_frame (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean done = FALSE;
  gulong id;

  if (clock == NULL)
    return;
  id = g_signal_connect (clock, "after-paint", G_CALLBACK (painted), &done);
  gtk_widget_queue_draw (widget);
  msvis_ui_test_spin_until (is_true, &done, 5000);
  g_signal_handler_disconnect (clock, id);
}

/**
 * msvis_ui_test_render:
 *
 * Renders @widget (usually a realized window) as it is on screen, at its scale factor, so that
 * GDK_SCALE=2 gives a 2x picture.
 *
 * Returns: (transfer full): the picture
 */
GdkTexture *
msvis_ui_test_render (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  int scale = gtk_widget_get_scale_factor (widget);
  int width = 0, height = 0;

  wait_for_frame (widget);
  paintable = gtk_widget_paintable_new (widget);
  /* A widget that has not drawn since it was (re)mapped paints nothing yet: give it frames,
   * up to 10 s (a loaded CI machine took more than 2). */
  for (guint tries = 0; node == NULL && tries < 200; tries++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();

      if (tries > 0)
        msvis_ui_test_spin (50);
      /* A window mapped a moment ago may not have its size yet. */
      width = gtk_widget_get_width (widget);
      height = gtk_widget_get_height (widget);
      gtk_snapshot_scale (snapshot, scale, scale);
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);
  return gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                      node, &GRAPHENE_RECT_INIT (0, 0, width * scale,
                                                                 height * scale));
}

/**
 * msvis_ui_test_count_colors:
 *
 * Returns: how many different colours @texture holds: a blank card has one or two
 */
guint
msvis_ui_test_count_colors (GdkTexture *texture)
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guint32 *pixels = g_new (guint32, (gsize) width * height);
  g_autoptr(GHashTable) colors = g_hash_table_new (NULL, NULL);

  gdk_texture_download (texture, (guchar *) pixels, width * sizeof (guint32));
  for (gsize i = 0; i < (gsize) width * height; i++)
    g_hash_table_add (colors, GUINT_TO_POINTER (pixels[i]));
  return g_hash_table_size (colors);
}

/**
 * msvis_ui_test_screenshot:
 *
 * Renders @widget and checks that it drew something: its size, and more than the few colours
 * of an empty surface (a widget that failed to draw, or drew before its content came). When
 * `$MSVIS_SHOT_DIR` is set (tools/screenshots.sh sets it) the picture is kept there as
 * NAME.png; a test run writes nothing.
 *
 * Returns: (transfer full) (nullable): the PNG's path, or %NULL when none was asked for
 */
char *
msvis_ui_test_screenshot (GtkWidget  *widget,
                          const char *name)
{
  g_autoptr(GdkTexture) texture = msvis_ui_test_render (widget);
  const char *dir = g_getenv ("MSVIS_SHOT_DIR");
  int scale = gtk_widget_get_scale_factor (widget);
  char *path;

  g_assert_cmpint (gdk_texture_get_width (texture), ==, gtk_widget_get_width (widget) * scale);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, gtk_widget_get_height (widget) * scale);
  g_assert_cmpuint (msvis_ui_test_count_colors (texture), >, 3);
  if (dir == NULL)
    return NULL;
  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  path = g_strconcat (dir, G_DIR_SEPARATOR_S, name, ".png", NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  return path;
}

/**
 * msvis_ui_test_reference:
 *
 * Fails the test when the file is missing: a renamed fixture must fail, not skip.
 *
 * Returns: (transfer full): a file of msprobe's reference outputs (tests/data/reference)
 */
char *
msvis_ui_test_reference (const char *relative)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", "reference", relative, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("%s: msprobe's reference fixture is missing (tests/data/reference)", path);
  return path;
}

/**
 * msvis_ui_test_require:
 * @relative: (nullable): a reference file the case needs
 * @path: (out) (optional): its path
 *
 * Skips the case, with the reason, when there is no display; fails it when the reference file
 * is missing.
 *
 * Returns: %TRUE when the case can run
 */
gboolean
msvis_ui_test_require (const char  *relative,
                       char       **path)
{
  if (path != NULL)
    *path = NULL;
  if (!msvis_ui_test_has_display ())
    {
      g_test_skip ("no display (gtk_init_check failed; run under xvfb-run)");
      return FALSE;
    }
  if (path != NULL && relative != NULL)
    *path = msvis_ui_test_reference (relative);
  else if (relative != NULL)
    g_free (msvis_ui_test_reference (relative));
  return TRUE;
}

/* Lazily, as the viewer reads: node data comes when a widget asks for it. */
MsvisVisDocument *
msvis_ui_test_read (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MsvisVisDocument *doc = msvis_vis_read (file, MSVIS_VIS_READ_DEFAULT, NULL, &error);

  g_assert_no_error (error);
  return doc;
}

/**
 * msvis_ui_test_init_i18n:
 *
 * Call before g_test_init(). Expected texts are English, so a plain run is in English; a run
 * that takes screenshots (MSVIS_SHOT_DIR) keeps the caller's language, from the build's
 * catalogue or MSVIS_LOCALEDIR's, to show what a Chinese user sees.
 */
void
msvis_ui_test_init_i18n (void)
{
  const char *localedir = g_getenv ("MSVIS_LOCALEDIR");

  if (g_getenv ("MSVIS_SHOT_DIR") == NULL)
    msvis_ui_test_set_language ("C");
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir ? localedir : BUILD_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}

/**
 * msvis_ui_test_set_language:
 * @language: a LANGUAGE value ("C" for the English of the sources, "zh_CN")
 *
 * Sets the language of the messages. Call it before anything is translated: GLib decides once
 * per process whether g_dgettext() translates at all. The C.UTF-8 locale is enough: gettext
 * takes the language from LANGUAGE in any locale but "C", and a machine may have no other.
 */
void
msvis_ui_test_set_language (const char *language)
{
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
  g_setenv ("LANGUAGE", language, TRUE);
  /* setlocale() also drops gettext's cache of translations already looked up. */
  setlocale (LC_ALL, "");
}

/* Depth first, @root included. */
GtkWidget *
msvis_ui_test_find_widget (GtkWidget          *root,
                           MsvisUiWidgetMatch  match,
                           gconstpointer       data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = msvis_ui_test_find_widget (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every widget that matches, in the order msvis_ui_test_find_widget() meets them, added to
 * @found. */
void
msvis_ui_test_collect_widgets (GtkWidget          *root,
                               MsvisUiWidgetMatch  match,
                               gconstpointer       data,
                               GPtrArray          *found)
{
  if (match (root, data))
    g_ptr_array_add (found, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    msvis_ui_test_collect_widgets (child, match, data, found);
}

/* Matches for msvis_ui_test_find_widget(): a shown widget with a CSS class, a shown label
 * holding some text. */
gboolean
msvis_ui_test_has_css_class (GtkWidget     *widget,
                             gconstpointer  css_class)
{
  return gtk_widget_has_css_class (widget, css_class) && gtk_widget_get_mapped (widget);
}

gboolean
msvis_ui_test_label_contains (GtkWidget     *widget,
                              gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) &&
         strstr (gtk_label_get_label (GTK_LABEL (widget)), text) != NULL;
}

/* The first shown label below @root that holds @text. */
GtkWidget *
msvis_ui_test_find_label (GtkWidget  *root,
                          const char *text)
{
  return msvis_ui_test_find_widget (root, msvis_ui_test_label_contains, text);
}

/* What a copy action put on @widget's clipboard, as text. */
char *
msvis_ui_test_dup_clipboard_text (GtkWidget *widget)
{
  GdkContentProvider *content = gdk_clipboard_get_content (gtk_widget_get_clipboard (widget));
  g_auto(GValue) value = G_VALUE_INIT;

  g_assert_nonnull (content);
  g_value_init (&value, G_TYPE_STRING);
  g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
  return g_value_dup_string (&value);
}

/* A dialog presented while a worker finished may map a few frames later. */
gboolean
msvis_ui_test_is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

/* The first window of @type, such as a dialog the code under test presented. */
GtkWindow *
msvis_ui_test_find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type))
        return GTK_WINDOW (window);
    }
  return NULL;
}
