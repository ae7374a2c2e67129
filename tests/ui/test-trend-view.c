// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <math.h>
#include <sqlite3.h>
#include <string.h>

#include "msvis-test-util.h"
#include "msvis-trend-window.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The trend view as a user meets it: a .trend.db opened from the graph window, a run folder
 * made into one in the background, the heat map's pixels against the database's rows (read
 * here with plain SQL), a cell double-clicked into the graph of its rank and step with its node
 * selected, and a foreign database refused with a message. */

#define L0_NODE "Module.module.module.language_model.encoder.layers.0.self_attention.dense." \
                "RowParallelLinear"

static char *
fixture (const char *first,
         ...)
{
  GPtrArray *parts = g_ptr_array_new ();
  const char *part;
  va_list args;
  char *path;

  g_ptr_array_add (parts, (gpointer) g_test_get_dir (G_TEST_DIST));
  g_ptr_array_add (parts, (gpointer) "data");
  g_ptr_array_add (parts, (gpointer) "reference-trend-2026");
  va_start (args, first);
  for (part = first; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer) part);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  path = g_build_filenamev ((char **)parts->pdata);
  g_ptr_array_unref (parts);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  return path;
}

static gboolean
trend_window_shown (gpointer data)
{
  return msvis_ui_test_find_toplevel (MSVIS_TYPE_TREND_WINDOW) != NULL;
}

static gboolean
trend_ready (gpointer data)
{
  MsvisTrendWindow *window = data;
  MsvisTrendView *view = msvis_trend_window_get_view (window);

  return !msvis_trend_window_is_busy (window) && msvis_trend_view_get_reader (view) != NULL &&
         msvis_trend_heatmap_get_slice (msvis_trend_view_get_heatmap (view)) != NULL &&
         gtk_widget_get_width (GTK_WIDGET (msvis_trend_view_get_heatmap (view))) > 400;
}

/* The colour the cell's fill has on screen, away from its marks (which sit at the centre and
 * the top right corner). */
static void
pixel (GdkTexture *texture,
       guchar     *data,
       double      x,
       double      y,
       GdkRGBA    *rgba)
{
  gsize stride = gdk_texture_get_width (texture) * 4;
  guchar *p = data + (gsize)floor (y) * stride + (gsize)floor (x) * 4;
  guint32 v = *(guint32 *)p;        /* CAIRO_FORMAT_ARGB32, native endian */

  rgba->red = ((v >> 16) & 0xff) / 255.;
  rgba->green = ((v >> 8) & 0xff) / 255.;
  rgba->blue = (v & 0xff) / 255.;
}

/* Every visible module row of the map with @dim fixed: its value equals the database's, and its
 * pixels have the colour of that value (or none where the database has no row). */
static guint
check_map (MsvisTrendView *view,
           sqlite3        *db,
           const char     *where)
{
  MsvisTrendHeatmap *map = msvis_trend_view_get_heatmap (view);
  const MsvisTrendSlice *slice = msvis_trend_heatmap_get_slice (map);
  MsvisTrendRows *rows = msvis_trend_heatmap_get_rows (map);
  g_autoptr(GdkTexture) texture = msvis_ui_test_render (GTK_WIDGET (map));
  g_autofree guchar *data = g_malloc ((gsize)gdk_texture_get_width (texture) * 4
                                      * gdk_texture_get_height (texture));
  guint checked = 0;

  gdk_texture_download (texture, data, (gsize)gdk_texture_get_width (texture) * 4);
  for (guint r = 0; r < msvis_trend_rows_n_visible (rows) && r < 20; r++)
    for (guint x = 0; x < slice->x->len; x++)
      {
        const MsvisTrendRow *row = msvis_trend_rows_visible (rows, r);
        sqlite3_stmt *stmt = NULL;
        double value, wx, wy;
        MsvisTrendCell kind;
        GdkRGBA want, got;

        if (row->target < 0)
          continue;
        msvis_trend_rows_cell (rows, slice, row, x, &value, &kind);
        g_assert_cmpint (sqlite3_prepare_v2 (db, where, -1, &stmt, NULL), ==, SQLITE_OK);
        sqlite3_bind_int64 (stmt, 1, g_array_index (slice->x, gint64, x));
        sqlite3_bind_int64 (stmt, 2, g_array_index (slice->y, gint64, row->target));
        if (sqlite3_step (stmt) != SQLITE_ROW)
          g_assert_cmpint (kind, ==, MSVIS_TREND_CELL_GAP);
        else if (sqlite3_column_type (stmt, 0) == SQLITE_NULL)
          g_assert_cmpint (kind, ==, MSVIS_TREND_CELL_NAN);
        else
          g_assert_true (value == sqlite3_column_double (stmt, 0));
        sqlite3_finalize (stmt);
        g_assert_true (msvis_trend_heatmap_cell_center (map, x, r, &wx, &wy));
        if (wy + 10 > gtk_widget_get_height (GTK_WIDGET (map)) || kind == MSVIS_TREND_CELL_GAP)
          continue;
        msvis_trend_colour (msvis_trend_heatmap_get_scale (map), value, kind, &want);
        pixel (texture, data, wx, wy - 5, &got);
        g_assert_cmpfloat_with_epsilon (got.red, want.red, 2.5 / 255);
        g_assert_cmpfloat_with_epsilon (got.green, want.green, 2.5 / 255);
        g_assert_cmpfloat_with_epsilon (got.blue, want.blue, 2.5 / 255);
        checked++;
      }
  return checked;
}

/* The cells of the map that show a value (all modules, unfolded), and the rows they come from. */
static guint
count_cells (MsvisTrendView *view)
{
  MsvisTrendHeatmap *map = msvis_trend_view_get_heatmap (view);
  const MsvisTrendSlice *slice = msvis_trend_heatmap_get_slice (map);
  MsvisTrendRows *rows = msvis_trend_heatmap_get_rows (map);
  guint n = 0;

  for (guint r = 0; r < msvis_trend_rows_n_visible (rows); r++)
    for (guint x = 0; x < slice->x->len; x++)
      {
        double value;
        MsvisTrendCell kind;

        if (msvis_trend_rows_visible (rows, r)->target < 0)
          continue;
        msvis_trend_rows_cell (rows, slice, msvis_trend_rows_visible (rows, r), x, &value, &kind);
        n += kind != MSVIS_TREND_CELL_GAP;
      }
  return n;
}

static guint
count_rows (sqlite3    *db,
            const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  guint n;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = (guint)sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  g_assert_cmpuint (n, >, 0);
  return n;
}

static MsvisTrendWindow *
open_trend_db (const char *path)
{
  MsvisWindow *window = msvis_window_new (NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  MsvisTrendWindow *trend;

  gtk_window_present (GTK_WINDOW (window));
  msvis_window_open (window, file);
  g_assert_true (msvis_ui_test_spin_until (trend_window_shown, NULL, 5000));
  trend = MSVIS_TREND_WINDOW (msvis_ui_test_find_toplevel (MSVIS_TYPE_TREND_WINDOW));
  gtk_window_set_default_size (GTK_WINDOW (trend), 1280, 720);
  g_assert_true (msvis_ui_test_spin_until (trend_ready, trend, 5000));
  return trend;
}

static void
test_cells_equal_database (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  MsvisTrendWindow *trend;
  MsvisTrendView *view;
  sqlite3 *db = NULL;
  guint checked = 0;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  path = fixture ("out", "l0-3s2r", "dump_data.trend.db", NULL);
  trend = open_trend_db (path);
  view = msvis_trend_window_get_view (trend);
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);

  /* the default map: forward norm, rank 0 fixed, steps across */
  checked += check_map (view, db, "SELECT norm FROM trend_data WHERE metric_id = 1 AND rank = 0 "
                        "AND step = ?1 AND target_id = ?2");
  g_assert_cmpuint (count_cells (view), ==,
                    count_rows (db, "SELECT count(*) FROM trend_data WHERE metric_id = 1 AND "
                                "rank = 0"));
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (trend), "trend-step"));
  g_assert_true (msvis_trend_view_show (view, 1, "max", MSVIS_TREND_DIM_RANK, 1, &error));
  g_assert_no_error (error);
  msvis_ui_test_spin (200);
  g_assert_cmpuint (count_cells (view), ==,
                    count_rows (db, "SELECT count(*) FROM trend_data WHERE metric_id = 2 AND "
                                "rank = 1"));
  checked += check_map (view, db, "SELECT max FROM trend_data WHERE metric_id = 2 AND rank = 1 "
                        "AND step = ?1 AND target_id = ?2");
  g_assert_true (msvis_trend_view_show (view, 0, "mean", MSVIS_TREND_DIM_MODULE, 5, &error));
  g_assert_no_error (error);
  msvis_ui_test_spin (200);
  checked += check_map (view, db, "SELECT mean FROM trend_data WHERE metric_id = 1 AND "
                        "target_id = 5 AND step = ?1 AND rank = ?2");
  sqlite3_close (db);
  g_assert_cmpuint (checked, >, 40);
  gtk_window_destroy (GTK_WINDOW (trend));
}

/* The trend fixture's dumps, with the stack.json a graph build needs (data2db never reads it). */
static char *
copy_run (const char *run)
{
  char *dir = msvis_test_make_dir ();
  const char *argv[] = { "cp", "-r", run, dir, NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *copy = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, NULL,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);
  copy = g_build_filename (dir, "l0-3s2r", NULL);
  for (int s = 0; s < 3; s++)
    for (int r = 0; r < 2; r++)
      {
        g_autofree char *step = g_strdup_printf ("step%d", s);
        g_autofree char *rank = g_strdup_printf ("rank%d", r);
        g_autofree char *stack = g_build_filename (copy, step, rank, "stack.json", NULL);

        g_assert_true (g_file_set_contents (stack, "{}", -1, NULL));
      }
  return dir;
}

static gboolean
graph_selected (gpointer data)
{
  MsvisWindow *window = data;

  return msvis_window_has_document (window) && !msvis_window_is_loading (window) &&
         msvis_window_get_pending_node (window) == NULL;
}

/* A run folder made into trends in the background, then a cell double-clicked: rank 1, global
 * step 3 (step folder 1, micro step 1) of the layer's dense output opens step1/rank1's graph
 * with the layer's second forward call selected. */
static void
test_cell_opens_graph (void)
{
  g_autofree char *run = NULL, *node_name = NULL, *dir = NULL, *copy = NULL;
  g_autoptr(GFile) run_dir = NULL;
  g_autoptr(GError) error = NULL;
  MsvisTrendWindow *trend;
  MsvisTrendView *view;
  MsvisTrendHeatmap *map;
  MsvisTrendRows *rows;
  const MsvisTrendSlice *slice;
  MsvisWindow *graph_window;
  MsvisGraphCanvas *canvas;
  MsvisNodeId selected;
  gint row = -1;
  guint x = G_MAXUINT;
  double wx, wy;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  run = fixture ("in", "l0-3s2r", NULL);
  dir = copy_run (run);
  copy = g_build_filename (dir, "l0-3s2r", NULL);
  run_dir = g_file_new_for_path (copy);
  trend = msvis_trend_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (trend), 1280, 720);
  gtk_window_present (GTK_WINDOW (trend));
  msvis_trend_window_import (trend, run_dir, NULL);
  g_assert_true (msvis_trend_window_is_busy (trend));
  g_assert_true (msvis_ui_test_spin_until (trend_ready, trend, 20000));
  view = msvis_trend_window_get_view (trend);
  map = msvis_trend_view_get_heatmap (view);
  g_assert_true (msvis_trend_view_show (view, 0, "norm", MSVIS_TREND_DIM_RANK, 1, &error));
  g_assert_no_error (error);
  msvis_ui_test_spin (200);

  slice = msvis_trend_heatmap_get_slice (map);
  rows = msvis_trend_heatmap_get_rows (map);
  for (guint i = 0; i < slice->x->len; i++)
    if (g_array_index (slice->x, gint64, i) == 3)
      x = i;
  for (guint i = 0; i < msvis_trend_rows_n_visible (rows) && row < 0; i++)
    {
      g_autofree char *name = msvis_trend_heatmap_row_name (map, msvis_trend_rows_visible (rows,
                                                                                           i));

      if (msvis_trend_rows_visible (rows, i)->target >= 0 &&
          g_str_equal (name, L0_NODE ".output.0"))
        row = (gint)i;
    }
  g_assert_cmpuint (x, !=, G_MAXUINT);
  g_assert_cmpint (row, >=, 0);
  g_assert_true (msvis_trend_heatmap_cell_center (map, x, (guint)row, &wx, &wy));
  msvis_ui_test_spin (100);

  /* one click pins the cell's line along the ranks, a double click opens its graph */
  msvis_trend_heatmap_press (map, wx, wy, 1);
  g_assert_cmpuint (msvis_trend_chart_n_series (msvis_trend_view_get_chart (view)), ==, 1);
  g_assert_cmpuint (msvis_trend_chart_get_line (msvis_trend_view_get_chart (view), 0)->at->len,
                    ==, 2);
  msvis_trend_heatmap_press (map, wx, wy, 2);
  graph_window = msvis_trend_window_get_graph_window (trend);
  g_assert_nonnull (graph_window);
  g_assert_cmpstr (msvis_window_get_pending_node (graph_window), ==, L0_NODE ".forward.1");
  g_assert_true (msvis_ui_test_spin_until (graph_selected, graph_window, 30000));
  g_assert_null (msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));

  canvas = msvis_compare_view_get_canvas (msvis_window_test_compare_view (graph_window), FALSE);
  selected = msvis_graph_canvas_get_selected (canvas);
  g_assert_cmpuint (selected, !=, MSVIS_NODE_ID_NONE);
  node_name = g_strdup (msvis_graph_node_get_id (msvis_graph_canvas_get_graph (canvas), selected));
  g_assert_cmpstr (node_name, ==, L0_NODE ".forward.1");
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (trend), "trend-rank-pinned"));
  gtk_window_destroy (GTK_WINDOW (graph_window));
  gtk_window_destroy (GTK_WINDOW (trend));
  msvis_test_remove_tree (dir);
}

static char *
csv_line (const char *text,
          const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      return g_strdup (lines[i]);
  return NULL;
}

/* the value under the pointer: +inf said as such, not its stored 1e9+1 */
static void
check_tooltip (MsvisTrendHeatmap *map,
               MsvisTrendRows    *rows)
{
  gboolean found = FALSE;

  for (guint r = 0; r < msvis_trend_rows_n_visible (rows); r++)
    {
      g_autofree char *name = msvis_trend_heatmap_row_name (map, msvis_trend_rows_visible (rows,
                                                                                           r));
      g_autofree char *tip = NULL;
      double wx, wy;

      if (!g_str_equal (name, "Functional.linear.output.0"))
        continue;
      g_assert_true (msvis_trend_heatmap_cell_center (map, 1, r, &wx, &wy));
      tip = msvis_trend_heatmap_describe (map, wx, wy);
      g_assert_cmpstr (tip, ==, "Functional.linear.output.0\nStep 1\n+inf (stored as 1e9+1)");
      g_clear_pointer (&tip, g_free);
      g_assert_true (msvis_trend_heatmap_cell_center (map, 0, r, &wx, &wy));
      tip = msvis_trend_heatmap_describe (map, wx, wy);
      g_assert_cmpstr (tip, ==, "Functional.linear.output.0\nStep 0\n8");
      found = TRUE;
    }
  g_assert_true (found);
}

/* § 11's database: the map and a pinned line as CSV (inf and NaN said as such, gaps empty),
 * PNG, SVG and PDF; a name of another kind is refused and writes nothing. */
static void
test_export (void)
{
  g_autofree char *path = NULL, *dir = NULL, *text = NULL, *line = NULL;
  g_autofree char *map_csv = NULL, *lines_csv = NULL;
  guint visible;
  g_autoptr(GError) error = NULL;
  MsvisTrendWindow *trend;
  MsvisTrendView *view;
  MsvisTrendHeatmap *map;
  MsvisTrendRows *rows;
  const char *kinds[] = { "map.csv", "map.png", "map.svg", "map.pdf", "lines.csv", "lines.png",
                          "lines.svg", "lines.pdf" };

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  path = fixture ("out", "example", "dump_data.trend.db", NULL);
  dir = msvis_test_make_dir ();
  trend = open_trend_db (path);
  view = msvis_trend_window_get_view (trend);
  map = msvis_trend_view_get_heatmap (view);
  rows = msvis_trend_heatmap_get_rows (map);
  for (guint r = 0; r < msvis_trend_rows_n_visible (rows); r++)
    if (msvis_trend_rows_visible (rows, r)->target >= 0)
      {
        double wx, wy;

        g_assert_true (msvis_trend_heatmap_cell_center (map, 1, r, &wx, &wy));
        msvis_trend_heatmap_press (map, wx, wy, 1);
      }
  g_assert_cmpuint (msvis_trend_chart_n_series (msvis_trend_view_get_chart (view)), >, 0);
  /* a folded group is exported whole, and stays folded */
  g_assert_cmpint (msvis_trend_rows_visible (rows, 0)->target, <, 0);
  msvis_trend_rows_toggle (rows, 0);
  visible = msvis_trend_rows_n_visible (rows);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autofree char *file_path = g_build_filename (dir, kinds[i], NULL);
      g_autoptr(GFile) file = g_file_new_for_path (file_path);

      g_assert_true (msvis_trend_view_export (view, g_str_has_prefix (kinds[i], "map")
                                                    ? MSVIS_TREND_EXPORT_MAP
                                                    : MSVIS_TREND_EXPORT_CHART, file, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_test (file_path, G_FILE_TEST_IS_REGULAR));
      if (g_str_has_suffix (kinds[i], ".png"))
        {
          g_autoptr(GdkTexture) texture = gdk_texture_new_from_file (file, &error);

          g_assert_no_error (error);
          g_assert_cmpint (gdk_texture_get_width (texture), >, 300);
          g_assert_cmpuint (msvis_ui_test_count_colors (texture), >, 5);
        }
    }
  g_assert_cmpuint (msvis_test_count_files (dir), ==, G_N_ELEMENTS (kinds));
  g_assert_cmpuint (msvis_trend_rows_n_visible (rows), ==, visible);
  msvis_trend_rows_toggle (rows, 0);
  g_assert_cmpuint (msvis_trend_rows_n_visible (rows), >, visible);

  /* rank 0, forward norm, steps 0–2 (§ 11): +inf in step 1, nothing in step 2 */
  map_csv = g_build_filename (dir, "map.csv", NULL);
  g_assert_true (g_file_get_contents (map_csv, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "name,0,1,2\n"));
  check_tooltip (map, rows);
  line = csv_line (text, "\"Functional.linear.output.0\"");
  g_assert_cmpstr (line, ==, "\"Functional.linear.output.0\",8.0,inf,");
  g_free (line);
  line = csv_line (text, "\"Functional.linear.input.0\"");
  g_assert_cmpstr (line, ==, "\"Functional.linear.input.0\",4.0,10.0,");
  g_clear_pointer (&text, g_free);
  lines_csv = g_build_filename (dir, "lines.csv", NULL);
  g_assert_true (g_file_get_contents (lines_csv, &text, NULL, NULL));
  g_assert_true (g_str_has_prefix (text, "at,\"step 1 · "));

  {
    g_autofree char *bad_path = g_build_filename (dir, "map.jpeg", NULL);
    g_autoptr(GFile) bad = g_file_new_for_path (bad_path);

    g_assert_false (msvis_trend_view_export (view, MSVIS_TREND_EXPORT_MAP, bad, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME);
    g_assert_nonnull (strstr (error->message, "map.jpeg"));
    g_assert_false (g_file_test (bad_path, G_FILE_TEST_EXISTS));
  }
  gtk_window_destroy (GTK_WINDOW (trend));
}

static void
press_key (GtkWidget *widget,
           guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, 0, &handled);
    }
  g_assert_true (handled);
}

/* The keyboard: Enter on a group's row folds it, arrows move to a cell, Enter follows it. */
static void
test_keys (void)
{
  g_autofree char *path = NULL;
  MsvisTrendWindow *trend;
  MsvisTrendView *view;
  MsvisTrendHeatmap *map;
  MsvisTrendRows *rows;
  MsvisTrendChart *chart;
  guint shown;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  path = fixture ("out", "example", "dump_data.trend.db", NULL);
  trend = open_trend_db (path);
  view = msvis_trend_window_get_view (trend);
  map = msvis_trend_view_get_heatmap (view);
  chart = msvis_trend_view_get_chart (view);
  rows = msvis_trend_heatmap_get_rows (map);
  shown = msvis_trend_rows_n_visible (rows);
  gtk_widget_grab_focus (GTK_WIDGET (map));
  press_key (GTK_WIDGET (map), GDK_KEY_Return);        /* row 0: Functional.linear */
  g_assert_cmpuint (msvis_trend_rows_n_visible (rows), <, shown);
  press_key (GTK_WIDGET (map), GDK_KEY_Return);
  g_assert_cmpuint (msvis_trend_rows_n_visible (rows), ==, shown);
  press_key (GTK_WIDGET (map), GDK_KEY_Down);
  press_key (GTK_WIDGET (map), GDK_KEY_Right);
  press_key (GTK_WIDGET (map), GDK_KEY_Return);
  g_assert_cmpuint (msvis_trend_chart_n_series (chart), ==, 1);
  g_assert_cmpstr (msvis_trend_chart_get_label (chart, 0), ==,
                   "step 1 · Functional.linear.input.0");
  gtk_window_destroy (GTK_WINDOW (trend));
}

static gboolean
bench_ready (gpointer data)
{
  MsvisTrendWindow *window = data;

  return !msvis_trend_window_is_busy (window) &&
         msvis_trend_view_get_bench (msvis_trend_window_get_view (window)) != NULL;
}

/* The run against a copy of itself as the benchmark: every cell with values on both sides is a
 * relative difference of 0, and a double click opens the compare of the cell's graphs. */
static void
test_bench_compare (void)
{
  g_autofree char *run = NULL, *dir = NULL, *copy = NULL, *bench_dir = NULL, *bench = NULL;
  g_autofree char *node_name = NULL;
  g_autoptr(GFile) run_file = NULL, bench_file = NULL;
  g_autoptr(GError) error = NULL;
  MsvisTrendWindow *trend;
  MsvisTrendView *view;
  MsvisTrendHeatmap *map;
  const MsvisTrendSlice *slice;
  MsvisTrendRows *rows;
  MsvisWindow *graph_window;
  MsvisCompareView *compare;
  guint zeros = 0;
  double wx = 0, wy = 0;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  run = fixture ("in", "l0-3s2r", NULL);
  dir = copy_run (run);
  bench_dir = copy_run (run);
  copy = g_build_filename (dir, "l0-3s2r", NULL);
  bench = g_build_filename (bench_dir, "l0-3s2r", NULL);
  run_file = g_file_new_for_path (copy);
  bench_file = g_file_new_for_path (bench);
  trend = msvis_trend_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (trend), 1280, 720);
  gtk_window_present (GTK_WINDOW (trend));
  msvis_trend_window_import (trend, run_file, NULL);
  g_assert_true (msvis_ui_test_spin_until (trend_ready, trend, 20000));
  msvis_trend_window_import_bench (trend, bench_file);
  g_assert_true (msvis_ui_test_spin_until (bench_ready, trend, 20000));
  view = msvis_trend_window_get_view (trend);
  map = msvis_trend_view_get_heatmap (view);
  g_assert_true (msvis_trend_view_show (view, 0, "norm", MSVIS_TREND_DIM_RANK, 1, &error));
  g_assert_no_error (error);
  msvis_ui_test_spin (200);
  slice = msvis_trend_heatmap_get_slice (map);
  g_assert_true (slice->relative);
  g_assert_true (msvis_trend_heatmap_get_scale (map)->relative);
  for (gsize i = 0; i < (gsize)slice->x->len * slice->y->len; i++)
    if (slice->kinds[i] == MSVIS_TREND_CELL_VALUE)
      {
        g_assert_cmpfloat (slice->values[i], ==, 0);
        zeros++;
      }
  g_assert_cmpuint (zeros, >, 50);
  g_free (msvis_ui_test_screenshot (GTK_WIDGET (trend), "trend-bench"));

  rows = msvis_trend_heatmap_get_rows (map);
  for (guint r = 0; r < msvis_trend_rows_n_visible (rows) && wy == 0; r++)
    {
      g_autofree char *name = msvis_trend_heatmap_row_name (map, msvis_trend_rows_visible (rows,
                                                                                           r));

      if (msvis_trend_rows_visible (rows, r)->target >= 0 &&
          g_str_equal (name, L0_NODE ".output.0"))
        g_assert_true (msvis_trend_heatmap_cell_center (map, 3, r, &wx, &wy));
    }
  g_assert_cmpfloat (wy, >, 0);
  msvis_trend_heatmap_press (map, wx, wy, 2);
  graph_window = msvis_trend_window_get_graph_window (trend);
  g_assert_nonnull (graph_window);
  g_assert_true (msvis_ui_test_spin_until (graph_selected, graph_window, 60000));
  g_assert_null (msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  compare = msvis_window_test_compare_view (graph_window);
  /* a compare: the benchmark side has a graph too */
  g_assert_nonnull (msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (compare, TRUE)));
  node_name = g_strdup (msvis_graph_node_get_id (
    msvis_graph_canvas_get_graph (msvis_compare_view_get_canvas (compare, FALSE)),
    msvis_graph_canvas_get_selected (msvis_compare_view_get_canvas (compare, FALSE))));
  g_assert_cmpstr (node_name, ==, L0_NODE ".forward.1");
  gtk_window_destroy (GTK_WINDOW (graph_window));
  gtk_window_destroy (GTK_WINDOW (trend));
  msvis_test_remove_tree (dir);
  msvis_test_remove_tree (bench_dir);
}

static gboolean
error_dialog_shown (gpointer data)
{
  return msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG) != NULL;
}

/* A SQLite file of another program: no trend window, and a message naming the file. */
static void
test_foreign_db_refused (void)
{
  g_autofree char *dir = NULL, *path = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisWindow *window;
  AdwMessageDialog *dialog;
  sqlite3 *db = NULL;

  if (!msvis_ui_test_require (NULL, NULL))
    return;
  dir = msvis_test_make_dir ();
  path = g_build_filename (dir, "other.trend.db", NULL);
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE tb_nodes (id TEXT)", NULL, NULL, NULL), ==,
                   SQLITE_OK);
  sqlite3_close (db);
  window = msvis_window_test_new (NULL, 0, 0);
  file = g_file_new_for_path (path);
  msvis_window_open (window, file);
  g_assert_true (msvis_ui_test_spin_until (error_dialog_shown, NULL, 5000));
  dialog = ADW_MESSAGE_DIALOG (msvis_ui_test_find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), path));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "not a trend database"));
  g_assert_null (msvis_ui_test_find_toplevel (MSVIS_TYPE_TREND_WINDOW));
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *cache = g_dir_make_tmp ("msvis-trend-cache-XXXXXX", NULL);
  int status;

  /* the trends and graphs a run makes go to the cache: this one, not the user's */
  g_assert_nonnull (cache);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trend-view/cells-equal-database", test_cells_equal_database);
  g_test_add_func ("/trend-view/cell-opens-graph", test_cell_opens_graph);
  g_test_add_func ("/trend-view/foreign-db-refused", test_foreign_db_refused);
  g_test_add_func ("/trend-view/export", test_export);
  g_test_add_func ("/trend-view/keys", test_keys);
  g_test_add_func ("/trend-view/bench-compare", test_bench_compare);
  status = g_test_run ();
  msvis_test_remove_tree (cache);
  return status;
}
