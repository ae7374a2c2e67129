// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "msvis-graph-job.h"
#include "msvis-json-value.h"
#include "msvis-test-util.h"

/* Real-data compares through the whole job: each row's outcome from the tensor files, and
 * broken files turning into msprobe's "unsupported" with a warning that names them. */

#define LEAF(shape, name) \
  "{\"type\": \"mindspore.Tensor\", \"dtype\": \"Float32\", \"shape\": " shape ", " \
  "\"Max\": 1.0, \"Min\": 0.0, \"Mean\": 0.5, \"Norm\": 1.0, \"data_name\": \"" name "\"}"
#define API(id, in, out) \
  "\"" id "\": {\"input_args\": [" in ", {\"type\": \"int\", \"value\": 2}], " \
  "\"input_kwargs\": {}, \"output\": [" out "]}"

static const char data[] =
  API ("Functional.add.0.forward", LEAF ("[4]", "Functional.add.0.forward.input.0.npy"),
       LEAF ("[4]", "Functional.add.0.forward.output.0.npy")) ", "
  API ("Functional.mul.0.forward", LEAF ("[4]", "Functional.mul.0.forward.input.0.npy"),
       LEAF ("[4]", "Functional.mul.0.forward.output.0.npy")) ", "
  API ("Functional.sub.0.forward", LEAF ("[4]", "Functional.sub.0.forward.input.0.npy"),
       LEAF ("[4]", "Functional.sub.0.forward.output.0.pt"));

static void
write_npy (const char   *dir,
           const char   *name,
           const char   *shape,
           const float  *values,
           guint         n)
{
  g_autofree char *header = g_strdup_printf ("{'descr': '<f4', 'fortran_order': False, "
                                             "'shape': %s, }", shape);
  g_autoptr(GString) file = g_string_new_len ("\x93NUMPY\x01\x00", 8);
  gsize length = strlen (header) + 1;

  length += (64 - (10 + length) % 64) % 64;
  g_string_append_c (file, (char)(length & 0xff));
  g_string_append_c (file, (char)(length >> 8));
  g_string_append (file, header);
  while (file->len < 10 + length - 1)
    g_string_append_c (file, ' ');
  g_string_append_c (file, '\n');
  g_string_append_len (file, (const char *)values, n * sizeof (float));
  msvis_test_write (dir, name, file->str, file->len);
}

static void
write_side (const char *dir,
            gboolean    npu)
{
  static const float a[] = { 1, 2, 3, 4 }, b[] = { 1, 2, 3, 4.5 };
  static const float with_nan[] = { 1, 2, NAN, 4 }, five[] = { 1, 2, 3, 4, 5 };
  g_autofree char *tensors = g_build_filename (dir, "dump_tensor_data", NULL);
  g_autofree char *dump = g_strdup_printf ("{\"task\": \"tensor\", \"level\": \"L1\", "
                                           "\"framework\": \"mindspore\", \"dump_data_dir\": "
                                           "\"/elsewhere\", \"data\": {%s}}", data);

  g_assert_cmpint (g_mkdir_with_parents (tensors, 0755), ==, 0);
  msvis_test_write (dir, "dump.json", dump, -1);
  msvis_test_write (dir, "construct.json", "{\"Functional.add.0.forward\": null, "
                    "\"Functional.mul.0.forward\": null, \"Functional.sub.0.forward\": null}",
                    -1);
  msvis_test_write (dir, "stack.json", "{}", -1);

  /* add: values that differ in the last element, and NaN on one side only */
  write_npy (tensors, "Functional.add.0.forward.input.0.npy", "(4,)", a, 4);
  write_npy (tensors, "Functional.add.0.forward.output.0.npy", "(4,)", npu ? a : with_nan, 4);
  /* mul: a truncated NPU input; the benchmark lacks the output; shapes differ in the files */
  if (npu)
    msvis_test_write (tensors, "Functional.mul.0.forward.input.0.npy", "\x93NUMPY\x01", 7);
  else
    write_npy (tensors, "Functional.mul.0.forward.input.0.npy", "(4,)", b, 4);
  if (npu)
    write_npy (tensors, "Functional.mul.0.forward.output.0.npy", "(4,)", a, 4);
  /* sub: a shape that disagrees with the other side; a .pt that is not a zip */
  write_npy (tensors, "Functional.sub.0.forward.input.0.npy", npu ? "(4,)" : "(5,)",
             npu ? a : five, npu ? 4 : 5);
  msvis_test_write (tensors, "Functional.sub.0.forward.output.0.pt", "PK\x03\x04junk", 8);
}

static const char *
metric (const MsvisJsonValue *root,
        const char           *id,
        const char           *io,
        const char           *key,
        const char           *column)
{
  const MsvisJsonValue *v = root;
  const char *path[] = { "NPU", "node", id, io, key, column };

  for (guint i = 0; i < G_N_ELEMENTS (path) && v != NULL; i++)
    v = msvis_json_value_get_member (v, path[i]);
  g_assert_nonnull (v);
  g_assert_cmpint (v->kind, ==, MSVIS_JSON_STRING);
  return v->s;
}

static void
assert_all (const MsvisJsonValue *root,
            const char           *id,
            const char           *io,
            const char           *key,
            const char           *expected)
{
  static const char *const columns[] = {
    "Cosine", "EucDist", "MaxAbsErr", "MaxRelativeErr", "One Thousandth Err Ratio",
    "Five Thousandths Err Ratio",
  };

  for (guint i = 0; i < G_N_ELEMENTS (columns); i++)
    g_assert_cmpstr (metric (root, id, io, key, columns[i]), ==, expected);
}

static gboolean
has_warning (GPtrArray  *warnings,
             const char *a,
             const char *b)
{
  for (guint i = 0; i < warnings->len; i++)
    if (strstr (g_ptr_array_index (warnings, i), a) && strstr (g_ptr_array_index (warnings, i), b))
      return TRUE;
  return FALSE;
}

static void
test_real_data_rows (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *npu = g_build_filename (dir, "npu", NULL);
  g_autofree char *bench = g_build_filename (dir, "bench", NULL);
  g_autofree char *out = g_build_filename (dir, "out", NULL);
  g_autofree char *config = g_build_filename (dir, "compare.json", NULL);
  g_autofree char *json = g_strdup_printf ("{\"npu_path\": \"%s\", \"bench_path\": \"%s\"}",
                                           npu, bench);
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisArena) arena = msvis_arena_new ();
  g_autoptr(GFile) file = NULL;
  MsvisGraphJob job = { config, out, FALSE, FALSE, FALSE, NULL, "T", warnings };
  const MsvisJsonValue *root;

  write_side (npu, TRUE);
  write_side (bench, FALSE);
  msvis_test_write (dir, "compare.json", json, -1);
  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (written->len, ==, 1);
  file = g_file_new_for_path (g_ptr_array_index (written, 0));
  root = msvis_json_value_parse_file (arena, file, NULL, &error);
  g_assert_no_error (error);

#define ADD "Functional.add.0.forward"
#define MUL "Functional.mul.0.forward"
#define SUB "Functional.sub.0.forward"
  /* the same tensor; an int has no tensor file ("No real data") */
  g_assert_cmpstr (metric (root, ADD, "input_data", ADD ".input.0", "Cosine"), ==, "1.0");
  g_assert_cmpstr (metric (root, ADD, "input_data", ADD ".input.0", "MaxAbsErr"), ==, "0.0");
  g_assert_cmpstr (metric (root, ADD, "input_data", ADD ".input.0",
                           "One Thousandth Err Ratio"), ==, "1.0");
  assert_all (root, ADD, "input_data", ADD ".input.1", "unsupported");
  /* NaN where the benchmark has none */
  assert_all (root, ADD, "output_data", ADD ".output.0", "N/A");
  /* unreadable files: msprobe's "unsupported", and a warning that names the file */
  assert_all (root, MUL, "input_data", MUL ".input.0", "unsupported");
  assert_all (root, MUL, "output_data", MUL ".output.0", "unsupported");
  g_assert_true (has_warning (warnings, "npu", MUL ".input.0.npy"));
  g_assert_true (has_warning (warnings, "bench", MUL ".output.0.npy"));
  assert_all (root, SUB, "input_data", SUB ".input.0", "shape unmatched");
  assert_all (root, SUB, "output_data", SUB ".output.0", "unsupported");
  g_assert_true (has_warning (warnings, "npu", SUB ".output.0.pt"));
  for (guint i = 0; i < warnings->len; i++)
    g_test_message ("%s", (const char *)g_ptr_array_index (warnings, i));
  g_assert_cmpuint (warnings->len, ==, 3);
#undef ADD
#undef MUL
#undef SUB
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/real-data/rows", test_real_data_rows);
  return g_test_run ();
}
