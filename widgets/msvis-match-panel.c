// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "msvis-display-name.h"
#include "msvis-graph-unattached.h"
#include "msvis-match-panel.h"

/* Manual matching needs the nodes left over on each side, which the graphs show only as grey
 * boxes scattered through expanded containers: tb_graph_ascend lists them per side, and so
 * does this page. The lists hold node names; a row is looked up again when activated. */

struct _MsvisMatchPanel
{
  GtkWidget         parent_instance;

  MsvisVisDocument *doc;
  GtkStringList    *names[2];   /* NPU, Bench */
  GtkWidget        *titles[2];
  GtkWidget        *lists[2];    /* a stack: the list, or "none" when the side has no node */
  GtkWidget        *empty;       /* shown for a build, which has nothing to match */
  GtkWidget        *content;
  GtkWidget        *pending;     /* a spinner and what it waits for, under the buttons */
  GtkWidget        *pending_label;
};

enum { NODE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MsvisMatchPanel, msvis_match_panel, GTK_TYPE_WIDGET)

static void
setup_row (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           gpointer                  data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* Names differ at their ends (the layer number, the call count): keep both ends. */
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_list_item_set_child (item, label);
}

static void
bind_row (GtkSignalListItemFactory *factory,
          GtkListItem              *item,
          gpointer                  data)
{
  GtkStringObject *object = gtk_list_item_get_item (item);
  const char *name = gtk_string_object_get_string (object);
  g_autofree char *shown = msvis_display_name (name);
  GtkWidget *label = gtk_list_item_get_child (item);

  gtk_label_set_text (GTK_LABEL (label), shown);
  gtk_widget_set_tooltip_text (label, shown);
}

static void
activated (GtkListView     *list,
           guint            position,
           MsvisMatchPanel *self)
{
  gboolean is_bench = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (list), "is-bench"));
  const char *name = gtk_string_list_get_string (self->names[is_bench], position);
  MsvisGraph *graph;
  MsvisNodeId node;

  if (self->doc == NULL || name == NULL)
    return;
  graph = is_bench ? msvis_vis_document_get_bench (self->doc)
                   : msvis_vis_document_get_npu (self->doc);
  node = graph != NULL ? msvis_graph_lookup (graph, name) : MSVIS_NODE_ID_NONE;
  if (node != MSVIS_NODE_ID_NONE)
    g_signal_emit (self, signals[NODE_ACTIVATED], 0, is_bench, node);
}

static GtkWidget *
make_side (MsvisMatchPanel *self,
           gboolean         is_bench)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkWidget *list, *none;

  self->names[is_bench] = gtk_string_list_new (NULL);
  self->titles[is_bench] = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->titles[is_bench]), 0);
  gtk_label_set_wrap (GTK_LABEL (self->titles[is_bench]), TRUE);
  gtk_widget_add_css_class (self->titles[is_bench], "heading");
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  list = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_single_selection_new (
                              G_LIST_MODEL (g_object_ref (self->names[is_bench])))),
                            factory);
  gtk_list_view_set_single_click_activate (GTK_LIST_VIEW (list), TRUE);
  gtk_widget_add_css_class (list, "navigation-sidebar");
  g_object_set_data (G_OBJECT (list), "is-bench", GINT_TO_POINTER (is_bench));
  gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  is_bench ? _("Unmatched Bench nodes")
                                           : _("Unmatched NPU nodes"), -1);
  g_signal_connect (list, "activate", G_CALLBACK (activated), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scroller, TRUE);
  /* An empty list was a blank white box, as if something had failed to load. */
  none = gtk_label_new (_("No unmatched nodes"));
  gtk_widget_add_css_class (none, "dim-label");
  gtk_widget_set_margin_top (none, 12);
  gtk_widget_set_margin_bottom (none, 12);
  self->lists[is_bench] = gtk_stack_new ();
  gtk_stack_add_named (GTK_STACK (self->lists[is_bench]), scroller, "list");
  gtk_stack_add_named (GTK_STACK (self->lists[is_bench]), none, "none");
  gtk_stack_set_vhomogeneous (GTK_STACK (self->lists[is_bench]), FALSE);
  gtk_widget_add_css_class (self->lists[is_bench], "card");
  gtk_box_append (GTK_BOX (box), self->titles[is_bench]);
  gtk_box_append (GTK_BOX (box), self->lists[is_bench]);
  gtk_widget_set_vexpand (box, TRUE);
  return box;
}

static GtkWidget *
make_buttons (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  /* Without mnemonics: Chinese would show them as "(M)" after each word. */
  GtkWidget *match = gtk_button_new_with_label (C_("matching page", "Match"));
  GtkWidget *unmatch = gtk_button_new_with_label (C_("matching page", "Unmatch"));
  GtkWidget *descendants = gtk_check_button_new_with_label (C_("matching page",
                                                               "With descendants"));

  gtk_actionable_set_action_name (GTK_ACTIONABLE (match), "match.link");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (unmatch), "match.unlink");
  /* A check button shows the state of the boolean action, which the menu item alone did not
   * make visible enough. */
  gtk_actionable_set_action_name (GTK_ACTIONABLE (descendants), "match.descendants");
  gtk_widget_set_tooltip_text (descendants,
                               _("Match or unmatch the nodes inside the picked ones too, "
                                 "in order"));
  gtk_widget_add_css_class (match, "suggested-action");
  gtk_box_append (GTK_BOX (row), match);
  gtk_box_append (GTK_BOX (row), unmatch);
  gtk_box_append (GTK_BOX (box), row);
  gtk_box_append (GTK_BOX (box), descendants);
  return box;
}

static GtkWidget *
make_pending (MsvisMatchPanel *self)
{
  GtkWidget *spinner = gtk_spinner_new ();

  self->pending = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  self->pending_label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->pending_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (self->pending_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (self->pending_label), 0);
  gtk_widget_set_hexpand (self->pending_label, TRUE);
  gtk_widget_set_valign (spinner, GTK_ALIGN_START);
  gtk_spinner_start (GTK_SPINNER (spinner));
  gtk_box_append (GTK_BOX (self->pending), spinner);
  gtk_box_append (GTK_BOX (self->pending), self->pending_label);
  gtk_widget_set_visible (self->pending, FALSE);
  return self->pending;
}

static void
msvis_match_panel_dispose (GObject *object)
{
  MsvisMatchPanel *self = MSVIS_MATCH_PANEL (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);
  g_clear_object (&self->names[0]);
  g_clear_object (&self->names[1]);
  G_OBJECT_CLASS (msvis_match_panel_parent_class)->dispose (object);
}

static void
msvis_match_panel_class_init (MsvisMatchPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_match_panel_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "matchpanel");

  /* A row was activated: the node of that side (is_bench) to pick. */
  signals[NODE_ACTIVATED] =
    g_signal_new ("node-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_UINT);
}

static void
msvis_match_panel_init (MsvisMatchPanel *self)
{
  GtkWidget *stack = gtk_stack_new ();
  GtkWidget *hint;

  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  gtk_widget_set_margin_start (self->content, 12);
  gtk_widget_set_margin_end (self->content, 12);
  gtk_widget_set_margin_top (self->content, 12);
  gtk_widget_set_margin_bottom (self->content, 12);
  hint = gtk_label_new (_("Pick a node on each side, here or in the graphs, then match them."));
  gtk_label_set_wrap (GTK_LABEL (hint), TRUE);
  gtk_label_set_xalign (GTK_LABEL (hint), 0);
  gtk_widget_add_css_class (hint, "dim-label");
  gtk_box_append (GTK_BOX (self->content), hint);
  gtk_box_append (GTK_BOX (self->content), make_buttons ());
  gtk_box_append (GTK_BOX (self->content), make_pending (self));
  gtk_box_append (GTK_BOX (self->content), make_side (self, FALSE));
  gtk_box_append (GTK_BOX (self->content), make_side (self, TRUE));

  self->empty = adw_status_page_new ();
  adw_status_page_set_title (ADW_STATUS_PAGE (self->empty), _("Nothing to Match"));
  adw_status_page_set_description (ADW_STATUS_PAGE (self->empty),
                                   _("Nodes are matched by hand in a comparison of NPU and "
                                     "Bench graphs."));
  gtk_widget_add_css_class (self->empty, "compact");
  gtk_stack_add_named (GTK_STACK (stack), self->content, "lists");
  gtk_stack_add_named (GTK_STACK (stack), self->empty, "empty");
  gtk_stack_set_visible_child (GTK_STACK (stack), self->empty);
  gtk_widget_set_parent (stack, GTK_WIDGET (self));
}

GtkWidget *
msvis_match_panel_new (void)
{
  return g_object_new (MSVIS_TYPE_MATCH_PANEL, NULL);
}

static void
fill_side (MsvisMatchPanel *self,
           gboolean         is_bench)
{
  MsvisGraph *graph = is_bench ? msvis_vis_document_get_bench (self->doc)
                               : msvis_vis_document_get_npu (self->doc);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  MsvisNodeId root = msvis_graph_get_root (graph);
  guint n = msvis_graph_get_n_nodes (graph);
  g_autofree char *title = NULL;

  for (MsvisNodeId node = 0; node < n; node++)
    if (node != root && !msvis_graph_node_is_synthetic (graph, node) &&
        msvis_vis_document_get_counterpart (self->doc, is_bench, node) == MSVIS_NODE_ID_NONE)
      g_ptr_array_add (names, (gpointer) msvis_graph_node_get_id (graph, node));
  g_ptr_array_add (names, NULL);
  gtk_string_list_splice (self->names[is_bench], 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->names[is_bench])),
                          (const char *const *) names->pdata);
  title = g_strdup_printf (is_bench ? g_dngettext (GETTEXT_PACKAGE, "Bench: %u unmatched node",
                                                   "Bench: %u unmatched nodes", names->len - 1)
                                    : g_dngettext (GETTEXT_PACKAGE, "NPU: %u unmatched node",
                                                   "NPU: %u unmatched nodes", names->len - 1),
                           names->len - 1);
  gtk_label_set_text (GTK_LABEL (self->titles[is_bench]), title);
  gtk_stack_set_visible_child_name (GTK_STACK (self->lists[is_bench]),
                                    names->len > 1 ? "list" : "none");
  /* A side with nothing to list gives its room to the other. */
  gtk_widget_set_vexpand (gtk_widget_get_parent (self->lists[is_bench]), names->len > 1);
}

/**
 * msvis_match_panel_refresh:
 *
 * Lists again what has no counterpart: after a match, an unmatch, an undo.
 */
void
msvis_match_panel_refresh (MsvisMatchPanel *self)
{
  GtkWidget *stack;
  gboolean compare;

  g_return_if_fail (MSVIS_IS_MATCH_PANEL (self));

  stack = gtk_widget_get_first_child (GTK_WIDGET (self));
  compare = self->doc != NULL && msvis_vis_document_is_compare (self->doc) &&
            msvis_vis_document_get_bench (self->doc) != NULL;
  if (compare)
    {
      fill_side (self, FALSE);
      fill_side (self, TRUE);
    }
  else
    for (guint i = 0; i < 2; i++)
      gtk_string_list_splice (self->names[i], 0,
                              g_list_model_get_n_items (G_LIST_MODEL (self->names[i])), NULL);
  gtk_stack_set_visible_child (GTK_STACK (stack), compare ? self->content : self->empty);
}

void
msvis_match_panel_set_document (MsvisMatchPanel  *self,
                                MsvisVisDocument *doc)
{
  g_return_if_fail (MSVIS_IS_MATCH_PANEL (self));

  if (doc != NULL)
    msvis_vis_document_ref (doc);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);
  self->doc = doc;
  msvis_match_panel_refresh (self);
}

/**
 * msvis_match_panel_get_n_unmatched:
 *
 * Returns: how many nodes of that side the list holds
 */
guint
msvis_match_panel_get_n_unmatched (MsvisMatchPanel *self,
                                   gboolean         is_bench)
{
  g_return_val_if_fail (MSVIS_IS_MATCH_PANEL (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->names[is_bench != FALSE]));
}

/**
 * msvis_match_panel_set_pending:
 * @text: (nullable): what a match waits for, or %NULL when nothing is pending
 *
 * A spinner under the buttons with @text: a match that reads tensor files on a worker is
 * not made yet, and the page says so while the window stays usable.
 */
void
msvis_match_panel_set_pending (MsvisMatchPanel *self,
                               const char      *text)
{
  g_return_if_fail (MSVIS_IS_MATCH_PANEL (self));

  gtk_label_set_text (GTK_LABEL (self->pending_label), text != NULL ? text : "");
  gtk_widget_set_visible (self->pending, text != NULL);
}
