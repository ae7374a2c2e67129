// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "msvis-find-panel.h"
#include "msvis-graph-summary.h"
#include "msvis-legend.h"
#include "msvis-node-finder.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"
#include "msvis-vis-reader.h"

/* The legend of msprobe's reference outputs. Counts are the leaf counts of
 * tests/core/test-node-finder.c, from an independent Python script over the JSON. */

#define STAT   "cmp_stat/compare_20261121191907.vis"
#define MD5    "cmp_md5/compare_20261121191925.vis"
#define TENSOR "cmp_tensor/compare_20261121191954.vis"
#define STRUCT "cmp_struct/compare_20261121192250.vis"
#define BUILD  "build_single/build_20261121191905.vis"

/* msprobe's SUMMARY_DESCRIPTION and NOT_MATCHED (vis-format.md §4.7). */
#define SUMMARY_DESCRIPTION "此节点所有输入输出的统计量相对误差, 值越大代表测量值与标杆值的偏差越大, " \
                            "相对误差计算方式:|(测量值-标杆值)/标杆值|"
#define NOT_MATCHED "比对过程中节点未匹配上"

typedef struct
{
  GtkWidget        *window;
  MsvisLegend      *legend;
  MsvisVisDocument *doc;
  GtkWidget        *lists[3];   /* precision rows, overflow rows, metric rows */
  guint             calls;
  int               bucket;
} Fixture;

static void
bucket_activated_cb (MsvisLegend *legend,
                     int          bucket,
                     Fixture     *f)
{
  f->calls++;
  f->bucket = bucket;
}

static gboolean fixture_init_path (Fixture *f, const char *path);

static gboolean
fixture_init (Fixture    *f,
              const char *relative)
{
  g_autofree char *path = NULL;

  memset (f, 0, sizeof *f);
  if (!msvis_ui_test_require (relative, &path))
    return FALSE;
  return fixture_init_path (f, path);
}

static gboolean
fixture_init_path (Fixture    *f,
                   const char *path)
{
  GtkWidget *scroller;
  guint n = 0;

  memset (f, 0, sizeof *f);
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 700);
  f->legend = MSVIS_LEGEND (msvis_legend_new ());
  g_object_set (f->legend, "margin-top", 12, "margin-bottom", 12, "margin-start", 12,
                "margin-end", 12, NULL);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (f->legend));
  gtk_window_set_child (GTK_WINDOW (f->window), scroller);
  g_signal_connect (f->legend, "bucket-activated", G_CALLBACK (bucket_activated_cb), f);
  gtk_window_present (GTK_WINDOW (f->window));

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (f->legend));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LIST_BOX (child))
      f->lists[n++] = child;
  g_assert_cmpuint (n, ==, 3);

  if (path != NULL)
    {
      f->doc = msvis_ui_test_read (path);
      msvis_legend_set_document (f->legend, f->doc);
    }
  return TRUE;
}

static void
fixture_clear (Fixture *f)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  f->window = NULL;
  g_clear_pointer (&f->doc, msvis_vis_document_unref);
}

static guint
n_rows (GtkWidget *list)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    n++;
  return n;
}

static void
collect_labels (GtkWidget *widget,
                GString   *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child))
        g_string_append_printf (out, "%s%s", out->len ? "|" : "",
                                gtk_label_get_text (GTK_LABEL (child)));
      collect_labels (child, out);
    }
}

/* A row's labels joined with "|": label, description if any, count. */
static char *
row_text (GtkWidget *list,
          int        index)
{
  GString *out = g_string_new (NULL);

  collect_labels (GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), index)), out);
  return g_string_free (out, FALSE);
}

#define assert_row(list, index, expected)               \
  G_STMT_START {                                        \
    g_autofree char *text_ = row_text (list, index);    \
    g_assert_cmpstr (text_, ==, expected);              \
  } G_STMT_END

static GtkWidget *
label_after (Fixture  *f,
             GtkWidget *sibling)
{
  GtkWidget *next = gtk_widget_get_next_sibling (sibling);

  g_assert_true (GTK_IS_LABEL (next));
  return next;
}

static void
activate (GtkWidget *list,
          int        index)
{
  g_signal_emit_by_name (list, "row-activated",
                         gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), index));
}

static void
test_stat (void)
{
  Fixture f;
  GtkWidget *shared;

  if (!fixture_init (&f, STAT))
    return;

  /* Python: leaves per bucket 10, 1, 2, 0, 5; 3 unmatched; 1 critical overflow. */
  g_assert_cmpuint (n_rows (f.lists[0]), ==, 6);
  assert_row (f.lists[0], 0, "Relative error [0, 0.2)|10");
  assert_row (f.lists[0], 3, "Relative error [0.6, 0.8)|0");
  assert_row (f.lists[0], 4, "Relative error [0.8, 1]|5");
  /* msprobe's Chinese (NOT_MATCHED, SUMMARY_DESCRIPTION, the ToolTip) stays out of the
   * English window, as in Details: the row names and the mode sentence say it. */
  assert_row (f.lists[0], 5, "Unmatched|3");
  shared = label_after (&f, f.lists[0]);
  g_assert_false (gtk_widget_get_visible (shared));
  g_assert_null (msvis_ui_test_find_label (GTK_WIDGET (f.legend), SUMMARY_DESCRIPTION));
  g_assert_null (msvis_ui_test_find_label (GTK_WIDGET (f.legend), NOT_MATCHED));

  g_assert_true (gtk_widget_get_visible (f.lists[1]));
  g_assert_cmpuint (n_rows (f.lists[1]), ==, 3);
  assert_row (f.lists[1], 2, "Critical|"
                             "The inputs are finite, but an output holds inf or nan.|1");

  /* ToolTip: the four statistics, in msprobe's order; their Chinese texts in Chinese only. */
  g_assert_cmpuint (n_rows (f.lists[2]), ==, 4);
  assert_row (f.lists[2], 0, "Max diff");
  assert_row (f.lists[2], 3, "L2norm diff");

  /* The shapes are explained too, as the canvas draws them. */
  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (f.legend), "Shapes"));
  g_assert_true (gtk_widget_get_mapped (msvis_ui_test_find_label (GTK_WIDGET (f.legend),
                                                                  "API: one call")));
  g_assert_nonnull (msvis_ui_test_find_label (GTK_WIDGET (f.legend), "API list"));

  activate (f.lists[0], 4);
  g_assert_cmpuint (f.calls, ==, 1);
  g_assert_cmpint (f.bucket, ==, 4);
  activate (f.lists[0], 0);
  g_assert_cmpint (f.bucket, ==, 0);
  activate (f.lists[0], 5);
  g_assert_cmpint (f.bucket, ==, MSVIS_BUCKET_UNMATCHED);
  activate (f.lists[1], 2);
  g_assert_cmpint (f.bucket, ==, MSVIS_BUCKET_OVERFLOW_CRITICAL);
  activate (f.lists[2], 0);
  g_assert_cmpuint (f.calls, ==, 4);

  fixture_clear (&f);
}

static void
test_md5_and_tensor (void)
{
  Fixture f;
  g_autofree char *tensor_path = NULL;
  g_autoptr(MsvisVisDocument) tensor = NULL;

  if (!fixture_init (&f, MD5))
    return;

  /* md5's two sentences differ: each row has its own. Python: 4 same, 14 different. */
  g_assert_cmpuint (n_rows (f.lists[0]), ==, 3);
  assert_row (f.lists[0], 0, "MD5 is the same|4");
  assert_row (f.lists[0], 1, "MD5 differs|14");
  g_assert_false (gtk_widget_get_visible (label_after (&f, f.lists[0])));
  g_assert_false (gtk_widget_get_visible (f.lists[1]));   /* "OverflowCheck": false */
  g_assert_cmpuint (n_rows (f.lists[2]), ==, 1);

  /* Real data. Python: 16, 0, 0, 0, 2; 3 unmatched. */
  tensor_path = msvis_ui_test_reference (TENSOR);
  tensor = msvis_ui_test_read (tensor_path);
  g_assert_nonnull (tensor);
  msvis_legend_set_document (f.legend, tensor);
  g_assert_cmpuint (n_rows (f.lists[0]), ==, 6);
  assert_row (f.lists[0], 0, "Thousandth ratio drop [0, 0.05)|16");
  assert_row (f.lists[0], 4, "Thousandth ratio drop [0.2, 1]|2");
  g_assert_cmpuint (n_rows (f.lists[2]), ==, 5);

  fixture_clear (&f);
}

static void
test_build_and_structure (void)
{
  Fixture f;
  g_autofree char *path = NULL;
  g_autoptr(MsvisVisDocument) structure = NULL;
  GtkWidget *empty;

  if (!fixture_init (&f, BUILD))
    return;

  empty = gtk_widget_get_first_child (GTK_WIDGET (f.legend));
  g_assert_true (gtk_widget_get_visible (empty));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (empty)), ==, "A build has no precision colours.");
  g_assert_false (gtk_widget_get_visible (f.lists[0]));
  g_assert_true (gtk_widget_get_visible (f.lists[1]));
  assert_row (f.lists[1], 2, "Critical|"
                             "The inputs are finite, but an output holds inf or nan.|1");
  g_assert_false (gtk_widget_get_visible (f.lists[2]));

  /* Structure: the grey entry only, 3 unmatched; the real-data ToolTip (§4.5). */
  path = msvis_ui_test_reference (STRUCT);
  structure = msvis_ui_test_read (path);
  msvis_legend_set_document (f.legend, structure);
  g_assert_false (gtk_widget_get_visible (empty));
  g_assert_cmpuint (n_rows (f.lists[0]), ==, 1);
  assert_row (f.lists[0], 0, "Unmatched|3");
  g_assert_cmpuint (n_rows (f.lists[2]), ==, 5);

  msvis_legend_set_document (f.legend, NULL);
  g_assert_true (gtk_widget_get_visible (empty));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (empty)), ==,
                   "Open a result to see its colours.");
  g_assert_cmpuint (n_rows (f.lists[0]), ==, 0);

  fixture_clear (&f);
}

static void
show_bucket_cb (MsvisLegend    *legend,
                int             bucket,
                MsvisFindPanel *panel)
{
  msvis_find_panel_show_bucket (panel, bucket);
}

/* The window's wiring: a legend row opens its list in the find panel. */
static void
test_opens_list (void)
{
  Fixture f;
  MsvisFindPanel *panel;
  guint n = 0;

  if (!fixture_init (&f, STAT))
    return;
  panel = g_object_ref_sink (MSVIS_FIND_PANEL (msvis_find_panel_new ()));
  msvis_find_panel_set_document (panel, f.doc);
  g_signal_connect (f.legend, "bucket-activated", G_CALLBACK (show_bucket_cb), panel);

  activate (f.lists[0], 4);
  g_object_get (panel, "n-results", &n, NULL);
  g_assert_cmpuint (n, ==, 5);
  activate (f.lists[0], 5);
  g_object_get (panel, "n-results", &n, NULL);
  g_assert_cmpuint (n, ==, 3);
  activate (f.lists[1], 2);
  g_object_get (panel, "n-results", &n, NULL);
  g_assert_cmpuint (n, ==, 1);

  g_object_unref (panel);
  fixture_clear (&f);
}

static void
shoot (const char *relative,
       gboolean    dark,
       const char *name)
{
  Fixture f;
  g_autofree char *path = NULL;
  const char *suffix = g_getenv ("MSVIS_SHOT_SUFFIX");
  g_autofree char *full = g_strconcat (name, suffix ? suffix : "", NULL);

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                           : ADW_COLOR_SCHEME_FORCE_LIGHT);
  if (!fixture_init (&f, relative))
    return;
  msvis_ui_test_spin (300);
  path = msvis_ui_test_screenshot (f.window, full);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  fixture_clear (&f);
}

/* Pictures to look at: a case only when tools/screenshots.sh asks for them (MSVIS_SHOT_DIR). */
/* The number at the end of a row. */
static guint
row_count (GtkWidget *list,
           int        index)
{
  g_autofree char *text = row_text (list, index);
  const char *bar = strrchr (text, '|');

  g_assert_nonnull (bar);
  return (guint) g_ascii_strtoull (bar + 1, NULL, 10);
}

/* The Legend shows msvis_graph_summarize()'s counts, the ones `msvis inspect` prints. */
static void
assert_legend_is_summary (Fixture *f)
{
  g_autoptr(MsvisBuckets) buckets =
    msvis_buckets_new_from_colors (msvis_vis_document_get_colors (f->doc));
  MsvisGraphSummary s;
  guint n;

  msvis_graph_summarize (msvis_vis_document_get_npu (f->doc), buckets, &s);
  n = s.n_buckets;
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n_rows (f->lists[0]), ==, n + 1);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (row_count (f->lists[0], i), ==, s.bucket_counts[i]);
  g_assert_cmpuint (row_count (f->lists[0], n), ==, s.n_unmatched);
  g_assert_true (gtk_widget_get_visible (f->lists[1]));
  for (int level = MSVIS_OVERFLOW_MEDIUM; level <= MSVIS_OVERFLOW_CRITICAL; level++)
    g_assert_cmpuint (row_count (f->lists[1], level - MSVIS_OVERFLOW_MEDIUM), ==,
                      s.n_overflow[level]);
  msvis_graph_summary_clear (&s);
}

/* On a reference fixture and on the bundled sample, built as a user builds it, the Legend's
 * numbers are inspect's. */
static void
test_counts_are_inspects (void)
{
  const char *msvis = g_getenv ("MSVIS_BIN");
  g_autofree char *config = g_test_build_filename (G_TEST_DIST, "..", "data", "samples",
                                                   "compare.json", NULL);
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *err = NULL, *printed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autofree char *vis = NULL;
  const char *name;
  Fixture f;
  int status;

  if (!fixture_init (&f, STAT))
    return;
  assert_legend_is_summary (&f);
  fixture_clear (&f);

  g_assert_nonnull (msvis);   /* meson test sets it */
  g_assert_true (g_spawn_sync (NULL, (char *[]) { (char *) msvis, "graph", "-i", config, "-o",
                                                  out, "-oc", NULL },
                               NULL, 0, NULL, NULL, &printed, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  dir = g_dir_open (out, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".vis") || g_str_has_suffix (name, ".vis.db"))
      {
        g_assert_null (vis);
        vis = g_build_filename (out, name, NULL);
      }
  g_assert_nonnull (vis);
  fixture_init_path (&f, vis);
  assert_legend_is_summary (&f);
  fixture_clear (&f);
  msvis_test_remove_tree (out);
}

static void
test_screenshots (void)
{
  shoot (STAT, FALSE, "legend-stat-light");
  shoot (STAT, TRUE, "legend-stat-dark");
  shoot (MD5, FALSE, "legend-md5-light");
  shoot (BUILD, TRUE, "legend-build-dark");
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/legend/stat", test_stat);
  g_test_add_func ("/legend/md5-and-tensor", test_md5_and_tensor);
  g_test_add_func ("/legend/build-and-structure", test_build_and_structure);
  g_test_add_func ("/legend/opens-list", test_opens_list);
  g_test_add_func ("/legend/counts-are-inspects", test_counts_are_inspects);
  if (g_getenv ("MSVIS_SHOT_DIR") != NULL)
    g_test_add_func ("/legend/screenshots", test_screenshots);

  return g_test_run ();
}
