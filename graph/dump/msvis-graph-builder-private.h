// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include "msvis-dump-reader.h"
#include "msvis-graph-builder.h"
#include "msvis-op-parser.h"

G_BEGIN_DECLS

/* The state of one msvis_graph_build(), shared by msvis-graph-builder.c (the threads and the
 * entries) and msvis-graph-builder-nodes.c (the nodes and what §3 makes of them). */

typedef enum
{
  CONSTRUCT_PENDING,
  CONSTRUCT_READ,
  CONSTRUCT_FAILED,
} ConstructState;

typedef struct
{
  MsvisItemRuns runs;
  gboolean      set;
} PairRuns;

typedef struct
{
  MsvisGraph              *graph;
  const MsvisBuildOptions *options;
  MsvisConstruct          *construct;
  GHashTable              *stacks;         /* name -> raw stack */
  GArray                  *pair_nodes;     /* MsvisNodeId per construct pair: its child */
  GArray                  *pair_runs;      /* PairRuns per construct pair: its entry's items */
  GArray                  *runs;           /* MsvisItemRuns, per kept gradient entry */
  GHashTable              *entries;        /* gradient name -> index into runs + 1 */
  GPtrArray               *grad_names;     /* *.parameters_grad[.N] entries, in dump order */
  MsvisOpParser           *parser;
  GHashTable              *regexes;        /* module name -> GRegex, for odd attribute names */
  GHashTable              *batch_p2p;      /* name -> [{op, peer, group_id}] in p2p_arena */
  MsvisArena              *p2p_arena;
  GArray                  *api_stacks;     /* raw stack -> simplified + 1, for APIs */
  GString                 *name_scratch;   /* the structure thread's */

  /* construct.json and stack.json are read, and the nodes made, on their own thread while
   * dump.json streams. The entries wait for construct.json only: their items are kept per
   * construct pair and go onto the nodes once both threads are done. Meanwhile both add
   * strings to the graph (msvis_graph_share_strings), and nothing else they share. */
  GThread                 *structure;
  GMutex                   construct_lock;
  GCond                    construct_cond;
  ConstructState           construct_state;   /* under construct_lock */
  gboolean                 construct_known;   /* the entries' thread's copy */
  guint                    next_pair;         /* the entries' thread's guess: see find_pair */
  gint                     structure_failed;  /* atomic: stop reading dump.json */
  GFile                   *construct_file;
  GFile                   *stack_file;
  GFile                   *dump_file;
  GCancellable            *cancellable;
  gint64                   start;
  GError                  *structure_error;
} Builder;

void     msvis_builder_create_nodes        (Builder  *self);
gboolean msvis_builder_check_cycles        (Builder  *self,
                                            GError  **error);
void     msvis_builder_group_apis          (Builder  *self);
void     msvis_builder_add_parameters_grad (Builder  *self);
void     msvis_builder_number_megatron_micro_steps (Builder *self);
gssize   msvis_parameters_grad_suffix      (const char *name);

/* msprobe 26's rules (msvis-graph-builder-2026.c) */
const char *msvis_builder_fix_inplace_parent   (Builder               *self,
                                                const char            *child,
                                                const char            *parent);
void        msvis_builder_rebase_dump_data_dir (Builder               *self,
                                                const MsvisDumpHeader *header);
void        msvis_builder_handle_recompute     (Builder               *self,
                                                const char            *framework);
void        msvis_builder_add_parameters_grad_2026 (Builder           *self);
gboolean    msvis_builder_is_py_digits         (const char            *text);
void        msvis_builder_warn_dropped_grads   (Builder               *self,
                                                const char            *name,
                                                const char            *prefix);

G_END_DECLS
