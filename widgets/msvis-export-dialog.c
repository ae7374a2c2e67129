// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-export-dialog.h"
#include "msvis-export-job.h"
#include "msvis-solid-popovers.h"

/* The window's "Export Picture": what to draw (what is in view or everything open, one side or
 * both), in which format and at which scale, with the size said before anything is written.
 * Export asks for a file name and hands it over in ::export-requested; the window writes the
 * picture, with its own progress and Cancel. */

/* Above these, say that the file is large: writing takes a while, and many viewers give up
 * on pictures wider or taller than cairo's 32767 pixels. */
#define LARGE_BYTES   (200 * 1000 * 1000)
#define LARGE_PIXELS  32767

enum { REGION_VIEW, REGION_OPEN };
enum { SIDES_BOTH, SIDES_NPU, SIDES_BENCH };

static const double scales[] = { 1, 2, 4 };
static const char *const extensions[] = { ".png", ".svg", ".pdf" };
static const char *const mime_types[] = { "image/png", "image/svg+xml", "application/pdf" };
static const char *const format_names[] = { N_("PNG image"), N_("SVG image"), N_("PDF document") };

struct _MsvisExportDialog
{
  AdwWindow             parent_instance;

  /* Template widgets */
  AdwComboRow          *region_row;
  AdwComboRow          *sides_row;
  AdwComboRow          *format_row;
  AdwComboRow          *scale_row;
  AdwActionRow         *size_row;
  GtkWidget            *size_warning;
  GtkWidget            *export_button;
  gboolean              focus_given;

  /* Owned */
  MsvisVisDocument     *doc;
  char                 *name;
  gint                  micro_step;
  gboolean              overflow;
  MsvisLayout          *layouts[2];   /* NPU, Bench; NULL where the side shows nothing */
  MsvisRect             views[2];
  GFile                *folder;
  GtkFileChooserNative *chooser;
};

G_DEFINE_FINAL_TYPE (MsvisExportDialog, msvis_export_dialog, ADW_TYPE_WINDOW)

enum {
  EXPORT_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The last choices, for the next dialog of this process. */
static struct
{
  gboolean valid;
  guint    region;
  guint    sides;
  guint    format;
  guint    scale;
} last;

MsvisExportFormat
msvis_export_dialog_get_format (MsvisExportDialog *self)
{
  g_return_val_if_fail (MSVIS_IS_EXPORT_DIALOG (self), MSVIS_EXPORT_PNG);

  return MIN (adw_combo_row_get_selected (self->format_row), MSVIS_EXPORT_PDF);
}

static gboolean
shows_side (MsvisExportDialog *self,
            gboolean           bench)
{
  guint sides = adw_combo_row_get_selected (self->sides_row);

  if (self->layouts[bench] == NULL)
    return FALSE;
  if (msvis_vis_document_get_bench (self->doc) == NULL)
    return !bench;
  return sides == SIDES_BOTH || sides == (bench ? SIDES_BENCH : SIDES_NPU);
}

/* Grows a copy of the visited area to hold a closed box the area meets (growing the area
 * visited itself would take in the next box of a row, and the next). */
static gboolean
take_whole_box (const MsvisLayoutBox *box,
                gpointer              data)
{
  MsvisRect *area = data;
  double x0, y0, x1, y1;

  if (box->expanded)
    return TRUE;
  x0 = MIN (area->x, box->rect.x);
  y0 = MIN (area->y, box->rect.y);
  x1 = MAX (area->x + area->width, box->rect.x + box->rect.width);
  y1 = MAX (area->y + area->height, box->rect.y + box->rect.height);
  *area = (MsvisRect) { x0, y0, x1 - x0, y1 - y0 };
  return FALSE;
}

/* The part of the layout in view, inside its bounds (the canvas may show margins), grown to
 * the closed boxes it cuts. */
static MsvisRect
visible_area (MsvisExportDialog *self,
              gboolean           bench)
{
  MsvisRect all = msvis_layout_get_bounds (self->layouts[bench]);
  const MsvisRect *v = &self->views[bench];
  double x0 = MAX (all.x, v->x), y0 = MAX (all.y, v->y);
  double x1 = MIN (all.x + all.width, v->x + v->width);
  double y1 = MIN (all.y + all.height, v->y + v->height);

  MsvisRect area, grown;

  if (x1 <= x0 || y1 <= y0)
    return all;
  grown = area = (MsvisRect) { x0, y0, x1 - x0, y1 - y0 };
  /* Whole boxes: a closed box the view's edge crosses comes in whole, so that no label is cut
   * mid-word ("What is in view" exported "ule.model.lay…"). */
  msvis_layout_visit (self->layouts[bench], &area, take_whole_box, &grown);
  return grown;
}

/**
 * msvis_export_dialog_make_scene:
 *
 * Returns: (transfer full): the picture the current choices describe
 */
MsvisExportScene *
msvis_export_dialog_make_scene (MsvisExportDialog *self)
{
  gboolean view = adw_combo_row_get_selected (self->region_row) == REGION_VIEW;
  MsvisLayout *layouts[2] = { NULL, NULL };
  MsvisRect areas[2] = { { 0 }, { 0 } };
  MsvisExportScene *scene;

  g_return_val_if_fail (MSVIS_IS_EXPORT_DIALOG (self), NULL);

  for (guint i = 0; i < 2; i++)
    if (shows_side (self, i))
      {
        layouts[i] = self->layouts[i];
        areas[i] = view ? visible_area (self, i) : msvis_layout_get_bounds (layouts[i]);
      }
  scene = msvis_export_scene_new_for_document (self->doc, self->name, self->micro_step,
                                               self->overflow, layouts[0], &areas[0],
                                               layouts[1], &areas[1]);
  msvis_export_scene_set_scale (scene, scales[MIN (adw_combo_row_get_selected (self->scale_row),
                                                   G_N_ELEMENTS (scales) - 1)]);
  return scene;
}

static void
msvis_export_dialog_update (MsvisExportDialog *self)
{
  MsvisExportFormat format = msvis_export_dialog_get_format (self);
  gboolean can = self->layouts[0] != NULL || self->layouts[1] != NULL;
  g_autoptr(MsvisExportScene) scene = NULL;
  g_autofree char *size = NULL;
  guint64 width = 0, height = 0;
  gboolean large;

  gtk_widget_set_visible (GTK_WIDGET (self->sides_row),
                          msvis_vis_document_get_bench (self->doc) != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->scale_row), format == MSVIS_EXPORT_PNG);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "export-dialog.export", can);
  if (!can)
    {
      adw_action_row_set_subtitle (self->size_row, _("Nothing is laid out yet"));
      gtk_widget_set_visible (self->size_warning, FALSE);
      return;
    }
  scene = msvis_export_dialog_make_scene (self);
  size = msvis_export_describe_size (scene, format);
  msvis_export_scene_get_size (scene, format, &width, &height);
  large = msvis_export_scene_estimate_bytes (scene, format) > LARGE_BYTES
          || (format == MSVIS_EXPORT_PNG && MAX (width, height) > LARGE_PIXELS);
  adw_action_row_set_subtitle (self->size_row, size);
  gtk_widget_set_visible (self->size_warning, large);
  gtk_widget_set_tooltip_text (self->size_warning,
                               large ? _("A large file: writing it takes a while, and some "
                                         "viewers cannot open pictures this large")
                                     : NULL);
}

static void
msvis_export_dialog_changed_cb (MsvisExportDialog *self)
{
  msvis_export_dialog_update (self);
}

static char *
suggested_name (MsvisExportDialog *self)
{
  g_autofree char *stem = msvis_export_file_stem (self->name);

  return g_strconcat (stem, extensions[msvis_export_dialog_get_format (self)], NULL);
}

static void
msvis_export_dialog_chooser_response_cb (MsvisExportDialog *self,
                                         int                response,
                                         GtkNativeDialog   *chooser)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *path = NULL;
  const char *extension = extensions[msvis_export_dialog_get_format (self)];
  gboolean replace = TRUE;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_clear_object (&self->chooser);
  if (file == NULL || !(path = g_file_get_path (file)))
    return;
  /* The chooser asked before choosing a file that exists; a name we complete was not asked
   * about, so it must be new. */
  if (!g_str_has_suffix (path, extension))
    {
      g_autofree char *completed = g_strconcat (path, extension, NULL);

      g_clear_object (&file);
      file = g_file_new_for_path (completed);
      replace = FALSE;
    }
  last.valid = TRUE;
  last.region = adw_combo_row_get_selected (self->region_row);
  last.sides = adw_combo_row_get_selected (self->sides_row);
  last.format = adw_combo_row_get_selected (self->format_row);
  last.scale = adw_combo_row_get_selected (self->scale_row);
  g_signal_emit (self, signals[EXPORT_REQUESTED], 0, file, replace);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
msvis_export_dialog_export_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *param)
{
  MsvisExportDialog *self = MSVIS_EXPORT_DIALOG (widget);
  MsvisExportFormat format = msvis_export_dialog_get_format (self);
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *name = suggested_name (self);
  g_autofree char *pattern = g_strconcat ("*", extensions[format], NULL);

  if (self->chooser != NULL)
    return;
  self->chooser = gtk_file_chooser_native_new (_("Export Picture"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"),
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);
  gtk_file_filter_set_name (filter, _(format_names[format]));
  gtk_file_filter_add_pattern (filter, pattern);
  gtk_file_filter_add_mime_type (filter, mime_types[format]);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), filter);
  if (self->folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), self->folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), name);
  g_signal_connect_object (self->chooser, "response",
                           G_CALLBACK (msvis_export_dialog_chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
msvis_export_dialog_dispose (GObject *object)
{
  MsvisExportDialog *self = (MsvisExportDialog *)object;

  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);
  g_clear_pointer (&self->name, g_free);
  for (guint i = 0; i < 2; i++)
    g_clear_pointer (&self->layouts[i], msvis_layout_unref);
  g_clear_object (&self->folder);

  gtk_widget_dispose_template (GTK_WIDGET (self), MSVIS_TYPE_EXPORT_DIALOG);

  G_OBJECT_CLASS (msvis_export_dialog_parent_class)->dispose (object);
}

/* Return exports, as the dialog's default: GTK gives a new window's focus to its first
 * button, Cancel, which then took Return. Export takes it once shown and sensitive (its
 * action's state reaches the button a moment after the sides are set). */
static void
focus_export (MsvisExportDialog *self)
{
  if (self->focus_given || !gtk_widget_get_visible (GTK_WIDGET (self))
      || !gtk_widget_is_sensitive (self->export_button))
    return;
  self->focus_given = TRUE;
  gtk_widget_grab_focus (self->export_button);
}

static void
msvis_export_dialog_show (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (msvis_export_dialog_parent_class)->show (widget);
  focus_export (MSVIS_EXPORT_DIALOG (widget));
}

static void
msvis_export_dialog_class_init (MsvisExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_export_dialog_dispose;
  widget_class->show = msvis_export_dialog_show;

  /**
   * MsvisExportDialog::export-requested:
   * @file: where to write the picture
   * @replace: whether the user agreed to replace a file of that name
   *
   * The user chose a file. Take the picture with msvis_export_dialog_make_scene(): the
   * dialog closes after this.
   */
  signals[EXPORT_REQUESTED] =
    g_signal_new ("export-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_FILE, G_TYPE_BOOLEAN);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ui/msvis-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MsvisExportDialog, region_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisExportDialog, sides_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisExportDialog, scale_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisExportDialog, size_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisExportDialog, size_warning);
  gtk_widget_class_bind_template_child (widget_class, MsvisExportDialog, export_button);
  gtk_widget_class_bind_template_callback (widget_class, msvis_export_dialog_changed_cb);

  gtk_widget_class_install_action (widget_class, "export-dialog.export", NULL,
                                   msvis_export_dialog_export_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
msvis_export_dialog_init (MsvisExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  msvis_solid_popovers_install (GTK_WINDOW (self));
  g_signal_connect_swapped (self->export_button, "notify::sensitive", G_CALLBACK (focus_export),
                            self);
}

/**
 * msvis_export_dialog_new:
 * @parent: (nullable): the window the dialog belongs to
 * @name: the result's file name, for the title and the suggested file name
 *
 * Returns: (transfer floating): a new dialog, not shown yet; give it the sides with
 *   msvis_export_dialog_set_side()
 */
GtkWidget *
msvis_export_dialog_new (GtkWindow        *parent,
                         MsvisVisDocument *doc,
                         const char       *name,
                         gint              micro_step,
                         gboolean          overflow)
{
  MsvisExportDialog *self;

  g_return_val_if_fail (!parent || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (doc != NULL, NULL);

  self = g_object_new (MSVIS_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  self->doc = msvis_vis_document_ref (doc);
  self->name = g_strdup (name);
  self->micro_step = micro_step;
  self->overflow = overflow;
  if (last.valid)
    {
      adw_combo_row_set_selected (self->region_row, last.region);
      adw_combo_row_set_selected (self->sides_row, last.sides);
      adw_combo_row_set_selected (self->format_row, last.format);
      adw_combo_row_set_selected (self->scale_row, last.scale);
    }
  msvis_export_dialog_update (self);
  return GTK_WIDGET (self);
}

void
msvis_export_dialog_set_side (MsvisExportDialog *self,
                              gboolean           bench,
                              MsvisLayout       *layout,
                              const MsvisRect   *view)
{
  g_return_if_fail (MSVIS_IS_EXPORT_DIALOG (self));

  bench = !!bench;
  g_clear_pointer (&self->layouts[bench], msvis_layout_unref);
  if (layout != NULL)
    self->layouts[bench] = msvis_layout_ref (layout);
  self->views[bench] = view ? *view : (MsvisRect) { 0 };
  msvis_export_dialog_update (self);
}

void
msvis_export_dialog_set_folder (MsvisExportDialog *self,
                                GFile             *folder)
{
  g_return_if_fail (MSVIS_IS_EXPORT_DIALOG (self));

  g_set_object (&self->folder, folder);
}
