// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>

#include "msvis-build-dialog.h"
#include "msvis-export-dialog.h"
#include "msvis-ui-test-util.h"
#include "msvis-window-test-util.h"
#include "msvis-window.h"

/* The dialogs on an X server without a compositor (Xvfb here; ssh -X and VNC for users): the
 * see-through corners beside a popover's arrow came out as a black strip above each
 * drop-down (issue 26), so popovers there have no arrow. And Return in the export dialog
 * exports: Cancel had the focus. */

#define STAT "cmp_stat/compare_20261121191907.vis"

typedef struct
{
  guint popovers;
  guint arrows;
} Count;

static void
count_popovers (GtkWidget *widget,
                Count     *count)
{
  if (GTK_IS_POPOVER (widget))
    {
      count->popovers++;
      count->arrows += gtk_popover_get_has_arrow (GTK_POPOVER (widget));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    count_popovers (child, count);
}

/* Popovers there are (a test that counts none proves nothing), and none with an arrow. */
static void
assert_no_arrows (GtkWidget *root)
{
  Count count = { 0, 0 };

  count_popovers (root, &count);
  g_assert_cmpuint (count.popovers, >, 0);
  g_assert_cmpuint (count.arrows, ==, 0);
}

static gboolean
is_export_button (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), "_Export…") == 0;
}

static void
test_dialogs (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  MsvisWindow *window;
  GtkWindow *dialog;
  GtkWidget *build;

  if (!msvis_ui_test_require (STAT, &path))
    return;
  /* What the fix is for: Xvfb has no compositor. */
  g_assert_false (gdk_display_is_composited (gdk_display_get_default ()));
  window = msvis_window_test_new (NULL, 0, 0);
  file = g_file_new_for_path (path);
  msvis_window_test_open (window, file);
  msvis_ui_test_spin (300);   /* laid out: the dialog's Export is on */
  assert_no_arrows (GTK_WIDGET (window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.export", NULL));
  dialog = msvis_ui_test_find_toplevel (MSVIS_TYPE_EXPORT_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_is_mapped, dialog, 10000));
  assert_no_arrows (GTK_WIDGET (dialog));
  g_assert_true (gtk_window_get_focus (dialog)
                 == msvis_ui_test_find_widget (GTK_WIDGET (dialog), is_export_button, NULL));
  gtk_window_destroy (dialog);

  build = msvis_build_dialog_new (GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (build));
  g_assert_true (msvis_ui_test_spin_until (msvis_ui_test_is_mapped, build, 10000));
  assert_no_arrows (build);
  gtk_window_destroy (GTK_WINDOW (build));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dialog-popovers/no-arrows", test_dialogs);
  return g_test_run ();
}
