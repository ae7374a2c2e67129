// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "msvis-shortcuts-window.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"

/* The shortcuts window with the application's own keys, laid out for 1280×720 and 1920×1080:
 * on the small screen it fits and says that it scrolls; the descriptions of one column line
 * up; a short description keeps to one line; a keypad twin is not listed as a second key. */

static GtkApplication *app;

static gboolean
is_scroller (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_SCROLLED_WINDOW (widget);
}

/* Every row (a box of a GtkShortcutLabel and a GtkLabel) under @widget, into @titles. */
static void
collect_titles (GtkWidget *widget,
                GPtrArray *titles)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_SHORTCUT_LABEL (child) && GTK_IS_LABEL (gtk_widget_get_next_sibling (child)))
        g_ptr_array_add (titles, gtk_widget_get_next_sibling (child));
      else
        collect_titles (child, titles);
    }
}

static double
x_in (GtkWidget *widget,
      GtkWidget *root)
{
  graphene_point_t p = GRAPHENE_POINT_INIT (0, 0), out;

  g_assert_true (gtk_widget_compute_point (widget, root, &p, &out));
  return out.x;
}

static void
check_screen (int width,
              int height)
{
  GtkWidget *window = msvis_shortcuts_window_new_for_screen (NULL, app, width, height);
  GtkWidget *scroller, *columns, *bar;
  g_auto(GStrv) shown = NULL;
  guint n_titles = 0, n_short = 0;

  gtk_window_present (GTK_WINDOW (window));
  msvis_ui_test_spin (400);

  g_assert_cmpint (gtk_widget_get_width (window), <=, width);
  g_assert_cmpint (gtk_widget_get_height (window), <=, height);
  scroller = msvis_ui_test_find_widget (window, is_scroller, NULL);
  g_assert_nonnull (scroller);
  columns = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scroller));
  if (GTK_IS_VIEWPORT (columns))
    columns = gtk_viewport_get_child (GTK_VIEWPORT (columns));
  bar = gtk_scrolled_window_get_vscrollbar (GTK_SCROLLED_WINDOW (scroller));
  if (height <= 720)
    {
      /* The keys are taller than the screen: a scrollbar in view says so. */
      g_assert_cmpint (gtk_widget_get_height (columns), >, gtk_widget_get_height (scroller));
      g_assert_false (gtk_scrolled_window_get_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller)));
      g_assert_true (gtk_widget_get_mapped (bar));
      g_assert_cmpint (gtk_widget_get_width (bar), >, 0);
    }

  for (GtkWidget *column = gtk_widget_get_first_child (columns); column != NULL;
       column = gtk_widget_get_next_sibling (column))
    {
      g_autoptr(GPtrArray) titles = g_ptr_array_new ();

      collect_titles (column, titles);
      g_assert_cmpuint (titles->len, >, 0);
      for (guint i = 0; i < titles->len; i++, n_titles++)
        {
          GtkLabel *title = g_ptr_array_index (titles, i);
          const char *text = gtk_label_get_text (title);

          /* One column, one left edge for its descriptions, whichever group. */
          g_assert_cmpfloat_with_epsilon (x_in (GTK_WIDGET (title), window),
                                          x_in (g_ptr_array_index (titles, 0), window), 0.5);
          /* The window is as wide as the test's screen lets it be: what keeps a phrase on
           * one line is the width the label asks for at least. */
          if (width >= 1920 && g_utf8_strlen (text, -1) <= 32)
            {
              g_autoptr(PangoLayout) line = gtk_widget_create_pango_layout (GTK_WIDGET (title),
                                                                            text);
              int minimum, text_width;

              gtk_widget_measure (GTK_WIDGET (title), GTK_ORIENTATION_HORIZONTAL, -1,
                                  &minimum, NULL, NULL, NULL);
              pango_layout_get_pixel_size (line, &text_width, NULL);
              if (minimum < text_width)
                g_error ("“%s” wraps at %d×%d", text, width, height);
              n_short++;
            }
        }
    }
  g_assert_cmpuint (n_titles, >=, 30);
  if (width >= 1920)
    g_assert_cmpuint (n_short, >=, 20);

  shown = msvis_shortcuts_window_dup_accelerators (MSVIS_SHORTCUTS_WINDOW (window));
  for (guint i = 0; shown[i] != NULL; i++)
    g_assert_null (strstr (shown[i], "KP_"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_small_screen (void)
{
  if (!msvis_ui_test_require (NULL, NULL))
    return;
  check_screen (1280, 720);
}

static void
test_large_screen (void)
{
  if (!msvis_ui_test_require (NULL, NULL))
    return;
  check_screen (1920, 1080);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *no_dir = NULL;
  int status;

  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/shortcuts-fit/1280x720", test_small_screen);
  g_test_add_func ("/shortcuts-fit/1920x1080", test_large_screen);

  if (msvis_ui_test_has_display ())
    app = msvis_window_test_new_app ();

  status = g_test_run ();

  msvis_window_test_finish (&app, &no_dir);
  return status;
}
