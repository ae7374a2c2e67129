// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include "msvis-real-data.h"
#include "msvis-tensor-reads.h"

/* A pair of files is asked for by the match (on the thread that owns the graphs), read by
 * msvis_tensor_reads_run() (on a worker), and its result given to the match run again. The
 * two threads never use the object at once: the worker has it alone while it reads. */

typedef struct
{
  char              *npu_path;
  char              *bench_path;
  gboolean           done;
  MsvisTensorMetrics metrics;
  GError            *error;
} Read;

struct _MsvisTensorReads
{
  gint        ref_count;
  GPtrArray  *reads;      /* Read, in the order the match asked for them */
  GHashTable *by_paths;   /* "npu\nbench" -> Read */
};

static MsvisTensorReadHook read_hook;
static gpointer read_hook_data;

static void
read_free (gpointer data)
{
  Read *read = data;

  g_free (read->npu_path);
  g_free (read->bench_path);
  g_clear_error (&read->error);
  g_free (read);
}

MsvisTensorReads *
msvis_tensor_reads_new (void)
{
  MsvisTensorReads *self = g_new0 (MsvisTensorReads, 1);

  self->ref_count = 1;
  self->reads = g_ptr_array_new_with_free_func (read_free);
  self->by_paths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return self;
}

void
msvis_tensor_reads_unref (MsvisTensorReads *self)
{
  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_hash_table_unref (self->by_paths);
  g_ptr_array_unref (self->reads);
  g_free (self);
}

guint
msvis_tensor_reads_get_n_pending (MsvisTensorReads *self)
{
  guint n = 0;

  for (guint i = 0; i < self->reads->len; i++)
    n += !((Read *)g_ptr_array_index (self->reads, i))->done;
  return n;
}

void
msvis_tensor_reads_set_hook (MsvisTensorReadHook hook,
                             gpointer            data)
{
  read_hook = hook;
  read_hook_data = data;
}

gboolean
msvis_tensor_read_pair (const char          *npu_path,
                        const char          *bench_path,
                        MsvisTensorMetrics  *metrics,
                        GCancellable        *cancellable,
                        GError             **error)
{
  if (read_hook != NULL)
    read_hook (npu_path, bench_path, cancellable, read_hook_data);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  return msvis_real_data_compare_files_for_era (MSVIS_ERA_2026, npu_path, bench_path, metrics,
                                                cancellable, error);
}

/**
 * msvis_tensor_reads_run:
 *
 * Reads every pair asked for and not read yet. A file that cannot be read is not an error
 * here: the match that asked for it gets the error, naming the file, when it runs again.
 *
 * Returns: %FALSE only with %G_IO_ERROR_CANCELLED
 */
gboolean
msvis_tensor_reads_run (MsvisTensorReads  *self,
                        GCancellable      *cancellable,
                        GError           **error)
{
  for (guint i = 0; i < self->reads->len; i++)
    {
      Read *read = g_ptr_array_index (self->reads, i);

      if (read->done)
        continue;
      if (!msvis_tensor_read_pair (read->npu_path, read->bench_path, &read->metrics,
                                   cancellable, &read->error) &&
          g_error_matches (read->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_error (&read->error);
          return !g_cancellable_set_error_if_cancelled (cancellable, error);
        }
      read->done = TRUE;
    }
  return TRUE;
}

/**
 * msvis_tensor_reads_get:
 *
 * What the match gets for a pair of files: the result read, or its error; a pair not read
 * yet is remembered for msvis_tensor_reads_run(), and @metrics get "unsupported" meanwhile
 * (the match asking for it is put back, whatever it computed).
 */
gboolean
msvis_tensor_reads_get (MsvisTensorReads    *self,
                        const char          *npu_path,
                        const char          *bench_path,
                        MsvisTensorMetrics  *metrics,
                        GError             **error)
{
  g_autofree char *key = g_strconcat (npu_path, "\n", bench_path, NULL);
  Read *read = g_hash_table_lookup (self->by_paths, key);

  if (read == NULL)
    {
      read = g_new0 (Read, 1);
      read->npu_path = g_strdup (npu_path);
      read->bench_path = g_strdup (bench_path);
      g_ptr_array_add (self->reads, read);
      g_hash_table_insert (self->by_paths, g_steal_pointer (&key), read);
    }
  if (!read->done)
    {
      for (guint i = 0; i < MSVIS_N_METRICS; i++)
        metrics->metric[i] = (MsvisMetricValue) { MSVIS_METRIC_UNSUPPORTED, FALSE, 0 };
      return TRUE;
    }
  if (read->error != NULL)
    {
      g_propagate_error (error, g_error_copy (read->error));
      return FALSE;
    }
  *metrics = read->metrics;
  return TRUE;
}
