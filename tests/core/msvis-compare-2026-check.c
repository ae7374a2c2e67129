// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-compare-2026-check.h"
#include "msvis-py-repr.h"

/* What the 2026 compare tests check against mindstudio-probe 26.0.0's tb_nodes rows, with a
 * small §8 formatter of their own (msprobe-2026.md §8.2), so that the check does not depend
 * on the .vis.db writer. */

/* str() of a value after _format_data's str rules: quotes dropped, None as null, long
 * decimals cut to six places (msprobe-2026.md §8.2). */
static char *
format_str (const char *text)
{
  g_autoptr(GRegex) decimal = g_regex_new ("^\\d{1,20}\\.\\d{1,20}%?$", 0, 0, NULL);
  g_autofree char *no_quotes = NULL;
  g_auto(GStrv) parts = g_strsplit (text, "'", -1);
  char *joined, *result;

  no_quotes = g_strjoinv ("", parts);
  g_strfreev (parts);
  parts = g_strsplit (no_quotes, "None", -1);
  joined = g_strjoinv ("null", parts);
  if (g_regex_match (decimal, joined, 0, NULL))
    {
      gboolean percent = g_str_has_suffix (joined, "%");
      const char *dot = strchr (joined, '.');
      gsize decimals = strlen (dot + 1) - (percent ? 1 : 0);

      if (decimals > 6)
        {
          result = g_strdup_printf ("%.6f%s", g_ascii_strtod (joined, NULL),
                                    percent ? "%" : "");
          g_free (joined);
          return result;
        }
    }
  return joined;
}

static char *
format_field (const MsvisField *field)
{
  g_autoptr(GString) out = g_string_new (NULL);

  switch ((MsvisValueKind)field->kind)
    {
    case MSVIS_VALUE_NONE:
      return g_strdup ("null");
    case MSVIS_VALUE_BOOL:
      return g_strdup (field->b ? "True" : "False");
    case MSVIS_VALUE_INT:
      return g_strdup_printf ("%" G_GINT64_FORMAT, field->i);
    case MSVIS_VALUE_FLOAT:
      msvis_py_append_float_repr (out, field->f);
      return g_strdup (out->str);
    case MSVIS_VALUE_PERCENT:
      msvis_py_append_float_repr (out, field->f);
      g_string_append_c (out, '%');
      return format_str (out->str);
    case MSVIS_VALUE_STR:
      return format_str (field->s);
    case MSVIS_VALUE_OBJECT:
    default:
      return g_strdup (field->s);
    }
}

/* The keys msprobe 26 appends in @mode (msprobe-2026.md §7.6). */
static gboolean
is_metric_key (const char *key,
               const char *task)
{
  static const char *const summary[] = {
    "Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr", "MinRelativeErr",
    "MeanRelativeErr", "NormRelativeErr", "Requires_grad Consistent", "Result", "Err_message",
    NULL,
  };
  static const char *const md5[] = { "Result", "Requires_grad Consistent", "Err_message", NULL };
  static const char *const all[] = {
    "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio",
    "Five Thousandths Err Ratio", "Requires_grad Consistent", "Result", "Err_message", NULL,
  };
  const char *const *keys = strcmp (task, "md5") == 0 ? md5
                          : strcmp (task, "all") == 0 ? all : summary;

  return g_strv_contains (keys, key);
}

/* "key=value\n" of the metric keys of each item of a node's input_data or output_data in
 * msprobe's row, "item {collapsed}\n" for an item formatted to {"value": "null"}. */
static char *
reference_metrics (sqlite3    *db,
                   const char *name,
                   gint        step,
                   gint        rank,
                   gboolean    inputs,
                   const char *task)
{
  g_autofree char *sql = g_strdup_printf (
    "SELECT i.key, k.key, k.value, (SELECT count(*) FROM json_each(i.value)) "
    "FROM tb_nodes, json_each(%s) AS i, json_each(i.value) AS k "
    "WHERE data_source = 'NPU' AND node_name = ?1 AND step = ?2 AND rank = ?3 "
    "ORDER BY i.id, k.id", inputs ? "input_data" : "output_data");
  GString *out = g_string_new (NULL);
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_text (stmt, 1, name, -1, SQLITE_STATIC);
  sqlite3_bind_int (stmt, 2, step);
  sqlite3_bind_int (stmt, 3, rank);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      const char *item = (const char *)sqlite3_column_text (stmt, 0);
      const char *key = (const char *)sqlite3_column_text (stmt, 1);
      const char *value = (const char *)sqlite3_column_text (stmt, 2);

      if (sqlite3_column_int (stmt, 3) == 1 && strcmp (key, "value") == 0 &&
          g_strcmp0 (value, "null") == 0)
        g_string_append_printf (out, "%s {collapsed}\n", item);
      else if (is_metric_key (key, task))
        g_string_append_printf (out, "%s %s=%s\n", item, key, value ? value : "(NULL)");
    }
  sqlite3_finalize (stmt);
  return g_string_free (out, FALSE);
}

/* The same of msvis's node: the compare's fields after §8, and the collapse of an item
 * whose Max is null. */
char *
msvis_check_2026_metrics (MsvisGraph  *graph,
                          MsvisNodeId  node,
                          gboolean     inputs)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  guint32 max_atom = msvis_graph_atom (graph, "Max");
  guint32 type_atom = msvis_graph_atom (graph, "type");
  GString *out = g_string_new (NULL);
  guint32 n, first = inputs ? msvis_graph_node_get_inputs (graph, node, &n)
                            : msvis_graph_node_get_outputs (graph, node, &n);

  for (guint32 i = 0; i < n; i++)
    {
      const char *key = msvis_graph_get_item (graph, first + i)->key;
      const MsvisField *max = msvis_graph_item_find_field (graph, first + i, max_atom);
      g_autofree char *max_text = max ? format_field (max) : NULL;
      guint n_fields;
      const MsvisField *fields = msvis_compare_results_get_metrics (results, first + i,
                                                                    &n_fields);

      const MsvisField *type = msvis_graph_item_find_field (graph, first + i, type_atom);

      /* a process group keeps type, group_ranks, group_id and data_name only */
      if (type != NULL && type->kind == MSVIS_VALUE_STR &&
          strcmp (type->s, "torch.ProcessGroup") == 0)
        continue;
      if (g_strcmp0 (max_text, "null") == 0)
        {
          g_string_append_printf (out, "%s {collapsed}\n", key);
          continue;
        }
      for (guint f = 0; f < n_fields; f++)
        {
          g_autofree char *text = format_field (&fields[f]);

          g_string_append_printf (out, "%s %s=%s\n", key,
                                  msvis_graph_atom_name (graph, fields[f].name), text);
        }
    }
  return g_string_free (out, FALSE);
}

/* json.dumps of the path from the bench root to @node's counterpart, "[]" without one. */
static char *
made_link (MsvisGraph  *npu,
           MsvisGraph  *bench,
           MsvisNodeId  node)
{
  MsvisNodeId other = msvis_compare_results_get_link (msvis_graph_get_compare_results (npu),
                                                      node);
  g_autoptr(GPtrArray) path = g_ptr_array_new ();
  GString *out = g_string_new ("[");

  for (; other != MSVIS_NODE_ID_NONE; other = msvis_graph_node_get_parent (bench, other))
    g_ptr_array_insert (path, 0, (gpointer)msvis_graph_node_get_id (bench, other));
  for (guint i = 0; i < path->len; i++)
    g_string_append_printf (out, "%s\"%s\"", i ? ", " : "",
                            (const char *)g_ptr_array_index (path, i));
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

char *
msvis_check_2026_precision (MsvisGraph  *graph,
                            MsvisNodeId  node)
{
  MsvisPrecision p =
    msvis_compare_results_get_precision (msvis_graph_get_compare_results (graph), node);

  switch (p.kind)
    {
    case MSVIS_PRECISION_INT:   return g_strdup_printf ("integer %g", p.value);
    case MSVIS_PRECISION_FLOAT: return g_strdup_printf ("real %g", p.value);
    case MSVIS_PRECISION_NONE:
    default:                    return g_strdup ("null");
    }
}

static char *
reference_precision (sqlite3_stmt *stmt,
                     int           column)
{
  switch (sqlite3_column_type (stmt, column))
    {
    case SQLITE_INTEGER:
      return g_strdup_printf ("integer %g", sqlite3_column_double (stmt, column));
    case SQLITE_FLOAT:
      return g_strdup_printf ("real %g", sqlite3_column_double (stmt, column));
    default:             return g_strdup ("null");
    }
}

/**
 * msvis_check_2026_rows:
 * @all_nodes: also require msvis's graph to have no node msprobe has not
 *
 * Checks each NPU row msprobe 26 wrote for the graph of @step and @rank against msvis's node
 * of that name: its counterpart, its precision_index and the keys appended to its items.
 */
void
msvis_check_2026_rows (const char *case_name,
                       sqlite3    *db,
                       const char *task,
                       gint        step,
                       gint        rank,
                       MsvisGraph *npu,
                       MsvisGraph *bench,
                       gboolean    all_nodes)
{
  sqlite3_stmt *stmt = NULL;
  guint rows = 0;

  g_assert_cmpint (sqlite3_prepare_v2 (db, "SELECT node_name, matched_node_link, "
                                       "precision_index FROM tb_nodes WHERE data_source = "
                                       "'NPU' AND step = ?1 AND rank = ?2 ORDER BY node_order",
                                       -1, &stmt, NULL), ==, SQLITE_OK);
  sqlite3_bind_int (stmt, 1, step);
  sqlite3_bind_int (stmt, 2, rank);
  while (sqlite3_step (stmt) == SQLITE_ROW)
    {
      const char *name = (const char *)sqlite3_column_text (stmt, 0);
      MsvisNodeId node = msvis_graph_lookup (npu, name);
      g_autofree char *expected_precision = reference_precision (stmt, 2);
      g_autofree char *made_p = NULL, *link = NULL, *expected = NULL, *made = NULL;

      rows++;
      if (node == MSVIS_NODE_ID_NONE)
        g_error ("%s: msprobe 26 has node %s, msvis has not", case_name, name);
      made_p = msvis_check_2026_precision (npu, node);
      link = made_link (npu, bench, node);
      expected = g_strdup_printf ("%s: link %s, precision_index %s", name,
                                  (const char *)sqlite3_column_text (stmt, 1),
                                  expected_precision);
      made = g_strdup_printf ("%s: link %s, precision_index %s", name, link, made_p);
      g_assert_cmpstr (made, ==, expected);
      for (int inputs = 0; inputs <= 1; inputs++)
        {
          g_autofree char *m = msvis_check_2026_metrics (npu, node, inputs);
          g_autofree char *e = reference_metrics (db, name, step, rank, inputs, task);

          g_assert_cmpstr (m, ==, e);
        }
    }
  sqlite3_finalize (stmt);
  g_assert_cmpuint (rows, >, 0);
  if (all_nodes)
    g_assert_cmpuint (rows, ==, msvis_graph_get_n_nodes (npu));
}
