// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n.h>

#include "msvis-graph-canvas-private.h"
#include "msvis-node-finder.h"

/* Roll-ups: what a closed container hides. Each node counts the leaves under it that are
 * errors (the legend's worst colour), warnings (any other colour past the pass one),
 * unmatched, or overflowing: leaves only, as the Legend, Find and `msvis inspect` count
 * (msvis-graph-summary.h), so a divergence is counted once however deep it sits. A Bench leaf
 * takes its NPU counterpart's colour, as it is drawn. */

#define BADGE_HEIGHT   15.   /* widget pixels, whatever the zoom */
#define BADGE_PAD      5.
#define BADGE_GAP      3.
#define BADGE_MIN_ZOOM 0.3   /* below, a badge would be bigger than the box it sits on */

/* After the kinds of MsvisRollupKind: the overflowing leaves by level, which the badges of
 * overflow mode count. */
#define N_COUNTS       (MSVIS_N_ROLLUPS + 3)
#define LEVEL_COUNT(l) (MSVIS_N_ROLLUPS + (l) - MSVIS_OVERFLOW_MEDIUM)

struct _MsvisRollups
{
  guint   n_nodes;
  guint32 counts[][N_COUNTS];
};

void
_msvis_rollups_free (MsvisRollups *self)
{
  g_free (self);
}

/* Which roll-up a leaf adds to, besides overflow; -1 for a pass or no value. */
static int
leaf_kind (MsvisNodeFinder *finder,
           MsvisNodeId      node)
{
  int bucket = msvis_node_finder_get_bucket (finder, node);
  guint n = msvis_buckets_get_n (msvis_node_finder_get_buckets (finder));
  guint severity;

  if (bucket == MSVIS_BUCKET_UNMATCHED)
    return MSVIS_ROLLUP_UNMATCHED;
  severity = msvis_node_finder_get_severity (finder, bucket);
  if (severity == 0)
    return -1;
  return severity + 1 >= n ? MSVIS_ROLLUP_ERROR : MSVIS_ROLLUP_WARNING;
}

/**
 * _msvis_rollups_new:
 *
 * Walks every leaf up to the root once: O(nodes × depth).
 */
MsvisRollups *
_msvis_rollups_new (MsvisVisDocument *doc,
                    gboolean          is_bench)
{
  MsvisGraph *graph = msvis_vis_document_get_graph (doc, is_bench);
  guint n = msvis_graph_get_n_nodes (graph);
  MsvisRollups *self = g_malloc0 (sizeof *self + MAX (n, 1) * sizeof self->counts[0]);
  g_autoptr(MsvisNodeFinder) finder = msvis_node_finder_new (doc, is_bench);

  self->n_nodes = n;
  for (MsvisNodeId node = 0; node < n; node++)
    {
      int kind;
      MsvisOverflowLevel level;
      gboolean overflow;

      if (msvis_graph_node_get_first_child (graph, node) != MSVIS_NODE_ID_NONE)
        continue;
      kind = leaf_kind (finder, node);
      level = MIN (msvis_graph_node_get_overflow (graph, node), MSVIS_OVERFLOW_CRITICAL);
      overflow = level != MSVIS_OVERFLOW_NONE;
      if (kind < 0 && !overflow)
        continue;
      for (MsvisNodeId up = node; up != MSVIS_NODE_ID_NONE && up < n;
           up = msvis_graph_node_get_parent (graph, up))
        {
          if (kind >= 0)
            self->counts[up][kind]++;
          if (overflow)
            {
              self->counts[up][MSVIS_ROLLUP_OVERFLOW]++;
              self->counts[up][LEVEL_COUNT (level)]++;
            }
        }
    }
  return self;
}

/**
 * msvis_graph_canvas_get_rollup:
 * @counts: (out caller-allocates): the leaves under @node (or @node itself, a leaf) by
 *   #MsvisRollupKind
 *
 * Returns: %FALSE when nothing is shown or @node is not a node of it
 */
gboolean
msvis_graph_canvas_get_rollup (MsvisGraphCanvas *self,
                               MsvisNodeId       node,
                               guint             counts[MSVIS_N_ROLLUPS])
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), FALSE);

  if (self->rollups == NULL || node >= self->rollups->n_nodes)
    return FALSE;
  for (guint i = 0; i < MSVIS_N_ROLLUPS; i++)
    counts[i] = self->rollups->counts[node][i];
  return TRUE;
}

/**
 * msvis_graph_canvas_expand_to_errors:
 *
 * Opens exactly the containers above every error and warning, and closes every other: the
 * paths to the divergences and nothing else. Centres on the earliest one in dump order.
 *
 * Returns: the number of divergent leaves, 0 when there is nothing to open
 */
/* A leaf past the pass colour: what Expand to Errors opens the path to. */
static gboolean
is_divergent_leaf (MsvisGraphCanvas *self,
                   MsvisNodeId       node)
{
  const guint32 *c = self->rollups->counts[node];

  return msvis_graph_node_get_first_child (self->graph, node) == MSVIS_NODE_ID_NONE
         && c[MSVIS_ROLLUP_ERROR] + c[MSVIS_ROLLUP_WARNING] > 0;
}

/**
 * msvis_graph_canvas_get_first_divergent:
 *
 * Returns: the earliest leaf in dump order that Expand to Errors opens the path to, or
 *   MSVIS_NODE_ID_NONE
 */
MsvisNodeId
msvis_graph_canvas_get_first_divergent (MsvisGraphCanvas *self)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), MSVIS_NODE_ID_NONE);

  for (MsvisNodeId node = 0; self->rollups != NULL && node < self->rollups->n_nodes; node++)
    if (is_divergent_leaf (self, node))
      return node;
  return MSVIS_NODE_ID_NONE;
}

guint
msvis_graph_canvas_expand_to_errors (MsvisGraphCanvas *self)
{
  MsvisNodeId first = MSVIS_NODE_ID_NONE;
  guint n_divergent = 0;

  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), 0);

  if (self->rollups == NULL)
    return 0;
  g_hash_table_remove_all (self->expanded);
  for (MsvisNodeId node = 0; node < self->rollups->n_nodes; node++)
    {
      if (!is_divergent_leaf (self, node))
        continue;
      n_divergent++;
      if (first == MSVIS_NODE_ID_NONE)
        first = node;
      for (MsvisNodeId up = msvis_graph_node_get_parent (self->graph, node);
           up != MSVIS_NODE_ID_NONE
           && !g_hash_table_contains (self->expanded, GUINT_TO_POINTER (up));
           up = msvis_graph_node_get_parent (self->graph, up))
        g_hash_table_add (self->expanded, GUINT_TO_POINTER (up));
    }
  self->pending_center = first != MSVIS_NODE_ID_NONE ? first : msvis_graph_get_root (self->graph);
  _msvis_graph_canvas_request_layout (self);
  return n_divergent;
}

static const struct {
  GdkRGBA fill;
  GdkRGBA ink;
} badge_colors[MSVIS_N_ROLLUPS] = {
  [MSVIS_ROLLUP_ERROR] = { { 0.80, 0.14, 0.11, 1 }, { 1, 1, 1, 1 } },
  [MSVIS_ROLLUP_WARNING] = { { 0.96, 0.71, 0.13, 1 }, { 0.2, 0.15, 0, 1 } },
  [MSVIS_ROLLUP_UNMATCHED] = { { 0.45, 0.45, 0.45, 1 }, { 1, 1, 1, 1 } },
  [MSVIS_ROLLUP_OVERFLOW] = { { 0.27, 0.41, 0.72, 1 }, { 1, 1, 1, 1 } },
};

/* Overflow mode colours the boxes by overflow level: the badges count the levels inside in
 * the legend's colours of them, since a precision count would read as the colour of boxes
 * that no longer have it. The pale medium pill gets its text in the critical blue. */
static void
overflow_badge (MsvisOverflowLevel  level,
                guint32             count,
                MsvisCanvasBadge   *badge)
{
  const MsvisRgba *fill = &msvis_render_overflow_fills[level];
  const MsvisRgba *deep = &msvis_render_overflow_fills[MSVIS_OVERFLOW_CRITICAL];

  badge->fill = (GdkRGBA) { fill->red, fill->green, fill->blue, 1 };
  badge->ink = level == MSVIS_OVERFLOW_CRITICAL ? (GdkRGBA) { 1, 1, 1, 1 }
               : level == MSVIS_OVERFLOW_HIGH ? (GdkRGBA) { 0.05, 0.08, 0.2, 1 }
               : (GdkRGBA) { deep->red * 0.6, deep->green * 0.6, deep->blue * 0.6, 1 };
  badge->count = count;
}

static guint
badges_of (MsvisGraphCanvas *self,
           const guint32    *counts,
           MsvisCanvasBadge  badges[MSVIS_CANVAS_MAX_BADGES])
{
  guint n = 0;

  if (self->overflow_mode)
    {
      for (int level = MSVIS_OVERFLOW_MEDIUM; level <= MSVIS_OVERFLOW_CRITICAL; level++)
        if (counts[LEVEL_COUNT (level)] > 0)
          overflow_badge (level, counts[LEVEL_COUNT (level)], &badges[n++]);
      return n;
    }
  for (int kind = MSVIS_N_ROLLUPS - 1; kind >= 0; kind--)
    if (counts[kind] > 0)
      badges[n++] = (MsvisCanvasBadge) { badge_colors[kind].fill, badge_colors[kind].ink,
                                         counts[kind] };
  return n;
}

/**
 * msvis_graph_canvas_get_badges:
 * @badges: (out caller-allocates) (array fixed-size=4): what @node shows when it is closed,
 *   from the right (MSVIS_CANVAS_MAX_BADGES at most)
 *
 * Returns: how many badges @node has (0 for a leaf, or nothing inside to count)
 */
guint
msvis_graph_canvas_get_badges (MsvisGraphCanvas *self,
                               MsvisNodeId       node,
                               MsvisCanvasBadge *badges)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), 0);

  if (self->rollups == NULL || node >= self->rollups->n_nodes ||
      msvis_graph_node_get_first_child (self->graph, node) == MSVIS_NODE_ID_NONE)
    return 0;
  return badges_of (self, self->rollups->counts[node], badges);
}

/* One pill, its right edge at @right: returns where the next one's right edge goes. */
static double
draw_badge (GtkSnapshot            *snapshot,
            PangoLayout            *layout,
            const MsvisCanvasBadge *badge,
            double                  right)
{
  g_autofree char *text = g_strdup_printf ("%u", badge->count);
  GskRoundedRect pill;
  int text_w, text_h;
  double width;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &text_w, &text_h);
  width = MAX (text_w + 2 * BADGE_PAD, BADGE_HEIGHT);
  gsk_rounded_rect_init_from_rect (&pill, &GRAPHENE_RECT_INIT (right - width, -BADGE_HEIGHT / 2,
                                                               width, BADGE_HEIGHT),
                                   BADGE_HEIGHT / 2);
  gtk_snapshot_push_rounded_clip (snapshot, &pill);
  gtk_snapshot_append_color (snapshot, &badge->fill, &pill.bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (right - width + (width - text_w) / 2,
                                                          -text_h / 2.));
  gtk_snapshot_append_layout (snapshot, layout, &badge->ink);
  gtk_snapshot_restore (snapshot);
  return right - width - BADGE_GAP;
}

typedef struct
{
  MsvisGraphCanvas *self;
  GtkSnapshot      *snapshot;
  PangoLayout      *layout;
} BadgeData;

static gboolean
badge_cb (const MsvisLayoutBox *box,
          gpointer              user_data)
{
  BadgeData *d = user_data;
  MsvisCanvasBadge badges[MSVIS_CANVAS_MAX_BADGES];
  guint n;
  double right;

  if (box->expanded || box->n_subnodes == 0 || box->node >= d->self->rollups->n_nodes)
    return box->expanded;
  n = badges_of (d->self, d->self->rollups->counts[box->node], badges);
  gtk_snapshot_save (d->snapshot);
  /* On the top edge, at the right, in widget pixels. */
  gtk_snapshot_translate (d->snapshot, &GRAPHENE_POINT_INIT (box->rect.x + box->rect.width,
                                                             box->rect.y));
  gtk_snapshot_scale (d->snapshot, 1 / d->self->zoom, 1 / d->self->zoom);
  right = -4;
  for (guint i = 0; i < n; i++)
    right = draw_badge (d->snapshot, d->layout, &badges[i], right);
  gtk_snapshot_restore (d->snapshot);
  return FALSE;
}

/* Called with the snapshot in layout coordinates. Drawn on top of the cached tiles: the
 * badges keep their size in pixels at every zoom. */
void
_msvis_graph_canvas_snapshot_badges (MsvisGraphCanvas *self,
                                     GtkSnapshot      *snapshot,
                                     const MsvisRect  *view)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  BadgeData d;
  MsvisRect area = *view;

  if (self->rollups == NULL || self->layout == NULL || self->zoom < BADGE_MIN_ZOOM)
    return;
  layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
  font = pango_font_description_from_string ("Sans Bold 8");
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  d = (BadgeData) { self, snapshot, layout };
  /* A badge pokes above its box: boxes just below the view still show theirs. */
  area.height += BADGE_HEIGHT / self->zoom;
  msvis_layout_visit (self->layout, &area, badge_cb, &d);
}

/* What overflow mode's badges count, worst first. */
static void
describe_levels (const guint32 *c,
                 GString       *text)
{
  guint32 n;

  /* translators: counts of the leaf nodes inside a container, by overflow level */
  if ((n = c[LEVEL_COUNT (MSVIS_OVERFLOW_CRITICAL)]) > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               "\n%u overflowing inside, level critical",
                                               "\n%u overflowing inside, level critical", n),
                            n);
  if ((n = c[LEVEL_COUNT (MSVIS_OVERFLOW_HIGH)]) > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               "\n%u overflowing inside, level high",
                                               "\n%u overflowing inside, level high", n),
                            n);
  if ((n = c[LEVEL_COUNT (MSVIS_OVERFLOW_MEDIUM)]) > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               "\n%u overflowing inside, level medium",
                                               "\n%u overflowing inside, level medium", n),
                            n);
}

/**
 * _msvis_graph_canvas_describe_rollup:
 *
 * Appends to a tooltip what a closed container holds, in words, so that the badges' colours
 * need no legend.
 */
void
_msvis_graph_canvas_describe_rollup (MsvisGraphCanvas *self,
                                     MsvisNodeId       node,
                                     GString          *text)
{
  const guint32 *c;

  if (self->rollups == NULL || node >= self->rollups->n_nodes
      || msvis_graph_node_get_first_child (self->graph, node) == MSVIS_NODE_ID_NONE)
    return;
  c = self->rollups->counts[node];
  if (self->overflow_mode)
    {
      describe_levels (c, text);
      return;
    }
  /* translators: counts of the leaf nodes inside a container, which its badges show */
  if (c[MSVIS_ROLLUP_ERROR] > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "\n%u error inside",
                                               "\n%u errors inside", c[MSVIS_ROLLUP_ERROR]),
                            c[MSVIS_ROLLUP_ERROR]);
  if (c[MSVIS_ROLLUP_WARNING] > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "\n%u warning inside",
                                               "\n%u warnings inside", c[MSVIS_ROLLUP_WARNING]),
                            c[MSVIS_ROLLUP_WARNING]);
  if (c[MSVIS_ROLLUP_UNMATCHED] > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "\n%u unmatched inside",
                                               "\n%u unmatched inside",
                                               c[MSVIS_ROLLUP_UNMATCHED]),
                            c[MSVIS_ROLLUP_UNMATCHED]);
  if (c[MSVIS_ROLLUP_OVERFLOW] > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "\n%u overflowing inside",
                                               "\n%u overflowing inside",
                                               c[MSVIS_ROLLUP_OVERFLOW]),
                            c[MSVIS_ROLLUP_OVERFLOW]);
}

gboolean
msvis_graph_canvas_is_laying_out (MsvisGraphCanvas *self)
{
  g_return_val_if_fail (MSVIS_IS_GRAPH_CANVAS (self), FALSE);
  return self->layout_pending;
}

/**
 * msvis_graph_canvas_cancel_layout:
 *
 * Drops the layout under way (an Expand All of a big model): what stays open is what is
 * drawn.
 */
void
msvis_graph_canvas_cancel_layout (MsvisGraphCanvas *self)
{
  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  if (!self->layout_pending)
    return;
  g_cancellable_cancel (self->layout_cancellable);
  self->layout_pending = FALSE;
  gtk_widget_remove_css_class (GTK_WIDGET (self), "busy");
  g_hash_table_remove_all (self->expanded);
  for (guint i = 0; self->layout != NULL && i < msvis_layout_get_n_boxes (self->layout); i++)
    {
      const MsvisLayoutBox *box = msvis_layout_get_box (self->layout, i);

      if (box->expanded && box->depth > 0)
        g_hash_table_add (self->expanded, GUINT_TO_POINTER (box->node));
    }
  g_signal_emit_by_name (self, "view-changed");
}

/**
 * msvis_graph_canvas_render_rows:
 * @cr: user space in layout coordinates, stretched as the caller likes
 *
 * The overview of a graph too tall to draw whole: one band per top-level row, across the
 * whole width, in the colour of the worst thing inside it (error, then warning, then its own
 * fill), so that a minimap of 90,000 nodes still shows where the problems are.
 */
void
msvis_graph_canvas_render_rows (MsvisGraphCanvas *self,
                                cairo_t          *cr)
{
  const MsvisLayoutBox *root;
  MsvisRect bounds;

  g_return_if_fail (MSVIS_IS_GRAPH_CANVAS (self));

  if (self->layout == NULL || msvis_layout_get_n_boxes (self->layout) == 0)
    return;
  root = msvis_layout_get_box (self->layout, 0);
  bounds = msvis_layout_get_bounds (self->layout);
  for (guint i = 0; i < root->n_children; i++)
    {
      const MsvisLayoutBox *row = msvis_layout_get_box (self->layout, root->first_child + i);
      const guint32 *c = self->rollups && row->node < self->rollups->n_nodes
                         ? self->rollups->counts[row->node] : NULL;
      MsvisRgba fill = self->fill_map ? msvis_fill_map_get (self->fill_map, row->node)
                                      : msvis_render_white;
      int worst = MSVIS_OVERFLOW_NONE;

      /* overflow mode: the worst level inside, as the badges and boxes show it */
      for (int level = MSVIS_OVERFLOW_MEDIUM; self->overflow_mode && c != NULL &&
           level <= MSVIS_OVERFLOW_CRITICAL; level++)
        if (c[LEVEL_COUNT (level)] > 0)
          worst = level;
      if (self->overflow_mode && worst != MSVIS_OVERFLOW_NONE)
        cairo_set_source_rgba (cr, msvis_render_overflow_fills[worst].red,
                               msvis_render_overflow_fills[worst].green,
                               msvis_render_overflow_fills[worst].blue, 1);
      else if (self->overflow_mode)
        cairo_set_source_rgba (cr, fill.red * 0.85, fill.green * 0.85, fill.blue * 0.85, 1);
      else if (c != NULL && c[MSVIS_ROLLUP_ERROR] > 0)
        gdk_cairo_set_source_rgba (cr, &badge_colors[MSVIS_ROLLUP_ERROR].fill);
      else if (c != NULL && c[MSVIS_ROLLUP_WARNING] > 0)
        gdk_cairo_set_source_rgba (cr, &badge_colors[MSVIS_ROLLUP_WARNING].fill);
      else
        cairo_set_source_rgba (cr, fill.red * 0.85, fill.green * 0.85, fill.blue * 0.85, 1);
      cairo_rectangle (cr, bounds.x, row->rect.y, bounds.width, row->rect.height);
      cairo_fill (cr);
    }
}
