// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "msvis-input-file.h"
#include "msvis-display-name.h"
#include "msvis-stack-view.h"

/* The call stacks of a node and of its counterpart, one row per frame. A frame is msprobe's
 * `File /path/x.py, line 12, in forward, \n code` (or Python's own form with a quoted path);
 * a frame that does not read that way is shown as it is. */

typedef struct
{
  char  *text;       /* the frame as the file has it: what is copied */
  char  *path;       /* NULL when the frame names no file */
  guint  line;
  char  *function;
  char  *code;
} Frame;

struct _MsvisStackView
{
  GtkWidget     parent_instance;

  /* Template widgets */
  GtkWidget    *content;
  GtkLabel     *empty_label;
  GtkWidget    *npu_header;
  GtkLabel     *npu_heading;
  GtkListBox   *npu_list;
  GtkWidget    *bench_header;
  GtkLabel     *bench_heading;
  GtkListBox   *bench_list;
  GtkLabel     *error_label;

  /* Owned */
  GPtrArray    *frames[2];         /* Frame, per side; NULL: no such side */
  GPtrArray    *open_buttons;      /* GtkWidget, borrowed from the rows; one per file frame */
  GCancellable *check_cancellable; /* the file existence check of the current frames */
};

G_DEFINE_FINAL_TYPE (MsvisStackView, msvis_stack_view, GTK_TYPE_WIDGET)

static void
frame_free (gpointer data)
{
  Frame *frame = data;

  g_free (frame->text);
  g_free (frame->path);
  g_free (frame->function);
  g_free (frame->code);
  g_free (frame);
}

static const char *
skip_prefix (const char *text,
             const char *prefix)
{
  gsize len = strlen (prefix);

  return strncmp (text, prefix, len) == 0 ? text + len : NULL;
}

static Frame *
frame_parse (const char *text)
{
  Frame *frame = g_new0 (Frame, 1);
  const char *p, *end, *newline;

  frame->text = g_strdup (text);
  while (g_ascii_isspace (*text))
    text++;
  if ((p = skip_prefix (text, "File ")) == NULL)
    return frame;

  if (*p == '"' && (end = strchr (p + 1, '"')) != NULL)
    {
      frame->path = g_strndup (p + 1, end - p - 1);
      p = end + 1;
    }
  else if ((end = strstr (p, ", line ")) != NULL)
    {
      frame->path = g_strndup (p, end - p);
      p = end;
    }
  else
    return frame;

  if ((p = skip_prefix (p, ", line ")) != NULL)
    frame->line = strtoul (p, (char **)&p, 10);
  if (p != NULL && (p = skip_prefix (p, ", in ")) != NULL)
    {
      end = p + strcspn (p, ",\n");
      frame->function = g_strndup (p, end - p);
    }

  newline = strchr (text, '\n');
  if (newline != NULL)
    frame->code = g_strstrip (g_strdup (newline + 1));
  return frame;
}

/* Library code is rarely where a precision problem starts: it is dimmed, not hidden. */
static gboolean
frame_is_library (const Frame *frame)
{
  return frame->path != NULL &&
         (strstr (frame->path, "site-packages/") != NULL ||
          strstr (frame->path, "dist-packages/") != NULL);
}

static GtkWidget *
make_label (const char        *text,
            PangoEllipsizeMode ellipsize,
            const char        *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.);
  gtk_label_set_ellipsize (GTK_LABEL (label), ellipsize);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
make_button (const char *icon_name,
             const char *tooltip,
             const char *action,
             const char *target)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
  gtk_widget_add_css_class (button, "flat");
  return button;
}

static GtkWidget *
frame_text_box (const Frame *frame)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *base = NULL, *dir = NULL, *title = NULL;

  gtk_widget_set_hexpand (box, TRUE);
  if (frame->path == NULL)
    {
      /* Wrapped: within the name budget, or a long line freezes the window. */
      g_autofree char *shown = msvis_display_name (frame->text);
      GtkWidget *label = make_label (shown, PANGO_ELLIPSIZE_NONE, NULL);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_box_append (GTK_BOX (box), label);
      return box;
    }

  base = g_path_get_basename (frame->path);
  dir = g_path_get_dirname (frame->path);
  if (frame->function != NULL)
    /* translators: a stack frame: file name, line number and function */
    title = g_strdup_printf (_("%s:%u, in %s"), base, frame->line, frame->function);
  else
    title = g_strdup_printf ("%s:%u", base, frame->line);

  gtk_box_append (GTK_BOX (box), make_label (title, PANGO_ELLIPSIZE_END, "heading"));
  if (frame->code != NULL && frame->code[0] != '\0')
    gtk_box_append (GTK_BOX (box), make_label (frame->code, PANGO_ELLIPSIZE_END, "monospace"));
  gtk_box_append (GTK_BOX (box), make_label (dir, PANGO_ELLIPSIZE_MIDDLE, "caption"));
  return box;
}

/* Rows are made in code: a handful of frames per node, each with its own state (dimmed,
 * openable), which a template cannot express. */
static GtkWidget *
msvis_stack_view_make_row (MsvisStackView *self,
                           const Frame    *frame)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *text = frame_text_box (frame);
  g_autofree char *tooltip = msvis_display_name (frame->text);

  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 6);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_tooltip_text (row, tooltip);
  if (frame_is_library (frame))
    gtk_widget_add_css_class (text, "dim-label");
  gtk_box_append (GTK_BOX (box), text);

  if (frame->path != NULL)
    {
      GtkWidget *open = make_button ("text-editor-symbolic", _("Open in Editor"),
                                     "stack.open-file", frame->path);

      /* Shown once the file is known to exist here: stacks often come from another machine. */
      gtk_widget_set_visible (open, FALSE);
      g_object_set_data_full (G_OBJECT (open), "path", g_strdup (frame->path), g_free);
      g_ptr_array_add (self->open_buttons, open);
      gtk_box_append (GTK_BOX (box), open);
    }
  gtk_box_append (GTK_BOX (box),
                  make_button ("edit-copy-symbolic", _("Copy Frame"), "stack.copy-frame",
                               frame->text));

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static void
copy_text (MsvisStackView *self,
           const char     *text)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
}

static char *
join_frames (GPtrArray *frames)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; frames != NULL && i < frames->len; i++)
    {
      const Frame *frame = g_ptr_array_index (frames, i);

      g_string_append (out, frame->text);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

static void
msvis_stack_view_copy_frame_action (GtkWidget  *widget,
                                    const char *action_name,
                                    GVariant   *parameter)
{
  copy_text (MSVIS_STACK_VIEW (widget), g_variant_get_string (parameter, NULL));
}

static void
msvis_stack_view_copy_side_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  MsvisStackView *self = MSVIS_STACK_VIEW (widget);
  gint side = g_variant_get_int32 (parameter);
  g_autofree char *text = NULL;

  if (side < 0 || side > 1)
    return;
  text = join_frames (self->frames[side]);
  copy_text (self, text);
}

static const Frame *
msvis_stack_view_row_frame (MsvisStackView *self,
                            GtkListBoxRow  *row)
{
  GtkWidget *list = gtk_widget_get_parent (GTK_WIDGET (row));
  GPtrArray *frames = list == GTK_WIDGET (self->npu_list) ? self->frames[0] : self->frames[1];
  int index = gtk_list_box_row_get_index (row);

  if (frames == NULL || index < 0 || (guint)index >= frames->len)
    return NULL;
  return g_ptr_array_index (frames, index);
}

/* Ctrl+C copies the frame that has the focus, else the selected one. */
static void
msvis_stack_view_copy_selected_action (GtkWidget  *widget,
                                       const char *action_name,
                                       GVariant   *parameter)
{
  MsvisStackView *self = MSVIS_STACK_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  GtkWidget *focus = root ? gtk_root_get_focus (root) : NULL;
  GtkWidget *row = focus ? gtk_widget_get_ancestor (focus, GTK_TYPE_LIST_BOX_ROW) : NULL;
  const Frame *frame = NULL;

  if (row == NULL || !gtk_widget_is_ancestor (row, widget))
    row = (GtkWidget *)gtk_list_box_get_selected_row (self->npu_list);
  if (row == NULL)
    row = (GtkWidget *)gtk_list_box_get_selected_row (self->bench_list);
  if (row != NULL)
    frame = msvis_stack_view_row_frame (self, GTK_LIST_BOX_ROW (row));
  if (frame != NULL)
    copy_text (self, frame->text);
}

static void
msvis_stack_view_launch_cb (GObject      *object,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  g_autoptr(MsvisStackView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;

  if (g_app_info_launch_default_for_uri_finish (result, &error))
    return;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  /* translators: %s is why no application could open the file */
  message = g_strdup_printf (_("Could not open the file: %s"), error->message);
  gtk_label_set_text (self->error_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
}

static void
msvis_stack_view_open (MsvisStackView *self,
                       const char     *path)
{
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  g_autoptr(GdkAppLaunchContext) context = NULL;

  if (uri == NULL)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  context = gdk_display_get_app_launch_context (gtk_widget_get_display (GTK_WIDGET (self)));
  g_app_info_launch_default_for_uri_async (uri, G_APP_LAUNCH_CONTEXT (context), NULL,
                                           msvis_stack_view_launch_cb, g_object_ref (self));
}

static void
msvis_stack_view_open_file_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  msvis_stack_view_open (MSVIS_STACK_VIEW (widget), g_variant_get_string (parameter, NULL));
}

static void
msvis_stack_view_row_activated_cb (MsvisStackView *self,
                                   GtkListBoxRow  *row,
                                   GtkListBox     *list)
{
  const Frame *frame = msvis_stack_view_row_frame (self, row);

  g_assert (MSVIS_IS_STACK_VIEW (self));

  /* Only a file seen to exist: activating any other frame would just fail. */
  for (guint i = 0; frame != NULL && frame->path != NULL && i < self->open_buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->open_buttons, i);

      if (gtk_widget_get_ancestor (button, GTK_TYPE_LIST_BOX_ROW) == GTK_WIDGET (row))
        {
          if (gtk_widget_get_visible (button))
            msvis_stack_view_open (self, frame->path);
          return;
        }
    }
}

static void
msvis_stack_view_check_cb (GObject      *object,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  g_autoptr(MsvisStackView) self = user_data;
  g_autoptr(GHashTable) existing = NULL;

  /* Superseded by newer frames: those buttons are gone. */
  existing = msvis_input_files_exist_finish (result, NULL);
  if (existing == NULL)
    return;

  for (guint i = 0; i < self->open_buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (self->open_buttons, i);
      const char *path = g_object_get_data (G_OBJECT (button), "path");

      gtk_widget_set_visible (button, g_hash_table_contains (existing, path));
    }
}

static void
msvis_stack_view_check_files (MsvisStackView *self)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  g_cancellable_cancel (self->check_cancellable);
  g_clear_object (&self->check_cancellable);
  for (guint i = 0; i < self->open_buttons->len; i++)
    g_ptr_array_add (paths, g_strdup (g_object_get_data (g_ptr_array_index (self->open_buttons,
                                                                             i), "path")));
  if (paths->len == 0)
    return;

  /* Checking for the files is I/O (a stack may name a dead network mount): on a worker. */
  self->check_cancellable = g_cancellable_new ();
  msvis_input_files_exist_async (paths, self->check_cancellable, msvis_stack_view_check_cb,
                                 g_object_ref (self));
}

/* With two sides, a side without frames keeps its heading ("Bench · 0 frames"): that the
 * counterpart has no stack is worth seeing next to one that has. */
static void
msvis_stack_view_fill_side (MsvisStackView    *self,
                            guint              side,
                            const char *const *lines,
                            gboolean           show_empty)
{
  GtkListBox *list = side == 0 ? self->npu_list : self->bench_list;
  GtkWidget *header = side == 0 ? self->npu_header : self->bench_header;
  GtkLabel *heading = side == 0 ? self->npu_heading : self->bench_heading;
  guint n = lines ? g_strv_length ((char **)lines) : 0;
  g_autofree char *count = NULL;

  g_clear_pointer (&self->frames[side], g_ptr_array_unref);
  /* gtk_list_box_remove_all () is GTK 4.12. */
  for (GtkWidget *row; (row = gtk_widget_get_first_child (GTK_WIDGET (list))) != NULL;)
    gtk_list_box_remove (list, row);
  gtk_widget_set_visible (header, lines != NULL && (n > 0 || show_empty));
  gtk_widget_set_visible (GTK_WIDGET (list), n > 0);
  if (lines == NULL)
    return;

  self->frames[side] = g_ptr_array_new_with_free_func (frame_free);
  for (guint i = 0; i < n; i++)
    {
      Frame *frame = frame_parse (lines[i]);

      g_ptr_array_add (self->frames[side], frame);
      gtk_list_box_append (list, msvis_stack_view_make_row (self, frame));
    }

  /* translators: the number of frames in a call stack */
  count = g_strdup_printf (g_dngettext (NULL, "%u frame", "%u frames", n), n);
  if (show_empty)
    {
      g_autofree char *text = NULL;

      /* translators: a call stack's heading: "NPU · 3 frames" or "Bench · 1 frame" */
      text = g_strdup_printf (_("%s · %s"), side == 0 ? _("NPU") : _("Bench"), count);
      gtk_label_set_text (heading, text);
    }
  else
    gtk_label_set_text (heading, count);
}

static void
msvis_stack_view_dispose (GObject *object)
{
  MsvisStackView *self = MSVIS_STACK_VIEW (object);

  g_cancellable_cancel (self->check_cancellable);
  g_clear_object (&self->check_cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), MSVIS_TYPE_STACK_VIEW);
  g_clear_pointer (&self->open_buttons, g_ptr_array_unref);
  g_clear_pointer (&self->frames[0], g_ptr_array_unref);
  g_clear_pointer (&self->frames[1], g_ptr_array_unref);

  G_OBJECT_CLASS (msvis_stack_view_parent_class)->dispose (object);
}

static void
msvis_stack_view_class_init (MsvisStackViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_stack_view_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ui/msvis-stack-view.ui");
  gtk_widget_class_bind_template_child (widget_class, MsvisStackView, content);
  gtk_widget_class_bind_template_child (widget_class, MsvisStackView, empty_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisStackView, npu_header);
  gtk_widget_class_bind_template_child (widget_class, MsvisStackView, npu_heading);
  gtk_widget_class_bind_template_child (widget_class, MsvisStackView, npu_list);
  gtk_widget_class_bind_template_child (widget_class, MsvisStackView, bench_header);
  gtk_widget_class_bind_template_child (widget_class, MsvisStackView, bench_heading);
  gtk_widget_class_bind_template_child (widget_class, MsvisStackView, bench_list);
  gtk_widget_class_bind_template_child (widget_class, MsvisStackView, error_label);
  gtk_widget_class_bind_template_callback (widget_class, msvis_stack_view_row_activated_cb);

  gtk_widget_class_install_action (widget_class, "stack.copy-frame", "s",
                                   msvis_stack_view_copy_frame_action);
  gtk_widget_class_install_action (widget_class, "stack.copy-side", "i",
                                   msvis_stack_view_copy_side_action);
  gtk_widget_class_install_action (widget_class, "stack.copy-selected", NULL,
                                   msvis_stack_view_copy_selected_action);
  gtk_widget_class_install_action (widget_class, "stack.open-file", "s",
                                   msvis_stack_view_open_file_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                       "stack.copy-selected", NULL);

  gtk_widget_class_set_css_name (widget_class, "stackview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
msvis_stack_view_init (MsvisStackView *self)
{
  self->open_buttons = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  msvis_stack_view_set_stacks (self, NULL, NULL);
}

GtkWidget *
msvis_stack_view_new (void)
{
  return g_object_new (MSVIS_TYPE_STACK_VIEW, NULL);
}

/**
 * msvis_stack_view_set_stacks:
 * @npu_frames: (nullable) (array zero-terminated=1): the NPU node's frames (or the node's, in
 *   a build); %NULL: no NPU node
 * @bench_frames: (nullable) (array zero-terminated=1): the Bench node's frames; %NULL: no
 *   Bench node
 *
 * Shows the frames, under an NPU and a Bench heading when both sides are given.
 */
void
msvis_stack_view_set_stacks (MsvisStackView    *self,
                             const char *const *npu_frames,
                             const char *const *bench_frames)
{
  gboolean two_sides = npu_frames != NULL && bench_frames != NULL;
  gboolean any = (npu_frames && npu_frames[0]) || (bench_frames && bench_frames[0]);

  g_return_if_fail (MSVIS_IS_STACK_VIEW (self));

  g_ptr_array_set_size (self->open_buttons, 0);
  msvis_stack_view_fill_side (self, 0, npu_frames, two_sides && any);
  msvis_stack_view_fill_side (self, 1, bench_frames, two_sides && any);
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), !any);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  msvis_stack_view_check_files (self);
}
