// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "msvis-graph-job.h"
#include "msvis-test-util.h"

/* msprobe's own outputs for the same inputs, byte for byte (shared/fixtures). */

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
  const char *shared = msvis_test_shared_dir ();
  g_autofree char *inputs = NULL, *config = NULL, *expected_dir = NULL, *cwd = NULL;
  g_autofree char *out = msvis_test_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) written = NULL;
  g_autoptr(GDir) dir = NULL;
  MsvisGraphJob job = { 0 };
  const char *name;
  guint n = 0;

  if (shared == NULL)
    {
      g_test_skip ("../shared is absent: no msprobe reference files to compare with");
      return;
    }

  inputs = g_build_filename (shared, "fixtures", "msprobe-reference", "inputs", NULL);
  config = g_build_filename (inputs, "cfg", c->config, NULL);
  expected_dir = g_build_filename (shared, "fixtures", "msprobe-reference", c->expected, NULL);

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

  return g_test_run ();
}
