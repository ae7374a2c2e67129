// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <sqlite3.h>
#include <string.h>

#include "msvis-metric-cells.h"
#include "msvis-node-finder.h"
#include "msvis-test-util.h"
#include "msvis-vis-db-reader.h"

/* Every compare msprobe 26.0.0 wrote (tests/data/reference-2026/out): msvis's levels equal the
 * 26.0.0 viewer's precision filter (msprobe-2026.md §10.9): NPU leaves (sub_nodes '', NULL or
 * '[]') whose precision_index lies in pass [0, 0.3), warning [0.3, 0.6), error [0.6, 1.1); and
 * "unmatched" = an empty matched_node_link. The node finder's counts are the ones the Legend,
 * Find, `msvis inspect` and the report show (graph/model/msvis-graph-summary.h). */

static const char *const level_sql[] = {
  NULL,
  "precision_index >= 0 AND precision_index < 0.3",
  "precision_index >= 0.3 AND precision_index < 0.6",
  "precision_index >= 0.6 AND precision_index < 1.1",
};

static guint
viewer_count (sqlite3    *db,
              gint        step,
              gint        rank,
              const char *condition)
{
  g_autofree char *sql =
    g_strdup_printf ("SELECT count(*) FROM tb_nodes WHERE data_source = 'NPU' AND step = %d "
                     "AND rank = %d AND (sub_nodes IS NULL OR sub_nodes IN ('', '[]')) AND %s",
                     step, rank, condition);
  sqlite3_stmt *stmt = NULL;
  guint n;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  n = sqlite3_column_int (stmt, 0);
  sqlite3_finalize (stmt);
  return n;
}

/* The bucket of the legend entry that names @level; -1 when none does. */
static int
bucket_of_level (MsvisBuckets       *buckets,
                 MsvisAccuracyLevel  level)
{
  for (guint i = 0; i < msvis_buckets_get_n (buckets); i++)
    if (msvis_buckets_get (buckets, i)->level == level)
      return i;
  return -1;
}

static void
check_graph (const char *path,
             sqlite3    *sql,
             MsvisVisDb *db,
             gint        step,
             gint        rank)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDocument) doc = msvis_vis_db_load (db, step, rank, NULL, &error);
  g_autoptr(MsvisNodeFinder) npu = NULL;
  MsvisBuckets *buckets;
  guint divergent = 0;

  g_assert_no_error (error);
  npu = msvis_node_finder_new (doc, FALSE);
  buckets = msvis_node_finder_get_buckets (npu);
  g_assert_false (msvis_node_finder_is_md5 (npu));
  for (MsvisAccuracyLevel level = MSVIS_ACCURACY_PASS; level <= MSVIS_ACCURACY_ERROR; level++)
    {
      int bucket = bucket_of_level (buckets, level);
      guint expected = viewer_count (sql, step, rank, level_sql[level]);

      if (bucket < 0)
        {
          /* Structure compares have the grey entry only. */
          g_assert_cmpuint (expected, ==, 0);
          continue;
        }
      if (msvis_node_finder_count (npu, bucket) != expected)
        g_test_fail_printf ("%s, step %d rank %d: %u %s leaves, the 26.0.0 viewer filters %u",
                            path, step, rank, msvis_node_finder_count (npu, bucket),
                            msvis_accuracy_level_to_string (level), expected);
      if (level != MSVIS_ACCURACY_PASS)
        divergent += expected;
      /* The worse the level, the higher the severity, whatever the task. */
      g_assert_cmpuint (msvis_node_finder_get_severity (npu, bucket), ==, level - 1);
    }
  g_assert_cmpuint (msvis_node_finder_count (npu, MSVIS_BUCKET_UNMATCHED), ==,
                    viewer_count (sql, step, rank, "(matched_node_link IS NULL OR "
                                  "matched_node_link IN ('', '[]'))"));
  /* First Divergence and the report start from the same divergences. */
  {
    g_autoptr(GArray) all = msvis_node_finder_list_divergences (npu);

    g_assert_cmpuint (all->len, ==, divergent);
  }
}

static void
test_case (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDb) db = msvis_vis_db_open (path, &error);
  g_autoptr(GArray) keys = NULL;
  sqlite3 *sql;

  g_assert_no_error (error);
  g_assert_true (msvis_vis_db_is_compare (db));
  keys = msvis_vis_db_list_graphs (db, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (keys->len, >, 0);
  sql = msvis_test_open_db (path);
  for (guint i = 0; i < keys->len; i++)
    {
      MsvisVisDbGraphKey *key = &g_array_index (keys, MsvisVisDbGraphKey, i);

      check_graph (path, sql, db, key->step, key->rank);
    }
  sqlite3_close (sql);
}

/* The comparison panel marks the worst cell by msvis_metric_badness: a 2026 item whose
 * Result is error must outrank its own 60 % NormRelativeErr (an example row of
 * msprobe-2026.md §8.3), else the error row shows no mark at all. */
static void
test_result_badness (void)
{
  double norm = msvis_metric_badness ("NormRelativeErr", "60.0%");

  g_assert_cmpfloat (msvis_metric_badness ("Result", "error"), >, norm);
  g_assert_cmpfloat (msvis_metric_badness ("Result", "error"), >=, 0.8);
  g_assert_cmpfloat (msvis_metric_badness ("Result", "warning"), >, 0.);
  g_assert_cmpfloat (msvis_metric_badness ("Result", "warning"), <, 0.8);
  g_assert_cmpfloat (msvis_metric_badness ("Result", "pass"), <=, 0.);
  /* July md5 keeps its words. */
  g_assert_cmpfloat (msvis_metric_badness ("Result", "Different"), ==, 1.);
  g_assert_cmpfloat (msvis_metric_badness ("Result", "Pass"), <, 0.);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *out = NULL;
  g_autoptr(GDir) dir = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/severity-2026/result-badness", test_result_badness);
  out = msvis_test_reference ("../reference-2026/out");
  dir = g_dir_open (out, 0, NULL);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *case_dir = g_build_filename (out, name, NULL);
      g_autoptr(GDir) files = g_dir_open (case_dir, 0, NULL);
      const char *file;

      if (!g_str_has_prefix (name, "cmp_") || files == NULL)
        continue;
      while ((file = g_dir_read_name (files)) != NULL)
        if (g_str_has_suffix (file, ".vis.db"))
          {
            char *path = g_build_filename (case_dir, file, NULL);
            g_autofree char *test = g_strdup_printf ("/severity-2026/%s", name);

            g_ptr_array_add (paths, path);
            g_test_add_data_func (test, path, test_case);
          }
    }
  /* All of them: a missing fixture must not shrink the test to nothing. */
  g_assert_cmpuint (paths->len, >=, 38);
  return g_test_run ();
}
