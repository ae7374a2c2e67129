// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "msvis-test-util.h"

/* `msvis graph_visualize`'s command line where msprobe 26.0.0's argparse and FileChecker decide:
 * -h and the usage an error prints, as Python 3.11 formats them at three widths (the texts in
 * tests/data/graph-visualize-help come from make-help.py there), and the path checks of
 * msprobe-2026.md §1.5 on -tp, -gp, -o and -lm, each refusal naming the option and the path. */

static char *
mini (const char *side)
{
  char *path = g_test_build_filename (G_TEST_DIST, "data", "reference-2026", "inputs", "mini",
                                      side, NULL);

  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    g_error ("%s: msprobe 26.0.0's reference inputs are missing", path);
  return path;
}

static char *
help_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "graph-visualize-help",
                                                 name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

static int
run (const char *const  *args,
     char              **out,
     char              **err)
{
  return msvis_test_run_msvis (NULL, "graph_visualize", args, out, err);
}

/* Runs msvis with @args, expecting exit status 1 and @option then @message in what it says,
 * and @also (nullable) after it. */
static void
expect_refused (const char *const *args,
                const char        *option,
                const char        *message,
                const char        *also)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *expected = g_strdup_printf ("msvis graph_visualize: %s: %s", option, message);
  const char *found;

  g_assert_cmpint (run (args, &out, &err), ==, 1);
  if ((found = strstr (err, expected)) == NULL || (also != NULL && strstr (found, also) == NULL))
    g_error ("expected “%s” and “%s” in:\n%s", expected, also ? also : "", err);
}

static void
test_help (void)
{
  const char *widths[] = { "80", "52", "34" };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    {
      g_autofree char *help_name = g_strdup_printf ("help-%s.txt", widths[i]);
      g_autofree char *usage_name = g_strdup_printf ("usage-error-%s.txt", widths[i]);
      g_autofree char *help = help_file (help_name);
      g_autofree char *usage = help_file (usage_name);
      g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
      g_autofree char *out3 = NULL, *err3 = NULL;

      g_setenv ("COLUMNS", widths[i], TRUE);
      g_assert_cmpint (run ((const char *[]) { "-h", NULL }, &out, &err), ==, 0);
      g_assert_cmpstr (out, ==, help);
      g_assert_cmpstr (err, ==, "");
      /* -h wins over what follows it, as argparse acts on it where it comes. */
      g_assert_cmpint (run ((const char *[]) { "-tp", "dump", "--help", "--bogus", NULL },
                            &out2, &err2), ==, 0);
      g_assert_cmpstr (out2, ==, help);
      g_assert_cmpint (run ((const char *[]) { "-tp", "dump", NULL }, &out3, &err3), ==, 2);
      g_assert_cmpstr (out3, ==, "");
      g_assert_cmpstr (err3, ==, usage);
    }
  g_unsetenv ("COLUMNS");
}

/* The usage, then argparse's message, for the errors of the parser. */
static void
test_errors (void)
{
  const struct { const char *args[10]; const char *message; } cases[] = {
    { { "-tp", "d", "-o", "o", "--bogus", NULL }, "unrecognized arguments: --bogus" },
    { { "-tp", "d", "-o", "o", "--", "-oc", NULL }, "unrecognized arguments: -- -oc" },
    { { "-tp", "d", "-o", "o", "--rank_size", "1", "--", "2", NULL },
      "unrecognized arguments: -- 2" },
    { { "-t", "d", "-o", "o", NULL }, "ambiguous option: -t could match -tp, -tensor_log" },
    { { "-o", "o", NULL }, "the following arguments are required: -tp/--target_path" },
  };

  g_setenv ("COLUMNS", "80", TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      g_autofree char *tail = g_strdup_printf ("\nmsvis graph_visualize: error: %s\n",
                                               cases[i].message);

      g_assert_cmpint (run (cases[i].args, &out, &err), ==, 2);
      g_assert_true (g_str_has_prefix (err, "usage: msvis graph_visualize [-h] -tp TARGET_PATH "
                                            "-o OUTPUT_PATH\n"));
      g_assert_true (g_str_has_suffix (err, tail));
    }
  g_unsetenv ("COLUMNS");
}

/* ^[a-zA-Z0-9_.:/-]+$ on the resolved path: a space, a Chinese name or a link to either is
 * refused; a link whose own name has a space is not, since its target is what counts. */
static void
test_path_characters (void)
{
  g_autofree char *npu = mini ("npu");
  g_autofree char *bench = mini ("bench");
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *spaced = g_build_filename (tmp, "dump x", NULL);
  g_autofree char *chinese = g_build_filename (tmp, "标杆", NULL);
  g_autofree char *to_spaced = g_build_filename (tmp, "clean", NULL);
  g_autofree char *spaced_link = g_build_filename (tmp, "link x", NULL);
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autofree char *bad_out = g_build_filename (tmp, "out put", NULL);
  g_autofree char *odd_out = g_build_filename (tmp, "a:b.c-d_E9", NULL);
  g_autofree char *msg = NULL, *msg2 = NULL, *msg3 = NULL, *msg4 = NULL;
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;

  g_assert_cmpint (g_mkdir (spaced, 0755), ==, 0);
  g_assert_cmpint (g_mkdir (chinese, 0755), ==, 0);
  g_assert_cmpint (symlink (spaced, to_spaced), ==, 0);
  g_assert_cmpint (symlink (npu, spaced_link), ==, 0);

  /* In the C locale of the tests, what is not ASCII prints as "?": hence the code points. */
  msg = g_strdup_printf ("The file path %s contains special characters (", spaced);
  expect_refused ((const char *[]) { "-tp", spaced, "-o", out_dir, NULL }, "-tp/--target_path",
                  msg, " ?, U+0020): only letters a-z and A-Z, digits and _ . : / - are allowed.");
  expect_refused ((const char *[]) { "-tp", to_spaced, "-o", out_dir, NULL },
                  "-tp/--target_path", msg, "U+0020");
  msg2 = g_strdup_printf ("The file path %s/", tmp);
  expect_refused ((const char *[]) { "-tp", npu, "-gp", chinese, "-o", out_dir, NULL },
                  "-gp/--golden_path", msg2, "contains special characters (?" "?" "?, U+6807)");
  msg3 = g_strdup_printf ("The file path %s contains special characters (", bad_out);
  expect_refused ((const char *[]) { "-tp", npu, "-o", bad_out, NULL }, "-o/--output_path",
                  msg3, "U+0020");
  msg4 = g_strdup_printf ("The file path %s/new/out put contains special characters", tmp);
  g_assert_false (g_file_test (out_dir, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (bad_out, G_FILE_TEST_EXISTS));

  g_assert_cmpint (run ((const char *[]) { "-tp", spaced_link, "-gp", bench, "-o", odd_out,
                                           NULL }, &out, &err), ==, 0);
  g_assert_cmpuint (msvis_test_count_files (odd_out), ==, 1);
  /* Below a folder that does not exist yet: the part that exists is resolved, the rest kept. */
  g_assert_cmpint (msvis_test_run_msvis (tmp, "graph_visualize",
                                         (const char *[]) { "-tp", npu, "-o",
                                                            "new/../new/./out put", NULL },
                                         &out2, &err2), ==, 1);
  g_assert_nonnull (strstr (err2, msg4));
  msvis_test_remove_tree (tmp);
}

/* At most 4096 characters in the resolved path and 255 in the last name; -o not a file nor
 * under one; a dump folder must be a folder; a -lm file must exist and end in .yaml, but only a
 * compare reads it. */
static void
test_path_kinds (void)
{
  g_autofree char *npu = mini ("npu");
  g_autofree char *bench = mini ("bench");
  g_autofree char *tmp = msvis_test_make_dir ();
  g_autofree char *name255 = g_strnfill (255, 'a');
  g_autofree char *name256 = g_strnfill (256, 'a');
  g_autofree char *out_255 = g_build_filename (tmp, name255, NULL);
  g_autofree char *out_256 = g_build_filename (tmp, name256, NULL);
  g_autofree char *dump_json = g_build_filename (npu, "dump.json", NULL);
  g_autofree char *missing = g_build_filename (tmp, "missing.yaml", NULL);
  g_autofree char *yml = g_build_filename (tmp, "map.yml", NULL);
  g_autofree char *out_dir = g_build_filename (tmp, "out", NULL);
  g_autoptr(GString) deep = g_string_new (tmp);
  g_autofree char *sub_of_file = g_build_filename (dump_json, "sub", NULL);
  g_autofree char *msg = NULL, *msg2 = NULL, *msg3 = NULL, *msg4 = NULL, *msg5 = NULL;
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;

  while (deep->len <= 4096)
    {
      g_string_append_c (deep, '/');
      g_string_append (deep, name255);
    }
  msg = g_strdup_printf ("The file path length exceeds limit: %s ", out_256);
  expect_refused ((const char *[]) { "-tp", npu, "-o", out_256, NULL }, "-o/--output_path", msg,
                  NULL);
  msg2 = g_strdup_printf ("The file path length exceeds limit: %s ", deep->str);
  expect_refused ((const char *[]) { "-tp", npu, "-o", deep->str, NULL }, "-o/--output_path",
                  msg2, NULL);
  g_assert_cmpint (run ((const char *[]) { "-tp", npu, "-o", out_255, NULL }, &out, &err), ==, 0);
  g_assert_cmpuint (msvis_test_count_files (out_255), ==, 1);

  msg5 = g_strdup_printf ("Failed to create %s/sub: %s is not a directory.", dump_json,
                          dump_json);
  expect_refused ((const char *[]) { "-tp", npu, "-o", dump_json, NULL }, "-o/--output_path",
                  "Failed to create ", "dump.json is not a directory.");
  expect_refused ((const char *[]) { "-tp", npu, "-o", sub_of_file, NULL }, "-o/--output_path",
                  msg5, NULL);
  msg3 = g_strdup_printf ("The %s should be a directory!", dump_json);
  expect_refused ((const char *[]) { "-tp", dump_json, "-o", out_dir, NULL }, "-tp/--target_path",
                  msg3, NULL);
  msg4 = g_strdup_printf ("The file path %s does not exist.", missing);
  expect_refused ((const char *[]) { "-tp", npu, "-gp", bench, "-o", out_dir, "-lm", missing,
                                     NULL }, "-lm/--layer_mapping", msg4, NULL);
  msvis_test_write (tmp, "map.yml", "{}\n", -1);
  expect_refused ((const char *[]) { "-tp", npu, "-gp", bench, "-o", out_dir, "-lm", yml, NULL },
                  "-lm/--layer_mapping", yml,
                  " should be one of the following types of files: ['.yaml']!");
  g_assert_false (g_file_test (out_dir, G_FILE_TEST_EXISTS));
  /* A build never reads -lm, in msprobe as here. */
  g_assert_cmpint (run ((const char *[]) { "-tp", npu, "-o", out_dir, "-lm", missing, NULL },
                        &out2, &err2), ==, 0);
  msvis_test_remove_tree (tmp);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/graph-visualize-args/help", test_help);
  g_test_add_func ("/graph-visualize-args/errors", test_errors);
  g_test_add_func ("/graph-visualize-args/path-characters", test_path_characters);
  g_test_add_func ("/graph-visualize-args/path-kinds", test_path_kinds);
  return g_test_run ();
}
