// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-graph-merger-private.h"

#define MAX_DEPTH 1000

/* PPMerger: the layers each pipeline stage ran are put side by side in the first stage's
 * graph, marked with their place and rank ("%position%rank"), ordered, and renumbered. */

static gboolean
is_unmerged_module (const char *id)
{
  return strcmp (id, "clip_grad") == 0 || strcmp (id, "optimizer") == 0;
}

/* (layers\.|layer\.)\d+(\.) at @p: the length of the match, 0 if none; @prefix gets the
 * length of "layers." or "layer.". */
static gsize
layers_at (const char *p,
           gsize      *prefix)
{
  gsize n = g_str_has_prefix (p, "layers.") ? 7 : g_str_has_prefix (p, "layer.") ? 6 : 0;
  gsize digits;

  if (n == 0)
    return 0;
  digits = strspn (p + n, "0123456789");
  if (digits == 0 || p[n + digits] != '.')
    return 0;
  *prefix = n;
  return n + digits + 1;
}

/**
 * merge_layers_search:
 * @start: (out) (optional): where the match starts
 * @end: (out) (optional): where it ends, after the dot
 *
 * re.search(r"(layers\.|layer\.)\d+(\.)", id)
 */
gboolean
merge_layers_search (const char *id,
                     gsize      *start,
                     gsize      *end)
{
  for (const char *p = id; *p != '\0'; p++)
    {
      gsize prefix, len = layers_at (p, &prefix);

      if (len > 0)
        {
          if (start != NULL)
            *start = p - id;
          if (end != NULL)
            *end = p - id + len;
          return TRUE;
        }
    }
  return FALSE;
}

/* re.sub of the same pattern with "\g<1>" + number + "\g<2>", every match. */
static char *
layers_renumber (const char *id,
                 const char *number)
{
  GString *out = g_string_new (NULL);

  for (const char *p = id; *p != '\0';)
    {
      gsize prefix, len = layers_at (p, &prefix);

      if (len == 0)
        {
          g_string_append_c (out, *p++);
          continue;
        }
      g_string_append_len (out, p, prefix);
      g_string_append (out, number);
      g_string_append_c (out, '.');
      p += len;
    }
  return g_string_free (out, FALSE);
}

/* MARK_PATTERN, %(\d+)%(\d+)$: where the mark starts, or -1. */
static gssize
mark_parse (const char *id,
            gint64     *position,
            gint64     *rank)
{
  gsize len = strlen (id), i = len, rank_start, pos_start;

  while (i > 0 && g_ascii_isdigit (id[i - 1]))
    i--;
  if (i == len || i == 0 || id[i - 1] != '%')
    return -1;
  rank_start = i;
  i--;
  while (i > 0 && g_ascii_isdigit (id[i - 1]))
    i--;
  if (i == rank_start - 1 || i == 0 || id[i - 1] != '%')
    return -1;
  pos_start = i;
  if (position != NULL)
    *position = g_ascii_strtoll (id + pos_start, NULL, 10);
  if (rank != NULL)
    *rank = g_ascii_strtoll (id + rank_start, NULL, 10);
  return (gssize)i - 1;
}

static const char *
mark_strip (Merger     *m,
            const char *id)
{
  gssize at = mark_parse (id, NULL, NULL);

  return at < 0 ? id : g_string_chunk_insert_len (m->strings, id, at);
}

/* _mark_node_id_position_rank: "%<place among its siblings>%<rank>", all the way down, in
 * the order the recursion of graph_merger.py takes (a stack: models can be deep). */
static void
mark_position_rank (Merger    *m,
                    MergeNode *start,
                    gint       rank)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, start);
  while (stack->len > 0)
    {
      MergeNode *node = g_ptr_array_steal_index (stack, stack->len - 1);
      guint position = 0;

      if (node->up != NULL)
        for (guint i = 0; i < node->up->sub->n; i++)
          if (strcmp (((MergeNode *)node->up->sub->v[i])->id, node->id) == 0)
            {
              position = i;
              break;
            }
      node->id = merge_printf (m, "%s%%%u%%%d", node->id, position, rank);
      for (guint i = node->sub->n; i > 0; i--)
        g_ptr_array_add (stack, node->sub->v[i - 1]);
    }
}

/* _add_node_to_main_graph, in preorder: a name already there keeps its node (msprobe
 * warns). */
static void
add_to_main_graph (MergeGraph *g,
                   MergeNode  *start)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, start);
  while (stack->len > 0)
    {
      MergeNode *node = g_ptr_array_steal_index (stack, stack->len - 1);

      if (merge_map_get (g, node->id) == NULL)
        merge_map_set (g, node->id, node);
      else
        g_debug ("%s is exist!", node->id);
      for (guint i = node->sub->n; i > 0; i--)
        g_ptr_array_add (stack, node->sub->v[i - 1]);
    }
}

/* _merge_other_unique_nodes: children that only one other rank has join the main node. */
static void
merge_unique_children (Merger           *m,
                       MergeGraph       *main_graph,
                       MergeNode        *main_node,
                       MergeNode *const *others,
                       guint             n_others)
{
  g_autoptr(GHashTable) lists_with = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) unique = g_ptr_array_new ();

  /* How many of the lists have each id. */
  for (guint l = 0; l <= n_others; l++)
    {
      const MergeList *list = l == 0 ? main_node->sub : others[l - 1]->sub;
      g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint i = 0; i < list->n; i++)
        {
          const char *id = ((MergeNode *)list->v[i])->id;
          guint count = GPOINTER_TO_UINT (g_hash_table_lookup (lists_with, id));

          if (g_hash_table_add (seen, (char *)id))
            g_hash_table_insert (lists_with, (char *)id, GUINT_TO_POINTER (count + 1));
        }
    }

  /* Each other list in dict order: an id's first place, its last node. */
  for (guint l = 0; l < n_others; l++)
    {
      const MergeList *list = others[l]->sub;
      g_autoptr(GHashTable) place = g_hash_table_new (g_str_hash, g_str_equal);

      for (guint i = 0; i < list->n; i++)
        {
          MergeNode *node = list->v[i];
          gpointer at;

          if (GPOINTER_TO_UINT (g_hash_table_lookup (lists_with, node->id)) != 1)
            continue;
          if (g_hash_table_lookup_extended (place, node->id, NULL, &at))
            g_ptr_array_index (unique, GPOINTER_TO_UINT (at)) = node;
          else
            {
              g_hash_table_insert (place, (char *)node->id, GUINT_TO_POINTER (unique->len));
              g_ptr_array_add (unique, node);
            }
        }
    }

  for (guint i = 0; i < unique->len; i++)
    {
      MergeNode *node = g_ptr_array_index (unique, i);

      mark_position_rank (m, node, node->origin->rank);
      add_to_main_graph (main_graph, node);
      merge_list_append (m, main_node->sub, node);
      node->up = main_node;
    }
}

/* _merge_nodes: a module that every rank has, whose inputs and outputs differ between them
 * and whose name has layers.N, was cut by the pipeline: the other ranks' copies go beside it. */
static gboolean
merge_nodes (Merger            *m,
             MergeGraph        *main_graph,
             MergeNode         *main_node,
             MergeGraph *const *others,
             guint              n_others,
             guint              depth,
             GError           **error)
{
  g_autofree MergeNode **copies = g_new (MergeNode *, MAX (n_others, 1));
  g_autoptr(GPtrArray) in = NULL, out = NULL;
  MergeList *children;
  gboolean split;

  /* recursion_depth_decorator(…, 1000) */
  if (depth > MAX_DEPTH)
    {
      g_set_error (error, MSVIS_MERGE_ERROR, MSVIS_MERGE_ERROR_DATA,
                   /* translators: a node name, then a number of levels */
                   _("Cannot merge the pipeline stages at %s: the modules nest more than %d "
                     "levels deep (msprobe stops there too)"), main_node->id, MAX_DEPTH);
      return FALSE;
    }
  for (guint i = 0; i < n_others; i++)
    if ((copies[i] = merge_map_get (others[i], main_node->id)) == NULL)
      return TRUE;

  in = merge_compare_params (m, main_node, copies, n_others, TRUE, &out);
  split = in->len > 0 && out->len > 0 && merge_layers_search (main_node->id, NULL, NULL);
  /* A backward module may have no output: its forward one decides. */
  if (strstr (main_node->id, ".backward.") != NULL)
    {
      const char *forward = merge_replace_all (m, main_node->id, ".backward.", ".forward.");
      MergeNode *f = merge_map_get (main_graph, forward);

      if (f != NULL && f->is_pp_merged)
        split = TRUE;
    }

  if (split && main_node->up != NULL)
    {
      main_node->is_pp_merged = TRUE;
      for (guint i = 0; i < n_others; i++)
        {
          mark_position_rank (m, copies[i], copies[i]->origin->rank);
          add_to_main_graph (main_graph, copies[i]);
          copies[i]->up = main_node->up;
          merge_list_append (m, main_node->up->sub, copies[i]);
        }
      return TRUE;
    }
  /* A module holding a cut one: its output is the last stage's (its input, backward). */
  if (in->len == 0 && out->len > 0 && strstr (main_node->id, ".forward.") != NULL)
    main_node->out = copies[n_others - 1]->out;
  else if (in->len > 0 && out->len == 0 && strstr (main_node->id, ".backward.") != NULL)
    main_node->in = copies[n_others - 1]->in;
  merge_unique_children (m, main_graph, main_node, copies, n_others);

  /* The list can grow while it is walked, and what is added is walked too. */
  children = main_node->sub;
  for (guint i = 0; i < children->n; i++)
    {
      MergeNode *child = children->v[i];

      if (child->type == MSVIS_NODE_MODULE &&
          !merge_nodes (m, main_graph, child, others, n_others, depth + 1, error))
        return FALSE;
    }
  return TRUE;
}

/* parts[1] += "_rank" + what follows the last %: Torch.matmul_rank2.0.forward%3%2. */
static void
rank_api_name (Merger    *m,
               MergeNode *node)
{
  const char *dot = strchr (node->id, '.');
  const char *end, *percent = strrchr (node->id, '%');

  if (dot == NULL)
    return;   /* msprobe stops on an API name without a dot */
  end = strchr (dot + 1, '.');
  if (end == NULL)
    end = node->id + strlen (node->id);
  node->id = merge_printf (m, "%.*s_rank%s%s", (int)(end - node->id), node->id,
                           percent ? percent + 1 : node->id, end);
}

/* _update_node_id: the marks go; a cut module takes its new layer number, an API of another
 * rank takes the rank in its name; the data keys follow. */
static void
update_node_id (Merger     *m,
                MergeGraph *g,
                MergeNode  *start)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();
  g_autoptr(GPtrArray) numbers = g_ptr_array_new ();

  g_ptr_array_add (stack, start);
  g_ptr_array_add (numbers, (gpointer)"");
  while (stack->len > 0)
    {
      MergeNode *node = g_ptr_array_steal_index (stack, stack->len - 1);
      const char *number = g_ptr_array_steal_index (numbers, numbers->len - 1);

      if (merge_map_get (g, node->id) == NULL)
        g_debug ("Update node id %s fail!", node->id);
      else
        {
          const char *old_id = mark_strip (m, node->id);

          merge_map_del (g, node->id);
          if (node->type == MSVIS_NODE_MODULE)
            {
              if (merge_layers_search (node->id, NULL, NULL) &&
                  mark_parse (node->id, NULL, NULL) >= 0)
                {
                  g_autofree char *renumbered = NULL;

                  if (node->has_pp_index)
                    number = merge_printf (m, "%d", node->pp_index);
                  renumbered = layers_renumber (node->id, number);
                  node->id = merge_strdup (m, renumbered);
                }
            }
          else
            rank_api_name (m, node);
          node->id = mark_strip (m, node->id);
          node->in = merge_data_rename (m, node->in, old_id, node->id);
          node->out = merge_data_rename (m, node->out, old_id, node->id);
          merge_map_set (g, node->id, node);
        }
      for (guint i = 0; i < node->sub->n; i++)
        {
          g_ptr_array_add (stack, node->sub->v[i]);
          g_ptr_array_add (numbers, (gpointer)number);
        }
    }
}

typedef struct
{
  gboolean forward;
} SortRule;

/* _get_node_sort_rule: by rank then place going forward, by falling rank going backward. */
static gint
by_rank_position (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const SortRule *rule = user_data;
  gint64 pa = 0, ra = 0, pb = 0, rb = 0;

  mark_parse ((*(MergeNode *const *)a)->id, &pa, &ra);
  mark_parse ((*(MergeNode *const *)b)->id, &pb, &rb);
  if (!rule->forward)
    {
      ra = -ra;
      rb = -rb;
    }
  if (ra != rb)
    return ra < rb ? -1 : 1;
  return pa < pb ? -1 : pa > pb;
}

/* One family with marked members: unmarked first going forward (last going backward), the
 * marked in rank order, each numbered by the layers before it. */
static void
sort_family (Merger     *m,
             MergeGraph *g,
             MergeNode  *marked_node)
{
  MergeNode *up = marked_node->up;
  const char *id = marked_node->id;
  SortRule rule = { strstr (id, ".forward.") != NULL || strstr (id, ".forward%") != NULL };
  g_autoptr(GPtrArray) plain = g_ptr_array_new ();
  g_autoptr(GPtrArray) marked = g_ptr_array_new ();
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  gint index = -1;

  for (guint i = 0; i < up->sub->n; i++)
    {
      MergeNode *node = up->sub->v[i];

      g_ptr_array_add (mark_parse (node->id, NULL, NULL) >= 0 ? marked : plain, node);
    }
  g_qsort_with_data (marked->pdata, marked->len, sizeof (gpointer), by_rank_position, &rule);
  g_ptr_array_extend (order, rule.forward ? plain : marked, NULL, NULL);
  g_ptr_array_extend (order, rule.forward ? marked : plain, NULL, NULL);

  for (guint k = 0; k < order->len; k++)
    {
      MergeNode *node = g_ptr_array_index (order, rule.forward ? k : order->len - 1 - k);

      if (merge_layers_search (node->id, NULL, NULL))
        index++;
      if (mark_parse (node->id, NULL, NULL) >= 0)
        {
          node->pp_index = index;
          node->has_pp_index = TRUE;
        }
    }
  for (guint i = 0; i < marked->len; i++)
    update_node_id (m, g, g_ptr_array_index (marked, i));
  merge_node_set_sub (m, up, order->pdata, order->len);
}

/* _sort_nodes: depth first from @start, each family with marked members sorted once. */
static void
sort_nodes (Merger     *m,
            MergeGraph *g,
            MergeNode  *start)
{
  g_autoptr(GPtrArray) stack = g_ptr_array_new ();

  g_ptr_array_add (stack, start);
  while (stack->len > 0)
    {
      MergeNode *node = g_ptr_array_steal_index (stack, stack->len - 1);

      if (mark_parse (node->id, NULL, NULL) >= 0 && node->up != NULL)
        sort_family (m, g, node);
      for (guint i = 0; i < node->sub->n; i++)
        g_ptr_array_add (stack, node->sub->v[i]);
    }
}

/* _merge_root_unique_subnodes (msprobe 26, msprobe-2026.md §11.1 item 2): when the layers
 * hang right under the root, each stage has root children the first one lacks. They join the
 * root after its own children, by rank and place, and are renumbered after its layers. */
static void
merge_root_unique (Merger            *m,
                   MergeGraph *const *graphs,
                   guint              n)
{
  MergeNode *root = graphs[0]->root;
  g_autoptr(GHashTable) have = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) add = g_ptr_array_new ();
  g_autoptr(GPtrArray) plain = g_ptr_array_new ();
  g_autoptr(GPtrArray) marked = g_ptr_array_new ();
  SortRule rule = { TRUE };
  gboolean layers = FALSE;
  gint index = -1;

  for (guint i = 0; i < root->sub->n; i++)
    {
      MergeNode *node = root->sub->v[i];

      layers = layers || merge_layers_search (node->id, NULL, NULL);
      g_hash_table_add (have, (gpointer)node->id);
    }
  if (n < 2 || !layers)
    return;
  for (guint g = 1; g < n; g++)
    for (guint i = 0; i < graphs[g]->root->sub->n; i++)
      {
        MergeNode *node = graphs[g]->root->sub->v[i];

        if (!g_hash_table_contains (have, node->id) &&
            !g_str_has_prefix (node->id, "Apis_Between_Modules"))
          g_ptr_array_add (add, node);
      }
  for (guint i = 0; i < add->len; i++)
    {
      MergeNode *node = g_ptr_array_index (add, i);

      mark_position_rank (m, node, node->origin->rank);
      add_to_main_graph (graphs[0], node);
      node->up = root;
      merge_list_append (m, root->sub, node);
    }
  if (add->len == 0)
    return;
  for (guint i = 0; i < root->sub->n; i++)
    {
      MergeNode *node = root->sub->v[i];

      g_ptr_array_add (mark_parse (node->id, NULL, NULL) >= 0 ? marked : plain, node);
      if (mark_parse (node->id, NULL, NULL) < 0 && merge_layers_search (node->id, NULL, NULL))
        index++;
    }
  g_qsort_with_data (marked->pdata, marked->len, sizeof (gpointer), by_rank_position, &rule);
  g_ptr_array_extend (plain, marked, NULL, NULL);
  merge_node_set_sub (m, root, plain->pdata, plain->len);
  for (guint i = 0; i < marked->len; i++)
    {
      MergeNode *node = g_ptr_array_index (marked, i);

      if (merge_layers_search (node->id, NULL, NULL))
        {
          node->pp_index = ++index;
          node->has_pp_index = TRUE;
        }
      update_node_id (m, graphs[0], node);
    }
}

/**
 * merge_pp_graphs:
 * @graphs: (array length=n): the graphs of one pipeline group, the first stage's first
 *
 * PPMerger.merge_pp_graphs (and VPPMerger's when vpp > 1): everything goes into the first
 * graph.
 */
gboolean
merge_pp_graphs (Merger            *m,
                 MergeGraph *const *graphs,
                 guint              n,
                 GError           **error)
{
  MergeGraph *main_graph = graphs[0];
  MergeList *roots = main_graph->root->sub;

  if (n < 2)
    return TRUE;
  /* The root's list as it is now, nodes added to it included: sorting a family of root
   * children gives the root a new list, which this loop does not see. */
  for (guint i = 0; i < roots->n; i++)
    {
      MergeNode *node = roots->v[i];

      if (node->type != MSVIS_NODE_MODULE || is_unmerged_module (node->id))
        continue;
      if (!merge_nodes (m, main_graph, node, graphs + 1, n - 1, 1, error))
        return FALSE;
      sort_nodes (m, main_graph, node);
    }
  if (m->params->era == MSVIS_ERA_2026)
    merge_root_unique (m, graphs, n);
  if (m->params->vpp > 1)
    merge_vpp_chunks (m, main_graph);
  return TRUE;
}
