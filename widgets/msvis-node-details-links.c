// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "msvis-display-name.h"
#include "msvis-merge-info.h"
#include "msvis-node-details-private.h"

/* The details header's jump targets as GtkLabel link markup: "node:<n|b>:<id>" for a node of
 * the same document, "rank:<rank>:<escaped name>" for a node of another rank. */

void
_msvis_details_append_node_link (GString     *markup,
                                 gboolean     is_bench,
                                 MsvisNodeId  node,
                                 const char  *text)
{
  g_autofree char *shown = msvis_display_name (text);
  g_autofree char *escaped = g_markup_escape_text (shown, -1);

  g_string_append_printf (markup, "<a href=\"node:%c:%u\">%s</a>", is_bench ? 'b' : 'n',
                          node, escaped);
}

/* One parallel_merge_info line, with every word that names a node of @graph made a link:
 * msprobe's sentences name the merged nodes and tensors. */
static void
append_merge_line (GString    *markup,
                   MsvisGraph *graph,
                   gboolean    is_bench,
                   const char *line)
{
  g_auto(GStrv) words = g_strsplit (line, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      const char *word = words[i];
      gsize lead = strspn (word, "([{'\"");
      gsize len = strlen (word + lead);
      g_autofree char *core = NULL, *before = NULL, *after = NULL;
      MsvisNodeId node;

      while (len > 0 && strchr (",.;:)]}'\"", word[lead + len - 1]) != NULL)
        len--;
      core = g_strndup (word + lead, len);
      node = len > 0 ? msvis_graph_lookup (graph, core) : MSVIS_NODE_ID_NONE;
      if (i > 0)
        g_string_append_c (markup, ' ');
      if (node == MSVIS_NODE_ID_NONE)
        {
          g_autofree char *escaped = g_markup_escape_text (word, -1);

          g_string_append (markup, escaped);
          continue;
        }

      before = g_markup_escape_text (word, lead);
      after = g_markup_escape_text (word + lead + len, -1);
      g_string_append (markup, before);
      _msvis_details_append_node_link (markup, is_bench, node, core);
      g_string_append (markup, after);
    }
}

/* One of msprobe's sentences in the user's language; in English it reads as msprobe wrote
 * it. Others are shown as they are. */
static char *
translate_merge_line (const char *text)
{
  g_auto(MsvisMergeLine) line = { 0 };

  msvis_merge_line_parse (text, &line);
  switch (line.kind)
    {
    case MSVIS_MERGE_LINE_TP_RANKS:
      /* translators: msprobe's parallel_merge_info; %s is a list of ranks such as [0, 1] */
      return g_strdup_printf (_("This data is the merged data after tensor parallelism(TP), "
                                "and the data is merged from rank %s."), line.detail);
    case MSVIS_MERGE_LINE_OUTPUT_FROM:
      /* translators: msprobe's parallel_merge_info; %s names the all_reduce or reduce_scatter
       * whose output a matmul takes. Keep a space around %s: it becomes a link. */
      return g_strdup_printf (_("The output of this data is merged from %s"), line.detail);
    case MSVIS_MERGE_LINE_STAT:
      /* translators: msprobe's parallel_merge_info; the first %s is a tensor such as
       * input.0, the second how the ranks' values were combined, e.g. max(1.0, 2.0) = 2.0 */
      if (strcmp (line.stat, "Max") == 0)
        return g_strdup_printf (_("The Max value merging method for %s is: %s"), line.tensor,
                                line.detail);
      if (strcmp (line.stat, "Min") == 0)
        return g_strdup_printf (_("The Min value merging method for %s is: %s"), line.tensor,
                                line.detail);
      if (strcmp (line.stat, "Mean") == 0)
        return g_strdup_printf (_("The Mean value merging method for %s is: %s"), line.tensor,
                                line.detail);
      return g_strdup_printf (_("The Norm value merging method for %s is: %s"), line.tensor,
                              line.detail);
    case MSVIS_MERGE_LINE_OTHER:
    default:
      return g_strdup (text);
    }
}

static void
append_rank_link (GString    *markup,
                  const char *rank,
                  const char *node_id,
                  const char *text)
{
  g_autofree char *escaped_uri = g_uri_escape_string (node_id, NULL, FALSE);
  g_autofree char *escaped = g_markup_escape_text (text, -1);

  g_string_append_printf (markup, "<a href=\"rank:%s:%s\">%s</a>", rank, escaped_uri, escaped);
}

/* @format with its one %s replaced by @inner, markup already. */
static void
append_around (GString    *markup,
               const char *format,
               const char *inner)
{
  const char *at = strstr (format, "%s");
  g_autofree char *before = NULL, *after = NULL;

  g_return_if_fail (at != NULL);
  before = g_markup_escape_text (format, at - format);
  after = g_markup_escape_text (at + 2, -1);
  g_string_append_printf (markup, "%s%s%s", before, inner, after);
}

/* The rank a node of a merged graph came from, or the ranks its statistics were merged from
 * (vis-format.md §4.10), as links to the node in those ranks' own graphs. */
void
_msvis_details_append_source_rank (GString     *markup,
                                   MsvisGraph  *graph,
                                   MsvisNodeId  node,
                                   gboolean     is_bench,
                                   gboolean     label_side)
{
  g_autofree char *ranks = NULL, *rank_id = NULL;
  g_autoptr(GString) inner = g_string_new (NULL);
  gint rank;

  if (graph == NULL || node == MSVIS_NODE_ID_NONE)
    return;
  rank = msvis_merge_node_rank (graph, node);
  if (rank < 0 && (ranks = msvis_merge_node_ranks (graph, node)) == NULL)
    return;
  if (markup->len > 0)
    g_string_append_c (markup, '\n');
  if (label_side)
    g_string_append_printf (markup, "<b>%s</b> ", is_bench ? _("Bench") : _("NPU"));

  if (rank >= 0)
    {
      g_autofree char *number = g_strdup_printf ("%d", rank);
      /* translators: the rank (device) a node of a merged graph came from */
      g_autofree char *text = g_strdup_printf (_("Rank %d"), rank);

      /* Modules of other ranks were renumbered: no name to go to. */
      if ((rank_id = msvis_merge_node_rank_id (graph, node)) != NULL)
        append_rank_link (markup, number, rank_id, text);
      else
        {
          g_autofree char *escaped = g_markup_escape_text (text, -1);

          g_string_append (markup, escaped);
        }
      return;
    }

  /* "0, 1": each rank a link to the node of the same name in that rank's graph. */
  {
    g_auto(GStrv) numbers = g_strsplit (ranks, ",", -1);

    for (guint i = 0; numbers[i] != NULL; i++)
      {
        const char *number = g_strstrip (numbers[i]);

        if (i > 0)
          g_string_append (inner, ", ");
        if (g_ascii_string_to_signed (number, 10, 0, G_MAXINT, NULL, NULL))
          append_rank_link (inner, number, msvis_graph_node_get_id (graph, node), number);
        else
          {
            g_autofree char *escaped = g_markup_escape_text (number, -1);

            g_string_append (inner, escaped);
          }
      }
  }
  /* translators: %s lists ranks, such as "0, 1": the node's statistics combine theirs */
  append_around (markup, _("Merged from ranks %s"), inner->str);
}

void
_msvis_details_append_merge_info (GString    *markup,
                                  MsvisGraph *graph,
                                  MsvisNodeId node,
                                  gboolean    is_bench,
                                  gboolean    label_side)
{
  MsvisJsonValue *info;

  if (graph == NULL || node == MSVIS_NODE_ID_NONE)
    return;
  info = msvis_graph_node_get_merge_info (graph, node);
  if (info == NULL || info->kind != MSVIS_JSON_ARRAY)
    return;

  msvis_json_value_foreach (line, info)
    {
      const char *text = msvis_json_value_get_string (line);
      g_autofree char *translated = NULL;

      if (text == NULL)
        continue;
      if (markup->len > 0)
        g_string_append_c (markup, '\n');
      translated = translate_merge_line (text);
      if (label_side)
        g_string_append_printf (markup, "<b>%s</b> ", is_bench ? _("Bench") : _("NPU"));
      append_merge_line (markup, graph, is_bench, translated);
    }
}

/* The peer's colour in its own rank's graph, once known (msvis-node-details-peers.c): a dot
 * before the link, and the Legend's name for it after. */
static void
append_peer_dot (GString    *markup,
                 GHashTable *dots,
                 const char *rank,
                 const char *name,
                 gboolean    dot)
{
  g_autofree char *key = g_strdup_printf ("%s\t%s", rank, name);
  const char *value = dots ? g_hash_table_lookup (dots, key) : NULL;
  g_auto(GStrv) parts = value ? g_strsplit (value, "\t", 2) : NULL;
  g_autofree char *text = NULL;

  if (parts == NULL || parts[0] == NULL)
    return;
  if (dot)
    text = g_markup_printf_escaped ("<span foreground=\"%s\">\u25cf</span> ", parts[0]);
  else if (parts[1] != NULL && parts[1][0] != '\0')
    text = g_markup_printf_escaped (" <span alpha=\"60%%\">· %s</span>", parts[1]);
  if (text != NULL)
    g_string_append (markup, text);
}

/* One matched_distributed object: {communications_type, nodes_info: {rank: [index, name]}}
 * (vis-format.md §4.9). */
static void
append_distributed_object (GString              *markup,
                           const MsvisJsonValue *object,
                           GHashTable           *dots)
{
  const char *type = msvis_json_value_get_string (msvis_json_value_get_member (object,
                                                                 "communications_type"));
  const MsvisJsonValue *nodes = msvis_json_value_get_member (object, "nodes_info");

  if (nodes == NULL || nodes->kind != MSVIS_JSON_OBJECT)
    return;

  msvis_json_value_foreach (entry, nodes)
    {
      g_autofree char *rank = g_strndup (entry->key, entry->key_len);
      const char *index = NULL, *name = NULL;
      g_autofree char *escaped_name = NULL, *escaped_uri = NULL, *label = NULL;

      if (entry->kind == MSVIS_JSON_ARRAY && entry->n == 2)
        {
          index = msvis_json_value_get_string (entry->first);
          name = msvis_json_value_get_string (entry->last);
        }
      if (name == NULL || !g_ascii_string_to_signed (rank, 10, 0, G_MAXINT, NULL, NULL))
        continue;

      if (markup->len > 0)
        g_string_append_c (markup, '\n');
      escaped_name = g_markup_escape_text (name, -1);
      escaped_uri = g_uri_escape_string (name, NULL, FALSE);
      /* translators: a link to a node of another rank; %s is the rank number */
      label = g_markup_printf_escaped (_("Rank %s"), rank);
      append_peer_dot (markup, dots, rank, name, TRUE);
      g_string_append_printf (markup, "%s: <a href=\"rank:%s:%s\">%s</a>", label, rank,
                              escaped_uri, escaped_name);
      if (type != NULL || index != NULL)
        {
          g_autofree char *extra = g_markup_printf_escaped (" <span alpha=\"60%%\">(%s%s%s)</span>",
                                                            type ? type : "",
                                                            type && index ? ", " : "",
                                                            index ? index : "");
          g_string_append (markup, extra);
        }
      append_peer_dot (markup, dots, rank, name, FALSE);
    }
}

void
_msvis_details_append_distributed (GString    *markup,
                                   MsvisGraph *graph,
                                   MsvisNodeId node,
                                   GHashTable *dots)
{
  MsvisJsonValue *info = msvis_graph_node_get_distributed (graph, node);

  if (info == NULL)
    return;
  /* batch_isend_irecv gives a list of such objects. */
  if (info->kind == MSVIS_JSON_ARRAY)
    {
      msvis_json_value_foreach (object, info)
        if (object->kind == MSVIS_JSON_OBJECT)
          append_distributed_object (markup, object, dots);
    }
  else if (info->kind == MSVIS_JSON_OBJECT)
    append_distributed_object (markup, info, dots);
}
