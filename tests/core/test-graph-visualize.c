// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "msvis-test-util.h"
#include "msvis-visdb-diff.h"

/* The golden cases of mindstudio-probe 26.0.0 (tests/data/reference-2026/cases.txt): every line
 * is run as `msvis graph_visualize ARGS -o TMP` with that folder as the working directory, and
 * what it writes is compared with what msprobe wrote: a .vis.db row for row (as visdb-diff.py
 * compares), the merged dump folders file for file, an error by its exit status and message.
 *
 * The run itself (exit status, one database, no temporary file left) must always succeed.
 * Cases whose rows need work of the other parts of issue 23 are listed below with the reason;
 * their row comparison is reported with g_test_incomplete, never skipped silently (the list is
 * empty now). */

typedef struct
{
  const char *name;
  const char *reason;
} Pending;

/* Empty since BUILD26, CMP26 and MERGE26 were merged and graph_visualize writes --file_type
 * json: every case is identical. A case that waits for another part's work goes here as
 * { "name", "reason" }; one that passes while listed fails the test. */
static const Pending pending[] = {
  { NULL, NULL },
};

typedef struct
{
  char *name;
  char *args;
  char *outputs;
} Case;

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->name);
  g_free (c->args);
  g_free (c->outputs);
  g_free (c);
}

static const char *
pending_reason (const char *name)
{
  for (guint i = 0; pending[i].name != NULL; i++)
    if (strcmp (pending[i].name, name) == 0)
      return pending[i].reason;
  return NULL;
}

static char *
reference_dir (void)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", "reference-2026", NULL);
  g_autofree char *cases = g_build_filename (path, "cases.txt", NULL);

  if (!g_file_test (cases, G_FILE_TEST_EXISTS))
    g_error ("%s: msprobe 26.0.0's reference cases are missing", cases);
  return path;
}

/* A path with symbolic links resolved, as Python's os.path.realpath gives it. */
static char *
real_path (const char *path)
{
  char *real = realpath (path, NULL);
  char *copy;

  g_assert_nonnull (real);
  copy = g_strdup (real);
  free (real);
  return copy;
}

/* Runs the case; returns the exit status, with stdout and stderr. msprobe's messages are
 * English: so are msvis's in the C locale msvis_test_run_msvis() gives. */
static int
run_case (const Case  *c,
          const char  *ref_dir,
          const char  *out_dir,
          char       **out,
          char       **err)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) args = NULL;
  g_autoptr(GStrvBuilder) argv = g_strv_builder_new ();
  g_auto(GStrv) full = NULL;

  g_assert_true (g_shell_parse_argv (c->args, NULL, &args, &error));
  g_strv_builder_addv (argv, (const char **)args);
  g_strv_builder_add (argv, "-o");
  g_strv_builder_add (argv, out_dir);
  full = g_strv_builder_end (argv);
  return msvis_test_run_msvis (ref_dir, "graph_visualize", (const char *const *)full, out, err);
}

/* The one file @out_dir holds whose name starts with @prefix and ends with @suffix. */
static char *
only_file (const char *out_dir,
           const char *prefix,
           const char *suffix)
{
  g_autoptr(GDir) dir = g_dir_open (out_dir, 0, NULL);
  const char *name;
  char *found = NULL;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_assert_false (g_str_has_prefix (name, "."));   /* no temporary file left */
      g_assert_false (g_str_has_suffix (name, "-wal") || g_str_has_suffix (name, "-shm"));
      if (g_str_has_prefix (name, prefix) && g_str_has_suffix (name, suffix))
        {
          g_assert_null (found);
          found = g_build_filename (out_dir, name, NULL);
        }
    }
  return found;
}

static void
check_error (const Case *c,
             const char *out_dir,
             int         status,
             const char *err)
{
  const char *exit_at = strstr (c->outputs, "exit ");
  const char *message, *reason = pending_reason (c->name);
  g_autofree char *expected = NULL;
  int want;

  g_assert_nonnull (exit_at);
  want = atoi (exit_at + 5);
  message = strchr (exit_at, ':');
  g_assert_nonnull (message);
  expected = g_strndup (message + 2, strlen (message + 2) - 1);   /* without the ")" */
  if (g_str_has_prefix (expected, "An unexpected error occurred: "))
    memmove (expected, expected + 30, strlen (expected + 30) + 1);

  if (reason != NULL && (status != want || strstr (err, expected) == NULL))
    {
      g_autofree char *text = g_strdup_printf ("needs %s", reason);

      g_test_incomplete (text);
      return;
    }
  g_assert_cmpint (status, ==, want);
  if (strstr (err, expected) == NULL)
    g_test_fail_printf ("%s: expected the message “%s”, got:\n%s", c->name, expected, err);
  /* No partial output. */
  g_assert_null (only_file (out_dir, "", ".vis.db"));
}

static void
check_json (const Case *c,
            const char *ref_dir,
            const char *out_dir)
{
  g_auto(GStrv) files = g_strsplit (c->outputs, " ", -1);

  for (guint i = 0; files[i] != NULL; i++)
    {
      g_autofree char *ref = NULL, *ours = NULL, *ref_text = NULL, *our_text = NULL;
      const char *relative = files[i] + strlen ("out/") + strlen (c->name) + 1;

      if (files[i][0] == '\0')
        continue;
      ref = g_build_filename (ref_dir, files[i], NULL);
      ours = g_build_filename (out_dir, relative, NULL);
      g_assert_true (g_file_get_contents (ref, &ref_text, NULL, NULL));
      if (!g_file_get_contents (ours, &our_text, NULL, NULL))
        g_test_fail_printf ("%s: %s was not written", c->name, relative);
      else if (strcmp (our_text, ref_text) != 0)
        g_test_fail_printf ("%s: %s differs from msprobe's", c->name, relative);
    }
}

static void
check_db (const Case *c,
          const char *ref_dir,
          const char *out_dir)
{
  g_autofree char *ref = g_build_filename (ref_dir, c->outputs, NULL);
  g_autofree char *base = g_path_get_basename (c->outputs);
  g_autofree char *prefix = g_strndup (base, strchr (base, '_') + 1 - base);
  g_autofree char *ours = only_file (out_dir, prefix, ".vis.db");
  g_autofree char *up = g_build_filename (ref_dir, "..", NULL);
  g_autofree char *data = real_path (up);
  /* msprobe's paths start with the folder holding msprobe-reference and msprobe-2026; here
   * those are tests/data/reference (through the msprobe-reference link) and reference-2026. */
  g_autofree char *july = g_build_filename (data, "reference", NULL);
  g_autofree char *now = g_build_filename (data, "reference-2026", NULL);
  const char *strips[] = { july, "<STRIP>/msprobe-reference", now, "<STRIP>/msprobe-2026",
                           NULL };
  g_autoptr(GString) report = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  const char *reason = pending_reason (c->name);
  gboolean same;

  if (ours == NULL)
    {
      g_test_fail_printf ("%s: no %s….vis.db was written", c->name, prefix);
      return;
    }
  same = msvis_visdb_compare (ref, ours, strips, report, &error);
  g_assert_no_error (error);
  if (same)
    {
      /* A stale list would hide the next regression of that case. */
      if (reason != NULL)
        g_test_fail_printf ("%s is identical now: take it off the pending list", c->name);
      return;
    }
  if (reason != NULL)
    {
      g_autofree char *text = g_strdup_printf ("needs %s", reason);

      g_test_message ("%s", report->str);
      g_test_incomplete (text);
      return;
    }
  g_test_fail_printf ("%s differs from msprobe 26.0.0's rows:\n%s", c->name, report->str);
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *ref_dir = reference_dir ();
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autofree char *out = NULL, *err = NULL;
  int status = run_case (c, ref_dir, out_dir, &out, &err);

  if (c->outputs[0] == '-')
    {
      check_error (c, out_dir, status, err);
      return;
    }
  if (status != 0 && pending_reason (c->name) != NULL)
    {
      g_autofree char *text = NULL;

      /* One line: TAP takes the reason of a TODO from the line itself. */
      g_strdelimit (g_strstrip (err), "\n", ' ');
      text = g_strdup_printf ("needs %s (exit %d: %s)", pending_reason (c->name), status, err);

      g_test_incomplete (text);
      return;
    }
  if (status != 0)
    {
      g_test_fail_printf ("%s: exit status %d:\n%s", c->name, status, err);
      return;
    }
  if (g_str_has_suffix (c->outputs, ".vis.db"))
    check_db (c, ref_dir, out_dir);
  else
    check_json (c, ref_dir, out_dir);
}

static GPtrArray *
read_cases (void)
{
  g_autofree char *dir = reference_dir ();
  g_autofree char *path = g_build_filename (dir, "cases.txt", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *cases = g_ptr_array_new_with_free_func (case_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) parts = NULL;
      Case *c;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      parts = g_strsplit (lines[i], "|", 3);
      g_assert_cmpuint (g_strv_length (parts), ==, 3);
      c = g_new0 (Case, 1);
      c->name = g_strstrip (g_strdup (parts[0]));
      c->args = g_strstrip (g_strdup (parts[1]));
      c->outputs = g_strstrip (g_strdup (parts[2]));
      g_ptr_array_add (cases, c);
    }
  return cases;
}

/* `test-graph-visualize --visdb-diff A B [PREFIX]…` and `--visdb-digest A [PREFIX]…` run the
 * comparator by hand, for checking it against visdb-diff.py. */
static int
run_by_hand (int    argc,
             char **argv)
{
  g_autoptr(GStrvBuilder) strips = g_strv_builder_new ();
  g_auto(GStrv) pairs = NULL;
  g_autoptr(GError) error = NULL;
  gboolean diff = strcmp (argv[1], "--visdb-diff") == 0;
  int first_strip = diff ? 4 : 3;

  for (int i = first_strip; i < argc; i++)
    {
      g_strv_builder_add (strips, argv[i]);
      g_strv_builder_add (strips, "<STRIP>");
    }
  pairs = g_strv_builder_end (strips);
  if (diff)
    {
      g_autoptr(GString) report = g_string_new (NULL);
      gboolean same = argc >= 4 && msvis_visdb_compare (argv[2], argv[3],
                                                         (const char *const *)pairs, report,
                                                         &error);

      g_print ("%s%s\n", report->str, error ? error->message : same ? "IDENTICAL" : "DIFFERENT");
      return same ? 0 : 1;
    }
  else
    {
      g_autofree char *digest = msvis_visdb_digest (argv[2], (const char *const *)pairs, &error);

      g_print ("%s\n", digest ? digest : error->message);
      return digest ? 0 : 2;
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) cases = NULL;

  if (argc >= 3 && (strcmp (argv[1], "--visdb-diff") == 0 ||
                    strcmp (argv[1], "--visdb-digest") == 0))
    return run_by_hand (argc, argv);

  g_test_init (&argc, &argv, NULL);
  cases = read_cases ();
  for (guint i = 0; i < cases->len; i++)
    {
      Case *c = g_ptr_array_index (cases, i);
      g_autofree char *path = g_strdup_printf ("/graph-visualize/%s", c->name);

      g_test_add_data_func (path, c, test_case);
    }
  return g_test_run ();
}
