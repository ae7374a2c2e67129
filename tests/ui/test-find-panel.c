// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "msvis-find-panel.h"
#include "msvis-find-test-util.h"
#include "msvis-legend.h"
#include "msvis-node-finder.h"
#include "msvis-ui-test-util.h"

/* The find panel driven as a user would: typing, the regex toggle, the side switch, the list
 * drop-down, next and previous. Expected nodes are those of tests/core/test-node-finder.c,
 * counted there with an independent Python script over the JSON. */

#define STAT  "cmp_stat/compare_20261121191907.vis"
#define MD5   "cmp_md5/compare_20261121191925.vis"
#define BUILD "build_single/build_20261121191905.vis"

typedef struct
{
  GtkWidget        *window;
  MsvisFindPanel   *panel;
  MsvisVisDocument *doc;
  guint             calls;
  gboolean          is_bench;
  guint             node;
} Fixture;

static void
node_activated_cb (MsvisFindPanel *panel,
                   gboolean        is_bench,
                   guint           node,
                   Fixture        *f)
{
  f->calls++;
  f->is_bench = is_bench;
  f->node = node;
}

static gboolean
fixture_init (Fixture    *f,
              const char *relative)
{
  g_autofree char *path = NULL;

  memset (f, 0, sizeof *f);
  if (!msvis_ui_test_require (relative, &path))
    return FALSE;
  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 360, 700);
  f->panel = MSVIS_FIND_PANEL (msvis_find_panel_new ());
  g_object_set (f->panel, "margin-top", 12, "margin-bottom", 12, "margin-start", 12,
                "margin-end", 12, NULL);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->panel));
  g_signal_connect (f->panel, "node-activated", G_CALLBACK (node_activated_cb), f);
  gtk_window_present (GTK_WINDOW (f->window));
  if (path != NULL)
    {
      f->doc = msvis_ui_test_read (path);
      msvis_find_panel_set_document (f->panel, f->doc);
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

typedef struct
{
  GType       type;
  const char *label;
} TypeAndLabel;

static gboolean
has_type_and_label (GtkWidget     *widget,
                    gconstpointer  data)
{
  const TypeAndLabel *want = data;
  const char *text;

  if (!G_TYPE_CHECK_INSTANCE_TYPE (widget, want->type))
    return FALSE;
  text = GTK_IS_BUTTON (widget) ? gtk_button_get_label (GTK_BUTTON (widget))
       : GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget))
       : NULL;
  return want->label == NULL || g_strcmp0 (text, want->label) == 0;
}

/* The first widget below @root of @type, whose label (for a button or label) is @label. */
static GtkWidget *
find_widget (GtkWidget  *root,
             GType       type,
             const char *label)
{
  TypeAndLabel want = { type, label };
  GtkWidget *found = msvis_ui_test_find_widget (root, has_type_and_label, &want);

  return found == root ? NULL : found;
}

static guint
n_results (Fixture *f)
{
  return msvis_find_test_n_results (f->panel);
}

static guint
type (Fixture    *f,
      const char *text)
{
  return msvis_find_test_type (f->panel, text);
}

static const char *
activated_name (Fixture *f)
{
  MsvisGraph *graph = msvis_vis_document_get_graph (f->doc, f->is_bench);

  g_assert_cmpuint (f->calls, >, 0);
  return msvis_graph_node_get_id (graph, f->node);
}

/* The count: the label with the "numeric" class outside the drop-down. */
static GtkWidget *
find_count_label (GtkWidget *root)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_DROP_DOWN (child))
        continue;
      if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "numeric"))
        return child;
      if ((found = find_count_label (child)) != NULL)
        return found;
    }
  return NULL;
}

static const char *
count_text (Fixture *f)
{
  return gtk_label_get_text (GTK_LABEL (find_count_label (GTK_WIDGET (f->panel))));
}

static void
test_search (void)
{
  Fixture f;

  if (!fixture_init (&f, STAT))
    return;

  g_assert_cmpuint (type (&f, "conv2d"), ==, 9);
  g_assert_cmpuint (f.calls, ==, 0);
  g_assert_cmpstr (count_text (&f), ==, "9 nodes");

  msvis_find_panel_select_next (f.panel);
  g_assert_cmpuint (f.calls, ==, 1);
  g_assert_false (f.is_bench);
  g_assert_cmpstr (activated_name (&f), ==, "Module.conv1.Conv2d.forward.0");
  g_assert_cmpstr (count_text (&f), ==, "1 of 9 nodes");

  /* Both ends wrap. */
  msvis_find_panel_select_previous (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Module.conv1.Conv2d.parameters_grad");
  g_assert_cmpstr (count_text (&f), ==, "9 of 9 nodes");
  msvis_find_panel_select_next (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Module.conv1.Conv2d.forward.0");
  msvis_find_panel_select_next (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Functional.conv2d.0.forward");
  g_assert_cmpuint (f.calls, ==, 4);

  /* Case does not matter; nothing found says so; an empty query lists nothing. */
  g_assert_cmpuint (type (&f, "RELU"), ==, 6);
  g_assert_cmpuint (type (&f, "no such node"), ==, 0);
  g_assert_cmpstr (count_text (&f), ==, "No matches");
  msvis_find_panel_select_next (f.panel);
  g_assert_cmpuint (f.calls, ==, 4);
  g_assert_cmpuint (type (&f, ""), ==, 0);

  fixture_clear (&f);
}

static void
test_regex (void)
{
  Fixture f;
  GtkWidget *toggle, *error;

  if (!fixture_init (&f, STAT))
    return;

  toggle = find_widget (GTK_WIDGET (f.panel), GTK_TYPE_TOGGLE_BUTTON, ".*");
  g_assert_nonnull (toggle);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  g_assert_cmpuint (type (&f, "^Tensor\\.__(add|mul)__\\.\\d+\\.forward$"), ==, 2);
  msvis_find_panel_select_next (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Tensor.__add__.0.forward");

  /* An invalid pattern says why under the entry, and lists nothing. */
  g_assert_cmpuint (type (&f, "(relu"), ==, 0);
  error = gtk_widget_get_next_sibling (gtk_widget_get_first_child (GTK_WIDGET (f.panel)));
  g_assert_true (GTK_IS_LABEL (error));
  g_assert_true (gtk_widget_get_visible (error));
  g_assert_true (gtk_widget_has_css_class (error, "error"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (error)), "(relu"));

  g_assert_cmpuint (type (&f, "relu"), ==, 6);
  g_assert_false (gtk_widget_get_visible (error));

  /* Turning regex off searches the same text as a substring. */
  g_assert_cmpuint (type (&f, "\\d"), ==, 35);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  g_assert_cmpuint (n_results (&f), ==, 0);

  fixture_clear (&f);
}

static void
test_bucket_lists (void)
{
  Fixture f;
  GtkWidget *bench;

  if (!fixture_init (&f, STAT))
    return;

  msvis_find_panel_show_bucket (f.panel, 4);
  g_assert_cmpuint (n_results (&f), ==, 5);
  g_assert_cmpuint (f.calls, ==, 0);
  msvis_find_panel_select_next (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Tensor.__add__.0.forward");

  msvis_find_panel_show_bucket (f.panel, 3);
  g_assert_cmpuint (n_results (&f), ==, 0);
  g_assert_cmpstr (count_text (&f), ==, "No nodes");

  msvis_find_panel_show_bucket (f.panel, MSVIS_BUCKET_OVERFLOW_CRITICAL);
  g_assert_cmpuint (n_results (&f), ==, 1);

  msvis_find_panel_show_bucket (f.panel, MSVIS_BUCKET_UNMATCHED);
  g_assert_cmpuint (n_results (&f), ==, 3);
  msvis_find_panel_select_previous (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Torch.sum.1.forward");

  /* The Bench side keeps the list and has its own unmatched nodes. */
  bench = find_widget (GTK_WIDGET (f.panel), GTK_TYPE_TOGGLE_BUTTON, "Bench");
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_parent (gtk_widget_get_parent (bench))));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (bench), TRUE);
  g_assert_cmpuint (n_results (&f), ==, 2);
  msvis_find_panel_select_next (f.panel);
  g_assert_true (f.is_bench);
  g_assert_cmpstr (activated_name (&f), ==, "Tensor.view.1.forward");
  g_assert_cmpuint (f.node, ==, msvis_graph_lookup (msvis_vis_document_get_bench (f.doc),
                                                    "Tensor.view.1.forward"));

  /* Typing on the Bench side searches the Bench graph. */
  g_assert_cmpuint (type (&f, "view"), ==, 2);
  msvis_find_panel_select_next (f.panel);
  g_assert_true (f.is_bench);
  g_assert_cmpstr (activated_name (&f), ==, "Tensor.view.0.forward");

  /* A legend number the document has no list for changes nothing. */
  msvis_find_panel_show_bucket (f.panel, 17);
  g_assert_cmpuint (n_results (&f), ==, 2);

  fixture_clear (&f);
}

static void
test_first_divergence (void)
{
  Fixture f;
  g_autofree char *md5_path = NULL;
  g_autoptr(MsvisVisDocument) md5 = NULL;

  if (!fixture_init (&f, STAT))
    return;

  /* First in the run: the yellow ReLU, called before the red add, listed last by severity. */
  msvis_find_panel_first_divergence (f.panel);
  g_assert_cmpuint (f.calls, ==, 1);
  g_assert_cmpstr (activated_name (&f), ==, "Functional.relu.0.forward");
  g_assert_cmpuint (n_results (&f), ==, 8);
  g_assert_cmpstr (count_text (&f), ==, "8 of 8 leaf nodes");

  msvis_find_panel_first_worst (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Tensor.__add__.0.forward");
  g_assert_cmpstr (count_text (&f), ==, "1 of 8 leaf nodes");
  gtk_widget_activate_action (GTK_WIDGET (f.panel), "find.first-divergence", NULL);
  g_assert_cmpstr (activated_name (&f), ==, "Functional.relu.0.forward");
  gtk_widget_activate_action (GTK_WIDGET (f.panel), "find.first-worst", NULL);
  g_assert_cmpstr (activated_name (&f), ==, "Tensor.__add__.0.forward");

  /* Next goes on by severity: the five red leaves, then the worst of the rest. */
  for (guint i = 0; i < 5; i++)
    msvis_find_panel_select_next (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Module.relu.ReLU.backward.0");
  msvis_find_panel_first_worst (f.panel);
  msvis_find_panel_select_previous (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Functional.relu.0.forward");

  /* md5: "different" is the worst, though Colors lists it last. */
  md5_path = msvis_ui_test_reference (MD5);
  md5 = msvis_ui_test_read (md5_path);
  msvis_find_panel_set_document (f.panel, md5);
  msvis_find_panel_first_divergence (f.panel);
  g_assert_cmpuint (n_results (&f), ==, 14);
  g_assert_cmpstr (msvis_graph_node_get_id (msvis_vis_document_get_npu (md5), f.node), ==,
                   "Functional.conv2d.0.forward");

  fixture_clear (&f);
}

/* The error line under the entry: the label after the search row. */
static GtkWidget *
error_label (Fixture *f)
{
  return gtk_widget_get_next_sibling (gtk_widget_get_first_child (GTK_WIDGET (f->panel)));
}

/* Column terms typed into the entry (tests/core/test-node-query.c has the Python-made lists). */
static void
test_query_entry (void)
{
  Fixture f;
  GtkWidget *error;

  if (!fixture_init (&f, STAT))
    return;
  error = error_label (&f);

  g_assert_cmpuint (type (&f, "MaxRelativeErr>1%"), ==, 14);
  g_assert_cmpuint (type (&f, "relu maxrelativeerr>1%"), ==, 4);
  g_assert_false (gtk_widget_get_visible (error));
  msvis_find_panel_select_next (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Module.relu.ReLU.forward.0");

  /* An unknown column and a malformed number say so under the entry, and list nothing. */
  g_assert_cmpuint (type (&f, "cosin<0.9"), ==, 0);
  g_assert_true (gtk_widget_get_visible (error));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (error)), "cosin"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (error)), "MaxRelativeErr"));
  g_assert_cmpuint (type (&f, "MaxRelativeErr>1x"), ==, 0);
  g_assert_true (gtk_widget_get_visible (error));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (error)), "1x"));
  g_assert_cmpstr (count_text (&f), ==, "");
  g_assert_cmpuint (type (&f, "dtype:fp32 conv"), ==, 9);
  g_assert_false (gtk_widget_get_visible (error));

  fixture_clear (&f);
}

static gboolean
is_chip (GtkWidget     *widget,
         gconstpointer  data)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && GTK_IS_FLOW_BOX_CHILD (gtk_widget_get_parent (widget)) &&
         GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "msvis-bucket")) ==
         GPOINTER_TO_INT (data);
}

static void
toggle_chip (Fixture *f,
             int      bucket)
{
  GtkWidget *chip = msvis_ui_test_find_widget (GTK_WIDGET (f->panel), is_chip,
                                               GINT_TO_POINTER (bucket));

  g_assert_true (GTK_IS_TOGGLE_BUTTON (chip));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (chip),
                                !gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (chip)));
}

/* Several colours at once, with the Legend's counts; a search inside them; the micro step.
 * cmp_stat's NPU leaves: bucket 4 has 5, bucket 2 has 2, 3 are unmatched (test-node-finder);
 * MicroSteps is 2 and 3 of those 7 are in micro step 1 (test-node-query). */
static void
test_several_buckets (void)
{
  Fixture f;
  g_autoptr(MsvisNodeFinder) finder = NULL;

  if (!fixture_init (&f, STAT))
    return;
  finder = msvis_node_finder_new (f.doc, FALSE);

  toggle_chip (&f, 4);
  g_assert_cmpuint (n_results (&f), ==, msvis_node_finder_count (finder, 4));
  toggle_chip (&f, 2);
  g_assert_cmpuint (n_results (&f), ==, 7);
  g_assert_cmpstr (count_text (&f), ==, "7 leaf nodes");
  toggle_chip (&f, MSVIS_BUCKET_UNMATCHED);
  g_assert_cmpuint (n_results (&f), ==, 7 + msvis_node_finder_count (finder,
                                                                     MSVIS_BUCKET_UNMATCHED));
  toggle_chip (&f, MSVIS_BUCKET_UNMATCHED);
  g_assert_cmpuint (n_results (&f), ==, 7);

  /* Results stay listed while one is picked. */
  msvis_find_panel_select_next (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Tensor.__add__.0.forward");
  g_assert_cmpuint (n_results (&f), ==, 7);

  /* The graph's micro step: results of the other one go, and the count says how many. */
  msvis_find_panel_set_micro_step (f.panel, 0);
  g_assert_cmpuint (n_results (&f), ==, 4);
  g_assert_nonnull (strstr (count_text (&f), "3 in other micro steps"));
  msvis_find_panel_set_micro_step (f.panel, -1);
  g_assert_cmpuint (n_results (&f), ==, 7);

  /* Typing in the chosen colours searches inside them. */
  g_assert_cmpuint (type (&f, "linear"), >=, 2);
  for (guint i = 0; i < n_results (&f); i++)
    {
      msvis_find_panel_select_next (f.panel);
      g_assert_nonnull (strstr (activated_name (&f), "inear"));
      g_assert_true (msvis_node_finder_get_bucket (finder, f.node) == 4 ||
                     msvis_node_finder_get_bucket (finder, f.node) == 2);
    }

  /* One colour from the Legend replaces the chosen ones. */
  msvis_find_panel_show_bucket (f.panel, MSVIS_BUCKET_UNMATCHED);
  g_assert_cmpuint (n_results (&f), ==, 3);

  /* Even one colour turned on with its button keeps a search inside it; one picked from the
   * Legend gives way to the search, as before. */
  toggle_chip (&f, MSVIS_BUCKET_UNMATCHED);   /* off: the Legend's pick turned it on */
  g_assert_cmpuint (n_results (&f), ==, 0);
  toggle_chip (&f, 4);
  g_assert_cmpuint (n_results (&f), ==, 5);
  /* Python: 8 nodes named *backward* with precision_index in [0.8, 1], modules included (a
   * search finds containers); 10 named *backward* in all. */
  g_assert_cmpuint (type (&f, "backward"), ==, 8);
  g_assert_cmpuint (type (&f, ""), ==, 5);
  msvis_find_panel_show_bucket (f.panel, 4);
  g_assert_cmpuint (type (&f, "backward"), ==, 10);

  fixture_clear (&f);
}

static void
test_build (void)
{
  Fixture f;
  GtkWidget *bench;
  guint calls;

  if (!fixture_init (&f, BUILD))
    return;

  bench = find_widget (GTK_WIDGET (f.panel), GTK_TYPE_TOGGLE_BUTTON, "Bench");
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (gtk_widget_get_parent (bench))));
  calls = f.calls;
  msvis_find_panel_first_divergence (f.panel);
  gtk_widget_activate_action (GTK_WIDGET (f.panel), "find.first-divergence", NULL);
  g_assert_cmpuint (f.calls, ==, calls);

  msvis_find_panel_show_bucket (f.panel, MSVIS_BUCKET_OVERFLOW_CRITICAL);
  g_assert_cmpuint (n_results (&f), ==, 1);
  msvis_find_panel_select_next (f.panel);
  g_assert_cmpstr (activated_name (&f), ==, "Tensor.__add__.0.forward");

  g_assert_cmpuint (type (&f, "linear"), ==, 8);

  /* No document: nothing to find, nothing breaks. */
  msvis_find_panel_set_document (f.panel, NULL);
  g_assert_cmpuint (n_results (&f), ==, 0);
  msvis_find_panel_select_next (f.panel);
  msvis_find_panel_first_divergence (f.panel);

  fixture_clear (&f);
}

/* A graph large enough for the worker: 60,000 names like a real model's. */
static MsvisVisDocument *
large_document (void)
{
  MsvisVisDocument *doc = msvis_vis_document_new ();

  msvis_vis_document_set_graphs (doc, msvis_graph_new (), NULL);
  for (guint i = 0; i < 60000; i++)
    {
      g_autofree char *name =
        g_strdup_printf ("Module.language_model.encoder.layers.%u.mlp.Linear.forward.%u",
                         i / 100, i % 100);

      msvis_graph_node_attach (msvis_vis_document_get_npu (doc),
                               msvis_graph_add_node (msvis_vis_document_get_npu (doc),
                                                     MSVIS_NODE_API, name),
                               0);
    }
  return doc;
}

typedef struct
{
  guint notified;
} Count;

static void
count_cb (GObject    *object,
          GParamSpec *pspec,
          Count      *count)
{
  count->notified++;
}

static void
test_large_async (void)
{
  Fixture f;
  g_autoptr(MsvisVisDocument) doc = NULL;
  GtkWidget *toggle;
  Count count = { 0 };

  if (!fixture_init (&f, NULL))
    return;
  doc = large_document ();
  msvis_find_panel_set_document (f.panel, doc);
  toggle = find_widget (GTK_WIDGET (f.panel), GTK_TYPE_TOGGLE_BUTTON, ".*");

  /* layers.12 and layers.120 to .129: 11 layers of 100 nodes. */
  g_assert_cmpuint (type (&f, "layers.12"), ==, 1100);
  msvis_find_panel_select_next (f.panel);
  g_assert_cmpstr (msvis_graph_node_get_id (msvis_vis_document_get_npu (doc), f.node), ==,
                   "Module.language_model.encoder.layers.12.mlp.Linear.forward.0");

  /* As a regex this finds 111 layers × 11 nodes, as a substring nothing. Toggling twice
   * starts two searches on the worker; the first is cancelled, only the second arrives. */
  g_assert_cmpuint (type (&f, "layers.1.*forward.9"), ==, 0);
  g_signal_connect (f.panel, "notify::n-results", G_CALLBACK (count_cb), &count);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  msvis_ui_test_spin (500);
  g_assert_cmpuint (count.notified, ==, 1);
  g_assert_cmpuint (n_results (&f), ==, 0);

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  msvis_ui_test_spin (500);
  g_assert_cmpuint (count.notified, ==, 2);
  g_assert_cmpuint (n_results (&f), ==, 1221);

  /* Replacing the document while a search runs drops that search. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  msvis_find_panel_set_document (f.panel, NULL);
  msvis_ui_test_spin (500);
  g_assert_cmpuint (n_results (&f), ==, 0);
  g_signal_handlers_disconnect_by_func (f.panel, count_cb, &count);

  fixture_clear (&f);
}

static void
shoot (const char *relative,
       gboolean    dark,
       const char *query,
       const char *name)
{
  Fixture f;
  g_autofree char *path = NULL;

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                           : ADW_COLOR_SCHEME_FORCE_LIGHT);
  if (!fixture_init (&f, relative))
    return;
  if (query != NULL)
    {
      type (&f, query);
      msvis_find_panel_select_next (f.panel);
    }
  else
    msvis_find_panel_first_divergence (f.panel);
  msvis_ui_test_spin (300);
  path = msvis_ui_test_screenshot (f.window, name);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  fixture_clear (&f);
}

/* Pictures to look at: a case only when tools/screenshots.sh asks for them (MSVIS_SHOT_DIR). */
static void
test_screenshots (void)
{
  const char *suffix = g_getenv ("MSVIS_SHOT_SUFFIX");
  g_autofree char *light = g_strconcat ("find-panel-light", suffix ? suffix : "", NULL);
  g_autofree char *dark = g_strconcat ("find-panel-dark", suffix ? suffix : "", NULL);

  shoot (STAT, FALSE, NULL, light);
  shoot (STAT, TRUE, "relu", dark);
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/find-panel/search", test_search);
  g_test_add_func ("/find-panel/regex", test_regex);
  g_test_add_func ("/find-panel/bucket-lists", test_bucket_lists);
  g_test_add_func ("/find-panel/first-divergence", test_first_divergence);
  g_test_add_func ("/find-panel/query-entry", test_query_entry);
  g_test_add_func ("/find-panel/several-buckets", test_several_buckets);
  g_test_add_func ("/find-panel/build", test_build);
  g_test_add_func ("/find-panel/large-async", test_large_async);
  if (g_getenv ("MSVIS_SHOT_DIR") != NULL)
    g_test_add_func ("/find-panel/screenshots", test_screenshots);

  return g_test_run ();
}
