// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "msvis-graph-job.h"
#include "msvis-test-util.h"

/* msprobe's own outputs for the same inputs, byte for byte (tests/data/reference). */

typedef struct
{
  const char *config;       /* under inputs/cfg */
  const char *expected;     /* folder of .vis files */
  gboolean    overflow;     /* -oc */
  gboolean    fuzzy;        /* -f */
  const char *mapping;      /* -lm, relative to inputs/ */
} GoldenCase;

static const GoldenCase cases[] = {
  { "build_single.json", "build_single", TRUE },
  { "build_ranks.json", "build_ranks", FALSE },
  { "build_steps.json", "build_steps", FALSE },
  { "cmp_stat.json", "cmp_stat", TRUE },
  { "cmp_stat.json", "cmp_stat_fuzzy", FALSE, TRUE },
  { "cmp_fuzzy.json", "cmp_fuzzy_default", FALSE },
  { "cmp_fuzzy.json", "cmp_fuzzy_f", FALSE, TRUE },
  { "cmp_md5.json", "cmp_md5", FALSE },
  { "cmp_struct.json", "cmp_struct", FALSE },
  { "cmp_ranks.json", "cmp_ranks", FALSE },
  { "cmp_steps.json", "cmp_steps", TRUE },
  { "cmp_ut_fixture.json", "cmp_ut_fixture", FALSE },
  { "cmp_xfw.json", "cmp_xfw_lm", FALSE, FALSE, "fx/xfw/layer_mapping.yaml" },
  /* real data: MindSpore .npy, and PyTorch .pt, whose dump.json and .vis say dump_data_dir
   * is /data/msprobe/…: msprobe reads tensors beside dump.json, and so does msvis */
  { "cmp_tensor.json", "cmp_tensor", FALSE },
  { "cmp_pt_tensor.json", "cmp_pt_tensor", FALSE },
  { "build_merge.json", "build_merge", FALSE },
  { "cmp_merge.json", "cmp_merge", FALSE },
};

/* msprobe 1.2.2's outputs: read back by test-vis-reader and test-layout, never rebuilt (their
 * old-format inputs are not kept). */
static const char *const read_only[] = {
  "msprobe-1.2.2/build_single",
  "msprobe-1.2.2/cmp_md5",
  "msprobe-1.2.2/cmp_stat",
};

/* "compare_rank0_20261121191931.vis" -> "compare_rank0_T.vis" */
static char *
our_name (const char *reference)
{
  const char *last = strrchr (reference, '_');

  return g_strdup_printf ("%.*s_T.vis", (int)(last - reference), reference);
}

static void
test_golden (gconstpointer data)
{
  const GoldenCase *c = data;
  g_autofree char *inputs = msvis_test_reference ("inputs");
  g_autofree char *config = NULL, *expected_dir = msvis_test_reference (c->expected), *cwd = NULL;
  g_autofree char *out = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GDir) dir = NULL;
  MsvisGraphJob job = { 0 };
  const char *name;
  guint n = 0;

  config = g_build_filename (inputs, "cfg", c->config, NULL);
  g_assert_true (g_file_test (config, G_FILE_TEST_IS_REGULAR));

  /* The reference configs name their dumps relative to inputs/, where msprobe ran. */
  cwd = g_get_current_dir ();
  g_assert_cmpint (g_chdir (inputs), ==, 0);
  job = (MsvisGraphJob) { config, out, c->overflow, FALSE, c->fuzzy, (char *)c->mapping, "T" };
  written = msvis_graph_job_run (&job, NULL, NULL, NULL, &error);
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  g_assert_no_error (error);

  dir = g_dir_open (expected_dir, 0, &error);
  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *expected_path = g_build_filename (expected_dir, name, NULL);
      g_autofree char *ours = our_name (name);
      g_autofree char *our_path = g_build_filename (out, ours, NULL);
      g_autofree char *expected = NULL, *actual = NULL;
      gsize expected_len, actual_len;
      GStatBuf st;

      g_file_get_contents (expected_path, &expected, &expected_len, &error);
      g_assert_no_error (error);
      g_file_get_contents (our_path, &actual, &actual_len, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (actual, actual_len, expected, expected_len);

      g_assert_cmpint (g_stat (our_path, &st), ==, 0);
      g_assert_cmpint (st.st_mode & 0777, ==, 0640);
      n++;
    }

  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (written->len, ==, n);
  g_assert_cmpuint (msvis_test_count_files (out), ==, n);   /* no temporary file left */
}

static gboolean
is_listed (const char *folder)
{
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    if (strcmp (cases[i].expected, folder) == 0)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (read_only); i++)
    if (strcmp (read_only[i], folder) == 0)
      return TRUE;
  return FALSE;
}

/* Adds to @folders every folder under @root/@relative that holds a file, inputs/ aside. */
static void
collect_output_folders (const char *root,
                        const char *relative,
                        GPtrArray  *folders)
{
  g_autofree char *path = g_build_filename (root, relative, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = g_dir_open (path, 0, &error);
  gboolean has_file = FALSE;
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      g_autofree char *child_relative = relative ? g_build_filename (relative, name, NULL)
                                                 : g_strdup (name);

      if (relative == NULL && strcmp (name, "inputs") == 0)
        continue;
      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        collect_output_folders (root, child_relative, folders);
      else if (relative != NULL)
        has_file = TRUE;
      else if (strcmp (name, "README.md") != 0 && strcmp (name, ".gitattributes") != 0)
        g_error ("tests/data/reference/%s: a file outside every case folder", name);
    }
  if (has_file)
    g_ptr_array_add (folders, g_strdup (relative));
}

/* The lists above and tests/data/reference agree: a case folder renamed, removed or added
 * fails here rather than dropping out of the run, and every config and dump under inputs/ is
 * one a case reads. */
static void
test_cases_listed (void)
{
  g_autofree char *root = msvis_test_reference (NULL);
  g_autofree char *cfg_dir = msvis_test_reference ("inputs/cfg");
  g_autofree char *fx_dir = msvis_test_reference ("inputs/fx");
  g_autoptr(GPtrArray) folders = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) configs = g_string_new (NULL);
  g_autoptr(GDir) dir = NULL;
  const char *name;

  collect_output_folders (root, NULL, folders);
  for (guint i = 0; i < folders->len; i++)
    if (!is_listed (g_ptr_array_index (folders, i)))
      g_error ("tests/data/reference/%s: no golden case lists this folder",
               (char *)g_ptr_array_index (folders, i));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_true (g_ptr_array_find_with_equal_func (folders, cases[i].expected, g_str_equal,
                                                     NULL));
  for (guint i = 0; i < G_N_ELEMENTS (read_only); i++)
    g_assert_true (g_ptr_array_find_with_equal_func (folders, read_only[i], g_str_equal, NULL));

  /* Every config is a case's; their text names the dumps. */
  dir = g_dir_open (cfg_dir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (cfg_dir, name, NULL);
      g_autofree char *text = NULL;
      gboolean used = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
        used |= strcmp (cases[i].config, name) == 0;
      if (!used)
        g_error ("%s: no golden case reads this config", path);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      g_string_append (configs, text);
    }
  g_clear_pointer (&dir, g_dir_close);

  dir = g_dir_open (fx_dir, 0, NULL);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *quoted = g_strdup_printf ("\"fx/%s/", name);

      if (strstr (configs->str, quoted) == NULL)
        g_error ("%s/%s: no config reads this dump", fx_dir, name);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/golden/%s", cases[i].expected);

      g_test_add_data_func (path, &cases[i], test_golden);
    }
  g_test_add_func ("/golden/cases-listed", test_cases_listed);

  return g_test_run ();
}
