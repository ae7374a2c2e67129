// SPDX-License-Identifier: GPL-3.0-or-later

#pragma once

#include <glib.h>

enum { B = 2, S = 2048, H = 4096, I = 11008, V = 32000, NH = 32, HD = 128 };

enum { DT_F32, DT_BF16, DT_F16, DT_I64 };

enum {
  NOSH, IDS, BSH, BSI, BSV, RSTD, HEADS, HALF, SCORE, PROB, WHH, WIH, WHI, WVH, WH, LOG2, LAB,
  SCALAR, N_SHAPES
};

typedef struct
{
  int ndim, dtype;
  gint64 d[4];
} Shape;

// How a call's arguments look; every module is K_MOD except the decoder layer.
typedef enum {
  K_MOD, K_LAYER, K_IDVIEW, K_EMB, K_RMS, K_LINEAR, K_VIEW, K_VIEWSZ, K_TRANSPOSE, K_GETITEM,
  K_CAT, K_BIN, K_SOFTMAX, K_SILU, K_ALLRED, K_SEND, K_RECV, K_CE, K_SUM, N_KINDS
} Kind;

enum { F_MODEL, F_LINEAR, F_ACT, F_TRAIN };

typedef struct
{
  int depth;
  Kind kind;
  const char *name; // attribute path of a module, or the API name
  const char *cls;  // class of a module, NULL for an API
  int in, out, w;   // shapes: input, output, and weight (modules) or second operand (APIs)
  int line;
  const char *code; // the source line of the call, for stack.json
  int api;          // index into api_names, filled in at start-up
} Op;

#define N_PRE 4
#define N_LAYER 36
#define N_POST 8
#define N_SITES (N_PRE + N_LAYER + N_POST)
#define MAX_APIS 32

extern const char *const dtype_names[];
extern const Shape shapes[N_SHAPES];
extern char dim_txt[N_SHAPES][4][24];
extern const char *const kind_spec[N_KINDS];
extern const char *const src_files[];
extern Op pre_ops[N_PRE], layer_ops[N_LAYER], post_ops[N_POST];
extern Op layer_ops_tp[N_LAYER]; // the layer with Megatron's tensor-parallel linear layers

void model_init (void);
int op_file (const Op *op);
gboolean op_has_bwd (const Op *op);
