// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "msvis-graph-job.h"
#include "msvis-merge-test-util.h"
#include "msvis-node-details-private.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"

#define STAT   "cmp_stat/compare_20261121191907.vis"
#define MD5    "cmp_md5/compare_20261121191925.vis"
#define TENSOR "cmp_tensor/compare_20261121191954.vis"
#define BUILD  "build_single/build_20261121191905.vis"
#define RANKS  "cmp_ranks/compare_rank0_20261121191933.vis"

typedef struct
{
  GtkWidget        *window;
  MsvisNodeDetails *details;
  MsvisVisDocument *doc;
  MsvisNodeId       npu;
  MsvisNodeId       bench;
} Fixture;

static gboolean
fixture_init (Fixture    *f,
              const char *relative)
{
  g_autofree char *path = NULL;

  memset (f, 0, sizeof *f);
  if (!msvis_ui_test_require (relative, &path))
    return FALSE;
  if (path != NULL)
    f->doc = msvis_ui_test_read (path);

  f->window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (f->window), 480, 700);
  f->details = MSVIS_NODE_DETAILS (msvis_node_details_new ());
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->details));
  gtk_window_present (GTK_WINDOW (f->window));
  return TRUE;
}

static void
fixture_clear (Fixture *f)
{
  if (f->window != NULL)
    gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_pointer (&f->doc, msvis_vis_document_unref);
}

/* Selects an NPU node by id and its counterpart, as the window does on a click. */
static void
fixture_select (Fixture    *f,
                const char *id)
{
  MsvisCompareResults *results =
    msvis_graph_get_compare_results (msvis_vis_document_get_npu (f->doc));

  f->npu = msvis_graph_lookup (msvis_vis_document_get_npu (f->doc), id);
  g_assert_cmpuint (f->npu, !=, MSVIS_NODE_ID_NONE);
  f->bench = msvis_vis_document_is_compare (f->doc)
             ? msvis_compare_results_get_link (results, f->npu) : MSVIS_NODE_ID_NONE;
  msvis_node_details_set_node (f->details, f->doc, f->npu, f->bench);
}

static gboolean
is_settled (gpointer data)
{
  const char *state = _msvis_node_details_get_state (data);

  return g_strcmp0 (state, "loading") != 0;
}

static void
wait_settled (Fixture *f)
{
  g_assert_true (msvis_ui_test_spin_until (is_settled, f->details, 10000));
  /* Let the column view create and bind its visible cells. */
  msvis_ui_test_spin (100);
}

static const MsvisDetailsPair *
pair_at (Fixture *f,
         guint    index)
{
  MsvisDetailsData *data = _msvis_node_details_get_data (f->details);

  g_assert_nonnull (data);
  g_assert_cmpuint (index, <, data->rows->len);
  return &g_array_index (data->rows, MsvisDetailsPair, index);
}

static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  text)
{
  return g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

static gboolean
is_mapped_status (GtkWidget     *widget,
                  gconstpointer  title)
{
  return ADW_IS_STATUS_PAGE (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (adw_status_page_get_title (ADW_STATUS_PAGE (widget)), title) == 0;
}

static void
test_empty (void)
{
  Fixture f;
  g_autofree char *copied = NULL;

  if (!fixture_init (&f, NULL))
    return;

  g_assert_cmpstr (_msvis_node_details_get_state (f.details), ==, "empty");
  /* Nothing to copy: the action is disabled and leaves the clipboard alone. */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (f.details)), "before");
  gtk_widget_activate_action (GTK_WIDGET (f.details), "details.copy-table", NULL);
  copied = msvis_ui_test_dup_clipboard_text (GTK_WIDGET (f.details));
  g_assert_cmpstr (copied, ==, "before");
  fixture_clear (&f);
}

static void
test_statistics (void)
{
  Fixture f;
  MsvisDetailsData *data;
  const MsvisDetailsPair *pair;
  g_autofree char *header = NULL, *copied = NULL;
  g_auto(GStrv) lines = NULL;
  GtkWidget *worst;

  if (!fixture_init (&f, STAT))
    return;
  fixture_select (&f, "Functional.conv2d.0.forward");
  g_assert_cmpstr (_msvis_node_details_get_state (f.details), ==, "loading");
  wait_settled (&f);
  g_assert_cmpstr (_msvis_node_details_get_state (f.details), ==, "ready");

  data = _msvis_node_details_get_data (f.details);
  g_assert_cmpuint (data->n_sides, ==, 2);
  g_assert_cmpuint (data->rows->len, ==, 7);   /* 6 inputs (args and kwargs), 1 output */
  g_assert_cmpuint (data->stat_columns->len, ==, 7);   /* with the value of ints (padding) */
  g_assert_cmpstr (g_ptr_array_index (data->stat_columns, 2), ==, "Max");
  g_assert_cmpstr (g_ptr_array_index (data->stat_columns, 6), ==, "value");
  g_assert_cmpuint (data->metric_columns->len, ==, 8);
  g_assert_cmpstr (g_ptr_array_index (data->metric_columns, 0), ==, "Max diff");

  /* Paired by position, names without the node id, each side its own statistics. */
  pair = pair_at (&f, 0);
  g_assert_cmpstr (pair->sides[0].name, ==, "input.0");
  g_assert_cmpstr (pair->sides[1].name, ==, "input.0");
  g_assert_cmpstr (pair->sides[0].values[2], ==, "2.913099");
  g_assert_cmpstr (pair->sides[1].values[2], ==, "2.912354");
  g_assert_cmpstr (pair_at (&f, 5)->sides[0].name, ==, "input.padding");
  g_assert_cmpstr (pair_at (&f, 6)->sides[1].name, ==, "output.0");

  /* The largest relative error: input.0's MeanRelativeErr, 0.160742%. */
  g_assert_cmpint (data->worst_row, ==, 0);
  g_assert_cmpstr (g_ptr_array_index (data->metric_columns, data->worst_metric), ==,
                   "MeanRelativeErr");
  worst = msvis_ui_test_find_widget (GTK_WIDGET (f.details), msvis_ui_test_has_css_class, "worst");
  g_assert_nonnull (worst);
  g_assert_cmpstr (gtk_inscription_get_text (GTK_INSCRIPTION (worst)), ==, "0.160742%");
  g_assert_true (gtk_widget_has_css_class (worst, "warning"));   /* worst, yet small */
  g_assert_nonnull (msvis_ui_test_find_widget (GTK_WIDGET (f.details), msvis_ui_test_label_contains,
                                 "Largest difference: input.0, MeanRelativeErr 0.160742%"));

  /* Header tooltips come from the file's ToolTip. */
  g_assert_nonnull (msvis_ui_test_find_widget (_msvis_node_details_get_table (f.details),
                                               has_tooltip,
                                 "NPU与标杆API统计信息比对，最大值的差值"));

  header = _msvis_node_details_dup_header (f.details);
  g_assert_nonnull (strstr (header, "Functional.conv2d.0.forward\nAPI · NPU\n"));
  /* Four significant digits for a reader, not Python's seventeen. */
  g_assert_nonnull (strstr (header, "0.0002977  [0, 0.2)"));
  /* The file's Chinese description of the colour stays out of the English window. */
  for (const char *p = header; *p != '\0'; p = g_utf8_next_char (p))
    g_assert_cmpuint (g_utf8_get_char (p), <, 0x2E80);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.details), "details.copy-table",
                                             NULL));
  copied = msvis_ui_test_dup_clipboard_text (GTK_WIDGET (f.details));
  lines = g_strsplit (copied, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 1 + 2 * 7 + 1);
  g_assert_cmpstr (lines[0], ==, "Name\tSide\tdtype\tshape\tMax\tMin\tMean\tNorm\tvalue\tMax diff\t"
                   "Min diff\tMean diff\tL2norm diff\tMaxRelativeErr\tMinRelativeErr\t"
                   "MeanRelativeErr\tNormRelativeErr");
  g_assert_cmpstr (lines[1], ==, "input.0\tNPU\ttorch.float32\t[2, 3, 4, 4]\t2.913099\t"
                   "-2.49179\t0.107673\t11.126663\t\t0.000746\t-7.700920e-05\t0.000173\t"
                   "-0.000281\t0.025607%\t0.003091%\t0.160742%\t0.002524%");
  g_assert_cmpstr (lines[2], ==, "input.0\tBench\ttorch.float32\t[2, 3, 4, 4]\t2.912354\t"
                   "-2.491713\t0.1075\t11.126943\t\t\t\t\t\t\t\t\t");
  /* None, as msprobe writes it, is a value: that line was blank. */
  g_assert_cmpstr (lines[9], ==, "input.4\tNPU\t\t\t\t\t\t\tnull\t\t\t\t\t\t\t\t");
  fixture_clear (&f);
}

static gboolean
is_ctrl_c_copy (GtkWidget     *widget,
                gconstpointer  data)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) ctrl_c = gtk_keyval_trigger_new (GDK_KEY_c,
                                                                 GDK_CONTROL_MASK);

  if (widget != data)
    return FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), ctrl_c) &&
              GTK_IS_NAMED_ACTION (action) &&
              strcmp (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                      "details.copy-table") == 0)
            return TRUE;
        }
    }
  return FALSE;
}

static void
test_sort_and_shortcut (void)
{
  Fixture f;
  GtkColumnView *view;
  GListModel *columns, *rows;
  g_autoptr(GtkColumnViewColumn) max = NULL;
  g_autofree char *copied = NULL;
  g_auto(GStrv) lines = NULL;

  if (!fixture_init (&f, STAT))
    return;
  fixture_select (&f, "Functional.conv2d.0.forward");
  wait_settled (&f);

  g_assert_true (is_ctrl_c_copy (GTK_WIDGET (f.details), f.details));

  view = GTK_COLUMN_VIEW (_msvis_node_details_get_table (f.details));
  columns = gtk_column_view_get_columns (view);
  max = g_list_model_get_item (columns, 4);
  g_assert_cmpstr (gtk_column_view_column_get_title (max), ==, "Max");
  gtk_column_view_sort_by_column (view, max, GTK_SORT_DESCENDING);

  /* Whole pairs move and numbers sort as numbers. GtkColumnView inverts the whole order
   * for descending, so the stat-less None argument sorts last ascending and first
   * descending. */
  rows = _msvis_node_details_get_rows (f.details);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 7);
  gtk_widget_activate_action (GTK_WIDGET (f.details), "details.copy-table", NULL);
  copied = msvis_ui_test_dup_clipboard_text (GTK_WIDGET (f.details));
  lines = g_strsplit (copied, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[1], "input.4\tNPU\t"));
  g_assert_true (g_str_has_prefix (lines[3], "input.0\tNPU\ttorch.float32\t[2, 3, 4, 4]\t2.91"));
  g_assert_true (g_str_has_prefix (lines[4], "input.0\tBench\t"));
  g_assert_true (g_str_has_prefix (lines[5], "output.0\tNPU\t"));
  g_assert_true (g_str_has_prefix (lines[13], "input.2\tNPU\t"));

  gtk_column_view_sort_by_column (view, max, GTK_SORT_ASCENDING);
  g_clear_pointer (&copied, g_free);
  g_clear_pointer (&lines, g_strfreev);
  gtk_widget_activate_action (GTK_WIDGET (f.details), "details.copy-table", NULL);
  copied = msvis_ui_test_dup_clipboard_text (GTK_WIDGET (f.details));
  lines = g_strsplit (copied, "\n", -1);
  g_assert_true (g_str_has_prefix (lines[1], "input.2\tNPU\t"));
  /* Equal values keep file order: input.3 before input.padding. */
  g_assert_true (g_str_has_prefix (lines[5], "input.3\tNPU\t"));
  g_assert_true (g_str_has_prefix (lines[7], "input.padding\tNPU\t"));
  g_assert_true (g_str_has_prefix (lines[13], "input.4\tNPU\t"));
  fixture_clear (&f);
}

typedef struct
{
  guint    count;
  gboolean is_bench;
  guint    node;
  gint     rank;
  char    *name;
} Activated;

static void
node_activated_cb (MsvisNodeDetails *details,
                   gboolean          is_bench,
                   guint             node,
                   Activated        *a)
{
  a->count++;
  a->is_bench = is_bench;
  a->node = node;
}

static void
rank_node_activated_cb (MsvisNodeDetails *details,
                        gint              rank,
                        const char       *name,
                        Activated        *a)
{
  a->count++;
  a->rank = rank;
  g_free (a->name);
  a->name = g_strdup (name);
}

/* Follows the first link of the shown label whose markup contains @needle, as a click does. */
static void
follow_link (Fixture    *f,
             const char *needle)
{
  GtkWidget *label = msvis_ui_test_find_label (GTK_WIDGET (f->details), needle);
  const char *markup, *start, *end;
  g_autofree char *uri = NULL;
  gboolean handled = FALSE;

  g_assert_nonnull (label);
  markup = gtk_label_get_label (GTK_LABEL (label));
  start = strstr (markup, needle);   /* needles are the start of a link's href */
  end = strchr (start, '"');
  uri = g_strndup (start, end - start);
  g_signal_emit_by_name (label, "activate-link", uri, &handled);
  g_assert_true (handled);
}

static void
test_header_overflow (void)
{
  Fixture f;
  Activated a = { 0 };
  g_autofree char *header = NULL, *copied = NULL;

  if (!fixture_init (&f, STAT))
    return;
  fixture_select (&f, "Tensor.__add__.0.forward");
  wait_settled (&f);

  header = _msvis_node_details_dup_header (f.details);
  g_assert_nonnull (strstr (header, "Overflow: Critical\n"));
  g_assert_nonnull (strstr (header, "Precision: 1  [0.8, 1]\n"));
  g_assert_nonnull (strstr (header, "Matched with: Tensor.__add__.0.forward\n"));
  g_assert_null (strstr (header, "Micro step"));   /* only root children have one */

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f.details), "details.copy-name", NULL));
  copied = msvis_ui_test_dup_clipboard_text (GTK_WIDGET (f.details));
  g_assert_cmpstr (copied, ==, "Tensor.__add__.0.forward");

  /* The counterpart is a link to the Bench node. */
  g_signal_connect (f.details, "node-activated", G_CALLBACK (node_activated_cb), &a);
  follow_link (&f, "node:b:");
  g_assert_cmpuint (a.count, ==, 1);
  g_assert_true (a.is_bench);
  g_assert_cmpuint (a.node, ==, f.bench);
  fixture_clear (&f);
}

static void
test_md5 (void)
{
  Fixture f;
  MsvisDetailsData *data;
  g_autofree char *header = NULL;

  if (!fixture_init (&f, MD5))
    return;
  fixture_select (&f, "Functional.conv2d.0.forward");
  wait_settled (&f);

  data = _msvis_node_details_get_data (f.details);
  g_assert_cmpstr (g_ptr_array_index (data->stat_columns, data->stat_columns->len - 1), ==,
                   "md5");
  g_assert_cmpuint (data->metric_columns->len, ==, 1);
  g_assert_cmpstr (pair_at (&f, 0)->sides[0].values[data->stat_columns->len - 1], ==,
                   "70098d35");
  /* The first item whose md5 differs. */
  g_assert_cmpint (data->worst_row, ==, 0);
  g_assert_cmpstr (pair_at (&f, 0)->metrics[0], ==, "Different");
  header = _msvis_node_details_dup_header (f.details);
  g_assert_nonnull (strstr (header, "md5: Different from the benchmark\n"));
  fixture_clear (&f);
}

static void
test_real_data (void)
{
  Fixture f;
  MsvisDetailsData *data;

  if (!fixture_init (&f, TENSOR))
    return;
  fixture_select (&f, "Functional.conv2d.0.forward");
  wait_settled (&f);

  data = _msvis_node_details_get_data (f.details);
  g_assert_cmpuint (data->metric_columns->len, ==, 6);
  g_assert_cmpstr (g_ptr_array_index (data->metric_columns, 0), ==, "Cosine");
  g_assert_cmpstr (g_ptr_array_index (data->metric_columns, 5), ==,
                   "Five Thousandths Err Ratio");
  g_assert_cmpstr (pair_at (&f, 3)->metrics[0], ==, "unsupported");
  /* output.0: MaxRelativeErr 0.602406 outweighs 1 - 0.507812. */
  g_assert_cmpint (data->worst_row, ==, 6);
  g_assert_cmpstr (g_ptr_array_index (data->metric_columns, data->worst_metric), ==,
                   "MaxRelativeErr");
  /* The frame is inside site-packages. */
  g_assert_nonnull (data->stacks[0]);
  g_assert_nonnull (strstr (data->stacks[0][0], "site-packages/torch/nn/modules/conv.py"));
  fixture_clear (&f);
}

static void
test_build (void)
{
  Fixture f;
  MsvisDetailsData *data;
  g_autofree char *header = NULL, *copied = NULL;
  GListModel *columns;

  if (!fixture_init (&f, BUILD))
    return;
  g_assert_false (msvis_vis_document_is_compare (f.doc));
  fixture_select (&f, "Module.conv1.Conv2d.forward.0");
  wait_settled (&f);

  data = _msvis_node_details_get_data (f.details);
  g_assert_cmpuint (data->n_sides, ==, 1);
  g_assert_cmpuint (data->metric_columns->len, ==, 0);
  g_assert_null (data->stacks[1]);
  g_assert_cmpstr (pair_at (&f, 1)->sides[0].name, ==, "parameters.weight");
  columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (
                                           _msvis_node_details_get_table (f.details)));
  g_assert_cmpuint (g_list_model_get_n_items (columns), ==, 1 + 6);

  header = _msvis_node_details_dup_header (f.details);
  g_assert_null (strstr (header, "Matched with"));
  g_assert_null (strstr (header, "Precision"));
  g_assert_nonnull (strstr (header, "\nModule\nMicro step: 0\n"));

  gtk_widget_activate_action (GTK_WIDGET (f.details), "details.copy-table", NULL);
  copied = msvis_ui_test_dup_clipboard_text (GTK_WIDGET (f.details));
  g_assert_true (g_str_has_prefix (copied, "Name\tdtype\tshape\tMax\tMin\tMean\tNorm\n"
                                           "input.0\ttorch.float32\t[2, 3, 4, 4]\t"));

  /* An API list has no items of its own: the table says so instead of showing headers. */
  fixture_select (&f, "Apis_Between_Modules.0");
  wait_settled (&f);
  g_assert_cmpuint (_msvis_node_details_get_data (f.details)->rows->len, ==, 0);
  g_assert_nonnull (msvis_ui_test_find_widget (GTK_WIDGET (f.details), is_mapped_status,
                                               "No Inputs or Outputs"));
  fixture_clear (&f);
}

/* A new selection cancels the load of the previous one, whose result never shows. */
static void
test_cancel_and_replace (void)
{
  Fixture f;
  g_autofree char *header = NULL;
  MsvisNodeId first;

  if (!fixture_init (&f, STAT))
    return;
  fixture_select (&f, "Module.conv1.Conv2d.forward.0");
  first = f.npu;
  fixture_select (&f, "Functional.linear.0.forward");
  g_assert_cmpuint (first, !=, f.npu);
  wait_settled (&f);
  g_assert_cmpstr (_msvis_node_details_get_state (f.details), ==, "ready");
  msvis_ui_test_spin (200);   /* the first job's callback has run by now, and said nothing */

  header = _msvis_node_details_dup_header (f.details);
  g_assert_true (g_str_has_prefix (header, "Functional.linear.0.forward\n"));
  g_assert_cmpstr (pair_at (&f, 0)->sides[0].name, ==, "input.0");
  g_assert_cmpuint (_msvis_node_details_get_data (f.details)->rows->len, ==, 4);

  /* Clearing while a load runs: the panel stays empty. */
  fixture_select (&f, "Module.conv1.Conv2d.forward.0");
  msvis_node_details_set_node (f.details, NULL, MSVIS_NODE_ID_NONE, MSVIS_NODE_ID_NONE);
  msvis_ui_test_spin (300);
  g_assert_cmpstr (_msvis_node_details_get_state (f.details), ==, "empty");
  g_assert_null (_msvis_node_details_get_data (f.details));
  fixture_clear (&f);
}

/* A .vis whose hierarchy reads fine and whose node data is broken: the reader only finds out
 * when the panel asks, on the worker. */
static void
test_broken_document (void)
{
  Fixture f;
  g_autofree char *path = msvis_ui_test_reference (STAT);
  g_autofree char *contents = NULL, *dir = NULL, *broken = NULL;
  const char *error;
  char *at;
  gsize length;

  if (!fixture_init (&f, NULL))
    return;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  at = strstr (contents, "\"Max\": \"2.913099\"");
  g_assert_nonnull (at);
  memcpy (at, "\"Max\": [2.913099]", strlen ("\"Max\": [2.913099]"));
  dir = msvis_test_make_dir ();
  broken = g_build_filename (dir, "broken.vis", NULL);
  g_assert_true (g_file_set_contents (broken, contents, length, NULL));
  f.doc = msvis_ui_test_read (broken);

  /* The first "Max": "2.913099" is the input of the first module. */
  fixture_select (&f, "Module.conv1.Conv2d.forward.0");
  wait_settled (&f);
  g_assert_cmpstr (_msvis_node_details_get_state (f.details), ==, "error");
  error = _msvis_node_details_get_error (f.details);
  g_test_message ("error shown: %s", error);
  g_assert_nonnull (strstr (error, "broken.vis"));
  g_assert_null (_msvis_node_details_get_data (f.details));
  g_free (msvis_ui_test_screenshot (f.window, "node-details-error"));

  /* The panel recovers with the next, readable node. */
  fixture_select (&f, "Tensor.__add__.0.forward");
  wait_settled (&f);
  g_assert_cmpstr (_msvis_node_details_get_state (f.details), ==, "ready");
  fixture_clear (&f);
}

static void
test_distributed (void)
{
  Fixture f;
  Activated a = { 0 };
  g_autofree char *header = NULL;

  if (!fixture_init (&f, RANKS))
    return;
  fixture_select (&f, "Distributed.send.0.forward");
  wait_settled (&f);

  header = _msvis_node_details_dup_header (f.details);
  g_assert_nonnull (strstr (header, "Communication: Rank 1: Distributed.recv.0.forward (send, 0)"));
  g_signal_connect (f.details, "rank-node-activated", G_CALLBACK (rank_node_activated_cb), &a);
  follow_link (&f, "rank:1:");
  g_assert_cmpuint (a.count, ==, 1);
  g_assert_cmpint (a.rank, ==, 1);
  g_assert_cmpstr (a.name, ==, "Distributed.recv.0.forward");
  g_free (a.name);
  fixture_clear (&f);
}

/* parallel_merge_info naming nodes of the graph: its words become links. */
static void
test_merge_info (void)
{
  Fixture f;
  Activated a = { 0 };
  MsvisJsonValue *info;
  MsvisNodeId target;
  g_autofree char *header = NULL;

  if (!fixture_init (&f, BUILD))
    return;
  target = msvis_graph_lookup (msvis_vis_document_get_npu (f.doc), "Functional.conv2d.0.forward");
  info = msvis_json_value_new (msvis_vis_document_get_arena (f.doc), MSVIS_JSON_ARRAY);
  msvis_json_value_append (info, msvis_json_value_new_string (msvis_vis_document_get_arena (f.doc),
    "This data is the merged data after tensor parallelism(TP), and the data is merged from "
    "rank [0, 1]."));
  msvis_json_value_append (info, msvis_json_value_new_string (msvis_vis_document_get_arena (f.doc),
    "Merged with (Functional.conv2d.0.forward), see <here> & there."));
  msvis_graph_node_set_merge_info (msvis_vis_document_get_npu (f.doc),
                                   msvis_graph_lookup (msvis_vis_document_get_npu (f.doc),
                                                                   "Module.conv1.Conv2d.forward.0"),
                                   info);
  fixture_select (&f, "Module.conv1.Conv2d.forward.0");
  wait_settled (&f);

  header = _msvis_node_details_dup_header (f.details);
  g_assert_nonnull (strstr (header, "merged from rank [0, 1].\nMerged with "
                                    "(Functional.conv2d.0.forward), see <here> & there.\n"));
  g_signal_connect (f.details, "node-activated", G_CALLBACK (node_activated_cb), &a);
  follow_link (&f, "node:n:");
  g_assert_cmpuint (a.count, ==, 1);
  g_assert_false (a.is_bench);
  g_assert_cmpuint (a.node, ==, target);
  fixture_clear (&f);
}

/* A compare merged from a TP=2 PP=2 run made here: rank 2's APIs come into rank 0's graph
 * as Torch.matmul_rank2.…, their statistics merged with rank 3's. */
static MsvisVisDocument *
read_merged_compare (void)
{
  g_autofree char *npu = msvis_test_make_dir ();
  g_autofree char *bench = msvis_test_make_dir ();
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (dir, "compare.json", NULL);
  g_autofree char *json = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;
  MsvisGraphJob job = { config, out, FALSE, FALSE, FALSE, NULL, "T" };

  for (guint r = 0; r < 4; r++)
    {
      merge_test_write_stage (npu, r, r >= 2);
      merge_test_write_stage (bench, r, r >= 2);
    }
  json = g_strdup_printf ("{\"npu_path\": \"%s\", \"bench_path\": \"%s\", "
                          "\"parallel_merge\": {\"npu\": {\"rank_size\": 4, \"tp\": 2, \"pp\": 2}, "
                          "\"bench\": {\"rank_size\": 4, \"tp\": 2, \"pp\": 2}}}", npu, bench);
  msvis_test_write (dir, "compare.json", json, -1);
  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 1);
  return msvis_ui_test_read (g_ptr_array_index (written, 0));
}

/* A merged graph: the rank a node came from, or the ranks it was merged from, and msprobe's
 * sentences about it (in the user's language; English reads as msprobe wrote). */
static void
test_merged_ranks (void)
{
  Fixture f;
  Activated a = { 0 };
  g_autofree char *header = NULL, *own = NULL;

  if (!fixture_init (&f, NULL))
    return;
  f.doc = read_merged_compare ();
  fixture_select (&f, "Torch.matmul_rank2.0.forward");
  wait_settled (&f);
  header = _msvis_node_details_dup_header (f.details);
  g_assert_nonnull (strstr (header, "From rank: NPU Rank 2\nBench Rank 2\n"));
  /* The rank is a link to the node in rank 2's own graph, under its name there. */
  g_signal_connect (f.details, "rank-node-activated", G_CALLBACK (rank_node_activated_cb), &a);
  follow_link (&f, "rank:2:");
  g_assert_cmpuint (a.count, ==, 1);
  g_assert_cmpint (a.rank, ==, 2);
  g_assert_cmpstr (a.name, ==, "Torch.matmul.0.forward");
  g_assert_nonnull (strstr (header, "Parallel merge: NPU This data is the merged data after "
                                    "tensor parallelism(TP), and the data is merged from rank "
                                    "[2, 3].\nNPU The Max value merging method for input.0 is: "
                                    "max(4.0, 5.0) = 5.0\n"));

  fixture_select (&f, "Torch.matmul.0.forward");
  wait_settled (&f);
  own = _msvis_node_details_dup_header (f.details);
  g_assert_nonnull (strstr (own, "From rank: NPU Merged from ranks 0, 1\n"
                                 "Bench Merged from ranks 0, 1\n"));
  /* Each rank merged from is a link to the node of the same name there. */
  follow_link (&f, "rank:1:");
  g_assert_cmpuint (a.count, ==, 2);
  g_assert_cmpint (a.rank, ==, 1);
  g_assert_cmpstr (a.name, ==, "Torch.matmul.0.forward");
  g_free (a.name);
  fixture_clear (&f);
}

static gboolean
is_view_stack (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_STACK (widget) && gtk_stack_get_child_by_name (GTK_STACK (widget), "stack");
}

static void
shoot (Fixture    *f,
       const char *name)
{
  const char *language = g_getenv ("LANGUAGE");
  g_autofree char *full = NULL;
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (guint dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                      : ADW_COLOR_SCHEME_FORCE_LIGHT);
      msvis_ui_test_spin (300);
      g_free (full);
      full = g_strdup_printf ("node-details-%s-%s%s%s", name, dark ? "dark" : "light",
                              language ? "-" : "", language ? language : "");
      g_free (msvis_ui_test_screenshot (f->window, full));
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* Pictures to look at: a case only when tools/screenshots.sh asks for them (MSVIS_SHOT_DIR). */
static void
test_screenshots (void)
{
  static const struct {
    const char *file, *node, *name, *page;
    double      scroll;   /* of the table, as a fraction of its width */
  } shots[] = {
    { STAT, "Functional.conv2d.0.forward", "stat", "table", 0. },
    { STAT, "Functional.conv2d.0.forward", "stat-metrics", "table", 1. },
    { STAT, "Module.conv1.Conv2d.forward.0", "stat-stack", "stack", 0. },
    { STAT, "Tensor.__add__.0.forward", "overflow", "table", 0.6 },
    { MD5, "Functional.conv2d.0.forward", "md5", "table", 1. },
    { TENSOR, "Functional.conv2d.0.forward", "tensor", "table", 0. },
    { BUILD, "Module.conv1.Conv2d.forward.0", "build", "table", 0. },
    { RANKS, "Distributed.send.0.forward", "ranks", "table", 0. },
  };

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      Fixture f;
      GtkWidget *stack;

      if (!fixture_init (&f, shots[i].file))
        return;
      fixture_select (&f, shots[i].node);
      wait_settled (&f);
      stack = msvis_ui_test_find_widget (GTK_WIDGET (f.details), is_view_stack, NULL);
      gtk_stack_set_visible_child_name (GTK_STACK (stack), shots[i].page);
      if (shots[i].scroll > 0.)
        {
          GtkWidget *scroller = gtk_widget_get_ancestor (_msvis_node_details_get_table (f.details),
                                                         GTK_TYPE_SCROLLED_WINDOW);
          GtkAdjustment *h = gtk_scrolled_window_get_hadjustment (GTK_SCROLLED_WINDOW (scroller));

          gtk_adjustment_set_value (h, shots[i].scroll * (gtk_adjustment_get_upper (h) -
                                                          gtk_adjustment_get_page_size (h)));
        }
      shoot (&f, shots[i].name);
      fixture_clear (&f);
    }

  {
    Fixture f;

    if (!fixture_init (&f, NULL))
      return;
    f.doc = read_merged_compare ();
    fixture_select (&f, "Torch.matmul_rank2.0.forward");
    wait_settled (&f);
    shoot (&f, "merged");
    fixture_clear (&f);
  }
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/node-details/empty", test_empty);
  g_test_add_func ("/node-details/statistics", test_statistics);
  g_test_add_func ("/node-details/sort-and-shortcut", test_sort_and_shortcut);
  g_test_add_func ("/node-details/header-overflow", test_header_overflow);
  g_test_add_func ("/node-details/md5", test_md5);
  g_test_add_func ("/node-details/real-data", test_real_data);
  g_test_add_func ("/node-details/build", test_build);
  g_test_add_func ("/node-details/cancel-and-replace", test_cancel_and_replace);
  g_test_add_func ("/node-details/broken-document", test_broken_document);
  g_test_add_func ("/node-details/distributed", test_distributed);
  g_test_add_func ("/node-details/merge-info", test_merge_info);
  g_test_add_func ("/node-details/merged-ranks", test_merged_ranks);
  if (g_getenv ("MSVIS_SHOT_DIR") != NULL)
    g_test_add_func ("/node-details/screenshots", test_screenshots);

  return g_test_run ();
}
