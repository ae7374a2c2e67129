// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "msvis-dump-build.h"
#include "msvis-reader-error.h"
#include "msvis-test-util.h"
#include "msvis-vis-source.h"

/* msvis_dump_build_async(): what the window's Build button runs. */

static char *tmp_root;   /* TMPDIR of this test: the build's private folders appear here */
static GThread *main_thread;

typedef struct
{
  GFile    *result;
  GError   *error;
  gboolean  finished;
  guint     n_progress;
  gboolean  cancel_on_progress;
  GCancellable *cancellable;
} Run;

static void
progress_cb (const char *message,
             gpointer    user_data)
{
  Run *run = user_data;

  g_assert_true (g_thread_self () == main_thread);
  g_assert_false (run->finished);
  g_assert_nonnull (message);
  run->n_progress++;
  if (run->cancel_on_progress)
    g_cancellable_cancel (run->cancellable);
}

static void
build_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  Run *run = user_data;

  g_assert_true (g_thread_self () == main_thread);
  run->result = msvis_dump_build_finish (result, &run->error);
  g_assert_true ((run->result == NULL) != (run->error == NULL));
  run->finished = TRUE;
}

static void
run_clear (Run *run)
{
  g_clear_object (&run->result);
  g_clear_error (&run->error);
  g_clear_object (&run->cancellable);
  *run = (Run) { 0 };
}

static void
run_build (const MsvisDumpBuildOptions *options,
           Run                         *run)
{
  msvis_dump_build_async (options, run->cancellable, progress_cb, run, build_cb, run);
  while (!run->finished)
    g_main_context_iteration (NULL, TRUE);
  /* A progress idle still pending must not call back now. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static GFile *
sample (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", name,
                                                 NULL);

  return g_file_new_for_path (path);
}

static void
replace_file (GFile **slot,
              GFile  *file)
{
  g_clear_object (slot);
  *slot = file;
}

static MsvisDumpBuildOptions *
options_new (const char *out_dir)
{
  MsvisDumpBuildOptions *options = msvis_dump_build_options_new ();

  options->output_dir = g_file_new_for_path (out_dir);
  return options;
}

/* Nothing of the build's own is left in the temporary folder. */
static void
assert_no_private_dirs (void)
{
  g_autoptr(GDir) dir = g_dir_open (tmp_root, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_assert_false (g_str_has_prefix (name, "msvis-build-"));
}

static MsvisVisDocument *
open_result (GFile *file)
{
  g_autoptr(MsvisVisSource) source = NULL;
  g_autoptr(GError) error = NULL;
  const GArray *graphs;
  MsvisVisDocument *document;

  source = msvis_vis_source_open (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (msvis_vis_source_is_db (source));
  graphs = msvis_vis_source_get_graphs (source);
  g_assert_cmpuint (graphs->len, ==, 1);
  document = msvis_vis_source_load (source, g_array_index (graphs, MsvisVisGraphKey, 0),
                                    NULL, &error);
  g_assert_no_error (error);
  return document;
}

static void
assert_result (Run        *run,
               const char *out_dir,
               const char *prefix,
               gboolean    is_compare)
{
  g_autoptr(MsvisVisDocument) document = NULL;
  g_autofree char *parent = NULL;
  g_autofree char *base = NULL;

  g_assert_no_error (run->error);
  g_assert_nonnull (run->result);
  g_assert_cmpuint (run->n_progress, >=, 1);
  parent = g_path_get_dirname (g_file_peek_path (run->result));
  base = g_file_get_basename (run->result);
  g_assert_cmpstr (parent, ==, out_dir);
  g_assert_true (g_str_has_prefix (base, prefix));
  g_assert_true (g_str_has_suffix (base, ".vis.db"));
  g_assert_cmpuint (msvis_test_count_files (out_dir), ==, 1);

  document = open_result (run->result);
  g_assert_cmpint (msvis_vis_document_is_compare (document), ==, is_compare);
  g_assert_nonnull (msvis_vis_document_get_npu (document));
  g_assert_cmpuint (msvis_graph_get_n_nodes (msvis_vis_document_get_npu (document)), >, 0);
  g_assert_true ((msvis_vis_document_get_bench (document) != NULL) == is_compare);
  assert_no_private_dirs ();
}

/* A parallel merge written back as dumps (graph_visualize --file_type json) whose graph kept
 * no trace: what it builds is row for row one rank's result, and only dump.json's
 * "is_merged": true said otherwise. The window opens the result it built as merged, not as
 * "rank 0"; the same calls from one rank's dump stay "rank 0". */
static void
test_merged_dump (void)
{
  const char *dumps[] = { "reference-2026/out/build_merge_json",
                          "reference/inputs/fx/pt_dist/npu/rank0" };
  const char *wanted[] = { "Build · step 0 · merged", "Build · step 0 · rank 0" };

  for (guint i = 0; i < G_N_ELEMENTS (dumps); i++)
    {
      g_autofree char *out = msvis_test_make_dir ();
      g_autofree char *dump = g_test_build_filename (G_TEST_DIST, "data", dumps[i], NULL);
      g_autoptr(MsvisDumpBuildOptions) options = options_new (out);
      g_autoptr(MsvisVisDocument) document = NULL;
      g_autofree char *subtitle = NULL;
      Run run = { 0 };

      options->npu_dir = g_file_new_for_path (dump);
      run_build (options, &run);
      g_assert_no_error (run.error);
      g_assert_cmpint (g_object_get_data (G_OBJECT (run.result), MSVIS_VIS_SOURCE_MERGED_DUMP)
                       != NULL, ==, i == 0);
      document = open_result (run.result);
      subtitle = msvis_vis_document_describe (document, -1);
      g_assert_cmpstr (subtitle, ==, wanted[i]);
      run_clear (&run);
      msvis_test_remove_tree (out);
    }
}

static void
test_build (void)
{
  g_autofree char *out = msvis_test_make_dir ();
  g_autoptr(MsvisDumpBuildOptions) options = options_new (out);
  Run run = { 0 };

  options->npu_dir = sample ("llama/npu");
  options->overflow_check = TRUE;
  run_build (options, &run);
  assert_result (&run, out, "build_", FALSE);
  run_clear (&run);
}

static void
test_compare (void)
{
  g_autofree char *out = msvis_test_make_dir ();
  g_autoptr(MsvisDumpBuildOptions) options = options_new (out);
  Run run = { 0 };

  options->npu_dir = sample ("llama/npu");
  options->bench_dir = sample ("llama/bench");
  options->fuzzy_match = TRUE;
  run_build (options, &run);
  assert_result (&run, out, "compare_", TRUE);
  run_clear (&run);
}

static void
test_config_file (void)
{
  g_autofree char *out = msvis_test_make_dir ();
  g_autoptr(MsvisDumpBuildOptions) options = options_new (out);
  Run run = { 0 };

  /* Its paths are relative to its own folder. */
  options->config_file = sample ("compare.json");
  options->layer_mapping = g_strdup ("");
  run_build (options, &run);
  assert_result (&run, out, "compare_", TRUE);
  run_clear (&run);
}

static void
copy_sample_dump (const char *side,
                  const char *to)
{
  const char *names[] = { "construct.json", "dump.json", "stack.json" };

  g_mkdir_with_parents (to, 0755);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GFile) dir = sample (side);
      g_autoptr(GFile) from = g_file_get_child (dir, names[i]);
      g_autofree char *path = g_build_filename (to, names[i], NULL);
      g_autoptr(GFile) dest = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;

      g_file_copy (from, dest, G_FILE_COPY_NONE, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
    }
}

/* The temporary compare.json must escape what JSON cannot hold as it is. */
static void
test_awkward_paths (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autofree char *npu = g_build_filename (root, "npu \"quoted\" back\\slash\ttab 模型", NULL);
  g_autofree char *bench = g_build_filename (root, "bench {\"x\": 1} 标杆", NULL);
  g_autofree char *out = g_build_filename (root, "结果 out", NULL);
  g_autoptr(MsvisDumpBuildOptions) options = options_new (out);
  Run run = { 0 };

  copy_sample_dump ("llama/npu", npu);
  copy_sample_dump ("llama/bench", bench);
  options->npu_dir = g_file_new_for_path (npu);
  options->bench_dir = g_file_new_for_path (bench);
  run_build (options, &run);
  assert_result (&run, out, "compare_", TRUE);
  run_clear (&run);
}

static void
assert_failed (Run        *run,
               const char *out_dir,
               const char *names)
{
  g_assert_nonnull (run->error);
  g_assert_null (run->result);
  g_test_message ("%s", run->error->message);
  g_assert_true (strstr (run->error->message, names) != NULL);
  g_assert_cmpuint (msvis_test_count_files (out_dir), ==, 0);
  assert_no_private_dirs ();
}

static void
test_missing_folder (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (root, "out", NULL);
  g_autofree char *npu = g_build_filename (root, "no such dump", NULL);
  g_autoptr(MsvisDumpBuildOptions) options = options_new (out);
  Run run = { 0 };

  g_mkdir (out, 0700);
  options->npu_dir = sample ("llama/npu");
  options->bench_dir = g_file_new_for_path (npu);
  run_build (options, &run);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  assert_failed (&run, out, npu);
  run_clear (&run);

  g_clear_object (&options->bench_dir);
  replace_file (&options->npu_dir, g_file_new_for_path (npu));
  run_build (options, &run);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  assert_failed (&run, out, npu);
  run_clear (&run);
}

static void
test_not_a_dump (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (root, "out", NULL);
  g_autofree char *notes = g_build_filename (root, "notes", NULL);
  g_autofree char *mixed = g_build_filename (root, "mixed", NULL);
  g_autoptr(MsvisDumpBuildOptions) options = options_new (out);
  Run run = { 0 };

  g_mkdir (out, 0700);
  /* Only files, but not a dump's: the build names the file it looked for. */
  msvis_test_write (notes, "notes.txt", "hello", -1);
  options->npu_dir = g_file_new_for_path (notes);
  run_build (options, &run);
  assert_failed (&run, out, notes);
  run_clear (&run);

  /* Neither files nor rank nor step folders. */
  msvis_test_write (mixed, "rank0/dump.json", "{}", -1);
  msvis_test_write (mixed, "checkpoints/model.pt", "", 0);
  replace_file (&options->npu_dir, g_file_new_for_path (mixed));
  run_build (options, &run);
  g_assert_error (run.error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_LAYOUT);
  assert_failed (&run, out, mixed);
  run_clear (&run);

  /* A file where a folder belongs. */
  replace_file (&options->npu_dir, sample ("compare.json"));
  run_build (options, &run);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_NOT_DIRECTORY);
  assert_failed (&run, out, "compare.json");
  run_clear (&run);
}

static void
test_cancelled_before (void)
{
  g_autofree char *out = msvis_test_make_dir ();
  g_autoptr(MsvisDumpBuildOptions) options = options_new (out);
  Run run = { 0 };

  options->npu_dir = sample ("llama/npu");
  options->bench_dir = sample ("llama/bench");
  run.cancellable = g_cancellable_new ();
  g_cancellable_cancel (run.cancellable);
  run_build (options, &run);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  assert_failed (&run, out, "");
  run_clear (&run);
}

/* Cancelled on the first message: whether the worker is still comparing or has already
 * committed the file by then, the run ends cancelled and nothing is left. */
static void
test_cancelled_during (void)
{
  g_autofree char *root = msvis_test_make_dir ();
  g_autofree char *out = g_build_filename (root, "out", NULL);
  g_autoptr(MsvisDumpBuildOptions) options = options_new (out);

  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *npu = g_strdup_printf ("%s/npu/rank%u", root, i);
      g_autofree char *bench = g_strdup_printf ("%s/bench/rank%u", root, i);

      copy_sample_dump ("llama/npu", npu);
      copy_sample_dump ("llama/bench", bench);
    }
  g_mkdir (out, 0700);
  options->npu_dir = g_file_new_build_filename (root, "npu", NULL);
  options->bench_dir = g_file_new_build_filename (root, "bench", NULL);

  for (guint attempt = 0; attempt < 20; attempt++)
    {
      Run run = { .cancel_on_progress = TRUE, .cancellable = g_cancellable_new () };

      run_build (options, &run);
      g_assert_cmpuint (run.n_progress, >=, 1);
      g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      assert_failed (&run, out, "");
      run_clear (&run);
    }
}

static gboolean
has_visible_file (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (name[0] != '.')
      return TRUE;
  return FALSE;
}

/* Cancelled when the worker has written the file but the caller has not taken it yet. */
static void
test_cancelled_after_done (void)
{
  g_autofree char *out = msvis_test_make_dir ();
  g_autoptr(MsvisDumpBuildOptions) options = options_new (out);
  Run run = { .cancellable = g_cancellable_new () };

  options->npu_dir = sample ("llama/npu");
  msvis_dump_build_async (options, run.cancellable, NULL, NULL, build_cb, &run);
  /* The sample takes some 50 ms; the main loop does not run meanwhile, so the result waits. */
  for (guint i = 0; i < 100 && !has_visible_file (out); i++)
    g_usleep (20 * 1000);
  g_usleep (100 * 1000);
  g_cancellable_cancel (run.cancellable);
  while (!run.finished)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  assert_failed (&run, out, "");
  run_clear (&run);
}

static void
test_default_output_dir (void)
{
  g_autoptr(GFile) dir = msvis_dump_build_default_output_dir ();
  g_autofree char *expected = g_build_filename (g_get_user_cache_dir (), "msvis", "results",
                                                NULL);
  GStatBuf st;

  g_assert_cmpstr (g_file_peek_path (dir), ==, expected);
  g_assert_cmpint (g_stat (expected, &st), ==, 0);
  g_assert_true (S_ISDIR (st.st_mode));
  g_assert_cmpint (st.st_mode & 0777, ==, 0700);
}

static void
test_options_copy (void)
{
  g_autoptr(MsvisDumpBuildOptions) options = msvis_dump_build_options_new ();
  g_autoptr(MsvisDumpBuildOptions) copy = NULL;

  options->npu_dir = g_file_new_for_path ("/npu");
  options->layer_mapping = g_strdup ("map.yaml");
  options->overflow_check = TRUE;
  copy = g_boxed_copy (MSVIS_TYPE_DUMP_BUILD_OPTIONS, options);
  g_assert_true (copy->npu_dir == options->npu_dir);
  g_assert_null (copy->bench_dir);
  g_assert_cmpstr (copy->layer_mapping, ==, "map.yaml");
  g_assert_true (copy->layer_mapping != options->layer_mapping);
  g_assert_true (copy->overflow_check);
}

int
main (int   argc,
      char *argv[])
{
  const char *tmp = g_getenv ("TMPDIR");
  int status;

  /* Before anything asks GLib for them, the private folders and the cache are sent here; not
   * from g_get_tmp_dir (), which keeps its first answer for the whole process. */
  tmp_root = g_build_filename (tmp && *tmp ? tmp : "/tmp", "msvis-test-dump-build-XXXXXX",
                               NULL);
  g_assert_nonnull (g_mkdtemp (tmp_root));
  g_setenv ("TMPDIR", tmp_root, TRUE);
  g_setenv ("XDG_CACHE_HOME", tmp_root, TRUE);
  main_thread = g_thread_self ();

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dump-build/build", test_build);
  g_test_add_func ("/dump-build/merged-dump", test_merged_dump);
  g_test_add_func ("/dump-build/compare", test_compare);
  g_test_add_func ("/dump-build/config-file", test_config_file);
  g_test_add_func ("/dump-build/awkward-paths", test_awkward_paths);
  g_test_add_func ("/dump-build/missing-folder", test_missing_folder);
  g_test_add_func ("/dump-build/not-a-dump", test_not_a_dump);
  g_test_add_func ("/dump-build/cancelled-before", test_cancelled_before);
  g_test_add_func ("/dump-build/cancelled-during", test_cancelled_during);
  g_test_add_func ("/dump-build/cancelled-after-done", test_cancelled_after_done);
  g_test_add_func ("/dump-build/default-output-dir", test_default_output_dir);
  g_test_add_func ("/dump-build/options-copy", test_options_copy);
  status = g_test_run ();

  msvis_test_remove_tree (tmp_root);
  g_free (tmp_root);
  return status;
}
