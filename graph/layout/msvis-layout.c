// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include "msvis-layout-private.h"

G_DEFINE_QUARK (msvis-layout-error-quark, msvis_layout_error)

G_DEFINE_BOXED_TYPE (MsvisLayout, msvis_layout, msvis_layout_ref, msvis_layout_unref)

MsvisLayout *
msvis_layout_new (void)
{
  MsvisLayout *self = g_new0 (MsvisLayout, 1);

  self->ref_count = 1;
  self->boxes = g_array_new (FALSE, TRUE, sizeof (MsvisLayoutBox));
  self->by_node = g_hash_table_new (NULL, NULL);
  self->labels = g_string_chunk_new (4096);
  return self;
}

MsvisLayout *
msvis_layout_ref (MsvisLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
msvis_layout_unref (MsvisLayout *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;

  g_array_unref (self->boxes);
  g_hash_table_unref (self->by_node);
  g_string_chunk_free (self->labels);
  g_free (self);
}

guint
msvis_layout_get_n_boxes (MsvisLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->boxes->len;
}

const MsvisLayoutBox *
msvis_layout_get_box (MsvisLayout *self,
                      guint        index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->boxes->len, NULL);
  return &g_array_index (self->boxes, MsvisLayoutBox, index);
}

/**
 * msvis_layout_lookup:
 *
 * Returns: (nullable): the box of @node, or %NULL when @node is not shown (inside a collapsed
 *   container, or filtered out)
 */
const MsvisLayoutBox *
msvis_layout_lookup (MsvisLayout *self,
                     MsvisNodeId  node)
{
  guint index;

  g_return_val_if_fail (self != NULL, NULL);

  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->by_node, GUINT_TO_POINTER (node)));
  return index == 0 ? NULL : &g_array_index (self->boxes, MsvisLayoutBox, index - 1);
}

MsvisRect
msvis_layout_get_bounds (MsvisLayout *self)
{
  g_return_val_if_fail (self != NULL, (MsvisRect) { 0 });

  if (self->boxes->len == 0)
    return (MsvisRect) { 0 };
  return g_array_index (self->boxes, MsvisLayoutBox, 0).rect;
}

gboolean
msvis_rect_intersects (const MsvisRect *a,
                       const MsvisRect *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width
         && a->y < b->y + b->height && b->y < a->y + a->height;
}

/* Siblings are stacked in call order, so their tops grow with their index: a binary search
 * finds the first one that can reach the area, and the walk stops at the first one below. */
static guint
first_sibling_reaching (MsvisLayout     *self,
                        guint            first,
                        guint            n,
                        double           top)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const MsvisLayoutBox *box = &g_array_index (self->boxes, MsvisLayoutBox, first + mid);

      if (box->rect.y + box->rect.height < top)
        lo = mid + 1;
      else
        hi = mid;
    }
  /* A row of leaves shares one top; back up to the row's start. */
  while (lo > 0 && g_array_index (self->boxes, MsvisLayoutBox, first + lo - 1).rect.y
                     + g_array_index (self->boxes, MsvisLayoutBox, first + lo - 1).rect.height
                   >= top)
    lo--;
  return first + lo;
}

static void
visit_box (MsvisLayout          *self,
           guint                 index,
           const MsvisRect      *area,
           MsvisLayoutVisitFunc  func,
           gpointer              user_data)
{
  const MsvisLayoutBox *box = &g_array_index (self->boxes, MsvisLayoutBox, index);
  guint end;

  if (!msvis_rect_intersects (&box->rect, area) || !func (box, user_data))
    return;
  if (box->n_children == 0)
    return;

  end = box->first_child + box->n_children;
  for (guint i = first_sibling_reaching (self, box->first_child, box->n_children, area->y);
       i < end; i++)
    {
      const MsvisLayoutBox *child = &g_array_index (self->boxes, MsvisLayoutBox, i);

      if (child->rect.y > area->y + area->height)
        break;
      visit_box (self, i, area, func, user_data);
    }
}

/**
 * msvis_layout_visit:
 * @area: in content pixels
 *
 * Calls @func for every box that meets @area, parents before their children.
 */
void
msvis_layout_visit (MsvisLayout          *self,
                    const MsvisRect      *area,
                    MsvisLayoutVisitFunc  func,
                    gpointer              user_data)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (area != NULL);
  g_return_if_fail (func != NULL);

  if (self->boxes->len > 0)
    visit_box (self, 0, area, func, user_data);
}

typedef struct
{
  const MsvisLayoutBox *hit;
} HitData;

static gboolean
hit_cb (const MsvisLayoutBox *box,
        gpointer              user_data)
{
  HitData *data = user_data;

  data->hit = box;
  return TRUE;
}

/**
 * msvis_layout_hit:
 *
 * Returns: (nullable): the innermost box under the point
 */
const MsvisLayoutBox *
msvis_layout_hit (MsvisLayout *self,
                  double       x,
                  double       y)
{
  MsvisRect point = { x, y, 1e-9, 1e-9 };
  HitData data = { NULL };

  g_return_val_if_fail (self != NULL, NULL);

  msvis_layout_visit (self, &point, hit_cb, &data);
  return data.hit;
}
