// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>

#include "msvis-layout-engine.h"
#include "msvis-test-util.h"
#include "msvis-vis-reader.h"

/* A root with @n_modules modules of @n_leaves leaves each, then @n_tail leaves. */
static MsvisGraph *
make_graph (guint n_modules,
            guint n_leaves,
            guint n_tail)
{
  MsvisGraph *graph = msvis_graph_new ();
  MsvisNodeId root = msvis_graph_get_root (graph);

  for (guint m = 0; m < n_modules; m++)
    {
      g_autofree char *name = g_strdup_printf ("Module.layers.%u.Block.forward.0", m);
      MsvisNodeId module = msvis_graph_add_node (graph, MSVIS_NODE_MODULE, name);

      msvis_graph_node_attach (graph, module, root);
      for (guint l = 0; l < n_leaves; l++)
        {
          g_autofree char *leaf_name = g_strdup_printf ("Torch.matmul.%u.forward", m * 1000 + l);
          MsvisNodeId leaf = msvis_graph_add_node (graph, MSVIS_NODE_API, leaf_name);

          msvis_graph_node_attach (graph, leaf, module);
        }
    }
  for (guint l = 0; l < n_tail; l++)
    {
      g_autofree char *leaf_name = g_strdup_printf ("Tensor.__add__.%u.forward", l);
      MsvisNodeId leaf = msvis_graph_add_node (graph, MSVIS_NODE_API, leaf_name);

      msvis_graph_node_attach (graph, leaf, root);
    }
  return graph;
}

static MsvisLayout *
run_layout (MsvisLayoutEngine *engine,
            GHashTable        *expanded)
{
  g_autoptr(GError) error = NULL;
  MsvisLayout *layout = msvis_layout_engine_run (engine, expanded, -1, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (layout);
  return layout;
}

static gboolean
inside (const MsvisRect *inner,
        const MsvisRect *outer)
{
  return inner->x >= outer->x - 1e-6 && inner->y >= outer->y - 1e-6
         && inner->x + inner->width <= outer->x + outer->width + 1e-6
         && inner->y + inner->height <= outer->y + outer->height + 1e-6;
}

/* Children lie inside their parent below its title, never overlap, and read in call order:
 * left to right within a row, rows top to bottom. */
static void
check_geometry (MsvisLayout *layout)
{
  for (guint i = 0; i < msvis_layout_get_n_boxes (layout); i++)
    {
      const MsvisLayoutBox *box = msvis_layout_get_box (layout, i);

      for (guint c = 0; c < box->n_children; c++)
        {
          const MsvisLayoutBox *child = msvis_layout_get_box (layout, box->first_child + c);
          MsvisRect body = box->rect;

          body.y += MSVIS_LAYOUT_HEADER;
          body.height -= MSVIS_LAYOUT_HEADER;
          g_assert_true (inside (&child->rect, &body));
          g_assert_cmpuint (child->parent, ==, i);
          g_assert_cmpuint (child->depth, ==, box->depth + 1);
          if (c > 0)
            {
              const MsvisLayoutBox *prev = msvis_layout_get_box (layout, box->first_child + c - 1);
              gboolean same_row = fabs (prev->rect.y + prev->rect.height / 2
                                        - child->rect.y - child->rect.height / 2) < 0.5;

              g_assert_false (msvis_rect_intersects (&prev->rect, &child->rect));
              if (same_row)
                g_assert_cmpfloat (prev->rect.x + prev->rect.width, <=, child->rect.x);
              else
                g_assert_cmpfloat (prev->rect.y + prev->rect.height, <=, child->rect.y);
            }
        }
    }
}

static void
test_labels (void)
{
  g_assert_cmpstr (msvis_layout_short_label ("Module.layers.0.attn.Attention.forward.0", TRUE,
                                             TRUE), ==, "Module.layers.0.attn.Attention.forward.0");
  g_assert_cmpstr (msvis_layout_short_label ("Module.layers.0.attn.Attention.forward.0", FALSE,
                                             TRUE), ==, "attn.Attention.forward.0");
  g_assert_cmpstr (msvis_layout_short_label ("Module.model.layers.0.Block.forward.0", FALSE, TRUE),
                   ==, "layers.0.Block.forward.0");
  g_assert_cmpstr (msvis_layout_short_label ("Tensor.__add__.5.forward", FALSE, FALSE), ==,
                   "__add__.5.forward");
  g_assert_cmpstr (msvis_layout_short_label ("Torch.matmul.forward", FALSE, FALSE), ==,
                   "matmul.forward");
  g_assert_cmpstr (msvis_layout_short_label ("add", FALSE, FALSE), ==, "add");
  g_assert_cmpstr (msvis_layout_short_label ("5.x", FALSE, FALSE), ==, "5.x");
}

static void
test_rows_and_expansion (void)
{
  g_autoptr(MsvisGraph) graph = make_graph (3, 12, 7);
  g_autoptr(MsvisLayoutEngine) engine = msvis_layout_engine_new (graph);
  g_autoptr(GHashTable) expanded = g_hash_table_new (NULL, NULL);
  g_autoptr(MsvisLayout) collapsed = run_layout (engine, expanded);
  g_autoptr(MsvisLayout) open = NULL;
  MsvisNodeId module = msvis_graph_lookup (graph, "Module.layers.1.Block.forward.0");
  const MsvisLayoutBox *root, *box, *first, *fifth, *sixth;

  /* Root, 3 modules, 7 leaves: the modules stack, the leaves go in rows of five. */
  g_assert_cmpuint (msvis_layout_get_n_boxes (collapsed), ==, 11);
  root = msvis_layout_get_box (collapsed, 0);
  g_assert_true (root->expanded);
  g_assert_cmpuint (root->n_children, ==, 10);
  g_assert_null (msvis_layout_lookup (collapsed, module + 1));
  check_geometry (collapsed);
  first = msvis_layout_get_box (collapsed, root->first_child + 3);
  fifth = msvis_layout_get_box (collapsed, root->first_child + 7);
  sixth = msvis_layout_get_box (collapsed, root->first_child + 8);
  g_assert_cmpfloat (first->rect.y, ==, fifth->rect.y);
  g_assert_cmpfloat (sixth->rect.y, >, fifth->rect.y);

  g_hash_table_add (expanded, GUINT_TO_POINTER (module));
  open = run_layout (engine, expanded);
  g_assert_cmpuint (msvis_layout_get_n_boxes (open), ==, 23);
  box = msvis_layout_lookup (open, module);
  g_assert_true (box->expanded);
  g_assert_cmpuint (box->n_children, ==, 12);
  g_assert_cmpuint (box->n_subnodes, ==, 12);
  g_assert_nonnull (msvis_layout_lookup (open, module + 1));
  g_assert_cmpfloat (box->rect.height, >, msvis_layout_lookup (collapsed, module)->rect.height);
  check_geometry (open);

  /* Labels are shortened as tb_graph_ascend shortens them. */
  g_assert_cmpstr (msvis_layout_lookup (open, module + 1)->label, ==, "matmul.1000.forward");
  g_assert_cmpstr (box->label, ==, "Module.layers.1.Block.forward.0");
}

typedef struct
{
  guint n;
} CountData;

static gboolean
count_cb (const MsvisLayoutBox *box,
          gpointer              user_data)
{
  ((CountData *)user_data)->n++;
  return TRUE;
}

/* Chunks of a big container are stacked: the visit of a small area meets a few boxes, hit
 * tests find the innermost box. */
static void
test_large_container (void)
{
  g_autoptr(MsvisGraph) graph = make_graph (1, 2000, 0);
  g_autoptr(MsvisLayoutEngine) engine = msvis_layout_engine_new (graph);
  g_autoptr(GHashTable) expanded = g_hash_table_new (NULL, NULL);
  g_autoptr(MsvisLayout) layout = NULL;
  MsvisNodeId module = msvis_graph_lookup (graph, "Module.layers.0.Block.forward.0");
  const MsvisLayoutBox *box, *leaf;
  MsvisRect bounds, area;
  CountData count = { 0 };

  g_hash_table_add (expanded, GUINT_TO_POINTER (module));
  layout = run_layout (engine, expanded);
  g_assert_cmpuint (msvis_layout_get_n_boxes (layout), ==, 2002);
  check_geometry (layout);

  bounds = msvis_layout_get_bounds (layout);
  g_assert_cmpfloat (bounds.height, >, 400 * 26.);   /* 400 rows of five */
  area = (MsvisRect) { bounds.x, bounds.height / 2, bounds.width, 100 };
  msvis_layout_visit (layout, &area, count_cb, &count);
  g_assert_cmpuint (count.n, <, 40);
  g_assert_cmpuint (count.n, >, 2);

  leaf = msvis_layout_lookup (layout, module + 1 + 1234);
  box = msvis_layout_hit (layout, leaf->rect.x + 2, leaf->rect.y + 2);
  g_assert_true (box == leaf);
  box = msvis_layout_hit (layout, bounds.x + 1, bounds.y + 1);
  g_assert_cmpuint (box->node, ==, msvis_graph_get_root (graph));
  g_assert_null (msvis_layout_hit (layout, -10, -10));
}

static void
test_reference_files (void)
{
  static const char *const files[] = {
    "build_single/build_20261121191905.vis",
    "cmp_stat/compare_20261121191907.vis",
    "msprobe-1.2.2/cmp_stat/compare_20261121192115.vis",
  };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = msvis_test_reference (files[f]);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(MsvisVisDocument) doc = msvis_vis_read (file, 0, NULL, &error);
      g_autoptr(MsvisLayoutEngine) engine = NULL;
      g_autoptr(GHashTable) expanded = g_hash_table_new (NULL, NULL);
      g_autoptr(MsvisLayout) layout = NULL;
      guint n = msvis_graph_get_n_nodes (msvis_vis_document_get_npu (doc));

      g_assert_no_error (error);
      engine = msvis_layout_engine_new (msvis_vis_document_get_npu (doc));
      /* Everything open: every node has a box. */
      for (MsvisNodeId node = 0; node < n; node++)
        g_hash_table_add (expanded, GUINT_TO_POINTER (node));
      layout = run_layout (engine, expanded);
      g_assert_cmpuint (msvis_layout_get_n_boxes (layout), ==, n);
      check_geometry (layout);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/layout/labels", test_labels);
  g_test_add_func ("/layout/rows-and-expansion", test_rows_and_expansion);
  g_test_add_func ("/layout/large-container", test_large_container);
  g_test_add_func ("/layout/reference-files", test_reference_files);

  return g_test_run ();
}
