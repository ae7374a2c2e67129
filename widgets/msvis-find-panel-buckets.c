// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-find-panel-private.h"
#include "msvis-node-filter.h"
#include "msvis-swatch.h"

/* The colour buttons under the list chooser: one toggle per bucket of the legend (worst first,
 * then unmatched and the overflow levels), each with the bucket's count as the Legend gives
 * it. Several on list those buckets together; with a search they narrow its results. */

static int
chip_bucket (GtkWidget *chip)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chip), "msvis-bucket"));
}

static void
chip_toggled_cb (GtkToggleButton *chip,
                 MsvisFindPanel  *self)
{
  int bucket = chip_bucket (GTK_WIDGET (chip));

  if (self->syncing_chips)
    return;
  if (gtk_toggle_button_get_active (chip))
    g_array_append_val (self->chosen, bucket);
  else
    for (guint i = 0; i < self->chosen->len; i++)
      if (g_array_index (self->chosen, int, i) == bucket)
        {
          g_array_remove_index (self->chosen, i);
          break;
        }
  _msvis_find_panel_chosen_changed (self);
}

/* The number on a button, and its tooltip: the leaves of its colour as the Legend counts them,
 * or, while a query narrows the list, how many of its results the colour holds. */
static void
chip_set_count (GtkWidget *chip,
                guint      n,
                gboolean   searching)
{
  GtkLabel *number = g_object_get_data (G_OBJECT (chip), "msvis-count");
  const char *label = g_object_get_data (G_OBJECT (chip), "msvis-label");
  g_autofree char *count = g_strdup_printf ("%u", n);
  g_autofree char *tooltip = NULL;

  if (searching)
    /* translators: a colour button's tooltip while a search is typed: the bucket and how many
     * of the search's results (nodes, leaves or not) it holds */
    tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u result",
                                            "%s: %u results", n), label, n);
  else
    /* translators: a colour button's tooltip: the bucket and how many leaf nodes it has */
    tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u leaf node",
                                            "%s: %u leaf nodes", n), label, n);
  gtk_label_set_text (number, count);
  /* An empty colour has nothing to list; one turned on still turns off. */
  gtk_widget_set_sensitive (chip, n > 0 || gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (chip)));
  gtk_widget_set_tooltip_text (chip, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (chip), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  tooltip, -1);
}

static GtkWidget *
chip_new (MsvisFindPanel *self,
          int             bucket)
{
  MsvisNodeFinder *finder = _msvis_find_panel_get_finder (self);
  GtkWidget *chip = gtk_toggle_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *swatch = msvis_swatch_new ();
  GtkWidget *number = gtk_label_new (NULL);
  const char *color = msvis_node_finder_get_bucket_color (finder, bucket);

  msvis_swatch_set_color (MSVIS_SWATCH (swatch), color);
  gtk_widget_set_visible (swatch, color != NULL);
  gtk_widget_add_css_class (number, "caption");
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), number);
  /* A raised button shows on and off plainly. */
  gtk_button_set_child (GTK_BUTTON (chip), box);
  g_object_set_data (G_OBJECT (chip), "msvis-count", number);
  g_object_set_data_full (G_OBJECT (chip), "msvis-label",
                          msvis_node_finder_dup_bucket_label (finder, bucket), g_free);
  g_object_set_data (G_OBJECT (chip), "msvis-bucket", GINT_TO_POINTER (bucket));
  chip_set_count (chip, msvis_node_finder_count (finder, bucket), FALSE);
  g_signal_connect_object (chip, "toggled", G_CALLBACK (chip_toggled_cb), self, 0);
  return chip;
}

/* What the buttons count: while a query is typed, its results before the colours narrow them
 * (@hits; NULL when it has none, as for a bad pattern), else the leaves as the Legend counts
 * them; both in the micro step the graph shows, as the list leaves the others out. So a
 * button's number is what turning it on lists. */
void
_msvis_find_panel_count_chips (MsvisFindPanel *self,
                               GArray         *hits)
{
  MsvisNodeFinder *finder = _msvis_find_panel_get_finder (self);
  MsvisGraph *graph = finder ? msvis_node_finder_get_graph (finder) : NULL;
  const ListEntry *list = _msvis_find_panel_get_list (self);
  g_autoptr(GPtrArray) chips = g_ptr_array_new ();
  g_autoptr(GArray) none = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autofree guint *counts = NULL;
  guint n_nodes;

  if (graph == NULL)
    return;
  if (list == NULL || list->kind != LIST_SEARCH
      || *gtk_editable_get_text (GTK_EDITABLE (self->search_entry)) == '\0')
    hits = NULL;
  else if (hits == NULL)
    hits = none;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->chips)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    g_ptr_array_add (chips, gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child)));
  counts = g_new0 (guint, MAX (chips->len, 1));
  n_nodes = hits != NULL ? hits->len : msvis_graph_get_n_nodes (graph);
  for (guint i = 0; i < n_nodes && (hits != NULL || self->micro_step >= 0); i++)
    {
      MsvisNodeId node = hits != NULL ? g_array_index (hits, MsvisNodeId, i) : i;

      if (hits == NULL && msvis_graph_node_get_first_child (graph, node) != MSVIS_NODE_ID_NONE)
        continue;
      if (!msvis_graph_node_in_micro_step (graph, node, self->micro_step))
        continue;
      for (guint c = 0; c < chips->len; c++)
        if (msvis_node_finder_in_bucket (finder, node,
                                         chip_bucket (g_ptr_array_index (chips, c))))
          counts[c]++;
    }
  for (guint c = 0; c < chips->len; c++)
    {
      GtkWidget *chip = g_ptr_array_index (chips, c);

      /* All micro steps and no query: the Legend's own counts. */
      if (hits == NULL && self->micro_step < 0)
        counts[c] = msvis_node_finder_count (finder, chip_bucket (chip));
      chip_set_count (chip, counts[c], hits != NULL);
    }
}

/* A slow search runs: the numbers are not the new query's yet, nor any more the last one's. */
void
_msvis_find_panel_chips_pending (MsvisFindPanel *self)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->chips)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *chip = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      gtk_label_set_text (g_object_get_data (G_OBJECT (chip), "msvis-count"), "…");
    }
}

/* The buttons sit in a flow box after the list chooser, made here to keep the template as it
 * was for the helpers that change it too. */
void
_msvis_find_panel_init_chips (MsvisFindPanel *self)
{
  self->chosen = g_array_new (FALSE, FALSE, sizeof (int));
  self->chips = GTK_FLOW_BOX (gtk_flow_box_new ());
  gtk_flow_box_set_selection_mode (self->chips, GTK_SELECTION_NONE);
  gtk_flow_box_set_max_children_per_line (self->chips, 12);
  gtk_flow_box_set_column_spacing (self->chips, 2);
  gtk_flow_box_set_row_spacing (self->chips, 2);
  gtk_widget_add_css_class (GTK_WIDGET (self->chips), "find-colours");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->chips),
                               _("Colours to list together, or to narrow a search to"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->chips), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Colours"), -1);
  gtk_widget_insert_after (GTK_WIDGET (self->chips), GTK_WIDGET (self), self->list_row);
  gtk_widget_set_visible (GTK_WIDGET (self->chips), FALSE);

  /* The list chooser's popup holds up to 13 rows; GtkDropDown caps it at 400 px, and at the
   * theme's row height (taller with CJK fonts) the last rows were cut off in Chinese. The
   * "find-lists" rows are compact (style.css), so that all fit. */
  gtk_widget_add_css_class (GTK_WIDGET (self->list_dropdown), "find-lists");
}

/* One button per list of a single bucket, in the drop-down's order. */
void
_msvis_find_panel_fill_chips (MsvisFindPanel *self)
{
  GtkWidget *child;
  guint n = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->chips))) != NULL)
    gtk_flow_box_remove (self->chips, child);
  for (guint i = 0; _msvis_find_panel_get_finder (self) != NULL && i < self->lists->len; i++)
    {
      const ListEntry *entry = &g_array_index (self->lists, ListEntry, i);

      if (entry->kind != LIST_BUCKET)
        continue;
      gtk_flow_box_append (self->chips, chip_new (self, entry->bucket));
      n++;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->chips), n >= 2);
  _msvis_find_panel_sync_chips (self);
}

/* The buttons show self->chosen; a bucket the document has not is dropped from it. */
void
_msvis_find_panel_sync_chips (MsvisFindPanel *self)
{
  g_autoptr(GArray) kept = g_array_new (FALSE, FALSE, sizeof (int));

  self->syncing_chips = TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->chips)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *chip = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      int bucket = chip_bucket (chip);
      gboolean on = FALSE;

      for (guint i = 0; i < self->chosen->len && !on; i++)
        on = g_array_index (self->chosen, int, i) == bucket;
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (chip), on);
      if (on)
        {
          /* Turned on from the Legend or the drop-down: it can be turned off. */
          gtk_widget_set_sensitive (chip, TRUE);
          g_array_append_val (kept, bucket);
        }
    }
  self->syncing_chips = FALSE;
  g_array_set_size (self->chosen, 0);
  g_array_append_vals (self->chosen, kept->data, kept->len);
}

/* "Error + Warning + Unmatched", in the buttons' order. */
char *
_msvis_find_panel_dup_chosen_label (MsvisFindPanel *self)
{
  MsvisNodeFinder *finder = _msvis_find_panel_get_finder (self);
  GString *text = g_string_new (NULL);

  for (guint i = 0; finder != NULL && i < self->chosen->len; i++)
    {
      g_autofree char *label =
        msvis_node_finder_dup_bucket_label (finder, g_array_index (self->chosen, int, i));

      if (i > 0)
        g_string_append (text, " + ");
      g_string_append (text, label);
    }
  return g_string_free (text, FALSE);
}

/* The colour buttons changed: a search is narrowed anew, anything else (an empty search
 * too) lists them. */
void
_msvis_find_panel_chosen_changed (MsvisFindPanel *self)
{
  const ListEntry *list = _msvis_find_panel_get_list (self);
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  gboolean searching = list != NULL && list->kind == LIST_SEARCH && *query != '\0';
  guint target = GTK_INVALID_LIST_POSITION;

  for (guint i = 0; list != NULL && !searching && i < self->lists->len; i++)
    {
      const ListEntry *entry = &g_array_index (self->lists, ListEntry, i);

      /* Even one colour turned on here is "Chosen colours": a search typed next stays in it,
       * where a colour picked in the drop-down or the Legend gives way to the search. */
      if (entry->kind == LIST_BUCKETS)
        target = i;
    }
  if (target == GTK_INVALID_LIST_POSITION ||
      target == gtk_drop_down_get_selected (self->list_dropdown))
    _msvis_find_panel_refresh (self);
  else
    gtk_drop_down_set_selected (self->list_dropdown, target);
}

static char *
dup_count_text (MsvisFindPanel *self)
{
  const ListEntry *list = _msvis_find_panel_get_list (self);
  guint n = _msvis_find_panel_get_n_results (self);
  guint selected = gtk_single_selection_get_selected (self->selection);

  if (n == 0 && list != NULL && list->kind == LIST_SEARCH)
    {
      const char *query = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

      return g_strdup (*query == '\0' || gtk_widget_get_visible (GTK_WIDGET (self->error_label))
                       ? "" : _("No matches"));
    }
  if (n == 0)
    return g_strdup (list != NULL && list->kind == LIST_DIVERGENCES
                     ? _("No divergences") : _("No nodes"));
  /* The lists of a colour, overflow level or the divergences hold leaves, counted as the
   * Legend and `msvis inspect` count them; a search finds containers too. */
  if (list != NULL && list->kind != LIST_SEARCH && selected != GTK_INVALID_LIST_POSITION)
    /* translators: "12 of 340 leaf nodes": the selected result and how many leaves a list has */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u leaf node",
                                         "%u of %u leaf nodes", n), selected + 1, n);
  if (list != NULL && list->kind != LIST_SEARCH)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u leaf node", "%u leaf nodes", n),
                            n);
  if (selected != GTK_INVALID_LIST_POSITION && self->truncated)
    /* translators: "12 of more than 1000000 nodes": the selected result and how many there
     * are, when a search stopped at its limit */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of more than %u node",
                                         "%u of more than %u nodes", n), selected + 1, n);
  if (selected != GTK_INVALID_LIST_POSITION)
    /* translators: "12 of 340 nodes": the selected result and how many there are */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u node", "%u of %u nodes", n),
                            selected + 1, n);
  if (self->truncated)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "More than %u node",
                                         "More than %u nodes", n), n);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u node", "%u nodes", n), n);
}

/* The count, and how many results the micro step chosen for the graph leaves out. */
char *
_msvis_find_panel_dup_count_text (MsvisFindPanel *self)
{
  g_autofree char *count = dup_count_text (self);

  if (self->n_hidden == 0)
    return g_steal_pointer (&count);
  /* translators: after a Find count: results left out because the graph shows one micro step */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u in other micro steps",
                                       "%s · %u in other micro steps", self->n_hidden),
                          count, self->n_hidden);
}

/* What the chosen colours do to the list shown: NULL when nothing is chosen for a search. */
char *
_msvis_find_panel_dup_chosen_description (MsvisFindPanel *self,
                                          ListKind        kind)
{
  g_autofree char *chosen = _msvis_find_panel_dup_chosen_label (self);

  if (kind == LIST_BUCKETS && *chosen == '\0')
    return g_strdup (_("Turn on one or more colours with the buttons above."));
  if (kind == LIST_BUCKETS)
    /* translators: %s is "Error + Warning + Unmatched" */
    return g_strdup_printf (_("Leaf nodes of %s, in dump order, counted as the Legend counts "
                              "them."), chosen);
  if (kind == LIST_SEARCH && *chosen != '\0')
    /* translators: %s is "Error + Warning + Unmatched" */
    return g_strdup_printf (_("Only nodes of %s."), chosen);
  return NULL;
}

/**
 * msvis_find_panel_set_micro_step:
 * @micro_step: the micro step the graph shows, or -1 for all
 *
 * Results outside it are left out of the list, and the count says how many, as the graph
 * leaves their top-level nodes out.
 */
void
msvis_find_panel_set_micro_step (MsvisFindPanel *self,
                                 gint            micro_step)
{
  g_return_if_fail (MSVIS_IS_FIND_PANEL (self));

  micro_step = MAX (micro_step, -1);
  if (micro_step == self->micro_step)
    return;
  self->micro_step = micro_step;
  _msvis_find_panel_refresh (self);
}

/* What the list shown holds, under the list chooser; NULL for a search and the chosen
 * colours, which _msvis_find_panel_dup_chosen_description() says. */
const char *
_msvis_find_panel_get_description (MsvisFindPanel  *self,
                                   const ListEntry *list)
{
  if (list->kind == LIST_DIVERGENCES)
    return _("Leaves of every colour but the mildest: the worst colour first, in dump order "
             "within a colour.");
  if (list->kind == LIST_SEARCH || list->kind == LIST_BUCKETS)
    return NULL;
  return msvis_node_finder_get_bucket_description (_msvis_find_panel_get_finder (self),
                                                   list->bucket);
}
