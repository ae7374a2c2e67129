// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-json-writer.h"
#include "msvis-merge-json-private.h"

/* `graph_visualize --file_type json` (msprobe-2026.md §1.7, GraphJsonExporter.to_json
 * @8ff00da3): a merged graph written back as a dump folder, step{s}/rank{r}/ with
 * construct.json, dump.json and stack.json as json.dump(obj, indent=2) writes them, so that
 * msprobe and msvis read it as any dump. */

/* A node's subnodes as msprobe lists them: the list the merge set, else its children. */
static GArray *
subnodes_of (MsvisGraph  *graph,
             MsvisNodeId  node)
{
  GArray *list = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  guint n;
  const MsvisNodeId *set = msvis_graph_node_get_subnode_list (graph, node, &n);

  if (set != NULL)
    g_array_append_vals (list, set, n);
  else
    for (MsvisNodeId c = msvis_graph_node_get_first_child (graph, node); c != MSVIS_NODE_ID_NONE;
         c = msvis_graph_node_get_next_sibling (graph, c))
      g_array_append_val (list, c);
  return list;
}

typedef struct
{
  MsvisNodeId node;
  gboolean    expanded;
} Visit;

/**
 * msvis_merge_sorted_nodes:
 *
 * Graph.get_sorted_nodes (msprobe-2026.md §10.3): from the root through the subnode lists,
 * each child before its parent, a name once, at its first completion.
 *
 * Returns: (transfer full) (element-type MsvisNodeId): the nodes in that order
 */
GArray *
msvis_merge_sorted_nodes (MsvisGraph *graph)
{
  GArray *order = g_array_new (FALSE, FALSE, sizeof (MsvisNodeId));
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Visit));
  g_autoptr(GHashTable) done = g_hash_table_new (g_str_hash, g_str_equal);
  Visit first = { msvis_graph_get_root (graph), FALSE };

  g_array_append_val (stack, first);
  while (stack->len > 0)
    {
      Visit v = g_array_index (stack, Visit, stack->len - 1);
      const char *id = msvis_graph_node_get_id (graph, v.node);

      g_array_set_size (stack, stack->len - 1);
      if (g_hash_table_contains (done, id))
        continue;
      if (v.expanded)
        {
          g_hash_table_add (done, (gpointer)id);
          g_array_append_val (order, v.node);
        }
      else
        {
          g_autoptr(GArray) subnodes = subnodes_of (graph, v.node);
          Visit again = { v.node, TRUE };

          g_array_append_val (stack, again);
          for (guint i = subnodes->len; i > 0; i--)
            {
              Visit child = { g_array_index (subnodes, MsvisNodeId, i - 1), FALSE };

              if (!g_hash_table_contains (done, msvis_graph_node_get_id (graph, child.node)))
                g_array_append_val (stack, child);
            }
        }
    }
  return order;
}

/* _build_construct_dict: {node: its upnode} for the nodes that have one. */
static MsvisJsonValue *
construct_json (MsvisArena *arena,
                MsvisGraph *graph,
                GArray     *sorted)
{
  MsvisJsonValue *construct = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);

  for (guint i = 0; i < sorted->len; i++)
    {
      MsvisNodeId node = g_array_index (sorted, MsvisNodeId, i);
      MsvisNodeId up = msvis_graph_node_get_parent (graph, node);

      if (up != MSVIS_NODE_ID_NONE)
        msvis_json_value_set_member (arena, construct, msvis_graph_node_get_id (graph, node),
                                     msvis_json_value_new_string (arena,
                                                                  msvis_graph_node_get_id (graph,
                                                                                           up)));
    }
  return construct;
}

/* _build_stack_dict: {"0": [[nodes], [lines]], …}, one group per distinct stack. */
static MsvisJsonValue *
stack_json (MsvisArena *arena,
            MsvisGraph *graph,
            GArray     *sorted)
{
  MsvisJsonValue *stacks = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
  g_autoptr(GHashTable) groups = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < sorted->len; i++)
    {
      MsvisNodeId node = g_array_index (sorted, MsvisNodeId, i);
      guint32 stack = msvis_graph_node_get_stack (graph, node);
      MsvisJsonValue *group;
      guint n_lines;
      const char *const *lines = msvis_graph_get_stack (graph, stack, &n_lines);

      if (stack == 0 || n_lines == 0)
        continue;
      group = g_hash_table_lookup (groups, GUINT_TO_POINTER (stack));
      if (group == NULL)
        {
          g_autofree char *key = g_strdup_printf ("%u", g_hash_table_size (groups));
          MsvisJsonValue *text = msvis_json_value_new (arena, MSVIS_JSON_ARRAY);

          group = msvis_json_value_new (arena, MSVIS_JSON_ARRAY);
          msvis_json_value_append (group, msvis_json_value_new (arena, MSVIS_JSON_ARRAY));
          for (guint j = 0; j < n_lines; j++)
            msvis_json_value_append (text, msvis_json_value_new_string (arena, lines[j]));
          msvis_json_value_append (group, text);
          msvis_json_value_set_member (arena, stacks, key, group);
          g_hash_table_insert (groups, GUINT_TO_POINTER (stack), group);
        }
      msvis_json_value_append (group->first,
                               msvis_json_value_new_string (arena,
                                                            msvis_graph_node_get_id (graph,
                                                                                     node)));
    }
  return stacks;
}

static MsvisJsonValue *
member_or (MsvisArena           *arena,
           const MsvisJsonValue *dump,
           const char           *key,
           const char           *fallback)
{
  const MsvisJsonValue *v = dump->kind == MSVIS_JSON_OBJECT
    ? msvis_json_value_get_member (dump, key) : NULL;

  return v != NULL ? msvis_json_value_copy (arena, v)
                   : msvis_json_value_new_string (arena, fallback);
}

/* Graph.data_path: dump_data_dir as the builder kept it, moved next to construct.json in the
 * 2026 era (msprobe-2026.md §2.7); null stays null. */
static MsvisJsonValue *
data_path (MsvisArena *arena,
           MsvisGraph *graph)
{
  gboolean is_null = FALSE;
  const char *dir = msvis_graph_get_dump_data_dir (graph, &is_null);

  return is_null || dir == NULL ? msvis_json_value_new (arena, MSVIS_JSON_NULL)
                                : msvis_json_value_new_string (arena, dir);
}

static gboolean
write_file (GFile                *dir,
            const char           *name,
            const MsvisJsonValue *value,
            GCancellable         *cancellable,
            GError              **error)
{
  g_autoptr(GFile) file = g_file_get_child (dir, name);
  g_autoptr(GFileOutputStream) stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE,
                                                        cancellable, error);
  MsvisJsonWriter *writer;
  gboolean ok;

  if (stream == NULL)
    return FALSE;
  writer = msvis_json_writer_new (G_OUTPUT_STREAM (stream), 2, cancellable);
  msvis_json_writer_value (writer, value);
  ok = msvis_json_writer_finish (writer, error);
  msvis_json_writer_free (writer);
  return ok && g_output_stream_close (G_OUTPUT_STREAM (stream), cancellable, error);
}

/**
 * msvis_merge_write_json:
 * @graph: a merged graph (msvis_graph_merge())
 * @rank_dir: the dump folder of the rank the merged graph is named after: its dump.json
 *   gives task, level, framework and the entries to copy (dump_data_dir is the graph's)
 * @output_dir: -o; step{@step}/rank{@rank} is made in it
 *
 * GraphJsonExporter.to_json: writes construct.json, dump.json and stack.json.
 */
gboolean
msvis_merge_write_json (MsvisGraph    *graph,
                        GFile         *rank_dir,
                        GFile         *output_dir,
                        gint           step,
                        gint           rank,
                        GCancellable  *cancellable,
                        GError       **error)
{
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GFile) dump_file = g_file_get_child (rank_dir, "dump.json");
  g_autofree char *relative = g_strdup_printf ("step%d" G_DIR_SEPARATOR_S "rank%d", step, rank);
  g_autoptr(GFile) dir = g_file_resolve_relative_path (output_dir, relative);
  g_autofree char *dir_path = g_file_get_path (dir);
  g_autoptr(GArray) sorted = msvis_merge_sorted_nodes (graph);
  MsvisJsonValue *dump = msvis_json_value_parse_file (arena, dump_file, cancellable, error);
  MsvisJsonValue *out;

  if (dump == NULL)
    return FALSE;
  out = msvis_json_value_new (arena, MSVIS_JSON_OBJECT);
  msvis_json_value_set_member (arena, out, "task", member_or (arena, dump, "task", ""));
  msvis_json_value_set_member (arena, out, "level", member_or (arena, dump, "level", ""));
  msvis_json_value_set_member (arena, out, "framework",
                               member_or (arena, dump, "framework", "pytorch"));
  msvis_json_value_set_member (arena, out, "dump_data_dir", data_path (arena, graph));
  msvis_json_value_set_member (arena, out, "is_merged",
                               msvis_json_value_new (arena, MSVIS_JSON_BOOL));
  out->last->b = TRUE;
  msvis_json_value_set_member (arena, out, "data",
                               merge_json_data (arena, graph, sorted,
                                                dump->kind == MSVIS_JSON_OBJECT
                                                ? msvis_json_value_get_member (dump, "data")
                                                : NULL));

  if (g_mkdir_with_parents (dir_path, 0777) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* translators: a folder, then the system's reason */
                   _("Cannot create the folder %s: %s"), dir_path, g_strerror (saved));
      return FALSE;
    }
  return write_file (dir, "construct.json", construct_json (arena, graph, sorted), cancellable,
                     error) &&
         write_file (dir, "dump.json", out, cancellable, error) &&
         write_file (dir, "stack.json", stack_json (arena, graph, sorted), cancellable, error);
}
