// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "msvis-pt.h"
#include "msvis-real-data.h"
#include "msvis-reader-error.h"

/* msprobe's marker of an item without a tensor file. */
#define NO_DATA "-1"

typedef struct
{
  char               *name;
  char               *npu_file;     /* data names: file names in the tensor folders */
  char               *bench_file;
  MsvisTensorMetrics  metrics;
  char               *warning;      /* why the files could not be compared */
} Entry;

struct _MsvisRealData
{
  GPtrArray    *entries;       /* Entry, in the order names were first seen */
  GHashTable   *by_name;       /* name → Entry */
  /* while computing */
  const char   *npu_dir;
  const char   *bench_dir;
  GCancellable *cancellable;
  MsvisEra      era;
};

/* One tensor file being read. */
typedef struct
{
  MsvisNpy      *npy;
  MsvisPt       *pt;
  MsvisNpyDtype  dtype;   /* the dtype msprobe compares in */
  MsvisTensorStream stream;
  guint64        squeezed[64];
} Tensor;

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_free (entry->name);
  g_free (entry->npu_file);
  g_free (entry->bench_file);
  g_free (entry->warning);
  g_free (entry);
}

MsvisRealData *
msvis_real_data_new (void)
{
  MsvisRealData *self = g_new0 (MsvisRealData, 1);

  self->entries = g_ptr_array_new_with_free_func (entry_free);
  self->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  return self;
}

void
msvis_real_data_free (MsvisRealData *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->by_name);
  g_ptr_array_unref (self->entries);
  g_free (self);
}

/**
 * msvis_real_data_add_row:
 * @npu_data_name: the NPU item's data_name ("-1" without a tensor file)
 * @bench_data_name: the paired bench item's, or "-1" when there is none
 *
 * One row of get_accuracy, in msprobe's order; a name given again takes the new files.
 */
void
msvis_real_data_add_row (MsvisRealData *self,
                         const char    *npu_name,
                         const char    *npu_data_name,
                         const char    *bench_data_name)
{
  Entry *entry = g_hash_table_lookup (self->by_name, npu_name);

  if (entry == NULL)
    {
      entry = g_new0 (Entry, 1);
      entry->name = g_strdup (npu_name);
      g_ptr_array_add (self->entries, entry);
      g_hash_table_insert (self->by_name, entry->name, entry);
    }
  g_free (entry->npu_file);
  g_free (entry->bench_file);
  entry->npu_file = g_strdup (npu_data_name);
  entry->bench_file = g_strdup (bench_data_name);
}

static void
set_all (MsvisTensorMetrics *metrics,
         MsvisMetricKind     kind)
{
  for (guint i = 0; i < MSVIS_N_METRICS; i++)
    metrics->metric[i] = (MsvisMetricValue) { kind, FALSE, 0 };
}

static const double *
pull_npy (gpointer   source,
          double    *scratch,
          gsize      count,
          GError   **error)
{
  return msvis_npy_read_values (source, scratch, count, error) ? scratch : NULL;
}

static const double *
pull_pt (gpointer   source,
         double    *scratch,
         gsize      count,
         GError   **error)
{
  return msvis_pt_read_values (source, scratch, count, error) ? scratch : NULL;
}

/* MindSpore saves .npy and PyTorch .pt; the file says which reader, as msprobe's readers
 * each check their suffix. */
static gboolean
open_tensor (const char  *path,
             Tensor      *t,
             GError     **error)
{
  g_autofree char *name = NULL;

  if (g_str_has_suffix (path, ".npy"))
    {
      t->npy = msvis_npy_open (path, error);
      if (t->npy == NULL)
        return FALSE;
      t->dtype = msvis_npy_get_dtype (t->npy);
      t->stream = (MsvisTensorStream) { pull_npy, t->npy, msvis_npy_get_shape (t->npy),
                                        msvis_npy_get_ndim (t->npy) };
      return TRUE;
    }
  if (g_str_has_suffix (path, ".pt"))
    {
      t->pt = msvis_pt_open (path, error);
      if (t->pt == NULL)
        return FALSE;
      /* read_pt_data turns bfloat16 into float32 before numpy sees it */
      t->dtype = msvis_pt_get_dtype (t->pt);
      if (t->dtype == MSVIS_NPY_BFLOAT16)
        t->dtype = MSVIS_NPY_FLOAT32;
      t->stream = (MsvisTensorStream) { pull_pt, t->pt, msvis_pt_get_shape (t->pt),
                                        msvis_pt_get_ndim (t->pt) };
      return TRUE;
    }
  name = g_filename_display_name (path);
  g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
               /* translators: %s is a file name */
               _("%s: a tensor file must end in .npy or .pt"), name);
  return FALSE;
}

/* np.squeeze, which msprobe 26's readers apply: every size-1 dimension goes. */
static void
squeeze (Tensor *t)
{
  guint ndim = 0;

  for (guint i = 0; i < t->stream.ndim; i++)
    if (t->stream.shape[i] != 1 && ndim < G_N_ELEMENTS (t->squeezed))
      t->squeezed[ndim++] = t->stream.shape[i];
  t->stream.shape = t->squeezed;
  t->stream.ndim = ndim;
}

static void
tensor_clear (Tensor *t)
{
  g_clear_pointer (&t->npy, msvis_npy_free);
  g_clear_pointer (&t->pt, msvis_pt_free);
}

/**
 * msvis_real_data_compare_files:
 *
 * Reads two tensor files (.npy or .pt) and computes msprobe's metrics of the pair, in one
 * pass over both files; @cancellable is checked for every block of values.
 *
 * Returns: %FALSE with @error set when a file cannot be read (msprobe then says
 *   "unsupported" for all six), or %G_IO_ERROR_CANCELLED
 */
gboolean
msvis_real_data_compare_files (const char          *npu_path,
                               const char          *bench_path,
                               MsvisTensorMetrics  *metrics,
                               GCancellable        *cancellable,
                               GError             **error)
{
  return msvis_real_data_compare_files_for_era (MSVIS_ERA_2025_07, npu_path, bench_path,
                                                metrics, cancellable, error);
}

/**
 * msvis_real_data_compare_files_for_era:
 *
 * msvis_real_data_compare_files() as @era's msprobe compares: msprobe 26 squeezes both
 * tensors and checks their shapes before a 0-d pair (msprobe-2026.md §7.7).
 */
gboolean
msvis_real_data_compare_files_for_era (MsvisEra             era,
                                       const char          *npu_path,
                                       const char          *bench_path,
                                       MsvisTensorMetrics  *metrics,
                                       GCancellable        *cancellable,
                                       GError             **error)
{
  Tensor npu = { 0 }, bench = { 0 };
  gboolean ok = open_tensor (npu_path, &npu, error) && open_tensor (bench_path, &bench, error);

  if (ok && era == MSVIS_ERA_2026)
    {
      squeeze (&npu);
      squeeze (&bench);
      ok = msvis_tensor_metrics_compute_stream_2026 (
        metrics, &npu.stream, &bench.stream, msvis_tensor_arith_for (npu.dtype, bench.dtype),
        msvis_tensor_arith_for_2026 (npu.dtype, bench.dtype, npu.stream.ndim == 0),
        cancellable, error);
    }
  else if (ok)
    ok = msvis_tensor_metrics_compute_stream (metrics, &npu.stream, &bench.stream,
                                              msvis_tensor_arith_for (npu.dtype, bench.dtype),
                                              cancellable, error);

  tensor_clear (&npu);
  tensor_clear (&bench);
  return ok;
}

/* A data name is a file name in its folder, never a way out of it. */
static char *
tensor_path (const char  *dir,
             const char  *data_name,
             GError     **error)
{
  if (dir == NULL || strchr (data_name, '/') != NULL || strcmp (data_name, "..") == 0 ||
      *data_name == '\0')
    {
      g_set_error (error, MSVIS_READER_ERROR, MSVIS_READER_ERROR_INVALID_VALUE,
                   /* translators: a data_name of dump.json, then a folder */
                   _("the tensor file “%s” cannot be looked for in %s"), data_name,
                   dir ? dir : "dump_tensor_data");
      return NULL;
    }
  return g_build_filename (dir, data_name, NULL);
}

static void
compare_entry (MsvisRealData *self,
               Entry         *entry)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *npu_path = NULL, *bench_path = NULL;

  /* "No real data" (not a tensor), no counterpart, or an unmatched API */
  if (strcmp (entry->npu_file, NO_DATA) == 0 || strcmp (entry->bench_file, NO_DATA) == 0 ||
      strcmp (entry->bench_file, "N/A") == 0)
    {
      set_all (&entry->metrics, MSVIS_METRIC_UNSUPPORTED);
      return;
    }
  if (g_cancellable_is_cancelled (self->cancellable))
    return;

  npu_path = tensor_path (self->npu_dir, entry->npu_file, &error);
  bench_path = npu_path ? tensor_path (self->bench_dir, entry->bench_file, &error) : NULL;
  if (bench_path == NULL ||
      !msvis_real_data_compare_files_for_era (self->era, npu_path, bench_path,
                                              &entry->metrics, self->cancellable, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      set_all (&entry->metrics, MSVIS_METRIC_UNSUPPORTED);
      /* translators: %s says which file and what is wrong with it */
      entry->warning = g_strdup_printf (_("%s; its metrics are “unsupported”"), error->message);
    }
}

static void
compare_worker (gpointer data,
                gpointer user_data)
{
  compare_entry (user_data, data);
}

/**
 * msvis_real_data_compute:
 * @npu_tensor_dir: (nullable): the NPU dump's dump_tensor_data folder (msprobe reads it
 *   beside dump.json, whatever dump.json's dump_data_dir says); %NULL when it has no path
 * @warnings: (nullable) (element-type utf8): gets one message per pair of files that could
 *   not be read, in row order
 *
 * Compares the files of every name, as many pairs at a time as there are processors.
 */
void
msvis_real_data_compute (MsvisRealData *self,
                         const char    *npu_tensor_dir,
                         const char    *bench_tensor_dir,
                         GPtrArray     *warnings,
                         GCancellable  *cancellable)
{
  GThreadPool *pool;

  self->npu_dir = npu_tensor_dir;
  self->bench_dir = bench_tensor_dir;
  self->cancellable = cancellable;
  pool = g_thread_pool_new (compare_worker, self, (int)g_get_num_processors (), FALSE, NULL);
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      set_all (&entry->metrics, MSVIS_METRIC_UNSUPPORTED);
      g_thread_pool_push (pool, entry, NULL);
    }
  g_thread_pool_free (pool, FALSE, TRUE);
  self->npu_dir = self->bench_dir = NULL;
  self->cancellable = NULL;

  for (guint i = 0; warnings != NULL && i < self->entries->len; i++)
    {
      Entry *entry = g_ptr_array_index (self->entries, i);

      if (entry->warning != NULL)
        g_ptr_array_add (warnings, g_strdup (entry->warning));
    }
}

/**
 * msvis_real_data_set_era:
 *
 * Which msprobe's tensor compare the rows get (July's by default).
 */
void
msvis_real_data_set_era (MsvisRealData *self,
                         MsvisEra       era)
{
  self->era = era;
}

/* The metrics of the last row named @npu_name, or %NULL. */
const MsvisTensorMetrics *
msvis_real_data_lookup (MsvisRealData *self,
                        const char    *npu_name)
{
  Entry *entry = g_hash_table_lookup (self->by_name, npu_name);

  return entry ? &entry->metrics : NULL;
}
