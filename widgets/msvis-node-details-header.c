// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <adwaita.h>
#include <glib/gi18n.h>

#include "msvis-display-name.h"
#include "msvis-graph-unattached.h"
#include "msvis-node-details-private.h"
#include "msvis-precision-buckets.h"
#include "msvis-ui-language.h"

/* The details' header: what the graph knows of the selected node at once, before a worker has
 * read its items (its kind, counterpart, precision, overflow, micro step, rank, merge notes
 * and communication peers). */

static void
set_row (GtkWidget  *key,
         GtkWidget  *value,
         const char *text)
{
  gtk_widget_set_visible (key, text != NULL);
  gtk_widget_set_visible (value, text != NULL);
  if (text != NULL && GTK_IS_LABEL (value))
    gtk_label_set_text (GTK_LABEL (value), text);
}

static void
set_markup_row (GtkWidget *key,
                GtkLabel  *value,
                GString   *markup)
{
  gboolean shown = markup->len > 0;

  gtk_widget_set_visible (key, shown);
  gtk_widget_set_visible (GTK_WIDGET (value), shown);
  gtk_label_set_markup (value, shown ? markup->str : "");
}

static const char *
node_type_name (MsvisNodeType type)
{
  switch (type)
    {
    case MSVIS_NODE_MODULE:
      return _("Module");
    case MSVIS_NODE_API:
      return _("API");
    case MSVIS_NODE_API_COLLECTION:
      /* translators: tb_graph_ascend's "API列表": the APIs called between two modules */
      return _("API list");
    default:
      return _("Node");
    }
}

static const char *
overflow_name (MsvisOverflowLevel level)
{
  switch (level)
    {
    case MSVIS_OVERFLOW_MEDIUM:
      /* translators: an overflow level of msprobe's -oc check */
      return _("Medium");
    case MSVIS_OVERFLOW_HIGH:
      return _("High");
    case MSVIS_OVERFLOW_CRITICAL:
      return _("Critical");
    case MSVIS_OVERFLOW_NONE:
    default:
      return NULL;
    }
}

/* The counterpart the compare found, of the side shown first. */
static void
msvis_node_details_fill_counterpart (MsvisNodeDetails *self,
                                     MsvisGraph       *graph,
                                     MsvisNodeId       node,
                                     gboolean          is_bench)
{
  MsvisGraph *other = msvis_vis_document_get_graph (self->doc, !is_bench);
  MsvisNodeId link = msvis_vis_document_get_counterpart (self->doc, is_bench, node);
  g_autoptr(GString) markup = g_string_new (NULL);

  if (!msvis_vis_document_is_compare (self->doc) || other == NULL)
    {
      set_markup_row (self->counterpart_key, self->counterpart_label, markup);
      return;
    }

  if (link != MSVIS_NODE_ID_NONE)
    _msvis_details_append_node_link (markup, !is_bench, link,
                                     msvis_graph_node_get_id (other, link));
  else
    {
      g_autofree char *escaped = g_markup_escape_text (_("Nothing (unmatched)"), -1);

      g_string_append (markup, escaped);
    }
  set_markup_row (self->counterpart_key, self->counterpart_label, markup);
}

static void
msvis_node_details_set_swatch (MsvisNodeDetails *self,
                               const char       *color,
                               const char       *tooltip)
{
  gtk_widget_set_visible (self->swatch, color != NULL && gdk_rgba_parse (&self->swatch_color,
                                                                        color));
  gtk_widget_set_tooltip_text (self->swatch, tooltip);
  gtk_widget_queue_draw (self->swatch);
}

/* precision_index and the legend bucket it falls in, as the graph colours the node. */
static void
msvis_node_details_fill_precision (MsvisNodeDetails *self)
{
  MsvisCompareResults *results =
    msvis_graph_get_compare_results (msvis_vis_document_get_npu (self->doc));
  MsvisPrecision precision = { MSVIS_PRECISION_NONE, 0. };
  MsvisMd5Result md5 = MSVIS_MD5_RESULT_NONE;
  gboolean matched = FALSE;
  g_autoptr(GString) value = g_string_new (NULL);
  g_autofree char *range = NULL;
  const char *description = NULL;
  int bucket;

  if (results != NULL && self->npu != MSVIS_NODE_ID_NONE)
    {
      precision = msvis_compare_results_get_precision (results, self->npu);
      md5 = msvis_compare_results_get_md5_result (results, self->npu);
      matched = msvis_compare_results_get_link (results, self->npu) != MSVIS_NODE_ID_NONE;
    }
  set_row (self->result_key, GTK_WIDGET (self->result_label),
           md5 == MSVIS_MD5_RESULT_PASS ? _("Same as the benchmark")
           : md5 == MSVIS_MD5_RESULT_DIFFERENT ? _("Different from the benchmark") : NULL);

  bucket = msvis_buckets_classify (self->buckets, matched, precision);
  if (!msvis_vis_document_is_compare (self->doc) || self->npu == MSVIS_NODE_ID_NONE ||
      bucket == MSVIS_BUCKET_NO_VALUE)
    {
      set_row (self->precision_key, self->precision_box, NULL);
      set_row (GTK_WIDGET (self->bucket_label), GTK_WIDGET (self->bucket_label), NULL);
      return;
    }

  if (bucket == MSVIS_BUCKET_UNMATCHED)
    {
      g_string_append (value, _("None: the node is unmatched"));
      description = msvis_buckets_get_unmatched_description (self->buckets);
      msvis_node_details_set_swatch (self, "#C7C7C7", NULL);
    }
  else
    {
      msvis_precision_append_display (value, precision);
      if (bucket >= 0)
        {
          const MsvisBucket *b = msvis_buckets_get (self->buckets, bucket);

          description = b->description;
          /* Right-open, except that the top bucket holds 1 (msvis_buckets_classify). */
          range = b->lo == b->hi ? g_strdup_printf ("[%g]", b->lo)
                                 : g_strdup_printf ("[%g, %g%c", b->lo, b->hi,
                                                    b->hi == 1 ? ']' : ')');
          g_string_append_printf (value, "  %s", range);
          msvis_node_details_set_swatch (self, b->color,
                                         msvis_ui_language_fits (b->description)
                                         ? b->description : NULL);
        }
      else
        {
          description = _("No range of the legend holds this value.");
          msvis_node_details_set_swatch (self, "#C7C7C7", NULL);
        }
    }

  /* The file's words, when they are in the window's language (the ToolTip of an msprobe
   * run is Chinese). */
  if (!msvis_ui_language_fits (description))
    description = NULL;
  set_row (self->precision_key, self->precision_box, value->str);
  gtk_label_set_text (self->precision_label, value->str);
  set_row (GTK_WIDGET (self->bucket_label), GTK_WIDGET (self->bucket_label),
           description && description[0] ? description : NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->bucket_label), description);
}

static void msvis_node_details_peers_changed (gpointer owner);

void
_msvis_node_details_fill_header (MsvisNodeDetails *self)
{
  MsvisVisDocument *doc = self->doc;
  gboolean is_bench = self->npu == MSVIS_NODE_ID_NONE;
  MsvisGraph *graph = msvis_vis_document_get_graph (doc, is_bench);
  MsvisNodeId node = is_bench ? self->bench : self->npu;
  gboolean both = self->npu != MSVIS_NODE_ID_NONE && self->bench != MSVIS_NODE_ID_NONE;
  gboolean synthetic = msvis_graph_node_is_synthetic (graph, node);
  /* The window's Unattached group: by its label and what it holds, not as a module. */
  const char *type = synthetic
    ? _("Nodes no path from the root reaches: their upnode is not in the file")
    : node_type_name (msvis_graph_node_get_node_type (graph, node));
  gint micro_step = msvis_graph_node_get_micro_step (graph, node);
  g_autofree char *subtitle = NULL, *step = NULL;
  g_autoptr(GString) merge = g_string_new (NULL);
  g_autoptr(GString) rank = g_string_new (NULL);
  g_autoptr(GString) distributed = g_string_new (NULL);

  if (synthetic)
    gtk_label_set_text (self->title_label, msvis_graph_get_unattached_label (graph));
  else
    msvis_label_set_name (self->title_label, msvis_graph_node_get_id (graph, node));
  if (msvis_vis_document_is_compare (doc))
    /* translators: a node's kind and the model it belongs to: "Module · NPU" */
    subtitle = g_strdup_printf (_("%s · %s"), type, is_bench ? _("Bench") : _("NPU"));
  gtk_label_set_text (self->subtitle_label, subtitle ? subtitle : type);

  msvis_node_details_fill_counterpart (self, graph, node, is_bench);
  msvis_node_details_fill_precision (self);
  set_row (self->overflow_key, GTK_WIDGET (self->overflow_label),
           overflow_name (msvis_graph_node_get_overflow (graph, node)));
  if (micro_step >= 0)
    step = g_strdup_printf ("%d", micro_step);
  set_row (self->micro_step_key, GTK_WIDGET (self->micro_step_label), step);

  _msvis_details_append_source_rank (rank, msvis_vis_document_get_npu (doc), self->npu, FALSE,
                                     both);
  _msvis_details_append_source_rank (rank, msvis_vis_document_get_bench (doc), self->bench, TRUE,
                                     both);
  set_markup_row (self->rank_key, self->rank_label, rank);
  _msvis_details_append_merge_info (merge, msvis_vis_document_get_npu (doc), self->npu, FALSE,
                                    both);
  _msvis_details_append_merge_info (merge, msvis_vis_document_get_bench (doc), self->bench, TRUE,
                                    both);
  set_markup_row (self->merge_key, self->merge_label, merge);
  gtk_widget_set_visible (self->merge_scroller, merge->len > 0);
  _msvis_details_append_distributed (distributed, graph, node,
                                     _msvis_details_peers_get_dots (self->peers));
  set_markup_row (self->distributed_key, self->distributed_label, distributed);
  _msvis_details_peers_request (self->peers, doc, msvis_graph_node_get_distributed (graph, node),
                                msvis_node_details_peers_changed, self);
}

/* The peers' colours came in: the header again, if it still shows a node. */
static void
msvis_node_details_peers_changed (gpointer owner)
{
  MsvisNodeDetails *self = owner;

  if (self->doc != NULL && (self->npu != MSVIS_NODE_ID_NONE || self->bench != MSVIS_NODE_ID_NONE))
    _msvis_node_details_fill_header (self);
}

void
_msvis_node_details_swatch_draw (GtkDrawingArea *area,
                                 cairo_t        *cr,
                                 int             width,
                                 int             height,
                                 gpointer        user_data)
{
  MsvisNodeDetails *self = user_data;

  cairo_arc (cr, width / 2., height / 2., MIN (width, height) / 2. - 1, 0, 2 * G_PI);
  gdk_cairo_set_source_rgba (cr, &self->swatch_color);
  cairo_fill_preserve (cr);
  /* The lightest buckets are near white: an outline keeps them visible on a light panel. */
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.6);
  cairo_set_line_width (cr, 1.);
  cairo_stroke (cr);
}
