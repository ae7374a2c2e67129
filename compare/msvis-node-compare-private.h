// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-node-compare.h"
#include "msvis-py-number.h"
#include "msvis-real-data.h"

G_BEGIN_DECLS

/* What msvis-node-compare.c (rows, get_accuracy) and msvis-node-compare-precision.c (the
 * precision index of each mode) share. The small accessors are inline: they run for every
 * item of every compared node. */

/* merge_tensor sorts items into these by their state. */
enum
{
  CAT_INPUT,
  CAT_OUTPUT,
  CAT_PARAMS,
  CAT_PARAMS_GRAD,
  N_CATS,
};

enum
{
  ATOM_STATE,
  ATOM_MAX,
  ATOM_MIN,
  ATOM_MEAN,
  ATOM_NORM,
  ATOM_MD5,
  ATOM_SHAPE,
  ATOM_DATA_NAME,
  N_ATOMS,
};

#define N_SUMMARY_COLUMNS 8
#define N_REAL_DATA_COLUMNS 6
#define MAX_COLUMNS 8

typedef struct
{
  MsvisGraph *graph;
  guint32     atoms[N_ATOMS];
  GArray     *ops;            /* item indices: input_data, then output_data */
  guint       n_inputs;
  GArray     *cats[N_CATS];   /* item indices per state, in order */
} Side;

/* One row of get_accuracy, reduced to the columns the .vis takes from it. */
typedef struct
{
  gboolean   present;
  gboolean   to_output;   /* grouped into the output dict: ".output." in its name */
  guint      n;
  MsvisField fields[MAX_COLUMNS];
} Row;

/* What differs between msprobe's eras once two matched nodes' items are loaded: the rows of
 * get_accuracy, what is appended to the NPU items and how the precision_index is judged.
 * @run compares a loaded pair; @finish_node judges a node of a real-data compare after
 * every tensor was compared. The July model lives in msvis-node-compare.c, the 2026 one in
 * msvis-node-compare-2026.c. */
typedef struct
{
  gpointer (*state_new)   (MsvisNodeCompare *self);
  void     (*state_free)  (gpointer          state);
  void     (*run)         (MsvisNodeCompare *self,
                           MsvisNodeId       npu_node);
  void     (*finish_node) (MsvisNodeCompare *self,
                           MsvisNodeId       npu_node);
} MsvisPrecisionModel;

extern const MsvisPrecisionModel _msvis_precision_model_2026;

struct _MsvisNodeCompare
{
  const MsvisPrecisionModel *model;
  gpointer         model_state;
  gboolean         parallel_merge;   /* msprobe 26 judges merged graphs without shapes */
  MsvisCompareMode mode;
  Side             npu;
  Side             bench;
  GArray          *rows;      /* Row per position in npu.ops */
  guint32          column_atoms[MAX_COLUMNS];
  guint32          result_atom;
  const char      *not_applicable;   /* "N/A" */
  const char      *nan;              /* "Nan" */
  const char      *blank;            /* " " */
  const char      *pass;
  const char      *different;
  const char      *unsupported;
  const char      *shape_unmatched;
  GString         *scratch;
  guint            store;            /* msvis_compare_results_set_metrics_in()'s */
  MsvisRealData   *real_data;        /* real-data mode: every row, by NPU name */
  GArray          *compared;         /* real-data mode: MsvisNodeId with rows, in order */
};

static inline const MsvisField *
side_field (Side    *side,
            guint32  item,
            guint    atom)
{
  return msvis_graph_item_find_field (side->graph, item, side->atoms[atom]);
}

static inline guint32
op_at (Side  *side,
       guint  position)
{
  return g_array_index (side->ops, guint32, position);
}

static inline MsvisField
str_field (const char *text)
{
  MsvisField field = { .kind = MSVIS_VALUE_STR, .s = text };

  return field;
}

/* A field as msprobe's .get() gives it: None where the item has none. */
static inline MsvisField
copy_or_none (const MsvisField *field)
{
  MsvisField none = { .kind = MSVIS_VALUE_NONE };

  return field != NULL ? *field : none;
}

/* The row an item finds when msprobe looks its key up in the input or the output dict. */
static inline const Row *
row_for (MsvisNodeCompare *self,
         guint             position,
         gboolean          in_output_dict)
{
  const Row *row = &g_array_index (self->rows, Row, position);

  return row->present && row->to_output == in_output_dict ? row : NULL;
}

static inline void
attach (MsvisNodeCompare *self,
        guint             position,
        const Row        *row)
{
  msvis_compare_results_set_metrics_in (msvis_graph_get_compare_results (self->npu.graph),
                                        self->store, op_at (&self->npu, position),
                                        row->fields, row->n);
}

void          _msvis_node_compare_side_load   (Side             *side,
                                               MsvisNodeId       node);
guint32       _msvis_node_compare_struct_at    (Side             *side,
                                               int               cat,
                                               guint             index);
void          _msvis_node_compare_difference  (MsvisNodeCompare *self,
                                               const MsvisField *n,
                                               const MsvisField *b,
                                               MsvisField       *diff,
                                               MsvisField       *relative);
const char   *_msvis_node_compare_data_name   (Side             *side,
                                               guint32           item);
MsvisField    _msvis_node_compare_metric_field (MsvisNodeCompare       *self,
                                                const MsvisMetricValue *value);
MsvisPyNumber _msvis_node_compare_summary_side (MsvisNodeCompare *self,
                                               guint             start,
                                               guint             end,
                                               gboolean          output);
MsvisPyNumber _msvis_node_compare_md5_side     (MsvisNodeCompare *self,
                                               guint             start,
                                               guint             end,
                                               gboolean          output);
MsvisPyNumber _msvis_node_compare_real_data_index (MsvisNodeCompare *self,
                                                  guint             start,
                                                  guint             end);

G_END_DECLS
