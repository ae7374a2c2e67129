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

#include "msvis-gen-dump.h"

#define LAYER_CAP 80 // beyond this many layers, --entries grows the micro steps instead

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
