// SPDX-License-Identifier: GPL-3.0-or-later
//
// A tensor- and pipeline-parallel run of msvis-gen-dump (--tp, --pp, --vpp): ranks in
// Megatron's order tp-dp-pp, their process groups, their peers, and the tensors each
// tensor-parallel rank holds a part of.

#include <string.h>

#include <glib.h>

#include "msvis-gen-dump.h"


gboolean
first_chunk (const Gen *g)
{
  return g->stage == 0 && g->chunk == 0;
}

gboolean
last_chunk (const Gen *g)
{
  return g->stage == g->pp - 1 && g->chunk == g->vpp - 1;
}

// The rank the next model chunk runs on: the next stage, or stage 0 for the next chunk.
int
next_rank (const Gen *g)
{
  return g->stage < g->pp - 1 ? g->rank + g->tp * g->dp : g->rank - (g->pp - 1) * g->tp * g->dp;
}

int
prev_rank (const Gen *g)
{
  return g->stage > 0 ? g->rank - g->tp * g->dp : g->rank + (g->pp - 1) * g->tp * g->dp;
}

// Whom a send or recv talks to; a backward one sends the gradient back.
int
peer_of (const Gen *g, const Op *op)
{
  if (!g->par)
    return g->rank + (op->kind == K_SEND ? 1 : -1);
  return (op->kind == K_SEND) != g->grad_p2p ? next_rank (g) : prev_rank (g);
}

// The ranks of the process group of an all_reduce (tensor-parallel) or a send/recv (pipeline).
int
group_ranks (const Gen *g, const Op *op, int *ranks, char *id, gsize id_len)
{
  int n = 0;

  if (!g->par)
    {
      for (int i = 0; i < MAX (g->ranks, 2); i++)
        ranks[n++] = i;
      g_strlcpy (id, "77849d8c", id_len);
    }
  else if (op->kind == K_ALLRED)
    {
      for (int i = 0; i < g->tp; i++)
        ranks[n++] = g->rank - g->tp_rank + i;
      g_snprintf (id, id_len, "tp%08x", (guint) (g->rank - g->tp_rank));
    }
  else
    {
      for (int i = 0; i < g->pp; i++)
        ranks[n++] = g->rank % (g->tp * g->dp) + i * g->tp * g->dp;
      g_snprintf (id, id_len, "pp%08x", (guint) (g->rank % (g->tp * g->dp)));
    }
  return n;
}

gboolean
has_class (const Op *op, const char *cls)
{
  return op != NULL && op->cls != NULL && strcmp (op->cls, cls) == 0;
}

// The pipeline link a send/recv is on, named by the rank and chunk that run first on it, so
// that both ends draw the same tensor.
gint64
p2p_key (const Gen *g, const Op *op)
{
  if (!g->par)
    return g->rank - (op->kind == K_RECV);
  if ((op->kind == K_SEND) != g->grad_p2p)
    return (gint64) g->rank * 16 + g->chunk;
  return (gint64) prev_rank (g) * 16 + (g->stage > 0 ? g->chunk : g->chunk - 1);
}

// A tensor of which each tensor-parallel rank holds its own part.
static Leaf
split_leaf (Gen *g, int shape)
{
  gint64 owner = ((gint64) g->dp_rank * 64 + g->stage) * 64 + g->tp_rank + 1;

  Leaf l = keyed_leaf (g, owner, g->n_entries, -11, shape, C_ACT);

  l.split = TRUE;
  return l;
}

// Megatron's parallel linear layers: a column layer's output and a row layer's input are
// split, and so is the partial sum a row layer's matmul makes before its all_reduce.
void
tp_split (Gen *g, const Op *op, Leaf *in, Leaf *out)
{
  int d = op->depth;

  if (has_class (op, "ColumnParallelLinear"))
    {
      // Its input is whole: what flowed in last may have been a part (k_proj after q_proj).
      if (in->split)
        *in = keyed_leaf (g, (gint64) g->dp_rank * 64 + g->stage, g->n_entries, -12, op->in,
                          C_ACT);
      *out = split_leaf (g, op->out);
    }
  else if (has_class (op, "RowParallelLinear"))
    *in = split_leaf (g, op->in);
  else if (!op->cls && op->kind == K_LINEAR && d > 0 && has_class (g->open[d - 1],
                                                                   "RowParallelLinear"))
    *out = split_leaf (g, op->out);
}

// Weights are the same on every rank that runs the same layers, but for the split ones.
gint64
weight_owner (const Gen *g, const Op *op)
{
  gboolean split = has_class (op, "ColumnParallelLinear") || has_class (op, "RowParallelLinear");

  if (!g->par)
    return g->rank;
  return (((gint64) g->stage * 16 + g->chunk) * 1024 + (split ? g->tp_rank + 1 : 0)) + (1 << 20);
}
