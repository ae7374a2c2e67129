// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>

#include "msvis-export-dialog.h"
#include "msvis-export-private.h"
#include "msvis-layout-engine.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"

/* "What is in view" exports whole boxes: a label the view's edge crosses is not cut
 * mid-word (issue 26). */

#define STAT "cmp_stat/compare_20261121191907.vis"

static gboolean
inside (const MsvisRect *inner,
        const MsvisRect *outer)
{
  return inner->x >= outer->x - 1e-6 && inner->y >= outer->y - 1e-6 &&
         inner->x + inner->width <= outer->x + outer->width + 1e-6 &&
         inner->y + inner->height <= outer->y + outer->height + 1e-6;
}

typedef struct
{
  const MsvisRect *area;
  guint            n_cut;
} Check;

static gboolean
count_cut (const MsvisLayoutBox *box,
           gpointer              data)
{
  Check *check = data;

  if (box->expanded)
    return TRUE;
  check->n_cut += !inside (&box->rect, check->area);
  return FALSE;
}

static void
test_view_takes_whole_boxes (void)
{
  g_autofree char *path = NULL;
  g_autoptr(MsvisVisDocument) doc = NULL;
  g_autoptr(MsvisLayoutEngine) engine = NULL;
  g_autoptr(GHashTable) expanded = g_hash_table_new (NULL, NULL);
  g_autoptr(MsvisLayout) layout = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisExportScene) scene = NULL;
  GtkWidget *dialog;
  MsvisRect bounds, view;
  Check before = { &view, 0 }, after = { NULL, 0 };

  if (!msvis_ui_test_require (STAT, &path))
    return;
  doc = msvis_ui_test_read (path);
  engine = msvis_layout_engine_new (msvis_vis_document_get_npu (doc));
  layout = msvis_layout_engine_run (engine, expanded, -1, NULL, &error);
  g_assert_no_error (error);
  bounds = msvis_layout_get_bounds (layout);
  /* The middle of the picture: its edges cross boxes. */
  view = (MsvisRect) { bounds.x + bounds.width * 0.3, bounds.y + bounds.height * 0.3,
                       bounds.width * 0.3, bounds.height * 0.3 };
  msvis_layout_visit (layout, &view, count_cut, &before);
  g_assert_cmpuint (before.n_cut, >, 0);

  dialog = msvis_export_dialog_new (NULL, doc, "compare", -1, FALSE);
  msvis_export_dialog_set_side (MSVIS_EXPORT_DIALOG (dialog), FALSE, layout, &view);
  scene = msvis_export_dialog_make_scene (MSVIS_EXPORT_DIALOG (dialog));
  g_assert_cmpuint (scene->n_sides, >=, 1);
  after.area = &scene->sides[0].area;
  msvis_layout_visit (layout, &view, count_cut, &after);
  g_assert_cmpuint (after.n_cut, ==, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/export-region/view-takes-whole-boxes", test_view_takes_whole_boxes);
  return g_test_run ();
}
