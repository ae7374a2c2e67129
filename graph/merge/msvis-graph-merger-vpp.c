// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-graph-merger-private.h"

/* VPPMerger: with virtual pipeline stages every rank runs vpp model chunks, "Module.<chunk>.…".
 * They are folded into chunk 0: its data comes from the last chunk, the other chunks' layers
 * move into it and are renumbered. */

/* The second dot-separated part, or NULL when there is none. */
static gboolean
second_part (const char  *id,
             const char **start,
             gsize       *len)
{
  const char *dot = strchr (id, '.'), *end;

  if (dot == NULL)
    return FALSE;
  end = strchr (dot + 1, '.');
  *start = dot + 1;
  *len = end ? (gsize)(end - dot - 1) : strlen (dot + 1);
  return TRUE;
}

static gboolean
second_part_is (const char *id,
                const char *text)
{
  const char *start;
  gsize len;

  return second_part (id, &start, &len) && len == strlen (text) &&
         strncmp (start, text, len) == 0;
}

/* _replace_vpp_id: the chunk number, the second part when it is all digits, set to @chunk. */
static const char *
replace_vpp_id (Merger     *m,
                const char *id,
                gint        chunk)
{
  const char *start;
  gsize len;

  if (!second_part (id, &start, &len) || len == 0 || strspn (start, "0123456789") < len)
    return id;
  return merge_printf (m, "%.*s%d%s", (int)(start - id), id, chunk, start + len);
}

/* FORWARD_PATTERN, \.forward\.\d+$ */
static gboolean
is_forward (const char *id)
{
  gsize len = strlen (id), i = len;

  while (i > 0 && g_ascii_isdigit (id[i - 1]))
    i--;
  return i < len && i >= 9 && strncmp (id + i - 9, ".forward.", 9) == 0;
}

/* The root's modules in chunk 0 (and, for _merge_vpp_data, the last chunk), as a stack that
 * pops them in order. */
static GPtrArray *
chunk_roots (Merger     *m,
             MergeGraph *g,
             gboolean    with_last)
{
  g_autofree char *last = g_strdup_printf ("%d", m->params->vpp - 1);
  GPtrArray *stack = g_ptr_array_new ();

  for (guint i = g->root->sub->n; i > 0; i--)
    {
      MergeNode *node = g->root->sub->v[i - 1];

      if (second_part_is (node->id, "0") || (with_last && second_part_is (node->id, last)))
        g_ptr_array_add (stack, node);
    }
  return stack;
}

/* _merge_vpp_data: forward, chunk 0's modules give the last chunk's output; backward, its
 * input. */
static void
merge_vpp_data (Merger     *m,
                MergeGraph *g)
{
  g_autoptr(GPtrArray) stack = chunk_roots (m, g, TRUE);

  while (stack->len > 0)
    {
      MergeNode *node = g_ptr_array_steal_index (stack, stack->len - 1);
      MergeNode *target;

      if (node->is_pp_merged || node->has_pp_index || node->type != MSVIS_NODE_MODULE)
        continue;
      for (guint i = node->sub->n; i > 0; i--)
        g_ptr_array_add (stack, node->sub->v[i - 1]);
      target = merge_map_get (g, replace_vpp_id (m, node->id, m->params->vpp - 1));
      if (target == NULL)
        continue;
      if (is_forward (node->id))
        node->out = merge_data_rename (m, target->out, target->id, node->id);
      else
        node->in = merge_data_rename (m, target->in, target->id, node->id);
    }
}

static void
rename_module (Merger     *m,
               MergeGraph *g,
               MergeNode  *node,
               const char *new_id)
{
  node->in = merge_data_rename (m, node->in, node->id, new_id);
  node->out = merge_data_rename (m, node->out, node->id, new_id);
  merge_map_del (g, node->id);
  node->id = new_id;
  merge_map_set (g, new_id, node);
}

/* The modules inside a moved layer take its new prefix, or chunk 0. */
static void
rename_inside (Merger     *m,
               MergeGraph *g,
               MergeNode  *layer,
               const char *prefix)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  for (guint i = 0; i < layer->sub->n; i++)
    g_ptr_array_add (stack, layer->sub->v[i]);
  while (stack->len > 0)
    {
      MergeNode *node = g_ptr_array_steal_index (stack, stack->len - 1);
      gsize end;

      if (node->type != MSVIS_NODE_MODULE)
        continue;
      for (guint i = node->sub->n; i > 0; i--)
        g_ptr_array_add (stack, node->sub->v[i - 1]);
      rename_module (m, g, node,
                     merge_layers_search (node->id, NULL, &end)
                       ? merge_printf (m, "%s%s", prefix, node->id + end)
                       : replace_vpp_id (m, node->id, 0));
    }
}

/* _sort_layers: layers numbered on from chunk 0's, in call order (backward from the end);
 * the other chunks' modules become chunk 0's. */
static void
sort_layers (Merger           *m,
             MergeGraph       *g,
             MergeNode *const *list,
             guint             n,
             gboolean          forward)
{
  gint index = -1;

  for (guint k = 0; k < n; k++)
    {
      MergeNode *node = list[forward ? k : n - 1 - k];
      gsize start, end;
      gboolean layer = merge_layers_search (node->id, &start, &end);
      const char *prefix = "";
      const char *new_id;

      if (layer)
        index++;
      if (!second_part (node->id, &(const char *){ NULL }, &(gsize){ 0 }) ||
          second_part_is (node->id, "0"))
        continue;
      if (layer)
        {
          /* "(layers.)(N)(.)": the prefix up to the number, with the new number. */
          gsize digits_at = start + (g_str_has_prefix (node->id + start, "layers.") ? 7 : 6);
          const char *head = merge_printf (m, "%.*s%d.", (int)digits_at, node->id, index);

          prefix = replace_vpp_id (m, head, 0);
          new_id = merge_printf (m, "%s%s", prefix, node->id + end);
        }
      else
        new_id = replace_vpp_id (m, node->id, 0);
      rename_module (m, g, node, new_id);
      rename_inside (m, g, node, prefix);
    }
}

/* The modules holding the layers that the pipeline merge moved or marked, in chunk 0. */
static GPtrArray *
layer_holders (Merger     *m,
               MergeGraph *g)
{
  g_autoptr(GPtrArray) stack = chunk_roots (m, g, FALSE);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *holders = g_ptr_array_new ();

  while (stack->len > 0)
    {
      MergeNode *node = g_ptr_array_steal_index (stack, stack->len - 1);
      gpointer at;

      /* Python's `a or b and c`: a pp_index node whose holder is known is walked into. */
      if (node->up != NULL &&
          (node->is_pp_merged ||
           (node->has_pp_index && !g_hash_table_contains (seen, node->up->id))))
        {
          if (g_hash_table_lookup_extended (seen, node->up->id, NULL, &at))
            g_ptr_array_index (holders, GPOINTER_TO_UINT (at)) = node->up;
          else
            {
              g_hash_table_insert (seen, (char *)node->up->id, GUINT_TO_POINTER (holders->len));
              g_ptr_array_add (holders, node->up);
            }
          continue;
        }
      for (guint i = node->sub->n; i > 0; i--)
        g_ptr_array_add (stack, node->sub->v[i - 1]);
    }
  return holders;
}

/* The layers of chunk @chunk's copy of @holder move into @holder; the modules above them in
 * that chunk leave node_map and the root, the copy itself stays in node_map. */
static void
take_chunk (Merger     *m,
            MergeGraph *g,
            MergeNode  *holder,
            gint        chunk,
            gboolean    forward)
{
  MergeNode *target = merge_map_get (g, replace_vpp_id (m, holder->id, chunk));
  g_autoptr(GPtrArray) ancestors = g_ptr_array_new ();
  g_autoptr(GPtrArray) kept = NULL;
  const char *top;

  if (target == NULL)
    return;
  if (forward)
    for (guint i = 0; i < target->sub->n; i++)
      merge_list_append (m, holder->sub, target->sub->v[i]);
  else
    {
      g_autoptr(GPtrArray) joined = g_ptr_array_new ();

      for (guint i = 0; i < target->sub->n; i++)
        g_ptr_array_add (joined, target->sub->v[i]);
      for (guint i = 0; i < holder->sub->n; i++)
        g_ptr_array_add (joined, holder->sub->v[i]);
      merge_node_set_sub (m, holder, joined->pdata, joined->len);
    }
  for (guint i = 0; i < target->sub->n; i++)
    ((MergeNode *)target->sub->v[i])->up = holder;

  for (MergeNode *a = target->up; a != NULL; a = a->up)
    g_ptr_array_insert (ancestors, 0, (gpointer)a->id);
  if (ancestors->len < 2)
    return;
  for (guint i = 1; i < ancestors->len; i++)
    merge_map_del (g, g_ptr_array_index (ancestors, i));
  top = g_ptr_array_index (ancestors, 1);
  kept = g_ptr_array_new ();
  for (guint i = 0; i < g->root->sub->n; i++)
    if (strcmp (((MergeNode *)g->root->sub->v[i])->id, top) != 0)
      g_ptr_array_add (kept, g->root->sub->v[i]);
  merge_node_set_sub (m, g->root, kept->pdata, kept->len);
}

/**
 * merge_vpp_chunks:
 *
 * _merge_vpp_data then _merge_vpp_chunks, on the first graph of a pipeline group after its
 * pipeline merge.
 */
void
merge_vpp_chunks (Merger     *m,
                  MergeGraph *g)
{
  g_autoptr(GPtrArray) holders = NULL;

  merge_vpp_data (m, g);
  holders = layer_holders (m, g);
  for (guint i = 0; i < holders->len; i++)
    {
      MergeNode *holder = g_ptr_array_index (holders, i);
      gboolean forward = is_forward (holder->id);

      for (gint chunk = 1; chunk < m->params->vpp; chunk++)
        take_chunk (m, g, holder, chunk, forward);
      sort_layers (m, g, (MergeNode *const *)holder->sub->v, holder->sub->n, forward);
    }
}
