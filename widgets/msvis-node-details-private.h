// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <adwaita.h>
#include <gtk/gtk.h>

#include "msvis-node-details.h"

#include "msvis-metric-cells.h"

#include "msvis-peer-levels.h"
#include "msvis-precision-buckets.h"
#include "msvis-stack-view.h"

G_BEGIN_DECLS

/* What the details panel shows of one selection, copied out of the graphs on the worker so
 * that the main thread never reads items while another thread may be loading some. Immutable
 * once the worker hands it over; shared by the panel and its row objects. */

typedef struct
{
  char  *name;     /* the item key without "<node id>."; NULL: no item at this position */
  char **values;   /* one per stat column, "" where the item has no such field */
} MsvisDetailsSide;

/* How the values of an argument that is not a tensor compare (the "value" column). */
typedef enum
{
  MSVIS_VALUES_AGREE,          /* or nothing to compare: a tensor, a side missing */
  MSVIS_VALUES_DIFFER,         /* and the file's msprobe did not judge it (2025 summary) */
  MSVIS_VALUES_DIFFER_ERROR,   /* and the file says so: Result error (2026) or Different (md5) */
} MsvisValuesCheck;

typedef struct
{
  guint             position;   /* in the node: inputs first, then outputs */
  MsvisDetailsSide  sides[2];   /* [0] NPU (or the only side), [1] Bench */
  char            **metrics;    /* one per metric column, "" where absent */
  MsvisValuesCheck  values_check;
} MsvisDetailsPair;

typedef struct
{
  guint       n_sides;          /* 2 when an NPU node and its Bench node are shown */
  GPtrArray  *stat_columns;     /* field names: dtype, shape, Max, …, value */
  gint        value_column;     /* the index of "value" in stat_columns, or -1 */
  GPtrArray  *metric_columns;   /* field names the compare added: Max diff, Cosine, … */
  GHashTable *tooltips;         /* column name -> the document's ToolTip text */
  GArray     *rows;             /* MsvisDetailsPair, in pairing order */
  gint        worst_row;        /* the cell that compares worst, or -1 */
  gint        worst_metric;
  double      worst_badness;    /* its distance from agreement: a fraction, or inf */
  char      **stacks[2];        /* frames per side; NULL where there is no such side */
} MsvisDetailsData;

/* The nodes whose details are read: the NPU node (or the node of a build), the Bench node;
 * either may be MSVIS_NODE_ID_NONE. */
typedef struct
{
  MsvisNodeId npu;
  MsvisNodeId bench;
} MsvisDetailsNodes;

gpointer          _msvis_details_data_read        (MsvisVisDocument *doc,
                                                   gpointer          nodes);
MsvisDetailsData *_msvis_details_data_ref          (MsvisDetailsData *data);
void              _msvis_details_data_unref        (MsvisDetailsData *data);
char             *_msvis_details_data_to_tsv       (MsvisDetailsData *data,
                                                    GListModel       *rows);
char             *_msvis_details_format_cell       (const char       *text);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MsvisDetailsData, _msvis_details_data_unref)

/* One table row for GtkColumnView: an index into shared data. */
#define MSVIS_TYPE_DETAILS_ROW (msvis_details_row_get_type ())
G_DECLARE_FINAL_TYPE (MsvisDetailsRow, msvis_details_row, MSVIS, DETAILS_ROW, GObject)

MsvisDetailsData       *_msvis_details_row_get_data  (MsvisDetailsRow *self);
const MsvisDetailsPair *_msvis_details_row_get_pair  (MsvisDetailsRow *self);
guint                   _msvis_details_row_get_index (MsvisDetailsRow *self);

/* The table: columns follow the data, so factories are made in code. */
void              _msvis_details_table_fill        (GtkColumnView    *view,
                                                    MsvisDetailsData *data);
void              _msvis_details_table_clear       (GtkColumnView    *view);

/* Header links (msvis-node-details-links.c) */
void              _msvis_details_append_node_link   (GString          *markup,
                                                     gboolean          is_bench,
                                                     MsvisNodeId       node,
                                                     const char       *text);
void              _msvis_details_append_source_rank (GString          *markup,
                                                     MsvisGraph       *graph,
                                                     MsvisNodeId       node,
                                                     gboolean          is_bench,
                                                     gboolean          label_side);
void              _msvis_details_append_merge_info  (GString          *markup,
                                                     MsvisGraph       *graph,
                                                     MsvisNodeId       node,
                                                     gboolean          is_bench,
                                                     gboolean          label_side);
void              _msvis_details_append_distributed (GString          *markup,
                                                     MsvisGraph       *graph,
                                                     MsvisNodeId       node,
                                                     GHashTable       *dots);

/* The communication peers' colours (msvis-node-details-peers.c). */
typedef struct _MsvisDetailsPeers MsvisDetailsPeers;

MsvisDetailsPeers *_msvis_details_peers_new        (void);
void               _msvis_details_peers_free       (MsvisDetailsPeers    *self);
void               _msvis_details_peers_set_levels (MsvisDetailsPeers    *self,
                                                    MsvisPeerLevels      *levels);
GHashTable        *_msvis_details_peers_get_dots   (MsvisDetailsPeers    *self);
void               _msvis_details_peers_request    (MsvisDetailsPeers    *self,
                                                    MsvisVisDocument     *doc,
                                                    const MsvisJsonValue *info,
                                                    void                (*changed) (gpointer owner),
                                                    gpointer              owner);

/* For tests: what the panel shows right now. */
const char       *_msvis_node_details_get_state    (MsvisNodeDetails *self);
const char       *_msvis_node_details_get_error    (MsvisNodeDetails *self);
MsvisDetailsData *_msvis_node_details_get_data     (MsvisNodeDetails *self);
GListModel       *_msvis_node_details_get_rows     (MsvisNodeDetails *self);
GtkWidget        *_msvis_node_details_get_table    (MsvisNodeDetails *self);
char             *_msvis_node_details_dup_header   (MsvisNodeDetails *self);

/* The widget's instance, shared by msvis-node-details.c and msvis-node-details-header.c. */
struct _MsvisNodeDetails
{
  GtkWidget         parent_instance;

  /* Template widgets */
  GtkStack         *state_stack;
  GtkLabel         *title_label;
  GtkLabel         *subtitle_label;
  GtkWidget        *counterpart_key;
  GtkLabel         *counterpart_label;
  GtkWidget        *precision_key;
  GtkWidget        *precision_box;
  GtkWidget        *swatch;
  GtkLabel         *precision_label;
  GtkLabel         *bucket_label;
  GtkWidget        *result_key;
  GtkLabel         *result_label;
  GtkWidget        *overflow_key;
  GtkLabel         *overflow_label;
  GtkWidget        *micro_step_key;
  GtkLabel         *micro_step_label;
  GtkWidget        *rank_key;
  GtkLabel         *rank_label;
  GtkWidget        *merge_key;
  GtkWidget        *merge_scroller;
  GtkLabel         *merge_label;
  GtkWidget        *distributed_key;
  GtkLabel         *distributed_label;
  GtkStack         *data_stack;
  GtkSpinner       *spinner;
  AdwStatusPage    *error_page;
  GtkWidget        *copy_button;
  GtkStack         *view_stack;
  GtkStack         *table_stack;
  GtkColumnView    *table;
  GtkLabel         *worst_label;
  MsvisStackView   *stack_view;

  /* Owned */
  MsvisVisDocument *doc;             /* nullable */
  MsvisBuckets     *buckets;         /* the legend of doc */
  MsvisDetailsData *data;            /* of the current nodes once loaded */
  GCancellable     *load_cancellable; /* replaced by every selection */
  guint             spinner_source;
  GdkRGBA           swatch_color;

  MsvisNodeId       npu;
  MsvisNodeId       bench;
  gboolean          hide_table;      /* a comparison panel shows the table instead */
  MsvisDetailsPeers *peers;          /* the communication peers' colours */
};

/* msvis-node-details-header.c */
void _msvis_node_details_fill_header (MsvisNodeDetails *self);
void _msvis_node_details_swatch_draw (GtkDrawingArea   *area,
                                      cairo_t          *cr,
                                      int               width,
                                      int               height,
                                      gpointer          user_data);

G_END_DECLS
