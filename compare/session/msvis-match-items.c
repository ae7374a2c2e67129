// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-match-items.h"
#include "msvis-py-number.h"
#include "msvis-vis-format.h"

/* Fields an NPU item gets from a compare: msprobe's (summary, md5, real data) and the ones
 * tb_graph_ascend's own summary writes (ADD_MATCH_KEYS). Unlinking takes them away again. */
static const char *const metric_names[] = {
  "Max diff", "Min diff", "Mean diff", "L2norm diff", "MaxRelativeErr", "MinRelativeErr",
  "MeanRelativeErr", "NormRelativeErr", "Result", "Cosine", "EucDist", "MaxAbsErr",
  "One Thousandth Err Ratio", "Five Thousandths Err Ratio", "MinAbsErr", "MeanAbsErr",
  "NormAbsErr",
};

/* Fields compare_node reads, and how Python held them before _format_data printed them. */
static const char *const stat_names[] = { "Max", "Min", "Mean", "Norm" };
static const char *const text_names[] = { "state", "md5", "data_name", "type", "dtype" };

/* The typed value Python held before _format_data printed @text, if printing it again gives
 * @text exactly; otherwise the field stays the text it is. */
static gboolean
retype (const MsvisField *field,
        gboolean          stat,
        MsvisField       *typed)
{
  const char *text = field->s;
  g_autoptr(GString) again = g_string_new (NULL);
  double f;
  gint64 i;

  *typed = (MsvisField) { .name = field->name, .kind = MSVIS_VALUE_STR, .s = text };
  if (stat)
    {
      if (strcmp (text, "null") == 0)
        typed->kind = MSVIS_VALUE_NONE;
      else if (strcmp (text, "True") == 0 || strcmp (text, "False") == 0)
        *typed = (MsvisField) { .name = field->name, .kind = MSVIS_VALUE_BOOL,
                                .b = text[0] == 'T' };
      else if (msvis_py_parse_int (text, &i))
        *typed = (MsvisField) { .name = field->name, .kind = MSVIS_VALUE_INT, .i = i };
      else if (msvis_py_parse_float (text, strlen (text), &f))
        *typed = (MsvisField) { .name = field->name, .kind = MSVIS_VALUE_FLOAT, .f = f };
    }
  msvis_vis_format_value (again, typed);
  return strcmp (again->str, text) == 0;
}

static gboolean
atom_in (guint32        atom,
         const guint32 *atoms,
         guint          n)
{
  for (guint i = 0; i < n; i++)
    if (atoms[i] == atom)
      return TRUE;
  return FALSE;
}

/* An item msprobe printed as {"value": "null"} (its Max was None) kept its place among the
 * items compare_node pairs by state; the state is the part of its key after the node id. A
 * Max of None makes the writer print the same {"value": "null"} again. */
static gboolean
restore_collapsed (MsvisGraph       *graph,
                   MsvisNodeId       node,
                   const MsvisItem  *item,
                   GArray           *fields)
{
  static const char *const states[] = { "input", "output", "parameters", "parameters_grad" };
  const MsvisField *only = msvis_graph_get_fields (graph, item);
  const char *id = msvis_graph_node_get_id (graph, node);
  gsize id_len = strlen (id);
  const char *rest;
  MsvisField field;

  if (item->n_fields != 1 || only->name != msvis_graph_atom (graph, "value") ||
      only->kind != MSVIS_VALUE_OBJECT || strcmp (only->s, "null") != 0 ||
      strncmp (item->key, id, id_len) != 0 || item->key[id_len] != '.')
    return FALSE;
  rest = item->key + id_len + 1;
  for (guint i = G_N_ELEMENTS (states); i > 0; i--)
    {
      gsize len = strlen (states[i - 1]);

      if (strncmp (rest, states[i - 1], len) == 0 && (rest[len] == '.' || rest[len] == '\0'))
        {
          field = (MsvisField) { .name = msvis_graph_atom (graph, "state"),
                                 .kind = MSVIS_VALUE_STR,
                                 .s = msvis_graph_intern (graph, states[i - 1]) };
          g_array_append_val (fields, field);
          field = (MsvisField) { .name = msvis_graph_atom (graph, "Max"),
                                 .kind = MSVIS_VALUE_NONE };
          g_array_append_val (fields, field);
          return TRUE;
        }
    }
  return FALSE;
}

/* Items read from a file hold text (MSVIS_VALUE_OBJECT); compare_node needs what msprobe had
 * in memory. With @strip, an NPU item also loses the metric fields an earlier compare gave it,
 * in the file or in the results. */
void
msvis_match_prepare_items (MsvisGraph  *graph,
                           MsvisNodeId  node,
                           gboolean     strip)
{
  MsvisCompareResults *results = msvis_graph_ensure_compare_results (graph);
  guint32 metric_atoms[G_N_ELEMENTS (metric_names)];
  guint32 stat_atoms[G_N_ELEMENTS (stat_names)];
  guint32 text_atoms[G_N_ELEMENTS (text_names)];
  g_autoptr(GArray) fields = g_array_new (FALSE, FALSE, sizeof (MsvisField));

  for (guint i = 0; i < G_N_ELEMENTS (metric_names); i++)
    metric_atoms[i] = msvis_graph_atom (graph, metric_names[i]);
  for (guint i = 0; i < G_N_ELEMENTS (stat_names); i++)
    stat_atoms[i] = msvis_graph_atom (graph, stat_names[i]);
  for (guint i = 0; i < G_N_ELEMENTS (text_names); i++)
    text_atoms[i] = msvis_graph_atom (graph, text_names[i]);

  for (guint run = 0; run < 2; run++)
    {
      guint32 n, first = run == 0 ? msvis_graph_node_get_inputs (graph, node, &n)
                                  : msvis_graph_node_get_outputs (graph, node, &n);

      for (guint32 index = first; index < first + n; index++)
        {
          const MsvisItem *item = msvis_graph_get_item (graph, index);
          gboolean changed = FALSE;

          g_array_set_size (fields, 0);
          for (guint32 f = 0; f < item->n_fields; f++)
            {
              MsvisField field = msvis_graph_get_fields (graph, item)[f];
              gboolean stat = atom_in (field.name, stat_atoms, G_N_ELEMENTS (stat_atoms));
              MsvisField typed;

              if (strip && atom_in (field.name, metric_atoms, G_N_ELEMENTS (metric_atoms)))
                {
                  changed = TRUE;
                  continue;
                }
              if (field.kind == MSVIS_VALUE_OBJECT &&
                  (stat || atom_in (field.name, text_atoms, G_N_ELEMENTS (text_atoms))) &&
                  retype (&field, stat, &typed))
                {
                  field = typed;
                  changed = TRUE;
                }
              g_array_append_val (fields, field);
            }
          if (restore_collapsed (graph, node, item, fields))
            changed = TRUE;
          if (changed)
            msvis_graph_item_set_fields (graph, index,
                                         msvis_graph_add_fields (graph,
                                                                 (MsvisField *)fields->data,
                                                                 fields->len),
                                         fields->len);
          if (strip)
            msvis_compare_results_set_metrics (results, index, NULL, 0);
        }
    }
}
