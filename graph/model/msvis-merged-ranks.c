// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "msvis-merge-info.h"
#include "msvis-merged-ranks.h"

#define ALL_RANKS "Apis_Between_Modules_All_Ranks"
#define RANK_COLLECTION "Apis_Between_Modules_Rank"

/* The numbers of "[0, 1, 2]", as graph_merger.py prints a Python list. */
static void
add_rank_list (const char *text,
               GArray     *ranks)
{
  const char *p = text;

  while (*p != '\0')
    {
      char *end;
      gint64 rank;

      if (!g_ascii_isdigit (*p))
        {
          p++;
          continue;
        }
      rank = g_ascii_strtoll (p, &end, 10);
      if (rank <= G_MAXINT)
        {
          gint r = (gint)rank;

          g_array_append_val (ranks, r);
        }
      p = end;
    }
}

/* Returns: whether the node's notes say it was merged; TP notes add their ranks, and set
 * @noted */
static gboolean
collect_notes (MsvisGraph  *graph,
               MsvisNodeId  node,
               GArray      *ranks,
               gboolean    *noted)
{
  MsvisJsonValue *info = msvis_graph_node_get_merge_info (graph, node);
  gboolean merged = FALSE;

  if (info == NULL || info->kind != MSVIS_JSON_ARRAY)
    return FALSE;
  msvis_json_value_foreach (item, info)
    {
      g_auto(MsvisMergeLine) line = { 0 };
      const char *text = msvis_json_value_get_string (item);

      if (text == NULL)
        continue;
      merged = TRUE;
      if (msvis_merge_line_parse (text, &line) && line.kind == MSVIS_MERGE_LINE_TP_RANKS)
        {
          guint before = ranks->len;

          add_rank_list (line.detail, ranks);
          *noted |= ranks->len > before;
        }
    }
  return merged;
}

/**
 * msvis_merged_ranks_collect:
 * @ranks: (element-type gint): where the ranks named in @graph are appended (unsorted, repeated)
 * @noted: (out) (optional): whether TP notes named ranks (the group's first among them)
 *
 * Returns: whether @graph shows any sign of a parallel merge
 */
gboolean
msvis_merged_ranks_collect (MsvisGraph *graph,
                            GArray     *ranks,
                            gboolean   *noted)
{
  gboolean dummy = FALSE;
  guint n = msvis_graph_get_n_nodes (graph);
  /* A --file_type json merge says so in its dump.json, and names no rank. */
  gboolean merged = msvis_graph_get_merged_dump (graph);
  gint last = -1;

  for (MsvisNodeId node = 0; node < n; node++)
    {
      const char *id = msvis_graph_node_get_id (graph, node);
      gint rank = -1;

      merged |= collect_notes (graph, node, ranks, noted ? noted : &dummy);
      if (g_str_has_prefix (id, ALL_RANKS))
        merged = TRUE;
      /* Modules are left out: msvis_merge_node_rank() would walk down to their first API,
       * which this loop reaches anyway. */
      else if (g_str_has_prefix (id, RANK_COLLECTION) ||
               msvis_graph_node_get_node_type (graph, node) == MSVIS_NODE_API)
        rank = msvis_merge_node_rank (graph, node);
      if (rank < 0)
        continue;
      merged = TRUE;
      if (rank != last)
        g_array_append_val (ranks, rank);
      last = rank;
    }
  return merged;
}

static gint
compare_ints (gconstpointer a,
              gconstpointer b)
{
  gint x = *(const gint *)a, y = *(const gint *)b;

  return x < y ? -1 : x > y;
}

/**
 * msvis_merged_ranks_find:
 *
 * Returns: (nullable) (element-type gint): the ranks @doc's graphs were merged from, sorted,
 *   each once, the document's own rank among them; empty for a merge that names no rank;
 *   %NULL when nothing says it is a merge
 */
GArray *
msvis_merged_ranks_find (MsvisVisDocument *doc)
{
  g_autoptr(GArray) ranks = g_array_new (FALSE, FALSE, sizeof (gint));
  MsvisGraph *bench = msvis_vis_document_get_bench (doc);
  gboolean merged, noted = FALSE;
  gint own = MAX (msvis_vis_document_get_rank (doc), 0);
  guint kept = 0;

  merged = msvis_merged_ranks_collect (msvis_vis_document_get_npu (doc), ranks, &noted);
  if (bench != NULL)
    merged |= msvis_merged_ranks_collect (bench, ranks, &noted);
  if (!merged)
    return NULL;
  /* Nothing names a rank (is_merged alone, or notes without a list): the document's rank
   * would read as the only one, so none is said. */
  if (!noted && ranks->len == 0)
    return g_steal_pointer (&ranks);
  /* The group's first rank keeps its names, so only TP notes name it; without them it is the
   * document's rank (a 26.0.0 .vis.db row's rank; a July merged{i}.vis has the replica
   * number there instead, and may be told wrong). */
  if (!noted)
    g_array_append_val (ranks, own);
  g_array_sort (ranks, compare_ints);
  for (guint i = 0; i < ranks->len; i++)
    if (kept == 0 || g_array_index (ranks, gint, i) != g_array_index (ranks, gint, kept - 1))
      g_array_index (ranks, gint, kept++) = g_array_index (ranks, gint, i);
  g_array_set_size (ranks, kept);
  return g_steal_pointer (&ranks);
}

/**
 * msvis_merged_ranks_format:
 * @ranks: (element-type gint): sorted, each once
 *
 * Returns: "0–7", "0, 1" or "0–3, 8, 12–15": runs of three or more with a dash
 */
char *
msvis_merged_ranks_format (const GArray *ranks)
{
  GString *text = g_string_new (NULL);
  guint i = 0;

  while (i < ranks->len)
    {
      gint first = g_array_index (ranks, gint, i);
      guint j = i;

      while (j + 1 < ranks->len && g_array_index (ranks, gint, j + 1) ==
                                   g_array_index (ranks, gint, j) + 1)
        j++;
      if (text->len > 0)
        g_string_append (text, ", ");
      if (j >= i + 2)
        g_string_append_printf (text, "%d–%d", first, g_array_index (ranks, gint, j));
      else
        {
          g_string_append_printf (text, "%d", first);
          j = i;
        }
      i = j + 1;
    }
  return g_string_free (text, FALSE);
}

/**
 * msvis_merged_ranks_describe:
 *
 * Returns: (nullable): "merged: ranks 0–7" for a merged result ("merged" when it names no
 *   rank), %NULL for one rank's
 */
char *
msvis_merged_ranks_describe (MsvisVisDocument *doc)
{
  g_autoptr(GArray) ranks = msvis_merged_ranks_find (doc);

  return msvis_merged_ranks_describe_found (ranks);
}

/**
 * msvis_merged_ranks_describe_found:
 * @ranks: (nullable): what msvis_merged_ranks_find() gave
 *
 * Returns: (nullable): msvis_merged_ranks_describe() of those ranks, without looking again
 */
char *
msvis_merged_ranks_describe_found (const GArray *ranks)
{
  g_autofree char *list = NULL;

  if (ranks == NULL)
    return NULL;
  if (ranks->len == 0)
    /* translators: a graph merged from the ranks of a parallel run, when the file does not
     * say which ranks */
    return g_strdup (C_("ranks", "merged"));
  list = msvis_merged_ranks_format (ranks);
  /* translators: %s lists the ranks (device numbers) merged into one graph: "0–7", "0, 1" */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "merged: rank %s", "merged: ranks %s",
                                       ranks->len), list);
}
