// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "msvis-find-panel.h"
#include "msvis-find-test-util.h"
#include "msvis-node-finder.h"
#include "msvis-ui-test-util.h"

/* The numbers on Find's colour buttons are what turning each on lists: the Legend's counts
 * with no query, the query's results in each colour while one is typed, and in both only the
 * micro step the graph shows. They stayed the Legend's while a query narrowed the list. */

#define STAT "cmp_stat/compare_20261121191907.vis"

typedef struct
{
  GtkWidget        *window;
  MsvisFindPanel   *panel;
  MsvisVisDocument *doc;
} Fixture;

static gboolean
fixture_init (Fixture *f)
{
  g_autofree char *path = NULL;

  memset (f, 0, sizeof *f);
  if (!msvis_ui_test_require (STAT, &path))
    return FALSE;
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 700);
  f->panel = MSVIS_FIND_PANEL (msvis_find_panel_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->panel));
  gtk_window_present (GTK_WINDOW (f->window));
  f->doc = msvis_ui_test_read (path);
  msvis_find_panel_set_document (f->panel, f->doc);
  return TRUE;
}

static void
fixture_clear (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_pointer (&f->doc, msvis_vis_document_unref);
}

static gboolean
is_chip (GtkWidget     *widget,
         gconstpointer  data)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && GTK_IS_FLOW_BOX_CHILD (gtk_widget_get_parent (widget))
         && g_object_get_data (G_OBJECT (widget), "msvis-bucket") != NULL;
}

static gboolean
is_label (GtkWidget     *widget,
          gconstpointer  data)
{
  return GTK_IS_LABEL (widget);
}

/* The number a button shows, as a reader sees it. */
static guint
chip_number (GtkWidget *chip)
{
  GtkWidget *label = msvis_ui_test_find_widget (chip, is_label, NULL);

  g_assert_nonnull (label);
  return (guint) g_ascii_strtoull (gtk_label_get_text (GTK_LABEL (label)), NULL, 10);
}

static GtkWidget *
chip_of (Fixture *f,
         int      bucket)
{
  g_autoptr(GPtrArray) chips = g_ptr_array_new ();

  msvis_ui_test_collect_widgets (GTK_WIDGET (f->panel), is_chip, NULL, chips);
  for (guint i = 0; i < chips->len; i++)
    if (GPOINTER_TO_INT (g_object_get_data (g_ptr_array_index (chips, i), "msvis-bucket"))
        == bucket)
      return g_ptr_array_index (chips, i);
  g_assert_not_reached ();
}

/* Each button's number, then each turned on alone: the list holds as many. Returns the sum of
 * the numbers. */
static guint
check_numbers_list (Fixture *f)
{
  g_autoptr(GPtrArray) chips = g_ptr_array_new ();
  guint sum = 0;

  msvis_ui_test_collect_widgets (GTK_WIDGET (f->panel), is_chip, NULL, chips);
  g_assert_cmpuint (chips->len, >=, 2);
  for (guint i = 0; i < chips->len; i++)
    {
      GtkToggleButton *chip = g_ptr_array_index (chips, i);
      guint shown = chip_number (GTK_WIDGET (chip));

      sum += shown;
      /* Nothing to list: the button says so by being off limits. */
      g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (chip)) == (shown > 0));
      if (shown == 0)
        continue;
      gtk_toggle_button_set_active (chip, TRUE);
      msvis_ui_test_spin (50);
      g_assert_cmpuint (msvis_find_test_n_results (f->panel), ==, shown);
      gtk_toggle_button_set_active (chip, FALSE);
      msvis_ui_test_spin (50);
    }
  return sum;
}

static void
test_query_counts (void)
{
  Fixture f;
  g_autoptr(MsvisNodeFinder) finder = NULL;

  if (!fixture_init (&f))
    return;
  finder = msvis_node_finder_new (f.doc, FALSE);
  /* No query: the Legend's counts (test-node-finder: bucket 4 has 5 leaves, 2 has 2). */
  g_assert_cmpuint (chip_number (chip_of (&f, 4)), ==, msvis_node_finder_count (finder, 4));
  g_assert_cmpuint (chip_number (chip_of (&f, 4)), ==, 5);
  g_assert_cmpuint (chip_number (chip_of (&f, 2)), ==, 2);

  /* Python over the JSON: 10 nodes named *backward*, 8 of them with precision_index in
   * [0.8, 1] (bucket 4; modules included, a search finds containers). */
  g_assert_cmpuint (msvis_find_test_type (f.panel, "backward"), ==, 10);
  g_assert_cmpuint (chip_number (chip_of (&f, 4)), ==, 8);
  g_assert_cmpuint (check_numbers_list (&f), >=, 8);
  msvis_find_test_type (f.panel, "linear");
  check_numbers_list (&f);
  /* A query nothing matches: no button lists anything. */
  g_assert_cmpuint (msvis_find_test_type (f.panel, "no-such-node"), ==, 0);
  g_assert_cmpuint (check_numbers_list (&f), ==, 0);

  /* Cleared: the Legend's counts again. */
  msvis_find_test_type (f.panel, "");
  g_assert_cmpuint (chip_number (chip_of (&f, 4)), ==, 5);
  fixture_clear (&f);
}

/* MicroSteps is 2; 3 of bucket 4's and 2's 7 leaves are in micro step 1 (test-node-query). */
static void
test_micro_step_counts (void)
{
  Fixture f;

  if (!fixture_init (&f))
    return;
  msvis_find_panel_set_micro_step (f.panel, 0);
  msvis_ui_test_spin (50);
  g_assert_cmpuint (chip_number (chip_of (&f, 4)) + chip_number (chip_of (&f, 2)), ==, 4);
  check_numbers_list (&f);
  msvis_find_test_type (f.panel, "backward");
  check_numbers_list (&f);
  g_assert_cmpuint (chip_number (chip_of (&f, 4)), <, 8);
  msvis_find_panel_set_micro_step (f.panel, -1);
  msvis_ui_test_spin (50);
  g_assert_cmpuint (chip_number (chip_of (&f, 4)), ==, 8);
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/find-chips/query-counts", test_query_counts);
  g_test_add_func ("/find-chips/micro-step-counts", test_micro_step_counts);
  return g_test_run ();
}
