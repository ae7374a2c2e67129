// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>


#include "msvis-node-details-private.h"
#include "msvis-metric-cells.h"
#include "msvis-vis-format.h"

/* What the panel copies out of a node's items: the statistics columns in tb_graph_ascend's
 * order (md5 only in an md5 compare, as msprobe writes it), and the metric columns a compare
 * appends (vis-format.md §4.3–§4.6), in the order the items have them. */
static const char *const stat_names[] = {
  "dtype", "shape", "Max", "Min", "Mean", "Norm", "value", "md5"
};
#define VALUE_STAT 6   /* the value of an argument that is not a tensor (or a group's ranks) */
static const char *const metric_names[] = {
  "Max diff", "Min diff", "Mean diff", "L2norm diff",
  "MaxRelativeErr", "MinRelativeErr", "MeanRelativeErr", "NormRelativeErr",
  "Cosine", "EucDist", "MaxAbsErr", "One Thousandth Err Ratio", "Five Thousandths Err Ratio",
  "Result",
};

typedef struct
{
  MsvisGraph          *graph;
  MsvisNodeId          node;
  const char          *id;
  gsize                id_len;
  MsvisCompareResults *results;   /* nullable */
} Side;

static void
pair_clear (gpointer data)
{
  MsvisDetailsPair *pair = data;

  for (guint i = 0; i < G_N_ELEMENTS (pair->sides); i++)
    {
      g_free (pair->sides[i].name);
      g_strfreev (pair->sides[i].values);
    }
  g_strfreev (pair->metrics);
}

static void
data_clear (gpointer mem)
{
  MsvisDetailsData *data = mem;

  g_ptr_array_unref (data->stat_columns);
  g_ptr_array_unref (data->metric_columns);
  g_hash_table_unref (data->tooltips);
  g_array_unref (data->rows);
  g_strfreev (data->stacks[0]);
  g_strfreev (data->stacks[1]);
}

MsvisDetailsData *
_msvis_details_data_ref (MsvisDetailsData *data)
{
  return g_rc_box_acquire (data);
}

void
_msvis_details_data_unref (MsvisDetailsData *data)
{
  g_rc_box_release_full (data, data_clear);
}

static gboolean
is_one_of (const char        *name,
           const char *const *names,
           guint              n)
{
  for (guint i = 0; i < n; i++)
    if (strcmp (name, names[i]) == 0)
      return TRUE;
  return FALSE;
}

static void
add_column (GPtrArray  *columns,
            const char *name)
{
  if (!g_ptr_array_find_with_equal_func (columns, name, g_str_equal, NULL))
    g_ptr_array_add (columns, g_strdup (name));
}

static void
collect_item_columns (const Side *side,
                      guint32     item,
                      gboolean   *stat_seen,
                      GPtrArray  *metric_columns)
{
  const MsvisItem *record = msvis_graph_get_item (side->graph, item);
  const MsvisField *fields = msvis_graph_get_fields (side->graph, record);
  const MsvisField *metrics = NULL;
  guint n_metrics = 0;

  for (guint i = 0; i < record->n_fields; i++)
    {
      const char *name = msvis_graph_atom_name (side->graph, fields[i].name);

      for (guint s = 0; s < G_N_ELEMENTS (stat_names); s++)
        if (strcmp (name, stat_names[s]) == 0)
          stat_seen[s] = TRUE;
      if (strcmp (name, "group_ranks") == 0)
        stat_seen[VALUE_STAT] = TRUE;
      if (is_one_of (name, metric_names, G_N_ELEMENTS (metric_names)))
        add_column (metric_columns, name);
    }

  /* A compare made in memory keeps its metrics beside the graph, not in the items. */
  if (side->results != NULL)
    metrics = msvis_compare_results_get_metrics (side->results, item, &n_metrics);
  for (guint i = 0; i < n_metrics; i++)
    add_column (metric_columns, msvis_graph_atom_name (side->graph, metrics[i].name));
}

static void
collect_columns (MsvisDetailsData *data,
                 const Side       *sides,
                 gboolean          keep_md5)
{
  gboolean stat_seen[G_N_ELEMENTS (stat_names)] = { FALSE };

  for (guint s = 0; s < data->n_sides; s++)
    {
      guint32 first, n;

      first = msvis_graph_node_get_inputs (sides[s].graph, sides[s].node, &n);
      for (guint32 i = 0; i < n; i++)
        collect_item_columns (&sides[s], first + i, stat_seen, data->metric_columns);
      first = msvis_graph_node_get_outputs (sides[s].graph, sides[s].node, &n);
      for (guint32 i = 0; i < n; i++)
        collect_item_columns (&sides[s], first + i, stat_seen, data->metric_columns);
    }

  for (guint s = 0; s < G_N_ELEMENTS (stat_names); s++)
    if (stat_seen[s] && (keep_md5 || strcmp (stat_names[s], "md5") != 0))
      {
        if (s == VALUE_STAT)
          data->value_column = data->stat_columns->len;
        g_ptr_array_add (data->stat_columns, g_strdup (stat_names[s]));
      }
}

/* The value of @name in @item (its own fields, then the compare's metrics), or "". */
static char *
dup_item_value (const Side *side,
                guint32     item,
                const char *name)
{
  const MsvisItem *record = msvis_graph_get_item (side->graph, item);
  const MsvisField *fields = msvis_graph_get_fields (side->graph, record);
  const MsvisField *metrics = NULL;
  guint n_metrics = 0;

  for (guint i = 0; i < record->n_fields; i++)
    if (strcmp (msvis_graph_atom_name (side->graph, fields[i].name), name) == 0)
      return msvis_metric_format_field (&fields[i]);

  if (side->results != NULL)
    metrics = msvis_compare_results_get_metrics (side->results, item, &n_metrics);
  for (guint i = 0; i < n_metrics; i++)
    if (strcmp (msvis_graph_atom_name (side->graph, metrics[i].name), name) == 0)
      return msvis_metric_format_field (&metrics[i]);

  /* A process group has no value but its ranks (vis-format.md §5.5). */
  if (strcmp (name, "value") == 0)
    return dup_item_value (side, item, "group_ranks");
  return g_strdup ("");
}

/* Whether the NPU and Bench values of an argument that is not a tensor differ, and whether
 * the file judged that: msprobe 26 makes a scalar mismatch an error (Result "error",
 * msprobe-2026.md §7.4), an md5 compare says "Different"; a 2025 summary compare does not
 * judge one, so it is shown, not coloured as an error. */
static MsvisValuesCheck
check_values (const MsvisDetailsData *data,
              const MsvisDetailsPair *pair)
{
  const char *npu, *bench;

  if (data->n_sides < 2 || data->value_column < 0 || pair->sides[0].name == NULL
      || pair->sides[1].name == NULL)
    return MSVIS_VALUES_AGREE;
  npu = pair->sides[0].values[data->value_column];
  bench = pair->sides[1].values[data->value_column];
  if (g_strcmp0 (npu, bench) == 0)
    return MSVIS_VALUES_AGREE;
  for (guint m = 0; m < data->metric_columns->len; m++)
    if (strcmp (g_ptr_array_index (data->metric_columns, m), "Result") == 0
        && (strcmp (pair->metrics[m], "error") == 0
            || strcmp (pair->metrics[m], "Different") == 0))
      return MSVIS_VALUES_DIFFER_ERROR;
  return MSVIS_VALUES_DIFFER;
}

static char **
dup_values (const Side *side,
            guint32     item,
            GPtrArray  *columns)
{
  char **values = g_new0 (char *, columns->len + 1);

  for (guint i = 0; i < columns->len; i++)
    values[i] = dup_item_value (side, item, g_ptr_array_index (columns, i));
  return values;
}

static void
fill_side (MsvisDetailsData *data,
           const Side       *side,
           guint32           item,
           MsvisDetailsSide *out)
{
  const char *key = msvis_graph_get_item (side->graph, item)->key;

  /* tb_graph_ascend shows the key without "<node id>.": input.0, parameters.weight. */
  if (strncmp (key, side->id, side->id_len) == 0 && key[side->id_len] == '.')
    key += side->id_len + 1;
  out->name = g_strdup (key);
  out->values = dup_values (side, item, data->stat_columns);
}

static char **
empty_values (guint n)
{
  char **values = g_new0 (char *, n + 1);

  for (guint i = 0; i < n; i++)
    values[i] = g_strdup ("");
  return values;
}

/* Items are paired by position, inputs with inputs and outputs with outputs, as
 * tb_graph_ascend pairs them; the metrics belong to the NPU item. */
static void
add_pairs (MsvisDetailsData *data,
           const Side       *sides,
           const guint32    *first,
           const guint32    *n)
{
  guint n_pairs = n[0];

  if (data->n_sides == 2)
    n_pairs = MAX (n[0], n[1]);

  for (guint i = 0; i < n_pairs; i++)
    {
      MsvisDetailsPair pair = { .position = data->rows->len };

      for (guint s = 0; s < data->n_sides; s++)
        if (i < n[s])
          fill_side (data, &sides[s], first[s] + i, &pair.sides[s]);
        else
          pair.sides[s].values = empty_values (data->stat_columns->len);

      if (i < n[0])
        pair.metrics = dup_values (&sides[0], first[0] + i, data->metric_columns);
      else
        pair.metrics = empty_values (data->metric_columns->len);
      pair.values_check = check_values (data, &pair);
      g_array_append_val (data->rows, pair);
    }
}

static char **
dup_stack (const Side *side)
{
  guint32 stack = msvis_graph_node_get_stack (side->graph, side->node);
  guint n_lines = 0;
  const char *const *lines = msvis_graph_get_stack (side->graph, stack, &n_lines);
  char **frames = g_new0 (char *, n_lines + 1);

  for (guint i = 0; i < n_lines; i++)
    frames[i] = g_strdup (lines[i]);
  return frames;
}

/* The ToolTip member: column name -> explanation. A document without a readable one simply
 * has no header tooltips. */
static void
fill_tooltips (GHashTable       *tooltips,
               MsvisVisDocument *doc)
{
  guint n;
  const MsvisTooltipEntry *entries = msvis_vis_document_get_tooltip_entries (doc, &n);

  for (guint i = 0; i < n; i++)
    g_hash_table_replace (tooltips, g_strdup (entries[i].name), g_strdup (entries[i].text));
}

static void
find_worst (MsvisDetailsData *data)
{
  double worst = 0.;

  data->worst_row = -1;
  data->worst_metric = -1;
  data->worst_badness = 0.;
  for (guint r = 0; r < data->rows->len; r++)
    {
      const MsvisDetailsPair *pair = &g_array_index (data->rows, MsvisDetailsPair, r);

      for (guint m = 0; m < data->metric_columns->len; m++)
        {
          double b = msvis_metric_badness (g_ptr_array_index (data->metric_columns, m),
                                     pair->metrics[m]);

          /* Strictly worse: a table in full agreement highlights nothing, and ties keep
           * the first cell in file order. */
          if (b > worst)
            {
              worst = b;
              data->worst_badness = b;
              data->worst_row = r;
              data->worst_metric = m;
            }
        }
    }
}

static MsvisDetailsData *
data_new (void)
{
  MsvisDetailsData *data = g_rc_box_new0 (MsvisDetailsData);

  data->stat_columns = g_ptr_array_new_with_free_func (g_free);
  data->metric_columns = g_ptr_array_new_with_free_func (g_free);
  data->tooltips = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  data->rows = g_array_new (FALSE, TRUE, sizeof (MsvisDetailsPair));
  g_array_set_clear_func (data->rows, pair_clear);
  data->worst_row = -1;
  data->worst_metric = -1;
  data->value_column = -1;
  return data;
}

static void
side_init (Side       *side,
           MsvisGraph *graph,
           MsvisNodeId node)
{
  side->graph = graph;
  side->node = node;
  side->id = msvis_graph_node_get_id (graph, node);
  side->id_len = strlen (side->id);
  side->results = msvis_graph_get_compare_results (graph);
}

/* Called with the document locked: nothing else adds items meanwhile. */
typedef struct
{
  const Side *sides;
  guint       n_sides;
} Build;

/* A MsvisVisNodeDataRead: runs while no other thread loads node data. */
static gpointer
data_build (MsvisVisDocument *doc,
            gpointer          user_data)
{
  const Build *build = user_data;
  const Side *sides = build->sides;
  guint n_sides = build->n_sides;
  MsvisDetailsData *data = data_new ();
  guint32 first[2] = { 0, 0 }, n[2] = { 0, 0 };

  data->n_sides = n_sides;
  collect_columns (data, sides, g_strcmp0 (msvis_vis_document_get_task (doc), "md5") == 0);

  for (guint s = 0; s < n_sides; s++)
    first[s] = msvis_graph_node_get_inputs (sides[s].graph, sides[s].node, &n[s]);
  add_pairs (data, sides, first, n);
  for (guint s = 0; s < n_sides; s++)
    first[s] = msvis_graph_node_get_outputs (sides[s].graph, sides[s].node, &n[s]);
  add_pairs (data, sides, first, n);

  for (guint s = 0; s < n_sides; s++)
    data->stacks[s] = dup_stack (&sides[s]);
  fill_tooltips (data->tooltips, doc);
  find_worst (data);
  return data;
}

/**
 * _msvis_details_data_read:
 * @nodes: a #MsvisDetailsNodes whose nodes' data the document holds
 *
 * A MsvisVisNodeDataRead for msvis_vis_document_read_nodes_async(): copies out what the panel
 * shows, while no other thread loads node data.
 *
 * Returns: (transfer full): a #MsvisDetailsData
 */
gpointer
_msvis_details_data_read (MsvisVisDocument *doc,
                          gpointer          nodes)
{
  const MsvisDetailsNodes *which = nodes;
  Side sides[2];
  guint n_sides = 0;

  if (which->npu != MSVIS_NODE_ID_NONE)
    side_init (&sides[n_sides++], msvis_vis_document_get_npu (doc), which->npu);
  if (which->bench != MSVIS_NODE_ID_NONE)
    side_init (&sides[n_sides++], msvis_vis_document_get_bench (doc), which->bench);
  return data_build (doc, &(Build) { sides, n_sides });
}

static void
append_cell (GString    *out,
             const char *text)
{
  /* Cells never break the table: tabs and newlines become spaces. */
  for (const char *p = text; *p != '\0'; p++)
    g_string_append_c (out, *p == '\t' || *p == '\n' || *p == '\r' ? ' ' : *p);
}

static void
append_side_line (GString                *out,
                  MsvisDetailsData       *data,
                  const MsvisDetailsPair *pair,
                  guint                   side)
{
  const MsvisDetailsSide *s = &pair->sides[side];

  append_cell (out, s->name ? s->name : "");
  if (data->n_sides == 2)
    {
      g_string_append_c (out, '\t');
      g_string_append (out, side == 0 ? "NPU" : "Bench");
    }
  for (guint i = 0; i < data->stat_columns->len; i++)
    {
      g_string_append_c (out, '\t');
      append_cell (out, s->values[i]);
    }
  for (guint i = 0; i < data->metric_columns->len; i++)
    {
      g_string_append_c (out, '\t');
      if (side == 0)
        append_cell (out, pair->metrics[i]);
    }
  g_string_append_c (out, '\n');
}

/**
 * _msvis_details_data_to_tsv:
 * @rows: (nullable): #MsvisDetailsRow in the order to copy (as sorted on screen); %NULL:
 *   file order
 *
 * The table as tab-separated text with a header line, one line per side of each pair, so
 * that a spreadsheet gets tb_graph_ascend's alternating NPU and Bench rows.
 */
char *
_msvis_details_data_to_tsv (MsvisDetailsData *data,
                            GListModel       *rows)
{
  GString *out = g_string_new ("Name");
  guint n = rows ? g_list_model_get_n_items (rows) : data->rows->len;

  if (data->n_sides == 2)
    g_string_append (out, "\tSide");
  for (guint i = 0; i < data->stat_columns->len; i++)
    g_string_append_printf (out, "\t%s", (char *)g_ptr_array_index (data->stat_columns, i));
  for (guint i = 0; i < data->metric_columns->len; i++)
    g_string_append_printf (out, "\t%s", (char *)g_ptr_array_index (data->metric_columns, i));
  g_string_append_c (out, '\n');

  for (guint r = 0; r < n; r++)
    {
      guint index = r;
      const MsvisDetailsPair *pair;

      if (rows != NULL)
        {
          g_autoptr(MsvisDetailsRow) row = g_list_model_get_item (rows, r);

          index = _msvis_details_row_get_index (row);
        }
      pair = &g_array_index (data->rows, MsvisDetailsPair, index);
      for (guint s = 0; s < data->n_sides; s++)
        append_side_line (out, data, pair, s);
    }
  return g_string_free (out, FALSE);
}

/* Whether @text is a float as Python's str() writes one: digits with a point or an exponent,
 * nothing else (not an int, a percent, a shape, "inf" or "nan"). */
static gboolean
is_float_text (const char *text)
{
  gboolean digit = FALSE, point = FALSE;

  for (const char *p = text; *p != '\0'; p++)
    if (g_ascii_isdigit (*p))
      digit = TRUE;
    else if (*p == '.' || *p == 'e' || *p == 'E')
      point = TRUE;
    else if (*p != '-' && *p != '+')
      return FALSE;
  return digit && point;
}

/**
 * _msvis_details_format_cell:
 *
 * What a table cell shows of @text: a .vis.db keeps a float's seventeen digits
 * ("-3.10712493956089e-07"), which a column cuts to "-3.1071…" and loses the exponent;
 * shown as the .vis writer prints it ("-3.107125e-07"), both eras of a compare read alike.
 * The full text stays in the data, for tooltips and Copy.
 *
 * Returns: (transfer full): the text to show
 */
char *
_msvis_details_format_cell (const char *text)
{
  MsvisField field = { .kind = MSVIS_VALUE_FLOAT };
  GString *out;
  char *end = NULL;

  if (text == NULL || !is_float_text (text))
    return g_strdup (text ? text : "");
  field.f = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (field.f))
    return g_strdup (text);
  out = g_string_new (NULL);
  msvis_vis_format_value (out, &field);
  return g_string_free (out, FALSE);
}
