// SPDX-License-Identifier: GPL-3.0-or-later
//
// msvis-gen-dump: writes a deterministic, realistic msprobe dump directory (dump.json,
// construct.json, stack.json) of a Llama-like PyTorch model, for benchmarks and tests.
// Everything is streamed through buffered FILE*s, so a dump of any size needs little memory.

#ifndef _GNU_SOURCE
#define _GNU_SOURCE // fputs_unlocked, fwrite_unlocked: the output is written by one thread
#endif

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "msvis-gen-io.h"
#include "msvis-gen-model.h"

#define NAME_LEN 256
#define LAYER_CAP 80 // beyond this many layers, --entries grows the micro steps instead

// ---------------------------------------------------------------------------------------------
// Generator state and tensor leaves.

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

// Rounds Max/Min to what a bfloat16 (8 bits) or float16 (11 bits) tensor can hold.
static double
round_dtype (double v, int dtype)
{
  int e, bits = dtype == DT_BF16 ? 8 : 11;
  double m = frexp (v, &e);

  if (dtype == DT_F32)
    return (double) (float) v;
  return ldexp (rint (ldexp (m, bits)), e - bits);
}

static Leaf
new_leaf (Gen *g, Rng *r, Rng *pr, int shape, int cls)
{
  static const double lo[] = { 0.3, 0.005, 1e-6, 1e-5 }, hi[] = { 3, 0.05, 1e-3, 1e-2 };
  const Shape *sh = &shapes[shape];
  // Parameter gradients live in the float32 master weights.
  Leaf l = { shape, cls == C_PGRAD ? DT_F32 : sh->dtype, cls <= C_WEIGHT, { "" }, "" };
  double numel = 1, st[4], sigma, f;
  guint32 h = 2166136261u;

  if (g->structure)
    return l;
  for (int i = 0; i < sh->ndim; i++)
    numel *= (double) sh->d[i];
  if (l.dtype == DT_I64)
    {
      // Token ids: integer Max/Min as PyTorch reports them; labels use -100 as ignore_index.
      double mean = rng_range (r, 0.3, 0.5) * V;

      l.rg = FALSE;
      g_snprintf (l.txt[0], 32, "%d", V - 1 - (int) rng_range (r, 0, 40));
      g_snprintf (l.txt[1], 32, "%d", shape == LAB ? -100 : (int) rng_range (r, 0, 3));
      fmt_double (l.txt[2], mean, FALSE);
      fmt_double (l.txt[3], mean * sqrt (numel) * rng_range (r, 1.1, 1.2), FALSE);
    }
  else
    {
      sigma = exp (rng_range (r, log (lo[cls]), log (hi[cls])));
      st[2] = sigma * rng_range (r, -0.2, 0.2);
      st[0] = st[2] + sigma * rng_range (r, 2.5, 6);
      st[1] = st[2] - sigma * rng_range (r, 2.5, 6);
      st[3] = sqrt (numel * (sigma * sigma + st[2] * st[2]));
      if (shape == PROB && cls == C_ACT)
        {
          st[0] = rng_range (r, 0.2, 1);
          st[1] = 0;
          st[2] = 1.0 / S;
          st[3] = sqrt (numel / S) * rng_range (r, 0.1, 0.5);
        }
      if (numel == 1)
        {
          st[0] = st[1] = st[2] = cls == C_ACT ? rng_range (r, 1.5, 4) : rng_range (r, 0.01, 1);
          st[3] = st[2];
        }
      // One factor per tensor keeps Max >= Mean >= Min; it comes from its own stream so that
      // the statistics before it stay identical to the unperturbed dump.
      f = g->eps != 0 ? 1 + g->eps * rng_range (pr, -1, 1) : 1;
      // --perturb-from: a precision bug that starts somewhere in the model
      if (g->n_io < g->eps_from * g->io_total)
        f = 1;
      // Max/Min are values of the tensor's dtype, and must be written exactly.
      for (int i = 0; i < 4; i++)
        if (i < 2 && numel > 1)
          fmt_double (l.txt[i], round_dtype (st[i] * f, l.dtype), TRUE);
        else
          fmt_double (l.txt[i], st[i] * f, FALSE);
    }
  // A hash stands in for the CRC32 of the data; it follows the statistics, as --perturb should.
  for (int i = 0; i < 4; i++)
    for (const char *c = l.txt[i]; *c; c++)
      h = (h ^ (guint8) *c) * 16777619u;
  g_snprintf (l.md5, sizeof l.md5, "%08x", h ^ (guint32) shape);
  return l;
}

// A leaf from the main stream of this dump.
static Leaf
leaf (Gen *g, int shape, int cls)
{
  return new_leaf (g, &g->rng, &g->prng, shape, cls);
}

// A leaf fixed by a key instead of the main stream: weights, and both sides of a send/recv.
static Leaf
keyed_leaf (Gen *g, gint64 a, gint64 b, gint64 c, int shape, int cls)
{
  Rng r = rng_keyed (g->seed, g->step, a, b, c);
  Rng pr = rng_keyed (g->seed ^ 0x5EED, g->step, a, b, c);

  return new_leaf (g, &r, &pr, shape, cls);
}

static void
put_leaf (Gen *g, const char *key, const Leaf *l, int inf)
{
  static const char *const stat_keys[] = { "Max", "Min", "Mean", "Norm" };
  // The --inf variants: overflow upwards, overflow downwards, all NaN.
  static const char *const inf_txt[3][4] = {
    { "Infinity", NULL, "Infinity", "Infinity" },
    { NULL, "-Infinity", "-Infinity", "Infinity" },
    { "NaN", "NaN", "NaN", "NaN" },
  };
  const Shape *sh = &shapes[l->shape];
  Jw *w = &g->dump;

  jw_key (w, key);
  jw_open (w, '{');
  jw_raw (w, "type", "\"torch.Tensor\"");
  jw_key (w, "dtype");
  jw_str (w, dtype_names[l->dtype]);
  jw_key (w, "shape");
  jw_open (w, '[');
  for (int i = 0; i < sh->ndim; i++)
    jw_raw (w, NULL, dim_txt[l->shape][i]);
  jw_close (w, ']');
  if (!g->structure)
    {
      for (int i = 0; i < 4; i++)
        jw_raw (w, stat_keys[i], inf >= 0 && inf_txt[inf][i] ? inf_txt[inf][i] : l->txt[i]);
      jw_raw (w, "requires_grad", l->rg ? "true" : "false");
      if (g->md5)
        {
          jw_key (w, "md5");
          jw_str (w, l->md5);
        }
    }
  jw_close (w, '}');
}

// A non-tensor argument, {"type": TYPE, "value": RAW}, or with a list value when n >= 0.
static void
put_typed (Gen *g, const char *key, const char *type, const char *raw, const char **items, int n)
{
  Jw *w = &g->dump;

  jw_key (w, key);
  jw_open (w, '{');
  jw_key (w, "type");
  jw_str (w, type);
  if (n < 0)
    jw_raw (w, "value", raw);
  else
    {
      jw_key (w, "value");
      jw_open (w, '[');
      for (int i = 0; i < n; i++)
        jw_raw (w, NULL, items[i]);
      jw_close (w, ']');
    }
  jw_close (w, '}');
}

// ---------------------------------------------------------------------------------------------
// A tensor- and pipeline-parallel run (--tp, --pp, --vpp).

static gboolean
first_chunk (const Gen *g)
{
  return g->stage == 0 && g->chunk == 0;
}

static gboolean
last_chunk (const Gen *g)
{
  return g->stage == g->pp - 1 && g->chunk == g->vpp - 1;
}

// The rank the next model chunk runs on: the next stage, or stage 0 for the next chunk.
static int
next_rank (const Gen *g)
{
  return g->stage < g->pp - 1 ? g->rank + g->tp * g->dp : g->rank - (g->pp - 1) * g->tp * g->dp;
}

static int
prev_rank (const Gen *g)
{
  return g->stage > 0 ? g->rank - g->tp * g->dp : g->rank + (g->pp - 1) * g->tp * g->dp;
}

// Whom a send or recv talks to; a backward one sends the gradient back.
static int
peer_of (const Gen *g, const Op *op)
{
  if (!g->par)
    return g->rank + (op->kind == K_SEND ? 1 : -1);
  return (op->kind == K_SEND) != g->grad_p2p ? next_rank (g) : prev_rank (g);
}

// The ranks of the process group of an all_reduce (tensor-parallel) or a send/recv (pipeline).
static int
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

static gboolean
has_class (const Op *op, const char *cls)
{
  return op != NULL && op->cls != NULL && strcmp (op->cls, cls) == 0;
}

// One token of a kind_spec: x input, w weight of the enclosing module, o second operand,
// c list of two tensors, p position ids, ~ null, i/f/b/s int/float/bool/str, d dtype,
// r ReduceOp, I/Z output dims as ints/torch.Size, L slice, G process group, k peer rank.
static void
put_arg (Gen *g, const Op *op, const Leaf *in, const char *key, const char *t)
{
  static const char *slice[] = { "0", "null", "2" };
  char buf[64], gid[32];
  const char *items[4];
  Leaf l;
  int n = shapes[op->out].ndim;

  for (int i = 0; i < n; i++)
    items[i] = dim_txt[op->out][i];
  switch (t[0])
    {
    case 'x':
      put_leaf (g, key, in, -1);
      break;
    case 'w':
      put_leaf (g, key, &g->param[op->depth - 1], -1);
      break;
    case 'o':
    case 'p':
      l = leaf (g, t[0] == 'o' ? op->w : IDS, C_ACT);
      put_leaf (g, key, &l, -1);
      break;
    case 'c':
      // torch.cat takes a sequence: a list nested in input_args.
      l = leaf (g, op->in, C_ACT);
      jw_key (&g->dump, key);
      jw_open (&g->dump, '[');
      put_leaf (g, NULL, in, -1);
      put_leaf (g, NULL, &l, -1);
      jw_close (&g->dump, ']');
      break;
    case '~':
      jw_raw (&g->dump, key, "null");
      break;
    case 'i':
    case 'f':
      put_typed (g, key, t[0] == 'i' ? "int" : "float", t + 1, NULL, -1);
      break;
    case 'b':
      put_typed (g, key, "bool", t[1] == '1' ? "true" : "false", NULL, -1);
      break;
    case 's':
      g_snprintf (buf, sizeof buf, "\"%s\"", t + 1);
      put_typed (g, key, "str", buf, NULL, -1);
      break;
    case 'd':
      put_typed (g, key, "torch.dtype", "\"torch.float32\"", NULL, -1);
      break;
    case 'r':
      put_typed (g, key, "torch.distributed.ReduceOp", "\"ReduceOp.SUM\"", NULL, -1);
      break;
    case 'I':
      for (int i = 0; i < n; i++)
        put_typed (g, key, "int", items[i], NULL, -1);
      break;
    case 'Z':
      put_typed (g, key, "torch.Size", NULL, items, n);
      break;
    case 'L':
      put_typed (g, key, "slice", NULL, slice, 3);
      break;
    case 'k':
      g_snprintf (buf, sizeof buf, "%d", peer_of (g, op));
      put_typed (g, key, "int", buf, NULL, -1);
      break;
    case 'G':
      {
        int ranks[4096], n_ranks = group_ranks (g, op, ranks, gid, sizeof gid);

        jw_key (&g->dump, key);
        jw_open (&g->dump, '{');
        jw_raw (&g->dump, "type", "\"torch.ProcessGroup\"");
        jw_key (&g->dump, "group_ranks");
        jw_open (&g->dump, '[');
        for (int i = 0; i < n_ranks; i++)
          {
            g_snprintf (buf, sizeof buf, "%d", ranks[i]);
            jw_raw (&g->dump, NULL, buf);
          }
        jw_close (&g->dump, ']');
        g_snprintf (buf, sizeof buf, "\"%s\"", gid);
        jw_raw (&g->dump, "group_id", buf);
        jw_close (&g->dump, '}');
      }
      break;
    }
}

// input_args and input_kwargs, from the kind's spec "args|kwargs".
static void
put_args (Gen *g, const Op *op, const Leaf *in)
{
  char tok[80], *eq;

  jw_key (&g->dump, "input_args");
  jw_open (&g->dump, '[');
  for (const char *p = kind_spec[op->kind]; *p; p += *p != '\0')
    {
      size_t n = strcspn (p, " |");

      if (n > 0)
        {
          g_strlcpy (tok, p, MIN (n + 1, sizeof tok));
          eq = strchr (tok, '=');
          if (eq)
            *eq = '\0';
          put_arg (g, op, in, eq ? tok : NULL, eq ? eq + 1 : tok);
        }
      p += n;
      if (*p == '|')
        {
          jw_close (&g->dump, ']');
          jw_key (&g->dump, "input_kwargs");
          jw_open (&g->dump, '{');
        }
    }
  jw_close (&g->dump, '}');
}

// ---------------------------------------------------------------------------------------------
// Names, stacks and entries.

// Name of the module open at depth d, e.g. "Module.model.layers.3.self_attn.LlamaAttention".
static void
mod_name (Gen *g, int d, char *buf)
{
  int p = g_snprintf (buf, NAME_LEN, "%s", g->prefix);

  for (int i = 0; i <= d; i++)
    {
      p += g_snprintf (buf + p, NAME_LEN - p, ".%s", g->open[i]->name);
      if (g->open[i]->kind == K_LAYER)
        p += g_snprintf (buf + p, NAME_LEN - p, ".%d", g->layer);
    }
  g_snprintf (buf + p, NAME_LEN - p, ".%s", g->open[d]->cls);
}

// The stack of a call site as msprobe records it, innermost frame first.
static void
put_stack (Jw *w, const Op *op)
{
  char line[2 * NAME_LEN];
  int plen = (int) strcspn (op->name, ".");
  int f = op_file (op);

  jw_open (w, '[');
  jw_item (w);
  if (op->cls)
    jw_str (w, "File /usr/local/lib/python3.9/site-packages/torch/nn/modules/module.py, "
               "line 1527, in _call_impl, \n return forward_call(*args, **kwargs)");
  else
    {
      g_snprintf (line, sizeof line, "File /usr/lib/python3/site-packages/msprobe/wrap.py, "
                  "line 68, in wrapped, \n return %.*sOPTemplate(op_name, hook)(*args, **kwargs)",
                  plen, op->kind == K_RMS ? "Npu" : op->name);
      jw_str (w, line);
    }
  g_snprintf (line, sizeof line, "File %s, line %d, in %s, \n %s", src_files[f], op->line,
              f == F_TRAIN ? "train_step" : "forward", op->code);
  jw_item (w);
  jw_str (w, line);
  if (f != F_TRAIN)
    {
      jw_item (w);
      jw_str (w, "File /home/user/llama/train.py, line 134, in train_step, \n "
                 "outputs = model(input_ids=input_ids, labels=labels)");
    }
  jw_close (w, ']');
}

// Counts an entry and writes everything but its body; TRUE when the body is to be written.
// io: a forward or backward entry (listed in construct.json, a candidate for --inf).
// site: the call site for stack.json, or -1 (backward and parameters_grad entries).
static gboolean
entry_head (Gen *g, const Op *op, const char *name, const char *parent, int site, gboolean io)
{
  if (g->mode == MODE_STACK)
    {
      if (site == g->target_site)
        {
          jw_item (&g->stack);
          jw_str (&g->stack, name);
        }
      return FALSE;
    }
  g->n_entries++;
  g->inf_now = -1;
  if (io && g->mode == MODE_DUMP && g->n_io == g->inf_at)
    {
      // Spread the --inf entries evenly over the dump.
      g->inf_now = g->inf_j++ % 3;
      g->inf_at = g->inf_j < g->inf_k ? (2 * g->inf_j + 1) * g->io_total / (2 * g->inf_k) : -1;
    }
  g->n_io += io;
  if (g->mode == MODE_COUNT)
    return FALSE;
  if (io)
    jw_key (&g->cons, name);
  if (io && parent)
    jw_str (&g->cons, parent);
  else if (io)
    fputs_unlocked ("null", g->cons.f);
  if (site >= 0 && g->old_stack)
    {
      jw_key (&g->stack, name);
      put_stack (&g->stack, op);
    }
  else if (site >= 0 && !g->site_used[site])
    {
      g->site_used[site] = TRUE;
      g->site_order[g->n_sites_used++] = site;
    }
  jw_key (&g->dump, name);
  jw_open (&g->dump, '{');
  return TRUE;
}

// The pipeline link a send/recv is on, named by the rank and chunk that run first on it, so
// that both ends draw the same tensor.
static gint64
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
static void
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
static gint64
weight_owner (const Gen *g, const Op *op)
{
  gboolean split = has_class (op, "ColumnParallelLinear") || has_class (op, "RowParallelLinear");

  if (!g->par)
    return g->rank;
  return (((gint64) g->stage * 16 + g->chunk) * 1024 + (split ? g->tp_rank + 1 : 0)) + (1 << 20);
}

static void
fwd_entry (Gen *g, const Op *op, const char *name, const char *parent, int site, gboolean last)
{
  int d = op->depth;
  Leaf in, out, rstd;

  if (!entry_head (g, op, name, parent, site, TRUE))
    return;
  in = g->cur.shape == op->in ? g->cur : leaf (g, op->in, C_ACT);
  out = last ? g->mod_out[d - 1] : leaf (g, op->out, C_ACT);
  if (op->kind == K_VIEW || op->kind == K_VIEWSZ || op->kind == K_TRANSPOSE
      || op->kind == K_IDVIEW)
    {
      // Views keep the data, so the statistics too.
      out = in;
      out.shape = op->out;
    }
  if (op->kind == K_SEND || op->kind == K_RECV)
    {
      // Both sides of a send/recv pair draw the same tensor, keyed by the sending rank.
      in = out = keyed_leaf (g, g->mstep, p2p_key (g, op), g->grad_p2p ? -8 : -7, op->out, C_ACT);
    }
  if (g->par && g->tp > 1)
    tp_split (g, op, &in, &out);
  if (op->cls)
    g->mod_out[d] = out;
  if (op->cls && op->w)
    g->param[d] = keyed_leaf (g, weight_owner (g, op), g->layer, site, op->w, C_WEIGHT);
  put_args (g, op, &in);
  jw_key (&g->dump, "output");
  jw_open (&g->dump, '[');
  put_leaf (g, NULL, &out, g->inf_now);
  if (op->kind == K_RMS)
    {
      rstd = leaf (g, RSTD, C_ACT);
      put_leaf (g, NULL, &rstd, -1);
    }
  jw_close (&g->dump, ']');
  if (op->cls && op->w)
    {
      jw_key (&g->dump, "parameters");
      jw_open (&g->dump, '{');
      put_leaf (g, "weight", &g->param[d], -1);
      jw_close (&g->dump, '}');
    }
  jw_close (&g->dump, '}');
  // Children of a module see its input; after an API its output flows on.
  g->cur = op->cls ? in : out;
}

// A backward entry (pgrad FALSE), or the parameters_grad entry of a module (pgrad TRUE).
static void
bwd_entry (Gen *g, const Op *op, const char *name, const char *parent, gboolean pgrad)
{
  int wshape = NOSH, n = pgrad ? 1 : 2;
  int shape[2] = { pgrad ? op->w : op->out, op->in };
  Leaf l;

  if (!entry_head (g, op, name, parent, -1, !pgrad))
    return;
  if (op->kind == K_BIN || op->kind == K_CE)
    wshape = op->w;
  else if (op->kind == K_LINEAR || op->kind == K_RMS || op->kind == K_EMB)
    wshape = g->open[op->depth - 1]->w;
  for (int i = 0; i < n; i++)
    {
      jw_key (&g->dump, pgrad ? "weight" : i ? "output" : "input");
      jw_open (&g->dump, '[');
      for (int j = 0; j < (i && wshape ? 2 : 1); j++)
        {
          // Integer inputs have no gradient: null.
          int sh = j ? wshape : shape[i];

          l = leaf (g, sh, pgrad ? C_PGRAD : C_GRAD);
          if (shapes[sh].dtype == DT_I64)
            jw_raw (&g->dump, NULL, "null");
          else
            put_leaf (g, NULL, &l, i && !j ? g->inf_now : -1);
        }
      jw_close (&g->dump, ']');
    }
  jw_close (&g->dump, '}');
}

// ---------------------------------------------------------------------------------------------
// Walking the model.

// Point-to-point calls exist only between neighbouring ranks of a multi-rank dump.
static gboolean
op_skipped (const Gen *g, const Op *op)
{
  if (!g->par)
    return (op->kind == K_RECV && g->rank == 0) || (op->kind == K_SEND && g->rank >= g->ranks - 1);
  // A pipeline runs the embedding on its first chunk and the head on its last one.
  if (op->kind == K_RECV)
    return first_chunk (g);
  if (op->kind == K_SEND)
    return last_chunk (g);
  if (op >= pre_ops && op < pre_ops + N_PRE)
    return !first_chunk (g);
  if (op >= post_ops && op < post_ops + N_POST)
    return !last_chunk (g);
  return FALSE;
}

// Where a call at depth 0 hangs: in its chunk's model (vpp), or at the root.
static const char *
top_parent (Gen *g, const Op *op, gboolean backward)
{
  const char *parent = op->kind == K_LAYER ? g->layer_parent : g->top_parent;

  if (backward)
    parent = op->kind == K_LAYER ? "" : g->btop_parent;
  return *parent ? parent : NULL;
}

static void
fwd_seg (Gen *g, const Op *ops, int n, int site0)
{
  char name[NAME_LEN];

  for (int i = 0; i < n; i++)
    {
      const Op *op = &ops[i];
      int d = op->depth, nd = i + 1 < n ? ops[i + 1].depth : 0;

      if (op_skipped (g, op))
        continue;
      g->open[d] = op;
      if (g->mode == MODE_STACK && site0 + i != g->target_site)
        {
          g->count[op->api] += !op->cls; // collecting one site's names: only counters matter
          continue;
        }
      if (op->cls)
        {
          mod_name (g, d, name);
          g_snprintf (name + strlen (name), 32, ".forward.%d", g->mstep);
        }
      else if (!op->cls)
        g_snprintf (name, sizeof name, "%s.%u.forward", op->name, g->count[op->api]++);
      fwd_entry (g, op, name, d > 0 ? g->fname[d - 1] : top_parent (g, op, FALSE), site0 + i,
                 !op->cls && nd < d);
      if (op->cls && g->mode == MODE_DUMP)
        strcpy (g->fname[d], name);
      // Leaving modules: what flows on is their output.
      for (int dd = d - 1; dd >= nd; dd--)
        g->cur = g->mod_out[dd];
    }
}

// Backward of the siblings at `depth` in ops[lo, hi): last call first, a module before the
// calls inside it, and its parameters_grad after them (once, in the last micro step).
static void
bwd_range (Gen *g, const Op *ops, int lo, int hi, int depth)
{
  int starts[64], ns = 0;
  char name[NAME_LEN];

  for (int i = lo; i < hi; i++)
    if (ops[i].depth == depth)
      starts[ns++] = i;
  for (int k = ns - 1; k >= 0; k--)
    {
      const Op *op = &ops[starts[k]];

      if (op_skipped (g, op))
        continue;
      g->open[depth] = op;
      if (!op->cls)
        {
          g_snprintf (name, sizeof name, "%s.%u.backward", op->name, --g->bcount[op->api]);
          if (op_has_bwd (op))
            bwd_entry (g, op, name, depth > 0 ? g->bname[depth - 1] : top_parent (g, op, TRUE),
                       FALSE);
          continue;
        }
      // msprobe writes backward modules without a parent; the graph builder repairs them.
      mod_name (g, depth, name);
      g_snprintf (name + strlen (name), 32, ".backward.%d", g->mstep);
      bwd_entry (g, op, name, NULL, FALSE);
      strcpy (g->bname[depth], name);
      bwd_range (g, ops, starts[k] + 1, k + 1 < ns ? starts[k + 1] : hi, depth + 1);
      if (op->w && g->mstep == g->micro - 1)
        {
          mod_name (g, depth, name);
          strcat (name, ".parameters_grad");
          bwd_entry (g, op, name, NULL, TRUE);
        }
    }
}

// A module that only holds others, for the model chunks of --vpp: its input is what flows in,
// its output a new tensor.
static void
holder_entry (Gen *g, const char *name, const char *parent)
{
  Leaf in, out;

  if (!entry_head (g, NULL, name, parent, -1, TRUE))
    return;
  in = g->cur.shape != NOSH ? g->cur : leaf (g, BSH, C_ACT);
  out = leaf (g, BSH, C_ACT);
  jw_key (&g->dump, "input_args");
  jw_open (&g->dump, '[');
  put_leaf (g, NULL, &in, -1);
  jw_close (&g->dump, ']');
  jw_key (&g->dump, "input_kwargs");
  jw_open (&g->dump, '{');
  jw_close (&g->dump, '}');
  jw_key (&g->dump, "output");
  jw_open (&g->dump, '[');
  put_leaf (g, NULL, &out, -1);
  jw_close (&g->dump, ']');
  jw_close (&g->dump, '}');
}

// A parallel run nests its layers as Megatron does, in a model and its decoder (the merge
// renumbers the layers of each decoder); with --vpp every module of chunk c is "Module.<c>…".
static void
enter_chunk (Gen *g, int chunk, const char *direction)
{
  char model[NAME_LEN], decoder[NAME_LEN];

  g->chunk = chunk;
  g->top_parent[0] = g->layer_parent[0] = g->btop_parent[0] = '\0';
  if (!g->par)
    return;
  if (g->vpp > 1)
    g_snprintf (g->prefix, sizeof g->prefix, "Module.%d", chunk);
  g_snprintf (model, sizeof model, "%s.model.LlamaModel.%s.%d", g->prefix, direction, g->mstep);
  g_snprintf (decoder, sizeof decoder, "%s.model.decoder.LlamaLayers.%s.%d", g->prefix,
              direction, g->mstep);
  // Backward modules go without a parent, as msprobe writes them.
  holder_entry (g, model, NULL);
  holder_entry (g, decoder, *direction == 'f' ? model : NULL);
  g_strlcpy (*direction == 'f' ? g->top_parent : g->btop_parent, model, NAME_LEN);
  g_strlcpy (g->layer_parent, decoder, NAME_LEN);
}

// A send or recv of the gradient, during backward: a forward call of its own.
static void
grad_p2p (Gen *g, const Op *op)
{
  char name[NAME_LEN];

  g->grad_p2p = TRUE;
  g_snprintf (name, sizeof name, "%s.%u.forward", op->name, g->count[op->api]++);
  fwd_entry (g, op, name, *g->btop_parent ? g->btop_parent : NULL, -1, FALSE);
  g->grad_p2p = FALSE;
}

static void
forward (Gen *g, const Op *layer)
{
  g->layer = -1;
  fwd_seg (g, pre_ops, N_PRE, 0);
  for (g->layer = 0; g->layer < g->layers; g->layer++)
    fwd_seg (g, layer, N_LAYER, N_PRE);
  g->layer = -1;
  fwd_seg (g, post_ops, N_POST, N_PRE + N_LAYER);
}

static void
backward (Gen *g, const Op *layer)
{
  if (g->par && !last_chunk (g))
    grad_p2p (g, &pre_ops[3]);
  bwd_range (g, post_ops, 0, N_POST, 0);
  for (g->layer = g->layers - 1; g->layer >= 0; g->layer--)
    bwd_range (g, layer, 0, N_LAYER, 0);
  g->layer = -1;
  if (g->par && !first_chunk (g))
    grad_p2p (g, &post_ops[2]);
  bwd_range (g, pre_ops, 0, N_PRE, 0);
}

// The whole run of one dump: every micro step, forward then backward (of each model chunk,
// the last one first).
static void
walk (Gen *g)
{
  const Op *layer = g->par && g->tp > 1 ? layer_ops_tp : layer_ops;
  // Ranks that run the same layers on the same data draw the same statistics.
  gint64 key = g->par ? (gint64) g->dp_rank * 64 + g->stage : g->rank;

  memset (g->count, 0, sizeof g->count);
  g->n_entries = g->n_io = 0;
  g->rng = rng_keyed (g->seed, g->step, key, 1, 0);
  g->prng = rng_keyed (g->seed, g->step, key, 2, 0);
  g->cur.shape = NOSH;
  for (g->mstep = 0; g->mstep < g->micro; g->mstep++)
    {
      for (int c = 0; c < g->vpp; c++)
        {
          enter_chunk (g, c, "forward");
          forward (g, layer);
        }
      if (g->mode == MODE_STACK)
        continue; // stack.json lists forward calls only
      memcpy (g->bcount, g->count, sizeof g->count);
      for (int c = g->vpp - 1; c >= 0; c--)
        {
          enter_chunk (g, c, "backward");
          backward (g, layer);
        }
    }
}

static void
write_dump (Gen *g, const char *dir, int inf_opt)
{
  static const char *const files[] = { "dump.json", "construct.json", "stack.json" };
  Jw *jw[] = { &g->dump, &g->cons, &g->stack };
  gint64 n_entries;
  char key[16];

  if (g_mkdir_with_parents (dir, 0755) != 0)
    die ("cannot create directory %s: %s", dir, g_strerror (errno));
  g->mode = MODE_COUNT;
  walk (g);
  g->io_total = g->n_io;
  g->inf_k = (int) MIN (inf_opt, g->io_total);
  g->inf_j = 0;
  g->inf_at = g->inf_k > 0 ? g->io_total / (2 * g->inf_k) : -1;
  for (int i = 0; i < 3; i++)
    {
      json_file (jw[i], dir, files[i], FALSE);
      jw_open (jw[i], '{');
    }
  jw_raw (&g->dump, "task", g->structure ? "\"structure\"" : "\"statistics\"");
  jw_raw (&g->dump, "level", "\"mix\"");
  jw_raw (&g->dump, "framework", "\"pytorch\"");
  jw_raw (&g->dump, "dump_data_dir", "null");
  jw_key (&g->dump, "data");
  jw_open (&g->dump, '{');
  memset (g->site_used, 0, sizeof g->site_used);
  g->n_sites_used = 0;
  g->mode = MODE_DUMP;
  walk (g);
  n_entries = g->n_entries;
  jw_close (&g->dump, '}');
  // The grouped stack.json lists, per call site, every name sharing its stack: one more cheap
  // forward-only walk per site collects them without holding them in memory.
  for (int j = 0; j < g->n_sites_used; j++)
    {
      int site = g->site_order[j];

      g_snprintf (key, sizeof key, "%d", j);
      jw_key (&g->stack, key);
      jw_open (&g->stack, '[');
      jw_key (&g->stack, NULL);
      jw_open (&g->stack, '[');
      g->mode = MODE_STACK;
      g->target_site = site;
      walk (g);
      jw_close (&g->stack, ']');
      jw_key (&g->stack, NULL);
      put_stack (&g->stack, site < N_PRE ? &pre_ops[site] : site < N_PRE + N_LAYER
                 ? &(g->par && g->tp > 1 ? layer_ops_tp : layer_ops)[site - N_PRE]
                 : &post_ops[site - N_PRE - N_LAYER]);
      jw_close (&g->stack, ']');
    }
  for (int i = 0; i < 3; i++)
    {
      jw_close (jw[i], '}');
      json_file (jw[i], dir, files[i], TRUE);
    }
  g->n_entries = n_entries;
}

static gint64
count_entries (const Gen *g, int layers, int micro)
{
  Gen *c = g_memdup2 (g, sizeof *g);
  gint64 n;

  c->layers = layers;
  c->micro = micro;
  c->mode = MODE_COUNT;
  c->step = c->rank = 0;
  walk (c);
  n = c->n_entries;
  g_free (c);
  return n;
}

// Layers and micro steps for about `target` entries. The count is linear in the layers; take
// the fewest micro steps that land within 5 % (with at most LAYER_CAP layers, as a real model
// has a bounded depth), unless --micro-steps fixed them.
static void
choose_size (Gen *g, gint64 target, gboolean fixed_micro)
{
  double best = G_MAXDOUBLE;
  int m0 = g->micro;

  if (!fixed_micro)
    {
      gint64 per_step = count_entries (g, LAYER_CAP, 2) - count_entries (g, LAYER_CAP, 1);

      m0 = (int) MAX (1, target / per_step);
    }
  for (int m = m0; m < m0 + 64; m++)
    {
      gint64 e1 = count_entries (g, 1, m), per_layer = count_entries (g, 2, m) - e1;
      double l = CLAMP (llround (1 + (double) (target - e1) / (double) per_layer), 1,
                        fixed_micro ? 1 << 24 : LAYER_CAP);
      double err = fabs ((double) e1 + (l - 1) * (double) per_layer - (double) target);

      if (err < best)
        {
          best = err;
          g->layers = (int) l;
          g->micro = m;
        }
      if (fixed_micro || best <= 0.05 * (double) target)
        break;
    }
}

int
main (int argc, char **argv)
{
  gint64 entries = -1, seed = 0;
  int layers = -1, micro = -1, ranks = -1, steps = -1, inf = 0, tp = 1, pp = 1, vpp = 1;
  gboolean md5 = FALSE, old_stack = FALSE;
  double eps = 0, eps_from = 0;
  char *task = NULL, *dir;
  GError *error = NULL;
  GOptionEntry opts[] = {
    { "entries", 0, 0, G_OPTION_ARG_INT64, &entries, "About N entries per dump.json", "N" },
    { "layers", 0, 0, G_OPTION_ARG_INT, &layers, "Decoder layers (overrides --entries)", "L" },
    { "micro-steps", 0, 0, G_OPTION_ARG_INT, &micro, "Micro steps (default 1)", "M" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the statistics (default 0)", "S" },
    { "md5", 0, 0, G_OPTION_ARG_NONE, &md5, "Add md5 to every tensor (summary_mode md5)", NULL },
    { "ranks", 0, 0, G_OPTION_ARG_INT, &ranks, "Write OUTDIR/rank0..rank{R-1}", "R" },
    { "steps", 0, 0, G_OPTION_ARG_INT, &steps, "Write OUTDIR/step{s}/rank{r}", "S" },
    { "perturb", 0, 0, G_OPTION_ARG_DOUBLE, &eps, "Scale stats by 1 + EPS*u, u in [-1, 1]", "EPS" },
    { "perturb-from", 0, 0, G_OPTION_ARG_DOUBLE, &eps_from,
      "Perturb only the entries after this fraction of the dump (default 0)", "F" },
    { "inf", 0, 0, G_OPTION_ARG_INT, &inf, "Put Infinity/NaN into the outputs of K entries", "K" },
    { "task", 0, 0, G_OPTION_ARG_STRING, &task, "statistics (default) or structure", "TASK" },
    { "old-stack", 0, 0, G_OPTION_ARG_NONE, &old_stack, "Write stack.json as {name: lines}", NULL },
    { "tp", 0, 0, G_OPTION_ARG_INT, &tp, "Tensor parallelism: Megatron's parallel linear layers, "
      "all_reduce over the TP group", "T" },
    { "pp", 0, 0, G_OPTION_ARG_INT, &pp, "Pipeline parallelism: each stage runs --layers layers, "
      "send/recv between stages", "P" },
    { "vpp", 0, 0, G_OPTION_ARG_INT, &vpp, "Virtual pipeline stages: model chunks "
      "Module.<c>... per rank (needs --pp 2 or more)", "V" },
    G_OPTION_ENTRY_NULL
  };
  GOptionContext *ctx = g_option_context_new ("OUTDIR - write a synthetic msprobe dump");
  Gen *g = g_new0 (Gen, 1);

  // Messages in the user's charset, but numbers always with a '.' as JSON needs.
  setlocale (LC_ALL, "");
  setlocale (LC_NUMERIC, "C");
  g_option_context_add_main_entries (ctx, opts, NULL);
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    die ("%s (see --help)", error->message);
  if (argc != 2)
    die ("expected exactly one OUTDIR argument (see --help)");
  if (task && strcmp (task, "statistics") != 0 && strcmp (task, "structure") != 0)
    die ("--task must be statistics or structure, not '%s'", task);
  if ((entries != -1 && (entries < 1 || entries > 1000000000)) || (layers != -1 && layers < 1)
      || (micro != -1 && micro < 1) || (ranks != -1 && (ranks < 1 || ranks > 4096))
      || (steps != -1 && steps < 1) || inf < 0 || !(eps >= 0 && eps < 1)
      || !(eps_from >= 0 && eps_from <= 1))
    die ("out of range: --entries, --layers, --micro-steps and --steps must be at least 1, "
         "--ranks 1 to 4096, --inf at least 0, --perturb in [0, 1), --perturb-from in [0, 1]");

  if (tp < 1 || pp < 1 || vpp < 1 || (vpp > 1 && pp < 2))
    die ("out of range: --tp, --pp and --vpp must be at least 1, and --vpp needs --pp 2 or more");
  if (tp * pp * vpp > 1 && ranks == -1)
    ranks = tp * pp;
  if (ranks % (tp * pp) != 0)
    die ("--ranks %d is not a multiple of --tp %d x --pp %d", ranks, tp, pp);
  if (tp * pp * vpp > 1 && entries != -1)
    die ("--entries does not go with --tp, --pp or --vpp: give --layers (per model chunk)");

  model_init ();
  *g = (Gen) { .layers = layers, .micro = MAX (micro, 1), .ranks = MAX (ranks, 1), .md5 = md5,
               .structure = task && strcmp (task, "structure") == 0, .old_stack = old_stack,
               .eps = eps, .eps_from = eps_from, .seed = (guint64) seed,
               .tp = tp, .pp = pp, .vpp = vpp, .dp = MAX (ranks, 1) / (tp * pp),
               .par = tp * pp * vpp > 1 };
  g_strlcpy (g->prefix, "Module", sizeof g->prefix);
  if (layers == -1 && entries == -1)
    g->layers = 4;
  else if (layers == -1)
    choose_size (g, entries, micro != -1);
  for (int s = 0; s < MAX (steps, 1); s++)
    for (int r = 0; r < g->ranks; r++)
      {
        if (steps != -1)
          dir = g_strdup_printf ("%s/step%d/rank%d", argv[1], s, r);
        else if (ranks != -1)
          dir = g_strdup_printf ("%s/rank%d", argv[1], r);
        else
          dir = g_strdup (argv[1]);
        g->step = s;
        g->rank = r;
        g->tp_rank = r % tp;
        g->dp_rank = (r / tp) % g->dp;
        g->stage = r / (tp * g->dp);
        write_dump (g, dir, inf);
        g_free (dir);
      }
  g_print ("%" G_GINT64_FORMAT " entries per dump (%d layers, %d micro steps), %d dump(s) in %s\n",
           g->n_entries, g->layers, g->micro, MAX (steps, 1) * g->ranks, argv[1]);
  g_option_context_free (ctx);
  g_free (task);
  g_free (g);
  return 0;
}
