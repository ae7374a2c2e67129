// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>

#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The start page at 1280x720 with a long Recent list: the list was cut at the window's bottom,
 * the page's overlay scroll bar hidden, nothing said there was more. Now the list scrolls in
 * the room left, with a scroll bar that shows, in English and in Chinese. The recent files are
 * a list of this test's own (XDG_DATA_HOME in a folder it makes), never the user's. */

#define N_RECENT 14

static GtkApplication *app;
static char *home;
static GPtrArray *names;

/* Empty files are enough: the start page lists what still exists (the newest 8). */
static void
add_recent_files (void)
{
  GtkRecentManager *recent = gtk_recent_manager_get_default ();

  names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < N_RECENT; i++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/run%02u_qwen2_7b_tp%u", home, i, i % 4);
      g_autofree char *name = g_strdup_printf ("compare_202611%02u19190%u.vis.db", 14 + i,
                                               i % 10);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
      GtkRecentData data = { 0 };

      g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
      g_assert_true (g_file_set_contents (path, "", 0, NULL));
      data.mime_type = (char *) "application/x-msprobe-vis-db";
      data.app_name = (char *) g_get_application_name ();
      data.app_exec = (char *) "msvis %f";
      g_assert_true (gtk_recent_manager_add_full (recent, uri, &data));
      g_ptr_array_add (names, g_steal_pointer (&name));
    }
}

typedef struct
{
  GtkWidget *window;
  GtkWidget *label;
} Listed;

static gboolean
is_listed (gpointer data)
{
  Listed *l = data;

  for (guint i = 0; i < names->len; i++)
    if ((l->label = msvis_ui_test_find_label (l->window, names->pdata[i])) != NULL
        && gtk_widget_get_mapped (l->label))
      return TRUE;
  return FALSE;
}

static void
check_recent_fits (const char *language)
{
  g_autofree char *shot = g_strdup_printf ("start-recent-%s", language);
  MsvisWindow *window;
  Listed listed;
  GtkWidget *list, *scroller, *bar;
  graphene_rect_t bounds;
  int shown, whole;

  msvis_ui_test_set_language (language);
  window = msvis_window_test_new (app, 1280, 720);
  listed = (Listed) { GTK_WIDGET (window), NULL };
  g_assert_true (msvis_ui_test_spin_until (is_listed, &listed, 5000));
  msvis_ui_test_spin (500);   /* the list's room is worked out after the frame */
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (window), shot));

  list = gtk_widget_get_ancestor (listed.label, GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list);
  scroller = gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_true (gtk_widget_compute_bounds (scroller, GTK_WIDGET (window), &bounds));
  shown = gtk_widget_get_height (scroller);
  whole = gtk_widget_get_height (list);
  g_test_message ("%s: the list's scroller %g..%g of a %d-px window, %d of %d px shown",
                  language, bounds.origin.y, bounds.origin.y + bounds.size.height,
                  gtk_widget_get_height (GTK_WIDGET (window)), shown, whole);

  /* What scrolls the list is on screen whole, at least two rows tall... */
  g_assert_cmpfloat (bounds.origin.y, >=, 0);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=,
                     gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (shown, >=, 100);
  /* ...and where there is more than it shows, its scroll bar is there to see. */
  g_assert_cmpint (whole, >, shown);
  g_assert_false (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller)));
  bar = gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (scroller));
  g_assert_true (gtk_widget_get_mapped (bar));
  g_assert_cmpint (gtk_widget_get_width (bar), >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  msvis_ui_test_spin (100);
}

static void
test_recent_scrolls_zh (void)
{
  if (!msvis_ui_test_require (NULL, NULL))
    return;
  check_recent_fits ("zh_CN");
}

static void
test_recent_scrolls_en (void)
{
  if (!msvis_ui_test_require (NULL, NULL))
    return;
  check_recent_fits ("C");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *data = NULL, *config = NULL;
  int status;

  /* Before GLib reads them: a recent list and settings of the test's own. */
  /* Not msvis_test_make_dir(): that one goes at the end of the first test. */
  home = g_dir_make_tmp ("msvis-start-recent-XXXXXX", NULL);
  g_assert_nonnull (home);
  data = g_build_filename (home, "data", NULL);
  config = g_build_filename (home, "config", NULL);
  g_assert_cmpint (g_mkdir_with_parents (data, 0700), ==, 0);   /* where the list is saved */
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  msvis_ui_test_init_i18n ();
  /* Chinese first: GLib decides once whether to translate at all. */
  msvis_ui_test_set_language ("zh_CN");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/start-recent/scrolls-zh", test_recent_scrolls_zh);
  g_test_add_func ("/start-recent/scrolls-en", test_recent_scrolls_en);
  if (msvis_ui_test_has_display ())
    {
      app = msvis_window_test_new_app ();
      add_recent_files ();
    }
  status = g_test_run ();
  g_clear_object (&app);
  msvis_test_remove_tree (home);
  g_free (home);
  g_clear_pointer (&names, g_ptr_array_unref);
  return status;
}
