// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-minimap-private.h"

/* Where the minimap goes: in its home corner (the outer bottom one of a compare) unless a node
 * name is under it there, then in the first corner free of names, and when every corner has
 * names, at home but faint, solid again under the pointer. Names are read where they are
 * drawn: an open container's on its title strip, any other node's across its box. At
 * 1280×720 a 400-px pane has names in its lower corners in nearly every view. */

#define FAINT        0.35
#define TITLE_ROOM   28.   /* MSVIS_LAYOUT_HEADER less the border: where a title's text is */

typedef struct
{
  graphene_rect_t area;    /* the card, layout coordinates */
  gboolean        covered;
} CoverCheck;

static gboolean
covers_label (const MsvisLayoutBox *box,
              gpointer              user_data)
{
  CoverCheck *check = user_data;
  graphene_rect_t text;

  /* An open container's title counts, its inside is its children's. */
  graphene_rect_init (&text, box->rect.x, box->rect.y, box->rect.width,
                      box->expanded ? MIN (TITLE_ROOM, box->rect.height) : box->rect.height);
  if (graphene_rect_intersection (&text, &check->area, NULL))
    check->covered = TRUE;
  return !check->covered;
}

/* Whether the rectangle (canvas widget coordinates) hides a node name. */
static gboolean
covers_names (MsvisGraphCanvas *canvas,
              double            x,
              double            y,
              double            width,
              double            height)
{
  MsvisLayout *layout = msvis_graph_canvas_get_layout (canvas);
  double zoom = msvis_graph_canvas_get_zoom (canvas);
  MsvisRect view, area;
  CoverCheck check = { { { 0 } }, FALSE };

  if (layout == NULL)
    return FALSE;
  msvis_graph_canvas_get_view (canvas, &view);
  area = (MsvisRect) { view.x + x / zoom, view.y + y / zoom, width / zoom, height / zoom };
  graphene_rect_init (&check.area, area.x, area.y, area.width, area.height);
  msvis_layout_visit (layout, &area, covers_label, &check);
  return check.covered;
}

/* Whether a card of @width × @height with its margins in corner (@halign, @valign) of the
 * canvas would hide a node name. */
static gboolean
corner_covers (MsvisGraphCanvas *canvas,
               GtkAlign          halign,
               GtkAlign          valign,
               double            width,
               double            height,
               double            margin)
{
  double cw = gtk_widget_get_width (GTK_WIDGET (canvas));
  double ch = gtk_widget_get_height (GTK_WIDGET (canvas));

  return covers_names (canvas, halign == GTK_ALIGN_START ? margin : cw - margin - width,
                       valign == GTK_ALIGN_START ? margin : ch - margin - height, width, height);
}

/* Where the selected node's name is, in canvas widget coordinates: an open container's title
 * strip, any other node's box. */
static gboolean
selection_area (MsvisGraphCanvas *canvas,
                graphene_rect_t  *area)
{
  MsvisNodeId selected = msvis_graph_canvas_get_selected (canvas);
  MsvisLayout *layout = msvis_graph_canvas_get_layout (canvas);
  const MsvisLayoutBox *box;

  if (selected == MSVIS_NODE_ID_NONE || layout == NULL
      || (box = msvis_layout_lookup (layout, selected)) == NULL
      || !msvis_graph_canvas_node_area (canvas, selected, area))
    return FALSE;
  if (box->expanded)
    area->size.height = MIN (area->size.height, TITLE_ROOM * msvis_graph_canvas_get_zoom (canvas));
  return TRUE;
}

/* Whether a card in corner (@halign, @valign) would hide @selection (nullable). */
static gboolean
corner_hides (MsvisGraphCanvas      *canvas,
              const graphene_rect_t *selection,
              GtkAlign               halign,
              GtkAlign               valign,
              double                 width,
              double                 height,
              double                 margin)
{
  double cw = gtk_widget_get_width (GTK_WIDGET (canvas));
  double ch = gtk_widget_get_height (GTK_WIDGET (canvas));
  graphene_rect_t card;

  if (selection == NULL)
    return FALSE;
  graphene_rect_init (&card, halign == GTK_ALIGN_START ? margin : cw - margin - width,
                      valign == GTK_ALIGN_START ? margin : ch - margin - height, width, height);
  return graphene_rect_intersection (&card, selection, NULL);
}

/**
 * _msvis_minimap_place:
 * @home_halign: the side the minimap's owner put it on
 * @hovered: the pointer is over it: it stays, solid
 *
 * Moves the card to a corner where it hides no name, or fades it; never over the selected
 * node, which Expand to Errors, First Divergence or a search just brought into view: a corner
 * clear of it, names or not, else no card at all. Queues an allocation: call it after the
 * frame, never from an allocation.
 *
 * Returns: whether the card is shown
 */
gboolean
_msvis_minimap_place (GtkWidget        *minimap,
                      MsvisGraphCanvas *canvas,
                      GtkAlign          home_halign,
                      gboolean          hovered)
{
  GtkAlign away = home_halign == GTK_ALIGN_START ? GTK_ALIGN_END : GTK_ALIGN_START;
  const GtkAlign corners[4][2] = {
    { home_halign, GTK_ALIGN_END }, { away, GTK_ALIGN_END },
    { home_halign, GTK_ALIGN_START }, { away, GTK_ALIGN_START },
  };
  const guint none = G_N_ELEMENTS (corners);
  int width, height;
  double margin = gtk_widget_get_margin_start (minimap);
  graphene_rect_t selected;
  gboolean has_selection = selection_area (canvas, &selected);
  guint pick = none, clear = none;

  gtk_widget_measure (minimap, GTK_ORIENTATION_HORIZONTAL, -1, &width, NULL, NULL, NULL);
  gtk_widget_measure (minimap, GTK_ORIENTATION_VERTICAL, width, &height, NULL, NULL, NULL);
  for (guint i = 0; i < none && pick == none; i++)
    {
      if (corner_hides (canvas, has_selection ? &selected : NULL, corners[i][0], corners[i][1],
                        width, height, margin))
        continue;
      if (clear == none)
        clear = i;
      if (!corner_covers (canvas, corners[i][0], corners[i][1], width, height, margin))
        pick = i;
    }

  /* Under the pointer it stays where it is: a card that jumps away cannot be used. */
  if (!hovered)
    {
      guint place = pick < none ? pick : clear < none ? clear : 0;

      if (gtk_widget_get_halign (minimap) != corners[place][0]
          || gtk_widget_get_valign (minimap) != corners[place][1])
        {
          gtk_widget_set_halign (minimap, corners[place][0]);
          gtk_widget_set_valign (minimap, corners[place][1]);
          /* An alignment queues only the card's own allocation, which the overlay then skipped
           * now and then: the card stayed in its old corner, over the selection. */
          gtk_widget_queue_resize (minimap);
        }
      if (clear == none)
        {
          gtk_widget_set_opacity (minimap, 0);
          return FALSE;
        }
    }
  gtk_widget_set_opacity (minimap, pick < none || hovered ? 1 : FAINT);
  return TRUE;
}

/**
 * msvis_minimap_covers_names:
 *
 * Returns: whether the card, where it is now and drawn solid (more than half opaque), hides a
 *   node name of @canvas
 */
gboolean
msvis_minimap_covers_names (MsvisMinimap *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  MsvisGraphCanvas *canvas = _msvis_minimap_get_canvas (self);
  graphene_rect_t bounds;

  g_return_val_if_fail (MSVIS_IS_MINIMAP (self), FALSE);

  if (canvas == NULL || gtk_widget_get_opacity (widget) < 0.5 || !gtk_widget_get_mapped (widget)
      || !gtk_widget_compute_bounds (widget, GTK_WIDGET (canvas), &bounds))
    return FALSE;
  return covers_names (canvas, bounds.origin.x, bounds.origin.y, bounds.size.width,
                       bounds.size.height);
}
