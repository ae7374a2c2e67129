// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-vis-db26-index-sort.h"

/* Sorting the rows by node name, parent name and link was nearly all of the index writer's
 * time (0.6 CPU-s on the medium compare of bench-compare.py, four fifths of it comparing):
 * names share long prefixes ("Module.module.language_model.encoder.layers.…"), which every
 * strcmp walks again. The texts are sorted here by multikey quicksort (Bentley and Sedgewick,
 * "Fast algorithms for sorting and searching strings", 1997), which looks at each byte of a
 * common prefix about once per level instead of once per comparison. Rows come grouped by
 * (step, rank, data_source) in the order they went in, so those columns only order whole
 * runs. The order is SQLite's for index records: numbers by value, texts by their bytes then
 * length (BINARY), the rowid last. */

#define INT_CMP(a, b) (((a) > (b)) - ((a) < (b)))
#define CMP_INT(f)    if ((c = INT_CMP (a->f, b->f)) != 0) return c
#define CMP_TEXT(f)   if ((c = strcmp (a->f, b->f)) != 0) return c

/* The full order of index @index, one column after the other; names hold no NUL, so strcmp
 * orders them as their bytes and length do. */
static int
compare_rows (gconstpointer pa,
              gconstpointer pb,
              gpointer      data)
{
  const MsvisDb26IndexRow *a = *(MsvisDb26IndexRow *const *)pa;
  const MsvisDb26IndexRow *b = *(MsvisDb26IndexRow *const *)pb;
  guint index = GPOINTER_TO_UINT (data);
  int c;

  if (index == MSVIS_DB26_ID_INDEX)
    {
      c = memcmp (a->id, b->id, MIN (a->id_len, b->id_len));
      if (c != 0 || (c = INT_CMP (a->id_len, b->id_len)) != 0)
        return c;
      return INT_CMP (a->rowid, b->rowid);
    }
  if (index != 6)
    {
      CMP_INT (step);
      CMP_INT (rank);
    }
  switch (index)
    {
    case 0: CMP_TEXT (data_source); CMP_TEXT (up_node); CMP_INT (node_order); break;
    case 1: CMP_TEXT (data_source); CMP_TEXT (node_name); break;
    case 2: CMP_TEXT (data_source); CMP_INT (node_order); break;
    case 3: CMP_INT (node_order); break;
    case 4: CMP_INT (micro_step); CMP_INT (node_order); break;
    case 5:
      c = memcmp (a->link, b->link, MIN (a->link_len, b->link_len));
      if (c != 0 || (c = INT_CMP (a->link_len, b->link_len)) != 0)
        return c;
      break;
    default: CMP_INT (distributed); break;
    }
  return INT_CMP (a->rowid, b->rowid);
}

/* A row of a text index: the 8 bytes of its text being looked at, the text, and what orders
 * equal texts. */
typedef struct
{
  guint64            word;
  const guchar      *text;
  gsize              len;
  gint64             tail;   /* node_order for index1, else 0 */
  gint64             rowid;
  MsvisDb26IndexRow *row;
} Item;

/* The columns before the text: equal for a whole group. */
static int
compare_heads (const MsvisDb26IndexRow *a,
               const MsvisDb26IndexRow *b,
               guint                    index)
{
  int c;

  if (index == MSVIS_DB26_ID_INDEX)
    return 0;
  CMP_INT (step);
  CMP_INT (rank);
  return index == 5 ? 0 : strcmp (a->data_source, b->data_source);
}

/* Bytes @depth to @depth + 8 of the text, zero-padded, the first the most significant: texts
 * hold no NUL (names are C strings, links JSON), so words order as the texts' bytes and
 * lengths do, and equal words that reach a text's end mean equal texts. */
static void
load_word (Item  *item,
           gsize  depth)
{
  guchar bytes[8] = { 0 };

  if (depth < item->len)
    memcpy (bytes, item->text + depth, MIN (8, item->len - depth));
  item->word = GUINT64_FROM_BE (*(guint64 *)(gpointer)bytes);
}

static int
compare_items (const Item *a,
               const Item *b,
               gsize       depth)
{
  gsize la = a->len - MIN (depth, a->len), lb = b->len - MIN (depth, b->len);
  int c = memcmp (a->text + MIN (depth, a->len), b->text + MIN (depth, b->len), MIN (la, lb));

  if (c != 0 || (c = INT_CMP (la, lb)) != 0 || (c = INT_CMP (a->tail, b->tail)) != 0)
    return c;
  return INT_CMP (a->rowid, b->rowid);
}

static int
compare_items_qsort (gconstpointer a,
                     gconstpointer b,
                     gpointer      depth)
{
  return compare_items (a, b, GPOINTER_TO_SIZE (depth));
}

static inline void
swap (Item *a,
      Item *b)
{
  Item t = *a;

  *a = *b;
  *b = t;
}

static guint64
median3 (guint64 a,
         guint64 b,
         guint64 c)
{
  return a < b ? (b < c ? b : MAX (a, c)) : (a < c ? a : MAX (b, c));
}

/* Sorts @items, equal in their first @depth bytes, their words loaded at @depth. The words
 * are compared where they lie, so a level of a long common prefix costs one read of each
 * text per 8 bytes, not one cache miss per byte and item. A run of recursion far deeper than
 * a quicksort's (chosen badly on purpose) ends in an ordinary sort. */
static void
sort_items (Item  *items,
            gsize  n,
            gsize  depth,
            guint  budget)
{
  while (n > 1)
    {
      gsize lt = 0, i = 0, gt = n;
      guint64 pivot;

      if (n < 16 || budget == 0)
        {
          g_qsort_with_data (items, (gint)n, sizeof (Item), compare_items_qsort,
                             GSIZE_TO_POINTER (depth));
          return;
        }
      budget--;
      pivot = median3 (items[0].word, items[n / 2].word, items[n - 1].word);
      /* Dijkstra's three ways: [0, lt) below, [lt, i) equal, [gt, n) above. */
      while (i < gt)
        {
          if (items[i].word < pivot)
            swap (&items[lt++], &items[i++]);
          else if (items[i].word > pivot)
            swap (&items[i], &items[--gt]);
          else
            i++;
        }
      sort_items (items, lt, depth, budget);
      sort_items (items + gt, n - gt, depth, budget);
      items += lt;
      n = gt - lt;
      if (items[0].len <= depth + 8)
        {
          /* The same text: the tail and the rowid decide. */
          g_qsort_with_data (items, (gint)n, sizeof (Item), compare_items_qsort,
                             GSIZE_TO_POINTER (depth));
          return;
        }
      depth += 8;
      for (gsize k = 0; k < n; k++)
        {
          /* the texts lie anywhere: a few asked for ahead come in together */
          if (k + 8 < n)
            __builtin_prefetch (items[k + 8].text + depth);
          load_word (&items[k], depth);
        }
    }
}

static void
fill_item (Item              *item,
           MsvisDb26IndexRow *row,
           guint              index)
{
  switch (index)
    {
    case 0: item->text = (const guchar *)row->up_node; item->len = row->up_node_len; break;
    case 1: item->text = (const guchar *)row->node_name; item->len = row->node_name_len; break;
    case 5: item->text = (const guchar *)row->link; item->len = row->link_len; break;
    default: item->text = (const guchar *)row->id; item->len = row->id_len; break;
    }
  item->tail = index == 0 ? row->node_order : 0;
  item->rowid = row->rowid;
  item->row = row;
  load_word (item, 0);
}

/* A run of rows with equal heads, as they went in. */
typedef struct
{
  guint first;
  guint n;
} Run;

static int
compare_runs (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const Run *ra = a, *rb = b;
  MsvisDb26IndexRow **rows = ((gpointer *)data)[0];
  guint index = GPOINTER_TO_UINT (((gpointer *)data)[1]);
  int c = compare_heads (rows[ra->first], rows[rb->first], index);

  return c != 0 ? c : INT_CMP (ra->first, rb->first);
}

/* index1 (up_node), index2 (node_name), index6 (matched_node_link) and the id's. */
static void
sort_by_text (MsvisDb26IndexRow **rows,
              guint               n,
              guint               index)
{
  g_autoptr(GArray) runs = g_array_new (FALSE, FALSE, sizeof (Run));
  g_autofree Item *items = g_new (Item, n);
  gpointer data[2] = { rows, GUINT_TO_POINTER (index) };
  guint k = 0;

  for (guint i = 0; i < n; i++)
    if (i == 0 || compare_heads (rows[i - 1], rows[i], index) != 0)
      g_array_append_val (runs, ((Run) { i, 1 }));
    else
      g_array_index (runs, Run, runs->len - 1).n++;
  g_qsort_with_data (runs->data, (gint)runs->len, sizeof (Run), compare_runs, data);

  for (guint r = 0; r < runs->len;)
    {
      guint group = k;

      /* the runs of one head, then their rows sorted as one */
      do
        {
          const Run *run = &g_array_index (runs, Run, r);

          for (guint i = 0; i < run->n; i++)
            fill_item (&items[k++], rows[run->first + i], index);
          r++;
        }
      while (r < runs->len &&
             compare_heads (rows[g_array_index (runs, Run, r - 1).first],
                            rows[g_array_index (runs, Run, r).first], index) == 0);
      sort_items (items + group, k - group, 0, 2 * g_bit_storage (k - group) + 64);
    }
  for (guint i = 0; i < n; i++)
    rows[i] = items[i].row;
}

/**
 * _msvis_db26_index_sort:
 * @rows: (array length=n): the rows, in the order they went in
 * @index: 0 for index1 … 6 for index7, or MSVIS_DB26_ID_INDEX
 *
 * Sorts @rows as SQLite orders index @index's records.
 */
void
_msvis_db26_index_sort (MsvisDb26IndexRow **rows,
                        guint               n,
                        guint               index)
{
  if (index == 0 || index == 1 || index == 5 || index == MSVIS_DB26_ID_INDEX)
    sort_by_text (rows, n, index);
  else
    g_qsort_with_data (rows, (gint)n, sizeof (gpointer), compare_rows, GUINT_TO_POINTER (index));
}

/**
 * _msvis_db26_index_compare:
 *
 * Returns: the order of two rows in index @index (for tests)
 */
int
_msvis_db26_index_compare (const MsvisDb26IndexRow *a,
                           const MsvisDb26IndexRow *b,
                           guint                    index)
{
  return compare_rows (&a, &b, GUINT_TO_POINTER (index));
}

/* A row of index1 made from index2's order: its parent's place among its group's names. */
typedef struct
{
  guint32            parent_rank;   /* 0: no parent (up_node ""), else 1 + the parent's rank */
  gint64             node_order;
  gint64             rowid;
  MsvisDb26IndexRow *row;
} ParentKey;

static int
compare_parent_keys (gconstpointer pa,
                     gconstpointer pb)
{
  const ParentKey *a = pa, *b = pb;
  int c;

  if ((c = INT_CMP (a->parent_rank, b->parent_rank)) != 0 ||
      (c = INT_CMP (a->node_order, b->node_order)) != 0)
    return c;
  return INT_CMP (a->rowid, b->rowid);
}

static gboolean
same_name (const MsvisDb26IndexRow *a,
           const MsvisDb26IndexRow *b)
{
  return a->node_name_len == b->node_name_len &&
         memcmp (a->node_name, b->node_name, a->node_name_len) == 0;
}

/* index1 is (step, rank, data_source, up_node, node_order): a row's up_node is its parent's
 * node_name in the same group, so index2's order of names ranks the parents, and the rows
 * sort on numbers. FALSE if a row's parent is not known. */
static gboolean
derive_by_parent (MsvisDb26IndexRow *const *by_name,
                  guint                     n,
                  MsvisDb26IndexRow        *base,
                  MsvisDb26IndexRow       **out)
{
  g_autofree guint32 *rank = g_new (guint32, MAX (n, 1));
  g_autofree ParentKey *keys = g_new (ParentKey, MAX (n, 1));
  guint start = 0;

  for (guint i = 0; i < n; i++)
    {
      gboolean new_group = i == 0 || compare_heads (by_name[i - 1], by_name[i], 1) != 0;

      if (new_group)
        start = i;
      /* equal names (never in one graph) would be one up_node: one rank */
      rank[by_name[i] - base] = !new_group && same_name (by_name[i - 1], by_name[i])
        ? rank[by_name[i - 1] - base] : i - start;
    }
  for (guint i = 0; i < n; i++)
    {
      MsvisDb26IndexRow *row = by_name[i];

      const MsvisDb26IndexRow *parent = row->parent < n ? &base[row->parent] : NULL;

      if (row->up_node_len > 0 &&
          (parent == NULL || compare_heads (parent, row, 1) != 0 ||
           parent->node_name_len != row->up_node_len ||
           memcmp (parent->node_name, row->up_node, row->up_node_len) != 0))
        return FALSE;
      keys[i] = (ParentKey) { row->up_node_len > 0 ? rank[row->parent] + 1 : 0, row->node_order,
                              row->rowid, row };
    }
  for (guint i = 0; i < n; i = start)
    {
      for (start = i + 1; start < n && compare_heads (by_name[i], by_name[start], 1) == 0; start++)
        ;
      qsort (keys + i, start - i, sizeof (ParentKey), compare_parent_keys);
    }
  for (guint i = 0; i < n; i++)
    out[i] = keys[i].row;
  return TRUE;
}

/* A group of rows of index2's order whose ids are one prefix and their names. */
typedef struct
{
  guint       first;
  guint       n;
  const char *prefix;
  gsize       prefix_len;
} IdGroup;

static int
compare_id_groups (gconstpointer pa,
                   gconstpointer pb)
{
  const IdGroup *a = pa, *b = pb;
  int c = memcmp (a->prefix, b->prefix, MIN (a->prefix_len, b->prefix_len));

  return c != 0 ? c : INT_CMP (a->prefix_len, b->prefix_len);
}

/* Whether @row's id is @prefix and its name: _msvis_db26_indexes_add() kept the name as the
 * id's end when it was. */
static gboolean
id_is_prefix_and_name (const MsvisDb26IndexRow *row,
                       const char              *prefix,
                       gsize                    prefix_len)
{
  return row->id_len == prefix_len + row->node_name_len &&
         row->node_name == row->id + prefix_len && memcmp (row->id, prefix, prefix_len) == 0;
}

/* The id index: an id is "<graph_id>_<node_name>", so a group's ids are in index2's order, and
 * whole groups follow their prefixes' order. FALSE if some id is not so, or a prefix starts
 * another (the groups' ids could interleave). */
static gboolean
derive_by_id (MsvisDb26IndexRow *const *by_name,
              guint                     n,
              MsvisDb26IndexRow       **out)
{
  g_autoptr(GArray) groups = g_array_new (FALSE, FALSE, sizeof (IdGroup));
  guint k = 0;

  for (guint i = 0; i < n; i++)
    {
      const MsvisDb26IndexRow *row = by_name[i];
      IdGroup *group = groups->len > 0 ? &g_array_index (groups, IdGroup, groups->len - 1) : NULL;

      if (group == NULL || compare_heads (by_name[i - 1], row, 1) != 0)
        {
          if (row->id_len < row->node_name_len)
            return FALSE;
          g_array_append_val (groups, ((IdGroup) { i, 0, row->id,
                                                   row->id_len - row->node_name_len }));
          group = &g_array_index (groups, IdGroup, groups->len - 1);
        }
      if (!id_is_prefix_and_name (row, group->prefix, group->prefix_len))
        return FALSE;
      group->n++;
    }
  g_array_sort (groups, compare_id_groups);
  for (guint g = 0; g < groups->len; g++)
    {
      const IdGroup *group = &g_array_index (groups, IdGroup, g);
      const IdGroup *next = g + 1 < groups->len ? group + 1 : NULL;

      if (next != NULL && next->prefix_len >= group->prefix_len &&
          memcmp (next->prefix, group->prefix, group->prefix_len) == 0)
        return FALSE;
      memcpy (out + k, by_name + group->first, sizeof (gpointer) * group->n);
      k += group->n;
    }
  return TRUE;
}

/**
 * _msvis_db26_index_derive:
 * @by_name: (array length=n): the rows in index2's order
 * @base: the first row added (rows are told apart by their place from it)
 * @index: 0 (index1) or MSVIS_DB26_ID_INDEX
 * @out: (array length=n): gets the rows in @index's order
 *
 * Orders index1 or the id's index from index2's order without comparing texts again.
 *
 * Returns: %FALSE if the rows are not as graph_visualize writes them; then sort them
 */
gboolean
_msvis_db26_index_derive (MsvisDb26IndexRow *const *by_name,
                          guint                     n,
                          MsvisDb26IndexRow        *base,
                          guint                     index,
                          MsvisDb26IndexRow       **out)
{
  return index == 0 ? derive_by_parent (by_name, n, base, out) : derive_by_id (by_name, n, out);
}
