// SPDX-License-Identifier: GPL-3.0-or-later
//
// The tensors of msvis-gen-dump, their statistics as msprobe writes them, and the arguments of
// each kind of call.

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "msvis-gen-dump.h"

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
Leaf
leaf (Gen *g, int shape, int cls)
{
  return new_leaf (g, &g->rng, &g->prng, shape, cls);
}

// A leaf fixed by a key instead of the main stream: weights, and both sides of a send/recv.
Leaf
keyed_leaf (Gen *g, gint64 a, gint64 b, gint64 c, int shape, int cls)
{
  Rng r = rng_keyed (g->seed, g->step, a, b, c);
  Rng pr = rng_keyed (g->seed ^ 0x5EED, g->step, a, b, c);

  return new_leaf (g, &r, &pr, shape, cls);
}

void
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
void
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
