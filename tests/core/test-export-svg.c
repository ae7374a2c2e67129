// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-export.h"
#include "msvis-layout-engine.h"
#include "msvis-render.h"
#include "msvis-test-util.h"
#include "msvis-vis-reader.h"

/* Exports as a report needs them (issue 26): the SVG keeps its words as <text>, which can be
 * selected and searched; paper shows no "+" expander marks. */

#define STAT "reference/cmp_stat/compare_20261121191907.vis"

static MsvisLayout *
closed_layout (MsvisVisDocument **doc_out)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", STAT, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  MsvisVisDocument *doc = msvis_vis_read (file, MSVIS_VIS_READ_DEFAULT, NULL, &error);
  g_autoptr(MsvisLayoutEngine) engine = NULL;
  g_autoptr(GHashTable) expanded = g_hash_table_new (NULL, NULL);
  MsvisLayout *layout;

  g_assert_no_error (error);
  engine = msvis_layout_engine_new (msvis_vis_document_get_npu (doc));
  layout = msvis_layout_engine_run (engine, expanded, -1, NULL, &error);
  g_assert_no_error (error);
  *doc_out = doc;
  return layout;
}

static void
test_svg_keeps_text (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisLayout) layout = closed_layout (&doc);
  g_autoptr(MsvisExportScene) scene = msvis_export_scene_new ("compare.vis", "Compare");
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autofree char *svg = NULL;

  msvis_export_scene_add_side (scene, "NPU", layout, NULL, 0, NULL);
  msvis_export_scene_add_bucket_legend (scene, NULL);
  g_assert_true (msvis_export_scene_write_to_stream (scene, MSVIS_EXPORT_SVG, stream, NULL,
                                                     &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (stream, NULL, NULL));
  svg = g_strndup (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (stream)),
                   g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (stream)));

  /* Node names, the title, the heading and the legend are words, not glyph outlines. */
  g_assert_nonnull (strstr (svg, "xml:space=\"preserve\">Module.conv1.Conv2d.forward.0</text>"));
  g_assert_nonnull (strstr (svg, ">compare.vis</text>"));
  g_assert_nonnull (strstr (svg, ">NPU</text>"));
  g_assert_nonnull (strstr (svg, ">Unmatched</text>"));
  g_assert_null (strstr (svg, "glyph"));
  /* Still one well-formed document: the text goes inside it. */
  g_assert_true (g_str_has_suffix (g_strchomp (svg), "</svg>"));
  g_assert_cmpuint (strstr (svg, "<g id=\"msvis-text\">") - svg, <, strlen (svg));
}

/* The "+" of a closed module is drawn in its right end, in the label's ink. */
static void
test_print_has_no_expander (void)
{
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisLayout) layout = closed_layout (&doc);
  MsvisGraph *graph = msvis_vis_document_get_npu (doc);
  const MsvisLayoutBox *box = NULL;
  MsvisRect bounds = msvis_layout_get_bounds (layout);
  guint32 mark[2];

  for (MsvisNodeId child = msvis_graph_node_get_first_child (graph, msvis_graph_get_root (graph));
       child != MSVIS_NODE_ID_NONE && box == NULL;
       child = msvis_graph_node_get_next_sibling (graph, child))
    {
      const MsvisLayoutBox *b = msvis_layout_lookup (layout, child);

      if (b != NULL && b->n_subnodes > 0 && !b->expanded)
        box = b;
    }
  g_assert_nonnull (box);

  for (guint print = 0; print < 2; print++)
    {
      cairo_surface_t *surface =
        cairo_image_surface_create (CAIRO_FORMAT_RGB24, (int) bounds.width + 1,
                                    (int) bounds.height + 1);
      cairo_t *cr = cairo_create (surface);
      MsvisRenderSide side = { layout, NULL, 1, FALSE, NULL, NULL, print };
      int x = (int) (box->rect.x + box->rect.width - 13 - bounds.x);
      int y = (int) (box->rect.y + box->rect.height / 2 - bounds.y);

      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      cairo_translate (cr, -bounds.x, -bounds.y);
      msvis_render_boxes (cr, &side, &bounds);
      cairo_surface_flush (surface);
      mark[print] = *(guint32 *) (cairo_image_surface_get_data (surface)
                                  + y * cairo_image_surface_get_stride (surface) + x * 4)
                    & 0xffffff;
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  g_assert_cmpuint (mark[0], !=, 0xffffff);   /* on screen: the mark's ink */
  g_assert_cmphex (mark[1], ==, 0xffffff);    /* printed: the box's white fill */
}

static char *
report (const char *dir,
        const char *name)
{
  g_autofree char *vis = g_test_build_filename (G_TEST_DIST, "data", STAT, NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  const char *argv[] = { g_getenv ("MSVIS_BIN"), "report", vis, "-o", path, NULL };
  g_autoptr(GError) error = NULL;
  char *text = NULL;
  int status = 0;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The HTML report reads as a report: its table before the pictures, a Stack column that
 * wraps inside the page, precision_index with a reader's digits (the CSV keeps them all). */
static void
test_html_report (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *html = report (dir, "r.html");
  g_autofree char *csv = report (dir, "r.csv");
  g_autoptr(GRegex) long_number = g_regex_new ("<td>0\\.[0-9]{6,}</td>", 0, 0, NULL);
  g_autoptr(GRegex) csv_number = g_regex_new (",0\\.[0-9]{6,},", 0, 0, NULL);
  const char *table = strstr (html, "<th>#</th>");
  const char *figure = strstr (html, "<figure>");

  g_assert_nonnull (table);
  g_assert_nonnull (figure);
  g_assert_true (table < figure);
  g_assert_nonnull (strstr (html, "td.stack{font-family:monospace;white-space:pre-wrap;"));
  g_assert_false (g_regex_match (long_number, html, 0, NULL));
  g_assert_true (g_regex_match (csv_number, csv, 0, NULL));
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export-svg/keeps-text", test_svg_keeps_text);
  g_test_add_func ("/export-svg/print-has-no-expander", test_print_has_no_expander);
  g_test_add_func ("/export-svg/html-report", test_html_report);
  return g_test_run ();
}
