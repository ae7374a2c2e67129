// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "msvis-stack-view.h"
#include "msvis-test-util.h"
#include "msvis-ui-test-util.h"

static gboolean
is_open_button (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)),
                    "stack.open-file") == 0;
}

static gboolean
has_open_button (gpointer data)
{
  return msvis_ui_test_find_widget (data, is_open_button, NULL) != NULL;
}

static void
test_stack_view (void)
{
  g_autofree char *dir = NULL, *source = NULL, *frame = NULL, *copied = NULL;
  const char *frames[4] = { NULL };
  const char *no_frames[1] = { NULL };
  GtkWidget *window, *view, *dimmed;

  if (!msvis_ui_test_require (NULL, NULL))
    return;

  dir = msvis_test_make_dir ();
  source = g_build_filename (dir, "model.py", NULL);
  g_assert_true (g_file_set_contents (source, "y = x + 1\n", -1, NULL));
  frame = g_strdup_printf ("File \"%s\", line 1, in forward, \n y = x + 1", source);
  frames[0] = frame;
  frames[1] = "File /nowhere/site-packages/torch/nn/modules/conv.py, line 456, in "
              "_conv_forward, \n return F.conv2d(input, weight)";
  frames[2] = "This backward node cannot find the forward node and cannot retrieve stack "
              "information.";

  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 480, 400);
  view = msvis_stack_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  msvis_stack_view_set_stacks (MSVIS_STACK_VIEW (view), frames, NULL);

  /* The file that exists here gets an open button, once a worker has looked. */
  g_assert_false (has_open_button (view));
  g_assert_true (msvis_ui_test_spin_until (has_open_button, view, 5000));
  g_assert_nonnull (msvis_ui_test_find_label (view, "model.py:1, in forward"));
  g_assert_nonnull (msvis_ui_test_find_label (view, "3 frames"));
  dimmed = msvis_ui_test_find_widget (view, msvis_ui_test_has_css_class, "dim-label");
  g_assert_nonnull (dimmed);
  g_assert_nonnull (msvis_ui_test_find_label (dimmed, "conv.py:456, in _conv_forward"));
  g_assert_nonnull (msvis_ui_test_find_label (view, "cannot retrieve stack information"));
  msvis_ui_test_spin (200);
  g_free (msvis_ui_test_screenshot (window, "stack-view-frames"));

  g_assert_true (gtk_widget_activate_action (view, "stack.copy-frame", "s", frames[1]));
  copied = msvis_ui_test_dup_clipboard_text (view);
  g_assert_cmpstr (copied, ==, frames[1]);
  g_clear_pointer (&copied, g_free);
  g_assert_true (gtk_widget_activate_action (view, "stack.copy-side", "i", 0));
  copied = msvis_ui_test_dup_clipboard_text (view);
  g_assert_true (g_str_has_prefix (copied, frame));
  g_assert_true (g_str_has_suffix (copied, "stack information.\n"));
  g_clear_pointer (&copied, g_free);

  /* Two sides: a side without frames still says so. */
  msvis_stack_view_set_stacks (MSVIS_STACK_VIEW (view), frames, no_frames);
  msvis_ui_test_spin (50);
  g_assert_nonnull (msvis_ui_test_find_label (view, "NPU · 3 frames"));
  g_assert_nonnull (msvis_ui_test_find_label (view, "Bench · 0 frames"));
  msvis_stack_view_set_stacks (MSVIS_STACK_VIEW (view), NULL, NULL);
  g_assert_nonnull (msvis_ui_test_find_label (view, "No call stack was recorded"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_copy_selected (GtkWidget *widget)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  g_autoptr(GtkShortcutTrigger) ctrl_c = gtk_keyval_trigger_new (GDK_KEY_c,
                                                                 GDK_CONTROL_MASK);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      for (guint j = 0; GTK_IS_SHORTCUT_CONTROLLER (controller) &&
                        j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          if (gtk_shortcut_trigger_equal (gtk_shortcut_get_trigger (shortcut), ctrl_c) &&
              GTK_IS_NAMED_ACTION (action) &&
              strcmp (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                      "stack.copy-selected") == 0)
            return TRUE;
        }
    }
  return FALSE;
}

static gboolean
is_list_box (GtkWidget     *widget,
             gconstpointer  data)
{
  return GTK_IS_LIST_BOX (widget) && gtk_widget_get_visible (widget);
}

/* A selected frame is what Ctrl+C copies. */
static void
test_copy_selected (void)
{
  const char *frames[] = { "File /a.py, line 1, in f, \n x", "File /b.py, line 2, in g, \n y",
                           NULL };
  g_autofree char *copied = NULL;
  GtkWidget *window, *view;
  GtkListBox *list;

  if (!msvis_ui_test_require (NULL, NULL))
    return;

  window = gtk_window_new ();
  view = msvis_stack_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  msvis_stack_view_set_stacks (MSVIS_STACK_VIEW (view), frames, NULL);

  g_assert_true (is_copy_selected (view));
  list = GTK_LIST_BOX (msvis_ui_test_find_widget (view, is_list_box, NULL));
  gtk_list_box_select_row (list, gtk_list_box_get_row_at_index (list, 1));
  g_assert_true (gtk_widget_activate_action (view, "stack.copy-selected", NULL));
  copied = msvis_ui_test_dup_clipboard_text (view);
  g_assert_cmpstr (copied, ==, frames[1]);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  msvis_ui_test_init_i18n ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/stack-view/frames", test_stack_view);
  g_test_add_func ("/stack-view/copy-selected", test_copy_selected);

  return g_test_run ();
}
