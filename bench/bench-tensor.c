// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <zip.h>

#include "msvis-real-data.h"

/* Not a test: the throughput of the real-data metrics (reading .npy and .pt files and
 * computing msprobe's six metrics of each pair), in MB of tensor files per second on one
 * core, next to a memory-bound pass over the same bytes in the same run (copy the mapped file
 * into a buffer and add it up, which is the least any reader can do).
 *
 * The workload is generated here: pairs of tensors of the shapes a transformer layer dumps
 * (activations, weights, a few small ones), the NPU side as MindSpore's float32 .npy, the
 * benchmark side as PyTorch's .pt (float32 and bfloat16) with a relative drift of 1e-3, so
 * that all metrics have work to do. Target: metrics within 3x of the baseline. */

#define RUNS 3

typedef struct
{
  char   *npu;
  char   *bench;
  gsize   bytes;   /* both files */
} Pair;

static guint64 rng_state = 0x9E3779B97F4A7C15u;

static double
uniform (void)
{
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (double)(rng_state >> 11) * 0x1p-53;
}

static void
write_npy (const char  *path,
           const float *values,
           gsize        n)
{
  g_autofree char *header = g_strdup_printf ("{'descr': '<f4', 'fortran_order': False, "
                                             "'shape': (%zu,), }", n);
  g_autoptr(GString) head = g_string_new_len ("\x93NUMPY\x01\x00", 8);
  gsize length = strlen (header) + 1;
  FILE *f = fopen (path, "wb");

  length += (64 - (10 + length) % 64) % 64;
  g_string_append_c (head, (char)(length & 0xff));
  g_string_append_c (head, (char)(length >> 8));
  g_string_append (head, header);
  while (head->len < 10 + length - 1)
    g_string_append_c (head, ' ');
  g_string_append_c (head, '\n');
  g_assert_nonnull (f);
  fwrite (head->str, 1, head->len, f);
  fwrite (values, sizeof (float), n, f);
  fclose (f);
}

/* torch.save's layout: a stored zip of data.pkl, byteorder and data/0. */
static void
write_pt (const char  *path,
          const void  *storage,
          gsize        n,
          gboolean     bf16)
{
  g_autoptr(GString) p = g_string_new ("\x80\x02" "ctorch._utils\n_rebuild_tensor_v2\nq");
  int err = 0;
  zip_t *zip;
  const char *names[] = { "t/data.pkl", "t/byteorder", "t/data/0" };
  const void *datas[3];
  gsize lengths[3];

  g_string_append_c (p, 0);
  g_string_append (p, "((X");
  g_string_append_len (p, "\x07\x00\x00\x00storage", 11);
  g_string_append_printf (p, "ctorch\n%s\nX", bf16 ? "BFloat16Storage" : "FloatStorage");
  g_string_append_len (p, "\x01\x00\x00\x00" "0X\x03\x00\x00\x00" "cpu", 13);
  g_string_append_c (p, (char)0x8a);
  g_string_append_c (p, 8);
  for (guint k = 0; k < 8; k++)
    g_string_append_c (p, (char)((guint64)n >> (8 * k)));
  g_string_append (p, "tQK");
  g_string_append_c (p, 0);
  g_string_append_c (p, '(');
  g_string_append_c (p, (char)0x8a);
  g_string_append_c (p, 8);
  for (guint k = 0; k < 8; k++)
    g_string_append_c (p, (char)((guint64)n >> (8 * k)));
  g_string_append (p, "t(K\x01t\x89" "ccollections\nOrderedDict\n)RtR.");

  datas[0] = p->str, lengths[0] = p->len;
  datas[1] = "little", lengths[1] = 6;
  datas[2] = storage, lengths[2] = n * (bf16 ? 2 : 4);
  zip = zip_open (path, ZIP_CREATE | ZIP_TRUNCATE, &err);
  g_assert_nonnull (zip);
  for (guint k = 0; k < 3; k++)
    {
      zip_source_t *s = zip_source_buffer (zip, datas[k], lengths[k], 0);
      zip_int64_t index = zip_file_add (zip, names[k], s, 0);

      zip_set_file_compression (zip, index, ZIP_CM_STORE, 0);
    }
  g_assert_cmpint (zip_close (zip), ==, 0);
}

static GPtrArray *
generate (const char *dir,
          double      megabytes)
{
  /* elements of the tensors of one layer: hidden states, attention scores, weights, norms */
  static const gsize sizes[] = { 4096 * 1024, 32 * 256 * 256, 1024 * 4096, 4096, 1024, 7 };
  GPtrArray *pairs = g_ptr_array_new ();
  gsize total = 0;

  for (guint i = 0; total < megabytes * 1e6; i++)
    {
      gsize n = sizes[i % G_N_ELEMENTS (sizes)];
      gboolean bf16 = i % 3 == 2;
      g_autofree float *a = g_new (float, n);
      g_autofree float *b = g_new (float, n);
      g_autofree guint16 *b16 = g_new (guint16, n);
      Pair *pair = g_new0 (Pair, 1);

      for (gsize k = 0; k < n; k++)
        {
          guint32 bits;

          a[k] = (float)((uniform () - 0.5) * 4);
          b[k] = (float)(a[k] * (1 + (uniform () - 0.5) * 2e-3));
          if (k % 97 == 0)
            b[k] = 0;   /* zeros in the benchmark */
          memcpy (&bits, &b[k], 4);
          b16[k] = (guint16)(bits >> 16);
          if (bf16)
            {
              bits = (guint32)b16[k] << 16;
              memcpy (&a[k], &bits, 4);   /* an NPU value bfloat16 could hold */
              a[k] = (float)(a[k] * (1 + (uniform () - 0.5) * 2e-3));
            }
        }
      pair->npu = g_strdup_printf ("%s/n%u.npy", dir, i);
      pair->bench = g_strdup_printf ("%s/b%u.pt", dir, i);
      write_npy (pair->npu, a, n);
      write_pt (pair->bench, bf16 ? (const void *)b16 : (const void *)b, n, bf16);
      pair->bytes = n * 4 + n * (bf16 ? 2 : 4);
      total += pair->bytes;
      g_ptr_array_add (pairs, pair);
    }
  return pairs;
}

static double volatile sink;

/* The baseline: each file mapped, copied into a buffer and summed, one core. */
static double
baseline (GPtrArray *pairs)
{
  gint64 start = g_get_monotonic_time ();
  double sum = 0;

  for (guint i = 0; i < pairs->len; i++)
    {
      Pair *pair = g_ptr_array_index (pairs, i);
      const char *files[] = { pair->npu, pair->bench };

      for (guint f = 0; f < 2; f++)
        {
          g_autoptr(GMappedFile) mapped = g_mapped_file_new (files[f], FALSE, NULL);
          gsize n = g_mapped_file_get_length (mapped) / sizeof (float);
          g_autofree float *copy = g_new (float, n);

          memcpy (copy, g_mapped_file_get_contents (mapped), n * sizeof (float));
          for (gsize k = 0; k < n; k++)
            sum += copy[k];
        }
    }
  sink = sum;
  return (g_get_monotonic_time () - start) / 1e6;
}

static double
metrics (GPtrArray *pairs)
{
  gint64 start = g_get_monotonic_time ();

  for (guint i = 0; i < pairs->len; i++)
    {
      Pair *pair = g_ptr_array_index (pairs, i);
      MsvisTensorMetrics m;
      g_autoptr(GError) error = NULL;

      if (!msvis_real_data_compare_files (pair->npu, pair->bench, &m, NULL, &error))
        g_error ("%s", error->message);
      sink = m.metric[MSVIS_METRIC_COSINE].value;
    }
  return (g_get_monotonic_time () - start) / 1e6;
}

int
main (int   argc,
      char *argv[])
{
  double megabytes = argc > 1 ? g_ascii_strtod (argv[1], NULL) : 300;
  g_autofree char *dir = g_dir_make_tmp ("msvis-bench-tensor-XXXXXX", NULL);
  g_autoptr(GPtrArray) pairs = NULL;
  double base = G_MAXDOUBLE, ours = G_MAXDOUBLE, mb = 0;

  g_assert_nonnull (dir);
  pairs = generate (dir, megabytes);
  for (guint i = 0; i < pairs->len; i++)
    mb += ((Pair *)g_ptr_array_index (pairs, i))->bytes / 1e6;

  for (guint run = 0; run < RUNS; run++)
    {
      base = MIN (base, baseline (pairs));
      ours = MIN (ours, metrics (pairs));
    }
  printf ("tensor files: %u pairs, %.0f MB (npu float32 .npy, bench float32/bfloat16 .pt)\n",
          pairs->len, mb);
  printf ("baseline (copy + sum, 1 core): %.3f s, %.0f MB/s\n", base, mb / base);
  printf ("metrics (read + 6 metrics, 1 core): %.3f s, %.0f MB/s\n", ours, mb / ours);
  printf ("metrics / baseline time: %.2fx (target <= 3x)\n", ours / base);

  for (guint i = 0; i < pairs->len; i++)
    {
      Pair *pair = g_ptr_array_index (pairs, i);

      g_unlink (pair->npu);
      g_unlink (pair->bench);
      g_free (pair->npu);
      g_free (pair->bench);
      g_free (pair);
    }
  g_rmdir (dir);
  return 0;
}
