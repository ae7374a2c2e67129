// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-build-dialog.h"
#include "msvis-test-util.h"

/* The "Build or Compare Dumps" dialog: prefill, validation, what it asks to build, and what it
 * remembers. The cases share the dialog's session memory, so they run in this order. */

static gboolean have_display;

#define SKIP_WITHOUT_DISPLAY()                          \
  G_STMT_START {                                        \
    if (!have_display)                                  \
      {                                                 \
        g_test_skip ("no display (run under xvfb-run)"); \
        return;                                         \
      }                                                 \
  } G_STMT_END

static gpointer
child (MsvisBuildDialog *dialog,
       const char       *name)
{
  GObject *object = gtk_widget_get_template_child (GTK_WIDGET (dialog),
                                                   MSVIS_TYPE_BUILD_DIALOG, name);

  g_assert_nonnull (object);
  return object;
}

static gboolean
can_build (MsvisBuildDialog *dialog)
{
  return gtk_widget_get_sensitive (child (dialog, "build_button"));
}

static const char *
build_label (MsvisBuildDialog *dialog)
{
  return gtk_button_get_label (child (dialog, "build_button"));
}

static const char *
subtitle (MsvisBuildDialog *dialog,
          const char       *row)
{
  return adw_action_row_get_subtitle (child (dialog, row));
}

/* Until the folder check of @row has said something other than "Looking…". */
static void
wait_for_check (MsvisBuildDialog *dialog,
                const char       *row)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (strstr (subtitle (dialog, row), "Looking") != NULL)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static GFile *
sample (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", name,
                                                 NULL);

  return g_file_new_for_path (path);
}

static MsvisBuildDialog *
dialog_new (void)
{
  MsvisBuildDialog *dialog = MSVIS_BUILD_DIALOG (msvis_build_dialog_new (NULL));

  g_object_ref_sink (dialog);
  return dialog;
}

static void
dialog_free (MsvisBuildDialog *dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
}

/* g_autoptr(MsvisBuildDialog) would only unref; a window must be destroyed too. */
typedef MsvisBuildDialog MsvisBuildDialogRef;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisBuildDialogRef, dialog_free)

static void
test_new (void)
{
  g_autoptr(MsvisBuildDialogRef) dialog = NULL;
  g_autoptr(GFile) default_dir = NULL;

  SKIP_WITHOUT_DISPLAY ();
  dialog = dialog_new ();
  default_dir = msvis_dump_build_default_output_dir ();

  g_assert_false (can_build (dialog));
  g_assert_cmpstr (build_label (dialog), ==, "_Build");
  g_assert_cmpstr (subtitle (dialog, "output_row"), ==, g_file_peek_path (default_dir));
  g_assert_false (gtk_widget_get_sensitive (child (dialog, "fuzzy_row")));
}

static void
never_cb (void)
{
  g_assert_not_reached ();
}

/* Cancel and Escape close without asking for anything. */
static void
test_cancel (void)
{
  MsvisBuildDialog *dialog;
  g_autoptr(GFile) npu = sample ("llama/npu");

  SKIP_WITHOUT_DISPLAY ();
  dialog = MSVIS_BUILD_DIALOG (msvis_build_dialog_new (NULL));
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *)&dialog);
  g_signal_connect (dialog, "build-requested", G_CALLBACK (never_cb), NULL);
  msvis_build_dialog_set_npu_dir (dialog, npu);
  gtk_window_present (GTK_WINDOW (dialog));
  /* Closed while its folder check is still running: the check must not come back to it. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "window.close", NULL));
  for (guint i = 0; i < 100 && dialog != NULL; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_null (dialog);
  for (guint i = 0; i < 50; i++)
    g_main_context_iteration (NULL, FALSE);
}

static void
test_prefill (void)
{
  g_autoptr(MsvisBuildDialogRef) dialog = NULL;
  g_autoptr(GFile) npu = sample ("llama/npu");

  SKIP_WITHOUT_DISPLAY ();
  dialog = dialog_new ();
  msvis_build_dialog_set_npu_dir (dialog, npu);
  g_assert_false (can_build (dialog));   /* not until the folder is known to be a dump */
  wait_for_check (dialog, "npu_row");

  g_assert_true (g_str_has_prefix (subtitle (dialog, "npu_row"), g_file_peek_path (npu)));
  g_assert_true (g_str_has_suffix (subtitle (dialog, "npu_row"), "\n1 rank"));
  g_assert_true (can_build (dialog));
  g_assert_cmpstr (build_label (dialog), ==, "_Build");
}

static void
write_dump (const char *dir)
{
  msvis_test_write_dump (dir, "{}", "", NULL);
}

static void
assert_describes (MsvisBuildDialog *dialog,
                  const char       *dir,
                  const char       *expected)
{
  g_autoptr(GFile) file = g_file_new_for_path (dir);
  g_autofree char *suffix = g_strconcat ("\n", expected, NULL);

  msvis_build_dialog_set_npu_dir (dialog, file);
  wait_for_check (dialog, "npu_row");
  g_test_message ("%s", subtitle (dialog, "npu_row"));
  g_assert_true (g_str_has_suffix (subtitle (dialog, "npu_row"), suffix));
}

static void
test_layouts (void)
{
  g_autoptr(MsvisBuildDialogRef) dialog = NULL;
  g_autofree char *root = msvis_test_make_dir ();
  g_autofree char *ranks = g_build_filename (root, "ranks", NULL);
  g_autofree char *steps = g_build_filename (root, "steps", NULL);
  g_autofree char *notes = g_build_filename (root, "notes", NULL);

  SKIP_WITHOUT_DISPLAY ();
  dialog = dialog_new ();
  for (guint r = 0; r < 4; r++)
    {
      g_autofree char *rank = g_strdup_printf ("%s/rank%u", ranks, r);

      write_dump (rank);
    }
  for (guint s = 0; s < 2; s++)
    for (guint r = 0; r < 4; r++)
      {
        g_autofree char *rank = g_strdup_printf ("%s/step%u/rank%u", steps, s, r);

        write_dump (rank);
      }
  msvis_test_write (notes, "notes.txt", "hello", -1);

  assert_describes (dialog, ranks, "4 ranks");
  g_assert_true (can_build (dialog));
  assert_describes (dialog, steps, "2 steps × 4 ranks");
  g_assert_true (can_build (dialog));
  assert_describes (dialog, notes, "Not an msprobe dump");
  g_assert_false (can_build (dialog));
  g_assert_nonnull (gtk_widget_get_tooltip_text (child (dialog, "npu_row")));
}

static void
test_validation (void)
{
  g_autoptr(MsvisBuildDialogRef) dialog = NULL;
  g_autoptr(GFile) npu = sample ("llama/npu");
  g_autoptr(GFile) bench = sample ("llama/bench");
  g_autoptr(GFile) config = sample ("compare.json");
  g_autoptr(GFile) missing = sample ("no such folder");

  SKIP_WITHOUT_DISPLAY ();
  dialog = dialog_new ();
  msvis_build_dialog_set_npu_dir (dialog, npu);
  wait_for_check (dialog, "npu_row");
  g_assert_false (gtk_widget_get_visible (child (dialog, "bench_clear_button")));

  msvis_build_dialog_set_bench_dir (dialog, bench);
  g_assert_cmpstr (build_label (dialog), ==, "_Compare");
  wait_for_check (dialog, "bench_row");
  g_assert_true (can_build (dialog));
  g_assert_true (gtk_widget_get_sensitive (child (dialog, "fuzzy_row")));
  g_assert_true (gtk_widget_get_visible (child (dialog, "bench_clear_button")));

  msvis_build_dialog_set_bench_dir (dialog, missing);
  wait_for_check (dialog, "bench_row");
  g_assert_false (can_build (dialog));
  g_assert_cmpstr (build_label (dialog), ==, "_Compare");

  gtk_widget_activate_action (GTK_WIDGET (dialog), "build-dialog.clear", "s", "bench");
  g_assert_true (can_build (dialog));
  g_assert_cmpstr (build_label (dialog), ==, "_Build");
  g_assert_false (gtk_widget_get_sensitive (child (dialog, "fuzzy_row")));

  /* The compare.json page has its own input; its options stay open. */
  msvis_build_dialog_set_config_file (dialog, config);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (child (dialog, "input_stack")), ==,
                   "config");
  g_assert_true (can_build (dialog));
  g_assert_cmpstr (build_label (dialog), ==, "_Build");
  g_assert_true (gtk_widget_get_sensitive (child (dialog, "fuzzy_row")));
  gtk_stack_set_visible_child_name (child (dialog, "input_stack"), "folders");
  g_assert_true (can_build (dialog));
}

static void
build_requested_cb (MsvisBuildDialog      *dialog,
                    MsvisDumpBuildOptions *options,
                    MsvisDumpBuildOptions **out)
{
  g_assert_null (*out);
  *out = msvis_dump_build_options_copy (options);
}

static void
test_build_requested (void)
{
  g_autoptr(MsvisBuildDialogRef) dialog = NULL;
  g_autoptr(MsvisDumpBuildOptions) options = NULL;
  g_autoptr(GFile) npu = sample ("llama/npu");
  g_autoptr(GFile) bench = sample ("llama/bench");
  g_autofree char *out = msvis_test_make_dir ();

  SKIP_WITHOUT_DISPLAY ();
  dialog = dialog_new ();
  g_signal_connect (dialog, "build-requested", G_CALLBACK (build_requested_cb), &options);
  msvis_build_dialog_set_npu_dir (dialog, npu);
  msvis_build_dialog_set_bench_dir (dialog, bench);
  wait_for_check (dialog, "npu_row");
  wait_for_check (dialog, "bench_row");
  gtk_switch_set_active (child (dialog, "fuzzy_switch"), TRUE);
  gtk_switch_set_active (child (dialog, "overflow_switch"), TRUE);
  adw_expander_row_set_enable_expansion (child (dialog, "layer_row"), TRUE);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "build-dialog.build", NULL));
  g_assert_nonnull (options);
  g_assert_true (g_file_equal (options->npu_dir, npu));
  g_assert_true (g_file_equal (options->bench_dir, bench));
  g_assert_null (options->config_file);
  g_assert_true (options->fuzzy_match);
  g_assert_cmpstr (options->layer_mapping, ==, "");   /* a bare -lm */
  g_assert_true (options->overflow_check);
  g_assert_cmpint (options->era, ==, MSVIS_ERA_2026);   /* today's msprobe, by default */
  g_assert_nonnull (options->output_dir);
}

/* The next dialog of the session starts from the last build. */
static void
test_remembered (void)
{
  g_autoptr(MsvisBuildDialogRef) dialog = NULL;
  g_autoptr(MsvisDumpBuildOptions) options = NULL;
  g_autoptr(GFile) npu = sample ("llama/npu");
  g_autoptr(GFile) bench = sample ("llama/bench");

  SKIP_WITHOUT_DISPLAY ();
  dialog = dialog_new ();
  g_signal_connect (dialog, "build-requested", G_CALLBACK (build_requested_cb), &options);
  wait_for_check (dialog, "npu_row");
  wait_for_check (dialog, "bench_row");
  g_assert_true (can_build (dialog));
  g_assert_cmpstr (build_label (dialog), ==, "_Compare");
  g_assert_true (gtk_switch_get_active (child (dialog, "fuzzy_switch")));
  g_assert_true (adw_expander_row_get_enable_expansion (child (dialog, "layer_row")));

  /* Switched off, a compare-only option is not passed on, whatever the switch says. */
  msvis_build_dialog_set_bench_dir (dialog, NULL);
  gtk_switch_set_active (child (dialog, "overflow_switch"), FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "build-dialog.build", NULL));
  g_assert_true (g_file_equal (options->npu_dir, npu));
  g_assert_null (options->bench_dir);
  g_assert_false (options->fuzzy_match);
  g_assert_null (options->layer_mapping);
  g_assert_false (options->overflow_check);

  /* msprobe 2025's rules are one choice away. */
  g_clear_pointer (&options, msvis_dump_build_options_free);
  adw_combo_row_set_selected (child (dialog, "rules_row"), 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "build-dialog.build", NULL));
  g_assert_cmpint (options->era, ==, MSVIS_ERA_2025_07);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *cache = g_dir_make_tmp ("msvis-test-build-dialog-XXXXXX", NULL);
  int status;

  /* The default output folder is created under the cache: not the user's. */
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_test_init (&argc, &argv, NULL);
  have_display = gtk_init_check ();
  if (have_display)
    adw_init ();

  g_test_add_func ("/build-dialog/new", test_new);
  g_test_add_func ("/build-dialog/cancel", test_cancel);
  g_test_add_func ("/build-dialog/prefill", test_prefill);
  g_test_add_func ("/build-dialog/layouts", test_layouts);
  g_test_add_func ("/build-dialog/validation", test_validation);
  g_test_add_func ("/build-dialog/build-requested", test_build_requested);
  g_test_add_func ("/build-dialog/remembered", test_remembered);
  status = g_test_run ();

  msvis_test_remove_tree (cache);
  return status;
}
