// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-merge-test-util.h"
#include "msvis-vis-reader.h"
#include "msvis-vis-writer.h"

struct _MergeTestDump
{
  GString *construct;
  GString *data;
};

MergeTestDump *
merge_test_dump_new (void)
{
  MergeTestDump *dump = g_new0 (MergeTestDump, 1);

  dump->construct = g_string_new (NULL);
  dump->data = g_string_new (NULL);
  return dump;
}

void
merge_test_dump_free (MergeTestDump *dump)
{
  g_string_free (dump->construct, TRUE);
  g_string_free (dump->data, TRUE);
  g_free (dump);
}

/* One dump.json entry ({"input_args": …} without the braces) and its construct.json line. */
void
merge_test_dump_entry (MergeTestDump *dump,
                       const char    *name,
                       const char    *parent,
                       const char    *body_format,
                       ...)
{
  g_autofree char *body = NULL;
  va_list args;

  va_start (args, body_format);
  body = g_strdup_vprintf (body_format, args);
  va_end (args);
  if (dump->construct->len > 0)
    g_string_append (dump->construct, ", ");
  g_string_append_printf (dump->construct, parent ? "\"%s\": \"%s\"" : "\"%s\": null", name,
                          parent);
  if (dump->data->len > 0)
    g_string_append (dump->data, ", ");
  g_string_append_printf (dump->data, "\"%s\": {%s}", name, body);
}

void
merge_test_dump_write (MergeTestDump *dump,
                       const char    *dir)
{
  g_autofree char *construct = g_strdup_printf ("{%s}", dump->construct->str);

  msvis_test_write_dump (dir, construct, dump->data->str, NULL);
}

/* Strings that live until the test ends. */
static const char *
keep (char *text)
{
  g_test_queue_free (text);
  return text;
}

/* A float32 tensor; the statistics are JSON numbers as written ("2.0", "1e-07"). */
const char *
merge_test_tensor (const char *max,
                   const char *min,
                   const char *mean,
                   const char *norm)
{
  return keep (g_strdup_printf ("{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", "
                                "\"shape\": [2, 2], \"Max\": %s, \"Min\": %s, \"Mean\": %s, "
                                "\"Norm\": %s, \"requires_grad\": false}", max, min, mean, norm));
}

/* The group kwarg of a collective: "[0, 1]" */
const char *
merge_test_group (const char *ranks)
{
  return keep (g_strdup_printf ("\"group\": {\"type\": \"torch.ProcessGroup\", "
                                "\"group_ranks\": %s, \"group_id\": \"g\"}", ranks));
}

/**
 * merge_test_run:
 * @root: a folder of rank0 … rank{n_ranks-1}, each a dump
 *
 * Builds every rank and merges them.
 *
 * Returns: (transfer full) (element-type MsvisMergeResult): what msvis_graph_merge() gives
 */
GArray *
merge_test_run (const char  *root,
                guint        n_ranks,
                gint         rank_size,
                gint         tp,
                gint         pp,
                gint         vpp,
                GError     **error)
{
  MsvisMergeParams params = { rank_size, tp, pp, vpp };
  g_autofree MsvisMergeInput *inputs = g_new0 (MsvisMergeInput, n_ranks);
  GArray *results;

  for (guint i = 0; i < n_ranks; i++)
    {
      g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, i);

      inputs[i].rank = i;
      inputs[i].graph = msvis_test_build (dir, FALSE, error);
      g_assert_nonnull (inputs[i].graph);
    }
  results = msvis_graph_merge (inputs, n_ranks, &params, FALSE, "compare.json", NULL, error);
  for (guint i = 0; i < n_ranks; i++)
    g_object_unref (inputs[i].graph);
  return results;
}

/* The .vis a build writes for @graph, parsed; it lives until the test ends. The viewer's
 * reader must take it too, with what a merge leaves (upnodes that disagree, nodes listed
 * twice). */
const MsvisJsonValue *
merge_test_written (MsvisGraph *graph)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = g_build_filename (dir, "out.vis", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GError) error = NULL;
  MsvisVisOptions options = { 0 };
  MsvisArena *arena = msvis_arena_new ();
  g_autoptr(MsvisVisDocument) doc = NULL;
  const MsvisJsonValue *value;

  stream = g_file_create (file, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (msvis_vis_write_build (graph, &options, G_OUTPUT_STREAM (stream), NULL,
                                        &error));
  g_assert_no_error (error);
  g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, &error);
  g_assert_no_error (error);
  doc = msvis_vis_read (file, MSVIS_VIS_READ_DEFAULT, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (msvis_graph_get_n_nodes (msvis_vis_document_get_npu (doc)), ==,
                    msvis_graph_get_n_listed (graph));
  value = msvis_json_value_parse_file (arena, file, NULL, &error);
  g_assert_no_error (error);
  g_test_queue_destroy ((GDestroyNotify)msvis_arena_free, arena);
  return value;
}

const MsvisJsonValue *
merge_test_node (const MsvisJsonValue *written,
                 const char           *id)
{
  const MsvisJsonValue *nodes = msvis_json_value_get_member (written, "node");

  return nodes ? msvis_json_value_get_member (nodes, id) : NULL;
}

/* A list of strings as "a|b|c". */
char *
merge_test_strings (const MsvisJsonValue *list)
{
  GString *text = g_string_new (NULL);

  g_assert_nonnull (list);
  g_assert_cmpint (list->kind, ==, MSVIS_JSON_ARRAY);
  msvis_json_value_foreach (item, list)
    {
      if (text->len > 0)
        g_string_append_c (text, '|');
      g_string_append (text, msvis_json_value_get_string (item));
    }
  return g_string_free (text, FALSE);
}

/* A statistic as written: node @id, "input_data" or "output_data", item @key. */
const char *
merge_test_stat (const MsvisJsonValue *written,
                 const char           *id,
                 const char           *side,
                 const char           *key,
                 const char           *stat)
{
  const MsvisJsonValue *node = merge_test_node (written, id);
  const MsvisJsonValue *items = node ? msvis_json_value_get_member (node, side) : NULL;
  const MsvisJsonValue *item = items ? msvis_json_value_get_member (items, key) : NULL;

  return item ? msvis_json_value_get_string (msvis_json_value_get_member (item, stat)) : NULL;
}

/* A pipeline stage: the model with two layers of its own (numbered from 0 on every stage),
 * forward then backward; the last stage also has a final norm. */
void
merge_test_write_stage (const char *root,
                        guint       rank,
                        gboolean    last)
{
  g_autoptr(MergeTestDump) dump = merge_test_dump_new ();
  g_autofree char *dir = g_strdup_printf ("%s/rank%u", root, rank);
  g_autofree char *max = g_strdup_printf ("%u.0", rank + 2);
  const char *same = merge_test_tensor ("1.0", "-1.0", "0.5", "2.0");
  const char *own = merge_test_tensor (max, "-1.0", "0.5", "2.0");
  const char *gpt = "Module.model.GPT.forward.0", *gpt_b = "Module.model.GPT.backward.0";

  merge_test_dump_entry (dump, gpt, NULL, "\"input_args\": [%s], \"output\": [%s]", same, own);
  for (guint l = 0; l < 2; l++)
    {
      g_autofree char *layer = g_strdup_printf ("Module.model.layers.%u.Layer.forward.0", l);
      g_autofree char *api = g_strdup_printf ("Torch.matmul.%u.forward", l);

      merge_test_dump_entry (dump, layer, gpt, "\"input_args\": [%s], \"output\": [%s]", own,
                             own);
      merge_test_dump_entry (dump, api, layer, "\"input_args\": [%s], \"output\": [%s]", own,
                             own);
    }
  if (last)
    merge_test_dump_entry (dump, "Module.model.final_norm.Norm.forward.0", gpt,
                           "\"input_args\": [%s], \"output\": [%s]", own, own);
  merge_test_dump_entry (dump, gpt_b, NULL, "\"input\": [%s], \"output\": [%s]", own, own);
  for (guint l = 2; l > 0; l--)
    {
      g_autofree char *layer = g_strdup_printf ("Module.model.layers.%u.Layer.backward.0", l - 1);

      merge_test_dump_entry (dump, layer, gpt_b, "\"input\": [%s], \"output\": [%s]", same,
                             same);
    }
  merge_test_dump_write (dump, dir);
}
