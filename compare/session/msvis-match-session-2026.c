// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-json-writer.h"
#include "msvis-match-db26-private.h"
#include "msvis-match-session-private.h"

/* A session on a mindstudio-probe 26.0.0 .vis.db shows what its viewer would show after a
 * match: MatchedNodeCalculator's metrics on the NPU items (the same code msvis match runs,
 * msvis-match-db26-calc.c) and its precision_index, and no collection indexed again. Items
 * read from the file hold the texts it stores; the keys added come back as the file will hold
 * them, numbers as their JSON text. An extra bench item's "Nan" item is not shown until the
 * file is saved and read again: a node's items cannot grow in place. */

static MsvisJsonValue *
items_json (MsvisArena  *arena,
            MsvisGraph  *graph,
            guint32      first,
            guint32      n)
{
  MsvisJsonValue *object = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);

  for (guint32 i = first; i < first + n; i++)
    {
      const MsvisItem *item = msvis_graph_get_item (graph, i);
      const MsvisField *fields = msvis_graph_get_fields (graph, item);
      MsvisJsonValue *value = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);

      for (guint32 f = 0; f < item->n_fields; f++)
        if (fields[f].kind == MSVIS_VALUE_OBJECT || fields[f].kind == MSVIS_VALUE_STR)
          msvis_json_value_set_member (arena, value,
                                       msvis_graph_atom_name (graph, fields[f].name),
                                       msvis_json_value_new_string (arena, fields[f].s));
      msvis_json_value_set_member (arena, object, item->key, value);
    }
  return object;
}

static const char *
member_text (MsvisGraph           *graph,
             const MsvisJsonValue *value)
{
  MsvisJsonWriter *writer;
  g_autoptr(GString) text = NULL;

  if (value->kind == MSVIS_JSON_STRING)
    return msvis_graph_intern (graph, value->s);
  writer = msvis_json_writer_new_compact ();
  msvis_json_writer_value (writer, value);
  text = msvis_json_writer_end_fragment (writer);
  return msvis_graph_intern (graph, text->str);
}

/* The NPU items get the members the calculation left on them, in their order. */
static void
write_back (MsvisGraph           *graph,
            guint32               first,
            guint32               n,
            const MsvisJsonValue *object)
{
  g_autoptr(GArray) fields = g_array_new (FALSE, FALSE, sizeof (MsvisField));

  for (guint32 i = first; i < first + n; i++)
    {
      const MsvisItem *item = msvis_graph_get_item (graph, i);
      const MsvisJsonValue *value = msvis_json_value_get_member (object, item->key);

      if (value == NULL || value->kind != MSVIS_JSON_OBJECT)
        continue;
      g_array_set_size (fields, 0);
      msvis_json_value_foreach (member, value)
        {
          g_autofree char *name = g_strndup (member->key, member->key_len);
          MsvisField field = { msvis_graph_atom (graph, name), MSVIS_VALUE_OBJECT };

          field.s = member_text (graph, member);
          g_array_append_val (fields, field);
        }
      msvis_graph_item_set_fields (graph, i,
                                   msvis_graph_add_fields (graph, (MsvisField *)fields->data,
                                                           fields->len),
                                   fields->len);
    }
}

static void
node_items (MsvisArena      *arena,
            MsvisGraph      *graph,
            MsvisNodeId      node,
            MsvisDb26Items  *items,
            guint32          range[4])
{
  range[0] = msvis_graph_node_get_inputs (graph, node, &range[1]);
  range[2] = msvis_graph_node_get_outputs (graph, node, &range[3]);
  items->input = items_json (arena, graph, range[0], range[1]);
  items->output = items_json (arena, graph, range[2], range[3]);
}

/**
 * _msvis_match_session_compare_2026:
 *
 * get_db_statistics_compare_result (or the md5 or tensor one) on the pair, as the viewer
 * runs it; real data with the tensor folders the session found.
 *
 * Returns: %FALSE when a tensor file cannot be read; the pair is then left as it was
 */
gboolean
_msvis_match_session_compare_2026 (MsvisMatchSession  *self,
                                   MsvisNodeId         npu_node,
                                   MsvisNodeId         bench_node,
                                   GError            **error)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  MsvisDb26Items npu, bench;
  guint32 n_range[4], b_range[4];
  MsvisIndicatorMode mode = self->mode == MSVIS_COMPARE_MD5 ? MSVIS_INDICATOR_MD5
                            : self->mode == MSVIS_COMPARE_REAL_DATA ? MSVIS_INDICATOR_ALL
                            : MSVIS_INDICATOR_SUMMARY;
  MsvisDb26Dirs dirs = { self->npu_tensor_dir, self->bench_tensor_dir, self->reads };
  MsvisLevel level;
  MsvisPrecision precision = { MSVIS_PRECISION_INT, 0 };

  node_items (arena, self->npu, npu_node, &npu, n_range);
  node_items (arena, self->bench, bench_node, &bench, b_range);
  if (!_msvis_match_db26_calculate (arena, &npu, &bench, mode,
                                    mode == MSVIS_INDICATOR_ALL ? &dirs : NULL, &level, error))
    return FALSE;
  if (mode != MSVIS_INDICATOR_MD5)
    {
      write_back (self->npu, n_range[0], n_range[1], npu.input);
      write_back (self->npu, n_range[2], n_range[3], npu.output);
    }
  if (level == MSVIS_LEVEL_WARNING)
    precision = (MsvisPrecision) { MSVIS_PRECISION_FLOAT, 0.5 };
  else if (level == MSVIS_LEVEL_ERROR)
    precision.value = 1;
  msvis_compare_results_set_precision (msvis_graph_get_compare_results (self->npu), npu_node,
                                       precision);
  return TRUE;
}

/* delete_matched_node_data on the NPU items; precision_index is cleared by the caller. */
void
_msvis_match_session_strip_2026 (MsvisMatchSession *self,
                                 MsvisNodeId        npu_node)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  MsvisDb26Items npu;
  guint32 range[4];

  if (self->mode == MSVIS_COMPARE_MD5)
    return;
  node_items (arena, self->npu, npu_node, &npu, range);
  _msvis_match_db26_strip (arena, &npu);
  write_back (self->npu, range[0], range[1], npu.input);
  write_back (self->npu, range[2], range[3], npu.output);
}
