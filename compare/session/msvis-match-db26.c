// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-compare-error.h"
#include "msvis-json-scanner.h"
#include "msvis-json-writer.h"
#include "msvis-match-db26-private.h"
#include "msvis-match-db26.h"
#include "msvis-vis-db-rows.h"

/* The rows of the pairs, changed as tb_graph_ascend 26.0.0's MatchNodesController changes
 * them (match_nodes_model.py@8ff00da3): "by config" for matching, the unmatch button (which
 * also unlinks the forward/backward twin pair) for unmatching. */

typedef struct
{
  char           *name;
  gboolean        bench;
  gboolean        found;
  char           *node_type;
  char           *up_node;
  char           *link_last;    /* the last name of matched_node_link, NULL for none */
  char           *dump_data_dir;
  MsvisDb26Items  items;
  gboolean        touched;
  GPtrArray      *link;         /* what is written: the names of matched_node_link */
  MsvisLevel      level;
  gboolean        has_precision;
} Node;

typedef struct
{
  const MsvisMatchDb26Job *job;
  MsvisVisDbRows      *file;
  MsvisArena              *arena;
  MsvisJsonScanner        *scanner;
  GHashTable              *nodes[2];   /* name -> Node, NPU and Bench */
  GPtrArray               *touched;    /* Node, in the order they were first changed */
  GHashTable              *config[2];  /* the names the pairs give, per side */
  MsvisIndicatorMode       mode;
} Ctx;

static void
node_free (gpointer data)
{
  Node *node = data;

  g_free (node->name);
  g_free (node->node_type);
  g_free (node->up_node);
  g_free (node->link_last);
  g_free (node->dump_data_dir);
  g_clear_pointer (&node->link, g_ptr_array_unref);
  g_free (node);
}

static const char *
side_name (gboolean bench)
{
  return bench ? "Bench" : "NPU";
}

static MsvisJsonValue *
parse_items (Ctx         *ctx,
             const char  *text,
             const Node  *node,
             const char  *column,
             GError     **error)
{
  g_autofree char *where = g_strdup_printf ("%s: %s row “%s”, column %s", ctx->job->input,
                                            side_name (node->bench), node->name, column);
  MsvisJsonValue *value;
  MsvisJsonToken token;

  if (text == NULL || *text == '\0')
    return msvis_json_value_new (ctx->arena, MSVIS_JSON_OBJECT);
  msvis_json_scanner_set_name (ctx->scanner, where);
  msvis_json_scanner_set_span (ctx->scanner, text, strlen (text), 0);
  if (!msvis_json_scanner_next (ctx->scanner, &token, error) ||
      (value = msvis_json_value_read (ctx->arena, ctx->scanner, token, error)) == NULL ||
      !msvis_json_scanner_next (ctx->scanner, &token, error))
    return NULL;
  if (token != MSVIS_JSON_TOKEN_EOF || value->kind != MSVIS_JSON_OBJECT)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                   /* translators: a file, a row and a column of it */
                   _("%s: expected an object of items"), where);
      return NULL;
    }
  return value;
}

/* The last name of a matched_node_link, as the viewer's lists take it. */
static gboolean
parse_link (Ctx         *ctx,
            const char  *text,
            Node        *node,
            GError     **error)
{
  g_autofree char *where = g_strdup_printf ("%s: %s row “%s”, column matched_node_link",
                                            ctx->job->input, side_name (node->bench),
                                            node->name);
  MsvisJsonValue *value;
  MsvisJsonToken token;

  if (text == NULL || *text == '\0')
    return TRUE;
  msvis_json_scanner_set_name (ctx->scanner, where);
  msvis_json_scanner_set_span (ctx->scanner, text, strlen (text), 0);
  if (!msvis_json_scanner_next (ctx->scanner, &token, error) ||
      (value = msvis_json_value_read (ctx->arena, ctx->scanner, token, error)) == NULL)
    return FALSE;
  if (value->kind != MSVIS_JSON_ARRAY ||
      (value->last != NULL && value->last->kind != MSVIS_JSON_STRING))
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                   /* translators: a file, a row and a column of it */
                   _("%s: expected a list of node names"), where);
      return FALSE;
    }
  if (value->last != NULL)
    node->link_last = g_strdup (value->last->s);
  return TRUE;
}

/* The row of @name on one side, read once: later pairs see what earlier ones changed, as
 * the viewer's dict of the config's nodes does. */
static Node *
get_node (Ctx         *ctx,
          gboolean     bench,
          const char  *name,
          GError     **error)
{
  Node *node = g_hash_table_lookup (ctx->nodes[bench], name);
  g_auto(GStrv) row = NULL;

  if (node != NULL)
    return node;
  node = g_new0 (Node, 1);
  node->name = g_strdup (name);
  node->bench = bench;
  g_hash_table_insert (ctx->nodes[bench], node->name, node);
  if (!msvis_vis_db_rows_read_row (ctx->file, side_name (bench), name, &row, error))
    return NULL;
  if (row == NULL)
    return node;
  node->found = TRUE;
  node->node_type = g_strdup (row[0]);
  node->up_node = g_strdup (row[1]);
  node->dump_data_dir = g_strdup (row[5]);
  if ((node->items.input = parse_items (ctx, row[2], node, "input_data", error)) == NULL ||
      (node->items.output = parse_items (ctx, row[3], node, "output_data", error)) == NULL ||
      !parse_link (ctx, row[4], node, error))
    return NULL;
  return node;
}

static void
touch (Ctx  *ctx,
       Node *node)
{
  if (!node->touched)
    g_ptr_array_add (ctx->touched, node);
  node->touched = TRUE;
}

/* GraphUtils.get_parent_node_list over the config's nodes of one side: the node, then its
 * parents while they are nodes the config names, outermost first. */
static gboolean
set_link (Ctx         *ctx,
          Node        *node,
          Node        *other,
          GError     **error)
{
  Node *current = other;

  g_clear_pointer (&node->link, g_ptr_array_unref);
  node->link = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (node->link, g_strdup (other->name));
  while (current != NULL && current->up_node != NULL && current->up_node[0] != '\0')
    {
      const char *up = current->up_node;

      for (guint i = 0; i < node->link->len; i++)
        if (strcmp (g_ptr_array_index (node->link, i), up) == 0)
          {
            g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                         /* translators: a file, "NPU" or "Bench", a node name */
                         _("%s: the %s node “%s” is its own ancestor"), ctx->job->input,
                         side_name (other->bench), up);
            return FALSE;
          }
      g_ptr_array_insert (node->link, 0, g_strdup (up));
      current = NULL;
      if (g_hash_table_contains (ctx->config[other->bench], up) &&
          (current = get_node (ctx, other->bench, up, error)) == NULL)
        return FALSE;
    }
  g_free (node->link_last);
  node->link_last = g_strdup (other->name);
  return TRUE;
}

static void
clear_link (Node *node)
{
  g_clear_pointer (&node->link, g_ptr_array_unref);
  node->link = g_ptr_array_new_with_free_func (g_free);
  g_clear_pointer (&node->link_last, g_free);
  node->has_precision = FALSE;
}

/* Both nodes of an entry exist, each on its own side; else what the entry got wrong. */
static gboolean
find_pair (Ctx                  *ctx,
           const MsvisMatchPair *pair,
           Node                **npu,
           Node                **bench,
           GError              **error)
{
  for (guint side = 0; side < 2; side++)
    {
      const char *name = side ? pair->bench : pair->npu;
      Node *node, *other;

      if ((node = get_node (ctx, side, name, error)) == NULL)
        return FALSE;
      if (node->found)
        {
          *(side ? bench : npu) = node;
          continue;
        }
      if ((other = get_node (ctx, !side, name, error)) == NULL)
        return FALSE;
      if (other->found)
        g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                     /* translators: a file, an NPU and a Bench node name, the side a node is
                      * given for, the same name, the side it is on */
                     _("%s: entry “%s”: “%s”: the %s node “%s” is a node of the %s graph (a "
                       ".vis.config maps NPU node names to Bench node names)"),
                     ctx->job->origin, pair->npu, pair->bench, side_name (side), name,
                     side_name (!side));
      else
        g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                     /* translators: a file, an NPU and a Bench node name, "NPU" or "Bench",
                      * a step and a rank, a node name */
                     _("%s: entry “%s”: “%s”: the %s graph of step %d, rank %d has no node "
                       "“%s”"),
                     ctx->job->origin, pair->npu, pair->bench, side_name (side),
                     msvis_vis_db_rows_get_step (ctx->file),
                     msvis_vis_db_rows_get_rank (ctx->file), name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
linked (const Node *a,
        const Node *b)
{
  return a->link_last != NULL && strcmp (a->link_last, b->name) == 0 &&
         b->link_last != NULL && strcmp (b->link_last, a->name) == 0;
}

static gboolean
check_match (Ctx                  *ctx,
             const MsvisMatchPair *pair,
             Node                 *npu,
             Node                 *bench,
             GError              **error)
{
  if (linked (npu, bench))
    return TRUE;
  for (guint side = 0; side < 2; side++)
    {
      Node *node = side ? bench : npu;

      if (node->link_last != NULL)
        {
          g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                       /* translators: a file, an NPU and a Bench node name, "NPU" or
                        * "Bench", a node name, another node name */
                       _("%s: entry “%s”: “%s”: the %s node “%s” is already matched with "
                         "“%s”: unmatch it first"),
                       ctx->job->origin, pair->npu, pair->bench, side_name (side), node->name,
                       node->link_last);
          return FALSE;
        }
    }
  if (g_strcmp0 (npu->node_type, bench->node_type) != 0)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                   /* translators: a file, an NPU and a Bench node name, two node types */
                   _("%s: entry “%s”: “%s”: the nodes are of different types (%s and %s): "
                     "only nodes of the same type can be matched"),
                   ctx->job->origin, pair->npu, pair->bench, npu->node_type,
                   bench->node_type);
      return FALSE;
    }
  return TRUE;
}

/* MatchedNodeCalculator on the pair; in a real-data compare with the tensor files of the
 * folders the two rows name. */
static gboolean
calculate (Ctx                  *ctx,
           const MsvisMatchPair *pair,
           Node                 *npu,
           Node                 *bench,
           GError              **error)
{
  g_autofree char *npu_dir = NULL, *bench_dir = NULL;
  MsvisDb26Dirs dirs;
  gboolean ok;

  if (ctx->mode != MSVIS_INDICATOR_ALL)
    return _msvis_match_db26_calculate (ctx->arena, &npu->items, &bench->items, ctx->mode,
                                        NULL, &npu->level, error);
  ok = (npu_dir = _msvis_match_db26_find_tensor_dir (npu->dump_data_dir, ctx->job->input,
                                                     error)) != NULL &&
       (bench_dir = _msvis_match_db26_find_tensor_dir (bench->dump_data_dir, ctx->job->input,
                                                       error)) != NULL;
  dirs = (MsvisDb26Dirs) { npu_dir, bench_dir };
  ok = ok && _msvis_match_db26_calculate (ctx->arena, &npu->items, &bench->items, ctx->mode,
                                          &dirs, &npu->level, error);
  if (!ok)
    g_prefix_error (error, "%s: entry “%s”: “%s”: ", ctx->job->origin, pair->npu, pair->bench);
  return ok;
}

/* process_summary_task_add / process_md5_task_add / process_tensor_task_add. */
static gboolean
match_pair (Ctx                  *ctx,
            const MsvisMatchPair *pair,
            GError              **error)
{
  Node *npu = NULL, *bench = NULL;

  if (!find_pair (ctx, pair, &npu, &bench, error) ||
      !check_match (ctx, pair, npu, bench, error) ||
      !calculate (ctx, pair, npu, bench, error))
    return FALSE;
  npu->has_precision = TRUE;
  if (!set_link (ctx, npu, bench, error) || !set_link (ctx, bench, npu, error))
    return FALSE;
  bench->has_precision = FALSE;
  touch (ctx, npu);
  touch (ctx, bench);
  return TRUE;
}

/* get_opposite_node_name: forward for backward, or the other way round; a name with neither
 * is its own twin. */
char *
_msvis_match_db26_opposite_name (const char *name)
{
  gboolean forward = strstr (name, "forward") != NULL;
  g_auto(GStrv) parts = g_strsplit (name, forward ? "forward" : "backward", -1);

  return g_strjoinv (forward ? "backward" : "forward", parts);
}

/* process_summary_task_delete / process_md5_task_delete: @required for the pair named,
 * quietly nothing for a twin that is not matched. */
static gboolean
unmatch_pair (Ctx                  *ctx,
              const MsvisMatchPair *pair,
              gboolean              required,
              GError              **error)
{
  Node *npu = NULL, *bench = NULL;

  if (!required)
    {
      npu = get_node (ctx, FALSE, pair->npu, error);
      bench = npu != NULL ? get_node (ctx, TRUE, pair->bench, error) : NULL;
      if (bench == NULL)
        return FALSE;
      if (!npu->found || !bench->found || !linked (npu, bench))
        return TRUE;
    }
  else if (!find_pair (ctx, pair, &npu, &bench, error))
    return FALSE;
  if (!linked (npu, bench))
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                   /* translators: a file, an NPU and a Bench node name */
                   _("%s: entry “%s”: “%s”: the two nodes are not matched with each other"),
                   ctx->job->origin, pair->npu, pair->bench);
      return FALSE;
    }
  if (ctx->mode != MSVIS_INDICATOR_MD5)
    _msvis_match_db26_strip (ctx->arena, &npu->items);
  clear_link (npu);
  clear_link (bench);
  touch (ctx, npu);
  touch (ctx, bench);
  return TRUE;
}

static gboolean
apply (Ctx               *ctx,
       MsvisMatchChange  *change,
       GError           **error)
{
  for (guint i = 0; ctx->job->unlink != NULL && i < ctx->job->unlink->len; i++)
    {
      if (!unmatch_pair (ctx, g_ptr_array_index (ctx->job->unlink, i), TRUE, error))
        return FALSE;
      change->n_unlinked++;
    }
  for (guint i = 0; i < ctx->job->pairs->len; i++)
    {
      const MsvisMatchPair *pair = g_ptr_array_index (ctx->job->pairs, i);

      g_hash_table_add (ctx->config[0], pair->npu);
      g_hash_table_add (ctx->config[1], pair->bench);
    }
  for (guint i = 0; i < ctx->job->pairs->len; i++)
    {
      const MsvisMatchPair *pair = g_ptr_array_index (ctx->job->pairs, i);

      if (!ctx->job->unmatch)
        {
          if (!match_pair (ctx, pair, error))
            return FALSE;
          change->n_linked++;
        }
      else
        {
          MsvisMatchPair twin = { _msvis_match_db26_opposite_name (pair->npu),
                                 _msvis_match_db26_opposite_name (pair->bench) };
          gboolean ok = unmatch_pair (ctx, pair, TRUE, error) &&
                        unmatch_pair (ctx, &twin, FALSE, error);

          g_free (twin.npu);
          g_free (twin.bench);
          if (!ok)
            return FALSE;
          change->n_unlinked++;
        }
    }
  return TRUE;
}

static char *
to_json (const MsvisJsonValue *value)
{
  MsvisJsonWriter *writer = msvis_json_writer_new_compact ();
  GString *text;

  msvis_json_writer_value (writer, value);
  text = msvis_json_writer_end_fragment (writer);
  return g_string_free (text, FALSE);
}

static char *
link_json (const Node *node)
{
  MsvisJsonWriter *writer = msvis_json_writer_new_compact ();

  msvis_json_writer_begin_array (writer);
  for (guint i = 0; i < node->link->len; i++)
    msvis_json_writer_string (writer, g_ptr_array_index (node->link, i));
  msvis_json_writer_end_array (writer);
  return g_string_free (msvis_json_writer_end_fragment (writer), FALSE);
}

static gboolean
write_rows (Ctx     *ctx,
            GError **error)
{
  for (guint i = 0; i < ctx->touched->len; i++)
    {
      const Node *node = g_ptr_array_index (ctx->touched, i);
      MsvisVisDbRow row = { side_name (node->bench), node->name };
      gboolean ok;

      row.link = link_json (node);
      row.input = to_json (node->items.input);
      row.output = to_json (node->items.output);
      row.precision = (MsvisPrecision) { MSVIS_PRECISION_NONE, 0 };
      /* COMPARE_INDICATOR_TO_PRECISION_INDEX_MAPPING: int 0, float 0.5, int 1 */
      if (node->has_precision)
        row.precision = node->level == MSVIS_LEVEL_WARNING
                        ? (MsvisPrecision) { MSVIS_PRECISION_FLOAT, 0.5 }
                        : (MsvisPrecision) { MSVIS_PRECISION_INT,
                                             node->level == MSVIS_LEVEL_ERROR ? 1 : 0 };
      ok = msvis_vis_db_rows_update_row (ctx->file, &row, error);
      g_free (row.link);
      g_free (row.input);
      g_free (row.output);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/**
 * msvis_match_db26_run:
 * @change: (out): how many pairs were linked or unlinked
 *
 * All or nothing: an entry naming a node that is not there, or on the other side, or nodes
 * matched elsewhere, is an error and leaves no file behind.
 */
gboolean
msvis_match_db26_run (const MsvisMatchDb26Job  *job,
                      MsvisMatchChange         *change,
                      GError                  **error)
{
  g_autoptr(MsvisVisDbRows) file = NULL;
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  Ctx ctx = { job, NULL, arena, NULL, { NULL, NULL }, NULL, { NULL, NULL },
              MSVIS_INDICATOR_SUMMARY };
  const char *task;
  gboolean ok;

  *change = (MsvisMatchChange) { 0 };
  if ((file = msvis_vis_db_rows_open (job->input, job->output, job->step, job->rank,
                                          job->replace, error)) == NULL)
    return FALSE;
  task = msvis_vis_db_rows_get_task (file);
  /* The viewer matches and unmatches in summary, md5 and real-data ("all") compares; a
   * real-data pair is matched as its match button does it, from the tensor files. */
  if (!_msvis_match_db26_mode_of_task (task, &ctx.mode))
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
                   /* translators: a file name, then the file's task */
                   _("%s: nodes of a mindstudio-probe 26.0.0 compare of task “%s” cannot be "
                     "matched, as in its own viewer: only summary, md5 and all (real-data) "
                     "compares can"),
                   job->input, task != NULL ? task : "");
      return FALSE;
    }
  ctx.file = file;
  ctx.scanner = msvis_json_scanner_new_for_spans (job->input);
  ctx.nodes[0] = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, node_free);
  ctx.nodes[1] = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, node_free);
  ctx.config[0] = g_hash_table_new (g_str_hash, g_str_equal);
  ctx.config[1] = g_hash_table_new (g_str_hash, g_str_equal);
  ctx.touched = g_ptr_array_new ();

  ok = apply (&ctx, change, error) && write_rows (&ctx, error) &&
       msvis_vis_db_rows_commit (file, error);

  g_ptr_array_unref (ctx.touched);
  for (guint i = 0; i < 2; i++)
    {
      g_hash_table_unref (ctx.config[i]);
      g_hash_table_unref (ctx.nodes[i]);
    }
  msvis_json_scanner_free (ctx.scanner);
  return ok;
}
