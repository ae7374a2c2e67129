// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-test-util.h"
#include "msvis-visdb-diff.h"

/* `msvis convert` between the July .vis, 8.2.1's .vis.db and 26.0.0's .vis.db: the directions
 * the target can hold come back unchanged from a round trip; the others are refused, naming
 * what would be lost, with nothing written. */

static char *
data_file (const char *first,
           ...)
{
  va_list args;
  g_autofree char *tail = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  char *path;

  va_start (args, first);
  for (const char *p = first; p != NULL; p = va_arg (args, const char *))
    g_ptr_array_add (parts, (gpointer)p);
  va_end (args);
  g_ptr_array_add (parts, NULL);
  tail = g_build_filenamev ((char **)parts->pdata);
  path = g_test_build_filename (G_TEST_DIST, "data", tail, NULL);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("%s is missing", path);
  return path;
}

static int
run (const char *const  *args,
     char              **err)
{
  return msvis_test_run_msvis (NULL, "convert", args, NULL, err);
}

static void
expect (const char *const *args,
        int                status,
        const char        *message)
{
  g_autofree char *err = NULL;
  int got = run (args, &err);

  if (got != status || (message != NULL && strstr (err, message) == NULL))
    g_error ("exit %d (wanted %d), expected %s in:\n%s", got, status, message ? message : "",
             err);
}

static void
assert_same_bytes (const char *a,
                   const char *b)
{
  g_autofree char *x = NULL, *y = NULL;
  gsize nx = 0, ny = 0;

  g_assert_true (g_file_get_contents (a, &x, &nx, NULL));
  g_assert_true (g_file_get_contents (b, &y, &ny, NULL));
  if (nx != ny || memcmp (x, y, nx) != 0)
    g_error ("%s and %s differ", a, b);
}

/* Whether tb_nodes of @path has the column 26.0.0 added. */
static gboolean
has_is_distributed (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *stmt = NULL;
  gboolean found;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT COUNT(*) FROM pragma_table_info('tb_nodes') "
                                       "WHERE name = 'is_distributed'", -1, &stmt, NULL), ==,
                   SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  found = sqlite3_column_int (stmt, 0) == 1;
  sqlite3_finalize (stmt);
  sqlite3_close (db);
  return found;
}

/* July .vis → 8.2.1 .vis.db → July .vis gives the same bytes, for a build and a compare. */
static void
test_july_821 (gconstpointer data)
{
  const char *const *where = data;
  g_autofree char *july = data_file ("reference", where[0], where[1], NULL);
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *db = g_build_filename (tmp, "x.vis.db", NULL);
  g_autofree char *back = g_build_filename (tmp, "back.vis", NULL);

  expect ((const char *[]) { july, db, "--to", "8.2.1", NULL }, 0, NULL);
  g_assert_false (has_is_distributed (db));
  expect ((const char *[]) { db, back, NULL }, 0, NULL);
  assert_same_bytes (july, back);
  msvis_visdb_remove_dir (tmp);
}

/* A 26.0.0 build without requires_grad → 8.2.1 → 26.0.0 gives msprobe's rows again; a July
 * build becomes a 26.0.0 file. */
static void
test_26_build (void)
{
  g_autofree char *orig = data_file ("reference-2026", "out", "build_struct",
                                     "build_20261127114028.vis.db", NULL);
  g_autofree char *july = data_file ("reference", "build_single", "build_20261121191905.vis",
                                     NULL);
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *old = g_build_filename (tmp, "old.vis.db", NULL);
  g_autofree char *again = g_build_filename (tmp, "again.vis.db", NULL);
  g_autofree char *now = g_build_filename (tmp, "now.vis.db", NULL);
  g_autoptr(GString) report = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  expect ((const char *[]) { orig, old, "--to", "8.2.1", NULL }, 0, NULL);
  g_assert_false (has_is_distributed (old));
  expect ((const char *[]) { old, again, NULL }, 0, NULL);
  g_assert_true (has_is_distributed (again));
  if (!msvis_visdb_compare (orig, again, NULL, report, &error))
    g_error ("%s", report->str);
  g_assert_no_error (error);
  expect ((const char *[]) { july, now, NULL }, 0, NULL);
  g_assert_true (has_is_distributed (now));
  msvis_visdb_remove_dir (tmp);
}

static void
test_refusals (void)
{
  g_autofree char *july_cmp = data_file ("reference", "cmp_steps",
                                         "compare_step1_rank1_20261121191938.vis", NULL);
  g_autofree char *cmp26 = data_file ("reference-2026", "out", "cmp_ranks12",
                                      "compare_20261127114020.vis.db", NULL);
  g_autofree char *ranks26 = data_file ("reference-2026", "out", "build_ranks",
                                        "build_20261127113842.vis.db", NULL);
  g_autofree char *garbage = data_file ("bad", "vis-db", "garbage.vis.db", NULL);
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *vis = g_build_filename (tmp, "out.vis", NULL);
  g_autofree char *db = g_build_filename (tmp, "out.vis.db", NULL);
  g_autofree char *kept = NULL;

  expect ((const char *[]) { july_cmp, db, NULL }, 1,
          "has a continuous precision index, which cannot become the pass/warning/error");
  expect ((const char *[]) { cmp26, vis, NULL }, 1,
          "says pass/warning/error with Result and Err_message, which a July 2025 .vis cannot");
  expect ((const char *[]) { cmp26, db, "--to", "8.2.1", NULL }, 1,
          "which a msprobe 8.2.1 .vis.db cannot hold");
  expect ((const char *[]) { ranks26, db, "--to", "8.2.1", NULL }, 1,
          "build_20261127113842.vis.db: the items of 8 nodes carry requires_grad");
  expect ((const char *[]) { cmp26, db, NULL }, 1, "is a mindstudio-probe 26.0.0 .vis.db "
          "already");
  expect ((const char *[]) { garbage, vis, NULL }, 1, "garbage.vis.db");
  expect ((const char *[]) { july_cmp, db, "--to", "9", NULL }, 2, "--to takes july");
  expect ((const char *[]) { july_cmp, NULL }, 2, "give IN and OUT");
  g_assert_false (g_file_test (vis, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));

  /* An existing OUT is kept without --force. */
  g_assert_true (g_file_set_contents (db, "keep", -1, NULL));
  expect ((const char *[]) { july_cmp, db, "--to", "8.2.1", NULL }, 1, "out.vis.db");
  g_assert_true (g_file_get_contents (db, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "keep");
  expect ((const char *[]) { july_cmp, db, "--to", "8.2.1", "--force", NULL }, 0, NULL);
  msvis_visdb_remove_dir (tmp);
}

int
main (int   argc,
      char *argv[])
{
  static const char *const build[] = { "build_single", "build_20261121191905.vis" };
  static const char *const compare[] = { "cmp_steps", "compare_step1_rank1_20261121191938.vis" };

  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/convert/july-821/build", build, test_july_821);
  g_test_add_data_func ("/convert/july-821/compare", compare, test_july_821);
  g_test_add_func ("/convert/26-build", test_26_build);
  g_test_add_func ("/convert/refusals", test_refusals);
  return g_test_run ();
}
