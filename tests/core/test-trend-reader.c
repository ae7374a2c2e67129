// SPDX-License-Identifier: GPL-3.0-or-later

/* The trend database reader the trend view draws from: every cell of a heat map equals the row
 * msprobe's database holds for it (read here with plain SQL), missing steps and ranks are gaps,
 * and a database of another program is refused with a message naming the file. */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-test-util.h"
#include "msvis-trend.h"
#include "msvis-trend-reader.h"

static char *
fixture_db (const char *name)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", "reference-trend-2026", "out", name,
                                      "dump_data.trend.db", NULL);

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  return path;
}

static guint
column_of (const GArray *axis,
           gint64        value)
{
  for (guint i = 0; i < axis->len; i++)
    if (g_array_index (axis, gint64, i) == value)
      return i;
  g_assert_not_reached ();
}

/* Every row of the metric in the database is its cell; every other cell is a gap. */
static void
check_slice_against_sql (const char    *path,
                         MsvisTrendDim  dim)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisTrendReader) reader = msvis_trend_reader_open (path, &error);
  sqlite3 *db = NULL;
  guint checked = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (msvis_trend_reader_n_metrics (reader), ==, 4);
  g_assert_cmpstr (msvis_trend_reader_metric_name (reader, 0), ==, "forward");
  g_assert_cmpstr (msvis_trend_reader_metric_stats (reader, 0)[0], ==, "norm");
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  for (guint metric = 0; metric < 2; metric++)
    for (guint s = 0; s < 4; s++)
      {
        const char *stat = msvis_trend_reader_metric_stats (reader, metric)[s];
        g_autoptr(GArray) targets = msvis_trend_reader_targets (reader, metric, &error);
        const GArray *fixed_axis = dim == MSVIS_TREND_DIM_RANK
                                   ? msvis_trend_reader_get_ranks (reader)
                                   : msvis_trend_reader_get_steps (reader);
        gint64 fixed = g_array_index (fixed_axis, gint64, fixed_axis->len - 1);
        g_autoptr(MsvisTrendSlice) slice = NULL;
        g_autofree char *sql = NULL;
        sqlite3_stmt *stmt = NULL;
        gsize present = 0, rows = 0;

        g_assert_no_error (error);
        if (dim == MSVIS_TREND_DIM_MODULE)
          fixed = g_array_index (targets, MsvisTrendTarget, targets->len / 2).id;
        slice = msvis_trend_reader_slice (reader, metric, stat, dim, fixed, targets, &error);
        g_assert_no_error (error);
        sql = g_strdup_printf ("SELECT rank, step, target_id, %s FROM trend_data WHERE "
                               "metric_id = %u AND %s = %" G_GINT64_FORMAT, stat, metric + 1,
                               dim == MSVIS_TREND_DIM_STEP ? "step"
                               : dim == MSVIS_TREND_DIM_RANK ? "rank" : "target_id", fixed);
        g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
        while (sqlite3_step (stmt) == SQLITE_ROW)
          {
            gint64 rank = sqlite3_column_int64 (stmt, 0), step = sqlite3_column_int64 (stmt, 1);
            gint64 target = sqlite3_column_int64 (stmt, 2);
            gint64 x = dim == MSVIS_TREND_DIM_STEP ? rank : step;
            gint64 y = dim == MSVIS_TREND_DIM_MODULE ? rank : target;
            gsize i = (gsize)column_of (slice->y, y) * slice->x->len + column_of (slice->x, x);

            rows++;
            if (sqlite3_column_type (stmt, 3) == SQLITE_NULL)
              g_assert_cmpint (slice->kinds[i], ==, MSVIS_TREND_CELL_NAN);
            else
              {
                g_assert_cmpint (slice->kinds[i], !=, MSVIS_TREND_CELL_GAP);
                g_assert_cmpint (slice->kinds[i], !=, MSVIS_TREND_CELL_NAN);
                g_assert_true (slice->values[i] == sqlite3_column_double (stmt, 3));
              }
          }
        sqlite3_finalize (stmt);
        for (gsize i = 0; i < (gsize)slice->x->len * slice->y->len; i++)
          present += slice->kinds[i] != MSVIS_TREND_CELL_GAP;
        g_assert_cmpuint (present, ==, rows);
        checked += rows;
      }
  sqlite3_close (db);
  g_assert_cmpuint (checked, >, 0);
}

static void
test_cells_equal_database (void)
{
  g_autofree char *example = fixture_db ("example");
  g_autofree char *l0 = fixture_db ("l0-3s2r");

  for (MsvisTrendDim dim = MSVIS_TREND_DIM_STEP; dim <= MSVIS_TREND_DIM_MODULE; dim++)
    {
      check_slice_against_sql (example, dim);
      check_slice_against_sql (l0, dim);
    }
}

/* § 6.3: the clipped values tell +inf, −inf and huge apart; NULL is NaN. */
static void
test_cell_kinds (void)
{
  g_autofree char *path = fixture_db ("example");
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisTrendReader) reader = msvis_trend_reader_open (path, &error);
  g_autoptr(GArray) targets = msvis_trend_reader_targets (reader, 0, &error);
  g_autoptr(MsvisTrendSlice) norm = NULL, mean = NULL;
  guint inf = 0, nan = 0;

  g_assert_no_error (error);
  norm = msvis_trend_reader_slice (reader, 0, "norm", MSVIS_TREND_DIM_RANK, 0, targets, &error);
  mean = msvis_trend_reader_slice (reader, 0, "mean", MSVIS_TREND_DIM_RANK, 0, targets, &error);
  g_assert_no_error (error);
  for (gsize i = 0; i < (gsize)norm->x->len * norm->y->len; i++)
    {
      inf += norm->kinds[i] == MSVIS_TREND_CELL_POS_INF;
      nan += mean->kinds[i] == MSVIS_TREND_CELL_NAN;
    }
  /* § 11: Functional.linear.output.1's norm in step 1 was inf, Linear.output.0's mean NaN */
  g_assert_cmpuint (inf, ==, 1);
  g_assert_cmpuint (nan, ==, 1);
  g_assert_cmpint (msvis_trend_cell_kind (1e9), ==, MSVIS_TREND_CELL_CLIPPED);
  g_assert_cmpint (msvis_trend_cell_kind (-1000000001.), ==, MSVIS_TREND_CELL_NEG_INF);
  g_assert_cmpint (msvis_trend_cell_kind (NAN), ==, MSVIS_TREND_CELL_NAN);
  g_assert_cmpint (msvis_trend_cell_kind (999999999.), ==, MSVIS_TREND_CELL_VALUE);
}

/* Step folders 0, 3 and 10 without micro steps: steps 1, 2 and 4–9 are gap columns. */
static void
test_missing_steps_are_gaps (void)
{
  g_autofree char *path = fixture_db ("layout-nomicro");
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisTrendReader) reader = msvis_trend_reader_open (path, &error);
  g_autoptr(GArray) targets = NULL;
  g_autoptr(MsvisTrendSlice) slice = NULL;
  g_autoptr(MsvisTrendLine) line = NULL;
  const GArray *steps;

  g_assert_no_error (error);
  steps = msvis_trend_reader_get_steps (reader);
  g_assert_cmpuint (steps->len, ==, 11);
  targets = msvis_trend_reader_targets (reader, 0, &error);
  g_assert_no_error (error);
  slice = msvis_trend_reader_slice (reader, 0, "norm", MSVIS_TREND_DIM_RANK, 0, targets, &error);
  g_assert_no_error (error);
  for (guint y = 0; y < slice->y->len; y++)
    for (guint x = 1; x < 10; x++)
      if (x != 3)
        g_assert_cmpint (slice->kinds[y * slice->x->len + x], ==, MSVIS_TREND_CELL_GAP);
  line = msvis_trend_reader_line (reader, 0, "norm", MSVIS_TREND_DIM_STEP, 0, 0,
                                  g_array_index (targets, MsvisTrendTarget, 0).id, targets,
                                  &error);
  g_assert_no_error (error);
  g_assert_cmpuint (line->at->len, ==, 11);
  g_assert_cmpint (line->kinds[1], ==, MSVIS_TREND_CELL_GAP);
  g_assert_cmpint (line->kinds[0], !=, MSVIS_TREND_CELL_GAP);
}

static void
test_foreign_schema_refused (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *foreign = g_build_filename (dir, "other.trend.db", NULL);
  g_autofree char *text = g_build_filename (dir, "text.trend.db", NULL);
  g_autoptr(GError) error = NULL;
  MsvisTrendReader *reader;
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open (foreign, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE trend_data (a, b); CREATE TABLE "
                                 "monitoring_targets (x)", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  reader = msvis_trend_reader_open (foreign, &error);
  g_assert_null (reader);
  g_assert_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_SCHEMA);
  g_assert_nonnull (strstr (error->message, foreign));
  g_assert_nonnull (strstr (error->message, "trend_data"));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (text, "not a database at all, just some text\n", -1,
                                      NULL));
  reader = msvis_trend_reader_open (text, &error);
  g_assert_null (reader);
  g_assert_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_SCHEMA);
  g_assert_nonnull (strstr (error->message, text));
  g_clear_error (&error);
  msvis_test_remove_tree (dir);
}

/* § 11 backwards: a cell's global step is a step folder and micro step, its target a
 * renumbered name; the window opens the dump entry it came from. */
static void
test_locate (void)
{
  g_autofree char *data = g_test_build_filename (G_TEST_DIST, "data", "reference-trend-2026",
                                                 "in", "example", NULL);
  g_autofree char *rank0 = g_build_filename (data, "step0", "rank0", NULL);
  static const struct
  {
    gint64      step;
    gboolean    micro;
    const char *metric, *target;
    gint64      index;
    const char *node;
  } cases[] = {
    { 1, TRUE, "forward", "Functional.linear.output.0", 0, "Functional.linear.7.forward" },
    { 1, TRUE, "forward", "Module.net.fc.Linear.output.0", 0, "Module.net.fc.Linear.forward.1" },
    { 0, TRUE, "forward", "Module.net.fc.Linear.input.0", 0, "Module.net.fc.Linear.forward.0" },
    { 1, TRUE, "backward", "Module.net.fc.Linear.input.0", 0, "Module.net.fc.Linear.backward.1" },
    { 2, TRUE, "forward", "Tensor.add_.input.1", 0, "Tensor.add_.12.forward" },
    { 0, FALSE, "forward", "Functional.linear.output.0", 7, "Functional.linear.7.forward" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *dir = NULL, *node = NULL;

      g_assert_true (msvis_trend_locate (data, NULL, cases[i].micro, cases[i].step, 0,
                                         cases[i].metric, cases[i].target, cases[i].index, &dir,
                                         &node, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (dir, ==, rank0);
      g_assert_cmpstr (node, ==, cases[i].node);
    }
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *dir = NULL, *node = NULL;

    /* three micro steps in the one step folder: step 3 and rank 1 are not in the run */
    g_assert_false (msvis_trend_locate (data, NULL, TRUE, 3, 0, "forward",
                                        "Tensor.add_.input.1", 0, &dir, &node, &error));
    g_assert_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT);
    g_clear_error (&error);
    g_assert_false (msvis_trend_locate (data, NULL, TRUE, 0, 1, "forward",
                                        "Tensor.add_.input.1", 0, &dir, &node, &error));
    g_assert_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_INPUT);
  }
}

/* A benchmark copy of § 11's database with one value doubled and one target gone: that cell is
 * −0.5 (NPU − bench) / |bench|, the lost target's row a gap, every other number 0, and the
 * bench side's inf gives no number (NaN). */
static void
test_compare (void)
{
  g_autofree char *path = fixture_db ("example");
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *bench_path = g_build_filename (dir, "bench.trend.db", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisTrendReader) npu = NULL, bench = NULL;
  g_autoptr(GArray) targets = NULL;
  g_autoptr(MsvisTrendSlice) slice = NULL;
  g_autoptr(MsvisTrendLine) line = NULL;
  gsize length;
  sqlite3 *db = NULL;
  guint zeros = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (bench_path, contents, (gssize)length, NULL));
  g_assert_cmpint (sqlite3_open (bench_path, &db), ==, SQLITE_OK);
  /* target 1 is Functional.linear.input.0 (norm 4 in step 0), target 2 input.1 */
  g_assert_cmpint (sqlite3_exec (db, "UPDATE trend_data SET norm = 8 WHERE step = 0 AND "
                                 "target_id = 1 AND metric_id = 1; DELETE FROM trend_data "
                                 "WHERE target_id = 2", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  npu = msvis_trend_reader_open (path, &error);
  g_assert_no_error (error);
  bench = msvis_trend_reader_open (bench_path, &error);
  g_assert_no_error (error);
  targets = msvis_trend_reader_targets (npu, 0, &error);
  g_assert_no_error (error);
  slice = msvis_trend_reader_slice (npu, 0, "norm", MSVIS_TREND_DIM_RANK, 0, targets, &error);
  g_assert_no_error (error);
  g_assert_true (msvis_trend_compare_slice (bench, "forward", "norm", slice, targets, &error));
  g_assert_no_error (error);
  g_assert_true (slice->relative);
  for (guint r = 0; r < slice->y->len; r++)
    for (guint x = 0; x < slice->x->len; x++)
      {
        const MsvisTrendTarget *t = &g_array_index (targets, MsvisTrendTarget, r);
        gsize i = (gsize)r * slice->x->len + x;

        if (t->id == 2)
          g_assert_cmpint (slice->kinds[i], ==, MSVIS_TREND_CELL_GAP);
        else if (t->id == 1 && x == 0)
          {
            g_assert_cmpint (slice->kinds[i], ==, MSVIS_TREND_CELL_VALUE);
            g_assert_cmpfloat (slice->values[i], ==, -0.5);
          }
        else if (t->id == 3 && x == 1)      /* inf on both sides */
          g_assert_cmpint (slice->kinds[i], ==, MSVIS_TREND_CELL_NAN);
        else if (slice->kinds[i] == MSVIS_TREND_CELL_VALUE)
          {
            g_assert_cmpfloat (slice->values[i], ==, 0);
            zeros++;
          }
      }
  g_assert_cmpuint (zeros, >, 3);

  line = msvis_trend_reader_line (npu, 0, "norm", MSVIS_TREND_DIM_RANK, 0, 0, 1, targets,
                                  &error);
  g_assert_no_error (error);
  g_assert_true (msvis_trend_compare_line (bench, "forward", "norm", MSVIS_TREND_DIM_RANK, 0, 0,
                                           1, targets, line, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (line->values[0], ==, -0.5);

  g_assert_false (msvis_trend_compare_slice (bench, "forward", "entropy", slice, targets,
                                             &error));
  g_assert_error (error, MSVIS_TREND_ERROR, MSVIS_TREND_ERROR_SCHEMA);
  g_assert_nonnull (strstr (error->message, bench_path));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/trend-reader/cells-equal-database", test_cells_equal_database);
  g_test_add_func ("/trend-reader/cell-kinds", test_cell_kinds);
  g_test_add_func ("/trend-reader/missing-steps-are-gaps", test_missing_steps_are_gaps);
  g_test_add_func ("/trend-reader/foreign-schema-refused", test_foreign_schema_refused);
  g_test_add_func ("/trend-reader/locate", test_locate);
  g_test_add_func ("/trend-reader/compare", test_compare);
  return g_test_run ();
}
