// SPDX-License-Identifier: GPL-3.0-or-later
//
// What the parts of msvis-gen-dump share: the generator's state, tensor leaves, and the
// tensor- and pipeline-parallel layout.

#pragma once

#include "msvis-gen-io.h"
#include "msvis-gen-model.h"

#define NAME_LEN 256

enum { MODE_COUNT, MODE_DUMP, MODE_STACK };
enum { C_ACT, C_WEIGHT, C_GRAD, C_PGRAD };

typedef struct
{
  int shape, dtype;
  gboolean rg;
  char txt[4][32]; // Max, Min, Mean, Norm as they are written
  char md5[9];
  gboolean split;  // each tensor-parallel rank has a part of it
} Leaf;

typedef struct
{
  // options
  int layers, micro, ranks, inf_k;
  // --tp/--pp/--vpp: a Megatron-style run, ranks in the order tp-dp-pp; layers is per chunk
  int tp, pp, vpp, dp;
  gboolean par;
  int tp_rank, dp_rank, stage, chunk;
  gboolean grad_p2p;            // writing a backward send/recv: the peers are the other way
  char prefix[32];              // "Module", or "Module.<chunk>" with vpp
  char top_parent[NAME_LEN];    // the parent of depth-0 calls ("" for none)
  char layer_parent[NAME_LEN];  // the parent of the decoder layers ("" for none)
  char btop_parent[NAME_LEN];   // the parent of depth-0 backward calls ("" for none)
  gboolean md5, structure, old_stack;
  double eps, eps_from; // --perturb, and where in the dump it starts (a fraction)
  guint64 seed;
  // the dump being written
  int step, rank, mstep, layer, mode, target_site;
  Rng rng, prng; // main stream, and the stream of the --perturb factors
  Jw dump, cons, stack;
  gint64 n_entries, n_io, io_total, inf_at;
  int inf_j, inf_now; // which --inf entry comes next; variant for the current entry (-1: none)
  guint count[MAX_APIS], bcount[MAX_APIS];
  gboolean site_used[N_SITES];
  int site_order[N_SITES], n_sites_used;
  // walk state, per depth of nesting
  const Op *open[MAX_DEPTH];
  char fname[MAX_DEPTH][NAME_LEN], bname[MAX_DEPTH][NAME_LEN];
  Leaf cur, mod_out[MAX_DEPTH], param[MAX_DEPTH];
} Gen;

// msvis-gen-leaf.c: tensors and the arguments of a call
Leaf leaf (Gen *g, int shape, int cls);
Leaf keyed_leaf (Gen *g, gint64 a, gint64 b, gint64 c, int shape, int cls);
void put_leaf (Gen *g, const char *key, const Leaf *l, int inf);
void put_args (Gen *g, const Op *op, const Leaf *in);

// msvis-gen-parallel.c: ranks, groups and split tensors of a parallel run
gboolean first_chunk (const Gen *g);
gboolean last_chunk (const Gen *g);
int next_rank (const Gen *g);
int prev_rank (const Gen *g);
int peer_of (const Gen *g, const Op *op);
int group_ranks (const Gen *g, const Op *op, int *ranks, char *id, gsize id_len);
gboolean has_class (const Op *op, const char *cls);
gint64 p2p_key (const Gen *g, const Op *op);
void tp_split (Gen *g, const Op *op, Leaf *in, Leaf *out);
gint64 weight_owner (const Gen *g, const Op *op);
