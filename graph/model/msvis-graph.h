// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib-object.h>

#include "msvis-compare-results.h"
#include "msvis-json-value.h"
#include "msvis-types.h"

G_BEGIN_DECLS

#define MSVIS_TYPE_GRAPH (msvis_graph_get_type ())

G_DECLARE_FINAL_TYPE (MsvisGraph, msvis_graph, MSVIS, GRAPH, GObject)

/* Node order is msprobe's node_map order: the order nodes were added. Items and their fields
 * live in flat arrays of the graph; a node refers to a run of items for its inputs and one
 * for its outputs.
 *
 * Threads: a graph has no lock of its own. One thread builds it (the builder's threads share
 * only the interned strings, while msvis_graph_share_strings() says so); once built, any
 * number of threads may read it. Adding nodes, items, fields or stacks moves the flat arrays,
 * so while one thread adds (a document loading node data, a manual match recomputing
 * metrics), no other may read items, fields or stacks: MsvisVisDocument's lock orders them.
 * Nodes, names and the hierarchy stay where they are. */

MsvisGraph        *msvis_graph_new                    (void);

const char        *msvis_graph_intern                 (MsvisGraph        *self,
                                                       const char        *text);
const char        *msvis_graph_intern_full            (MsvisGraph        *self,
                                                       const char        *text,
                                                       gboolean          *added);
const char        *msvis_graph_store                  (MsvisGraph        *self,
                                                       const char        *text,
                                                       gsize              length);
void               msvis_graph_share_strings          (MsvisGraph        *self,
                                                       gboolean           shared);
guint32            msvis_graph_atom                   (MsvisGraph        *self,
                                                       const char        *name);
const char        *msvis_graph_atom_name              (MsvisGraph        *self,
                                                       guint32            atom);
guint              msvis_graph_get_n_atoms            (MsvisGraph        *self);
MsvisArena        *msvis_graph_get_arena              (MsvisGraph        *self);

const char        *msvis_graph_get_dump_data_dir      (MsvisGraph        *self,
                                                       gboolean          *is_null);
void               msvis_graph_set_dump_data_dir      (MsvisGraph        *self,
                                                       const char        *dir);
gboolean           msvis_graph_get_merged_dump        (MsvisGraph        *self);
void               msvis_graph_set_merged_dump        (MsvisGraph        *self,
                                                       gboolean           merged);
guint              msvis_graph_get_micro_steps        (MsvisGraph        *self);
void               msvis_graph_set_micro_steps        (MsvisGraph        *self,
                                                       guint              n);
gboolean           msvis_graph_get_micro_steps_from_dump (MsvisGraph     *self);
void               msvis_graph_set_micro_steps_from_dump (MsvisGraph     *self,
                                                          gboolean        from_dump);

/* Nodes */
guint              msvis_graph_get_n_nodes            (MsvisGraph        *self);
MsvisNodeId        msvis_graph_add_node               (MsvisGraph        *self,
                                                       MsvisNodeType      type,
                                                       const char        *id);
MsvisNodeId        msvis_graph_append_node            (MsvisGraph        *self,
                                                       MsvisNodeType      type,
                                                       const char        *interned);
void               msvis_graph_set_root_id            (MsvisGraph        *self,
                                                       const char        *id);
MsvisNodeId        msvis_graph_lookup                 (MsvisGraph        *self,
                                                       const char        *id);
MsvisNodeId        msvis_graph_lookup_interned        (MsvisGraph        *self,
                                                       const char        *interned);
void               msvis_graph_note_stack             (MsvisGraph        *self,
                                                       const char        *interned,
                                                       guint32            stack);
gboolean           msvis_graph_get_noted_stack        (MsvisGraph        *self,
                                                       const char        *interned,
                                                       guint32           *stack);
MsvisNodeId        msvis_graph_get_root               (MsvisGraph        *self);
const char        *msvis_graph_node_get_id            (MsvisGraph        *self,
                                                       MsvisNodeId        node);
MsvisNodeType      msvis_graph_node_get_node_type     (MsvisGraph        *self,
                                                       MsvisNodeId        node);
void               msvis_graph_node_set_node_type     (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       MsvisNodeType      type);
MsvisNodeId        msvis_graph_node_get_parent        (MsvisGraph        *self,
                                                       MsvisNodeId        node);
MsvisNodeId        msvis_graph_node_get_first_child   (MsvisGraph        *self,
                                                       MsvisNodeId        node);
MsvisNodeId        msvis_graph_node_get_next_sibling  (MsvisGraph        *self,
                                                       MsvisNodeId        node);
guint              msvis_graph_node_get_n_children    (MsvisGraph        *self,
                                                       MsvisNodeId        node);
void               msvis_graph_node_attach            (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       MsvisNodeId        parent);
void               msvis_graph_node_set_children      (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       const MsvisNodeId *children,
                                                       guint              n_children);

/* After a parallel merge (vis-format.md §4.10) msprobe's tree is no longer a tree: a node's
 * upnode need not list it, a node can be listed by two nodes, and nodes can hang in the tree
 * without being in node_map. These keep what a .vis must show in such a graph. */
void               msvis_graph_node_set_upnode        (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       MsvisNodeId        upnode);
void               msvis_graph_node_set_subnode_list  (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       const MsvisNodeId *subnodes,
                                                       guint              n_subnodes);
const MsvisNodeId *msvis_graph_node_get_subnode_list  (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       guint             *n_subnodes);
guint              msvis_graph_get_n_listed           (MsvisGraph        *self);
void               msvis_graph_set_n_listed           (MsvisGraph        *self,
                                                       guint              n_listed);

/* Data items */
guint32            msvis_graph_add_fields             (MsvisGraph        *self,
                                                       const MsvisField  *fields,
                                                       guint              n_fields);
guint32            msvis_graph_add_item               (MsvisGraph        *self,
                                                       const char        *key,
                                                       guint32            first_field,
                                                       guint32            n_fields);
const MsvisItem   *msvis_graph_get_item               (MsvisGraph        *self,
                                                       guint32            item);
guint32            msvis_graph_get_n_items            (MsvisGraph        *self);
const MsvisField  *msvis_graph_get_fields             (MsvisGraph        *self,
                                                       const MsvisItem   *item);
void               msvis_graph_item_set_fields        (MsvisGraph        *self,
                                                       guint32            item,
                                                       guint32            first_field,
                                                       guint32            n_fields);
void               msvis_graph_node_set_items         (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       guint32            first_input,
                                                       guint32            n_inputs,
                                                       guint32            first_output,
                                                       guint32            n_outputs);
guint32            msvis_graph_node_get_inputs        (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       guint32           *n_inputs);
guint32            msvis_graph_node_get_outputs       (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       guint32           *n_outputs);
const MsvisField  *msvis_graph_item_find_field        (MsvisGraph        *self,
                                                       guint32            item,
                                                       guint32            atom);

/* Stacks: lists of lines, shared between the nodes that have the same one; 0 is empty. */
guint32            msvis_graph_intern_stack           (MsvisGraph        *self,
                                                       const char *const *lines,
                                                       guint              n_lines);
const char *const *msvis_graph_get_stack              (MsvisGraph        *self,
                                                       guint32            stack,
                                                       guint             *n_lines);
void               msvis_graph_node_set_stack         (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       guint32            stack);
guint32            msvis_graph_node_get_stack         (MsvisGraph        *self,
                                                       MsvisNodeId        node);

/* Per-node results */
gint               msvis_graph_node_get_micro_step    (MsvisGraph        *self,
                                                       MsvisNodeId        node);
void               msvis_graph_node_set_micro_step    (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       gint               micro_step);
MsvisOverflowLevel msvis_graph_node_get_overflow      (MsvisGraph        *self,
                                                       MsvisNodeId        node);
void               msvis_graph_node_set_overflow      (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       MsvisOverflowLevel level);
MsvisJsonValue    *msvis_graph_node_get_distributed   (MsvisGraph        *self,
                                                       MsvisNodeId        node);
void               msvis_graph_node_set_distributed   (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       MsvisJsonValue    *info);

MsvisJsonValue    *msvis_graph_node_get_merge_info    (MsvisGraph        *self,
                                                       MsvisNodeId        node);
void               msvis_graph_node_set_merge_info    (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       MsvisJsonValue    *info);

MsvisJsonValue    *msvis_graph_node_get_batch_p2p     (MsvisGraph        *self,
                                                       MsvisNodeId        node);
void               msvis_graph_node_set_batch_p2p     (MsvisGraph        *self,
                                                       MsvisNodeId        node,
                                                       MsvisJsonValue    *info);

MsvisCompareResults *msvis_graph_get_compare_results    (MsvisGraph        *self);
MsvisCompareResults *msvis_graph_ensure_compare_results (MsvisGraph        *self);

guint              msvis_str_hash                     (gconstpointer      key);
gboolean           msvis_str_contains                 (const char        *text,
                                                       const char        *needle);

const char        *msvis_overflow_level_to_string     (MsvisOverflowLevel level);

G_END_DECLS
