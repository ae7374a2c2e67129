// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "msvis-compare-panel.h"
#include "msvis-node-details-private.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"

/* Arguments that are not tensors (issue 26): ints, bools, strings, None, process groups showed
 * as blank rows in the details and the comparison panel. Their values show on both sides, and
 * a difference is marked as the file's msprobe judges it: an error in msprobe 26 (Result
 * "error"), only marked in a 2025 summary compare, which does not judge them. */

#define JULY   "non-tensor/compare_values.vis"
#define APRIL  "reference-2026/out/cmp_checkers/compare_20261127114004.vis.db"

typedef struct
{
  GtkWidget         *window;
  MsvisNodeDetails  *details;
  MsvisComparePanel *panel;
  MsvisVisDocument  *doc;
} Fixture;

static MsvisVisDocument *
read_document (const char *relative)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", relative, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("%s: the fixture is missing (tests/data)", path);
  return msvis_test_load_first_graph (path);
}

static gboolean
details_settled (gpointer data)
{
  return g_strcmp0 (_msvis_node_details_get_state (data), "loading") != 0;
}

/* Both widgets on the NPU node @name and its counterpart. */
static gboolean
fixture_init (Fixture    *f,
              const char *relative,
              const char *name)
{
  GtkWidget *box;
  MsvisGraph *npu;
  MsvisNodeId node, bench;

  memset (f, 0, sizeof *f);
  if (!msvis_ui_test_require (NULL, NULL))
    return FALSE;
  f->doc = read_document (relative);
  npu = msvis_vis_document_get_npu (f->doc);
  node = msvis_graph_lookup (npu, name);
  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  bench = msvis_compare_results_get_link (msvis_graph_get_compare_results (npu), node);
  g_assert_cmpuint (bench, !=, MSVIS_NODE_ID_NONE);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 1600, 900);
  f->details = MSVIS_NODE_DETAILS (msvis_node_details_new ());
  f->panel = MSVIS_COMPARE_PANEL (msvis_compare_panel_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (f->details), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (f->panel), TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->details));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->panel));
  gtk_window_set_child (GTK_WINDOW (f->window), box);
  gtk_window_present (GTK_WINDOW (f->window));

  msvis_node_details_set_node (f->details, f->doc, node, bench);
  msvis_compare_panel_show_nodes (f->panel, f->doc, node, bench);
  g_assert_true (msvis_ui_test_spin_until (details_settled, f->details, 10000));
  g_assert_true (msvis_ui_test_spin_until (msvis_window_test_panel_ready, f->panel, 10000));
  msvis_ui_test_spin (200);
  return TRUE;
}

static void
fixture_clear (Fixture *f)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_pointer (&f->doc, msvis_vis_document_unref);
}

/* The pair whose NPU item is @name, after the value column was checked to exist. */
static const MsvisDetailsPair *
find_pair (MsvisDetailsData *data,
           const char       *name)
{
  for (guint r = 0; r < data->rows->len; r++)
    {
      const MsvisDetailsPair *pair = &g_array_index (data->rows, MsvisDetailsPair, r);

      if (g_strcmp0 (pair->sides[0].name, name) == 0)
        return pair;
    }
  g_error ("no item %s in the details", name);
}

static void
assert_values (MsvisDetailsData *data,
               const char       *name,
               const char       *npu,
               const char       *bench,
               MsvisValuesCheck  check)
{
  const MsvisDetailsPair *pair = find_pair (data, name);

  g_assert_cmpint (data->value_column, >=, 0);
  g_assert_cmpstr (pair->sides[0].values[data->value_column], ==, npu);
  g_assert_cmpstr (pair->sides[1].values[data->value_column], ==, bench);
  g_assert_cmpint (pair->values_check, ==, check);
}

typedef struct
{
  guint differ;
  guint error;
} Marks;

static void
count_marks (GtkWidget *widget,
             Marks     *marks)
{
  if (gtk_widget_has_css_class (widget, "values-differ"))
    {
      marks->differ++;
      marks->error += gtk_widget_has_css_class (widget, "error");
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    count_marks (child, marks);
}

/* A 2025 summary compare: an int and a bool that differ are shown and marked, not coloured as
 * errors; equal strings, None and a process group's ranks show on both sides. */
static void
test_july (void)
{
  Fixture f;
  MsvisDetailsData *data;
  Marks marks = { 0, 0 };

  if (!fixture_init (&f, JULY, "Torch.sum.0.forward"))
    return;
  data = _msvis_node_details_get_data (f.details);
  g_assert_nonnull (data);
  assert_values (data, "input.dim", "1", "2", MSVIS_VALUES_DIFFER);
  assert_values (data, "input.keepdim", "False", "True", MSVIS_VALUES_DIFFER);
  assert_values (data, "input.mode", "mean", "mean", MSVIS_VALUES_AGREE);
  assert_values (data, "input.3", "null", "null", MSVIS_VALUES_AGREE);
  assert_values (data, "input.group", "[0, 1]", "[0, 1]", MSVIS_VALUES_AGREE);
  assert_values (data, "input.0", "", "", MSVIS_VALUES_AGREE);

  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (f.panel), "null"));
  count_marks (GTK_WIDGET (f.panel), &marks);
  g_assert_cmpuint (marks.differ, ==, 4);   /* two pairs, both lines */
  g_assert_cmpuint (marks.error, ==, 0);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (f.window), "details-values"));
  fixture_clear (&f);
}

/* msprobe 26 judges a scalar mismatch an error (cmp_checkers: torch.sum's dim, 1 against 0). */
static void
test_april (void)
{
  Fixture f;
  MsvisDetailsData *data;
  Marks marks = { 0, 0 };

  if (!fixture_init (&f, APRIL, "Torch.sum.0.forward"))
    return;
  data = _msvis_node_details_get_data (f.details);
  g_assert_nonnull (data);
  assert_values (data, "input.dim", "1", "0", MSVIS_VALUES_DIFFER_ERROR);
  count_marks (GTK_WIDGET (f.panel), &marks);
  g_assert_cmpuint (marks.differ, ==, 2);
  g_assert_cmpuint (marks.error, ==, 2);
  fixture_clear (&f);

  /* None, as msprobe writes it ({"value": "null"}), is a value, not a blank line. */
  if (!fixture_init (&f, APRIL, "Functional.conv2d.0.forward"))
    return;
  data = _msvis_node_details_get_data (f.details);
  assert_values (data, "input.4", "null", "null", MSVIS_VALUES_AGREE);
  assert_values (data, "input.3", "1", "1", MSVIS_VALUES_AGREE);
  fixture_clear (&f);
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/details-values/july", test_july);
  g_test_add_func ("/details-values/april", test_april);
  return g_test_run ();
}
