// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-display-name.h"
#include "msvis-find-panel-private.h"
#include "msvis-layout-engine.h"
#include "msvis-node-item.h"
#include "msvis-swatch.h"

static const char *
node_type_label (MsvisNodeType type)
{
  switch (type)
    {
    case MSVIS_NODE_MODULE:
      /* translators: a kind of node: an nn.Module or Cell */
      return C_("node type", "Module");
    case MSVIS_NODE_API:
      /* translators: a kind of node: one call of a torch/mindspore function */
      return C_("node type", "API");
    case MSVIS_NODE_API_COLLECTION:
      /* translators: a kind of node: msprobe's Apis_Between_Modules group */
      return C_("node type", "API list");
    default:
      return "";
    }
}

/* Rows: [swatch] short name … type, the parent's path on a second line. The short name is
 * never cut (a name cut in the middle, or hyphenated where it wraps, is no longer one to
 * search for) but wraps; the path gives way from its start, keeping the nearest parents.
 * Widgets are made once per visible row and rebound on scroll. */
static void
msvis_find_panel_setup_row_cb (GtkSignalListItemFactory *factory,
                               GtkListItem              *list_item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *lines = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *path = gtk_label_new (NULL);
  GtkWidget *type = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  /* A top-level module's short name is its whole id: wrapped (between characters, never
   * hyphenated) it stays whole without asking the sidebar for its width. */
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  msvis_label_show_identifiers (GTK_LABEL (name));
  gtk_label_set_xalign (GTK_LABEL (path), 0);
  gtk_label_set_single_line_mode (GTK_LABEL (path), TRUE);
  gtk_label_set_ellipsize (GTK_LABEL (path), PANGO_ELLIPSIZE_START);
  gtk_widget_add_css_class (path, "dim-label");
  gtk_widget_add_css_class (path, "caption");
  gtk_box_append (GTK_BOX (lines), name);
  gtk_box_append (GTK_BOX (lines), path);
  gtk_widget_set_hexpand (lines, TRUE);
  gtk_widget_add_css_class (type, "dim-label");
  gtk_widget_add_css_class (type, "caption");
  gtk_widget_set_valign (type, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), msvis_swatch_new ());
  gtk_box_append (GTK_BOX (box), lines);
  gtk_box_append (GTK_BOX (box), type);
  gtk_list_item_set_child (list_item, box);
}

/* The node's own part of its name (the short label the graph shows) and its parent's. */
static void
split_name (MsvisNodeItem  *item,
            char          **short_name,
            char          **parent_path)
{
  MsvisGraph *graph = msvis_node_finder_get_graph (msvis_node_item_get_finder (item));
  MsvisNodeId node = msvis_node_item_get_node (item);
  MsvisNodeId parent = msvis_graph_node_get_parent (graph, node);
  const char *id = msvis_node_item_get_name (item);
  gboolean top = parent == MSVIS_NODE_ID_NONE || parent == msvis_graph_get_root (graph);

  *short_name = msvis_display_name (msvis_layout_short_label (
    id, top, msvis_graph_node_get_n_children (graph, node) > 0));
  *parent_path = top ? g_strdup ("")
                     : msvis_display_name (msvis_graph_node_get_id (graph, parent));
}

static void
msvis_find_panel_bind_row_cb (GtkSignalListItemFactory *factory,
                              GtkListItem              *list_item)
{
  MsvisNodeItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *swatch = gtk_widget_get_first_child (box);
  GtkWidget *lines = gtk_widget_get_next_sibling (swatch);
  GtkWidget *name = gtk_widget_get_first_child (lines);
  GtkWidget *path = gtk_widget_get_last_child (lines);
  GtkWidget *type = gtk_widget_get_next_sibling (lines);
  g_autofree char *bucket =
    msvis_node_finder_dup_bucket_label (msvis_node_item_get_finder (item),
                                        msvis_node_item_get_bucket (item));
  const char *color = msvis_node_item_get_color (item);
  g_autofree char *shown = msvis_display_name (msvis_node_item_get_name (item));
  g_autofree char *tooltip = color ? g_strdup_printf ("%s\n%s", shown, bucket) : g_strdup (shown);
  g_autofree char *short_name = NULL, *parent_path = NULL;

  split_name (item, &short_name, &parent_path);
  msvis_swatch_set_color (MSVIS_SWATCH (swatch), color);
  gtk_widget_set_visible (swatch, color != NULL);
  {
    g_autofree char *broken = msvis_name_with_breaks (short_name);

    gtk_label_set_text (GTK_LABEL (name), broken);
  }
  gtk_label_set_text (GTK_LABEL (path), parent_path);
  gtk_widget_set_visible (path, parent_path[0] != '\0');
  gtk_label_set_text (GTK_LABEL (type), node_type_label (msvis_node_item_get_node_type (item)));
  gtk_widget_set_tooltip_text (box, tooltip);
}

/* The drop-down: [swatch] label … count, from the ListEntry at the row's position. */
static void
msvis_find_panel_setup_list_cb (GtkSignalListItemFactory *factory,
                                GtkListItem              *list_item)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *count = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (count, "dim-label");
  gtk_widget_add_css_class (count, "numeric");
  gtk_box_append (GTK_BOX (box), msvis_swatch_new ());
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), count);
  gtk_list_item_set_child (list_item, box);
}

static void
msvis_find_panel_bind_list_cb (GtkSignalListItemFactory *factory,
                               GtkListItem              *list_item,
                               MsvisFindPanel           *self)
{
  guint position = gtk_list_item_get_position (list_item);
  GtkStringObject *name = gtk_list_item_get_item (list_item);
  GtkWidget *box = gtk_list_item_get_child (list_item);
  GtkWidget *swatch = gtk_widget_get_first_child (box);
  GtkWidget *label = gtk_widget_get_next_sibling (swatch);
  GtkWidget *count = gtk_widget_get_next_sibling (label);
  MsvisNodeFinder *finder = _msvis_find_panel_get_finder (self);
  const ListEntry *entry;
  g_autofree char *count_text = NULL;

  gtk_label_set_text (GTK_LABEL (label), gtk_string_object_get_string (name));
  if (position >= self->lists->len || finder == NULL)
    return;
  entry = &g_array_index (self->lists, ListEntry, position);
  if (entry->kind == LIST_BUCKET)
    count_text = g_strdup_printf ("%u", msvis_node_finder_count (finder, entry->bucket));
  else if (entry->kind == LIST_DIVERGENCES)
    {
      g_autoptr(GArray) all = msvis_node_finder_list_divergences (finder);

      count_text = g_strdup_printf ("%u", all->len);
    }
  msvis_swatch_set_color (MSVIS_SWATCH (swatch), entry->kind == LIST_BUCKET
                          ? msvis_node_finder_get_bucket_color (finder, entry->bucket) : NULL);
  gtk_widget_set_visible (swatch, entry->kind == LIST_BUCKET);
  gtk_label_set_text (GTK_LABEL (count), count_text ? count_text : "");
}

static GtkListItemFactory *
signal_factory_new (GCallback setup,
                    GCallback bind,
                    gpointer  data)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", setup, NULL);
  g_signal_connect (factory, "bind", bind, data);
  return factory;
}

/**
 * _msvis_find_panel_new_row_factory:
 *
 * Returns: (transfer full): the factory of the result rows, for MsvisNodeItem
 */
GtkListItemFactory *
_msvis_find_panel_new_row_factory (void)
{
  return signal_factory_new (G_CALLBACK (msvis_find_panel_setup_row_cb),
                             G_CALLBACK (msvis_find_panel_bind_row_cb), NULL);
}

/**
 * _msvis_find_panel_new_list_factory:
 *
 * The bind callback reads @self's lists: the factory must live no longer than the panel's
 * drop-down.
 *
 * Returns: (transfer full): the factory of the drop-down's rows
 */
GtkListItemFactory *
_msvis_find_panel_new_list_factory (MsvisFindPanel *self)
{
  return signal_factory_new (G_CALLBACK (msvis_find_panel_setup_list_cb),
                             G_CALLBACK (msvis_find_panel_bind_list_cb), self);
}

/**
 * msvis_find_panel_set_divergence_errors_only:
 * @errors_only: First Divergence stops at the earliest leaf of the worst colour of the legend
 *   instead of the earliest of any colour past the pass one (the default)
 *
 * First Worst stays what it is: the earliest leaf of the worst colour present in the graph.
 */
void
msvis_find_panel_set_divergence_errors_only (MsvisFindPanel *self,
                                             gboolean        errors_only)
{
  g_return_if_fail (MSVIS_IS_FIND_PANEL (self));
  self->errors_only = !!errors_only;
}

/* The earliest leaf in dump order at or past the chosen threshold. */
MsvisNodeId
_msvis_find_panel_first_divergence_node (MsvisFindPanel  *self,
                                         MsvisNodeFinder *finder)
{
  guint n = msvis_buckets_get_n (msvis_node_finder_get_buckets (finder));

  if (!self->errors_only || n < 2)
    return msvis_node_finder_first_divergence (finder);
  return msvis_node_finder_first_divergence_at (finder, n - 1, FALSE);
}
