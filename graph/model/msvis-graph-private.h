// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-graph.h"
#include "msvis-name-table.h"

G_BEGIN_DECLS

/* The graph's storage, shared by msvis-graph.c (nodes, names, stacks) and msvis-graph-items.c
 * (the items and fields of the nodes' inputs and outputs). */

typedef struct
{
  const char  *id;             /* interned in strings */
  MsvisNodeId  parent;
  MsvisNodeId  first_child;
  MsvisNodeId  last_child;
  MsvisNodeId  next_sibling;
  guint32      n_children;
  guint32      first_input;
  guint32      n_inputs;
  guint32      first_output;
  guint32      n_outputs;
  guint32      stack;
  gint32       micro_step;     /* -1: none; only root children have one */
  guint8       type;           /* MsvisNodeType */
  guint8       overflow;       /* MsvisOverflowLevel */
} NodeRecord;

typedef struct
{
  guint32  n_lines;
  char    *lines[];
} Stack;

struct _MsvisGraph
{
  GObject       parent_instance;

  MsvisArena   *strings;       /* Interned */
  MsvisNameTable *interned;    /* the texts in strings */
  GMutex        strings_lock;  /* guards both while strings_shared */
  GStringChunk *stored;        /* msvis_graph_store(): not interned, not shared */
  gboolean      strings_shared;
  GArray       *nodes;         /* NodeRecord */
  GArray       *items;         /* MsvisItem */
  GArray       *fields;        /* MsvisField */
  GPtrArray    *atoms;         /* field names, interned */
  GHashTable   *atom_by_name;
  GPtrArray    *stacks;        /* Stack *, [0] is the empty stack */
  GHashTable   *stack_index;   /* Stack * -> GUINT_TO_POINTER (index) */
  GHashTable   *distributed;   /* node + 1 -> MsvisJsonValue * in arena */
  GHashTable   *merge_info;    /* node + 1 -> MsvisJsonValue * in arena */
  GHashTable   *batch_p2p;     /* node + 1 -> MsvisJsonValue * in arena */
  GHashTable   *subnode_lists; /* node + 1 -> GArray of MsvisNodeId, where the chain is not it */
  guint         n_listed;      /* nodes from here on are in the tree but not in node_map */
  MsvisNodeId   unattached;    /* the viewer's group of unreachable nodes (not in the file) */
  guint         n_unattached;  /* the nodes in that group */
  const char   *unattached_label;   /* its box's label, stored */
  MsvisArena   *arena;
  MsvisCompareResults *compare_results;   /* NULL in a build */

  char         *dump_data_dir;
  gboolean      dump_data_dir_null;
  gboolean      merged_dump;   /* built from a dump.json with "is_merged": true */
  guint         micro_steps;
  gboolean      micro_steps_from_dump;   /* a Megatron construct.json numbered every node */
};

static inline NodeRecord *
node_record (MsvisGraph  *self,
             MsvisNodeId  node)
{
  g_assert (node < self->nodes->len);
  return &g_array_index (self->nodes, NodeRecord, node);
}

G_END_DECLS
