// SPDX-License-Identifier: GPL-3.0-or-later
//
// The Llama-like model that msvis-gen-dump dumps: tensor shapes, argument kinds, and the calls
// before the layers, in one layer and after the layers.

#include <string.h>

#include "msvis-gen-model.h"

// ---------------------------------------------------------------------------------------------
// The model: shapes, and three tables of calls (before the layers, one layer, after the layers)
// in forward order, nested by depth. Backward is derived by walking the tables in reverse.




const char *const dtype_names[] = {
  "torch.float32", "torch.bfloat16", "torch.float16", "torch.int64"
};





const Shape shapes[N_SHAPES] = {
  [IDS] = { 2, DT_I64, { B, S } },          [BSH] = { 3, DT_BF16, { B, S, H } },
  [BSI] = { 3, DT_BF16, { B, S, I } },      [BSV] = { 3, DT_F32, { B, S, V } },
  [RSTD] = { 3, DT_F32, { B, S, 1 } },      [HEADS] = { 4, DT_BF16, { B, NH, S, HD } },
  [HALF] = { 4, DT_BF16, { B, NH, S, HD / 2 } },
  [SCORE] = { 4, DT_F16, { B, NH, S, S } }, [PROB] = { 4, DT_F32, { B, NH, S, S } },
  [WHH] = { 2, DT_BF16, { H, H } },         [WIH] = { 2, DT_BF16, { I, H } },
  [WHI] = { 2, DT_BF16, { H, I } },         [WVH] = { 2, DT_BF16, { V, H } },
  [WH] = { 1, DT_BF16, { H } },             [LOG2] = { 2, DT_F32, { B * S, V } },
  [LAB] = { 1, DT_I64, { B * S } },         [SCALAR] = { 0, DT_F32, { 0 } },
};

// Shape dims as text, made once: formatting them for every tensor would cost a lot of time.
char dim_txt[N_SHAPES][4][24];



// The arguments of each kind: "input_args|input_kwargs", read by put_args().
const char *const kind_spec[N_KINDS] = {
  [K_MOD] = "x|",
  [K_LAYER] = ("x|attention_mask=~ position_ids=p past_key_value=~ output_attentions=b0 "
               "use_cache=b0"),
  [K_IDVIEW] = "x i-1 i2048|",
  [K_EMB] = "x w ~ ~ f2.0 b0 b0|",
  [K_RMS] = "x w|epsilon=f1e-06",
  [K_LINEAR] = "x w ~|",
  [K_VIEW] = "x I|",
  [K_VIEWSZ] = "x Z|",
  [K_TRANSPOSE] = "x i1 i2|",
  [K_GETITEM] = "x L|",
  [K_CAT] = "c|dim=i-1",
  [K_BIN] = "x o|",
  [K_SOFTMAX] = "x|dim=i-1 _stacklevel=i3 dtype=d",
  [K_SILU] = "x|inplace=b0",
  [K_ALLRED] = "x|group=G op=r",
  [K_SEND] = "x|dst=k group=G",
  [K_RECV] = "x|src=k group=G",
  [K_CE] = "x o|weight=~ ignore_index=i-100 reduction=smean label_smoothing=f0.0",
  [K_SUM] = "x|",
};


const char *const src_files[] = {
  "/home/user/llama/modeling_llama.py",
  "/usr/local/lib/python3.9/site-packages/torch/nn/modules/linear.py",
  "/usr/local/lib/python3.9/site-packages/torch/nn/modules/activation.py",
  "/home/user/llama/train.py",
};



#define M(d, n, c, i, o, w, l, code) { d, K_MOD, n, c, i, o, w, l, code, 0 }
#define A(d, k, n, i, o, w, l, code) { d, k, n, NULL, i, o, w, l, code, 0 }
#define LIN(d, i, o) A (d, K_LINEAR, "Functional.linear", i, o, NOSH, 114, \
                        "return F.linear(input, self.weight, self.bias)")
#define RMS(d) A (d, K_RMS, "NPU.npu_rms_norm", BSH, BSH, NOSH, 88, \
                  "return torch_npu.npu_rms_norm(x, self.weight, epsilon=self.eps)[0]")

Op pre_ops[] = {
  A (0, K_IDVIEW, "Tensor.view", IDS, IDS, NOSH, 1011, "input_ids = input_ids.view(-1, S)"),
  M (0, "model.embed_tokens", "Embedding", IDS, BSH, WVH, 1046, "x = self.embed_tokens(ids)"),
  A (1, K_EMB, "Functional.embedding", IDS, BSH, NOSH, 163, "return F.embedding(input, w)"),
  A (0, K_RECV, "Distributed.recv", BSH, BSH, NOSH, 61, "dist.recv(x, src=prev_rank)"),
};

Op layer_ops[] = {
  { 0, K_LAYER, "model.layers", "LlamaDecoderLayer", BSH, BSH, NOSH, 1078,
    "layer_outputs = decoder_layer(hidden_states, attention_mask=attention_mask)", 0 },
  M (1, "input_layernorm", "LlamaRMSNorm", BSH, BSH, WH, 735, "x = self.input_layernorm(x)"),
  RMS (2),
  M (1, "self_attn", "LlamaAttention", BSH, BSH, NOSH, 738, "x, _ = self.self_attn(x)"),
  M (2, "q_proj", "Linear", BSH, BSH, WHH, 391, "query_states = self.q_proj(x)"),
  LIN (3, BSH, BSH),
  M (2, "k_proj", "Linear", BSH, BSH, WHH, 392, "key_states = self.k_proj(x)"),
  LIN (3, BSH, BSH),
  M (2, "v_proj", "Linear", BSH, BSH, WHH, 393, "value_states = self.v_proj(x)"),
  LIN (3, BSH, BSH),
  A (2, K_VIEW, "Tensor.view", BSH, HEADS, NOSH, 395, "q = q.view(bsz, q_len, nh, hd)"),
  A (2, K_TRANSPOSE, "Tensor.transpose", HEADS, HEADS, NOSH, 395, "q = q.transpose(1, 2)"),
  A (2, K_GETITEM, "Tensor.__getitem__", HEADS, HALF, NOSH, 151, "x1 = x[..., ::2]"),
  A (2, K_CAT, "Torch.cat", HALF, HEADS, NOSH, 153, "return torch.cat((-x2, x1), dim=-1)"),
  A (2, K_BIN, "Torch.matmul", HEADS, SCORE, HEADS, 412, "w = torch.matmul(q, k.transpose(2, 3))"),
  A (2, K_SOFTMAX, "Functional.softmax", SCORE, PROB, NOSH, 421, "w = F.softmax(w, dim=-1)"),
  A (2, K_BIN, "Torch.matmul", PROB, HEADS, HEADS, 423, "out = torch.matmul(w, v)"),
  A (2, K_VIEWSZ, "Tensor.view", HEADS, BSH, NOSH, 432, "out = out.view(input_shape)"),
  M (2, "o_proj", "Linear", BSH, BSH, WHH, 434, "out = self.o_proj(out)"),
  LIN (3, BSH, BSH),
  A (2, K_ALLRED, "Distributed.all_reduce", BSH, BSH, NOSH, 436, "dist.all_reduce(out, group=tp)"),
  A (1, K_BIN, "Tensor.__add__", BSH, BSH, BSH, 746, "hidden_states = residual + hidden_states"),
  M (1, "post_attention_layernorm", "LlamaRMSNorm", BSH, BSH, WH, 750,
     "hidden_states = self.post_attention_layernorm(hidden_states)"),
  RMS (2),
  M (1, "mlp", "LlamaMLP", BSH, BSH, NOSH, 751, "hidden_states = self.mlp(hidden_states)"),
  M (2, "gate_proj", "Linear", BSH, BSI, WIH, 312, "gate = self.gate_proj(x)"),
  LIN (3, BSH, BSI),
  M (2, "act_fn", "SiLU", BSI, BSI, NOSH, 313, "gate = self.act_fn(gate)"),
  A (3, K_SILU, "Functional.silu", BSI, BSI, NOSH, 396, "return F.silu(input, inplace=False)"),
  M (2, "up_proj", "Linear", BSH, BSI, WIH, 314, "up = self.up_proj(x)"),
  LIN (3, BSH, BSI),
  A (2, K_BIN, "Tensor.__mul__", BSI, BSI, BSI, 315, "inter = gate * up"),
  M (2, "down_proj", "Linear", BSI, BSH, WHI, 316, "down = self.down_proj(inter)"),
  LIN (3, BSI, BSH),
  A (2, K_ALLRED, "Distributed.all_reduce", BSH, BSH, NOSH, 318, "dist.all_reduce(down, group=tp)"),
  A (1, K_BIN, "Tensor.__add__", BSH, BSH, BSH, 752, "hidden_states = residual + hidden_states"),
};

Op post_ops[] = {
  M (0, "model.norm", "LlamaRMSNorm", BSH, BSH, WH, 1102, "hidden_states = self.norm(x)"),
  RMS (1),
  A (0, K_SEND, "Distributed.send", BSH, BSH, NOSH, 66, "dist.send(x, dst=next_rank)"),
  M (0, "lm_head", "Linear", BSH, BSV, WVH, 1187, "logits = self.lm_head(hidden_states)"),
  LIN (1, BSH, BSV),
  A (0, K_VIEWSZ, "Tensor.view", BSV, LOG2, NOSH, 1195, "logits = logits.view(-1, vocab_size)"),
  A (0, K_CE, "Functional.cross_entropy", LOG2, SCALAR, LAB, 1198,
     "loss = F.cross_entropy(logits, labels, ignore_index=-100)"),
  A (0, K_SUM, "Torch.sum", SCALAR, SCALAR, NOSH, 92, "loss = torch.sum(outputs.loss) / accum"),
};

// Filled by model_init(): q, k, v, gate and up are ColumnParallelLinear, o and down
// RowParallelLinear with the all_reduce inside, and their calls torch.matmul.
Op layer_ops_tp[N_LAYER];

G_STATIC_ASSERT (G_N_ELEMENTS (pre_ops) == N_PRE);
G_STATIC_ASSERT (G_N_ELEMENTS (layer_ops) == N_LAYER);
G_STATIC_ASSERT (G_N_ELEMENTS (post_ops) == N_POST);

// The source file of a call, for its stack.
int
op_file (const Op *op)
{
  return op->kind == K_LINEAR ? F_LINEAR : op->kind == K_SILU ? F_ACT
    : op->kind == K_SEND || op->kind == K_RECV || op->kind == K_SUM ? F_TRAIN : F_MODEL;
}

// Calls that PyTorch records no backward for: integer views and communication.
gboolean
op_has_bwd (const Op *op)
{
  return op->kind != K_IDVIEW && op->kind != K_ALLRED && op->kind != K_SEND && op->kind != K_RECV;
}

static const char *api_names[MAX_APIS];
static int n_apis;

// Gives every API call its counter slot: the counter n in `<api>.<n>.forward` runs per API name.
static void
index_apis (Op *ops, int n)
{
  for (int i = 0; i < n; i++)
    {
      int j;

      if (ops[i].cls)
        continue;
      for (j = 0; j < n_apis && strcmp (api_names[j], ops[i].name) != 0; j++)
        ;
      if (j == n_apis)
        api_names[n_apis++] = ops[i].name;
      ops[i].api = j;
    }
}

static void
make_tp_layer (void)
{
  static const char *const column[] = { "q_proj", "k_proj", "v_proj", "gate_proj", "up_proj" };
  static const char *const row[] = { "o_proj", "down_proj" };

  memcpy (layer_ops_tp, layer_ops, sizeof layer_ops);
  for (int i = 0; i < N_LAYER; i++)
    {
      Op *op = &layer_ops_tp[i];

      for (guint j = 0; op->cls && j < G_N_ELEMENTS (column); j++)
        if (strcmp (op->name, column[j]) == 0)
          op->cls = "ColumnParallelLinear";
      for (guint j = 0; op->cls && j < G_N_ELEMENTS (row); j++)
        if (strcmp (op->name, row[j]) == 0)
          op->cls = "RowParallelLinear";
      if (op->kind == K_LINEAR)
        op->name = "Torch.matmul";
      if (op->kind == K_ALLRED)
        op->depth = 3; // the reduce of the row-parallel layer above it
    }
}

// Fills the tables that are derived at start-up: dims as text and the API counter slots.
void
model_init (void)
{
  for (int i = 0; i < N_SHAPES; i++)
    for (int j = 0; j < shapes[i].ndim; j++)
      g_snprintf (dim_txt[i][j], sizeof dim_txt[i][j], "%" G_GINT64_FORMAT, shapes[i].d[j]);
  index_apis (pre_ops, N_PRE);
  index_apis (layer_ops, N_LAYER);
  index_apis (post_ops, N_POST);
  make_tp_layer ();
  index_apis (layer_ops_tp, N_LAYER);
}
