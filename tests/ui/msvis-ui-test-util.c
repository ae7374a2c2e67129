// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>

#include "msvis-ui-test-util.h"

gboolean
msvis_ui_test_has_display (void)
{
  static int has = -1;

  if (has < 0)
    {
      has = gtk_init_check ();
      if (has)
        adw_init ();
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

/**
 * msvis_ui_test_screenshot:
 *
 * Renders @widget (usually a realized window) to `$MSVIS_SHOT_DIR/NAME.png`, or to
 * `shots/` in the test build directory.
 *
 * Returns: (transfer full): the PNG's path
 */
char *
msvis_ui_test_screenshot (GtkWidget  *widget,
                          const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  const char *dir = g_getenv ("MSVIS_SHOT_DIR");
  g_autofree char *fallback = NULL;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  char *path;

  if (dir == NULL)
    dir = fallback = g_build_filename (g_get_tmp_dir (), "msvis-shots", NULL);
  g_mkdir_with_parents (dir, 0755);
  path = g_strconcat (dir, G_DIR_SEPARATOR_S, name, ".png", NULL);

  int scale = gtk_widget_get_scale_factor (widget);

  /* At the widget's scale factor, so that GDK_SCALE=2 gives a 2x picture to look at. */
  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  /* A widget that has not drawn since it was (re)mapped paints nothing yet: give it frames. */
  for (guint tries = 0; node == NULL && tries < 40; tries++)
    {
      msvis_ui_test_spin (50);
      snapshot = gtk_snapshot_new ();
      gtk_snapshot_scale (snapshot, scale, scale);
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
    }
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)),
                                         node, &GRAPHENE_RECT_INIT (0, 0, width * scale,
                                                                    height * scale));
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("screenshot: %s", path);
  return path;
}

/**
 * msvis_ui_test_reference:
 *
 * Returns: (transfer full) (nullable): a file of the msprobe reference outputs, or %NULL
 *   when ../shared is absent
 */
char *
msvis_ui_test_reference (const char *relative)
{
  const char *shared = g_getenv ("MSVIS_SHARED_DIR");
  char *path;

  if (shared == NULL)
    return NULL;
  path = g_build_filename (shared, "fixtures", "msprobe-reference", relative, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_clear_pointer (&path, g_free);
  return path;
}
