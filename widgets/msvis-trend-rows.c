// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include "msvis-trend-rows.h"

struct _MsvisTrendRows
{
  GArray  *rows;       /* MsvisTrendRow, groups before what they hold (depth-first) */
  GArray  *visible;    /* guint, indices into rows */
  GArray  *slot;       /* guint per row: its aggregate's place in agg (groups only) */
  guint    n_groups;
  guint    nx;
  double  *agg_values; /* n_groups × nx */
  guint8  *agg_kinds;
};

/* The tree while it is built: a group with its items (groups and leaves) in first-seen order. */
typedef struct Node Node;
struct Node
{
  char       *label;
  gint        target;     /* a leaf; -1 for a group */
  GPtrArray  *items;      /* Node */
  GHashTable *groups;     /* label → Node, the group items */
};

static Node *
node_new (const char *label,
          gint        target)
{
  Node *node = g_new0 (Node, 1);

  node->label = g_strdup (label);
  node->target = target;
  if (target < 0)
    {
      node->items = g_ptr_array_new ();
      node->groups = g_hash_table_new (g_str_hash, g_str_equal);
    }
  return node;
}

static void
node_free (Node *node)
{
  if (node->items != NULL)
    {
      for (guint i = 0; i < node->items->len; i++)
        node_free (g_ptr_array_index (node->items, i));
      g_ptr_array_unref (node->items);
      g_hash_table_unref (node->groups);
    }
  g_free (node->label);
  g_free (node);
}

static Node *
child_group (Node       *node,
             const char *label)
{
  Node *child = g_hash_table_lookup (node->groups, label);

  if (child == NULL)
    {
      child = node_new (label, -1);
      g_ptr_array_add (node->items, child);
      g_hash_table_insert (node->groups, child->label, child);
    }
  return child;
}

/* "a" holding only the group "b" becomes "a.b": a name's long common stretches take one row. */
static void
join_chains (Node *node)
{
  for (guint i = 0; node->items != NULL && i < node->items->len; i++)
    {
      Node *child = g_ptr_array_index (node->items, i);

      while (child->items != NULL && child->items->len == 1 &&
             ((Node *)g_ptr_array_index (child->items, 0))->items != NULL)
        {
          Node *only = g_ptr_array_steal_index (child->items, 0);
          char *joined = g_strconcat (child->label, ".", only->label, NULL);

          g_free (only->label);
          only->label = joined;
          g_ptr_array_index (node->items, i) = only;
          node_free (child);
          child = only;
        }
      join_chains (child);
    }
}

static void
emit (MsvisTrendRows *self,
      Node           *node,
      gint            parent,
      guint           depth,
      guint          *leaves)
{
  for (guint i = 0; i < node->items->len; i++)
    {
      Node *item = g_ptr_array_index (node->items, i);
      MsvisTrendRow row = { g_strdup (item->label), parent, depth, *leaves, *leaves + 1,
                            item->target, FALSE };
      guint index = self->rows->len, slot = G_MAXUINT;

      if (item->items != NULL)
        slot = self->n_groups++;
      g_array_append_val (self->rows, row);
      g_array_append_val (self->slot, slot);
      if (item->items != NULL)
        {
          emit (self, item, (gint)index, depth + 1, leaves);
          g_array_index (self->rows, MsvisTrendRow, index).last = *leaves;
        }
      else
        (*leaves)++;
    }
}

static void
row_clear (gpointer data)
{
  g_free (((MsvisTrendRow *)data)->label);
}

static MsvisTrendRows *
rows_new (void)
{
  MsvisTrendRows *self = g_new0 (MsvisTrendRows, 1);

  self->rows = g_array_new (FALSE, FALSE, sizeof (MsvisTrendRow));
  g_array_set_clear_func (self->rows, row_clear);
  self->visible = g_array_new (FALSE, FALSE, sizeof (guint));
  self->slot = g_array_new (FALSE, FALSE, sizeof (guint));
  return self;
}

static void
update_visible (MsvisTrendRows *self)
{
  g_array_set_size (self->visible, 0);
  for (guint i = 0; i < self->rows->len; i++)
    {
      MsvisTrendRow *row = &g_array_index (self->rows, MsvisTrendRow, i);

      g_array_append_val (self->visible, i);
      if (row->target < 0 && row->folded)
        while (i + 1 < self->rows->len &&
               g_array_index (self->rows, MsvisTrendRow, i + 1).depth > row->depth)
          i++;
    }
}

/**
 * msvis_trend_rows_new_targets:
 * @targets: MsvisTrendTarget, the slice's rows in order
 * @slice: (nullable): when given, the targets without a value in it are left out
 *
 * Returns: (transfer full): the tree of the targets' module paths, all unfolded
 */
MsvisTrendRows *
msvis_trend_rows_new_targets (const GArray          *targets,
                              const MsvisTrendSlice *slice)
{
  MsvisTrendRows *self = rows_new ();
  Node *root = node_new ("", -1);
  guint leaves = 0;

  for (guint t = 0; t < targets->len; t++)
    {
      const MsvisTrendTarget *target = &g_array_index (targets, MsvisTrendTarget, t);
      g_auto(GStrv) parts = g_strsplit (target->name, ".", -1);
      guint n = g_strv_length (parts), keep = n >= 3 ? n - 2 : 0;
      Node *group = root;
      GString *label;
      gboolean present = slice == NULL;

      /* as TREND ANALYZER's rows: the targets with a row in the map (§ 10.3) */
      for (guint x = 0; !present && x < slice->x->len; x++)
        present = slice->kinds[(gsize)t * slice->x->len + x] != MSVIS_TREND_CELL_GAP;
      if (!present)
        continue;
      label = g_string_new (NULL);
      for (guint i = 0; i < keep; i++)
        group = child_group (group, parts[i]);
      for (guint i = keep; i < n; i++)
        g_string_append_printf (label, "%s%s", i > keep ? "." : "", parts[i]);
      if (target->index != 0)
        g_string_append_printf (label, " [%" G_GINT64_FORMAT "]", target->index);
      if (target->vpp_stage != 0)
        g_string_append_printf (label, " vpp%" G_GINT64_FORMAT, target->vpp_stage);
      g_ptr_array_add (group->items, node_new (label->str, (gint)t));
      g_string_free (label, TRUE);
    }
  join_chains (root);
  emit (self, root, -1, 0, &leaves);
  node_free (root);
  update_visible (self);
  return self;
}

/**
 * msvis_trend_rows_new_flat:
 * @values: gint64, one row each
 * @format: a printf format of one long long, e.g. "Rank %lld"
 */
MsvisTrendRows *
msvis_trend_rows_new_flat (const GArray *values,
                           const char   *format)
{
  MsvisTrendRows *self = rows_new ();

  for (guint i = 0; i < values->len; i++)
    {
      MsvisTrendRow row = { NULL, -1, 0, i, i + 1, (gint)i, FALSE };
      guint slot = G_MAXUINT;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      row.label = g_strdup_printf (format, (long long)g_array_index (values, gint64, i));
#pragma GCC diagnostic pop
      g_array_append_val (self->rows, row);
      g_array_append_val (self->slot, slot);
    }
  update_visible (self);
  return self;
}

void
msvis_trend_rows_free (MsvisTrendRows *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->rows);
  g_array_unref (self->visible);
  g_array_unref (self->slot);
  g_free (self->agg_values);
  g_free (self->agg_kinds);
  g_free (self);
}

guint
msvis_trend_rows_n_visible (MsvisTrendRows *self)
{
  return self->visible->len;
}

guint
msvis_trend_rows_n_rows (MsvisTrendRows *self)
{
  return self->rows->len;
}

/* Any row, folded away or not, in tree order. */
const MsvisTrendRow *
msvis_trend_rows_get (MsvisTrendRows *self,
                      guint           i)
{
  return &g_array_index (self->rows, MsvisTrendRow, i);
}

const MsvisTrendRow *
msvis_trend_rows_visible (MsvisTrendRows *self,
                          guint           i)
{
  return &g_array_index (self->rows, MsvisTrendRow, g_array_index (self->visible, guint, i));
}

void
msvis_trend_rows_toggle (MsvisTrendRows *self,
                         guint           visible)
{
  MsvisTrendRow *row;

  if (visible >= self->visible->len)
    return;
  row = &g_array_index (self->rows, MsvisTrendRow, g_array_index (self->visible, guint, visible));
  if (row->target >= 0)
    return;
  row->folded = !row->folded;
  update_visible (self);
}

void
msvis_trend_rows_fold_all (MsvisTrendRows *self,
                           gboolean        folded)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      MsvisTrendRow *row = &g_array_index (self->rows, MsvisTrendRow, i);

      /* folding everything keeps the top level open: one row for the whole model says little */
      row->folded = row->target < 0 && folded && row->depth > 0;
    }
  update_visible (self);
}

/**
 * msvis_trend_rows_find_target:
 *
 * Unfolds what hides @target's row.
 *
 * Returns: its visible index, or -1
 */
gint
msvis_trend_rows_find_target (MsvisTrendRows *self,
                              gint            target)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      MsvisTrendRow *row = &g_array_index (self->rows, MsvisTrendRow, i);

      if (row->target != target)
        continue;
      for (gint p = row->parent; p >= 0; p = g_array_index (self->rows, MsvisTrendRow, p).parent)
        g_array_index (self->rows, MsvisTrendRow, p).folded = FALSE;
      update_visible (self);
      for (guint v = 0; v < self->visible->len; v++)
        if (g_array_index (self->visible, guint, v) == i)
          return (gint)v;
    }
  return -1;
}

char *
msvis_trend_rows_full_name (MsvisTrendRows      *self,
                            const MsvisTrendRow *row)
{
  GString *name = g_string_new (row->label);

  for (gint p = row->parent; p >= 0; p = g_array_index (self->rows, MsvisTrendRow, p).parent)
    {
      g_string_prepend_c (name, '.');
      g_string_prepend (name, g_array_index (self->rows, MsvisTrendRow, p).label);
    }
  return g_string_free (name, FALSE);
}

/* Which of two cells a group shows: infinities, then NaN, then clipped, then magnitude. */
static int
weight (MsvisTrendCell kind)
{
  switch (kind)
    {
    case MSVIS_TREND_CELL_POS_INF:
    case MSVIS_TREND_CELL_NEG_INF:
      return 4;
    case MSVIS_TREND_CELL_NAN:
      return 3;
    case MSVIS_TREND_CELL_CLIPPED:
      return 2;
    case MSVIS_TREND_CELL_VALUE:
      return 1;
    case MSVIS_TREND_CELL_GAP:
    default:
      return 0;
    }
}

static void
combine (double        *value,
         guint8        *kind,
         double         other,
         MsvisTrendCell other_kind)
{
  int a = weight (*kind), b = weight (other_kind);

  if (b > a || (b == a && b > 0 && b < 3 && fabs (other) > fabs (*value)))
    {
      *value = other;
      *kind = other_kind;
    }
}

/* Each group's aggregate per column, children before parents (reverse depth-first order). */
void
msvis_trend_rows_aggregate (MsvisTrendRows        *self,
                            const MsvisTrendSlice *slice)
{
  guint nx = slice->x->len;

  self->nx = nx;
  g_free (self->agg_values);
  g_free (self->agg_kinds);
  self->agg_values = g_new0 (double, MAX ((gsize)self->n_groups * nx, 1));
  self->agg_kinds = g_new0 (guint8, MAX ((gsize)self->n_groups * nx, 1));
  for (guint i = self->rows->len; i-- > 0;)
    {
      MsvisTrendRow *row = &g_array_index (self->rows, MsvisTrendRow, i);
      guint to;

      if (row->parent < 0)
        continue;
      to = g_array_index (self->slot, guint, row->parent);
      for (guint x = 0; x < nx; x++)
        {
          double value;
          MsvisTrendCell kind;

          msvis_trend_rows_cell (self, slice, row, x, &value, &kind);
          combine (&self->agg_values[(gsize)to * nx + x], &self->agg_kinds[(gsize)to * nx + x],
                   value, kind);
        }
    }
}

void
msvis_trend_rows_cell (MsvisTrendRows        *self,
                       const MsvisTrendSlice *slice,
                       const MsvisTrendRow   *row,
                       guint                  x,
                       double                *value,
                       MsvisTrendCell        *kind)
{
  gsize i;

  if (row->target >= 0)
    {
      i = (gsize)row->target * slice->x->len + x;
      *value = slice->values[i];
      *kind = slice->kinds[i];
      return;
    }
  i = (gsize)g_array_index (self->slot, guint, row - (MsvisTrendRow *)(gpointer)self->rows->data)
      * self->nx + x;
  if (self->agg_kinds == NULL || x >= self->nx)
    {
      *value = NAN;
      *kind = MSVIS_TREND_CELL_GAP;
      return;
    }
  *value = self->agg_values[i];
  *kind = self->agg_kinds[i];
}
