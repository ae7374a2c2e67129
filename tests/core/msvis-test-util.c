// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <sqlite3.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "msvis-graph-builder.h"
#include "msvis-graph-job.h"
#include "msvis-test-util.h"
#include "msvis-vis-db-reader.h"
#include "msvis-vis-reader.h"
#include "msvis-vis-source.h"
#include "msvis-vis-writer.h"

void
msvis_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  /* A link is removed, never followed: the bad-input corpus makes links to folders. */
  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    dir = g_dir_open (path, 0, NULL);
  if (dir != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *child = g_build_filename (path, name, NULL);

        msvis_test_remove_tree (child);
      }
  g_remove (path);
}

static void
remove_dir (gpointer path)
{
  msvis_test_remove_tree (path);
  g_free (path);
}

char *
msvis_test_make_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("msvis-test-XXXXXX", &error);

  g_assert_no_error (error);
  g_test_queue_destroy (remove_dir, g_strdup (dir));
  return dir;
}

void
msvis_test_write (const char *dir,
                  const char *name,
                  const char *contents,
                  gssize      length)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *parent = g_path_get_dirname (path);

  g_mkdir_with_parents (parent, 0755);
  g_file_set_contents (path, contents, length, &error);
  g_assert_no_error (error);
}

/* @data is the inside of dump.json's "data" object. */
void
msvis_test_write_dump (const char *dir,
                       const char *construct,
                       const char *data,
                       const char *stack)
{
  g_autofree char *dump = g_strdup_printf ("{\"task\": \"statistics\", \"level\": \"mix\", "
                                           "\"framework\": \"pytorch\", \"dump_data_dir\": null, "
                                           "\"data\": {%s}}", data);

  msvis_test_write (dir, "construct.json", construct, -1);
  msvis_test_write (dir, "dump.json", dump, -1);
  msvis_test_write (dir, "stack.json", stack ? stack : "{}", -1);
}

MsvisGraph *
msvis_test_build (const char  *dir,
                  gboolean     complete_stack,
                  GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  MsvisBuildOptions options = { .complete_stack = complete_stack };
  MsvisDumpHeader header;
  MsvisGraph *graph = msvis_graph_build (file, &options, &header, NULL, error);

  msvis_dump_header_clear (&header);
  return graph;
}

GPtrArray *
msvis_test_run_job (const char  *dump_dir,
                    const char  *out_dir,
                    gboolean     overflow_check,
                    GError     **error)
{
  g_autofree char *config_dir = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (config_dir, "compare.json", NULL);
  g_autofree char *json = g_strdup_printf ("{\"npu_path\": \"%s\"}", dump_dir);
  MsvisGraphJob job = { config, (char *)out_dir, overflow_check, FALSE, FALSE, NULL, "T" };

  msvis_test_write (config_dir, "compare.json", json, -1);
  return msvis_graph_job_run (&job, NULL, NULL, NULL, error);
}

/* The .vis of a FILES dump, as text. */
char *
msvis_test_build_vis (const char *dir,
                      gboolean    overflow_check)
{
  g_autofree char *out = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = msvis_test_run_job (dir, out, overflow_check, &error);
  char *contents = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 1);
  g_file_get_contents (g_ptr_array_index (written, 0), &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

guint
msvis_test_count_files (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  if (dir != NULL)
    while (g_dir_read_name (dir) != NULL)
      n++;
  return n;
}

/* Fails the test, never skips it, when the fixture is missing: a renamed or deleted reference
 * file must not quietly turn a golden case into a pass. */
char *
msvis_test_reference (const char *relative)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", "reference", relative, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("%s: msprobe's reference fixture is missing (tests/data/reference)", path);
  return path;
}

gpointer
msvis_test_open_db (const char *path)
{
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *escaped = g_uri_escape_string (path, "/", FALSE);
  /* A -wal that msprobe left holds rows; immutable=1 would not see them. */
  g_autofree char *uri = g_strconcat ("file:", escaped,
                                      g_file_test (wal, G_FILE_TEST_EXISTS) ? "?mode=ro"
                                                                            : "?immutable=1",
                                      NULL);
  sqlite3 *db = NULL;

  g_assert_cmpint (sqlite3_open_v2 (uri, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, NULL), ==,
                   SQLITE_OK);
  return db;
}

char *
msvis_test_data_path (const char *base,
                      const char *relative)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", base, relative, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    g_error ("%s: a reference fixture is missing (tests/data/%s)", path, base);
  return path;
}

char *
msvis_test_data_db (const char *base,
                    const char *case_name)
{
  g_autofree char *relative = g_build_filename ("out", case_name, NULL);
  g_autofree char *dir_path = msvis_test_data_path (base, relative);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  char *found = NULL;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".vis.db"))
      {
        g_assert_null (found);
        found = g_build_filename (dir_path, name, NULL);
      }
  g_assert_nonnull (found);
  return found;
}

const char *
msvis_test_parent_of (MsvisGraph *graph,
                      const char *id,
                      const char *root_text)
{
  MsvisNodeId node = msvis_graph_lookup (graph, id);
  MsvisNodeId parent;

  g_assert_cmpuint (node, !=, MSVIS_NODE_ID_NONE);
  parent = msvis_graph_node_get_parent (graph, node);
  return parent == MSVIS_NODE_ID_NONE ? root_text : msvis_graph_node_get_id (graph, parent);
}

char *
msvis_test_children_of (MsvisGraph *graph,
                        const char *id)
{
  GString *s = g_string_new (NULL);
  MsvisNodeId node = msvis_graph_lookup (graph, id);

  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (graph, c))
    g_string_append_printf (s, "%s%s", s->len ? " " : "", msvis_graph_node_get_id (graph, c));
  return g_string_free (s, FALSE);
}

int
msvis_test_run_msvis (const char         *cwd,
                      const char         *command,
                      const char *const  *args,
                      char              **out,
                      char              **err)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) argv = NULL;
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);
  g_autoptr(GError) error = NULL;
  g_autofree char *ignored_out = NULL, *ignored_err = NULL;
  const char *bin = g_getenv ("MSVIS_BIN");
  int status;

  g_assert_nonnull (bin);
  g_strv_builder_add (builder, bin);
  if (command != NULL)
    g_strv_builder_add (builder, command);
  g_strv_builder_addv (builder, (const char **)args);
  argv = g_strv_builder_end (builder);
  env = g_environ_unsetenv (env, "LANGUAGE");
  /* Never the test's own stdout: TAP reads it. */
  g_assert_true (g_spawn_sync (cwd, argv, env, G_SPAWN_DEFAULT, NULL, NULL,
                               out ? out : &ignored_out, err ? err : &ignored_err, &status,
                               &error));
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
}

char *
msvis_test_item_names (MsvisGraph  *graph,
                       MsvisNodeId  node,
                       gboolean     inputs,
                       char         separator)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GString *out = g_string_new (NULL);
  guint32 n, first = inputs ? msvis_graph_node_get_inputs (graph, node, &n)
                            : msvis_graph_node_get_outputs (graph, node, &n);

  for (guint32 i = 0; i < n; i++)
    {
      const char *key = msvis_graph_get_item (graph, first + i)->key;

      if (g_hash_table_add (seen, (char *)key))
        g_string_append_printf (out, "%s%c", key, separator);
    }
  return g_string_free (out, FALSE);
}

MsvisVisDocument *
msvis_test_load_first_graph (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisSource) source = msvis_vis_source_open (file, NULL, &error);
  MsvisVisDocument *doc;

  g_assert_no_error (error);
  g_assert_cmpuint (msvis_vis_source_get_graphs (source)->len, >, 0);
  doc = msvis_vis_source_load (source, g_array_index (msvis_vis_source_get_graphs (source),
                                                      MsvisVisGraphKey, 0), NULL, &error);
  g_assert_no_error (error);
  return doc;
}

GBytes *
msvis_test_vis_bytes (MsvisVisDocument *doc,
                      gboolean          drop_md5)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  MsvisVisOptions options = { .overflow_check = msvis_vis_document_get_overflow_check (doc) };
  MsvisVisCompare compare;

  g_assert_true (msvis_vis_document_ensure_all_data (doc, NULL, &error));
  msvis_vis_document_get_compare (doc, &compare);
  compare.drop_md5 = drop_md5;
  g_assert_true (msvis_vis_write_compare (msvis_vis_document_get_npu (doc), &compare, &options,
                                          stream, NULL, &error));
  g_assert_no_error (error);
  g_output_stream_close (stream, NULL, NULL);
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (stream));
}

MsvisVisDocument *
msvis_test_read_reference (const char *relative)
{
  g_autofree char *path = msvis_test_reference (relative);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MsvisVisDocument *doc = msvis_vis_read (file, MSVIS_VIS_READ_DEFAULT, NULL, &error);

  g_assert_no_error (error);
  return doc;
}

MsvisVisDocument *
msvis_test_read_reference_db (const char *relative)
{
  g_autofree char *path = msvis_test_reference (relative);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDb) db = msvis_vis_db_open (path, &error);
  MsvisVisDocument *doc;

  g_assert_no_error (error);
  doc = msvis_vis_db_load (db, 0, 0, NULL, &error);
  g_assert_no_error (error);
  return doc;
}

guint
msvis_test_count_below (MsvisGraph  *graph,
                        MsvisNodeId  node)
{
  guint n = 1;

  for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node); c != MSVIS_NODE_ID_NONE;
       c = msvis_graph_node_get_next_sibling (graph, c))
    n += msvis_test_count_below (graph, c);
  return n;
}
