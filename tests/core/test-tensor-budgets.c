// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <gio/gio.h>
#include <string.h>
#include <unistd.h>

#include "msvis-npy.h"
#include "msvis-reader-error.h"
#include "msvis-real-data.h"
#include "msvis-tensor-metrics.h"
#include "msvis-test-util.h"

/* What bounds the work of a tensor compare: a source that fails or a cancel ends the walk
 * over the values at once, however many the shapes say, and a tensor file that shrinks while
 * it is read is an error that names it. */

#define HUGE_COUNT (G_GUINT64_CONSTANT (1) << 50)

typedef struct
{
  guint         calls;
  guint         fail_after;     /* 0: never */
  GCancellable *cancel_after;   /* cancelled when calls reach fail_after */
} Source;

static const double *
pull_counting (gpointer   data,
               double    *scratch,
               gsize      count,
               GError   **error)
{
  Source *source = data;

  if (++source->calls == source->fail_after)
    {
      if (source->cancel_after != NULL)
        g_cancellable_cancel (source->cancel_after);
      else
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "huge.pt: ends early");
          return NULL;
        }
    }
  for (gsize i = 0; i < count; i++)
    scratch[i] = 1.0;
  return scratch;
}

/* A source of 2^50 values that fails on its first block: the walk stopped pulling but still
 * visited its 2^43 blocks, hours of doing nothing. */
static void
test_budgets_failure_stops_walk (void)
{
  static const guint64 shape[] = { HUGE_COUNT };
  Source npu = { 0, 1, NULL }, bench = { 0 };
  MsvisTensorStream ns = { pull_counting, &npu, shape, 1 };
  MsvisTensorStream bs = { pull_counting, &bench, shape, 1 };
  g_autoptr(GError) error = NULL;
  MsvisTensorMetrics m;

  g_assert_false (msvis_tensor_metrics_compute_stream (&m, &ns, &bs, MSVIS_TENSOR_ARITH_FLOAT64,
                                                       NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
  g_assert_cmpuint (npu.calls, ==, 1);
  g_assert_cmpuint (bench.calls, ==, 0);
}

/* Cancel reaches inside the walk: the window's Cancel stops a long compare at the next block,
 * not after the tensor. */
static void
test_budgets_cancel_stops_walk (void)
{
  static const guint64 shape[] = { HUGE_COUNT };
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Source npu = { 0, 1000, cancellable }, bench = { 0 };
  MsvisTensorStream ns = { pull_counting, &npu, shape, 1 };
  MsvisTensorStream bs = { pull_counting, &bench, shape, 1 };
  g_autoptr(GError) error = NULL;
  MsvisTensorMetrics m;

  g_assert_false (msvis_tensor_metrics_compute_stream (&m, &ns, &bs, MSVIS_TENSOR_ARITH_FLOAT64,
                                                       cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (npu.calls, ==, 1000);
  g_assert_cmpuint (bench.calls, ==, 1000);
}

/* A .npy of @n float32 zeros, numpy's header padded to 64 bytes. */
static char *
write_zeros_npy (const char *dir,
                 const char *name,
                 gsize       n)
{
  g_autofree char *header = g_strdup_printf ("{'descr': '<f4', 'fortran_order': False, "
                                             "'shape': (%" G_GSIZE_FORMAT ",), }", n);
  g_autoptr(GString) file = g_string_new_len ("\x93NUMPY\x01\x00", 8);
  gsize length = strlen (header) + 1;

  length += (64 - (10 + length) % 64) % 64;
  g_string_append_c (file, (char)(length & 0xff));
  g_string_append_c (file, (char)(length >> 8));
  g_string_append (file, header);
  while (file->len < 10 + length - 1)
    g_string_append_c (file, ' ');
  g_string_append_c (file, '\n');
  g_string_set_size (file, file->len + n * sizeof (float));
  memset (file->str + 10 + length, 0, n * sizeof (float));
  msvis_test_write (dir, name, file->str, file->len);
  return g_build_filename (dir, name, NULL);
}

/* A .npy cut short after it was opened (rewritten by another process during a compare): a
 * mapped file raised SIGBUS, exit 135; now the read fails and says which file. */
static void
test_budgets_npy_shrinks (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *path = write_zeros_npy (dir, "shrinks.npy", 1 << 20);
  g_autofree double *values = g_new (double, 1 << 20);
  g_autoptr(GError) error = NULL;
  g_autoptr(MsvisNpy) npy = msvis_npy_open (path, &error);
  g_autoptr(MsvisNpy) again = msvis_npy_open (path, &error);

  g_assert_no_error (error);
  g_assert_cmpint (truncate (path, 4096), ==, 0);
  g_assert_false (msvis_npy_read_values (npy, values, 1 << 20, &error));
  g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "shrinks.npy: the file ends at byte 4096"));
  g_clear_error (&error);
  g_assert_null (msvis_npy_to_doubles (again, NULL, &error));
  g_assert_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_TRUNCATED);
  msvis_test_remove_tree (dir);
}

/* In a real-data compare, a cancel leaves no warning behind: the rows are not unreadable,
 * the compare was stopped. A pair that cannot be read still gets its warning. */
static void
test_budgets_real_data_cancelled (void)
{
  g_autofree char *dir = msvis_test_make_dir ();
  g_autofree char *a = write_zeros_npy (dir, "a.npy", 1000);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(MsvisRealData) data = msvis_real_data_new ();
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  MsvisTensorMetrics m;
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  g_assert_false (msvis_real_data_compare_files (a, a, &m, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  msvis_real_data_add_row (data, "Tensor.add.0.forward.output.0", "a.npy", "a.npy");
  msvis_real_data_compute (data, dir, dir, warnings, cancellable);
  g_assert_cmpuint (warnings->len, ==, 0);
  msvis_test_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tensor-budgets/failure-stops-walk", test_budgets_failure_stops_walk);
  g_test_add_func ("/tensor-budgets/cancel-stops-walk", test_budgets_cancel_stops_walk);
  g_test_add_func ("/tensor-budgets/npy-shrinks", test_budgets_npy_shrinks);
  g_test_add_func ("/tensor-budgets/real-data-cancelled", test_budgets_real_data_cancelled);
  return g_test_run ();
}
