// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-merger-private.h"

/* A merged MergeGraph made into an MsvisGraph that writes what msprobe's to_dict() writes:
 * node_map in order, then the nodes that only hang in the tree (upnodes and subnodes that
 * left node_map), which are there to be named and walked but are not written. */

typedef struct
{
  MergeNode   *node;
  const char  *key;
  MsvisNodeId  dst;
  gboolean     primary;   /* the node's first place: the tree points here */
} Placed;

/* Translations of a rank graph's atoms and stacks into the new graph's. */
typedef struct
{
  GArray *atoms;    /* guint32, G_MAXUINT32 where not yet known */
  GArray *stacks;   /* guint32, idem */
} SourceMap;

typedef struct
{
  MergeGraph *g;
  MsvisGraph *out;
  GArray     *placed;    /* Placed */
  GHashTable *dst_of;    /* MergeNode * -> dst + 1 */
  GHashTable *sources;   /* MsvisGraph * -> SourceMap * */
  GHashTable *renamed;   /* item + 1 -> full_op_name, where a rename changed it */
} Emit;

/* The .vis never shows full_op_name, but the --file_type json export looks items up by it,
 * and a rename made through a dict two nodes share changes it for both. */
#define FULL_OP_NAMES "msvis-merge-full-op-names"

static void
source_map_free (gpointer data)
{
  SourceMap *map = data;

  g_array_unref (map->atoms);
  g_array_unref (map->stacks);
  g_free (map);
}

static SourceMap *
source_map (Emit       *e,
            MsvisGraph *source)
{
  SourceMap *map = g_hash_table_lookup (e->sources, source);

  if (map == NULL)
    {
      map = g_new (SourceMap, 1);
      map->atoms = g_array_new (FALSE, FALSE, sizeof (guint32));
      map->stacks = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_hash_table_insert (e->sources, source, map);
    }
  return map;
}

static guint32
translate (GArray  *table,
           guint32  index,
           guint32 *known)
{
  if (index >= table->len)
    {
      guint old = table->len;

      g_array_set_size (table, index + 1);
      for (guint i = old; i <= index; i++)
        g_array_index (table, guint32, i) = G_MAXUINT32;
    }
  *known = g_array_index (table, guint32, index);
  return index;
}

static guint32
dst_atom (Emit       *e,
          MsvisGraph *source,
          guint32     atom)
{
  SourceMap *map = source_map (e, source);
  guint32 known;

  translate (map->atoms, atom, &known);
  if (known == G_MAXUINT32)
    {
      known = msvis_graph_atom (e->out, msvis_graph_atom_name (source, atom));
      g_array_index (map->atoms, guint32, atom) = known;
    }
  return known;
}

static guint32
dst_stack (Emit       *e,
           MsvisGraph *source,
           guint32     stack)
{
  SourceMap *map = source_map (e, source);
  guint32 known;

  if (stack == 0)
    return 0;
  translate (map->stacks, stack, &known);
  if (known == G_MAXUINT32)
    {
      guint n_lines;
      const char *const *lines = msvis_graph_get_stack (source, stack, &n_lines);

      known = msvis_graph_intern_stack (e->out, lines, n_lines);
      g_array_index (map->stacks, guint32, stack) = known;
    }
  return known;
}

/* One statistics dict as it is now, its strings made the new graph's. */
static guint32
copy_param (Emit       *e,
            const char *key,
            MergeParam  p,
            GArray     *scratch)
{
  MsvisGraph *source = p.owner->graph;
  guint n;
  const MsvisField *fields = merge_param_fields (p, &n);
  guint32 first, item;

  g_array_set_size (scratch, 0);
  g_array_append_vals (scratch, fields, n);
  for (guint i = 0; i < scratch->len; i++)
    {
      MsvisField *f = &g_array_index (scratch, MsvisField, i);

      f->name = dst_atom (e, source, f->name);
      if (f->kind == MSVIS_VALUE_STR || f->kind == MSVIS_VALUE_OBJECT)
        f->s = msvis_graph_intern (e->out, f->s);
    }
  first = msvis_graph_add_fields (e->out, (MsvisField *)scratch->data, scratch->len);
  item = msvis_graph_add_item (e->out, msvis_graph_store (e->out, key, strlen (key)), first,
                               scratch->len);
  if (p.owner->full_op_names[p.item] != NULL)
    g_hash_table_insert (e->renamed, GUINT_TO_POINTER (item + 1),
                         (gpointer)msvis_graph_intern (e->out, p.owner->full_op_names[p.item]));
  return item;
}

/**
 * msvis_merge_item_full_op_name:
 * @item: an item of a graph msvis_graph_merge() made
 *
 * Returns: (nullable): the item's full_op_name when the merge renamed it, else %NULL (it is
 *   then the data_name's stem or the item's name, as the parser made it)
 */
const char *
msvis_merge_item_full_op_name (MsvisGraph *graph,
                               guint32     item)
{
  GHashTable *renamed = g_object_get_data (G_OBJECT (graph), FULL_OP_NAMES);

  return renamed ? g_hash_table_lookup (renamed, GUINT_TO_POINTER (item + 1)) : NULL;
}

/* The dict's items, one after the other: the index of the first. */
static guint32
copy_data (Emit            *e,
           const MergeData *d,
           GArray          *scratch)
{
  guint32 first = 0;

  for (guint i = 0; i < merge_data_len (d); i++)
    {
      guint32 item = copy_param (e, merge_data_key (d, i), merge_data_param (d, i), scratch);

      if (i == 0)
        first = item;
    }
  return first;
}

static void
copy_node (Emit         *e,
           const Placed *p,
           GArray       *scratch)
{
  MergeNode *node = p->node;
  MsvisGraph *source = node->origin->graph;
  guint32 first_in, first_out;

  msvis_graph_node_set_node_type (e->out, p->dst, node->type);
  first_in = copy_data (e, node->in, scratch);
  first_out = copy_data (e, node->out, scratch);
  msvis_graph_node_set_items (e->out, p->dst, first_in, merge_data_len (node->in), first_out,
                              merge_data_len (node->out));

  if (node->source != MSVIS_NODE_ID_NONE)
    {
      MsvisJsonValue *info = msvis_graph_node_get_merge_info (source, node->source);

      msvis_graph_node_set_stack (e->out, p->dst,
                                  dst_stack (e, source,
                                             msvis_graph_node_get_stack (source, node->source)));
      msvis_graph_node_set_micro_step (e->out, p->dst,
                                       msvis_graph_node_get_micro_step (source, node->source));
      msvis_graph_node_set_overflow (e->out, p->dst,
                                     msvis_graph_node_get_overflow (source, node->source));
      if (info != NULL || node->info.n > 0)
        {
          MsvisArena *arena = msvis_graph_get_arena (e->out);
          MsvisJsonValue *list = msvis_json_value_new (arena, MSVIS_JSON_ARRAY);

          if (info != NULL && info->kind == MSVIS_JSON_ARRAY)
            msvis_json_value_foreach (line, info)
              msvis_json_value_append (list, msvis_json_value_copy (arena, line));
          for (guint i = 0; i < node->info.n; i++)
            msvis_json_value_append (list, msvis_json_value_new_string (arena, node->info.v[i]));
          msvis_graph_node_set_merge_info (e->out, p->dst, list);
        }
    }
  else if (node->info.n > 0)
    {
      MsvisArena *arena = msvis_graph_get_arena (e->out);
      MsvisJsonValue *list = msvis_json_value_new (arena, MSVIS_JSON_ARRAY);

      for (guint i = 0; i < node->info.n; i++)
        msvis_json_value_append (list, msvis_json_value_new_string (arena, node->info.v[i]));
      msvis_graph_node_set_merge_info (e->out, p->dst, list);
    }
}

static void
place (Emit       *e,
       MergeNode  *node,
       const char *key)
{
  Placed p = { node, key, MSVIS_NODE_ID_NONE, FALSE };

  p.dst = msvis_graph_add_node (e->out, node->type, key);
  if (p.dst == MSVIS_NODE_ID_NONE)
    {
      /* A name taken by another node: the tree can only point at that one. */
      if (!g_hash_table_contains (e->dst_of, node))
        g_hash_table_insert (e->dst_of, node,
                             GUINT_TO_POINTER (msvis_graph_lookup (e->out, key) + 1));
      return;
    }
  p.primary = !g_hash_table_contains (e->dst_of, node);
  if (p.primary)
    g_hash_table_insert (e->dst_of, node, GUINT_TO_POINTER (p.dst + 1));
  g_array_append_val (e->placed, p);
}

static MsvisNodeId
dst_of (Emit      *e,
        MergeNode *node)
{
  return node ? GPOINTER_TO_UINT (g_hash_table_lookup (e->dst_of, node)) - 1 : MSVIS_NODE_ID_NONE;
}

/* Each node is in one chain of children: its upnode's if the upnode lists it, else the first
 * list that has it. A list that is not its owner's chain is kept as the written subnodes. */
static void
link_tree (Emit *e)
{
  g_autoptr(GHashTable) chained = g_hash_table_new (NULL, NULL);   /* dst + 1 -> owner */
  g_autoptr(GArray) chain = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autoptr(GArray) listed = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));

  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < e->placed->len; i++)
      {
        Placed *p = &g_array_index (e->placed, Placed, i);

        if (!p->primary)
          continue;
        for (guint j = 0; j < p->node->sub->n; j++)
          {
            MergeNode *c = p->node->sub->v[j];
            gpointer key = GUINT_TO_POINTER (dst_of (e, c) + 1);

            if ((pass == 1 || c->up == p->node) && !g_hash_table_contains (chained, key))
              g_hash_table_insert (chained, key, p->node);
          }
      }

  for (guint i = 0; i < e->placed->len; i++)
    {
      Placed *p = &g_array_index (e->placed, Placed, i);
      MergeNode *owner = p->primary ? p->node : NULL;

      g_array_set_size (chain, 0);
      g_array_set_size (listed, 0);
      for (guint j = 0; j < p->node->sub->n; j++)
        {
          MsvisNodeId id = dst_of (e, p->node->sub->v[j]);
          gpointer key = GUINT_TO_POINTER (id + 1);

          g_array_append_val (listed, id);
          if (owner != NULL && g_hash_table_lookup (chained, key) == owner)
            {
              g_hash_table_insert (chained, key, NULL);   /* twice in one list: chained once */
              g_array_append_val (chain, id);
            }
        }
      msvis_graph_node_set_children (e->out, p->dst, (MsvisNodeId *)chain->data, chain->len);
      if (chain->len != listed->len)
        msvis_graph_node_set_subnode_list (e->out, p->dst, (MsvisNodeId *)listed->data,
                                           listed->len);
    }
  for (guint i = 0; i < e->placed->len; i++)
    {
      Placed *p = &g_array_index (e->placed, Placed, i);

      msvis_graph_node_set_upnode (e->out, p->dst, dst_of (e, p->node->up));
    }
}

/**
 * merge_graph_emit:
 *
 * Returns: (transfer full): what msprobe would write for @g
 */
MsvisGraph *
merge_graph_emit (MergeGraph *g)
{
  Emit e = { g, msvis_graph_new () };
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (MsvisField));
  gboolean dir_null;
  const char *dir = msvis_graph_get_dump_data_dir (g->graph, &dir_null);
  Placed root = { g->root, g->root->id, msvis_graph_get_root (e.out), TRUE };
  guint n_listed;

  e.placed = g_array_new (FALSE, FALSE, sizeof (Placed));
  e.dst_of = g_hash_table_new (NULL, NULL);
  e.sources = g_hash_table_new_full (NULL, NULL, NULL, source_map_free);
  e.renamed = g_hash_table_new (NULL, NULL);

  msvis_graph_set_dump_data_dir (e.out, dir_null ? NULL : dir);
  msvis_graph_set_micro_steps (e.out, msvis_graph_get_micro_steps (g->graph));
  if (strcmp (g->root->id, msvis_graph_node_get_id (e.out, root.dst)) != 0)
    msvis_graph_set_root_id (e.out, g->root->id);
  g_array_append_val (e.placed, root);
  g_hash_table_insert (e.dst_of, g->root, GUINT_TO_POINTER (root.dst + 1));

  for (guint s = 0; s < g->slots->len; s++)
    {
      MergeSlot *slot = &g_array_index (g->slots, MergeSlot, s);

      if (slot->node != NULL && !(slot->node == g->root && strcmp (slot->key, g->root->id) == 0))
        place (&e, slot->node, slot->key);
    }
  n_listed = msvis_graph_get_n_nodes (e.out);

  /* What the written nodes name without it being in node_map, and what that names. */
  for (guint i = 0; i < e.placed->len; i++)
    {
      Placed p = g_array_index (e.placed, Placed, i);

      if (!p.primary)
        continue;
      if (p.node->up != NULL && !g_hash_table_contains (e.dst_of, p.node->up))
        place (&e, p.node->up, p.node->up->id);
      for (guint j = 0; j < p.node->sub->n; j++)
        if (!g_hash_table_contains (e.dst_of, p.node->sub->v[j]))
          place (&e, p.node->sub->v[j], ((MergeNode *)p.node->sub->v[j])->id);
    }

  for (guint i = 0; i < e.placed->len; i++)
    copy_node (&e, &g_array_index (e.placed, Placed, i), scratch);
  link_tree (&e);
  msvis_graph_set_n_listed (e.out, n_listed);

  g_array_unref (e.placed);
  g_hash_table_unref (e.dst_of);
  g_hash_table_unref (e.sources);
  g_object_set_data_full (G_OBJECT (e.out), FULL_OP_NAMES, e.renamed,
                          (GDestroyNotify)g_hash_table_unref);
  return e.out;
}
