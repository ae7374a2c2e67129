// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <png.h>
#include <string.h>
#include <unistd.h>

#include "msvis-export-job.h"
#include "msvis-graph-job.h"
#include "msvis-layout-engine.h"
#include "msvis-vis-source.h"
#include "msvis-test-util.h"

typedef struct
{
  guint   width;
  guint   height;
  guint8 *rgb;
} Picture;

static void
picture_free (Picture *p)
{
  g_free (p->rgb);
  g_free (p);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Picture, picture_free)

static Picture *
read_png (const char *path)
{
  png_image image = { .version = PNG_IMAGE_VERSION };
  Picture *p = g_new0 (Picture, 1);

  g_assert_true (png_image_begin_read_from_file (&image, path));
  image.format = PNG_FORMAT_RGB;
  p->width = image.width;
  p->height = image.height;
  p->rgb = g_malloc (PNG_IMAGE_SIZE (image));
  g_assert_true (png_image_finish_read (&image, NULL, p->rgb, 0, NULL));
  return p;
}

/* Pixels that are not the white background, in rows [y0, y1) and columns [x0, x1). */
static guint64
count_ink (const Picture *p,
           guint          x0,
           guint          x1,
           guint          y0,
           guint          y1)
{
  guint64 n = 0;

  for (guint y = y0; y < y1; y++)
    for (guint x = x0; x < x1; x++)
      {
        const guint8 *px = p->rgb + ((gsize) y * p->width + x) * 3;

        n += px[0] < 250 || px[1] < 250 || px[2] < 250;
      }
  return n;
}

static char *
sample_compare (const char *out_dir)
{
  g_autofree char *samples = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", NULL);
  g_autofree char *config_dir = msvis_test_make_dir ();
  g_autofree char *json = g_strdup_printf ("{\"npu_path\": \"%s/llama/npu\", "
                                           "\"bench_path\": \"%s/llama/bench\"}",
                                           samples, samples);
  g_autofree char *config = g_build_filename (config_dir, "compare.json", NULL);
  MsvisGraphJob job = { config, (char *) out_dir, TRUE, FALSE, FALSE, NULL, "T" };
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;

  msvis_test_write (config_dir, "compare.json", json, -1);
  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, >=, 1);
  return g_strdup (g_ptr_array_index (written, 0));
}

static gboolean
run_command (const char  *command,
             const char  *input,
             const char  *output,
             const char  *option,
             char       **err)
{
  const char *argv[] = { g_getenv ("MSVIS_BIN"), command, input, "-o", output, option, NULL };
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, err,
                &status, &error);
  g_assert_no_error (error);
  return g_spawn_check_wait_status (status, NULL);
}

static gboolean
run_export (const char  *input,
            const char  *output,
            const char  *option,
            char       **err)
{
  return run_command ("export", input, output, option, err);
}

static char *
run_tool (const char *tool,
          const char *arg1,
          const char *arg2)
{
  g_autofree char *path = g_find_program_in_path (tool);
  const char *argv[] = { path, arg1, arg2, NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  if (path == NULL)
    return NULL;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL,
                &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static void
test_formats (void)
{
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *vis = sample_compare (out);
  g_autofree char *png = g_build_filename (out, "all.png", NULL);
  g_autofree char *svg = g_build_filename (out, "errors.svg", NULL);
  g_autofree char *pdf = g_build_filename (out, "depth.pdf", NULL);
  g_autofree char *link = g_build_filename (out, "link.png", NULL);
  g_autofree char *err = NULL;
  g_autofree char *info = NULL;
  g_autofree char *svg_text = NULL;
  g_autofree char *lint = NULL;
  g_autoptr(Picture) picture = NULL;

  g_assert_true (run_export (vis, png, "--expand-all", NULL));
  picture = read_png (png);
  g_assert_cmpuint (picture->width, >, 600);
  g_assert_cmpuint (picture->height, >, 600);
  /* Boxes in both halves, not a white page. */
  g_assert_cmpuint (count_ink (picture, 0, picture->width / 2, 0, picture->height), >, 10000);
  g_assert_cmpuint (count_ink (picture, picture->width / 2, picture->width, 0, picture->height),
                    >, 10000);

  g_assert_true (run_export (vis, svg, "--errors", NULL));
  g_assert_true (g_file_get_contents (svg, &svg_text, NULL, NULL));
  g_assert_nonnull (strstr (svg_text, "<svg"));
  lint = run_tool ("xmllint", "--noout", svg);   /* asserts it exits 0 */
  if (lint == NULL)
    g_test_message ("xmllint is not installed: the SVG was not validated");

  g_assert_true (run_export (vis, pdf, "--depth=2", NULL));
  info = run_tool ("pdfinfo", pdf, NULL);
  if (info != NULL)
    g_assert_nonnull (strstr (info, "Pages:           1"));
  else
    g_test_message ("pdfinfo is not installed: the PDF was not opened");

  /* Nothing is replaced, and a refused run leaves nothing behind. */
  g_assert_false (run_export (vis, png, "--expand-all", &err));
  g_assert_nonnull (strstr (err, "already exists"));
  g_clear_pointer (&err, g_free);
  g_assert_false (run_export (vis, "picture.jpeg", "--expand-all", &err));
  g_assert_nonnull (strstr (err, ".png, .svg or .pdf"));
  g_clear_pointer (&err, g_free);
  g_assert_false (run_export ("/nonexistent/x.vis", "/nonexistent/x.png", "--errors", &err));
  g_assert_nonnull (strstr (err, "/nonexistent/x.vis"));
  g_assert_cmpuint (msvis_test_count_files (out), ==, 4);

  /* --force replaces a file, never what a symbolic link leads to. */
  g_assert_true (g_file_set_contents (png, "mine", -1, NULL));
  g_assert_true (run_export (vis, png, "--force", NULL));
  g_clear_pointer (&picture, picture_free);
  picture = read_png (png);
  g_assert_cmpuint (picture->width, >, 100);
  g_assert_cmpint (symlink (png, link), ==, 0);
  g_clear_pointer (&err, g_free);
  g_assert_false (run_export (vis, link, "--force", &err));
  g_assert_nonnull (strstr (err, "symbolic link"));
  g_assert_cmpuint (msvis_test_count_files (out), ==, 5);
  msvis_test_remove_tree (out);
}

/* A root holding @n containers (one row each, as tb_graph_ascend stacks them) named @width
 * characters long, each with one child. */
static MsvisGraph *
make_graph (guint n,
            guint width)
{
  MsvisGraph *graph = msvis_graph_new ();

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("Module.%0*u.Block.forward.0", (int) width, i);
      g_autofree char *leaf = g_strdup_printf ("Torch.matmul.%u.forward", i);
      MsvisNodeId module = msvis_graph_add_node (graph, MSVIS_NODE_MODULE, name);

      msvis_graph_node_attach (graph, module, msvis_graph_get_root (graph));
      msvis_graph_node_attach (graph, msvis_graph_add_node (graph, MSVIS_NODE_API, leaf), module);
    }
  return graph;
}

/* Drawn @width pixels wide, or at scale 1 when @width is 0. */
static Picture *
export_graph (MsvisGraph *graph,
              guint       width)
{
  g_autoptr(MsvisLayoutEngine) engine = msvis_layout_engine_new (graph);
  g_autoptr(GHashTable) expanded = g_hash_table_new (NULL, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisLayout) layout = msvis_layout_engine_run (engine, expanded, -1, NULL, &error);
  g_autoptr(MsvisExportScene) scene = msvis_export_scene_new ("big", "Build");
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "big.png", NULL);
  Picture *picture;
  guint64 w, h;
  guint n = msvis_graph_get_n_nodes (graph);
  g_autofree MsvisRgba *fills = g_new (MsvisRgba, n);

  g_assert_no_error (error);

  /* Coloured, so that the containers' bodies are ink too. */
  for (guint i = 0; i < n; i++)
    fills[i] = (MsvisRgba) { 1, 0.44, 0.33, 1 };
  msvis_export_scene_add_side (scene, "", layout, fills, n, NULL);
  msvis_export_scene_get_size (scene, MSVIS_EXPORT_PNG, &w, &h);
  msvis_export_scene_set_scale (scene, width > 0 ? (double) width / w : 1);
  msvis_export_scene_write (scene, path, MSVIS_EXPORT_PNG, MSVIS_SAFE_FILE_DEFAULT, NULL,
                            &error);
  g_assert_no_error (error);
  msvis_export_scene_get_size (scene, MSVIS_EXPORT_PNG, &w, &h);
  picture = read_png (path);
  g_assert_cmpuint (picture->width, ==, w);
  g_assert_cmpuint (picture->height, ==, h);
  msvis_test_remove_tree (dir);
  return picture;
}

static void
test_tall_png (void)
{
  g_autoptr(MsvisGraph) graph = make_graph (1000, 1);
  g_autoptr(Picture) p = export_graph (graph, 0);
  guint last_tenth = p->height - p->height / 10;

  /* Taller than cairo can draw at once, and drawn to the end: the last tenth of the rows has
   * as many boxes as the first tenth after the title. */
  g_assert_cmpuint (p->height, >, 32767);
  g_assert_cmpuint (count_ink (p, 0, p->width, last_tenth, p->height - 30), >,
                    count_ink (p, 0, p->width, p->height / 10, p->height / 5) / 2);
}

static void
test_wide_png (void)
{
  g_autoptr(MsvisGraph) graph = make_graph (2, 80);
  g_autoptr(Picture) p = export_graph (graph, 9500);

  /* Wider than one drawing tile (8192 px): both sides of the seam are drawn. */
  g_assert_cmpuint (p->width, >=, 9499);
  g_assert_cmpuint (count_ink (p, 8192, p->width - 60, 0, p->height), >, 10000);
  g_assert_cmpuint (count_ink (p, 8100, 8192, 0, p->height), >, 100);
  g_assert_cmpuint (count_ink (p, 8192, 8284, 0, p->height), >, 100);
}

static void
test_expansion (void)
{
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *vis = sample_compare (out);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisVisDocument) doc = msvis_export_open_document (vis, -1, -1, NULL, NULL, &error);
  g_autoptr(GHashTable) root = NULL, all = NULL, depth = NULL, errors = NULL, to = NULL;
  MsvisGraph *npu;
  MsvisNodeId target = MSVIS_NODE_ID_NONE;
  guint containers = 0;

  g_assert_no_error (error);
  npu = msvis_vis_document_get_npu (doc);
  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (npu); node++)
    if (msvis_graph_node_get_n_children (npu, node) > 0)
      {
        containers++;
        MsvisNodeId parent = msvis_graph_node_get_parent (npu, node);

        /* A leaf two levels down: its path opens two containers. */
        if (target == MSVIS_NODE_ID_NONE && parent != MSVIS_NODE_ID_NONE
            && parent != msvis_graph_get_root (npu))
          target = msvis_graph_node_get_first_child (npu, node);
      }

  root = msvis_export_expanded_set (doc, FALSE, MSVIS_EXPAND_ROOT, 0, NULL, &error);
  all = msvis_export_expanded_set (doc, FALSE, MSVIS_EXPAND_ALL, 0, NULL, &error);
  depth = msvis_export_expanded_set (doc, FALSE, MSVIS_EXPAND_DEPTH, 1, NULL, &error);
  errors = msvis_export_expanded_set (doc, TRUE, MSVIS_EXPAND_ERRORS, 0, NULL, &error);
  to = msvis_export_expanded_set (doc, TRUE, MSVIS_EXPAND_TO, 0,
                                  msvis_graph_node_get_id (npu, target), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (root), ==, 0);
  g_assert_cmpuint (g_hash_table_size (all), ==, containers);
  g_assert_cmpuint (g_hash_table_size (depth), ==, 1);
  g_assert_true (g_hash_table_contains (depth, GUINT_TO_POINTER (msvis_graph_get_root (npu))));
  /* The sample's NPU side overflows: some divergences are open on the Bench side too. */
  g_assert_cmpuint (g_hash_table_size (errors), >, 0);
  /* An NPU node's path opens on the Bench side through its counterpart. */
  g_assert_cmpuint (g_hash_table_size (to), >=, 2);

  g_assert_null (msvis_export_expanded_set (doc, FALSE, MSVIS_EXPAND_TO, 0, "No.such.node",
                                            &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  msvis_test_remove_tree (out);
}

/* --depth on a chain of a million modules: walking up from every node was quadratic in the
 * depth (10^6 took over 200 s even with --depth 10), so before the fix this test ran into
 * the suite's timeout; linear, it takes about a second. */
static void
test_deep_chain (void)
{
  g_autoptr(MsvisVisDocument) doc = msvis_vis_document_new ();
  g_autoptr(GHashTable) depth = NULL;
  g_autoptr(GError) error = NULL;
  MsvisNodeId parent;
  const guint n = 1000000;

  msvis_vis_document_set_graphs (doc, msvis_graph_new (), NULL);
  parent = msvis_graph_get_root (msvis_vis_document_get_npu (doc));
  for (guint i = 0; i < n; i++)
    {
      char name[64];
      MsvisNodeId module;

      g_snprintf (name, sizeof name, "Module.m%u.M.forward.0", i);
      module = msvis_graph_add_node (msvis_vis_document_get_npu (doc), MSVIS_NODE_MODULE, name);
      msvis_graph_node_attach (msvis_vis_document_get_npu (doc), module, parent);
      parent = module;
    }

  depth = msvis_export_expanded_set (doc, FALSE, MSVIS_EXPAND_DEPTH, 10, NULL, &error);
  g_assert_no_error (error);
  /* The root and the first nine modules: the containers of the first ten levels. */
  g_assert_cmpuint (g_hash_table_size (depth), ==, 10);
  g_assert_true (g_hash_table_contains (depth, GUINT_TO_POINTER (
    msvis_graph_get_root (msvis_vis_document_get_npu (doc)))));
  g_assert_true (g_hash_table_contains (depth, GUINT_TO_POINTER (
    msvis_graph_lookup (msvis_vis_document_get_npu (doc), "Module.m8.M.forward.0"))));
  g_assert_false (g_hash_table_contains (depth, GUINT_TO_POINTER (
    msvis_graph_lookup (msvis_vis_document_get_npu (doc), "Module.m9.M.forward.0"))));
}

static guint
count_lines (const char *text,
             const char *prefix)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    n += g_str_has_prefix (lines[i], prefix);
  return n;
}

static void
test_report (void)
{
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *vis = sample_compare (out);
  g_autofree char *md = g_build_filename (out, "r.md", NULL);
  g_autofree char *csv = g_build_filename (out, "r.csv", NULL);
  g_autofree char *html = g_build_filename (out, "r.html", NULL);
  g_autofree char *md_text = NULL, *csv_text = NULL, *html_text = NULL, *err = NULL;
  guint rows;

  g_assert_true (run_command ("report", vis, md, NULL, NULL));
  g_assert_true (run_command ("report", vis, csv, NULL, NULL));
  g_assert_true (run_command ("report", vis, html, NULL, NULL));
  g_assert_true (g_file_get_contents (md, &md_text, NULL, NULL));
  g_assert_true (g_file_get_contents (csv, &csv_text, NULL, NULL));
  g_assert_true (g_file_get_contents (html, &html_text, NULL, NULL));

  /* The sample overflows: there are suspicious nodes, the same in every format. */
  rows = count_lines (md_text, "| ") - 1 - 1 - 1;   /* headers of both tables, overflow row */
  g_assert_nonnull (strstr (md_text, "Suspicious nodes"));
  g_assert_cmpuint (count_lines (csv_text, "node,bucket,"), ==, 1);
  g_assert_cmpuint (count_lines (html_text, "<tr><td>"), >, 0);
  g_assert_nonnull (strstr (html_text, "data:image/svg+xml;base64,"));
  g_assert_nonnull (strstr (md_text, "critical"));
  g_assert_cmpuint (rows, >, 0);

  g_assert_false (run_command ("report", vis, md, NULL, &err));
  g_assert_nonnull (strstr (err, "already exists"));
  g_clear_pointer (&err, g_free);
  g_assert_true (run_command ("report", vis, md, "--force", NULL));
  g_assert_false (run_command ("report", vis, "r.txt", NULL, &err));
  g_assert_nonnull (strstr (err, ".md, .html or .csv"));
  g_clear_pointer (&err, g_free);

  /* A file that fails to read: its name and place, and no GLib warning (the half-made report
   * was freed with two arrays it did not have yet). */
  g_free (vis);
  vis = g_test_build_filename (G_TEST_DIST, "data", "bad", "vis", "item-is-number.vis",
                               NULL);
  unlink (md);
  g_assert_false (run_command ("report", vis, md, NULL, &err));
  g_assert_nonnull (strstr (err, "item-is-number.vis, byte "));
  g_assert_null (strstr (err, "CRITICAL"));
  g_assert_null (strstr (err, "WARNING"));
  g_assert_false (g_file_test (md, G_FILE_TEST_EXISTS));
  msvis_test_remove_tree (out);
}

/* A folder of results has the layout of a one-rank dump (plain files): without a dump.json
 * it is read as results, not built. */
static void
test_results_folder (void)
{
  g_autofree char *results = msvis_test_make_dir ();
  g_autofree char *out = msvis_test_make_dir ();
  g_autofree char *vis = sample_compare (results);
  g_autofree char *png = g_build_filename (out, "folder.png", NULL);
  g_autofree char *err = NULL;
  g_autoptr(GFile) dir = g_file_new_for_path (results);

  g_assert_false (msvis_path_is_dump_dir (dir));
  g_assert_true (run_export (results, png, "--errors", &err));
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  msvis_test_remove_tree (results);
  msvis_test_remove_tree (out);
}

/* Runs @argv with @env added; its exit status and error output. */
static gboolean
run_with_env (const char *const  *argv,
              const char         *env,
              char              **err)
{
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (env != NULL)
    {
      g_auto(GStrv) pair = g_strsplit (env, "=", 2);

      envp = g_environ_setenv (envp, pair[0], pair[1], TRUE);
    }
  g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, err,
                &status, &error);
  g_assert_no_error (error);
  return g_spawn_check_wait_status (status, NULL);
}

/* `msvis graph` and the other commands that do not draw start without GTK; the drawing ones
 * load the module, and say so clearly when it is not there. */
static void
test_desktop_module (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *vis = sample_compare (dir);
  g_autofree char *moved = g_build_filename (dir, "msvis", NULL);
  g_autofree char *installed = g_build_filename (MODULEDIR, DESKTOP_MODULE_FILE, NULL);
  g_autofree char *contents = NULL, *err = NULL;
  gsize length;

  const char *version[] = { g_getenv ("MSVIS_BIN"), "--version", NULL };
  const char *inspect[] = { moved, "inspect", vis, NULL };
  const char *export[] = { moved, "export", vis, "-o", "never-written.png", NULL };

  g_assert_true (run_with_env (version, "LD_DEBUG=libs", &err));
  g_assert_nonnull (strstr (err, "libglib-2.0.so"));   /* glibc did report what it loaded */
  g_assert_null (strstr (err, "libgtk-4.so"));
  g_assert_null (strstr (err, "libcairo.so"));
  g_clear_pointer (&err, g_free);

  /* Away from the build tree and from an installation, the drawing commands cannot run. */
  g_assert_true (g_file_get_contents (g_getenv ("MSVIS_BIN"), &contents, &length, NULL));
  g_assert_true (g_file_set_contents_full (moved, contents, length, G_FILE_SET_CONTENTS_NONE,
                                           0755, NULL));
  g_assert_true (run_with_env (inspect, NULL, NULL));
  if (!g_file_test (installed, G_FILE_TEST_EXISTS))
    {
      g_assert_false (run_with_env (export, NULL, &err));
      g_assert_nonnull (strstr (err, DESKTOP_MODULE_FILE));
      g_assert_nonnull (strstr (err, "could not be loaded"));
    }
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/export/formats", test_formats);
  g_test_add_func ("/export/expansion", test_expansion);
  g_test_add_func ("/export/deep-chain", test_deep_chain);
  g_test_add_func ("/export/tall-png", test_tall_png);
  g_test_add_func ("/export/wide-png", test_wide_png);
  g_test_add_func ("/export/report", test_report);
  g_test_add_func ("/export/results-folder", test_results_folder);
  g_test_add_func ("/export/desktop-module", test_desktop_module);

  return g_test_run ();
}
