// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-merge-info.h"

/* The sentences graph_merger.py writes (vis-format.md §4.10), word for word. */
#define TP_PREFIX \
  "This data is the merged data after tensor parallelism(TP), and the data is merged from rank "
#define OUTPUT_PREFIX "The output of this data is merged from "
#define STAT_INFIX " value merging method for "
#define FORMULA_INFIX " is: "

#define MAX_WALK 100000   /* nodes looked at to find the first API under a module */

static const char *const stats[] = { "Max", "Min", "Mean", "Norm" };

/**
 * msvis_merge_line_parse:
 * @line: (out caller-allocates): what the sentence says; clear it after use
 *
 * Returns: whether @text is one of msprobe's sentences (else @line is OTHER, its text whole
 *   in detail)
 */
gboolean
msvis_merge_line_parse (const char     *text,
                        MsvisMergeLine *line)
{
  gsize len = strlen (text);

  memset (line, 0, sizeof *line);
  if (g_str_has_prefix (text, TP_PREFIX) && len > strlen (TP_PREFIX) && text[len - 1] == '.')
    {
      line->kind = MSVIS_MERGE_LINE_TP_RANKS;
      line->detail = g_strndup (text + strlen (TP_PREFIX), len - strlen (TP_PREFIX) - 1);
      return TRUE;
    }
  if (g_str_has_prefix (text, OUTPUT_PREFIX) && len > strlen (OUTPUT_PREFIX))
    {
      line->kind = MSVIS_MERGE_LINE_OUTPUT_FROM;
      line->detail = g_strdup (text + strlen (OUTPUT_PREFIX));
      return TRUE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (stats) && g_str_has_prefix (text, "The "); i++)
    {
      const char *p = text + 4, *tensor, *formula;

      if (!g_str_has_prefix (p, stats[i]) || !g_str_has_prefix (p + strlen (stats[i]),
                                                               STAT_INFIX))
        continue;
      tensor = p + strlen (stats[i]) + strlen (STAT_INFIX);
      formula = strstr (tensor, FORMULA_INFIX);
      if (formula == NULL || formula == tensor)
        break;
      line->kind = MSVIS_MERGE_LINE_STAT;
      line->stat = g_strdup (stats[i]);
      line->tensor = g_strndup (tensor, formula - tensor);
      line->detail = g_strdup (formula + strlen (FORMULA_INFIX));
      return TRUE;
    }
  line->kind = MSVIS_MERGE_LINE_OTHER;
  line->detail = g_strdup (text);
  return FALSE;
}

void
msvis_merge_line_clear (MsvisMergeLine *line)
{
  g_clear_pointer (&line->stat, g_free);
  g_clear_pointer (&line->tensor, g_free);
  g_clear_pointer (&line->detail, g_free);
}

/* The N of "_rank<N>" ending the api name (the second part): Torch.matmul_rank5.32.forward */
static gint
api_rank (const char *id)
{
  const char *dot = strchr (id, '.'), *end, *mark;
  gint64 rank;

  if (dot == NULL)
    return -1;
  end = strchr (dot + 1, '.');
  if (end == NULL)
    end = dot + 1 + strlen (dot + 1);
  for (mark = end; mark > dot + 1 && g_ascii_isdigit (mark[-1]); mark--)
    ;
  if (mark == end || mark - dot - 1 < 5 || strncmp (mark - 5, "_rank", 5) != 0)
    return -1;
  rank = g_ascii_strtoll (mark, NULL, 10);
  return rank <= G_MAXINT ? (gint)rank : -1;
}

/**
 * msvis_merge_node_rank:
 *
 * The rank a node of a merged graph came from, when its name says so: a rank's API
 * collection (Apis_Between_Modules_Rank5.0), an API of another rank
 * (Torch.matmul_rank5.32.forward), or a module whose first API is one. The main rank's own
 * nodes carry no rank in their names.
 *
 * Returns: the rank, or -1
 */
gint
msvis_merge_node_rank (MsvisGraph  *graph,
                       MsvisNodeId  node)
{
  const char *id = msvis_graph_node_get_id (graph, node);
  MsvisNodeId n;
  guint walked = 0;

  if (g_str_has_prefix (id, "Apis_Between_Modules_Rank") && g_ascii_isdigit (id[25]))
    return (gint)MIN (g_ascii_strtoll (id + 25, NULL, 10), G_MAXINT);
  if (msvis_graph_node_get_node_type (graph, node) == MSVIS_NODE_API)
    return api_rank (id);
  if (msvis_graph_node_get_node_type (graph, node) != MSVIS_NODE_MODULE)
    return -1;

  /* A module: the first API below it, depth first in call order. The walk follows the
   * sibling links rather than stacking each node's children, which cost a module of 10^6
   * children a quadratic insert (85 s) before the first of them was looked at. */
  n = msvis_graph_node_get_first_child (graph, node);
  while (n != MSVIS_NODE_ID_NONE && walked++ < MAX_WALK)
    {
      MsvisNodeId child;

      if (msvis_graph_node_get_node_type (graph, n) == MSVIS_NODE_API)
        return api_rank (msvis_graph_node_get_id (graph, n));
      child = msvis_graph_node_get_first_child (graph, n);
      if (child != MSVIS_NODE_ID_NONE)
        {
          n = child;
          continue;
        }
      /* Up to the first ancestor below @node with a next sibling (a parent link that does
       * not lead back to @node ends the walk: no tree, no answer). */
      while (n != node && msvis_graph_node_get_next_sibling (graph, n) == MSVIS_NODE_ID_NONE)
        if ((n = msvis_graph_node_get_parent (graph, n)) == MSVIS_NODE_ID_NONE)
          return -1;
      n = n == node ? MSVIS_NODE_ID_NONE : msvis_graph_node_get_next_sibling (graph, n);
    }
  return -1;
}

/**
 * msvis_merge_node_rank_id:
 *
 * The id a node of another rank had in its own rank's graph, before the merge renamed it
 * (vis-format.md §4.10): Torch.matmul_rank5.32.forward was Torch.matmul.32.forward, and
 * Apis_Between_Modules_Rank5.0 was Apis_Between_Modules.0. Modules keep no trace of their
 * old number.
 *
 * Returns: (nullable): that id, or %NULL when the name does not tell
 */
char *
msvis_merge_node_rank_id (MsvisGraph  *graph,
                          MsvisNodeId  node)
{
  const char *id = msvis_graph_node_get_id (graph, node);
  const char *dot, *end, *mark;
  g_autofree char *head = NULL;

  if (g_str_has_prefix (id, "Apis_Between_Modules_Rank") && g_ascii_isdigit (id[25]))
    {
      for (mark = id + 25; g_ascii_isdigit (*mark); mark++)
        ;
      return g_strconcat ("Apis_Between_Modules", mark, NULL);
    }
  if (msvis_graph_node_get_node_type (graph, node) != MSVIS_NODE_API || api_rank (id) < 0)
    return NULL;
  /* api_rank() found "_rank<N>" ending the second part. */
  dot = strchr (id, '.');
  end = strchr (dot + 1, '.');
  if (end == NULL)
    end = dot + 1 + strlen (dot + 1);
  for (mark = end; g_ascii_isdigit (mark[-1]); mark--)
    ;
  head = g_strndup (id, mark - 5 - id);
  return g_strconcat (head, end, NULL);
}

/**
 * msvis_merge_node_ranks:
 *
 * Returns: (nullable): "0, 1" for a node whose statistics were merged from those ranks
 */
char *
msvis_merge_node_ranks (MsvisGraph  *graph,
                        MsvisNodeId  node)
{
  MsvisJsonValue *info = msvis_graph_node_get_merge_info (graph, node);

  if (info == NULL || info->kind != MSVIS_JSON_ARRAY)
    return NULL;
  msvis_json_value_foreach (item, info)
    {
      g_auto(MsvisMergeLine) line = { 0 };
      const char *text = msvis_json_value_get_string (item);
      gsize len;

      if (text == NULL || !msvis_merge_line_parse (text, &line) ||
          line.kind != MSVIS_MERGE_LINE_TP_RANKS)
        continue;
      len = strlen (line.detail);
      if (len >= 2 && line.detail[0] == '[' && line.detail[len - 1] == ']')
        return g_strndup (line.detail + 1, len - 2);
      return g_strdup (line.detail);
    }
  return NULL;
}
