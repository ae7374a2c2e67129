// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-legend-private.h"
#include "msvis-node-finder.h"
#include "msvis-swatch.h"
#include "msvis-ui-language.h"

#define BUCKET_KEY "msvis-legend-bucket"

struct _MsvisLegend
{
  GtkWidget         parent_instance;

  /* Template widgets: every direct child is bound, so dispose_template removes it */
  GtkLabel         *empty_label;
  GtkLabel         *title_label;
  GtkLabel         *mode_label;
  GtkListBox       *rows;
  GtkLabel         *description_label;
  GtkLabel         *overflow_title;
  GtkListBox       *overflow_rows;
  GtkLabel         *metrics_title;
  GtkListBox       *metrics_rows;

  GtkWidget        *shapes;   /* not from the template: unparented in dispose */

  /* Owned */
  MsvisVisDocument *doc;
  MsvisNodeFinder  *finder;   /* the NPU side: precision lives there (vis-format.md §4.4) */
};

G_DEFINE_FINAL_TYPE (MsvisLegend, msvis_legend, GTK_TYPE_WIDGET)

enum {
  BUCKET_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
msvis_legend_row_activated_cb (MsvisLegend   *self,
                               GtkListBoxRow *row,
                               GtkListBox    *list_box)
{
  const int *bucket = g_object_get_data (G_OBJECT (row), BUCKET_KEY);

  g_assert (MSVIS_IS_LEGEND (self));

  if (bucket != NULL)
    g_signal_emit (self, signals[BUCKET_ACTIVATED], 0, *bucket);
}

/* gtk_list_box_remove_all() is GTK 4.12. */
static void
clear_list_box (GtkListBox *list_box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (list_box))) != NULL)
    gtk_list_box_remove (list_box, child);
}

static GtkWidget *
caption_new (const char *text,
             const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_add_css_class (label, style);
  return label;
}

/* A row: [swatch] label (and description below it) … count. */
static char *
msvis_legend_dup_label (MsvisLegend *self,
                        int          bucket)
{
  /* Under the "Overflow" heading the level alone says it. */
  switch (msvis_bucket_get_overflow (bucket))
    {
    case MSVIS_OVERFLOW_MEDIUM:
      return g_strdup (C_("overflow level", "Medium"));
    case MSVIS_OVERFLOW_HIGH:
      return g_strdup (C_("overflow level", "High"));
    case MSVIS_OVERFLOW_CRITICAL:
      return g_strdup (C_("overflow level", "Critical"));
    case MSVIS_OVERFLOW_NONE:
    default:
      return msvis_node_finder_dup_bucket_label (self->finder, bucket);
    }
}

static void
msvis_legend_add_row (MsvisLegend *self,
                      GtkListBox  *list_box,
                      int          bucket,
                      const char  *description)
{
  g_autofree char *label = msvis_legend_dup_label (self, bucket);
  g_autofree char *count_text = NULL;
  g_autofree char *tooltip = NULL;
  guint count = msvis_node_finder_count (self->finder, bucket);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *swatch = msvis_swatch_new ();
  GtkWidget *number;

  msvis_swatch_set_color (MSVIS_SWATCH (swatch),
                          msvis_node_finder_get_bucket_color (self->finder, bucket));
  gtk_widget_set_valign (swatch, GTK_ALIGN_START);
  gtk_widget_set_margin_top (swatch, 5);
  gtk_box_append (GTK_BOX (text), caption_new (label, "body"));
  /* The file's words only in their own language, as Details shows them: msprobe writes
   * Chinese, and the row's own name says the same in English. */
  if (description != NULL && *description != '\0' && msvis_ui_language_fits (description))
    {
      GtkWidget *detail = caption_new (description, "caption");

      gtk_widget_add_css_class (detail, "dim-label");
      gtk_box_append (GTK_BOX (text), detail);
    }
  gtk_widget_set_hexpand (text, TRUE);

  count_text = g_strdup_printf ("%u", count);
  number = gtk_label_new (count_text);
  gtk_widget_set_valign (number, GTK_ALIGN_START);
  gtk_widget_add_css_class (number, "numeric");
  gtk_widget_add_css_class (number, "dim-label");

  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  gtk_box_append (GTK_BOX (box), swatch);
  gtk_box_append (GTK_BOX (box), text);
  gtk_box_append (GTK_BOX (box), number);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  tooltip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          /* translators: the tooltip of a legend row */
                                          "%u leaf node; click to list it",
                                          "%u leaf nodes; click to list them", count), count);
  gtk_widget_set_tooltip_text (row, tooltip);
  g_object_set_data_full (G_OBJECT (row), BUCKET_KEY, g_memdup2 (&bucket, sizeof bucket), g_free);
  gtk_list_box_append (list_box, row);
}

/* msprobe gives every numeric bucket the same sentence (§4.7); said once, under the rows, it
 * reads better than five times. md5's two buckets have a sentence each. */
static const char *
msvis_legend_get_shared_description (MsvisLegend *self)
{
  MsvisBuckets *buckets = msvis_node_finder_get_buckets (self->finder);
  guint n = msvis_buckets_get_n (buckets);
  const char *first;

  if (n < 2)
    return NULL;
  first = msvis_buckets_get (buckets, 0)->description;
  for (guint i = 1; i < n; i++)
    if (g_strcmp0 (first, msvis_buckets_get (buckets, i)->description) != 0)
      return NULL;
  /* In English the mode sentence above the rows says it already. */
  return msvis_ui_language_fits (first) ? first : NULL;
}

static const char *
mode_name (const char *task)
{
  if (g_strcmp0 (task, "summary") == 0)
    return _("Statistics compare: the largest relative error of Max, Min, Mean and Norm.");
  if (g_strcmp0 (task, "all") == 0)
    return _("Real-data compare: how far the one-thousandth error ratio drops from inputs to "
             "outputs.");
  if (g_strcmp0 (task, "md5") == 0)
    return _("MD5 compare: whether the inputs and outputs are bit for bit the same.");
  if (g_strcmp0 (task, "structure") == 0)
    return _("Structure compare: nodes are matched, not measured.");
  return _("Compare.");
}

static void
msvis_legend_fill_precision (MsvisLegend *self)
{
  MsvisBuckets *buckets = msvis_node_finder_get_buckets (self->finder);
  const char *shared = msvis_legend_get_shared_description (self);
  g_autofree char *mode = NULL;

  mode = g_strdup_printf ("%s %s",
                          msvis_buckets_has_levels (buckets)
                          ? _("Levels from msprobe’s rule checkers: pass, warning and error.")
                          : mode_name (msvis_vis_document_get_task (self->doc)),
                          _("Counts are leaves of the NPU graph."));
  gtk_label_set_text (self->mode_label, mode);
  for (guint i = 0; i < msvis_buckets_get_n (buckets); i++)
    msvis_legend_add_row (self, self->rows, i,
                          shared ? NULL : msvis_node_finder_get_bucket_description (self->finder,
                                                                                    i));
  msvis_legend_add_row (self, self->rows, MSVIS_BUCKET_UNMATCHED,
                        msvis_node_finder_get_bucket_description (self->finder,
                                                                  MSVIS_BUCKET_UNMATCHED));
  gtk_label_set_text (self->description_label, shared ? shared : "");
  gtk_widget_set_visible (GTK_WIDGET (self->description_label), shared != NULL);
}

static void
msvis_legend_fill_overflow (MsvisLegend *self)
{
  for (int level = MSVIS_OVERFLOW_MEDIUM; level <= MSVIS_OVERFLOW_CRITICAL; level++)
    {
      int bucket = msvis_bucket_for_overflow (level);

      msvis_legend_add_row (self, self->overflow_rows, bucket,
                            msvis_node_finder_get_bucket_description (self->finder, bucket));
    }
}

/* ToolTip is a JSON object in a string, {metric name: Chinese explanation}, in msprobe's
 * column order (§4.7). The names are column names, kept as the tables show them. */
static gboolean
msvis_legend_fill_metrics (MsvisLegend *self)
{
  guint n;
  const MsvisTooltipEntry *entries = msvis_vis_document_get_tooltip_entries (self->doc, &n);

  for (guint i = 0; i < n; i++)
    {
      GtkWidget *row = gtk_list_box_row_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

      gtk_box_append (GTK_BOX (box), caption_new (entries[i].name, "caption-heading"));
      if (msvis_ui_language_fits (entries[i].text))
        gtk_box_append (GTK_BOX (box), caption_new (entries[i].text, "caption"));
      g_object_set (box, "margin-top", 8, "margin-bottom", 8, "margin-start", 10,
                    "margin-end", 10, NULL);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
      gtk_list_box_append (self->metrics_rows, row);
    }
  return n > 0;
}

static void
msvis_legend_fill (MsvisLegend *self)
{
  gboolean compare = self->doc != NULL && msvis_vis_document_is_compare (self->doc);
  gboolean overflow = self->doc != NULL && msvis_vis_document_get_overflow_check (self->doc);
  gboolean metrics = FALSE;

  clear_list_box (self->rows);
  clear_list_box (self->overflow_rows);
  clear_list_box (self->metrics_rows);
  if (compare)
    msvis_legend_fill_precision (self);
  if (overflow)
    msvis_legend_fill_overflow (self);
  if (self->doc != NULL)
    metrics = msvis_legend_fill_metrics (self);

  gtk_label_set_text (self->empty_label,
                      self->doc == NULL ? _("Open a result to see its colours.")
                                        : _("A build has no precision colours."));
  gtk_widget_set_visible (GTK_WIDGET (self->empty_label), !compare);
  gtk_widget_set_visible (GTK_WIDGET (self->title_label), compare);
  gtk_widget_set_visible (GTK_WIDGET (self->mode_label), compare);
  gtk_widget_set_visible (GTK_WIDGET (self->rows), compare);
  if (!compare)
    gtk_widget_set_visible (GTK_WIDGET (self->description_label), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->overflow_title), overflow);
  gtk_widget_set_visible (GTK_WIDGET (self->overflow_rows), overflow);
  gtk_widget_set_visible (GTK_WIDGET (self->metrics_title), metrics);
  gtk_widget_set_visible (GTK_WIDGET (self->metrics_rows), metrics);
}

static void
msvis_legend_dispose (GObject *object)
{
  MsvisLegend *self = (MsvisLegend *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), MSVIS_TYPE_LEGEND);
  g_clear_pointer (&self->shapes, gtk_widget_unparent);
  g_clear_pointer (&self->finder, msvis_node_finder_unref);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);

  G_OBJECT_CLASS (msvis_legend_parent_class)->dispose (object);
}

static void
msvis_legend_class_init (MsvisLegendClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = msvis_legend_dispose;

  /**
   * MsvisLegend::bucket-activated:
   * @bucket: a bucket index of the document's Colors, MSVIS_BUCKET_UNMATCHED, or a
   *   MsvisBucketOverflow for an overflow level
   *
   * The user clicked a row; msvis_find_panel_show_bucket() takes the same number.
   */
  signals[BUCKET_ACTIVATED] =
    g_signal_new ("bucket-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ui/msvis-legend.ui");
  gtk_widget_class_bind_template_child (widget_class, MsvisLegend, empty_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisLegend, title_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisLegend, mode_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisLegend, rows);
  gtk_widget_class_bind_template_child (widget_class, MsvisLegend, description_label);
  gtk_widget_class_bind_template_child (widget_class, MsvisLegend, overflow_title);
  gtk_widget_class_bind_template_child (widget_class, MsvisLegend, overflow_rows);
  gtk_widget_class_bind_template_child (widget_class, MsvisLegend, metrics_title);
  gtk_widget_class_bind_template_child (widget_class, MsvisLegend, metrics_rows);
  gtk_widget_class_bind_template_callback (widget_class, msvis_legend_row_activated_cb);

  gtk_widget_class_set_css_name (widget_class, "legend");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
msvis_legend_init (MsvisLegend *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->shapes = _msvis_legend_shapes_new ();
  gtk_widget_set_parent (self->shapes, GTK_WIDGET (self));
  msvis_legend_fill (self);
  gtk_widget_set_visible (self->shapes, FALSE);
}

GtkWidget *
msvis_legend_new (void)
{
  return g_object_new (MSVIS_TYPE_LEGEND, NULL);
}

/**
 * msvis_legend_set_document:
 * @doc: (nullable): the document whose colours to explain; the legend keeps a reference
 */
void
msvis_legend_set_document (MsvisLegend      *self,
                           MsvisVisDocument *doc)
{
  g_return_if_fail (MSVIS_IS_LEGEND (self));

  if (doc == self->doc)
    return;
  g_clear_pointer (&self->finder, msvis_node_finder_unref);
  g_clear_pointer (&self->doc, msvis_vis_document_unref);
  if (doc != NULL)
    {
      self->doc = msvis_vis_document_ref (doc);
      self->finder = msvis_node_finder_new (doc, FALSE);
    }
  msvis_legend_fill (self);
  gtk_widget_set_visible (self->shapes, doc != NULL);
}
