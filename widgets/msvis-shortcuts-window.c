// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-shortcuts-window.h"

/* The keys are described once, in ui/msvis-shortcuts.ui (a GtkShortcutsWindow, so that its
 * strings are translated as before and a new key is one more element there). This window reads
 * that description and lays every group out in columns inside a scroller: all keys show at
 * once, the graph's too, and a small screen scrolls instead of cutting the window. */

#define MIN_WIDTH_FOR_3 1600   /* monitor width from which three columns fit */

struct _MsvisShortcutsWindow
{
  AdwWindow  parent_instance;

  GPtrArray *accelerators;   /* char *, every one shown, for tests */
  int        title_chars;    /* the floor of a description's width: it is also its width */
};

G_DEFINE_FINAL_TYPE (MsvisShortcutsWindow, msvis_shortcuts_window, ADW_TYPE_WINDOW)

typedef struct
{
  char      *title;
  GPtrArray *rows;   /* Row */
  guint      lines;
} Group;

typedef struct
{
  char *title;
  char *accelerator;   /* GtkShortcutLabel's syntax: alternatives separated by spaces */
} Row;

static void
row_free (gpointer data)
{
  Row *row = data;

  g_free (row->title);
  g_free (row->accelerator);
  g_free (row);
}

static void
group_free (gpointer data)
{
  Group *group = data;

  g_free (group->title);
  g_ptr_array_unref (group->rows);
  g_free (group);
}

static gboolean
is_keypad (const char *accelerator)
{
  guint key = 0;
  const char *name;

  gtk_accelerator_parse (accelerator, &key, NULL);
  name = key != 0 ? gdk_keyval_name (key) : NULL;
  return name != NULL && g_str_has_prefix (name, "KP_");
}

/* An action's keys as the application has them now, so that the window never disagrees with
 * what the keys do. */
static char *
action_accelerator (GtkApplication *app,
                    const char     *action)
{
  g_auto(GStrv) accels = NULL;
  g_autoptr(GStrvBuilder) main_keys = g_strv_builder_new ();
  g_auto(GStrv) shown = NULL;

  if (app == NULL)
    return NULL;
  accels = gtk_application_get_accels_for_action (app, action);
  /* The keypad's twin of a key ("Ctrl + +" twice) read as a duplicate: the main keys only. */
  for (guint i = 0; accels[i] != NULL; i++)
    if (!is_keypad (accels[i]))
      g_strv_builder_add (main_keys, accels[i]);
  shown = g_strv_builder_end (main_keys);
  if (shown[0] == NULL)
    return accels[0] != NULL ? g_strjoinv (" ", accels) : NULL;
  return g_strjoinv (" ", shown);
}

static void
add_shortcut (GPtrArray      *groups,
              GtkWidget      *shortcut,
              GtkApplication *app)
{
  g_autofree char *title = NULL, *action = NULL, *accelerator = NULL;
  Group *group;
  Row *row;

  if (groups->len == 0)
    return;
  g_object_get (shortcut, "title", &title, "action-name", &action, "accelerator",
                &accelerator, NULL);
  if (action != NULL)
    {
      g_free (accelerator);
      accelerator = action_accelerator (app, action);
    }
  /* An action without a key (none set, or not in this build) has nothing to show. */
  if (accelerator == NULL || accelerator[0] == '\0')
    return;
  group = g_ptr_array_index (groups, groups->len - 1);
  row = g_new0 (Row, 1);
  row->title = g_steal_pointer (&title);
  row->accelerator = g_steal_pointer (&accelerator);
  g_ptr_array_add (group->rows, row);
  group->lines++;
}

/* Depth first is document order: GTK reorders the groups only when it lays a section out,
 * and this description is never shown. */
static void
collect (GtkWidget      *widget,
         GPtrArray      *groups,
         GtkApplication *app)
{
  if (GTK_IS_SHORTCUTS_GROUP (widget))
    {
      Group *group = g_new0 (Group, 1);

      g_object_get (widget, "title", &group->title, NULL);
      group->rows = g_ptr_array_new_with_free_func (row_free);
      group->lines = 2;   /* the title and the gap after the group */
      g_ptr_array_add (groups, group);
    }
  else if (GTK_IS_SHORTCUTS_SHORTCUT (widget))
    {
      add_shortcut (groups, widget, app);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, groups, app);
}

static GPtrArray *
read_groups (GtkApplication *app)
{
  g_autoptr(GtkBuilder) builder = gtk_builder_new ();
  g_autoptr(GError) error = NULL;
  GPtrArray *groups = g_ptr_array_new_with_free_func (group_free);
  GObject *description;

  gtk_builder_set_translation_domain (builder, GETTEXT_PACKAGE);
  if (!gtk_builder_add_from_resource (builder, RESOURCE_BASE "/ui/msvis-shortcuts.ui", &error))
    g_error ("the shortcuts description is broken: %s", error->message);
  description = gtk_builder_get_object (builder, "help_overlay");
  collect (GTK_WIDGET (description), groups, app);
  gtk_window_destroy (GTK_WINDOW (description));
  return groups;
}

static GtkWidget *
row_widget (MsvisShortcutsWindow *self,
            const Row            *row,
            GtkSizeGroup         *keys)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *accel = gtk_shortcut_label_new (row->accelerator);
  GtkWidget *title = gtk_label_new (row->title);
  PangoAttrList *attrs = pango_attr_list_new ();

  gtk_widget_set_halign (accel, GTK_ALIGN_START);
  gtk_widget_set_valign (accel, GTK_ALIGN_CENTER);
  gtk_size_group_add_widget (keys, accel);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  /* A floor as well as a ceiling: a wrapped label asks for the width of its longest word,
   * and a column of them came out one or two words wide. */
  gtk_label_set_width_chars (GTK_LABEL (title), self->title_chars);
  gtk_label_set_max_width_chars (GTK_LABEL (title), 40);
  gtk_widget_set_hexpand (title, TRUE);
  /* Prose, but "counterpart" broken as "counter-part" reads badly in a narrow column. */
  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  gtk_label_set_attributes (GTK_LABEL (title), attrs);
  pango_attr_list_unref (attrs);
  gtk_box_append (GTK_BOX (box), accel);
  gtk_box_append (GTK_BOX (box), title);
  g_ptr_array_add (self->accelerators, g_strdup (row->accelerator));
  return box;
}

/* The keys of a column share a width, so that the titles of all its groups line up (the
 * keypad's twins, which made the zoom keys widest, are not shown). */
static GtkWidget *
group_widget (MsvisShortcutsWindow *self,
              const Group          *group,
              GtkSizeGroup         *keys)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  GtkWidget *title = gtk_label_new (group->title);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "heading");
  gtk_box_append (GTK_BOX (box), title);
  for (guint i = 0; i < group->rows->len; i++)
    gtk_box_append (GTK_BOX (box), row_widget (self, g_ptr_array_index (group->rows, i), keys));
  return box;
}

/* The geometry of the parent's monitor, else the first one's, else a small screen's. */
static GdkRectangle
screen_area (GtkWindow *parent)
{
  GdkDisplay *display = gdk_display_get_default ();
  GdkSurface *surface = parent ? gtk_native_get_surface (GTK_NATIVE (parent)) : NULL;
  GdkRectangle area = { 0, 0, 1280, 720 };
  g_autoptr(GdkMonitor) first = NULL;

  if (surface != NULL && gdk_display_get_monitor_at_surface (display, surface) != NULL)
    gdk_monitor_get_geometry (gdk_display_get_monitor_at_surface (display, surface), &area);
  else if (display != NULL
           && (first = g_list_model_get_item (gdk_display_get_monitors (display), 0)) != NULL)
    gdk_monitor_get_geometry (first, &area);
  return area;
}

/* Groups in order, down one column then the next, each column about as long as the others. */
static GtkWidget *
columns_widget (MsvisShortcutsWindow *self,
                GPtrArray            *groups,
                guint                 n_columns)
{
  GtkWidget *columns = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 36);
  GtkWidget *column = NULL;
  g_autoptr(GtkSizeGroup) keys = NULL;
  guint total = 0, used = 0, made = 0;

  for (guint i = 0; i < groups->len; i++)
    total += ((Group *) g_ptr_array_index (groups, i))->lines;
  for (guint i = 0; i < groups->len; i++)
    {
      const Group *group = g_ptr_array_index (groups, i);

      if (group->rows->len == 0)
        continue;
      if (column == NULL
          || (made < n_columns && used + group->lines / 2 > total * made / n_columns))
        {
          column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);
          gtk_box_append (GTK_BOX (columns), column);
          g_clear_object (&keys);
          keys = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
          made++;
        }
      gtk_box_append (GTK_BOX (column), group_widget (self, group, keys));
      used += group->lines;
    }
  return columns;
}

static void
msvis_shortcuts_window_finalize (GObject *object)
{
  MsvisShortcutsWindow *self = MSVIS_SHORTCUTS_WINDOW (object);

  g_ptr_array_unref (self->accelerators);
  G_OBJECT_CLASS (msvis_shortcuts_window_parent_class)->finalize (object);
}

static void
msvis_shortcuts_window_class_init (MsvisShortcutsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = msvis_shortcuts_window_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
msvis_shortcuts_window_init (MsvisShortcutsWindow *self)
{
  self->accelerators = g_ptr_array_new_with_free_func (g_free);
  gtk_widget_add_css_class (GTK_WIDGET (self), "shortcuts-window");
}

/**
 * msvis_shortcuts_window_new:
 * @parent: (nullable): the window whose keys are shown
 * @app: (nullable): where the actions' keys are read
 *
 * Returns: (transfer floating): a new window, not shown yet
 */
GtkWidget *
msvis_shortcuts_window_new (GtkWindow      *parent,
                            GtkApplication *app)
{
  GdkRectangle area = screen_area (parent);

  return msvis_shortcuts_window_new_for_screen (parent, app, area.width, area.height);
}

/**
 * msvis_shortcuts_window_new_for_screen:
 * @width: the width of the screen it is laid out for
 * @height: its height
 *
 * Returns: (transfer floating): a new window as msvis_shortcuts_window_new() makes it on a
 *   screen of @width × @height
 */
GtkWidget *
msvis_shortcuts_window_new_for_screen (GtkWindow      *parent,
                                       GtkApplication *app,
                                       int             width,
                                       int             height)
{
  MsvisShortcutsWindow *self;
  g_autoptr(GPtrArray) groups = read_groups (app);
  GdkRectangle area = { 0, 0, width, height };
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *columns;

  self = g_object_new (MSVIS_TYPE_SHORTCUTS_WINDOW, "transient-for", parent, "modal", TRUE,
                       "title", _("Keyboard Shortcuts"), NULL);
  /* GTK sizes a wrapping label's column at its floor, not at its max-width-chars: a floor
   * that fits the screen, so that three columns of short phrases do not wrap. */
  self->title_chars = area.width >= MIN_WIDTH_FOR_3 ? 32 : 22;
  columns = columns_widget (self, groups, area.width >= MIN_WIDTH_FOR_3 ? 3 : 2);
  gtk_widget_set_halign (columns, GTK_ALIGN_CENTER);
  gtk_widget_set_margin_start (columns, 24);
  gtk_widget_set_margin_end (columns, 24);
  gtk_widget_set_margin_top (columns, 18);
  gtk_widget_set_margin_bottom (columns, 24);
  gtk_box_append (GTK_BOX (content), adw_header_bar_new ());
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  /* The header bar and the window's frame stay on screen: the columns scroll. */
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller),
                                              MAX (area.height - 140, 240));
  gtk_scrolled_window_set_max_content_width (GTK_SCROLLED_WINDOW (scroller),
                                             MAX (area.width - 60, 480));
  /* A scrollbar that stays: overlay ones show only on a hover, and the rows cut at the
   * bottom of a 720-pixel screen did not say there were more. */
  gtk_scrolled_window_set_overlay_scrolling (GTK_SCROLLED_WINDOW (scroller), FALSE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), columns);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (content), scroller);
  adw_window_set_content (ADW_WINDOW (self), content);
  return GTK_WIDGET (self);
}

GStrv
msvis_shortcuts_window_dup_accelerators (MsvisShortcutsWindow *self)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv result;

  g_return_val_if_fail (MSVIS_IS_SHORTCUTS_WINDOW (self), NULL);

  for (guint i = 0; i < self->accelerators->len; i++)
    g_strv_builder_add (builder, g_ptr_array_index (self->accelerators, i));
  result = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return result;
}
