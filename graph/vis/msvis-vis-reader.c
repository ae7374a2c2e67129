// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-dump-reader.h"
#include "msvis-json-value.h"
#include "msvis-reader-error.h"
#include "msvis-vis-node-data.h"
#include "msvis-vis-reader-private.h"

/* One pass over the file with the streaming scanner. Everything a viewer needs to show the
 * hierarchy is read into the graphs; input_data, output_data and stack_info, most of the
 * bytes, are skipped by bracket matching and their places kept, unless
 * MSVIS_VIS_READ_ALL_DATA asks for them now. Names that refer to other nodes (subnodes,
 * upnode, matched_node_link) are kept as text and resolved once both graphs are complete. */


typedef struct
{
  MsvisJsonScanner   *scanner;
  MsvisVisDocument   *document;
  gboolean            lazy;
  char               *name;
  MsvisVisNodeReader *node_reader;
  GHashTable         *npu_match_nodes;   /* read before the document is complete */
  GHashTable         *bench_match_nodes;
  GraphState          single;
  GraphState          npu;
  GraphState          bench;
  gint64              micro_steps;
} Reader;

static gboolean
next (Reader          *r,
      MsvisJsonToken  *token,
      GError         **error)
{
  return msvis_json_scanner_next (r->scanner, token, error);
}

static gboolean
fail (Reader      *r,
      GError     **error,
      int          code,
      const char  *message)
{
  msvis_json_scanner_set_error (r->scanner, error, code, "%s", message);
  return FALSE;
}

static gboolean
wrong_type (Reader          *r,
            MsvisJsonToken   token,
            const char      *key,
            const char      *expected,
            GError         **error)
{
  if (token == MSVIS_JSON_TOKEN_EOF)
    return fail (r, error, MSVIS_READER_ERROR_TRUNCATED,
                 _("the file ends in the middle of a value"));
  msvis_json_scanner_set_error (r->scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                /* translators: "key" should be a list, found a string */
                                _("“%s” should be %s, found %s"), key, expected,
                                msvis_json_token_describe (token));
  return FALSE;
}

/* An integer member within [0, max]: node_type, micro_step_id, MicroSteps. */
static gboolean
read_small_int (Reader          *r,
                MsvisJsonToken   token,
                const char      *key,
                gint64           max,
                gint64          *value,
                GError         **error)
{
  *value = msvis_json_scanner_get_int (r->scanner);
  if (token != MSVIS_JSON_TOKEN_INT || *value < 0 || *value > max)
    return wrong_type (r, token, key, _("a small integer"), error);
  return TRUE;
}

static gboolean
skip (Reader          *r,
      MsvisJsonToken   token,
      GError         **error)
{
  guint64 start, end;

  if (token == MSVIS_JSON_TOKEN_BEGIN_OBJECT || token == MSVIS_JSON_TOKEN_BEGIN_ARRAY)
    return msvis_json_scanner_skip_raw (r->scanner, token, &start, &end, error);
  if (token == MSVIS_JSON_TOKEN_EOF)
    return wrong_type (r, token, "", "", error);
  return TRUE;
}

/* A container member kept for later: its place, checked only for matching brackets. */
static gboolean
skip_span (Reader          *r,
           MsvisJsonToken   token,
           const char      *key,
           MsvisJsonToken   expected,
           guint64         *start,
           guint32         *length,
           GError         **error)
{
  guint64 end;

  if (token != expected)
    return wrong_type (r, token, key, msvis_json_token_describe (expected), error);
  if (!msvis_json_scanner_skip_raw (r->scanner, token, start, &end, error))
    return FALSE;
  if (end - *start > G_MAXUINT32)
    return fail (r, error, MSVIS_READER_ERROR_INVALID_VALUE,
                 _("one node holds more than 4 GiB of data"));
  *length = end - *start;
  return TRUE;
}

/* The dump reader's limit: a name of megabytes would fill every message and view with it. */
static gboolean
check_name (Reader      *r,
            gsize        length,
            GError     **error)
{
  if (length <= MSVIS_MAX_NAME_LENGTH)
    return TRUE;
  msvis_json_scanner_set_error (r->scanner, error, MSVIS_READER_ERROR_INVALID_VALUE,
                                /* translators: %zu and %d are numbers of bytes */
                                _("a node name of %zu bytes; names longer than %d bytes "
                                  "are not accepted"),
                                length, MSVIS_MAX_NAME_LENGTH);
  return FALSE;
}

/* Interns each string of a list into @graph and adds it to @out. */
static gboolean
read_string_list (Reader          *r,
                  MsvisJsonToken   token,
                  const char      *key,
                  GPtrArray       *out,
                  MsvisGraph      *graph,
                  GError         **error)
{
  if (token != MSVIS_JSON_TOKEN_BEGIN_ARRAY)
    return wrong_type (r, token, key, _("a list"), error);

  for (;;)
    {
      const char *text;
      gsize length;

      if (!next (r, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_ARRAY)
        return TRUE;
      if (token != MSVIS_JSON_TOKEN_STRING)
        return wrong_type (r, token, key, _("a list of strings"), error);
      text = msvis_json_scanner_get_string (r->scanner, &length);
      if (!check_name (r, length, error))
        return FALSE;
      g_ptr_array_add (out, (char *)msvis_graph_intern (graph, text));
    }
}

static gboolean
read_link (Reader          *r,
           GraphState      *g,
           MsvisJsonToken   token,
           const char     **link,
           GError         **error)
{
  const char *last = NULL;

  /* Only the last name matters; the others are the path to it, which the graph knows. */
  if (token != MSVIS_JSON_TOKEN_BEGIN_ARRAY)
    return wrong_type (r, token, "matched_node_link", _("a list"), error);
  for (;;)
    {
      if (!next (r, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_ARRAY)
        break;
      if (token != MSVIS_JSON_TOKEN_STRING)
        return wrong_type (r, token, "matched_node_link", _("a list of strings"), error);
      last = msvis_json_scanner_get_string (r->scanner, NULL);
      /* tb_graph_ascend 1.x prefixed names with the side */
      if (g_str_has_prefix (last, "N___") || g_str_has_prefix (last, "B___"))
        last += 4;
      last = g_string_chunk_insert (g->link_text, last);
    }
  *link = last;
  return TRUE;
}

static gboolean
read_node_data_member (Reader          *r,
                       GraphState      *g,
                       MsvisNodeId      node,
                       MsvisJsonToken   token,
                       GError         **error)
{
  if (token != MSVIS_JSON_TOKEN_BEGIN_OBJECT)
    return wrong_type (r, token, "data", _("an object"), error);

  for (;;)
    {
      const char *key;

      if (!next (r, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        return TRUE;
      key = msvis_json_scanner_get_string (r->scanner, NULL);

      if (strcmp (key, "precision_index") == 0)
        {
          MsvisPrecision precision = { MSVIS_PRECISION_NONE, 0 };

          if (!next (r, &token, error))
            return FALSE;
          if (token == MSVIS_JSON_TOKEN_INT)
            precision = (MsvisPrecision) { MSVIS_PRECISION_INT,
                                           msvis_json_scanner_get_int (r->scanner) };
          else if (token == MSVIS_JSON_TOKEN_FLOAT)
            precision = (MsvisPrecision) { MSVIS_PRECISION_FLOAT,
                                           msvis_json_scanner_get_double (r->scanner) };
          else if (token != MSVIS_JSON_TOKEN_NULL)
            return wrong_type (r, token, "precision_index", _("a number"), error);
          msvis_compare_results_set_precision (msvis_graph_ensure_compare_results (g->graph),
                                               node, precision);
        }
      else if (strcmp (key, "Result") == 0)
        {
          const char *text;

          if (!next (r, &token, error))
            return FALSE;
          if (token != MSVIS_JSON_TOKEN_STRING)
            return wrong_type (r, token, "Result", _("a string"), error);
          text = msvis_json_scanner_get_string (r->scanner, NULL);
          if (strcmp (text, "pass") != 0 && strcmp (text, "Different") != 0)
            return fail (r, error, MSVIS_READER_ERROR_INVALID_VALUE,
                         _("“Result” should be “pass” or “Different”"));
          msvis_compare_results_set_md5_result (msvis_graph_ensure_compare_results (g->graph),
                                                node, text[0] == 'p'
                                                      ? MSVIS_MD5_RESULT_PASS
                                                      : MSVIS_MD5_RESULT_DIFFERENT);
        }
      else if (strcmp (key, "overflow_level") == 0)
        {
          MsvisOverflowLevel level;
          const char *text;

          if (!next (r, &token, error))
            return FALSE;
          if (token != MSVIS_JSON_TOKEN_STRING)
            return wrong_type (r, token, "overflow_level", _("a string"), error);
          text = msvis_json_scanner_get_string (r->scanner, NULL);
          for (level = MSVIS_OVERFLOW_MEDIUM; level <= MSVIS_OVERFLOW_CRITICAL; level++)
            if (strcmp (text, msvis_overflow_level_to_string (level)) == 0)
              break;
          if (level > MSVIS_OVERFLOW_CRITICAL)
            return fail (r, error, MSVIS_READER_ERROR_INVALID_VALUE,
                         _("“overflow_level” should be “medium”, “high” or “critical”"));
          msvis_graph_node_set_overflow (g->graph, node, level);
        }
      else if (!next (r, &token, error) || !skip (r, token, error))
        return FALSE;
    }
}

static gboolean
read_items_member (Reader          *r,
                   GraphState      *g,
                   MsvisJsonToken   token,
                   const char      *key,
                   guint64         *start,
                   guint32         *length,
                   guint32         *first,
                   guint32         *n,
                   GError         **error)
{
  if (r->lazy)
    return skip_span (r, token, key, MSVIS_JSON_TOKEN_BEGIN_OBJECT, start, length, error);
  return msvis_vis_node_reader_read_items (r->node_reader, r->scanner, g->graph, token,
                                           first, n, error);
}

/* The members of one node object, after its '{'. One function for every member kind, over 100
 * lines on purpose: it is the per-node loop of a multi-gigabyte file, a switch over member
 * names that share the node's state, and reads as the .vis node layout of §5.3 does. */
static gboolean
read_node_members (Reader       *r,
                   GraphState   *g,
                   MsvisNodeId   node,
                   GError      **error)
{
  MsvisVisNodeSpans spans = { 0 };
  ChildRun run = { g->child_ids->len, 0 };
  const char *upnode = NULL, *link = NULL;
  guint32 first_input = 0, n_inputs = 0, first_output = 0, n_outputs = 0, stack = 0;
  MsvisJsonToken token;

  for (;;)
    {
      char key[32];
      gsize length;
      const char *text;

      if (!next (r, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        break;
      /* Node member names are short; a longer one is unknown and skipped. */
      text = msvis_json_scanner_get_string (r->scanner, &length);
      g_strlcpy (key, length < sizeof key ? text : "", sizeof key);
      if (!next (r, &token, error))
        return FALSE;

      if (strcmp (key, "id") == 0)
        {
          if (token != MSVIS_JSON_TOKEN_STRING)
            return wrong_type (r, token, key, _("a string"), error);
          if (strcmp (msvis_json_scanner_get_string (r->scanner, NULL),
                      msvis_graph_node_get_id (g->graph, node)) != 0)
            return fail (r, error, MSVIS_READER_ERROR_INVALID_VALUE,
                         _("the node’s “id” differs from its name in the node map"));
        }
      else if (strcmp (key, "node_type") == 0)
        {
          gint64 type;

          if (!read_small_int (r, token, key, G_MAXUINT8, &type, error))
            return FALSE;
          msvis_graph_node_set_node_type (g->graph, node, type);
        }
      else if (strcmp (key, "output_data") == 0)
        {
          if (!read_items_member (r, g, token, key, &spans.output_start, &spans.output_len,
                                  &first_output, &n_outputs, error))
            return FALSE;
        }
      else if (strcmp (key, "input_data") == 0)
        {
          if (!read_items_member (r, g, token, key, &spans.input_start, &spans.input_len,
                                  &first_input, &n_inputs, error))
            return FALSE;
        }
      else if (strcmp (key, "upnode") == 0)
        {
          if (token == MSVIS_JSON_TOKEN_STRING)
            {
              text = msvis_json_scanner_get_string (r->scanner, NULL);
              upnode = strcmp (text, "None") == 0 ? NULL : msvis_graph_intern (g->graph, text);
            }
          else if (token != MSVIS_JSON_TOKEN_NULL)
            return wrong_type (r, token, key, _("a string"), error);
        }
      else if (strcmp (key, "subnodes") == 0)
        {
          if (!read_string_list (r, token, key, g->child_ids, g->graph, error))
            return FALSE;
        }
      else if (strcmp (key, "matched_node_link") == 0)
        {
          if (!read_link (r, g, token, &link, error))
            return FALSE;
        }
      else if (strcmp (key, "stack_info") == 0)
        {
          if (r->lazy
              ? !skip_span (r, token, key, MSVIS_JSON_TOKEN_BEGIN_ARRAY, &spans.stack_start,
                            &spans.stack_len, error)
              : !msvis_vis_node_reader_read_stack (r->node_reader, r->scanner, g->graph, token,
                                                   &stack, error))
            return FALSE;
        }
      else if (strcmp (key, "micro_step_id") == 0)
        {
          gint64 step;

          if (!read_small_int (r, token, key, G_MAXINT32, &step, error))
            return FALSE;
          msvis_graph_node_set_micro_step (g->graph, node, step);
        }
      else if (strcmp (key, "data") == 0)
        {
          if (!read_node_data_member (r, g, node, token, error))
            return FALSE;
        }
      else if (strcmp (key, "matched_distributed") == 0 ||
               strcmp (key, "parallel_merge_info") == 0)
        {
          MsvisJsonValue *value = msvis_json_value_read (msvis_graph_get_arena (g->graph),
                                                         r->scanner, token, error);

          if (value == NULL)
            return FALSE;
          if (key[0] == 'm')
            msvis_graph_node_set_distributed (g->graph, node, value);
          else
            msvis_graph_node_set_merge_info (g->graph, node, value);
        }
      else if (!skip (r, token, error))
        return FALSE;
    }

  run.n = g->child_ids->len - run.first;
  g_array_append_val (g->child_runs, run);
  g_ptr_array_add (g->upnodes, (char *)upnode);
  g_ptr_array_add (g->links, (char *)link);
  if (r->lazy)
    g_array_append_val (g->spans, spans);
  else
    {
      msvis_graph_node_set_items (g->graph, node, first_input, n_inputs, first_output,
                                  n_outputs);
      msvis_graph_node_set_stack (g->graph, node, stack);
    }
  return TRUE;
}

static gboolean
read_node_map (Reader          *r,
               GraphState      *g,
               MsvisJsonToken   token,
               GError         **error)
{
  if (token != MSVIS_JSON_TOKEN_BEGIN_OBJECT)
    return wrong_type (r, token, "node", _("an object"), error);
  if (g->has_node_map)
    return fail (r, error, MSVIS_READER_ERROR_INVALID_VALUE, _("a second “node” map"));
  g->has_node_map = TRUE;

  for (;;)
    {
      guint64 offset;
      MsvisNodeId node;
      const char *id;
      gsize length;

      if (!next (r, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        return TRUE;

      offset = msvis_json_scanner_get_token_offset (r->scanner);
      id = msvis_json_scanner_get_string (r->scanner, &length);
      if (!check_name (r, length, error))
        return FALSE;
      /* Everything refers to the root as node 0: the first node must be it. */
      if (g->offsets->len == 0)
        {
          if (g->root != NULL && strcmp (g->root, id) != 0)
            return fail (r, error, MSVIS_READER_ERROR_INVALID_VALUE,
                         _("the first node of the node map is not the root"));
          msvis_graph_set_root_id (g->graph, id);
          node = 0;
        }
      else if ((node = msvis_graph_add_node (g->graph, MSVIS_NODE_MODULE, id)) ==
               MSVIS_NODE_ID_NONE)
        return fail (r, error, MSVIS_READER_ERROR_INVALID_VALUE,
                     _("a node of this name is in the node map already"));
      g_array_append_val (g->offsets, offset);

      if (!next (r, &token, error))
        return FALSE;
      if (token != MSVIS_JSON_TOKEN_BEGIN_OBJECT)
        return wrong_type (r, token, id, _("an object"), error);
      if (!read_node_members (r, g, node, error))
        return FALSE;
    }
}

/* The members of Graph.to_dict, at the top level of a build or inside NPU and Bench. */
static gboolean
read_graph_member (Reader          *r,
                   GraphState      *g,
                   const char      *key,
                   MsvisJsonToken   token,
                   gboolean        *handled,
                   GError         **error)
{
  *handled = TRUE;
  if (strcmp (key, "root") == 0)
    {
      if (token != MSVIS_JSON_TOKEN_STRING)
        return wrong_type (r, token, key, _("a string"), error);
      g_free (g->root);
      g->root = g_strdup (msvis_json_scanner_get_string (r->scanner, NULL));
      return TRUE;
    }
  if (strcmp (key, "dump_data_dir") == 0)
    {
      if (token == MSVIS_JSON_TOKEN_STRING)
        msvis_graph_set_dump_data_dir (g->graph, msvis_json_scanner_get_string (r->scanner,
                                                                                 NULL));
      else if (token == MSVIS_JSON_TOKEN_NULL)
        msvis_graph_set_dump_data_dir (g->graph, NULL);
      else
        return wrong_type (r, token, key, _("a string"), error);
      return TRUE;
    }
  if (strcmp (key, "node") == 0)
    return read_node_map (r, g, token, error);

  *handled = FALSE;
  return TRUE;
}

static gboolean
read_graph_dict (Reader          *r,
                 GraphState      *g,
                 MsvisJsonToken   token,
                 GError         **error)
{
  if (token != MSVIS_JSON_TOKEN_BEGIN_OBJECT)
    return wrong_type (r, token, g->label, _("an object"), error);

  for (;;)
    {
      g_autofree char *key = NULL;
      gboolean handled;

      if (!next (r, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        return TRUE;
      key = g_strdup (msvis_json_scanner_get_string (r->scanner, NULL));
      if (!next (r, &token, error))
        return FALSE;
      if (!read_graph_member (r, g, key, token, &handled, error))
        return FALSE;
      if (!handled && !skip (r, token, error))
        return FALSE;
    }
}

static gboolean
read_match_nodes (Reader          *r,
                  const char      *key,
                  MsvisJsonToken   token,
                  GHashTable     **table,
                  GError         **error)
{
  if (token != MSVIS_JSON_TOKEN_BEGIN_OBJECT)
    return wrong_type (r, token, key, _("an object"), error);

  g_clear_pointer (table, g_hash_table_unref);
  *table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (;;)
    {
      g_autofree char *name = NULL;

      if (!next (r, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        return TRUE;
      name = g_strdup (msvis_json_scanner_get_string (r->scanner, NULL));
      if (!next (r, &token, error))
        return FALSE;
      if (token != MSVIS_JSON_TOKEN_STRING)
        return wrong_type (r, token, key, _("an object of strings"), error);
      g_hash_table_replace (*table, g_steal_pointer (&name),
                            g_strdup (msvis_json_scanner_get_string (r->scanner, NULL)));
    }
}

static gboolean
read_top_member (Reader          *r,
                 const char      *key,
                 MsvisJsonToken   token,
                 GError         **error)
{
  MsvisVisDocument *doc = r->document;
  gboolean handled;

  if (strcmp (key, "NPU") == 0)
    {
      msvis_vis_document_set_compare (doc, TRUE);
      return read_graph_dict (r, &r->npu, token, error);
    }
  if (strcmp (key, "Bench") == 0)
    return read_graph_dict (r, &r->bench, token, error);
  if (!read_graph_member (r, &r->single, key, token, &handled, error))
    return FALSE;
  if (handled)
    return TRUE;

  if (strcmp (key, "ToolTip") == 0 || strcmp (key, "task") == 0)
    {
      const char *text;

      if (token == MSVIS_JSON_TOKEN_NULL)
        return TRUE;
      if (token != MSVIS_JSON_TOKEN_STRING)
        return wrong_type (r, token, key, _("a string"), error);
      text = msvis_json_scanner_get_string (r->scanner, NULL);
      if (key[0] == 'T')
        msvis_vis_document_set_tooltip (doc, text);
      else
        msvis_vis_document_set_task (doc, text);
      return TRUE;
    }
  if (strcmp (key, "Colors") == 0)
    {
      MsvisJsonValue *colors = msvis_json_value_read (msvis_vis_document_get_arena (doc),
                                                      r->scanner, token, error);

      msvis_vis_document_set_colors (doc, colors);
      return colors != NULL;
    }
  if (strcmp (key, "MicroSteps") == 0)
    {
      if (!read_small_int (r, token, key, G_MAXINT32, &r->micro_steps, error))
        return FALSE;
      msvis_vis_document_set_has_micro_steps (doc, TRUE);
      return TRUE;
    }
  if (strcmp (key, "OverflowCheck") == 0)
    {
      /* tb_graph_ascend takes bool() of it */
      msvis_vis_document_set_overflow_check (doc, token == MSVIS_JSON_TOKEN_TRUE ||
                                                  (token == MSVIS_JSON_TOKEN_INT &&
                                                   msvis_json_scanner_get_int (r->scanner)
                                                   != 0));
      return skip (r, token, error);
    }
  if (strcmp (key, "npu_match_nodes") == 0)
    return read_match_nodes (r, key, token, &r->npu_match_nodes, error);
  if (strcmp (key, "bench_match_nodes") == 0)
    return read_match_nodes (r, key, token, &r->bench_match_nodes, error);

  return skip (r, token, error);
}

static gboolean
read_document (Reader  *r,
               GError **error)
{
  MsvisJsonToken token;

  /* An empty file is the scanner's error already. */
  if (!next (r, &token, error))
    return FALSE;
  if (token != MSVIS_JSON_TOKEN_BEGIN_OBJECT)
    return fail (r, error, MSVIS_READER_ERROR_INVALID_VALUE,
                 _("a .vis file holds one object, with “node” or “NPU” and “Bench”"));

  for (;;)
    {
      g_autofree char *key = NULL;

      if (!next (r, &token, error))
        return FALSE;
      if (token == MSVIS_JSON_TOKEN_END_OBJECT)
        break;
      key = g_strdup (msvis_json_scanner_get_string (r->scanner, NULL));
      if (!next (r, &token, error) || !read_top_member (r, key, token, error))
        return FALSE;
    }

  if (!next (r, &token, error))
    return FALSE;
  g_assert (token == MSVIS_JSON_TOKEN_EOF);
  return TRUE;
}

static gboolean
check_graph (Reader      *r,
             GraphState  *g,
             GError     **error)
{
  if (!msvis_vis_check_graph_nodes (r->name, g, error))
    return FALSE;

  /* MicroSteps numbers the NPU graph's root children (§3.7). */
  if (g != &r->bench && !msvis_reader_check_micro_steps (r->name, "MicroSteps", r->micro_steps,
                                                         msvis_graph_get_n_nodes (g->graph), error))
    return FALSE;
  msvis_graph_set_micro_steps (g->graph, r->micro_steps);
  return msvis_vis_resolve_hierarchy (r->name, g, error);
}

static gboolean
finish (Reader  *r,
        GFile   *file,
        GError **error)
{
  MsvisVisDocument *doc = r->document;

  if (!msvis_vis_document_is_compare (doc))
    {
      if (!check_graph (r, &r->single, error))
        return FALSE;
      msvis_vis_document_set_graphs (doc, g_steal_pointer (&r->single.graph), NULL);
      if (r->lazy)
        msvis_vis_node_data_set_lazy (doc, file, r->name, g_steal_pointer (&r->single.spans),
                                      NULL);
      return TRUE;
    }

  if (!check_graph (r, &r->npu, error) || !check_graph (r, &r->bench, error) ||
      !msvis_vis_resolve_links (r->name, &r->npu, &r->bench, error) ||
      !msvis_vis_resolve_links (r->name, &r->bench, &r->npu, error))
    return FALSE;

  msvis_vis_document_set_graphs (doc, g_steal_pointer (&r->npu.graph),
                                 g_steal_pointer (&r->bench.graph));
  if (r->lazy)
    msvis_vis_node_data_set_lazy (doc, file, r->name, g_steal_pointer (&r->npu.spans),
                                  g_steal_pointer (&r->bench.spans));
  return TRUE;
}

/**
 * msvis_vis_read:
 *
 * Reads a .vis file. Unless @flags has MSVIS_VIS_READ_ALL_DATA, node data is read when
 * msvis_vis_document_ensure_node_data() asks for it, from the same file.
 *
 * Returns: (transfer full): the document, or %NULL with @error naming the file and the place
 */
MsvisVisDocument *
msvis_vis_read (GFile              *file,
                MsvisVisReadFlags   flags,
                GCancellable       *cancellable,
                GError            **error)
{
  return msvis_vis_read_full (file, flags, NULL, cancellable, error);
}

/**
 * msvis_vis_read_full:
 * @progress: (nullable): told the part of the file read so far
 *
 * msvis_vis_read() with progress.
 */
MsvisVisDocument *
msvis_vis_read_full (GFile              *file,
                     MsvisVisReadFlags   flags,
                     MsvisProgress      *progress,
                     GCancellable       *cancellable,
                     GError            **error)
{
  g_autoptr(MsvisVisDocument) document = msvis_vis_document_new ();
  Reader r = { 0 };
  gboolean ok;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  r.scanner = msvis_json_scanner_new_for_file (file, cancellable, error);
  if (r.scanner == NULL)
    return NULL;
  if (progress != NULL)
    {
      g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                     G_FILE_QUERY_INFO_NONE, cancellable, NULL);

      /* Without a size the bar simply stays put: progress is no reason to fail. */
      if (info != NULL)
        msvis_json_scanner_set_progress (r.scanner, progress, g_file_info_get_size (info));
    }
  r.document = document;
  r.lazy = (flags & MSVIS_VIS_READ_ALL_DATA) == 0;
  r.name = g_file_get_parse_name (file);
  r.node_reader = msvis_vis_node_reader_new ();
  r.micro_steps = 1;
  msvis_vis_graph_state_init (&r.single, NULL, r.lazy);
  msvis_vis_graph_state_init (&r.npu, "NPU", r.lazy);
  msvis_vis_graph_state_init (&r.bench, "Bench", r.lazy);

  ok = read_document (&r, error) && finish (&r, file, error);

  msvis_json_scanner_free (r.scanner);
  msvis_vis_node_reader_free (r.node_reader);
  msvis_vis_graph_state_clear (&r.single);
  msvis_vis_graph_state_clear (&r.npu);
  msvis_vis_graph_state_clear (&r.bench);
  g_free (r.name);
  if (ok)
    msvis_vis_document_set_match_nodes (document, g_steal_pointer (&r.npu_match_nodes),
                                        g_steal_pointer (&r.bench_match_nodes));
  g_clear_pointer (&r.npu_match_nodes, g_hash_table_unref);
  g_clear_pointer (&r.bench_match_nodes, g_hash_table_unref);

  return ok ? g_steal_pointer (&document) : NULL;
}
