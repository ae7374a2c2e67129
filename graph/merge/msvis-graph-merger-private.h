// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph-merger.h"

G_BEGIN_DECLS

/* The merge works on msprobe's object model, not on MsvisGraph rows: graph_merger.py moves
 * nodes between graphs, renames them, lets two nodes share one data dict and leaves node_map
 * and the tree disagreeing, and every one of those shows in the .vis it writes. Each rank
 * graph is loaded into MergeNodes (one per row, pointing into the rank graph for everything
 * the merge does not touch), merged, and the results are made into new MsvisGraphs. */

typedef struct _MergeNode  MergeNode;
typedef struct _MergeGraph MergeGraph;
typedef struct _Merger     Merger;

/* The statistics dict of one tensor: an item of a rank graph. Dicts share them, so a change
 * made through one node shows in every node that has it (see merge_param_set_stat()). */
typedef struct
{
  MergeGraph *owner;
  guint32     item;
} MergeParam;

typedef struct
{
  const char *key;
  MergeParam  param;
} MergeEntry;

/* A node's input_data or output_data. Either the run first..first+n of the owner graph's
 * items as they were built, or entries of its own once keys were renamed. Never changed in
 * place: a rename makes a new one, as _update_node_data_key makes a new dict. */
typedef struct
{
  MergeGraph *owner;
  guint32     first;
  guint32     n;
  MergeEntry *entries;
} MergeData;

/* A growable list of pointers, allocated in a merger's arena. */
typedef struct
{
  gpointer *v;
  guint32   n;
  guint32   cap;
} MergeList;

struct _MergeNode
{
  const char  *id;
  MergeNode   *up;          /* msprobe's upnode: it need not list this node */
  MergeList   *sub;         /* MergeNode *, msprobe's subnodes: a list object, which a loop
                             * over it keeps seeing when the node is given a new one */
  MergeList    own_sub;     /* the list it was built with */
  MergeData   *in;
  MergeData   *out;
  MergeData    own_in;
  MergeData    own_out;
  MergeGraph  *origin;      /* the rank graph it was built in: its rank, stack and so on */
  MsvisNodeId  source;      /* its row there; MSVIS_NODE_ID_NONE for nodes the merge made */
  MergeList    info;        /* const char *, parallel_merge_info */
  gint32       pp_index;
  guint8       type;        /* MsvisNodeType */
  guint8       is_pp_merged : 1;
  guint8       has_pp_index : 1;
};

typedef enum
{
  STAT_MAX,
  STAT_MIN,
  STAT_MEAN,
  STAT_NORM,
  N_STATS,
} MergeStat;

typedef struct
{
  const char *key;
  MergeNode  *node;   /* NULL once deleted */
} MergeSlot;

struct _MergeGraph
{
  MsvisGraph  *graph;
  gint         rank;
  MergeNode   *nodes;        /* one per row of graph */
  MergeNode   *root;
  GHashTable  *index;        /* node_map: key -> slot + 1 */
  GArray      *slots;        /* MergeSlot, in node_map order */
  GHashTable  *id_counters;  /* Graph.node_id_map */
  GHashTable  *overrides;    /* item + 1 -> ParamOverride *, statistics the merge changed */
  const char **full_op_names; /* by item: full_op_name, where a rename changed it */
  guint32      stat_atoms[N_STATS];
  guint32      atom_dtype;
  guint32      atom_value;
  guint32      atom_data_name;
  guint32      atom_group_ranks;
};

/* One merge job: what it allocates lives until the whole merge is made into graphs. */
struct _Merger
{
  const MsvisMergeParams *params;
  gboolean                is_bench;
  const char             *config_path;
  MsvisArena             *arena;
  GStringChunk           *strings;
  GHashTable             *reprs;   /* double bits -> repr(), made on first use */
};

/* msvis-graph-merger-model.c */
MergeGraph  *merge_graph_load             (Merger              *m,
                                           MsvisGraph          *graph,
                                           gint                 rank);
void         merge_graph_free             (MergeGraph          *g);
MergeNode   *merge_map_get                (MergeGraph          *g,
                                           const char          *key);
void         merge_map_set                (MergeGraph          *g,
                                           const char          *key,
                                           MergeNode           *node);
gboolean     merge_map_del                (MergeGraph          *g,
                                           const char          *key);
MergeNode   *merge_graph_add_node         (Merger              *m,
                                           MergeGraph          *g,
                                           MsvisNodeType        type,
                                           const char          *id,
                                           gboolean             accumulate);
void         merge_list_append            (Merger              *m,
                                           MergeList           *list,
                                           gpointer             item);
void         merge_node_set_sub           (Merger              *m,
                                           MergeNode           *node,
                                           gpointer const      *items,
                                           guint                n);
void         merge_node_add_info          (Merger              *m,
                                           MergeNode           *node,
                                           const char          *text);
gboolean     merge_node_same_ancestors    (const MergeNode     *a,
                                           const MergeNode     *b);
const char  *merge_strdup                 (Merger              *m,
                                           const char          *text);
const char  *merge_printf                 (Merger              *m,
                                           const char          *format,
                                           ...) G_GNUC_PRINTF (2, 3);
const char  *merge_replace_all            (Merger              *m,
                                           const char          *text,
                                           const char          *old,
                                           const char          *new_text);

guint        merge_data_len               (const MergeData     *d);
const char  *merge_data_key               (const MergeData     *d,
                                           guint                i);
MergeParam   merge_data_param             (const MergeData     *d,
                                           guint                i);
gboolean     merge_data_lookup            (const MergeData     *d,
                                           const char          *key,
                                           guint                hint,
                                           MergeParam          *param);
MergeData   *merge_data_rename            (Merger              *m,
                                           const MergeData     *d,
                                           const char          *old_id,
                                           const char          *new_id);

const MsvisField *merge_param_fields      (MergeParam           p,
                                           guint               *n_fields);
const MsvisField *merge_param_field       (MergeParam           p,
                                           guint32              atom);
const MsvisField *merge_param_stat        (MergeParam           p,
                                           MergeStat            stat);
const char  *merge_param_dtype            (MergeParam           p);
void         merge_param_set_stat         (Merger              *m,
                                           MergeParam           p,
                                           MergeStat            stat,
                                           const MsvisField    *value);
const char  *merge_param_full_op_name     (Merger              *m,
                                           MergeParam           p);
void         merge_param_set_full_op_name (Merger              *m,
                                           MergeParam           p,
                                           const char          *name);

/* msvis-graph-merger-stats.c: comparing and merging statistics, and what is said about it */
gboolean     merge_dtype_mergeable        (const char          *dtype);
gboolean     merge_param_same             (MergeParam           a,
                                           MergeParam           b,
                                           gboolean             uncertain);
GPtrArray   *merge_compare_params         (Merger              *m,
                                           MergeNode           *main_node,
                                           MergeNode *const    *others,
                                           guint                n_others,
                                           gboolean             compare_data,
                                           GPtrArray          **out);
gboolean     merge_params_apply           (Merger              *m,
                                           GPtrArray           *need_merge,
                                           MergeNode           *node,
                                           GError             **error);
void         merge_add_tp_header          (Merger              *m,
                                           MergeNode           *node,
                                           MergeNode *const    *others,
                                           guint                n_others);

/* What merge_compare_params() returns for one tensor: its key without the node's id
 * ("input.0") and the dicts of the ranks, the node's first. */
typedef struct
{
  const char *key;
  GArray     *params;   /* MergeParam */
} MergeNeed;

/* msvis-graph-merger-groups.c */
GPtrArray   *merge_tp_groups              (Merger              *m,
                                           MergeGraph *const   *graphs,
                                           guint                n);
GPtrArray   *merge_pp_groups              (Merger              *m,
                                           MergeGraph *const   *graphs,
                                           guint                n);
void         merge_default_groups         (const MsvisMergeParams *params,
                                           GPtrArray          **tp_groups,
                                           GPtrArray          **pp_groups);
gboolean     merge_default_groups_ordered (const MsvisMergeParams *params,
                                           GPtrArray          **tp_groups,
                                           GPtrArray          **pp_groups,
                                           GError             **error);
GPtrArray   *merge_split_by_groups        (Merger              *m,
                                           GPtrArray           *groups,
                                           MergeGraph *const   *graphs,
                                           guint                n,
                                           const char          *what,
                                           GError             **error);
char        *merge_groups_to_string       (GPtrArray           *groups);
void         merge_api_collections        (Merger              *m,
                                           MergeGraph *const   *graphs,
                                           guint                n);
void         merge_sort_api_collections   (Merger              *m,
                                           MergeGraph          *g);

/* msvis-graph-merger-pp.c, msvis-graph-merger-vpp.c, msvis-graph-merger-tp.c */
gboolean     merge_pp_graphs              (Merger              *m,
                                           MergeGraph *const   *graphs,
                                           guint                n,
                                           GError             **error);
void         merge_vpp_chunks             (Merger              *m,
                                           MergeGraph          *g);
gboolean     merge_tp_graphs              (Merger              *m,
                                           MergeGraph *const   *graphs,
                                           guint                n,
                                           GHashTable          *tp_mapping,
                                           GError             **error);
gboolean     merge_layers_search          (const char          *id,
                                           gsize               *start,
                                           gsize               *end);

/* msvis-graph-merger-emit.c */
MsvisGraph  *merge_graph_emit             (MergeGraph          *g);

G_END_DECLS
