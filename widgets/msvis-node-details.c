// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "msvis-display-name.h"
#include "msvis-node-details-private.h"
#include "msvis-precision-buckets.h"
#include "msvis-stack-view.h"

/* The sidebar panel for the selected node: what the graph knows of it at once (header), and
 * its items and call stack once a worker has read them (vis-format.md §6.4). */

#define SPINNER_DELAY_MS 150   /* most nodes load faster: no spinner flash on every click */

G_DEFINE_FINAL_TYPE (MsvisNodeDetails, msvis_node_details, GTK_TYPE_WIDGET)

enum {
  NODE_ACTIVATED,
  RANK_NODE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
msvis_node_details_update_actions (MsvisNodeDetails *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "details.copy-table", self->data != NULL);
}

static gboolean
msvis_node_details_activate_link_cb (MsvisNodeDetails *self,
                                     const char       *uri,
                                     GtkLabel         *label)
{
  g_auto(GStrv) parts = g_strsplit (uri, ":", 3);

  g_assert (MSVIS_IS_NODE_DETAILS (self));

  if (g_strv_length (parts) != 3)
    return FALSE;
  if (strcmp (parts[0], "node") == 0)
    {
      guint64 node = g_ascii_strtoull (parts[2], NULL, 10);

      g_signal_emit (self, signals[NODE_ACTIVATED], 0, parts[1][0] == 'b', (guint)node);
      return TRUE;
    }
  if (strcmp (parts[0], "rank") == 0)
    {
      g_autofree char *name = g_uri_unescape_string (parts[2], NULL);
      gint64 rank = g_ascii_strtoll (parts[1], NULL, 10);

      if (name != NULL)
        g_signal_emit (self, signals[RANK_NODE_ACTIVATED], 0, (gint)rank, name);
      return TRUE;
    }
  return FALSE;
}

/* The table is wider than a sidebar: say in words where its worst cell is. */
static void
msvis_node_details_show_worst (MsvisNodeDetails *self,
                               MsvisDetailsData *data)
{
  const MsvisDetailsPair *pair;
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->worst_label), data->worst_row >= 0);
  if (data->worst_row < 0)
    return;

  pair = &g_array_index (data->rows, MsvisDetailsPair, data->worst_row);
  /* translators: the table cell that differs most from the benchmark: the item
   * ("output.0"), the metric ("MaxRelativeErr") and its value ("23.076918%") */
  text = g_strdup_printf (_("Largest difference: %s, %s %s"), pair->sides[0].name,
                          (char *)g_ptr_array_index (data->metric_columns, data->worst_metric),
                          pair->metrics[data->worst_metric]);
  gtk_label_set_text (self->worst_label, text);
}

static void
msvis_node_details_show_data (MsvisNodeDetails *self,
                              MsvisDetailsData *data)
{
  g_clear_pointer (&self->data, _msvis_details_data_unref);
  self->data = data;

  _msvis_details_table_fill (self->table, data);
  msvis_node_details_show_worst (self, data);
  gtk_stack_set_visible_child_name (self->table_stack, data->rows->len > 0 ? "rows" : "no-rows");
  msvis_stack_view_set_stacks (self->stack_view, (const char *const *)data->stacks[0],
                               (const char *const *)data->stacks[1]);
  gtk_stack_set_visible_child_name (self->data_stack, "ready");
  msvis_node_details_update_actions (self);
}

static void
msvis_node_details_stop_spinner (MsvisNodeDetails *self)
{
  g_clear_handle_id (&self->spinner_source, g_source_remove);
  gtk_spinner_stop (self->spinner);
}

static void
msvis_node_details_load_cb (GObject      *object,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  g_autoptr(MsvisNodeDetails) self = user_data;
  g_autoptr(GError) error = NULL;
  MsvisDetailsData *data;

  data = msvis_vis_document_read_nodes_finish (result, &error);

  /* Another selection replaced this one, or the panel is going away: stay quiet. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  msvis_node_details_stop_spinner (self);
  if (data == NULL)
    {
      /* The message names the file and the place in it: show it as it is. */
      adw_status_page_set_description (self->error_page, error->message);
      gtk_stack_set_visible_child_name (self->data_stack, "error");
      return;
    }
  msvis_node_details_show_data (self, data);
}

static gboolean
msvis_node_details_spinner_in_timeout (gpointer user_data)
{
  MsvisNodeDetails *self = user_data;

  self->spinner_source = 0;
  gtk_spinner_start (self->spinner);
  return G_SOURCE_REMOVE;
}

static void
msvis_node_details_load (MsvisNodeDetails *self)
{
  MsvisDetailsNodes *nodes = g_new (MsvisDetailsNodes, 1);

  gtk_stack_set_visible_child_name (self->data_stack, "loading");
  self->spinner_source = g_timeout_add (SPINNER_DELAY_MS,
                                        msvis_node_details_spinner_in_timeout, self);
  g_source_set_name_by_id (self->spinner_source, "[msvis] details spinner");

  nodes->npu = self->npu;
  nodes->bench = self->bench;
  self->load_cancellable = g_cancellable_new ();
  msvis_vis_document_read_nodes_async (self->doc, self->npu, self->bench,
                                       _msvis_details_data_read, nodes, g_free,
                                       (GDestroyNotify) _msvis_details_data_unref,
                                       self->load_cancellable, msvis_node_details_load_cb,
                                       g_object_ref (self));
}

static void
msvis_node_details_copy_table_action (GtkWidget  *widget,
                                      const char *action_name,
                                      GVariant   *parameter)
{
  MsvisNodeDetails *self = MSVIS_NODE_DETAILS (widget);
  GtkSelectionModel *rows = gtk_column_view_get_model (self->table);
  g_autofree char *text = NULL;

  if (self->data == NULL)
    return;
  /* In the order on screen: a sorted table is copied sorted. */
  text = _msvis_details_data_to_tsv (self->data, rows ? G_LIST_MODEL (rows) : NULL);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

static void
msvis_node_details_copy_name_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  MsvisNodeDetails *self = MSVIS_NODE_DETAILS (widget);
  gboolean is_bench = self->npu == MSVIS_NODE_ID_NONE;

  if (self->doc == NULL || (is_bench && self->bench == MSVIS_NODE_ID_NONE))
    return;
  /* The whole name: the title may show it shortened (msvis-display-name.h). */
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget),
                          msvis_graph_node_get_id (msvis_vis_document_get_graph (self->doc,
                                                                                 is_bench),
                                                   is_bench ? self->bench : self->npu));
}

static void
msvis_node_details_page_changed_cb (MsvisNodeDetails *self,
                                    GParamSpec       *pspec,
                                    GtkStack         *stack)
{
  const char *page = gtk_stack_get_visible_child_name (stack);

  g_assert (MSVIS_IS_NODE_DETAILS (self));

  gtk_widget_set_visible (self->copy_button,
                          self->hide_table || g_strcmp0 (page, "table") == 0);
}

/* Drops the current nodes and whatever is being loaded for them. */
static void
msvis_node_details_reset (MsvisNodeDetails *self)
{
  g_cancellable_cancel (self->load_cancellable);
  g_clear_object (&self->load_cancellable);
  msvis_node_details_stop_spinner (self);
  g_clear_pointer (&self->data, _msvis_details_data_unref);
  _msvis_details_table_clear (self->table);
  msvis_stack_view_set_stacks (self->stack_view, NULL, NULL);
  msvis_node_details_update_actions (self);
}

static void
msvis_node_details_dispose (GObject *object)
{
  MsvisNodeDetails *self = MSVIS_NODE_DETAILS (object);

  if (self->table != NULL)
    msvis_node_details_reset (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), MSVIS_TYPE_NODE_DETAILS);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);
  g_clear_pointer (&self->buckets, msvis_buckets_free);
  g_clear_pointer (&self->peers, _msvis_details_peers_free);

  G_OBJECT_CLASS (msvis_node_details_parent_class)->dispose (object);
}

static void
msvis_node_details_class_init_template (GtkWidgetClass *widget_class)
{
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/ui/msvis-node-details.ui");
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, state_stack);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, title_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, counterpart_key);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, counterpart_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, precision_key);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, precision_box);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, swatch);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, precision_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, bucket_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, result_key);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, result_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, overflow_key);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, overflow_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, micro_step_key);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, micro_step_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, rank_key);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, rank_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, merge_key);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, merge_scroller);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, merge_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, distributed_key);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, distributed_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, data_stack);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, spinner);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, error_page);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, copy_button);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, view_stack);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, table_stack);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, table);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, worst_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisNodeDetails, stack_view);
  gtk_widget_class_bind_template_callback (widget_class, msvis_node_details_activate_link_cb);
  gtk_widget_class_bind_template_callback (widget_class, msvis_node_details_page_changed_cb);
}

static void
msvis_node_details_class_init (MsvisNodeDetailsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_node_details_dispose;

  /**
   * MsvisNodeDetails::node-activated:
   * @is_bench: whether @node_id is in the Bench graph (else the NPU graph, or a build's)
   * @node_id: the node to go to
   *
   * A link to another node of the same document was followed: the counterpart, or a node
   * that parallel_merge_info names.
   */
  signals[NODE_ACTIVATED] =
    g_signal_new ("node-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_BOOLEAN, G_TYPE_UINT);

  /**
   * MsvisNodeDetails::rank-node-activated:
   * @rank: the rank whose graph holds the node
   * @node_name: the node's id in that graph
   *
   * A cross-rank link was followed: a peer of matched_distributed (vis-format.md §4.9), or
   * the rank a node of a merged graph came from or was merged from (§4.10). The node is on
   * the same side (NPU or Bench) as the one shown.
   */
  signals[RANK_NODE_ACTIVATED] =
    g_signal_new ("rank-node-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);

  g_type_ensure (MSVIS_TYPE_STACK_VIEW);
  msvis_node_details_class_init_template (widget_class);

  gtk_widget_class_install_action (widget_class, "details.copy-table", NULL,
                                   msvis_node_details_copy_table_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                       "details.copy-table", NULL);
  gtk_widget_class_install_action (widget_class, "details.copy-name", NULL,
                                   msvis_node_details_copy_name_action);

  gtk_widget_class_set_css_name (widget_class, "nodedetails");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
msvis_node_details_init (MsvisNodeDetails *self)
{
  self->npu = MSVIS_NODE_ID_NONE;
  self->bench = MSVIS_NODE_ID_NONE;
  self->peers = _msvis_details_peers_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  {
    GtkLabel *names[] = { self->title_label, self->counterpart_label, self->rank_label,
                          self->merge_label, self->distributed_label, self->worst_label };

    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      msvis_label_show_identifiers (names[i]);
  }
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self->swatch),
                                  _msvis_node_details_swatch_draw, self, NULL);
  msvis_node_details_update_actions (self);
}

GtkWidget *
msvis_node_details_new (void)
{
  return g_object_new (MSVIS_TYPE_NODE_DETAILS, NULL);
}

/**
 * msvis_node_details_set_node:
 * @doc: (nullable): the document the nodes belong to; %NULL clears the panel
 * @npu: a node of @doc's NPU graph (the only graph of a build), or %MSVIS_NODE_ID_NONE
 * @bench: a node of @doc's Bench graph, or %MSVIS_NODE_ID_NONE
 *
 * Shows the nodes at once with what the graph knows of them, and their items and stacks once
 * a worker has read them. A new call cancels the load of the previous one.
 */
void
msvis_node_details_set_node (MsvisNodeDetails *self,
                             MsvisVisDocument *doc,
                             MsvisNodeId       npu,
                             MsvisNodeId       bench)
{
  g_return_if_fail (MSVIS_IS_NODE_DETAILS (self));
  g_return_if_fail (doc == NULL || npu == MSVIS_NODE_ID_NONE ||
                    npu < msvis_graph_get_n_nodes (msvis_vis_document_get_npu (doc)));
  g_return_if_fail (doc == NULL || bench == MSVIS_NODE_ID_NONE ||
                    (msvis_vis_document_get_bench (doc) != NULL
                     && bench < msvis_graph_get_n_nodes (msvis_vis_document_get_bench (doc))));

  msvis_node_details_reset (self);
  if (doc != self->doc)
    {
      g_clear_pointer (&self->doc, msvis_vis_document_unref);
      g_clear_pointer (&self->buckets, msvis_buckets_free);
      if (doc != NULL)
        {
          self->doc = msvis_vis_document_ref (doc);
          self->buckets = msvis_buckets_new_from_colors (msvis_vis_document_get_colors (doc));
        }
    }
  self->npu = doc ? npu : MSVIS_NODE_ID_NONE;
  self->bench = doc ? bench : MSVIS_NODE_ID_NONE;

  if (self->npu == MSVIS_NODE_ID_NONE && self->bench == MSVIS_NODE_ID_NONE)
    {
      gtk_stack_set_visible_child_name (self->state_stack, "empty");
      return;
    }

  _msvis_node_details_fill_header (self);
  gtk_stack_set_visible_child_name (self->state_stack, "node");
  msvis_node_details_load (self);
}

const char *
_msvis_node_details_get_state (MsvisNodeDetails *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->state_stack), "empty") == 0)
    return "empty";
  return gtk_stack_get_visible_child_name (self->data_stack);
}

const char *
_msvis_node_details_get_error (MsvisNodeDetails *self)
{
  return adw_status_page_get_description (self->error_page);
}

MsvisDetailsData *
_msvis_node_details_get_data (MsvisNodeDetails *self)
{
  return self->data;
}

GListModel *
_msvis_node_details_get_rows (MsvisNodeDetails *self)
{
  GtkSelectionModel *model = gtk_column_view_get_model (self->table);

  return model ? G_LIST_MODEL (model) : NULL;
}

GtkWidget *
_msvis_node_details_get_table (MsvisNodeDetails *self)
{
  return GTK_WIDGET (self->table);
}

/* Every header line that is shown, as "key: value" text. */
char *
_msvis_node_details_dup_header (MsvisNodeDetails *self)
{
  GtkWidget *keys[] = { self->counterpart_key, self->precision_key, self->result_key,
                        self->overflow_key, self->micro_step_key, self->rank_key,
                        self->merge_key, self->distributed_key };
  GtkLabel *values[] = { self->counterpart_label, self->precision_label, self->result_label,
                         self->overflow_label, self->micro_step_label, self->rank_label,
                         self->merge_label, self->distributed_label };
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%s\n%s\n", gtk_label_get_text (self->title_label),
                          gtk_label_get_text (self->subtitle_label));
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    if (gtk_widget_get_visible (keys[i]))
      g_string_append_printf (out, "%s: %s\n", gtk_label_get_text (GTK_LABEL (keys[i])),
                              gtk_label_get_text (values[i]));
  if (gtk_widget_get_visible (GTK_WIDGET (self->bucket_label)))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (self->bucket_label));
  /* The title as the name reads, without the breaks it is shown with. */
  g_string_replace (out, MSVIS_NAME_BREAK, "", 0);
  return g_string_free (out, FALSE);
}

/**
 * msvis_node_details_set_show_table:
 * @show_table: whether the Inputs & Outputs page is there
 *
 * A window with a comparison panel shows the table there, full width: the details keep the
 * header, the call stack, and Copy (the pair's table as tab-separated text) beside it.
 */
void
msvis_node_details_set_show_table (MsvisNodeDetails *self,
                                   gboolean          show_table)
{
  GtkWidget *table_page;

  g_return_if_fail (MSVIS_IS_NODE_DETAILS (self));

  self->hide_table = !show_table;
  table_page = gtk_stack_get_child_by_name (self->view_stack, "table");
  gtk_stack_page_set_visible (gtk_stack_get_page (self->view_stack, table_page), show_table);
  gtk_stack_set_visible_child_name (self->view_stack, show_table ? "table" : "stack");
  gtk_widget_set_visible (self->copy_button, TRUE);
}

/**
 * msvis_node_details_set_peer_levels:
 * @levels: (nullable): where the other ranks of what is open are read
 *
 * The communication peers get a dot in their own rank's colour and its Legend name.
 */
void
msvis_node_details_set_peer_levels (MsvisNodeDetails *self,
                                    MsvisPeerLevels  *levels)
{
  g_return_if_fail (MSVIS_IS_NODE_DETAILS (self));
  _msvis_details_peers_set_levels (self->peers, levels);
}
