// SPDX-License-Identifier: GPL-3.0-or-later

/* msvis trend against msprobe 26.0.0's data2db: every case of tests/data/reference-trend-2026
 * (copied from the shared fixtures) is run through the msvis executable and its database
 * compared with msprobe's as trenddb-diff.py compares them (trend-2026 § 8): header fields,
 * schema texts, every row of every table typed and exact, tags identified by
 * (metric_id, category, tag_name) because msprobe's tag ids come from a Python set. */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-test-util.h"

/* Cases not run, each with the rule msvis lacks. Every other case of cases.txt is run. */
static const char *const not_yet[] = {
  NULL,
};

static char *
fixture_dir (void)
{
  char *dir = g_test_build_filename (G_TEST_DIST, "data", "reference-trend-2026", NULL);

  g_assert_true (g_file_test (dir, G_FILE_TEST_IS_DIR));
  return dir;
}

static gint
msvis_trend_test_compare (gconstpointer a,
                          gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

static char *
encode (sqlite3_stmt *s,
        int           column)
{
  switch (sqlite3_column_type (s, column))
    {
    case SQLITE_NULL:
      return g_strdup ("null");
    case SQLITE_INTEGER:
      return g_strdup_printf ("i:%lld", (long long)sqlite3_column_int64 (s, column));
    case SQLITE_FLOAT:
      /* %a is exact: equal texts are equal doubles */
      return g_strdup_printf ("r:%a", sqlite3_column_double (s, column));
    case SQLITE_TEXT:
      return g_strdup_printf ("t:%s", (const char *)sqlite3_column_text (s, column));
    default:
      {
        const guint8 *blob = sqlite3_column_blob (s, column);
        GString *hex = g_string_new ("b:");

        for (int i = 0; i < sqlite3_column_bytes (s, column); i++)
          g_string_append_printf (hex, "%02x", blob[i]);
        return g_string_free (hex, FALSE);
      }
    }
}

/* Every row of @select, ordered by all its columns, one line each. */
static void
add_rows (sqlite3    *db,
          const char *tag,
          const char *select,
          GPtrArray  *lines)
{
  g_autofree char *ordered = NULL;
  sqlite3_stmt *s = NULL;
  GString *order = g_string_new (NULL);
  int n_columns, rc;

  g_assert_cmpint (sqlite3_prepare_v2 (db, select, -1, &s, NULL), ==, SQLITE_OK);
  n_columns = sqlite3_column_count (s);
  sqlite3_finalize (s);
  for (int i = 1; i <= n_columns; i++)
    g_string_append_printf (order, "%s%d", i > 1 ? ", " : "", i);
  ordered = g_strdup_printf ("SELECT * FROM (%s) ORDER BY %s", select, order->str);
  g_string_free (order, TRUE);
  g_assert_cmpint (sqlite3_prepare_v2 (db, ordered, -1, &s, NULL), ==, SQLITE_OK);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      GString *line = g_string_new (tag);

      for (int i = 0; i < n_columns; i++)
        {
          g_autofree char *v = encode (s, i);

          g_string_append_printf (line, " %s", v);
        }
      g_ptr_array_add (lines, g_string_free (line, FALSE));
    }
  g_assert_cmpint (rc, ==, SQLITE_DONE);
  sqlite3_finalize (s);
}

static void
add_header (const char *path,
            GPtrArray  *lines)
{
  g_autofree char *contents = NULL;
  gsize length;
  const guint8 *h;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_cmpuint (length, >=, 100);
  h = (const guint8 *)contents;
  g_assert_cmpmem (h, 16, "SQLite format 3", 16);
  g_ptr_array_add (lines, g_strdup_printf ("header journal %s",
                                           h[18] == 2 || h[19] == 2 ? "wal" : "rollback"));
  g_ptr_array_add (lines, g_strdup_printf ("header schema_format %u encoding %u user_version "
                                           "%u application_id %u",
                                           GUINT32_FROM_BE (*(guint32 *)(h + 44)),
                                           GUINT32_FROM_BE (*(guint32 *)(h + 56)),
                                           GUINT32_FROM_BE (*(guint32 *)(h + 60)),
                                           GUINT32_FROM_BE (*(guint32 *)(h + 68))));
  g_ptr_array_add (lines, g_strdup_printf ("header auto_vacuum %d incremental %d",
                                           *(guint32 *)(h + 52) != 0,
                                           *(guint32 *)(h + 64) != 0));
}

/* "t:b,a" → "t:a,b" */
static char *
sorted_list (const char *text)
{
  g_auto(GStrv) items = g_strsplit (text + 2, ",", -1);
  g_autofree char *joined = NULL;

  qsort (items, g_strv_length (items), sizeof (char *), msvis_trend_test_compare);
  joined = g_strjoinv (",", items);
  return g_strconcat ("t:", joined, NULL);
}

/* --loose's global_stats: its columns as a set, each value with its list sorted, because
 * msprobe's monitor import orders both by Python sets (trend-2026 § 7, § 8) */
static void
add_loose_global_stats (sqlite3   *db,
                        GPtrArray *lines)
{
  g_autoptr(GPtrArray) cells = g_ptr_array_new_with_free_func (g_free);
  sqlite3_stmt *s = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT * FROM global_stats", -1, &s, NULL), ==,
                   SQLITE_OK);
  while (sqlite3_step (s) == SQLITE_ROW)
    for (int i = 0; i < sqlite3_column_count (s); i++)
      {
        g_autofree char *v = encode (s, i);
        g_autofree char *sorted = g_str_has_prefix (v, "t:") ? sorted_list (v) : NULL;

        g_ptr_array_add (cells, g_strdup_printf ("global_stats %s=%s",
                                                 sqlite3_column_name (s, i),
                                                 sorted ? sorted : v));
      }
  sqlite3_finalize (s);
  g_ptr_array_sort (cells, (GCompareFunc)msvis_trend_test_compare);
  g_ptr_array_extend_and_steal (lines, g_steal_pointer (&cells));
}

/* trenddb-diff.py's canonical form; @loose for monitor databases, whose ids are free */
static GPtrArray *
canonical (const char *path,
           gboolean    loose)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func (g_free);
  sqlite3 *db = NULL;
  sqlite3_stmt *s = NULL;

  add_header (path, lines);
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  add_rows (db, "schema", loose ? "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE "
                                  "name <> 'global_stats' UNION ALL SELECT 'column', name, type, "
                                  "dflt_value FROM pragma_table_info('global_stats')"
                                : "SELECT type, name, tbl_name, sql FROM sqlite_master", lines);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT name FROM sqlite_master WHERE type = 'table' "
                                       "ORDER BY name", -1, &s, NULL), ==, SQLITE_OK);
  while (sqlite3_step (s) == SQLITE_ROW)
    g_ptr_array_add (tables, g_strdup ((const char *)sqlite3_column_text (s, 0)));
  sqlite3_finalize (s);

  for (guint i = 0; i < tables->len; i++)
    {
      const char *t = g_ptr_array_index (tables, i);
      g_autofree char *select = NULL;
      g_autofree char *tag = g_strdup_printf ("row %s", t);

      if (loose && strcmp (t, "sqlite_sequence") == 0)
        continue;
      if (loose && strcmp (t, "global_stats") == 0)
        {
          add_loose_global_stats (db, lines);
          continue;
        }
      if (loose && strcmp (t, "monitoring_tags") == 0)
        select = g_strdup ("SELECT mm.metric_name, g.category, g.tag_name FROM monitoring_tags g "
                           "LEFT JOIN monitoring_metrics mm ON mm.metric_id = g.metric_id");
      else if (loose && strcmp (t, "tag_target_mapping") == 0)
        select = g_strdup ("SELECT mt.target_name, mt.vpp_stage, mt.micro_step, mm.metric_name, "
                           "g.category, g.tag_name FROM tag_target_mapping m "
                           "LEFT JOIN monitoring_tags g ON g.tag_id = m.tag_id "
                           "LEFT JOIN monitoring_targets mt ON mt.target_id = m.target_id "
                           "LEFT JOIN monitoring_metrics mm ON mm.metric_id = g.metric_id");
      else if (loose && strcmp (t, "monitoring_targets") == 0)
        select = g_strdup ("SELECT target_name, vpp_stage, micro_step FROM monitoring_targets");
      else if (loose && strcmp (t, "monitoring_metrics") == 0)
        select = g_strdup ("SELECT metric_name FROM monitoring_metrics");
      else if (loose && strcmp (t, "trend_data") == 0)
        select = g_strdup ("SELECT mt.target_name, mt.vpp_stage, mt.micro_step, mm.metric_name, "
                           "d.* FROM trend_data d "
                           "LEFT JOIN monitoring_targets mt ON mt.target_id = d.target_id "
                           "LEFT JOIN monitoring_metrics mm ON mm.metric_id = d.metric_id");
      else if (strcmp (t, "monitoring_tags") == 0)
        select = g_strdup ("SELECT metric_id, category, tag_name FROM monitoring_tags");
      else if (strcmp (t, "tag_target_mapping") == 0)
        select = g_strdup ("SELECT m.target_id, g.metric_id, g.category, g.tag_name FROM "
                           "tag_target_mapping m LEFT JOIN monitoring_tags g ON "
                           "g.tag_id = m.tag_id");
      else
        select = g_strdup_printf ("SELECT * FROM \"%s\"", t);
      add_rows (db, tag, select, lines);
    }
  sqlite3_close (db);
  return lines;
}

static void
assert_same_database (const char *expected,
                      const char *actual)
{
  gboolean loose = g_str_has_suffix (expected, "monitor_data.trend.db");
  g_autoptr(GPtrArray) a = canonical (expected, loose);
  g_autoptr(GPtrArray) b = canonical (actual, loose);
  guint shown = 0;

  for (guint i = 0; i < MAX (a->len, b->len) && shown < 10; i++)
    {
      const char *x = i < a->len ? g_ptr_array_index (a, i) : "(none)";
      const char *y = i < b->len ? g_ptr_array_index (b, i) : "(none)";

      if (strcmp (x, y) != 0)
        {
          g_test_message ("line %u: msprobe %s | msvis %s", i, x, y);
          shown++;
        }
    }
  g_assert_cmpuint (shown, ==, 0);
  g_assert_cmpuint (a->len, ==, b->len);
}

typedef struct
{
  char *name;
  char *args;
  char *expect;
} Case;

static int
run_trend (const char  *cwd,
           const char  *db_dir,
           const char  *args,
           char       **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) words = g_strsplit (args, " ", -1);
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_nonnull (g_getenv ("MSVIS_BIN"));   /* meson test sets it */
  g_ptr_array_add (argv, g_strdup (g_getenv ("MSVIS_BIN")));
  g_ptr_array_add (argv, g_strdup ("trend"));
  if (db_dir != NULL)
    {
      g_ptr_array_add (argv, g_strdup ("--db"));
      g_ptr_array_add (argv, g_strdup (db_dir));
    }
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_ptr_array_add (argv, g_strdup (words[i]));
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (cwd, (char **)argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL,
                err, &status, &error);
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static guint
count_trend_dbs (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".trend.db") || name[0] == '.')
      n++;   /* a left temporary file counts too */
  return n;
}

/* One line of cases.txt: "case | arguments with --db first | expected outputs". */
static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *fixtures = fixture_dir ();
  g_autofree char *work = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (work, c->name, NULL);
  g_autofree char *err = NULL;
  const char *rest = strchr (strchr (c->args, ' ') + 1, ' ');   /* after "--db DIR" */
  int status;

  g_assert_true (g_str_has_prefix (c->args, "--db "));
  status = run_trend (fixtures, out, rest, &err);
  g_test_message ("msvis trend said: %s", err);
  if (strcmp (c->expect, "!error") == 0)
    {
      g_assert_cmpint (status, !=, 0);
      g_assert_cmpuint (count_trend_dbs (out), ==, 0);   /* no partial output */
      return;
    }
  g_assert_cmpint (status, ==, 0);
  if (strcmp (c->expect, "-") == 0)
    {
      g_assert_true (g_file_test (out, G_FILE_TEST_IS_DIR));
      g_assert_cmpuint (count_trend_dbs (out), ==, 0);
      return;
    }
  {
    g_auto(GStrv) expected = g_strsplit (c->expect, " ", -1);
    guint n = 0;

    for (guint i = 0; expected[i] != NULL; i++)
      {
        g_autofree char *reference = g_build_filename (fixtures, expected[i], NULL);
        g_autofree char *base = g_path_get_basename (expected[i]);
        g_autofree char *actual = g_build_filename (out, base, NULL);

        g_assert_true (g_file_test (actual, G_FILE_TEST_IS_REGULAR));
        assert_same_database (reference, actual);
        n++;
      }
    g_assert_cmpuint (count_trend_dbs (out), ==, n);
  }
}

static gboolean
is_not_yet (const char *name)
{
  for (guint i = 0; not_yet[i] != NULL; i++)
    if (strcmp (not_yet[i], name) == 0)
      return TRUE;
  return FALSE;
}

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->name);
  g_free (c->args);
  g_free (c->expect);
  g_free (c);
}

static GPtrArray *
read_cases (void)
{
  g_autofree char *fixtures = fixture_dir ();
  g_autofree char *path = g_build_filename (fixtures, "cases.txt", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *cases = g_ptr_array_new_with_free_func (case_free);

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      Case *c;

      if (lines[i][0] == '#' || g_strstrip (lines[i])[0] == '\0')
        continue;
      fields = g_strsplit (lines[i], "|", 3);
      g_assert_cmpuint (g_strv_length (fields), ==, 3);
      c = g_new0 (Case, 1);
      c->name = g_strdup (g_strstrip (fields[0]));
      c->args = g_strdup (g_strstrip (fields[1]));
      c->expect = g_strdup (g_strstrip (fields[2]));
      g_ptr_array_add (cases, c);
    }
  return cases;
}

static char *
make_run (const char *dump_json,
          const char *construct_json)
{
  char *data = msvis_test_make_dir ();
  g_autofree char *rank = g_build_filename (data, "step0", "rank0", NULL);

  g_assert_cmpint (g_mkdir_with_parents (rank, 0755), ==, 0);
  msvis_test_write (rank, "dump.json", dump_json, -1);
  if (construct_json != NULL)
    msvis_test_write (rank, "construct.json", construct_json, -1);
  return data;
}

#define ENTRY "{\"input_args\": [{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", " \
              "\"Max\": 1, \"Min\": 0, \"Mean\": 0.5, \"Norm\": 2}]}"

/* A broken dump.json names the file and the place; nothing is left behind. */
static void
test_broken_dump (void)
{
  g_autofree char *data = make_run ("{\"data\": {\n\"Tensor.add.0.forward\": " ENTRY ",\n"
                                    "\"Tensor.add.1.forward\": {\"input_args\": [1,]}}}", "{}");
  g_autofree char *work = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (work, "out", NULL);
  g_autofree char *args = g_strdup_printf ("--data %s", data);
  g_autofree char *err = NULL;

  g_assert_cmpint (run_trend (NULL, out, args, &err), ==, 1);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "dump.json"));
  g_assert_nonnull (strstr (err, "line 3"));
  g_assert_cmpuint (count_trend_dbs (out), ==, 0);
}

/* What msprobe fails on (trend-2026 § 9) fails here too, saying where: an entry whose
 * input_args is null, and a step folder whose name is not its number's (step01). */
static void
test_msprobe_failures (void)
{
  g_autofree char *data = make_run ("{\"data\": {\"Tensor.add.0.forward\": "
                                    "{\"input_args\": null}}}", "{}");
  g_autofree char *work = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (work, "out", NULL);
  g_autofree char *args = g_strdup_printf ("--data %s", data);
  g_autofree char *step0 = g_build_filename (data, "step0", NULL);
  g_autofree char *step01 = g_build_filename (data, "step01", NULL);
  g_autofree char *rank0 = g_build_filename (step01, "rank0", NULL);
  g_autofree char *rank0_dir = g_build_filename (step0, "rank0", NULL);
  g_autofree char *err = NULL;

  g_assert_cmpint (run_trend (NULL, out, args, &err), ==, 1);
  g_assert_nonnull (strstr (err, "Tensor.add.0.forward"));
  g_assert_nonnull (strstr (err, "dump.json"));
  g_assert_cmpuint (count_trend_dbs (out), ==, 0);
  g_clear_pointer (&err, g_free);

  /* a repeated entry, which json.load would keep at its first place with its last value */
  msvis_test_write (rank0_dir, "dump.json", "{\"data\": {\"Tensor.add.0.forward\": " ENTRY ",\n"
                    "\"Tensor.add.0.forward\": " ENTRY "}}", -1);
  g_assert_cmpint (run_trend (NULL, out, args, &err), ==, 1);
  g_assert_nonnull (strstr (err, "twice"));
  g_assert_nonnull (strstr (err, "line 2"));
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (g_rename (step0, step01), ==, 0);
  msvis_test_write (rank0, "dump.json", "{\"data\": {}}", -1);
  g_assert_cmpint (run_trend (NULL, out, args, &err), ==, 1);
  g_assert_nonnull (strstr (err, "step01"));
  g_assert_cmpuint (count_trend_dbs (out), ==, 0);
}

/* Micro steps need construct.json (msprobe fails without it); without counting they do not. */
static void
test_missing_construct (void)
{
  g_autofree char *data = make_run ("{\"data\": {\"Tensor.add.0.forward\": " ENTRY "}}", NULL);
  g_autofree char *work = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (work, "out", NULL);
  g_autofree char *args = g_strdup_printf ("--data %s", data);
  g_autofree char *off = g_strdup_printf ("--data %s --micro=false", data);
  g_autofree char *err = NULL;

  g_assert_cmpint (run_trend (NULL, out, args, &err), ==, 1);
  g_assert_nonnull (strstr (err, "construct.json"));
  g_assert_cmpuint (count_trend_dbs (out), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_trend (NULL, out, off, &err), ==, 0);
  g_assert_cmpuint (count_trend_dbs (out), ==, 1);
  /* a second run replaces the database, as data2db does */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_trend (NULL, out, off, &err), ==, 0);
  g_assert_nonnull (strstr (err, "replaced"));
  g_assert_cmpuint (count_trend_dbs (out), ==, 1);
}

/* A construct.json whose parents go round is refused, not followed forever. */
static void
test_construct_cycle (void)
{
  g_autofree char *data = make_run ("{\"data\": {\"Tensor.add.0.forward\": " ENTRY "}}",
                                    "{\"Tensor.add.0.forward\": \"A.0\", \"A.0\": \"B.0\", "
                                    "\"B.0\": \"A.0\"}");
  g_autofree char *work = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (work, "out", NULL);
  g_autofree char *args = g_strdup_printf ("--data %s", data);
  g_autofree char *err = NULL;

  g_assert_cmpint (run_trend (NULL, out, args, &err), ==, 1);
  g_assert_nonnull (strstr (err, "construct.json"));
  g_assert_cmpuint (count_trend_dbs (out), ==, 0);
}

/* Monitor folders: a name msprobe cannot read the time of, and a CSV cell that is not a step
 * number, are refused with the folder or the file and line. */
static void
test_bad_monitor (void)
{
  g_autofree char *data = msvis_test_make_dir ();
  g_autofree char *bad_time = g_build_filename (data, "Foo03_21-34-40-rank0-7f3a", NULL);
  g_autofree char *good = g_build_filename (data, "Dec03_21-34-40-rank0-7f3a", NULL);
  g_autofree char *work = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (work, "out", NULL);
  g_autofree char *args = g_strdup_printf ("--data %s --format monitor", data);
  g_autofree char *err = NULL;

  g_assert_cmpint (g_mkdir (bad_time, 0755), ==, 0);
  g_assert_cmpint (run_trend (NULL, out, args, &err), ==, 1);
  g_assert_nonnull (strstr (err, "Foo03_21-34-40-rank0-7f3a"));
  g_assert_cmpuint (count_trend_dbs (out), ==, 0);
  g_clear_pointer (&err, g_free);

  g_assert_cmpint (g_rmdir (bad_time), ==, 0);
  g_assert_cmpint (g_mkdir (good, 0755), ==, 0);
  msvis_test_write (good, "actv_0-1.csv", "vpp_stage,name,step,norm\n0,a.b,x,1.0\n", -1);
  g_assert_cmpint (run_trend (NULL, out, args, &err), ==, 1);
  g_assert_nonnull (strstr (err, "actv_0-1.csv, line 2"));
  g_assert_cmpuint (count_trend_dbs (out), ==, 0);
  g_clear_pointer (&err, g_free);

  msvis_test_write (good, "actv_0-1.csv", "vpp_stage,name,step,norm\n0,a.b,3,1.0\n", -1);
  g_assert_cmpint (run_trend (NULL, out, args, &err), ==, 0);
  g_assert_cmpuint (count_trend_dbs (out), ==, 1);
}

/* data2db's exit statuses: 2 for what argparse refuses, 1 for bad files and values. */
static void
test_arguments (void)
{
  g_autofree char *work = msvis_test_make_dir ();
  /* A data folder whose path holds the cases' placeholder, as a temporary folder's random
   * name now and then did: only the case's own text is a template. */
  g_autofree char *data = g_build_filename (work, "MAP", NULL);
  g_autofree char *rank = g_build_filename (data, "step0", "rank0", NULL);
  g_autofree char *out = g_build_filename (work, "out", NULL);
  g_autofree char *map = g_build_filename (work, "map.json", NULL);
  struct { const char *args; int status; } cases[] = {
    { " --format xyz", 2 },
    { " --micro_step TRUE", 2 },
    { " --process_num abc", 2 },
    { " --m x", 2 },                   /* --mapping or --micro_step? */
    { " --process_num 0", 1 },
    { " --process_num 129", 1 },
    { " --mapping nowhere.json", 1 },
    { "/nowhere", 1 },
    { " --mapping MAP", 1 },           /* a list, not an object */
    { " --process_num=1_28 --form dump --micro_step False", 0 },
  };

  msvis_test_write (rank, "dump.json", "{\"data\": {\"Tensor.add.0.forward\": " ENTRY "}}", -1);
  msvis_test_write (rank, "construct.json", "{}", -1);
  msvis_test_write (work, "map.json", "[\"a\", \"b\"]", -1);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *at = strstr (cases[i].args, "MAP");
      g_autofree char *args = at == NULL
        ? g_strconcat ("--data ", data, cases[i].args, NULL)
        : g_strdup_printf ("--data %s%.*s%s%s", data, (int)(at - cases[i].args), cases[i].args,
                           map, at + strlen ("MAP"));
      g_autofree char *err = NULL;

      g_test_message ("%s", args);
      g_assert_cmpint (run_trend (NULL, out, args, &err), ==, cases[i].status);
    }
  {
    g_autofree char *err = NULL;
    g_autofree char *args = g_strdup_printf ("--data %s", data);

    g_assert_cmpint (run_trend (NULL, NULL, args, &err), ==, 2);   /* no --db */
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) cases = NULL;
  guint n_not_yet = 0;

  g_test_init (&argc, &argv, NULL);
  cases = read_cases ();
  for (guint i = 0; i < cases->len; i++)
    {
      Case *c = g_ptr_array_index (cases, i);
      g_autofree char *path = g_strdup_printf ("/trend/msprobe/%s", c->name);

      if (is_not_yet (c->name))
        n_not_yet++;
      else
        g_test_add_data_func (path, c, test_case);
    }
  /* every exclusion names a case that exists: none is dropped by a typo */
  g_assert_cmpuint (n_not_yet, ==, g_strv_length ((char **)not_yet));
  g_assert_cmpuint (cases->len, ==, 31);
  g_test_add_func ("/trend/broken-dump", test_broken_dump);
  g_test_add_func ("/trend/missing-construct", test_missing_construct);
  g_test_add_func ("/trend/construct-cycle", test_construct_cycle);
  g_test_add_func ("/trend/arguments", test_arguments);
  g_test_add_func ("/trend/bad-monitor", test_bad_monitor);
  g_test_add_func ("/trend/msprobe-failures", test_msprobe_failures);
  return g_test_run ();
}
