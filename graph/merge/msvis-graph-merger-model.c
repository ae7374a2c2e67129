// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-merger-private.h"

/* The merge's object model: rank graphs loaded as MergeNodes, node_map as an ordered dict
 * that can lose and regain keys, data dicts that can be shared, and statistics that change
 * in place. */

typedef struct
{
  MsvisField *fields;
  guint32     n_fields;
} ParamOverride;

const char *
merge_strdup (Merger     *m,
              const char *text)
{
  return g_string_chunk_insert (m->strings, text);
}

const char *
merge_printf (Merger     *m,
              const char *format,
              ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  return g_string_chunk_insert (m->strings, text);
}

/**
 * merge_replace_all:
 *
 * Python's str.replace(): every occurrence of @old, left to right, without overlaps.
 *
 * Returns: @text itself when @old is not in it, else a new string of the merger's
 */
const char *
merge_replace_all (Merger     *m,
                   const char *text,
                   const char *old,
                   const char *new_text)
{
  const char *hit = strstr (text, old);
  gsize old_len = strlen (old);
  GString *out;
  const char *result;

  if (hit == NULL || old_len == 0)
    return text;

  out = g_string_new (NULL);
  while (hit != NULL)
    {
      g_string_append_len (out, text, hit - text);
      g_string_append (out, new_text);
      text = hit + old_len;
      hit = strstr (text, old);
    }
  g_string_append (out, text);
  result = g_string_chunk_insert_len (m->strings, out->str, out->len);
  g_string_free (out, TRUE);
  return result;
}

void
merge_list_append (Merger    *m,
                   MergeList *list,
                   gpointer   item)
{
  if (list->n == list->cap)
    {
      guint32 cap = MAX (4, list->cap * 2);
      gpointer *v = msvis_arena_alloc (m->arena, cap * sizeof (gpointer));

      if (list->n > 0)
        memcpy (v, list->v, list->n * sizeof (gpointer));
      list->v = v;
      list->cap = cap;
    }
  list->v[list->n++] = item;
}

/* node.subnodes = [...]: a new list object; a loop over the old one goes on over the old one. */
void
merge_node_set_sub (Merger         *m,
                    MergeNode      *node,
                    gpointer const *items,
                    guint           n)
{
  MergeList *list = msvis_arena_alloc (m->arena, sizeof (MergeList));

  list->v = msvis_arena_alloc (m->arena, MAX (n, 1) * sizeof (gpointer));
  if (n > 0)
    memcpy (list->v, items, n * sizeof (gpointer));
  list->n = list->cap = n;
  node->sub = list;
}

void
merge_node_add_info (Merger     *m,
                     MergeNode  *node,
                     const char *text)
{
  merge_list_append (m, &node->info, (gpointer)merge_strdup (m, text));
}

/* get_ancestors() of both are equal: the same ids up to the root. */
gboolean
merge_node_same_ancestors (const MergeNode *a,
                           const MergeNode *b)
{
  for (a = a->up, b = b->up; a != NULL && b != NULL; a = a->up, b = b->up)
    if (a != b && strcmp (a->id, b->id) != 0)
      return FALSE;
  return a == NULL && b == NULL;
}

/* node_map */

MergeNode *
merge_map_get (MergeGraph *g,
               const char *key)
{
  guint slot = GPOINTER_TO_UINT (g_hash_table_lookup (g->index, key));

  return slot == 0 ? NULL : g_array_index (g->slots, MergeSlot, slot - 1).node;
}

/* node_map[key] = node: a key that is there keeps its place. */
void
merge_map_set (MergeGraph *g,
               const char *key,
               MergeNode  *node)
{
  guint slot = GPOINTER_TO_UINT (g_hash_table_lookup (g->index, key));
  MergeSlot fresh = { key, node };

  if (slot != 0)
    {
      g_array_index (g->slots, MergeSlot, slot - 1).node = node;
      return;
    }
  g_array_append_val (g->slots, fresh);
  g_hash_table_insert (g->index, (char *)key, GUINT_TO_POINTER (g->slots->len));
}

gboolean
merge_map_del (MergeGraph *g,
               const char *key)
{
  guint slot = GPOINTER_TO_UINT (g_hash_table_lookup (g->index, key));

  if (slot == 0)
    return FALSE;
  g_array_index (g->slots, MergeSlot, slot - 1).node = NULL;
  g_hash_table_remove (g->index, key);
  return TRUE;
}

/**
 * merge_graph_add_node:
 * @accumulate: id_accumulation: @id gets ".0", ".1", … counted per graph
 *
 * Graph.add_node without an upnode: the node is in node_map, in no one's subnodes.
 */
MergeNode *
merge_graph_add_node (Merger        *m,
                      MergeGraph    *g,
                      MsvisNodeType  type,
                      const char    *id,
                      gboolean       accumulate)
{
  MergeNode *node;
  gpointer count;

  if (accumulate)
    {
      g_autofree char *full = NULL;
      guint n = 0;

      if (g_hash_table_lookup_extended (g->id_counters, id, NULL, &count))
        n = GPOINTER_TO_UINT (count) + 1;
      g_hash_table_insert (g->id_counters, (char *)merge_strdup (m, id), GUINT_TO_POINTER (n));
      full = g_strdup_printf ("%s.%u", id, n);
      id = merge_strdup (m, full);
    }
  else if ((node = merge_map_get (g, id)) != NULL)
    return node;
  else
    id = merge_strdup (m, id);

  node = msvis_arena_alloc (m->arena, sizeof (MergeNode));
  memset (node, 0, sizeof *node);
  node->id = id;
  node->type = type;
  node->origin = g;
  node->source = MSVIS_NODE_ID_NONE;
  node->own_in = node->own_out = (MergeData) { g, 0, 0, NULL };
  node->in = &node->own_in;
  node->out = &node->own_out;
  node->sub = &node->own_sub;
  merge_map_set (g, id, node);
  return node;
}

/**
 * merge_graph_load:
 *
 * One MergeNode per row of @graph, in node_map order; every node gets the graph's rank
 * (_add_all_nodes_rank). @graph must outlive the merge: the nodes point into it.
 */
MergeGraph *
merge_graph_load (Merger     *m,
                  MsvisGraph *graph,
                  gint        rank)
{
  static const char *stats[N_STATS] = { "Max", "Min", "Mean", "Norm" };
  MergeGraph *g = g_new0 (MergeGraph, 1);
  guint n = msvis_graph_get_n_nodes (graph);
  guint32 n_items = 0;

  g->graph = g_object_ref (graph);
  g->rank = rank;
  g->nodes = g_new0 (MergeNode, n);
  g->index = g_hash_table_new (msvis_str_hash, g_str_equal);
  g->slots = g_array_sized_new (FALSE, FALSE, sizeof (MergeSlot), n);
  g->id_counters = g_hash_table_new (g_str_hash, g_str_equal);
  g->overrides = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < N_STATS; i++)
    g->stat_atoms[i] = msvis_graph_atom (graph, stats[i]);
  g->atom_dtype = msvis_graph_atom (graph, "dtype");
  g->atom_value = msvis_graph_atom (graph, "value");
  g->atom_data_name = msvis_graph_atom (graph, "data_name");
  g->atom_group_ranks = msvis_graph_atom (graph, "group_ranks");

  for (MsvisNodeId i = 0; i < n; i++)
    {
      MergeNode *node = &g->nodes[i];
      MsvisNodeId parent = msvis_graph_node_get_parent (graph, i);
      guint n_children = msvis_graph_node_get_n_children (graph, i);
      guint32 first, count;

      node->id = msvis_graph_node_get_id (graph, i);
      node->type = msvis_graph_node_get_node_type (graph, i);
      node->up = parent == MSVIS_NODE_ID_NONE ? NULL : &g->nodes[parent];
      node->origin = g;
      node->source = i;
      node->sub = &node->own_sub;
      if (n_children > 0)
        {
          node->sub->v = msvis_arena_alloc (m->arena, n_children * sizeof (gpointer));
          node->sub->cap = n_children;
          for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, i);
               c != MSVIS_NODE_ID_NONE; c = msvis_graph_node_get_next_sibling (graph, c))
            node->sub->v[node->sub->n++] = &g->nodes[c];
        }
      first = msvis_graph_node_get_inputs (graph, i, &count);
      node->own_in = (MergeData) { g, first, count, NULL };
      n_items = MAX (n_items, first + count);
      first = msvis_graph_node_get_outputs (graph, i, &count);
      node->own_out = (MergeData) { g, first, count, NULL };
      n_items = MAX (n_items, first + count);
      node->in = &node->own_in;
      node->out = &node->own_out;
      merge_map_set (g, node->id, node);
    }
  g->root = &g->nodes[msvis_graph_get_root (graph)];
  g->full_op_names = g_new0 (const char *, MAX (n_items, 1));
  return g;
}

void
merge_graph_free (MergeGraph *g)
{
  if (g == NULL)
    return;
  g_hash_table_unref (g->index);
  g_array_unref (g->slots);
  g_hash_table_unref (g->id_counters);
  g_hash_table_unref (g->overrides);
  g_free (g->full_op_names);
  g_free (g->nodes);
  g_object_unref (g->graph);
  g_free (g);
}

/* Data dicts */

guint
merge_data_len (const MergeData *d)
{
  return d->n;
}

const char *
merge_data_key (const MergeData *d,
                guint            i)
{
  return d->entries ? d->entries[i].key : msvis_graph_get_item (d->owner->graph, d->first + i)->key;
}

MergeParam
merge_data_param (const MergeData *d,
                  guint            i)
{
  return d->entries ? d->entries[i].param : (MergeParam) { d->owner, d->first + i };
}

/* dict.get(key): @hint is where to look first (the same place in a dict of the same shape). */
gboolean
merge_data_lookup (const MergeData *d,
                   const char      *key,
                   guint            hint,
                   MergeParam      *param)
{
  if (hint < d->n && strcmp (merge_data_key (d, hint), key) == 0)
    {
      *param = merge_data_param (d, hint);
      return TRUE;
    }
  for (guint i = 0; i < d->n; i++)
    if (strcmp (merge_data_key (d, i), key) == 0)
      {
        *param = merge_data_param (d, i);
        return TRUE;
      }
  return FALSE;
}

/**
 * merge_data_rename:
 *
 * _update_node_data_key: a new dict whose keys have @old_id replaced by @new_id, holding the
 * same statistics dicts; their full_op_name is renamed in place. Keys that become equal
 * collapse as dict keys do: the first place, the last value.
 */
MergeData *
merge_data_rename (Merger          *m,
                   const MergeData *d,
                   const char      *old_id,
                   const char      *new_id)
{
  MergeData *renamed = msvis_arena_alloc (m->arena, sizeof (MergeData));
  g_autoptr(GHashTable) seen = d->n > 16 ? g_hash_table_new (g_str_hash, g_str_equal) : NULL;

  *renamed = (MergeData) { d->owner, 0, 0, NULL };
  renamed->entries = msvis_arena_alloc (m->arena, MAX (d->n, 1) * sizeof (MergeEntry));
  for (guint i = 0; i < d->n; i++)
    {
      MergeEntry entry = { merge_replace_all (m, merge_data_key (d, i), old_id, new_id),
                           merge_data_param (d, i) };
      guint at = G_MAXUINT;
      const char *full = merge_param_full_op_name (m, entry.param);
      const char *renamed_full = merge_replace_all (m, full, old_id, new_id);

      /* Only a real change is kept: most renames leave full_op_name alone. */
      if (renamed_full != full)
        merge_param_set_full_op_name (m, entry.param, renamed_full);

      if (seen != NULL)
        at = GPOINTER_TO_UINT (g_hash_table_lookup (seen, entry.key)) - 1;
      else
        for (guint j = 0; j < renamed->n && at == G_MAXUINT; j++)
          if (strcmp (renamed->entries[j].key, entry.key) == 0)
            at = j;
      if (at != G_MAXUINT)
        {
          renamed->entries[at].param = entry.param;
          continue;
        }
      if (seen != NULL)
        g_hash_table_insert (seen, (char *)entry.key, GUINT_TO_POINTER (renamed->n + 1));
      renamed->entries[renamed->n++] = entry;
    }
  return renamed;
}

/* Statistics dicts */

static ParamOverride *
override_of (MergeParam p)
{
  return g_hash_table_lookup (p.owner->overrides, GUINT_TO_POINTER (p.item + 1));
}

static ParamOverride *
override_ensure (Merger     *m,
                 MergeParam  p)
{
  ParamOverride *o = override_of (p);
  const MsvisItem *item;

  if (o != NULL)
    return o;
  item = msvis_graph_get_item (p.owner->graph, p.item);
  o = msvis_arena_alloc (m->arena, sizeof (ParamOverride));
  o->n_fields = item->n_fields;
  o->fields = msvis_arena_alloc (m->arena, MAX (item->n_fields, 1) * sizeof (MsvisField));
  memcpy (o->fields, msvis_graph_get_fields (p.owner->graph, item),
          item->n_fields * sizeof (MsvisField));
  g_hash_table_insert (p.owner->overrides, GUINT_TO_POINTER (p.item + 1), o);
  return o;
}

/* The dict's fields as they are now. */
const MsvisField *
merge_param_fields (MergeParam  p,
                    guint      *n_fields)
{
  ParamOverride *o = override_of (p);
  const MsvisItem *item;

  if (o != NULL)
    {
      *n_fields = o->n_fields;
      return o->fields;
    }
  item = msvis_graph_get_item (p.owner->graph, p.item);
  *n_fields = item->n_fields;
  return msvis_graph_get_fields (p.owner->graph, item);
}

const MsvisField *
merge_param_field (MergeParam p,
                   guint32    atom)
{
  guint n;
  const MsvisField *fields = merge_param_fields (p, &n);

  for (guint i = 0; i < n; i++)
    if (fields[i].name == atom)
      return &fields[i];
  return NULL;
}

const MsvisField *
merge_param_stat (MergeParam p,
                  MergeStat  stat)
{
  return merge_param_field (p, p.owner->stat_atoms[stat]);
}

const char *
merge_param_dtype (MergeParam p)
{
  const MsvisField *f = merge_param_field (p, p.owner->atom_dtype);

  return f != NULL && f->kind == MSVIS_VALUE_STR ? f->s : NULL;
}

/* param[stat] = value: every node holding this dict sees it. */
void
merge_param_set_stat (Merger           *m,
                      MergeParam        p,
                      MergeStat         stat,
                      const MsvisField *value)
{
  ParamOverride *o = override_ensure (m, p);
  guint32 atom = p.owner->stat_atoms[stat];
  MsvisField set = *value;

  set.name = atom;
  for (guint i = 0; i < o->n_fields; i++)
    if (o->fields[i].name == atom)
      {
        o->fields[i] = set;
        return;
      }

  /* A key the dict did not have goes last. */
  {
    MsvisField *grown = msvis_arena_alloc (m->arena, (o->n_fields + 1) * sizeof (MsvisField));

    memcpy (grown, o->fields, o->n_fields * sizeof (MsvisField));
    grown[o->n_fields++] = set;
    o->fields = grown;
  }
}

/**
 * merge_param_full_op_name:
 *
 * The full_op_name msprobe's parser gave the item: data_name without its extension, or the
 * item's own name when there is no data_name; then whatever renames made of it.
 */
const char *
merge_param_full_op_name (Merger     *m,
                          MergeParam  p)
{
  const char *renamed = p.owner->full_op_names[p.item];
  const MsvisField *data_name;

  if (renamed != NULL)
    return renamed;
  data_name = merge_param_field (p, p.owner->atom_data_name);
  if (data_name != NULL && data_name->kind == MSVIS_VALUE_STR &&
      strcmp (data_name->s, "-1") != 0)
    {
      const char *dot = strrchr (data_name->s, '.');

      return dot == NULL ? data_name->s
                         : g_string_chunk_insert_len (m->strings, data_name->s, dot - data_name->s);
    }
  return msvis_graph_get_item (p.owner->graph, p.item)->key;
}

void
merge_param_set_full_op_name (Merger     *m,
                              MergeParam  p,
                              const char *name)
{
  p.owner->full_op_names[p.item] = name;
}
