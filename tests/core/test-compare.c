// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "msvis-comparator.h"
#include "msvis-compare-error.h"
#include "msvis-graph-job.h"
#include "msvis-layer-mapping.h"
#include "msvis-py-number.h"
#include "msvis-py-repr.h"
#include "msvis-test-util.h"
#include "msvis-vis-writer.h"

/* The rules of vis-format.md §4 and the quirks of §10, one small compare at a time. */

#define T(max, min, mean, norm) \
  "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2, 2], " \
  "\"Max\": " #max ", \"Min\": " #min ", \"Mean\": " #mean ", \"Norm\": " #norm "}"
#define T_SHAPE(shape) \
  "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": " shape ", " \
  "\"Max\": 1.0, \"Min\": 0.0, \"Mean\": 0.5, \"Norm\": 1.0}"
#define T_MD5(md5) \
  "{\"type\": \"torch.Tensor\", \"dtype\": \"torch.float32\", \"shape\": [2], " \
  "\"Max\": 1.0, \"Min\": 0.0, \"Mean\": 0.5, \"Norm\": 1.0, \"md5\": \"" md5 "\"}"

typedef struct
{
  const char *task;        /* NULL: statistics */
  const char *framework;   /* NULL: pytorch */
  const char *construct;   /* NULL: every entry at top level */
  const char *data;
} Side;

typedef struct
{
  MsvisArena     *arena;
  MsvisJsonValue *root;
} Vis;

static void
vis_clear (Vis *vis)
{
  g_clear_pointer (&vis->arena, msvis_arena_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Vis, vis_clear)

static char *
top_level_construct (const char *data)
{
  GString *out = g_string_new ("{");
  const char *p = data;
  int depth = 0;

  /* every key at depth 0 of the data object text is an entry name */
  while (*p != '\0')
    {
      if (*p == '"' && depth == 0)
        {
          const char *end = strchr (p + 1, '"');

          if (out->len > 1)
            g_string_append (out, ", ");
          g_string_append_len (out, p, end - p + 1);
          g_string_append (out, ": null");
          p = end + 1;
          continue;
        }
      if (*p == '{' || *p == '[')
        depth++;
      else if (*p == '}' || *p == ']')
        depth--;
      else if (*p == '"')
        p = strchr (p + 1, '"');
      p++;
    }
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}

static void
write_side (const char *dir,
            const Side *side)
{
  g_autofree char *construct = side->construct ? g_strdup (side->construct)
                                               : top_level_construct (side->data);
  g_autofree char *dump = g_strdup_printf ("{\"task\": \"%s\", \"level\": \"mix\", "
                                           "\"framework\": \"%s\", \"dump_data_dir\": null, "
                                           "\"data\": {%s}}",
                                           side->task ? side->task : "statistics",
                                           side->framework ? side->framework : "pytorch",
                                           side->data);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0755), ==, 0);
  msvis_test_write (dir, "construct.json", construct, -1);
  msvis_test_write (dir, "dump.json", dump, -1);
  msvis_test_write (dir, "stack.json", "{}", -1);
}

/* Runs a compare of two FILES dumps; returns the written paths, or NULL with @error. */
static GPtrArray *
run_compare (const char  *npu_dir,
             const char  *bench_dir,
             const char  *out,
             gboolean     fuzzy,
             const char  *mapping,
             GError     **error)
{
  g_autofree char *config_dir = msvis_test_make_dir ();
  g_autofree char *config = g_build_filename (config_dir, "compare.json", NULL);
  g_autofree char *json = g_strdup_printf ("{\"npu_path\": \"%s\", \"bench_path\": \"%s\"}",
                                           npu_dir, bench_dir);
  MsvisGraphJob job = { config, (char *)out, FALSE, FALSE, fuzzy, (char *)mapping, "T" };

  msvis_test_write (config_dir, "compare.json", json, -1);
  return msvis_graph_job_run (&job, NULL, NULL, NULL, error);
}

static Vis
compare (const Side *npu,
         const Side *bench,
         gboolean    fuzzy)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *npu_dir = g_build_filename (dir, "npu", NULL);
  g_autofree char *bench_dir = g_build_filename (dir, "bench", NULL);
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GFile) file = NULL;
  Vis vis = { msvis_arena_new () };

  write_side (npu_dir, npu);
  write_side (bench_dir, bench);
  written = run_compare (npu_dir, bench_dir, out, fuzzy, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 1);
  file = g_file_new_for_path (g_ptr_array_index (written, 0));
  vis.root = msvis_json_value_parse_file (vis.arena, file, NULL, &error);
  g_assert_no_error (error);
  return vis;
}

/* root["NPU" or "Bench"]["node"][id] */
static const MsvisJsonValue *
node (const Vis  *vis,
      const char *side,
      const char *id)
{
  const MsvisJsonValue *n = msvis_json_value_get_member (msvis_json_value_get_member (
    msvis_json_value_get_member (vis->root, side), "node"), id);

  g_assert_nonnull (n);
  return n;
}

static const char *
item_value (const Vis  *vis,
            const char *id,
            const char *io,
            const char *key,
            const char *column)
{
  const MsvisJsonValue *item = msvis_json_value_get_member (
    msvis_json_value_get_member (node (vis, "NPU", id), io), key);
  const MsvisJsonValue *value;

  g_assert_nonnull (item);
  value = msvis_json_value_get_member (item, column);
  return value && value->kind == MSVIS_JSON_STRING ? value->s : NULL;
}

static const MsvisJsonValue *
precision (const Vis  *vis,
           const char *id)
{
  return msvis_json_value_get_member (msvis_json_value_get_member (node (vis, "NPU", id),
                                                                   "data"),
                                      "precision_index");
}

static guint
link_length (const Vis  *vis,
             const char *side,
             const char *id)
{
  return msvis_json_value_get_member (node (vis, side, id), "matched_node_link")->n;
}

#define OUT(id) id ".output.0"

static void
test_summary_columns (void)
{
  Side npu = { .data = "\"Torch.add.0.forward\": {\"input_args\": [" T (4.0, 1.0, 2, 0.5) "], "
                       "\"output\": [" T (2.0, NaN, Infinity, 3.0) "]}" };
  Side bench = { .data = "\"Torch.add.0.forward\": {\"input_args\": [" T (1.0, 0.0, 2, 0.5) "], "
                         "\"output\": [" T (1.0, 0.0, 1.0, 0.0) "]}" };
  g_auto(Vis) vis = compare (&npu, &bench, FALSE);
  const char *id = "Torch.add.0.forward";

  g_assert_cmpstr (item_value (&vis, id, "output_data", OUT ("Torch.add.0.forward"), "Max diff"),
                   ==, "1.0");
  g_assert_cmpstr (item_value (&vis, id, "output_data", OUT ("Torch.add.0.forward"),
                               "MaxRelativeErr"), ==, "100.0%");
  /* NaN minus anything: "Nan" for both; an infinite difference gets a tab */
  g_assert_cmpstr (item_value (&vis, id, "output_data", OUT ("Torch.add.0.forward"), "Min diff"),
                   ==, "Nan");
  g_assert_cmpstr (item_value (&vis, id, "output_data", OUT ("Torch.add.0.forward"),
                               "MinRelativeErr"), ==, "Nan");
  g_assert_cmpstr (item_value (&vis, id, "output_data", OUT ("Torch.add.0.forward"),
                               "Mean diff"), ==, "inf\t");
  /* a zero benchmark has no relative error */
  g_assert_cmpstr (item_value (&vis, id, "output_data", OUT ("Torch.add.0.forward"),
                               "NormRelativeErr"), ==, "N/A");
  /* int minus int stays an int */
  g_assert_cmpstr (item_value (&vis, id, "input_data", "Torch.add.0.forward.input.0",
                               "Mean diff"), ==, "0");
  /* an infinite Max forces the index to 1, an int */
  g_assert_cmpint (precision (&vis, id)->kind, ==, MSVIS_JSON_INT);
  g_assert_cmpint (precision (&vis, id)->i, ==, 1);
}

static void
test_summary_index_from_outputs (void)
{
  /* inputs 300 % off, outputs 25 % off: only the outputs count, and a float stays a float */
  Side npu = { .data = "\"Torch.mul.0.forward\": {\"input_args\": [" T (4.0, 1.0, 1.0, 1.0) "], "
                       "\"output\": [" T (1.25, 1.0, 1.0, 1.0) "]}" };
  Side bench = { .data = "\"Torch.mul.0.forward\": {\"input_args\": [" T (1.0, 1.0, 1.0, 1.0) "], "
                         "\"output\": [" T (1.0, 1.0, 1.0, 1.0) "]}" };
  g_auto(Vis) vis = compare (&npu, &bench, FALSE);

  g_assert_cmpint (precision (&vis, "Torch.mul.0.forward")->kind, ==, MSVIS_JSON_FLOAT);
  g_assert_cmpfloat (precision (&vis, "Torch.mul.0.forward")->f, ==, 0.25);
  g_assert_cmpstr (item_value (&vis, "Torch.mul.0.forward", "input_data",
                               "Torch.mul.0.forward.input.0", "MaxRelativeErr"), ==, "300.0%");
}

static void
test_summary_unpaired_output (void)
{
  /* an NPU output without a counterpart: msprobe's row is a column short */
  Side npu = { .data = "\"Module.a.A.forward.0\": {\"output\": [" T (1.0, 0.0, 1.0, 1.0) ", "
                       T (7.5, 2.5, 1.0, 1.0) "]}" };
  Side bench = { .data = "\"Module.a.A.forward.0\": {\"output\": [" T (1.0, 0.0, 1.0, 1.0) "]}" };
  g_auto(Vis) vis;
  const char *key = "Module.a.A.forward.0.output.1";

  /* fuzzy matching does not count items, so the pair matches */
  vis = compare (&npu, &bench, TRUE);
  g_assert_cmpstr (item_value (&vis, "Module.a.A.forward.0", "output_data", key, "Max diff"), ==,
                   " ");
  g_assert_cmpstr (item_value (&vis, "Module.a.A.forward.0", "output_data", key,
                               "MeanRelativeErr"), ==, "7.5");
  g_assert_cmpstr (item_value (&vis, "Module.a.A.forward.0", "output_data", key,
                               "NormRelativeErr"), ==, "2.5");
}

static void
test_md5 (void)
{
  Side npu = { .data = "\"Torch.mm.0.forward\": {\"input_args\": [" T_MD5 ("aaaaaaaa") "], "
                       "\"output\": [" T_MD5 ("bbbbbbbb") "]}, "
                       "\"Torch.mm.1.forward\": {\"output\": [" T_MD5 ("cccccccc") "]}" };
  Side bench = { .data = "\"Torch.mm.0.forward\": {\"input_args\": [" T_MD5 ("aaaaaaaa") "], "
                         "\"output\": [" T_MD5 ("bbbbbbbc") "]}, "
                         "\"Torch.mm.1.forward\": {\"output\": [" T_MD5 ("cccccccc") "]}" };
  g_auto(Vis) vis = compare (&npu, &bench, FALSE);
  const MsvisJsonValue *data = msvis_json_value_get_member (node (&vis, "NPU",
                                                                  "Torch.mm.0.forward"), "data");

  g_assert_cmpstr (msvis_json_value_get_member (vis.root, "task")->s, ==, "md5");
  g_assert_cmpstr (item_value (&vis, "Torch.mm.0.forward", "input_data",
                               "Torch.mm.0.forward.input.0", "Result"), ==, "pass");
  g_assert_cmpstr (item_value (&vis, "Torch.mm.0.forward", "output_data",
                               OUT ("Torch.mm.0.forward"), "Result"), ==, "Different");
  g_assert_cmpstr (item_value (&vis, "Torch.mm.0.forward", "output_data",
                               OUT ("Torch.mm.0.forward"), "md5"), ==, "bbbbbbbb");
  g_assert_cmpint (precision (&vis, "Torch.mm.0.forward")->i, ==, 0);
  g_assert_cmpstr (msvis_json_value_get_member (data, "Result")->s, ==, "Different");
  g_assert_cmpint (precision (&vis, "Torch.mm.1.forward")->kind, ==, MSVIS_JSON_INT);
  g_assert_cmpint (precision (&vis, "Torch.mm.1.forward")->i, ==, 1);
}

static void
test_ignored_and_collections (void)
{
  /* APIs between modules form a collection; torch.empty's values mean nothing */
  const char *construct = "{\"Torch.empty.0.forward\": null, \"Torch.mul.0.forward\": null, "
                          "\"Module.m.M.forward.0\": null}";
  Side npu = { .construct = construct,
               .data = "\"Torch.empty.0.forward\": {\"output\": [" T (9.0, 1.0, 1.0, 1.0) "]}, "
                       "\"Torch.mul.0.forward\": {\"output\": [" T (1.0, 1.0, 1.0, 1.0) "]}, "
                       "\"Module.m.M.forward.0\": {\"output\": [" T (1.0, 1.0, 1.0, 1.0) "]}" };
  Side bench = { .construct = construct,
                 .data = "\"Torch.empty.0.forward\": {\"output\": [" T (1.0, 1.0, 1.0, 1.0) "]}, "
                         "\"Torch.mul.0.forward\": {\"output\": [" T (1.0, 1.0, 1.0, 1.0) "]}, "
                         "\"Module.m.M.forward.0\": {\"output\": [" T (1.0, 1.0, 1.0, 1.0) "]}" };
  g_auto(Vis) vis = compare (&npu, &bench, FALSE);

  g_assert_cmpint (precision (&vis, "Torch.empty.0.forward")->kind, ==, MSVIS_JSON_INT);
  g_assert_cmpint (precision (&vis, "Torch.empty.0.forward")->i, ==, 0);
  /* max() keeps the first of equal values: int 0 against float 0.0 stays int 0 */
  g_assert_cmpint (precision (&vis, "Torch.mul.0.forward")->kind, ==, MSVIS_JSON_INT);
  g_assert_cmpint (precision (&vis, "Apis_Between_Modules.0")->kind, ==, MSVIS_JSON_INT);
  g_assert_cmpint (precision (&vis, "Apis_Between_Modules.0")->i, ==, 0);
}

static void
test_default_matching (void)
{
  Side npu = { .data = "\"Torch.a.0.forward\": {\"output\": [" T_SHAPE ("[2, 2]") "]}, "
                       "\"Torch.b.0.forward\": {\"output\": [" T_SHAPE ("[2, 2]") "]}" };
  Side bench = { .data = "\"Torch.a.0.forward\": {\"output\": [" T_SHAPE ("[2, 3]") "]}, "
                         "\"Torch.b.0.forward\": {\"output\": [" T_SHAPE ("[2, 2]") "]}" };
  g_auto(Vis) vis = compare (&npu, &bench, FALSE);

  /* a shape differs: no match and no data */
  g_assert_cmpuint (link_length (&vis, "NPU", "Torch.a.0.forward"), ==, 0);
  g_assert_null (precision (&vis, "Torch.a.0.forward"));
  /* both sides get the same path, root and API collection first, ending in the counterpart */
  g_assert_cmpuint (link_length (&vis, "NPU", "Torch.b.0.forward"), ==, 3);
  g_assert_cmpuint (link_length (&vis, "Bench", "Torch.b.0.forward"), ==, 3);
}

static void
test_fuzzy_recount (void)
{
  const char *npu_construct = "{\"Module.m.M.forward.0\": null, "
                              "\"Functional.relu.0.forward\": \"Module.m.M.forward.0\"}";
  const char *bench_construct = "{\"Module.m.M.forward.0\": null, "
                                "\"Functional.relu.7.forward\": \"Module.m.M.forward.0\"}";
  Side npu = { .construct = npu_construct,
               .data = "\"Module.m.M.forward.0\": {\"output\": [" T_SHAPE ("[2]") "]}, "
                       "\"Functional.relu.0.forward\": {\"output\": [" T_SHAPE ("[2]") "]}" };
  Side bench = { .construct = bench_construct,
                 .data = "\"Module.m.M.forward.0\": {\"output\": [" T_SHAPE ("[2]") "]}, "
                         "\"Functional.relu.7.forward\": {\"output\": [" T_SHAPE ("[2]") "]}" };
  g_auto(Vis) fuzzy = compare (&npu, &bench, TRUE);
  g_auto(Vis) plain = compare (&npu, &bench, FALSE);
  const MsvisJsonValue *link = msvis_json_value_get_member (
    node (&fuzzy, "NPU", "Functional.relu.0.forward"), "matched_node_link");

  g_assert_cmpuint (link->n, ==, 3);
  g_assert_cmpstr (link->last->s, ==, "Functional.relu.7.forward");
  g_assert_cmpuint (link_length (&plain, "NPU", "Functional.relu.0.forward"), ==, 0);
  /* the benchmark's unmatched root children are paged by their last number */
  g_assert_cmpint (msvis_json_value_get_member (node (&plain, "Bench", "Module.m.M.forward.0"),
                                                "micro_step_id")->i, ==, 0);
}

static void
test_recount_key (void)
{
  struct { const char *id, *key; } cases[] = {
    { "Functional.relu.3.forward", "Functional.relu.forward" },
    { "a.1.2.b", "a.2.b" },                        /* matches do not overlap */
    { "Torch.matmul_rank5.32.forward", "Torch.matmul.forward" },
    { "Tensor.__add__.0.backward", "Tensor.__add__.backward" },
    { "x_rank.1.y", "x_rank.y" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *key = msvis_compare_recount_key (cases[i].id);

      g_assert_cmpstr (key, ==, cases[i].key);
    }
}

static void
test_py_numbers (void)
{
  MsvisField s = { .kind = MSVIS_VALUE_STR };
  MsvisField f = { .kind = MSVIS_VALUE_FLOAT, .f = 23.4 };
  MsvisPyNumber n;
  double v;

  s.s = "23.4%";
  n = msvis_py_str2float (&s);
  g_assert_true (n.is_float);
  g_assert_cmpfloat (n.value, ==, 23.4 / 100);
  s.s = "2.3.4%";
  n = msvis_py_str2float (&s);
  g_assert_false (n.is_float);
  g_assert_cmpfloat (n.value, ==, 0);
  /* not a str: AttributeError, so 0 */
  g_assert_false (msvis_py_str2float (&f).is_float);

  g_assert_true (msvis_py_parse_float (" 1_0.5 ", 7, &v) && v == 10.5);
  g_assert_true (msvis_py_parse_float ("-Infinity", 9, &v) && isinf (v) && v < 0);
  g_assert_true (msvis_py_parse_float ("nan", 3, &v) && isnan (v));
  g_assert_true (msvis_py_parse_float ("1e5", 3, &v) && v == 1e5);
  g_assert_false (msvis_py_parse_float ("0x10", 4, &v));
  g_assert_false (msvis_py_parse_float ("1__0", 4, &v));
  g_assert_false (msvis_py_parse_float ("_1", 2, &v));
  g_assert_false (msvis_py_parse_float ("N/A", 3, &v));

  /* max() and min() keep the first of equal values, and NaN never wins */
  n = msvis_py_max (MSVIS_PY_INT (0), (MsvisPyNumber) { TRUE, 0.0 });
  g_assert_false (n.is_float);
  n = msvis_py_max (MSVIS_PY_INT (0), (MsvisPyNumber) { TRUE, NAN });
  g_assert_false (n.is_float);
  n = msvis_py_min (MSVIS_PY_INT (1), (MsvisPyNumber) { TRUE, 0.5 });
  g_assert_true (n.is_float);
}

/* A relative error is written straight from the number; it must read as repr(x) + "%" does
 * after _format_data. */
static void
test_percent_format (void)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (guint i = 0; i < 200000; i++)
    {
      double x = i < 16 ? (double[]) { 0, 1e-4, 1e-5, 9.99999e-5, 1e9, 999999999.9999999,
                                       100, 0.1, 1e16, 123.4567891, 0.0001234567, 5e-324,
                                       INFINITY, NAN, 1.0000005, 0.1234565 }[i]
                        : exp (g_rand_double_range (rand, -14, 30));
      MsvisField percent = { .kind = MSVIS_VALUE_PERCENT, .f = x };
      MsvisField text = { .kind = MSVIS_VALUE_STR };
      g_autoptr(GString) repr = g_string_new (NULL);
      g_autoptr(GString) a = g_string_new (NULL);
      g_autoptr(GString) b = g_string_new (NULL);

      msvis_py_append_float_repr (repr, x);
      g_string_append_c (repr, '%');
      text.s = repr->str;
      msvis_vis_format_value (a, &percent);
      msvis_vis_format_value (b, &text);
      if (strcmp (a->str, b->str) != 0)
        g_error ("%.17g: %s, but %s through repr", x, a->str, b->str);
    }
  g_rand_free (rand);
}

static void
test_layer_mapping_yaml (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *good = g_build_filename (dir, "good.yaml", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.yaml", NULL);
  g_autofree char *wrong = g_build_filename (dir, "wrong.yaml", NULL);
  g_autoptr(GHashTable) types = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *warning = NULL;

  msvis_test_write (dir, "good.yaml", "Cell:\n  a: b\nLayer:\n  x.y: z\n  x: w\n", -1);
  msvis_test_write (dir, "broken.yaml", "Cell: [a, \n", -1);
  msvis_test_write (dir, "wrong.yaml", "- a\n- b\n", -1);

  types = msvis_layer_mapping_read_yaml (good, &warning, &error);
  g_assert_no_error (error);
  g_assert_null (warning);
  /* the old top layer name is read as the new one */
  g_assert_true (g_hash_table_contains (types, "TopLayer"));
  g_assert_false (g_hash_table_contains (types, "Cell"));
  g_clear_pointer (&types, g_hash_table_unref);

  /* msprobe goes on without renames when the file does not parse */
  types = msvis_layer_mapping_read_yaml (broken, &warning, &error);
  g_assert_no_error (error);
  g_assert_nonnull (warning);
  g_assert_cmpuint (g_hash_table_size (types), ==, 0);
  g_clear_pointer (&types, g_hash_table_unref);

  types = msvis_layer_mapping_read_yaml (wrong, &warning, &error);
  g_assert_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG);
  g_assert_null (types);
  g_assert_nonnull (strstr (error->message, "wrong.yaml, line 1"));
  g_clear_error (&error);

  /* Types that alias one rename table share its rules, read once: copying them for each of
   * 20,000 aliases cost 4.7 GB, and a 565 KB file aborted the compare. */
  msvis_test_write (dir, "aliases.yaml", "Layer: &t\n  a: b\n  c.d: e\nBlock: *t\nCell: *t\n", -1);
  g_free (good);
  good = g_build_filename (dir, "aliases.yaml", NULL);
  types = msvis_layer_mapping_read_yaml (good, &warning, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_hash_table_size (types), ==, 3);
  g_assert_true (g_hash_table_lookup (types, "Layer") == g_hash_table_lookup (types, "Block"));
  g_assert_true (g_hash_table_lookup (types, "Layer") == g_hash_table_lookup (types, "TopLayer"));
  g_assert_cmpuint (g_hash_table_size (g_hash_table_lookup (types, "Block")), ==, 2);
}

/* Pairs that cannot be compared fail with an error and leave no output behind. */
static void
expect_mismatch (const Side *npu,
                 const Side *bench,
                 gboolean    npu_ranks,
                 gint        code)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *npu_dir = g_build_filename (dir, "npu", NULL);
  g_autofree char *npu_files = g_build_filename (dir, "npu", npu_ranks ? "rank0" : "", NULL);
  g_autofree char *bench_dir = g_build_filename (dir, "bench", NULL);
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = NULL;

  write_side (npu_files, npu);
  write_side (bench_dir, bench);
  written = run_compare (npu_dir, bench_dir, out, FALSE, NULL, &error);
  g_assert_null (written);
  g_assert_error (error, MSVIS_COMPARE_ERROR, code);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

/* Everything a compare stored for @graph's nodes and items, as text. */
static char *
describe_results (MsvisGraph *graph)
{
  MsvisCompareResults *results = msvis_graph_get_compare_results (graph);
  GString *out = g_string_new (NULL);

  for (MsvisNodeId node = 0; node < msvis_graph_get_n_nodes (graph); node++)
    {
      g_string_append_printf (out, "%s %d ", msvis_graph_node_get_id (graph, node),
                              msvis_compare_results_get_md5_result (results, node));
      msvis_precision_append_repr (out, msvis_compare_results_get_precision (results, node));
      g_string_append_c (out, '\n');
    }
  for (guint32 item = 0; item < msvis_graph_get_n_items (graph); item++)
    {
      guint n;
      const MsvisField *metrics = msvis_compare_results_get_metrics (results, item, &n);

      for (guint i = 0; i < n; i++)
        {
          g_string_append_printf (out, "%u %s=", item,
                                  msvis_graph_atom_name (graph, metrics[i].name));
          msvis_vis_format_value (out, &metrics[i]);
          g_string_append_c (out, '\n');
        }
    }
  return g_string_free (out, FALSE);
}

static char *
compare_with_threads (const char       *npu_dir,
                      const char       *bench_dir,
                      MsvisCompareMode  mode,
                      guint             threads)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisGraph) npu = msvis_test_build (npu_dir, FALSE, &error);
  g_autoptr(MsvisGraph) bench = msvis_test_build (bench_dir, FALSE, &error);
  MsvisCompareOptions options = { .mode = mode, .threads = threads };

  g_assert_no_error (error);
  msvis_compare_graphs (npu, bench, &options);
  return describe_results (npu);
}

/* The matched data are compared on several threads, each for the NPU nodes that fall to it;
 * the results must be those of one thread, whatever the split. */
static void
test_threads_agree (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *npu_dir = g_build_filename (dir, "npu", NULL);
  g_autofree char *bench_dir = g_build_filename (dir, "bench", NULL);
  g_autoptr(GString) npu_data = g_string_new (NULL), bench_data = g_string_new (NULL);
  Side npu = { 0 }, bench = { 0 };

  for (guint i = 0; i < 700; i++)
    {
      const char *sep = i ? ", " : "";

      g_string_append_printf (npu_data, "%s\"Torch.add.%u.forward\": {\"input_args\": ["
                              T (%u.5, -%u.25, 0.%u, %u.0) ", {\"type\": \"int\", "
                              "\"value\": %u}], \"output\": [" T (%u.0, 0.0, 0.5, 1.0) "]}",
                              sep, i, i, i, i, i, i, i);
      /* The benchmark drifts from the 300th call on, and has no 500th. */
      if (i != 500)
        g_string_append_printf (bench_data, "%s\"Torch.add.%u.forward\": {\"input_args\": ["
                                T (%u.5, -%u.25, 0.%u, %u.0) ", {\"type\": \"int\", "
                                "\"value\": %u}], \"output\": [" T (%u.0, 0.0, 0.5, %s) "]}",
                                sep, i, i, i, i, i, i, i, i < 300 ? "1.0" : "1.25");
    }
  npu.data = npu_data->str;
  bench.data = bench_data->str;
  write_side (npu_dir, &npu);
  write_side (bench_dir, &bench);

  for (guint i = 0; i < 3; i++)
    {
      static const MsvisCompareMode modes[] = {
        MSVIS_COMPARE_SUMMARY, MSVIS_COMPARE_MD5, MSVIS_COMPARE_STRUCTURE,
      };
      g_autofree char *one = compare_with_threads (npu_dir, bench_dir, modes[i], 1);
      g_autofree char *three = compare_with_threads (npu_dir, bench_dir, modes[i], 3);

      gsize at = 0;

      while (one[at] != '\0' && one[at] == three[at])
        at++;
      if (one[at] != three[at])
        g_error ("mode %d: three threads differ from one at “%.80s”", modes[i], one + at);
      if (modes[i] == MSVIS_COMPARE_SUMMARY)
        g_assert_nonnull (strstr (one, "NormRelativeErr=20.0%"));
    }
}

static void
test_errors (void)
{
  Side plain = { .data = "\"Torch.a.0.forward\": {\"output\": [" T_SHAPE ("[2]") "]}" };
  Side md5 = { .data = "\"Torch.a.0.forward\": {\"output\": [" T_MD5 ("aaaaaaaa") "]}" };
  Side mindspore = { .framework = "mindspore", .data = plain.data };
  Side tensor = { .task = "tensor", .data = plain.data };

  expect_mismatch (&plain, &plain, TRUE, MSVIS_COMPARE_ERROR_MISMATCH);
  expect_mismatch (&plain, &md5, FALSE, MSVIS_COMPARE_ERROR_MISMATCH);
  expect_mismatch (&mindspore, &plain, FALSE, MSVIS_COMPARE_ERROR_MISMATCH);
  expect_mismatch (&tensor, &plain, FALSE, MSVIS_COMPARE_ERROR_MISMATCH);
}

/* A mapping file that is not a mapping stops the run before anything is built. */
static void
test_bad_mapping_file (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *yaml = g_build_filename (dir, "map.yaml", NULL);
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autofree char *npu_dir = g_build_filename (dir, "npu", NULL);
  g_autofree char *bench_dir = g_build_filename (dir, "bench", NULL);

  /* the dump folders hold no dump at all: the yaml is looked at first */
  g_assert_cmpint (g_mkdir (npu_dir, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (bench_dir, 0755), ==, 0);
  msvis_test_write (dir, "map.yaml", "just a string\n", -1);
  written = run_compare (npu_dir, bench_dir, out, FALSE, yaml, &error);
  g_assert_null (written);
  g_assert_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_CONFIG);
  g_assert_nonnull (strstr (error->message, "map.yaml"));
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
}

static char *
write_compare_with_threads (MsvisGraph *npu,
                            MsvisGraph *bench,
                            guint       threads)
{
  g_autoptr(GOutputStream) stream = g_memory_output_stream_new_resizable ();
  MsvisArena *arena = msvis_arena_new ();
  MsvisVisCompare compare = { bench, "{}", msvis_json_value_new (arena, MSVIS_JSON_OBJECT),
                              "summary" };
  MsvisVisOptions options = { .threads = threads };
  g_autoptr(GError) error = NULL;

  g_assert_true (msvis_vis_write_compare (npu, &compare, &options, stream, NULL, &error));
  msvis_arena_free (arena);
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (stream, "", 1, NULL, NULL, NULL));
  g_assert_true (g_output_stream_close (stream, NULL, NULL));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (stream));
}

/* The writer formats blocks of nodes on several threads, each block in pieces of about a
 * megabyte, and joins them in order: the bytes must be those of one thread. */
static void
test_writer_threads_agree (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *npu_dir = g_build_filename (dir, "npu", NULL);
  g_autofree char *bench_dir = g_build_filename (dir, "bench", NULL);
  g_autoptr(GString) npu_data = g_string_new (NULL), bench_data = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisGraph) npu = NULL, bench = NULL;
  g_autofree char *one = NULL, *three = NULL;
  MsvisCompareOptions options = { .mode = MSVIS_COMPARE_SUMMARY, .threads = 1 };
  Side npu_side = { 0 }, bench_side = { 0 };

  for (guint i = 0; i < 6000; i++)
    {
#define MUL_ENTRY "%s\"Torch.mul.%u.forward\": {\"input_args\": [" \
                  T (%u.5, -%u.25, 0.%u, %u.0) ", " T (%u.0, 0.0, 0.5, 1.0) "], " \
                  "\"output\": [" T (%u.0, 0.0, 0.5, %s) "]}"
      const char *sep = i ? ", " : "";

      g_string_append_printf (npu_data, MUL_ENTRY, sep, i, i, i, i, i, i, i, "1.0");
      g_string_append_printf (bench_data, MUL_ENTRY, sep, i, i, i, i, i, i, i,
                              i % 7 ? "1.0" : "1.5");
#undef MUL_ENTRY
    }
  npu_side.data = npu_data->str;
  bench_side.data = bench_data->str;
  write_side (npu_dir, &npu_side);
  write_side (bench_dir, &bench_side);
  npu = msvis_test_build (npu_dir, FALSE, &error);
  g_assert_no_error (error);
  bench = msvis_test_build (bench_dir, FALSE, &error);
  g_assert_no_error (error);
  msvis_compare_graphs (npu, bench, &options);

  one = write_compare_with_threads (npu, bench, 1);
  three = write_compare_with_threads (npu, bench, 3);
  /* Each side's 6000 nodes make three blocks of 2048, of more than a megabyte each. */
  g_assert_cmpuint (strlen (one), >, 2 * 3 * 1024 * 1024);
  g_assert_cmpstr (one, ==, three);
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/compare/summary-columns", test_summary_columns);
  g_test_add_func ("/compare/summary-index-from-outputs", test_summary_index_from_outputs);
  g_test_add_func ("/compare/summary-unpaired-output", test_summary_unpaired_output);
  g_test_add_func ("/compare/md5", test_md5);
  g_test_add_func ("/compare/ignored-and-collections", test_ignored_and_collections);
  g_test_add_func ("/compare/default-matching", test_default_matching);
  g_test_add_func ("/compare/fuzzy-recount", test_fuzzy_recount);
  g_test_add_func ("/compare/recount-key", test_recount_key);
  g_test_add_func ("/compare/py-numbers", test_py_numbers);
  g_test_add_func ("/compare/percent-format", test_percent_format);
  g_test_add_func ("/compare/layer-mapping-yaml", test_layer_mapping_yaml);
  g_test_add_func ("/compare/threads-agree", test_threads_agree);
  g_test_add_func ("/compare/writer-threads-agree", test_writer_threads_agree);
  g_test_add_func ("/compare/errors", test_errors);
  g_test_add_func ("/compare/bad-mapping-file", test_bad_mapping_file);

  return g_test_run ();
}
