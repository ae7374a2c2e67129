// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-graph-canvas-private.h"
#include "msvis-json-value.h"
#include "msvis-node-finder.h"
#include "msvis-node-menu-private.h"
#include "msvis-node-menu.h"

/* One menu per canvas, kept as object data; the node it is about is the one right-clicked,
 * which the click also selects (so the window's actions on the selection apply to it). */

typedef struct
{
  MsvisGraphCanvas   *canvas;     /* not a reference: the canvas owns this */
  GSimpleActionGroup *group;
  GMenu              *model;
  GMenu              *ranks;      /* "Open in Rank N", filled when the node's data is read */
  GtkWidget          *popover;
  MsvisNodeId         node;
  GdkRectangle        point;      /* where the menu points, once the read is in */
  char               *stack;      /* the node's stack as text, once read; NULL before */
  GCancellable       *read;
} NodeMenu;

static NodeMenu *get_menu (MsvisGraphCanvas *canvas);

/* What the read of the node's data found. */
typedef struct
{
  char      *stack;
  GPtrArray *peers;   /* MsvisPeer, uncoloured */
} NodeFacts;

static void
node_facts_free (gpointer data)
{
  NodeFacts *facts = data;

  g_free (facts->stack);
  g_ptr_array_unref (facts->peers);
  g_free (facts);
}

typedef struct
{
  MsvisNodeId node;
  gboolean    is_bench;
} ReadWhat;

/* On the reading thread, with the node's data in. */
static gpointer
read_facts (MsvisVisDocument *doc,
            gpointer          data)
{
  ReadWhat *what = data;
  MsvisGraph *graph = msvis_vis_document_get_graph (doc, what->is_bench);
  NodeFacts *facts = g_new0 (NodeFacts, 1);
  guint n_lines = 0;
  const char *const *lines =
    msvis_graph_get_stack (graph, msvis_graph_node_get_stack (graph, what->node), &n_lines);
  MsvisJsonValue *info = msvis_graph_node_get_distributed (graph, what->node);
  GString *stack = g_string_new (NULL);

  for (guint i = 0; i < n_lines; i++)
    g_string_append_printf (stack, "%s\n", lines[i]);
  facts->stack = g_string_free (stack, FALSE);
  facts->peers = msvis_peers_new ();
  msvis_peers_add_distributed (facts->peers, info);
  return facts;
}

/* Shown once complete: a menu that changed while open kept its first, shorter size. */
static void
show (NodeMenu *menu)
{
  /* The ranks' section only when there are some: an empty one left a gap. */
  if (g_menu_model_get_n_items (G_MENU_MODEL (menu->ranks)) > 0)
    g_menu_append_section (menu->model, NULL, G_MENU_MODEL (menu->ranks));
  if (menu->popover == NULL)
    {
      menu->popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu->model));
      gtk_widget_set_parent (menu->popover, GTK_WIDGET (menu->canvas));
      gtk_popover_set_has_arrow (GTK_POPOVER (menu->popover), FALSE);
      gtk_popover_set_position (GTK_POPOVER (menu->popover), GTK_POS_BOTTOM);
    }
  else
    gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (menu->popover),
                                     G_MENU_MODEL (menu->model));
  gtk_popover_set_pointing_to (GTK_POPOVER (menu->popover), &menu->point);
  gtk_popover_popup (GTK_POPOVER (menu->popover));
}

/* The peers, coloured if their ranks could be read in time: the menu is complete. */
static void
peers_coloured (MsvisGraphCanvas *canvas,
                GPtrArray        *peers)
{
  NodeMenu *menu = get_menu (canvas);

  if (menu == NULL || gtk_widget_get_root (GTK_WIDGET (canvas)) == NULL)
    return;
  _msvis_node_menu_fill_ranks (menu->ranks, peers, canvas->is_bench);
  show (menu);
}

static void
facts_read (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(MsvisGraphCanvas) canvas = data;   /* kept alive by the read */
  NodeMenu *menu = get_menu (canvas);
  g_autoptr(GError) error = NULL;
  NodeFacts *facts = msvis_vis_document_read_nodes_finish (result, &error);

  /* The menu is about another node now, or its window is closing. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || menu == NULL ||
      gtk_widget_get_root (GTK_WIDGET (canvas)) == NULL)
    {
      g_clear_pointer (&facts, node_facts_free);
      return;
    }
  if (facts == NULL)
    {
      show (menu);   /* without the stack and the ranks it could not read */
      return;
    }
  g_free (menu->stack);
  menu->stack = g_steal_pointer (&facts->stack);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (
                                 G_ACTION_MAP (menu->group), "copy-stack")),
                               menu->stack[0] != '\0');
  _msvis_node_menu_color_peers (canvas, facts->peers, menu->read, peers_coloured);
  node_facts_free (facts);
}

static void
copy_text (NodeMenu   *menu,
           const char *text)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (menu->canvas)), text);
}

static void
copy_name_activated (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       data)
{
  NodeMenu *menu = data;

  if (menu->canvas->graph != NULL && menu->node != MSVIS_NODE_ID_NONE)
    copy_text (menu, msvis_graph_node_get_id (menu->canvas->graph, menu->node));
}

static void
copy_stack_activated (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       data)
{
  NodeMenu *menu = data;

  if (menu->stack != NULL)
    copy_text (menu, menu->stack);
}

static void
expand_errors_activated (GSimpleAction *action,
                         GVariant      *parameter,
                         gpointer       data)
{
  NodeMenu *menu = data;

  msvis_node_menu_expand_to_errors (menu->canvas, menu->node);
}

static GMenu *
make_model (NodeMenu *menu)
{
  GMenu *model = g_menu_new ();
  g_autoptr(GMenu) move = g_menu_new ();
  g_autoptr(GMenu) match = g_menu_new ();
  g_autoptr(GMenu) copy = g_menu_new ();

  g_menu_append (move, _("Go to the _Counterpart"), "win.goto-counterpart");
  g_menu_append (move, _("Expand to _Errors"), "node.expand-errors");
  g_menu_append (match, _("_Match with the Other Pick"), "match.link");
  g_menu_append (match, _("_Unmatch"), "match.unlink");
  g_menu_append (copy, _("Copy _Name"), "node.copy-name");
  g_menu_append (copy, _("Copy _Stack"), "node.copy-stack");
  g_menu_append_section (model, NULL, G_MENU_MODEL (move));
  g_menu_append_section (model, NULL, G_MENU_MODEL (match));
  g_menu_append_section (model, NULL, G_MENU_MODEL (copy));
  menu->ranks = g_menu_new ();
  return model;
}

static void
node_menu_free (gpointer data)
{
  NodeMenu *menu = data;

  g_cancellable_cancel (menu->read);
  g_clear_object (&menu->read);
  g_clear_object (&menu->group);
  g_clear_object (&menu->ranks);
  g_clear_object (&menu->model);
  g_free (menu->stack);
  g_free (menu);
}

/* The popover is a child of the canvas, which must have none left when it is finalized. */
static void
canvas_destroyed (MsvisGraphCanvas *canvas,
                  NodeMenu         *menu)
{
  g_cancellable_cancel (menu->read);
  g_clear_pointer (&menu->popover, gtk_widget_unparent);
}

static NodeMenu *
get_menu (MsvisGraphCanvas *canvas)
{
  return g_object_get_data (G_OBJECT (canvas), "msvis-node-menu");
}

static void
secondary_pressed (GtkGestureClick  *gesture,
                   int               n_press,
                   double            x,
                   double            y,
                   MsvisGraphCanvas *canvas)
{
  const MsvisLayoutBox *box = _msvis_graph_canvas_hit (canvas, x, y);

  if (box == NULL)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  msvis_node_menu_popup (canvas, box->node, x, y);
}

/* Shift+F10 and the Menu key: the menu of the selected node, at the node. */
static gboolean
keyboard_menu (GtkWidget *widget,
               GVariant  *args,
               gpointer   data)
{
  MsvisGraphCanvas *canvas = MSVIS_GRAPH_CANVAS (widget);
  graphene_rect_t area;

  if (canvas->selected == MSVIS_NODE_ID_NONE ||
      !msvis_graph_canvas_node_area (canvas, canvas->selected, &area))
    return FALSE;
  return msvis_node_menu_popup (canvas, canvas->selected,
                                area.origin.x + MIN (area.size.width / 2, 40),
                                area.origin.y + area.size.height / 2);
}

/**
 * msvis_node_menu_attach:
 *
 * Gives @canvas its node menu, on the secondary button and the menu keys.
 */
void
msvis_node_menu_attach (MsvisGraphCanvas *canvas)
{
  NodeMenu *menu = g_new0 (NodeMenu, 1);
  const GActionEntry entries[] = {
    { "copy-name", copy_name_activated },
    { "copy-stack", copy_stack_activated },
    { "expand-errors", expand_errors_activated },
  };
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();
  GtkShortcutAction *show = gtk_callback_action_new (keyboard_menu, NULL, NULL);

  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (canvas));

  menu->canvas = canvas;
  menu->node = MSVIS_NODE_ID_NONE;
  menu->group = g_simple_action_group_new ();
  g_action_map_add_action_entries (G_ACTION_MAP (menu->group), entries, G_N_ELEMENTS (entries),
                                   menu);
  gtk_widget_insert_action_group (GTK_WIDGET (canvas), "node", G_ACTION_GROUP (menu->group));
  menu->model = make_model (menu);
  g_object_set_data_full (G_OBJECT (canvas), "msvis-node-menu", menu, node_menu_free);
  g_signal_connect (canvas, "destroy", G_CALLBACK (canvas_destroyed), menu);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (secondary_pressed), canvas);
  gtk_widget_add_controller (GTK_WIDGET (canvas), GTK_EVENT_CONTROLLER (click));
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_alternative_trigger_new (
                        gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK),
                        gtk_keyval_trigger_new (GDK_KEY_Menu, 0)),
                      show));
  gtk_widget_add_controller (GTK_WIDGET (canvas), keys);
}

/**
 * msvis_node_menu_popup:
 * @x: (in widget coordinates) where to point
 *
 * Selects @node as a click would and opens its menu, once the node's stack and peers are
 * read (at once for a loaded node).
 *
 * Returns: whether the menu is opening
 */
gboolean
msvis_node_menu_popup (MsvisGraphCanvas *canvas,
                       MsvisNodeId       node,
                       double            x,
                       double            y)
{
  NodeMenu *menu = get_menu (canvas);
  ReadWhat *what;

  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (canvas), FALSE);
  if (menu == NULL || canvas->doc == NULL || node == MSVIS_NODE_ID_NONE)
    return FALSE;

  if (node != canvas->selected)
    {
      msvis_graph_canvas_select (canvas, node, FALSE);
      _msvis_graph_canvas_emit_selected (canvas);
    }
  menu->node = node;
  menu->point = (GdkRectangle) { (int) x, (int) y, 1, 1 };
  if (menu->popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (menu->popover));
  g_clear_pointer (&menu->stack, g_free);
  if (g_menu_model_get_n_items (G_MENU_MODEL (menu->model)) > 3)
    g_menu_remove (menu->model, 3);
  g_menu_remove_all (menu->ranks);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (
                                 G_ACTION_MAP (menu->group), "copy-stack")), FALSE);
  g_cancellable_cancel (menu->read);
  g_clear_object (&menu->read);
  menu->read = g_cancellable_new ();
  what = g_new (ReadWhat, 1);
  *what = (ReadWhat) { node, canvas->is_bench };
  msvis_vis_document_read_nodes_async (canvas->doc, canvas->is_bench ? MSVIS_NODE_ID_NONE : node,
                                       canvas->is_bench ? node : MSVIS_NODE_ID_NONE,
                                       read_facts, what, g_free, node_facts_free, menu->read,
                                       facts_read, g_object_ref (canvas));
  return TRUE;
}

/**
 * msvis_node_menu_get_model:
 *
 * Returns: (transfer none) (nullable): the menu of @canvas, for tests
 */
GMenuModel *
msvis_node_menu_get_model (MsvisGraphCanvas *canvas)
{
  NodeMenu *menu = get_menu (canvas);

  return menu != NULL ? G_MENU_MODEL (menu->model) : NULL;
}

/* Containers from each erring leaf up to @top, into @open. */
static void
collect_errors (MsvisGraph      *graph,
                MsvisNodeFinder *finder,
                MsvisNodeId      top,
                MsvisNodeId      node,
                GHashTable      *open,
                guint           *n_leaves)
{
  if (msvis_graph_node_get_n_children (graph, node) == 0)
    {
      if (msvis_node_finder_get_severity (finder, msvis_node_finder_get_bucket (finder, node)) == 0)
        return;
      (*n_leaves)++;
      /* The root is always open: it is the drawing itself. */
      for (MsvisNodeId up = msvis_graph_node_get_parent (graph, node);
           up != MSVIS_NODE_ID_NONE && up != msvis_graph_get_root (graph);
           up = msvis_graph_node_get_parent (graph, up))
        {
          g_hash_table_add (open, GUINT_TO_POINTER (up));
          if (up == top)
            break;
        }
      return;
    }
  for (MsvisNodeId child = msvis_graph_node_get_first_child (graph, node);
       child != MSVIS_NODE_ID_NONE; child = msvis_graph_node_get_next_sibling (graph, child))
    collect_errors (graph, finder, top, child, open, n_leaves);
}

/**
 * msvis_node_menu_expand_to_errors:
 * @node: the container to open, or %MSVIS_NODE_ID_NONE for the whole graph
 *
 * Opens the containers inside @node down to every leaf whose colour is not the mildest of the
 * legend, and no others.
 *
 * Returns: how many such leaves there are
 */
guint
msvis_node_menu_expand_to_errors (MsvisGraphCanvas *canvas,
                                  MsvisNodeId       node)
{
  g_autoptr(GHashTable) open = g_hash_table_new (NULL, NULL);
  MsvisNodeFinder *finder;
  MsvisNodeId last = MSVIS_NODE_ID_NONE;
  GHashTableIter iter;
  gpointer key;
  guint n_leaves = 0;

  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (canvas), 0);
  if (canvas->doc == NULL || !msvis_vis_document_is_compare (canvas->doc))
    return 0;
  if (node == MSVIS_NODE_ID_NONE)
    node = msvis_graph_get_root (canvas->graph);
  finder = msvis_node_finder_new (canvas->doc, canvas->is_bench);
  collect_errors (canvas->graph, finder, node, node, open, &n_leaves);
  msvis_node_finder_unref (finder);

  /* One layout for them all: the last one through the public call, which lays out. */
  g_hash_table_iter_init (&iter, open);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!msvis_graph_canvas_is_expanded (canvas, GPOINTER_TO_UINT (key)))
      {
        if (last != MSVIS_NODE_ID_NONE)
          g_hash_table_add (canvas->expanded, GUINT_TO_POINTER (last));
        last = GPOINTER_TO_UINT (key);
      }
  if (last != MSVIS_NODE_ID_NONE)
    msvis_graph_canvas_set_expanded (canvas, last, TRUE);
  return n_leaves;
}
