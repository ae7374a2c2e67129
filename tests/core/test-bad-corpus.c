// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <locale.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <sqlite3.h>

#include "msvis-graph-job.h"
#include "msvis-layer-mapping.h"
#include "msvis-npy.h"
#include "msvis-test-util.h"
#include "msvis-vis-config.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-reader.h"

/* The bad-input corpus: tests/data/bad/cases.ini says, for every case under tests/data/bad (or
 * made here: pipes, links, unreadable files, huge names, broken databases), whether msvis
 * tolerates it or refuses it and with which message. Whatever the outcome, every case must end
 * without a crash, within a bounded time, and leave no output but the complete one. */

#define TIME_LIMIT_S 60   /* generous: ASan and valgrind are slow; a hang is far slower */

typedef struct
{
  GKeyFile *cases;
  char     *group;   /* "dump/truncated-dump": the kind, then the case */
} Case;

static void
case_free (gpointer data)
{
  Case *c = data;

  g_key_file_unref (c->cases);
  g_free (c->group);
  g_free (c);
}

static char *
get_string (const Case *c,
            const char *key)
{
  return g_key_file_get_string (c->cases, c->group, key, NULL);
}

static const char *
corpus_dir (void)
{
  static char *dir;

  if (dir == NULL)
    dir = g_test_build_filename (G_TEST_DIST, "data", "bad", NULL);
  return dir;
}

/* Copies @from (a file or a folder) to @to, so that a case can be changed and written beside
 * without touching the corpus. */
static void
copy_tree (const char *from,
           const char *to)
{
  g_autoptr(GError) error = NULL;

  if (g_file_test (from, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GDir) dir = g_dir_open (from, 0, &error);
      const char *name;

      g_assert_no_error (error);
      g_assert_cmpint (g_mkdir_with_parents (to, 0755), ==, 0);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *a = g_build_filename (from, name, NULL);
          g_autofree char *b = g_build_filename (to, name, NULL);

          copy_tree (a, b);
        }
    }
  else
    {
      g_autofree char *contents = NULL;
      g_autofree char *parent = g_path_get_dirname (to);
      gsize length;

      g_mkdir_with_parents (parent, 0755);
      g_file_get_contents (from, &contents, &length, &error);
      g_assert_no_error (error);
      g_file_set_contents (to, contents, length, &error);
      g_assert_no_error (error);
    }
}

static void
replace_with_nothing (const char *path)
{
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    msvis_test_remove_tree (path);
  else
    g_unlink (path);
}

/* A dump entry nested far past the scanner's limit, or a name of a mebibyte. */
static void
write_generated (const char *path,
                 const char *what)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (strcmp (what, "huge-name") == 0)
    {
      g_string_append (text, "{\"Module.");
      while (text->len < 1024 * 1024)
        g_string_append (text, "layer.");
      g_string_append (text, "L.forward.0\": null}");
    }
  else if (strcmp (what, "deep-dump") == 0)
    {
      g_string_append (text, "{\"task\": \"statistics\", \"level\": \"mix\", \"data\": "
                       "{\"Module.m.M.forward.0\": {\"input_args\": ");
      for (int i = 0; i < 100000; i++)
        g_string_append_c (text, '[');
    }
  else if (strcmp (what, "chain") == 0 || strcmp (what, "wide") == 0)
    {
      /* 100,000 modules, each the parent of the next, or all children of the root. */
      g_string_append (text, "{\"Module.m0.M.forward.0\": null");
      for (int i = 1; i < 100000; i++)
        if (what[0] == 'c')
          g_string_append_printf (text, ",\n\"Module.m%d.M.forward.0\": \"Module.m%d.M.forward.0\"",
                                  i, i - 1);
        else
          g_string_append_printf (text, ",\n\"Module.m%d.M.forward.0\": null", i);
      g_string_append (text, "}");
    }
  else if (strcmp (what, "huge-vis-name") == 0)
    {
      g_string_append (text, "{\"root\": \"R\", \"node\": {\"R\": {\"id\": \"R\", "
                       "\"node_type\": 0, \"upnode\": \"None\", \"subnodes\": [\"");
      while (text->len < 1024 * 1024)
        g_string_append (text, "layer.");
      g_string_append (text, "\"]}}}");
    }
  else if (strcmp (what, "many-rules") == 0)
    {
      /* Enough rules that a quadratic reader would take minutes. */
      g_string_append (text, "Layer:\n");
      for (int i = 0; i < 200000; i++)
        g_string_append_printf (text, "  layers.%d: blocks.%d\n", i, i);
    }
  else if (strcmp (what, "deep-yaml") == 0 || strcmp (what, "long-yaml-name") == 0)
    {
      /* 100,000 levels of flow nesting (libyaml took half a minute on them), or a rename
       * of 64 KiB */
      g_string_append (text, "Layer:\n  block: ");
      for (int i = 0; i < (what[0] == 'd' ? 100000 : 64 << 10); i++)
        g_string_append_c (text, what[0] == 'd' ? '[' : 'x');
      g_string_append_c (text, '\n');
    }
  else if (strcmp (what, "deep-vis") == 0)
    {
      g_string_append (text, "{\"root\": \"R\", \"node\": {\"R\": {\"id\": \"R\", "
                       "\"node_type\": 0, \"upnode\": \"None\", \"subnodes\": [], "
                       "\"input_data\": {\"R.input.0\": ");
      for (int i = 0; i < 100000; i++)
        g_string_append (text, "{\"a\": ");
    }
  else
    g_error ("unknown generated file “%s”", what);

  g_file_set_contents (path, text->str, text->len, &error);
  g_assert_no_error (error);
}

/* Applies the case's `make` steps to the copy in @dir. Returns FALSE to skip the case. */
static gboolean
make_case (const Case *c,
           const char *dir)
{
  g_auto(GStrv) steps = g_key_file_get_string_list (c->cases, c->group, "make", NULL, NULL);

  for (guint i = 0; steps != NULL && steps[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (steps[i], ":", 3);
      g_autofree char *path = NULL;

      g_assert_nonnull (parts[1]);
      path = g_build_filename (dir, parts[1], NULL);
      if (strcmp (parts[0], "fifo") == 0)
        {
          replace_with_nothing (path);
          g_assert_cmpint (mkfifo (path, 0644), ==, 0);
        }
      else if (strcmp (parts[0], "link") == 0)
        {
          g_assert_nonnull (parts[2]);
          replace_with_nothing (path);
          g_assert_cmpint (symlink (parts[2], path), ==, 0);
        }
      else if (strcmp (parts[0], "copy") == 0)
        {
          g_autofree char *from = g_build_filename (corpus_dir (), parts[2], NULL);

          copy_tree (from, path);
        }
      else if (strcmp (parts[0], "unreadable") == 0)
        {
          if (geteuid () == 0)
            {
              g_test_skip ("root reads files whatever their permissions");
              return FALSE;
            }
          g_assert_cmpint (g_chmod (path, 0), ==, 0);
        }
      else
        write_generated (path, parts[0]);
    }

  return TRUE;
}

/* Gives back what was taken, so that the directory can be removed. */
static void
unmake_case (const Case *c,
             const char *dir)
{
  g_auto(GStrv) steps = g_key_file_get_string_list (c->cases, c->group, "make", NULL, NULL);

  for (guint i = 0; steps != NULL && steps[i] != NULL; i++)
    if (g_str_has_prefix (steps[i], "unreadable:"))
      {
        g_autofree char *path = g_build_filename (dir, steps[i] + strlen ("unreadable:"), NULL);

        g_chmod (path, 0700);
      }
}

static MsvisVisDocument *
read_vis (const char  *path,
          GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return msvis_vis_read (file, MSVIS_VIS_READ_ALL_DATA, NULL, error);
}

/* What msvis wrote, it reads: every output of a tolerated dump opens again. */
static guint
read_back (const char *path)
{
  g_autoptr(GError) error = NULL;
  guint nodes = 0;

  if (g_str_has_suffix (path, ".vis.db"))
    {
      g_autoptr(MsvisVisDb) db = msvis_vis_db_open (path, &error);
      g_autoptr(GArray) graphs = NULL;

      g_assert_no_error (error);
      graphs = msvis_vis_db_list_graphs (db, NULL, &error);
      g_assert_no_error (error);
      for (guint i = 0; i < graphs->len; i++)
        {
          const MsvisVisDbGraphKey *key = &g_array_index (graphs, MsvisVisDbGraphKey, i);
          g_autoptr(MsvisVisDocument) doc = msvis_vis_db_load (db, key->step, key->rank, NULL,
                                                               &error);

          g_assert_no_error (error);
          msvis_vis_document_ensure_all_data (doc, NULL, &error);
          g_assert_no_error (error);
          nodes = msvis_graph_get_n_nodes (msvis_vis_document_get_npu (doc));
        }
    }
  else
    {
      g_autoptr(MsvisVisDocument) doc = read_vis (path, &error);

      g_assert_no_error (error);
      nodes = msvis_graph_get_n_nodes (msvis_vis_document_get_npu (doc));
    }
  return nodes;
}

/* A run of `msvis graph` over a dump folder (or two): all or nothing in the output folder. */
static gboolean
run_dump (const Case  *c,
          const char  *input,
          const char  *work,
          guint       *nodes,
          GError     **error)
{
  g_autofree char *bench = get_string (c, "bench");
  g_autofree char *format = get_string (c, "format");
  g_autofree char *mapping = get_string (c, "layer-mapping");
  g_autofree char *config = g_build_filename (work, "compare.json", NULL);
  g_autofree char *out = g_build_filename (work, "out", NULL);
  g_autofree char *text = NULL;
  g_autofree char *npu_path = g_build_filename (input, bench ? "npu" : NULL, NULL);
  g_autofree char *bench_path = bench ? g_build_filename (input, "bench", NULL) : NULL;
  g_autoptr(GPtrArray) written = NULL;
  MsvisGraphJob job = { config, out, FALSE, FALSE, FALSE, NULL, (char *)"T" };

  g_autofree char *mapping_path = mapping ? g_build_filename (input, mapping, NULL) : NULL;

  job.format = g_strcmp0 (format, "db") == 0 ? MSVIS_GRAPH_JOB_FORMAT_DB
                                             : MSVIS_GRAPH_JOB_FORMAT_VIS;
  job.layer_mapping = mapping_path;
  text = bench_path
    ? g_strdup_printf ("{\"npu_path\": \"%s\", \"bench_path\": \"%s\"}", npu_path, bench_path)
    : g_strdup_printf ("{\"npu_path\": \"%s\"}", npu_path);
  msvis_test_write (work, "compare.json", text, -1);

  written = msvis_graph_job_run (&job, NULL, NULL, NULL, error);
  if (written == NULL)
    {
      /* Not even the output folder it would have made. */
      g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
      return FALSE;
    }

  /* Only complete files under their final names: no temporary file, nothing else. */
  g_assert_cmpuint (msvis_test_count_files (out), ==, written->len);
  for (guint i = 0; i < written->len; i++)
    {
      const char *path = g_ptr_array_index (written, i);
      g_autofree char *base = g_path_get_basename (path);

      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
      g_assert_false (g_file_test (path, G_FILE_TEST_IS_SYMLINK));
      g_assert_false (base[0] == '.');
      *nodes = read_back (path);
    }
  return TRUE;
}

static gboolean
run_vis (const char  *input,
         guint       *nodes,
         GError     **error)
{
  g_autoptr(MsvisVisDocument) doc = read_vis (input, error);

  if (doc == NULL)
    return FALSE;
  *nodes = msvis_graph_get_n_nodes (msvis_vis_document_get_npu (doc));
  return TRUE;
}

/* A .vis.db built from a corpus dump, then broken with SQL, or cut short. */
static void
make_database (const Case *c,
               const char *input,
               const char *work)
{
  g_autofree char *from = get_string (c, "db-from");
  g_autofree char *dump = g_build_filename (corpus_dir (), from, NULL);
  g_autofree char *config = g_build_filename (work, "db.json", NULL);
  g_autofree char *out = g_build_filename (work, "db", NULL);
  g_autofree char *text = g_strdup_printf ("{\"npu_path\": \"%s\"}", dump);
  g_auto(GStrv) sql = g_key_file_get_string_list (c->cases, c->group, "sql", NULL, NULL);
  gint truncate_to = g_key_file_get_integer (c->cases, c->group, "truncate", NULL);
  MsvisGraphJob job = { config, out, FALSE, FALSE, FALSE, NULL, (char *)"T" };
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;
  sqlite3 *db = NULL;

  job.format = MSVIS_GRAPH_JOB_FORMAT_DB;
  msvis_test_write (work, "db.json", text, -1);
  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_rename (g_ptr_array_index (written, 0), input), ==, 0);

  g_assert_cmpint (sqlite3_open (input, &db), ==, SQLITE_OK);
  for (guint i = 0; sql != NULL && sql[i] != NULL; i++)
    {
      char *message = NULL;

      if (sqlite3_exec (db, sql[i], NULL, NULL, &message) != SQLITE_OK)
        g_error ("%s: %s", sql[i], message);
    }
  sqlite3_close (db);
  if (truncate_to > 0)
    g_assert_cmpint (truncate (input, truncate_to), ==, 0);
}

static gboolean
run_vis_db (const char  *input,
            guint       *nodes,
            GError     **error)
{
  g_autoptr(MsvisVisDb) db = msvis_vis_db_open (input, error);
  g_autoptr(GArray) graphs = NULL;

  if (db == NULL || (graphs = msvis_vis_db_list_graphs (db, NULL, error)) == NULL)
    return FALSE;
  for (guint i = 0; i < graphs->len; i++)
    {
      const MsvisVisDbGraphKey *key = &g_array_index (graphs, MsvisVisDbGraphKey, i);
      g_autoptr(MsvisVisDocument) doc = msvis_vis_db_load (db, key->step, key->rank, NULL,
                                                           error);

      if (doc == NULL || !msvis_vis_document_ensure_all_data (doc, NULL, error))
        return FALSE;
      *nodes = msvis_graph_get_n_nodes (msvis_vis_document_get_npu (doc));
    }
  return TRUE;
}

/* A .npy from the case's header text, format version and data size, as numpy pads it. */
static void
make_npy (const Case *c,
          const char *input)
{
  g_autofree char *header = get_string (c, "npy-header");
  g_autofree char *hex = get_string (c, "npy-hex");
  gint version = g_key_file_get_integer (c->cases, c->group, "npy-version", NULL);
  gint data = g_key_file_get_integer (c->cases, c->group, "npy-data", NULL);
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GError) error = NULL;

  if (hex != NULL)
    for (const char *p = hex; p[0] && p[1]; p += 2)
      {
        guint8 b = g_ascii_xdigit_value (p[0]) * 16 + g_ascii_xdigit_value (p[1]);

        g_byte_array_append (bytes, &b, 1);
      }
  if (header != NULL)
    {
      gsize prefix = version >= 2 ? 12 : 10;
      g_autoptr(GString) padded = g_string_new (header);
      guint32 length;

      while ((prefix + padded->len + 1) % 64 != 0)
        g_string_append_c (padded, ' ');
      g_string_append_c (padded, '\n');
      length = GUINT32_TO_LE (padded->len);
      g_byte_array_append (bytes, (const guint8 *)"\x93NUMPY", 6);
      g_byte_array_append (bytes, (const guint8[]) { MAX (version, 1), 0 }, 2);
      g_byte_array_append (bytes, (const guint8 *)&length, version >= 2 ? 4 : 2);
      g_byte_array_append (bytes, (const guint8 *)padded->str, padded->len);
    }
  for (gint i = 0; i < data; i++)
    g_byte_array_append (bytes, (const guint8[]) { i & 0xff }, 1);

  g_file_set_contents (input, (const char *)bytes->data, bytes->len, &error);
  g_assert_no_error (error);
}

static gboolean
run_npy (const char  *input,
         guint       *elements,
         GError     **error)
{
  g_autoptr(MsvisNpy) npy = msvis_npy_open (input, error);
  g_autofree double *values = NULL;

  if (npy == NULL)
    return FALSE;
  values = msvis_npy_to_doubles (npy, NULL, error);
  if (values == NULL && *error != NULL)
    return FALSE;
  *elements = msvis_npy_get_n_elements (npy);
  return TRUE;
}

static gboolean
run_yaml (const Case  *c,
          const char  *input,
          guint       *types,
          GError     **error)
{
  g_autofree char *warning = NULL;
  g_autoptr(GHashTable) table = msvis_layer_mapping_read_yaml (input, &warning, error);
  g_auto(GStrv) expected = g_key_file_get_string_list (c->cases, c->group, "warning", NULL,
                                                       NULL);

  if (table == NULL)
    return FALSE;
  /* A yaml that does not parse is only a warning, as in msprobe. */
  g_assert_true ((warning != NULL) == (expected != NULL));
  for (guint i = 0; expected != NULL && expected[i] != NULL; i++)
    if (strstr (warning, expected[i]) == NULL)
      g_error ("the warning “%s” lacks “%s”", warning, expected[i]);
  *types = g_hash_table_size (table);
  return TRUE;
}

static gboolean
run_vis_config (const char  *input,
                guint       *pairs,
                GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (input);
  g_autoptr(GPtrArray) read = msvis_vis_config_read (file, error);

  if (read == NULL)
    return FALSE;
  *pairs = read->len;
  return TRUE;
}

/* What a generated input of each kind is called. */
static const char *
extension (const char *kind)
{
  static const char *const kinds[][2] = {
    { "dump", "" }, { "vis", ".vis" }, { "vis-db", ".vis.db" }, { "npy", ".npy" },
    { "yaml", ".yaml" }, { "vis-config", ".vis.config" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (strcmp (kind, kinds[i][0]) == 0)
      return kinds[i][1];
  g_error ("unknown kind of case “%s”", kind);
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *kind = g_strndup (c->group, strcspn (c->group, "/"));
  g_autofree char *name = g_strdup (c->group + strlen (kind) + 1);
  g_autofree char *from = get_string (c, "input");
  g_autofree char *expect = get_string (c, "expect");
  g_auto(GStrv) fragments = g_key_file_get_string_list (c->cases, c->group, "message", NULL,
                                                        NULL);
  g_autofree char *work = msvis_test_make_dir ();
  g_autofree char *base = NULL;
  g_autofree char *input = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTimer) timer = NULL;
  guint count = 0;
  double limit;
  gboolean ok;

  g_assert_nonnull (expect);
  /* The input keeps the name of the case's file, for the message to name it. */
  base = from != NULL ? g_path_get_basename (from) : g_strconcat (name, extension (kind), NULL);
  input = g_build_filename (work, "input", base, NULL);
  if (from != NULL)
    {
      g_autofree char *source = g_build_filename (corpus_dir (), from, NULL);

      copy_tree (source, input);
    }
  else
    {
      g_autofree char *parent = g_path_get_dirname (input);

      g_mkdir_with_parents (strcmp (kind, "dump") == 0 ? input : parent, 0755);
    }
  if (g_key_file_has_key (c->cases, c->group, "db-from", NULL))
    make_database (c, input, work);
  if (strcmp (kind, "npy") == 0 && from == NULL)
    make_npy (c, input);
  if (!make_case (c, strcmp (kind, "dump") == 0 ? input : work))
    return;

  timer = g_timer_new ();
  if (strcmp (kind, "dump") == 0)
    ok = run_dump (c, input, work, &count, &error);
  else if (strcmp (kind, "vis") == 0)
    ok = run_vis (input, &count, &error);
  else if (strcmp (kind, "vis-db") == 0)
    ok = run_vis_db (input, &count, &error);
  else if (strcmp (kind, "npy") == 0)
    ok = run_npy (input, &count, &error);
  else if (strcmp (kind, "yaml") == 0)
    ok = run_yaml (c, input, &count, &error);
  else if (strcmp (kind, "vis-config") == 0)
    ok = run_vis_config (input, &count, &error);
  else
    g_error ("unknown kind of case “%s”", kind);
  limit = g_key_file_has_key (c->cases, c->group, "seconds", NULL)
    ? g_key_file_get_double (c->cases, c->group, "seconds", NULL) : TIME_LIMIT_S;
  if (g_getenv ("MSVIS_TIME_SCALE") != NULL)
    limit *= MAX (1, g_ascii_strtod (g_getenv ("MSVIS_TIME_SCALE"), NULL));
  g_assert_cmpfloat (g_timer_elapsed (timer, NULL), <, limit);
  unmake_case (c, strcmp (kind, "dump") == 0 ? input : work);

  if (strcmp (expect, "ok") == 0)
    {
      if (!ok)
        g_error ("expected to be tolerated, failed with “%s”",
                 error ? error->message : "(no message)");
      if (g_key_file_has_key (c->cases, c->group, "count", NULL))
        g_assert_cmpuint (count, ==, g_key_file_get_integer (c->cases, c->group, "count",
                                                              NULL));
      return;
    }

  g_assert_cmpstr (expect, ==, "error");
  if (ok)
    g_error ("expected an error, but it was tolerated (count %u)", count);
  g_assert_nonnull (error);
  /* Every message names the file or folder it is about. */
  if (strstr (error->message, base) == NULL &&
      !g_key_file_get_boolean (c->cases, c->group, "names-other-file", NULL))
    g_error ("“%s” does not name “%s”", error->message, base);
  for (guint i = 0; fragments != NULL && fragments[i] != NULL; i++)
    if (strstr (error->message, fragments[i]) == NULL)
      g_error ("“%s” lacks “%s”", error->message, fragments[i]);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GKeyFile) cases = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_auto(GStrv) groups = NULL;

  /* Failures print messages with their “quotes” as they are; LC_MESSAGES stays C. */
  setlocale (LC_CTYPE, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  path = g_build_filename (corpus_dir (), "cases.ini", NULL);
  g_key_file_load_from_file (cases, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  groups = g_key_file_get_groups (cases, NULL);
  for (guint i = 0; groups[i] != NULL; i++)
    {
      g_autofree char *test = g_strconcat ("/bad-corpus/", groups[i], NULL);
      Case *c = g_new0 (Case, 1);

      c->cases = g_key_file_ref (cases);
      c->group = g_strdup (groups[i]);
      g_test_add_data_func_full (test, c, test_case, case_free);
    }

  return g_test_run ();
}
