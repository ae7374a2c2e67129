// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>

#include "msvis-display-name.h"
#include "msvis-find-panel-private.h"
#include "msvis-node-filter.h"
#include "msvis-swatch.h"

/* Below this many nodes a search takes less than a frame (about 3 ms per 20,000 names) and
 * runs at once; above it, on a worker, cancelled and replaced by the next keystroke. */
#define ASYNC_THRESHOLD 20000
/* Ids are 4 bytes each and rows are made on demand, so the cap only bounds a runaway "a". */
#define SEARCH_LIMIT 1000000

G_DEFINE_FINAL_TYPE (MsvisFindPanel, msvis_find_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_N_RESULTS,
  N_PROPS
};

enum {
  NODE_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

MsvisNodeFinder *
_msvis_find_panel_get_finder (MsvisFindPanel *self)
{
  return self->finders[self->side];
}

const ListEntry *
_msvis_find_panel_get_list (MsvisFindPanel *self)
{
  guint selected = gtk_drop_down_get_selected (self->list_dropdown);

  if (selected >= self->lists->len)
    return NULL;
  return &g_array_index (self->lists, ListEntry, selected);
}

guint
_msvis_find_panel_get_n_results (MsvisFindPanel *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->results));
}

/* One place recomputes everything that follows from the results and the selection. */
static void
msvis_find_panel_update_state (MsvisFindPanel *self)
{
  g_autofree char *count = _msvis_find_panel_dup_count_text (self);
  MsvisNodeFinder *finder = _msvis_find_panel_get_finder (self);
  gboolean any = _msvis_find_panel_get_n_results (self) > 0;

  gtk_label_set_text (self->count_label, count);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "find.next", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "find.previous", any);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "find.first-divergence",
                                 finder != NULL &&
                                 msvis_node_finder_first_divergence (finder) != MSVIS_NODE_ID_NONE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "find.first-worst",
                                 finder != NULL &&
                                 msvis_node_finder_first_worst (finder) != MSVIS_NODE_ID_NONE);
}

static void
msvis_find_panel_set_results (MsvisFindPanel  *self,
                              MsvisNodeFinder *finder,
                              GArray          *nodes,
                              gboolean         truncated)
{
  g_autoptr(GArray) shown = NULL;

  /* The lists may be the finder's own: filter a copy. */
  self->n_hidden = 0;
  if (nodes != NULL && finder != NULL && self->micro_step >= 0)
    {
      shown = g_array_copy (nodes);
      self->n_hidden = msvis_node_filter_micro_step (msvis_node_finder_get_graph (finder), shown,
                                                     self->micro_step);
      nodes = shown;
    }
  self->truncated = truncated;
  self->selecting = TRUE;
  msvis_node_list_set (self->results, finder, nodes);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  self->selecting = FALSE;
  msvis_find_panel_update_state (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_RESULTS]);
}

static void
msvis_find_panel_show_error (MsvisFindPanel *self,
                             const char     *message)
{
  gtk_label_set_text (self->error_label, message ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
  if (message != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (self->search_entry), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->search_entry), "error");
}

static void
msvis_find_panel_apply_search (MsvisFindPanel  *self,
                               MsvisNodeFinder *finder,
                               GArray          *hits,
                               gboolean         truncated,
                               const GError    *error)
{
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  msvis_find_panel_show_error (self, error ? error->message : NULL);
  _msvis_find_panel_count_chips (self, hits);
  if (hits != NULL && finder != NULL)
    msvis_node_filter_buckets (finder, hits, (const int *)self->chosen->data, self->chosen->len);
  msvis_find_panel_set_results (self, finder, hits, truncated);
}

typedef struct
{
  MsvisFindPanel  *self;     /* owned */
  MsvisNodeFinder *finder;   /* owned */
} SearchCall;

static void
msvis_find_panel_search_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  SearchCall *call = user_data;
  g_autoptr(MsvisFindPanel) self = call->self;
  g_autoptr(MsvisNodeFinder) finder = call->finder;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hits = NULL;
  gboolean truncated = FALSE;

  g_free (call);
  hits = msvis_node_finder_search_finish (finder, result, &truncated, &error);
  msvis_find_panel_apply_search (self, finder, hits, truncated, error);
}

/* Cancel and replace: whatever search still runs is about an older query or document. */
static void
msvis_find_panel_run_search (MsvisFindPanel *self)
{
  MsvisNodeFinder *finder = _msvis_find_panel_get_finder (self);
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  MsvisFindFlags flags = gtk_toggle_button_get_active (self->regex_toggle)
                         ? MSVIS_FIND_REGEX : MSVIS_FIND_SUBSTRING;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) hits = NULL;
  gboolean truncated = FALSE;
  SearchCall *call;

  g_cancellable_cancel (self->search_cancellable);
  g_clear_object (&self->search_cancellable);
  if (finder == NULL)
    {
      msvis_find_panel_apply_search (self, NULL, NULL, FALSE, NULL);
      return;
    }

  /* An empty query finds nothing at once, whatever the size of the graph. */
  if (*query == '\0' ||
      msvis_graph_get_n_nodes (msvis_node_finder_get_graph (finder)) < ASYNC_THRESHOLD)
    {
      hits = msvis_node_finder_search (finder, query, flags, SEARCH_LIMIT, &truncated, NULL,
                                       &error);
      msvis_find_panel_apply_search (self, hits ? finder : NULL, hits, truncated, error);
      return;
    }

  self->search_cancellable = g_cancellable_new ();
  /* A first column term on a large .vis.db reads every node's data: seconds, not a frame. */
  gtk_label_set_text (self->count_label, _("Searching…"));
  _msvis_find_panel_chips_pending (self);
  call = g_new0 (SearchCall, 1);
  call->self = g_object_ref (self);
  call->finder = msvis_node_finder_ref (finder);
  msvis_node_finder_search_async (finder, query, flags, SEARCH_LIMIT, self->search_cancellable,
                                  msvis_find_panel_search_cb, call);
}

/* Fills the results from the list the drop-down names. */
void
_msvis_find_panel_refresh (MsvisFindPanel *self)
{
  MsvisNodeFinder *finder = _msvis_find_panel_get_finder (self);
  const ListEntry *list = _msvis_find_panel_get_list (self);
  const char *description = NULL;
  g_autofree char *chosen_text = NULL;
  g_autoptr(GArray) nodes = NULL;

  if (finder != NULL && list != NULL)
    description = _msvis_find_panel_get_description (self, list);
  if (finder != NULL && list != NULL && description == NULL)
    description = chosen_text = _msvis_find_panel_dup_chosen_description (self, list->kind);
  gtk_label_set_text (self->description_label, description ? description : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->description_label), description);
  gtk_widget_set_visible (GTK_WIDGET (self->description_label),
                          description != NULL && *description != '\0');

  if (list == NULL || list->kind == LIST_SEARCH)
    {
      msvis_find_panel_run_search (self);
      return;
    }

  g_cancellable_cancel (self->search_cancellable);
  msvis_find_panel_show_error (self, NULL);
  if (list->kind == LIST_DIVERGENCES)
    nodes = msvis_node_finder_list_divergences (finder);
  else if (list->kind == LIST_BUCKETS)
    nodes = msvis_node_finder_list_buckets (finder, (const int *)self->chosen->data,
                                            self->chosen->len);
  else
    nodes = msvis_node_finder_list (finder, list->bucket);
  _msvis_find_panel_count_chips (self, NULL);
  msvis_find_panel_set_results (self, finder, nodes, FALSE);
}

static void
msvis_find_panel_add_list (MsvisFindPanel *self,
                           ListKind        kind,
                           int             bucket,
                           const char     *label)
{
  ListEntry entry = { kind, bucket };

  g_array_append_val (self->lists, entry);
  gtk_string_list_append (self->list_names, label);
}

static void
msvis_find_panel_add_bucket_list (MsvisFindPanel *self,
                                  int             bucket)
{
  g_autofree char *label =
    msvis_node_finder_dup_bucket_label (_msvis_find_panel_get_finder (self), bucket);

  msvis_find_panel_add_list (self, LIST_BUCKET, bucket, label);
}

/* The choice of lists follows the document; the one chosen stays chosen when it still
 * exists (switching sides keeps "Unmatched"). */
static void
msvis_find_panel_fill_lists (MsvisFindPanel *self)
{
  MsvisNodeFinder *finder = _msvis_find_panel_get_finder (self);
  const ListEntry *old = _msvis_find_panel_get_list (self);
  ListEntry keep = old ? *old : (ListEntry) { LIST_SEARCH, 0 };
  guint n_buckets = finder ? msvis_buckets_get_n (msvis_node_finder_get_buckets (finder)) : 0;
  guint selected = 0;

  self->filling_lists = TRUE;
  g_array_set_size (self->lists, 0);
  gtk_string_list_splice (self->list_names, 0,
                          g_list_model_get_n_items (G_LIST_MODEL (self->list_names)), NULL);

  msvis_find_panel_add_list (self, LIST_SEARCH, 0, _("Search results"));
  if (n_buckets >= 2)
    msvis_find_panel_add_list (self, LIST_DIVERGENCES, 0, _("Divergences, worst first"));
  /* Worst first, as the divergences run. */
  for (guint rank = n_buckets; rank > 0; rank--)
    for (guint i = 0; i < n_buckets; i++)
      if (msvis_node_finder_get_severity (finder, i) == rank - 1)
        msvis_find_panel_add_bucket_list (self, i);
  if (finder != NULL && msvis_vis_document_is_compare (self->doc))
    msvis_find_panel_add_bucket_list (self, MSVIS_BUCKET_UNMATCHED);
  if (finder != NULL && msvis_vis_document_get_overflow_check (self->doc))
    for (int level = MSVIS_OVERFLOW_CRITICAL; level > MSVIS_OVERFLOW_NONE; level--)
      msvis_find_panel_add_bucket_list (self, msvis_bucket_for_overflow (level));
  if (self->lists->len >= 4)
    /* translators: the Find list of the colours chosen with the buttons below it */
    msvis_find_panel_add_list (self, LIST_BUCKETS, 0, _("Chosen colours"));

  for (guint i = 0; i < self->lists->len; i++)
    {
      const ListEntry *entry = &g_array_index (self->lists, ListEntry, i);

      if (entry->kind == keep.kind && (entry->kind != LIST_BUCKET || entry->bucket == keep.bucket))
        selected = i;
    }
  gtk_drop_down_set_selected (self->list_dropdown, selected);
  self->filling_lists = FALSE;
  _msvis_find_panel_fill_chips (self);
}

static void
msvis_find_panel_emit_position (MsvisFindPanel *self,
                                guint           position)
{
  MsvisNodeFinder *finder = msvis_node_list_get_finder (self->results);

  g_signal_emit (self, signals[NODE_ACTIVATED], 0, msvis_node_finder_is_bench (finder),
                 (guint)msvis_node_list_get_node (self->results, position));
}

static void
msvis_find_panel_select_position (MsvisFindPanel *self,
                                  guint           position)
{
  self->selecting = TRUE;
  gtk_single_selection_set_selected (self->selection, position);
  self->selecting = FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self->results_view), "list.scroll-to-item", "u",
                              position);
  msvis_find_panel_update_state (self);
  msvis_find_panel_emit_position (self, position);
}

static void
msvis_find_panel_selection_changed_cb (MsvisFindPanel *self)
{
  guint selected = gtk_single_selection_get_selected (self->selection);

  msvis_find_panel_update_state (self);
  /* A click or an arrow key: the canvas follows the list. */
  if (!self->selecting && selected != GTK_INVALID_LIST_POSITION)
    msvis_find_panel_emit_position (self, selected);
}

static void
msvis_find_panel_result_activated_cb (MsvisFindPanel *self,
                                      guint           position,
                                      GtkListView    *view)
{
  g_assert (MSVIS_IS_FIND_PANEL (self));

  if (position < _msvis_find_panel_get_n_results (self))
    msvis_find_panel_select_position (self, position);
}

/* The text changed; its search comes after the entry's delay. What still runs is about
 * text that is gone: its results must not show up in the meantime. */
static void
msvis_find_panel_text_changed_cb (MsvisFindPanel *self)
{
  g_cancellable_cancel (self->search_cancellable);
  /* Nor may an error about the text before: it stayed while a slow search ran. */
  msvis_find_panel_show_error (self, NULL);
}

static void
msvis_find_panel_search_changed_cb (MsvisFindPanel *self)
{
  const ListEntry *list = _msvis_find_panel_get_list (self);
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));

  /* Typing is searching, whatever list was shown; inside the colours turned on with their
   * buttons, whose list comes back when the text is cleared. */
  if (list != NULL && list->kind != LIST_SEARCH && *query != '\0')
    {
      if (list->kind != LIST_BUCKETS)
        {
          g_array_set_size (self->chosen, 0);
          _msvis_find_panel_sync_chips (self);
        }
      gtk_drop_down_set_selected (self->list_dropdown, 0);
    }
  else if (list != NULL && list->kind == LIST_SEARCH && *query == '\0' && self->chosen->len > 0)
    _msvis_find_panel_chosen_changed (self);
  else
    _msvis_find_panel_refresh (self);
}

static void
msvis_find_panel_regex_toggled_cb (MsvisFindPanel *self)
{
  const ListEntry *list = _msvis_find_panel_get_list (self);

  if (list == NULL || list->kind == LIST_SEARCH)
    _msvis_find_panel_refresh (self);
}

static void
msvis_find_panel_stop_search_cb (MsvisFindPanel *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->search_entry), "");
}

static void
msvis_find_panel_entry_activate_cb (MsvisFindPanel *self)
{
  msvis_find_panel_select_next (self);
}

static void
msvis_find_panel_previous_match_cb (MsvisFindPanel *self)
{
  msvis_find_panel_select_previous (self);
}

static void
msvis_find_panel_side_toggled_cb (MsvisFindPanel *self)
{
  guint side = gtk_toggle_button_get_active (self->bench_button) ? 1 : 0;

  if (side == self->side || self->finders[side] == NULL)
    return;
  self->side = side;
  msvis_find_panel_fill_lists (self);
  _msvis_find_panel_refresh (self);
}

/* A single colour or the divergences replace the chosen colours; a search keeps them as its
 * filter. */
static void
msvis_find_panel_list_selected_cb (MsvisFindPanel *self)
{
  const ListEntry *list = _msvis_find_panel_get_list (self);

  if (self->filling_lists)
    return;
  if (list != NULL && (list->kind == LIST_BUCKET || list->kind == LIST_DIVERGENCES))
    {
      g_array_set_size (self->chosen, 0);
      if (list->kind == LIST_BUCKET)
        g_array_append_val (self->chosen, list->bucket);
      _msvis_find_panel_sync_chips (self);
    }
  _msvis_find_panel_refresh (self);
}

static void
msvis_find_panel_next_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  msvis_find_panel_select_next (MSVIS_FIND_PANEL (widget));
}

static void
msvis_find_panel_previous_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  msvis_find_panel_select_previous (MSVIS_FIND_PANEL (widget));
}

static void
msvis_find_panel_first_divergence_action (GtkWidget  *widget,
                                          const char *action_name,
                                          GVariant   *parameter)
{
  msvis_find_panel_first_divergence (MSVIS_FIND_PANEL (widget));
}

static void
msvis_find_panel_first_worst_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  msvis_find_panel_first_worst (MSVIS_FIND_PANEL (widget));
}

static void
msvis_find_panel_dispose (GObject *object)
{
  MsvisFindPanel *self = (MsvisFindPanel *)object;

  g_cancellable_cancel (self->search_cancellable);
  g_clear_object (&self->search_cancellable);
  if (self->chips != NULL)
    gtk_widget_unparent (GTK_WIDGET (g_steal_pointer (&self->chips)));
  gtk_widget_dispose_template (GTK_WIDGET (self), MSVIS_TYPE_FIND_PANEL);
  g_clear_object (&self->selection);
  g_clear_object (&self->results);
  g_clear_object (&self->list_names);
  g_clear_pointer (&self->finders[0], msvis_node_finder_unref);
  g_clear_pointer (&self->finders[1], msvis_node_finder_unref);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);

  G_OBJECT_CLASS (msvis_find_panel_parent_class)->dispose (object);
}

static void
msvis_find_panel_finalize (GObject *object)
{
  MsvisFindPanel *self = (MsvisFindPanel *)object;

  g_clear_pointer (&self->lists, g_array_unref);
  g_clear_pointer (&self->chosen, g_array_unref);

  G_OBJECT_CLASS (msvis_find_panel_parent_class)->finalize (object);
}

static void
msvis_find_panel_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MsvisFindPanel *self = MSVIS_FIND_PANEL (object);

  switch (prop_id)
    {
    case PROP_N_RESULTS:
      g_value_set_uint (value, self->results ? _msvis_find_panel_get_n_results (self) : 0);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
msvis_find_panel_class_init (MsvisFindPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_find_panel_dispose;
  object_class->finalize = msvis_find_panel_finalize;
  object_class->get_property = msvis_find_panel_get_property;

  /**
   * MsvisFindPanel:n-results:
   *
   * How many nodes the shown list holds; notified each time the list is replaced, also when
   * a search on a worker ends.
   */
  properties[PROP_N_RESULTS] =
    g_param_spec_uint ("n-results", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MsvisFindPanel::node-activated:
   * @is_bench: whether the node is on the Bench side of a compare
   * @node_id: the MsvisNodeId in that side's graph
   *
   * The user picked a result: a click, Enter, an arrow key in the list, next, previous or
   * first divergence. The window reveals and selects the node.
   */
  signals[NODE_ACTIVATED] =
    g_signal_new ("node-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_UINT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ui/msvis-find-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, search_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, search_entry);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, regex_toggle);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, error_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, compare_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, npu_button);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, bench_button);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, list_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, list_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, description_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, nav_row);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, count_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, results_scroller);
  gtk_widget_class_bind_template_child (widget_class, MsvisFindPanel, results_view);
  gtk_widget_class_bind_template_callback (widget_class, msvis_find_panel_text_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, msvis_find_panel_search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, msvis_find_panel_entry_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, msvis_find_panel_previous_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, msvis_find_panel_stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, msvis_find_panel_regex_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, msvis_find_panel_side_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, msvis_find_panel_list_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, msvis_find_panel_result_activated_cb);

  gtk_widget_class_install_action (widget_class, "find.next", NULL,
                                   msvis_find_panel_next_action);
  gtk_widget_class_install_action (widget_class, "find.previous", NULL,
                                   msvis_find_panel_previous_action);
  gtk_widget_class_install_action (widget_class, "find.first-divergence", NULL,
                                   msvis_find_panel_first_divergence_action);
  gtk_widget_class_install_action (widget_class, "find.first-worst", NULL,
                                   msvis_find_panel_first_worst_action);

  gtk_widget_class_set_css_name (widget_class, "findpanel");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SEARCH);
  g_type_ensure (MSVIS_TYPE_SWATCH);
}

static void
msvis_find_panel_init (MsvisFindPanel *self)
{
  g_autoptr(GtkListItemFactory) rows = NULL;
  g_autoptr(GtkListItemFactory) lists = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The error quotes the pattern and the description names nodes. */
  msvis_label_show_identifiers (self->error_label);
  msvis_label_show_identifiers (self->description_label);

  self->micro_step = -1;
  _msvis_find_panel_init_chips (self);
  self->lists = g_array_new (FALSE, FALSE, sizeof (ListEntry));
  self->list_names = gtk_string_list_new (NULL);
  self->results = msvis_node_list_new ();
  self->selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->results)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected",
                           G_CALLBACK (msvis_find_panel_selection_changed_cb), self,
                           G_CONNECT_SWAPPED);

  rows = _msvis_find_panel_new_row_factory ();
  gtk_list_view_set_factory (self->results_view, rows);
  gtk_list_view_set_model (self->results_view, GTK_SELECTION_MODEL (self->selection));

  lists = _msvis_find_panel_new_list_factory (self);
  gtk_drop_down_set_factory (self->list_dropdown, lists);
  self->filling_lists = TRUE;
  gtk_drop_down_set_model (self->list_dropdown, G_LIST_MODEL (self->list_names));
  self->filling_lists = FALSE;
  msvis_find_panel_fill_lists (self);
  msvis_find_panel_update_state (self);
}

GtkWidget *
msvis_find_panel_new (void)
{
  return g_object_new (MSVIS_TYPE_FIND_PANEL, NULL);
}

/**
 * msvis_find_panel_set_document:
 * @doc: (nullable): the document to search; the panel keeps a reference
 *
 * Starts over: the lists of @doc, the NPU side, and the search text run again on it.
 */
void
msvis_find_panel_set_document (MsvisFindPanel   *self,
                               MsvisVisDocument *doc)
{
  g_return_if_fail (MSVIS_IS_FIND_PANEL (self));

  if (doc == self->doc)
    return;
  g_cancellable_cancel (self->search_cancellable);
  g_clear_pointer (&self->finders[0], msvis_node_finder_unref);
  g_clear_pointer (&self->finders[1], msvis_node_finder_unref);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);

  if (doc != NULL)
    {
      self->doc = msvis_vis_document_ref (doc);
      self->finders[0] = msvis_node_finder_new (doc, FALSE);
      if (msvis_vis_document_is_compare (doc) && msvis_vis_document_get_bench (doc) != NULL)
        self->finders[1] = msvis_node_finder_new (doc, TRUE);
    }
  self->side = 0;
  self->micro_step = -1;   /* a new document opens on all micro steps */
  g_array_set_size (self->chosen, 0);
  gtk_toggle_button_set_active (self->npu_button, TRUE);
  gtk_widget_set_visible (self->compare_row, self->finders[1] != NULL);
  msvis_find_panel_fill_lists (self);
  _msvis_find_panel_refresh (self);
}

void
msvis_find_panel_focus_search (MsvisFindPanel *self)
{
  g_return_if_fail (MSVIS_IS_FIND_PANEL (self));

  gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->search_entry), 0, -1);
}

/**
 * msvis_find_panel_show_bucket:
 * @bucket: a bucket index of the legend, MSVIS_BUCKET_UNMATCHED or a MsvisBucketOverflow, as
 *   MsvisLegend::bucket-activated gives it
 *
 * Lists the leaves of @bucket on the current side, in dump order; nothing is selected yet.
 */
void
msvis_find_panel_show_bucket (MsvisFindPanel *self,
                              int             bucket)
{
  g_return_if_fail (MSVIS_IS_FIND_PANEL (self));

  for (guint i = 0; i < self->lists->len; i++)
    {
      const ListEntry *entry = &g_array_index (self->lists, ListEntry, i);

      if (entry->kind != LIST_BUCKET || entry->bucket != bucket)
        continue;
      if (gtk_drop_down_get_selected (self->list_dropdown) == i)
        _msvis_find_panel_refresh (self);
      else
        gtk_drop_down_set_selected (self->list_dropdown, i);
      return;
    }
  g_debug ("No list for bucket %d in this document", bucket);
}

void
msvis_find_panel_select_next (MsvisFindPanel *self)
{
  guint n, selected;

  g_return_if_fail (MSVIS_IS_FIND_PANEL (self));

  n = _msvis_find_panel_get_n_results (self);
  if (n == 0)
    return;
  selected = gtk_single_selection_get_selected (self->selection);
  msvis_find_panel_select_position (self, selected == GTK_INVALID_LIST_POSITION
                                          ? 0 : (selected + 1) % n);
}

void
msvis_find_panel_select_previous (MsvisFindPanel *self)
{
  guint n, selected;

  g_return_if_fail (MSVIS_IS_FIND_PANEL (self));

  n = _msvis_find_panel_get_n_results (self);
  if (n == 0)
    return;
  selected = gtk_single_selection_get_selected (self->selection);
  msvis_find_panel_select_position (self, selected == GTK_INVALID_LIST_POSITION
                                          ? n - 1 : (selected + n - 1) % n);
}

/* Shows the divergences (worst colour first, dump order inside) and picks @node among them,
 * so that next and previous go on from there by severity. */
static void
msvis_find_panel_show_divergence (MsvisFindPanel *self,
                                  gboolean        worst)
{
  for (guint i = 0; i < self->lists->len; i++)
    {
      MsvisNodeFinder *finder;
      MsvisNodeId node;
      guint n;

      if (g_array_index (self->lists, ListEntry, i).kind != LIST_DIVERGENCES)
        continue;
      if (gtk_drop_down_get_selected (self->list_dropdown) == i)
        _msvis_find_panel_refresh (self);
      else
        gtk_drop_down_set_selected (self->list_dropdown, i);
      finder = _msvis_find_panel_get_finder (self);
      n = _msvis_find_panel_get_n_results (self);
      if (finder == NULL || n == 0)
        return;
      node = worst ? msvis_node_finder_first_worst (finder)
                   : _msvis_find_panel_first_divergence_node (self, finder);
      for (guint position = 0; position < n; position++)
        if (msvis_node_list_get_node (self->results, position) == node)
          {
            msvis_find_panel_select_position (self, position);
            return;
          }
      return;
    }
}

/**
 * msvis_find_panel_first_divergence:
 *
 * Shows the divergences and picks the first in the run: the earliest leaf in dump order of
 * any colour worse than the pass colour (msvis_node_finder_first_divergence()).
 */
void
msvis_find_panel_first_divergence (MsvisFindPanel *self)
{
  g_return_if_fail (MSVIS_IS_FIND_PANEL (self));
  msvis_find_panel_show_divergence (self, FALSE);
}

/**
 * msvis_find_panel_first_worst:
 *
 * Shows the divergences and picks the earliest leaf in dump order of the worst colour present.
 */
void
msvis_find_panel_first_worst (MsvisFindPanel *self)
{
  g_return_if_fail (MSVIS_IS_FIND_PANEL (self));
  msvis_find_panel_show_divergence (self, TRUE);
}
