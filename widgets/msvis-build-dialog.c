// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-build-dialog.h"
#include "msvis-solid-popovers.h"
#include "msvis-dump-describe.h"

/* The window's "Build or Compare Dumps": picks what `msvis graph --format db` needs and hands
 * it over in "build-requested"; the window runs the build, with its own progress and Cancel. */

typedef enum
{
  TARGET_NPU,       /* the first two are dump folders, checked as they are picked */
  TARGET_BENCH,
  TARGET_CONFIG,
  TARGET_MAPPING,
  TARGET_OUTPUT,
  N_TARGETS
} Target;

static const struct
{
  const char           *name;           /* the action target in the .ui */
  GtkFileChooserAction  action;
  const char           *title;
  const char           *filter_name;
  const char           *patterns[3];
} targets[N_TARGETS] = {
  { "npu", GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, N_("NPU Dump Folder"), NULL, { NULL } },
  { "bench", GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, N_("Bench Dump Folder"), NULL, { NULL } },
  { "config", GTK_FILE_CHOOSER_ACTION_OPEN, N_("Compare File"), N_("JSON files"),
    { "*.json", NULL } },
  { "mapping", GTK_FILE_CHOOSER_ACTION_OPEN, N_("Layer Mapping File"), N_("YAML files"),
    { "*.yaml", "*.yml", NULL } },
  { "output", GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, N_("Output Folder"), NULL, { NULL } },
};

typedef enum
{
  DUMP_UNSET,
  DUMP_CHECKING,
  DUMP_OK,
  DUMP_NOT_A_DUMP,
} DumpState;

typedef struct
{
  DumpState     state;
  char         *description;   /* "4 ranks", or why the folder is not a dump */
  GCancellable *cancellable;   /* replaced by every new pick */
} DumpCheck;

struct _MsvisBuildDialog
{
  AdwWindow             parent_instance;

  /* Template widgets */
  GtkWidget            *content_box;
  GtkWidget            *build_button;
  GtkStack             *input_stack;
  AdwActionRow         *npu_row;
  GtkImage             *npu_icon;
  AdwActionRow         *bench_row;
  GtkImage             *bench_icon;
  GtkWidget            *bench_clear_button;
  AdwActionRow         *config_row;
  GtkWidget            *fuzzy_row;
  GtkSwitch            *fuzzy_switch;
  AdwExpanderRow       *layer_row;
  AdwActionRow         *mapping_row;
  GtkWidget            *mapping_clear_button;
  GtkSwitch            *overflow_switch;
  AdwComboRow          *rules_row;
  AdwActionRow         *output_row;

  /* Owned */
  GFile                *files[N_TARGETS];
  DumpCheck             checks[TARGET_BENCH + 1];
  GtkFileChooserNative *chooser;
  Target                chooser_target;
};

G_DEFINE_FINAL_TYPE (MsvisBuildDialog, msvis_build_dialog, ADW_TYPE_WINDOW)

enum {
  BUILD_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What the last Build used, for the next dialog of this process. Static memory, not a file:
 * there is no GSettings schema yet, and a key file would outlive the folders it names. */
static struct
{
  gboolean  valid;
  GFile    *files[N_TARGETS];
  gboolean  use_config;
  gboolean  fuzzy_match;
  gboolean  layer_mapping;
  gboolean  overflow_check;
  guint     rules;
} last;

static void
msvis_build_dialog_update_dump_row (MsvisBuildDialog *self,
                                    Target            target)
{
  AdwActionRow *row = target == TARGET_NPU ? self->npu_row : self->bench_row;
  GtkWidget *icon = GTK_WIDGET (target == TARGET_NPU ? self->npu_icon : self->bench_icon);
  DumpCheck *check = &self->checks[target];
  g_autofree char *path = NULL;
  g_autofree char *subtitle = NULL;
  gboolean bad = check->state == DUMP_NOT_A_DUMP;

  if (self->files[target] == NULL)
    subtitle = g_strdup (target == TARGET_NPU
                         ? _("Not chosen yet: the folder with dump.json, or with rank or step "
                             "folders")
                         : _("Optional: without it, the NPU dump is built alone"));
  else
    {
      path = g_file_get_parse_name (self->files[target]);
      /* The path, and under it what the folder holds. */
      subtitle = g_strdup_printf ("%s\n%s", path,
                                  check->state == DUMP_CHECKING ? _("Looking…")
                                  : bad ? _("Not an msprobe dump")
                                  : check->description);
    }

  adw_action_row_set_subtitle (row, subtitle);
  gtk_widget_set_tooltip_text (GTK_WIDGET (row), bad ? check->description : NULL);
  gtk_image_set_from_icon_name (GTK_IMAGE (icon),
                                bad ? "dialog-warning-symbolic" : "folder-symbolic");
  if (bad)
    gtk_widget_add_css_class (icon, "warning");
  else
    gtk_widget_remove_css_class (icon, "warning");
}

static void
msvis_build_dialog_update_file_rows (MsvisBuildDialog *self)
{
  AdwActionRow *rows[] = { self->config_row, self->mapping_row, self->output_row };
  const char *unset[] = {
    _("Not chosen yet: the file given to msprobe graph -i"),
    _("None: the layers are matched by their names alone"),
    _("Not chosen yet"),
  };

  for (Target t = TARGET_CONFIG; t <= TARGET_OUTPUT; t++)
    {
      g_autofree char *path = self->files[t] ? g_file_get_parse_name (self->files[t]) : NULL;

      adw_action_row_set_subtitle (rows[t - TARGET_CONFIG], path ? path : unset[t - TARGET_CONFIG]);
    }
}

/* Everything that depends on the choices, recomputed from them at once. */
static void
msvis_build_dialog_update (MsvisBuildDialog *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->input_stack);
  gboolean use_config = g_strcmp0 (page, "config") == 0;
  gboolean comparing = !use_config && self->files[TARGET_BENCH] != NULL;
  gboolean valid;

  if (use_config)
    valid = self->files[TARGET_CONFIG] != NULL;
  else
    valid = self->checks[TARGET_NPU].state == DUMP_OK &&
            (self->files[TARGET_BENCH] == NULL || self->checks[TARGET_BENCH].state == DUMP_OK);
  valid = valid && self->files[TARGET_OUTPUT] != NULL;

  msvis_build_dialog_update_dump_row (self, TARGET_NPU);
  msvis_build_dialog_update_dump_row (self, TARGET_BENCH);
  msvis_build_dialog_update_file_rows (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "build-dialog.build", valid);
  gtk_button_set_label (GTK_BUTTON (self->build_button), comparing ? _("_Compare") : _("_Build"));
  gtk_widget_set_visible (self->bench_clear_button, self->files[TARGET_BENCH] != NULL);
  gtk_widget_set_visible (self->mapping_clear_button, self->files[TARGET_MAPPING] != NULL);
  /* A compare.json may or may not name a bench folder: leave its options open. */
  gtk_widget_set_sensitive (self->fuzzy_row, use_config || comparing);
  gtk_widget_set_sensitive (GTK_WIDGET (self->layer_row), use_config || comparing);
  gtk_widget_set_sensitive (GTK_WIDGET (self->rules_row), !use_config);
}

static void
msvis_build_dialog_check_cb (GObject      *object,
                             GAsyncResult *result,
                             gpointer      user_data)
{
  MsvisBuildDialog *self = MSVIS_BUILD_DIALOG (object);
  GCancellable *cancellable = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *description = msvis_dump_describe_finish (result, &error);
  DumpCheck *check = NULL;

  /* A newer pick replaced this one, or the dialog is going away. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  for (Target t = TARGET_NPU; t <= TARGET_BENCH; t++)
    if (self->checks[t].cancellable == cancellable)
      check = &self->checks[t];
  g_assert (check != NULL);

  check->state = description != NULL ? DUMP_OK : DUMP_NOT_A_DUMP;
  g_free (check->description);
  check->description = description ? g_steal_pointer (&description) : g_strdup (error->message);
  msvis_build_dialog_update (self);
}

static void
msvis_build_dialog_check (MsvisBuildDialog *self,
                          Target            target)
{
  DumpCheck *check = &self->checks[target];

  g_cancellable_cancel (check->cancellable);
  g_clear_object (&check->cancellable);
  g_clear_pointer (&check->description, g_free);
  check->state = self->files[target] ? DUMP_CHECKING : DUMP_UNSET;
  if (self->files[target] == NULL)
    return;

  check->cancellable = g_cancellable_new ();
  msvis_dump_describe_async (self, self->files[target], check->cancellable,
                             msvis_build_dialog_check_cb, check->cancellable);
}

static void
msvis_build_dialog_set_file (MsvisBuildDialog *self,
                             Target            target,
                             GFile            *file)
{
  if (self->files[target] != NULL && file != NULL && g_file_equal (self->files[target], file))
    return;

  g_set_object (&self->files[target], file);
  if (target <= TARGET_BENCH)
    msvis_build_dialog_check (self, target);
  msvis_build_dialog_update (self);
}

static void
msvis_build_dialog_input_changed_cb (MsvisBuildDialog *self)
{
  msvis_build_dialog_update (self);
}

static void
msvis_build_dialog_chooser_response_cb (MsvisBuildDialog     *self,
                                        int                   response,
                                        GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) file = NULL;

  if (response != GTK_RESPONSE_ACCEPT)
    return;
  file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (file != NULL)
    msvis_build_dialog_set_file (self, self->chooser_target, file);
}

static Target
target_from_param (GVariant *param)
{
  const char *name = g_variant_get_string (param, NULL);

  for (Target t = 0; t < N_TARGETS; t++)
    if (g_str_equal (name, targets[t].name))
      return t;
  g_return_val_if_reached (TARGET_NPU);
}

static void
msvis_build_dialog_choose_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *param)
{
  MsvisBuildDialog *self = MSVIS_BUILD_DIALOG (widget);
  Target target = target_from_param (param);
  GtkFileChooser *chooser;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);

  self->chooser_target = target;
  self->chooser = gtk_file_chooser_native_new (_(targets[target].title), GTK_WINDOW (self),
                                               targets[target].action, _("_Select"),
                                               _("_Cancel"));
  chooser = GTK_FILE_CHOOSER (self->chooser);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  if (targets[target].filter_name != NULL)
    {
      g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _(targets[target].filter_name));
      for (guint i = 0; targets[target].patterns[i] != NULL; i++)
        gtk_file_filter_add_pattern (filter, targets[target].patterns[i]);
      gtk_file_chooser_add_filter (chooser, filter);
    }
  /* Start where the current choice is; a folder that has gone away only costs the hint. */
  if (self->files[target] != NULL)
    gtk_file_chooser_set_file (chooser, self->files[target], NULL);

  g_signal_connect_object (self->chooser, "response",
                           G_CALLBACK (msvis_build_dialog_chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
msvis_build_dialog_clear_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *param)
{
  msvis_build_dialog_set_file (MSVIS_BUILD_DIALOG (widget), target_from_param (param), NULL);
}

static MsvisDumpBuildOptions *
msvis_build_dialog_dup_options (MsvisBuildDialog *self)
{
  MsvisDumpBuildOptions *options = msvis_dump_build_options_new ();
  gboolean use_config = g_strcmp0 (gtk_stack_get_visible_child_name (self->input_stack),
                                   "config") == 0;
  gboolean matching = gtk_widget_get_sensitive (self->fuzzy_row);
  GFile *mapping = self->files[TARGET_MAPPING];

  if (use_config)
    options->config_file = g_object_ref (self->files[TARGET_CONFIG]);
  else
    {
      options->npu_dir = g_object_ref (self->files[TARGET_NPU]);
      g_set_object (&options->bench_dir, self->files[TARGET_BENCH]);
    }
  options->fuzzy_match = matching && gtk_switch_get_active (self->fuzzy_switch);
  if (matching && adw_expander_row_get_enable_expansion (self->layer_row))
    {
      /* A file chosen through a portal still has a local path; the job will say that a
       * remote one cannot be read. */
      if (mapping == NULL)
        options->layer_mapping = g_strdup ("");
      else if ((options->layer_mapping = g_file_get_path (mapping)) == NULL)
        options->layer_mapping = g_file_get_parse_name (mapping);
    }
  options->overflow_check = gtk_switch_get_active (self->overflow_switch);
  /* The rows' order: msprobe 26 first, the default. */
  options->era = !use_config && adw_combo_row_get_selected (self->rules_row) == 0
                 ? MSVIS_ERA_2026 : MSVIS_ERA_2025_07;
  options->output_dir = g_object_ref (self->files[TARGET_OUTPUT]);

  return options;
}

static void
msvis_build_dialog_remember (MsvisBuildDialog *self)
{
  for (Target t = 0; t < N_TARGETS; t++)
    g_set_object (&last.files[t], self->files[t]);
  last.use_config = g_strcmp0 (gtk_stack_get_visible_child_name (self->input_stack),
                               "config") == 0;
  last.fuzzy_match = gtk_switch_get_active (self->fuzzy_switch);
  last.layer_mapping = adw_expander_row_get_enable_expansion (self->layer_row);
  last.overflow_check = gtk_switch_get_active (self->overflow_switch);
  last.rules = adw_combo_row_get_selected (self->rules_row);
  last.valid = TRUE;
}

static void
msvis_build_dialog_recall (MsvisBuildDialog *self)
{
  if (last.valid)
    {
      for (Target t = 0; t < N_TARGETS; t++)
        g_set_object (&self->files[t], last.files[t]);
      gtk_stack_set_visible_child_name (self->input_stack,
                                        last.use_config ? "config" : "folders");
      gtk_switch_set_active (self->fuzzy_switch, last.fuzzy_match);
      adw_expander_row_set_enable_expansion (self->layer_row, last.layer_mapping);
      gtk_switch_set_active (self->overflow_switch, last.overflow_check);
      adw_combo_row_set_selected (self->rules_row, last.rules);
    }
  if (self->files[TARGET_OUTPUT] == NULL)
    self->files[TARGET_OUTPUT] = msvis_dump_build_default_output_dir ();

  /* The folders may have changed since: look again. */
  msvis_build_dialog_check (self, TARGET_NPU);
  msvis_build_dialog_check (self, TARGET_BENCH);
}

/* A folder check holds the dialog until it returns: closing makes it return at once. */
static void
msvis_build_dialog_stop (MsvisBuildDialog *self)
{
  for (Target t = TARGET_NPU; t <= TARGET_BENCH; t++)
    {
      g_cancellable_cancel (self->checks[t].cancellable);
      g_clear_object (&self->checks[t].cancellable);
      g_clear_pointer (&self->checks[t].description, g_free);
    }
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
}

static gboolean
msvis_build_dialog_close_request (GtkWindow *window)
{
  msvis_build_dialog_stop (MSVIS_BUILD_DIALOG (window));

  return GTK_WINDOW_CLASS (msvis_build_dialog_parent_class)->close_request (window);
}

static void
msvis_build_dialog_build_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *param)
{
  MsvisBuildDialog *self = MSVIS_BUILD_DIALOG (widget);
  g_autoptr(MsvisDumpBuildOptions) options = msvis_build_dialog_dup_options (self);
  g_autoptr(MsvisBuildDialog) hold = g_object_ref (self);

  msvis_build_dialog_remember (self);
  g_signal_emit (self, signals[BUILD_REQUESTED], 0, options);
  msvis_build_dialog_stop (self);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
msvis_build_dialog_dispose (GObject *object)
{
  MsvisBuildDialog *self = (MsvisBuildDialog *)object;

  msvis_build_dialog_stop (self);
  for (Target t = 0; t < N_TARGETS; t++)
    g_clear_object (&self->files[t]);

  gtk_widget_dispose_template (GTK_WIDGET (self), MSVIS_TYPE_BUILD_DIALOG);

  G_OBJECT_CLASS (msvis_build_dialog_parent_class)->dispose (object);
}

static void
msvis_build_dialog_class_init (MsvisBuildDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = msvis_build_dialog_dispose;
  window_class->close_request = msvis_build_dialog_close_request;

  /**
   * MsvisBuildDialog::build-requested:
   * @options: what to build; copy it to keep it
   *
   * The user pressed Build (or Compare). The dialog closes after this.
   */
  signals[BUILD_REQUESTED] =
    g_signal_new ("build-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1,
                  MSVIS_TYPE_DUMP_BUILD_OPTIONS | G_SIGNAL_TYPE_STATIC_SCOPE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ui/msvis-build-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, content_box);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, build_button);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, input_stack);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, npu_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, npu_icon);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, bench_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, bench_icon);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, bench_clear_button);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, config_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, fuzzy_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, fuzzy_switch);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, layer_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, mapping_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, mapping_clear_button);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, overflow_switch);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, rules_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisBuildDialog, output_row);
  gtk_widget_class_bind_template_callback (widget_class, msvis_build_dialog_input_changed_cb);

  gtk_widget_class_install_action (widget_class, "build-dialog.build", NULL,
                                   msvis_build_dialog_build_action);
  gtk_widget_class_install_action (widget_class, "build-dialog.choose", "s",
                                   msvis_build_dialog_choose_action);
  gtk_widget_class_install_action (widget_class, "build-dialog.clear", "s",
                                   msvis_build_dialog_clear_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
msvis_build_dialog_init (MsvisBuildDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  msvis_solid_popovers_install (GTK_WINDOW (self));

  msvis_build_dialog_recall (self);
  msvis_build_dialog_update (self);
}

/**
 * msvis_build_dialog_new:
 * @parent: (nullable): the window the dialog belongs to
 *
 * Returns: (transfer floating): a new dialog, not shown yet, filled with the choices of the last
 *   build of this session
 */
GtkWidget *
msvis_build_dialog_new (GtkWindow *parent)
{
  g_return_val_if_fail (!parent || GTK_IS_WINDOW (parent), NULL);

  return g_object_new (MSVIS_TYPE_BUILD_DIALOG, "transient-for", parent, NULL);
}

/**
 * msvis_build_dialog_set_npu_dir:
 * @dir: a dump folder, e.g. one dropped on the window
 *
 * Shows the folders page with @dir as the NPU dump.
 */
void
msvis_build_dialog_set_npu_dir (MsvisBuildDialog *self,
                                GFile            *dir)
{
  g_return_if_fail (MSVIS_IS_BUILD_DIALOG (self));
  g_return_if_fail (G_IS_FILE (dir));

  gtk_stack_set_visible_child_name (self->input_stack, "folders");
  msvis_build_dialog_set_file (self, TARGET_NPU, dir);
}

/**
 * msvis_build_dialog_set_bench_dir:
 * @dir: (nullable): the benchmark dump folder, or %NULL to build the NPU dump alone
 */
void
msvis_build_dialog_set_bench_dir (MsvisBuildDialog *self,
                                  GFile            *dir)
{
  g_return_if_fail (MSVIS_IS_BUILD_DIALOG (self));
  g_return_if_fail (!dir || G_IS_FILE (dir));

  gtk_stack_set_visible_child_name (self->input_stack, "folders");
  msvis_build_dialog_set_file (self, TARGET_BENCH, dir);
}

/**
 * msvis_build_dialog_set_config_file:
 * @file: a compare.json, e.g. one dropped on the window
 *
 * Shows the compare.json page with @file.
 */
void
msvis_build_dialog_set_config_file (MsvisBuildDialog *self,
                                    GFile            *file)
{
  g_return_if_fail (MSVIS_IS_BUILD_DIALOG (self));
  g_return_if_fail (G_IS_FILE (file));

  gtk_stack_set_visible_child_name (self->input_stack, "config");
  msvis_build_dialog_set_file (self, TARGET_CONFIG, file);
}
