// SPDX-License-Identifier: GPL-3.0-or-later

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "msvis-compare-error.h"
#include "msvis-match-db26-private.h"

/* The tensor half of MatchedNodeCalculator.get_db_tensor_compare_result
 * (msprobe_adapter.py:238-678@8ff00da3): where the tensor files of a pair are, and msprobe's
 * CompareRealData.compare_by_op on one pair of items, which msvis graph's real-data compare
 * also runs (msvis-real-data.c). */

/* msprobe's markers: an item without a tensor file, and a side without the API. */
#define NO_DATA "-1"
#define NOT_APPLICABLE "N/A"

/**
 * _msvis_match_db26_find_tensor_dir:
 * @dir: (nullable): a dump_data_dir as the file holds it
 * @db_path: the .vis.db, for messages and for a folder named relative to it
 *
 * The viewer checks that both folders exist before it compares anything (_get_frameworks).
 * It takes the text as it is, relative to where it runs; msvis also looks beside the file,
 * where the folders are when a run was moved as a whole.
 *
 * Returns: (transfer full) (nullable): the folder, or %NULL with @error set
 */
char *
_msvis_match_db26_find_tensor_dir (const char  *dir,
                                   const char  *db_path,
                                   GError     **error)
{
  g_autofree char *parent = g_path_get_dirname (db_path);

  if (dir != NULL && dir[0] != '\0')
    {
      if (g_file_test (dir, G_FILE_TEST_IS_DIR))
        return g_canonicalize_filename (dir, NULL);
      if (!g_path_is_absolute (dir))
        {
          g_autofree char *beside = g_build_filename (parent, dir, NULL);

          if (g_file_test (beside, G_FILE_TEST_IS_DIR))
            return g_steal_pointer (&beside);
        }
    }
  g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_UNSUPPORTED,
               /* translators: a file name, then a folder name from the file */
               _("%s: matching a real-data compare compares the tensor files again, and "
                 "they are not in dump_data_dir “%s”"), db_path, dir == NULL ? "null" : dir);
  return NULL;
}

static void
set_all (MsvisTensorMetrics *metrics,
         MsvisMetricKind     kind)
{
  for (guint i = 0; i < MSVIS_N_METRICS; i++)
    metrics->metric[i] = (MsvisMetricValue) { kind, FALSE, 0 };
}

/* os.path.join of the folder and a data_name, which names a file in it and nothing else. */
static char *
tensor_path (const char  *dir,
             const char  *data_name,
             GError     **error)
{
  if (strchr (data_name, '/') != NULL || strcmp (data_name, "..") == 0)
    {
      g_set_error (error, MSVIS_COMPARE_ERROR, MSVIS_COMPARE_ERROR_MATCH,
                   /* translators: a data_name of an item, then a folder */
                   _("the tensor file “%s” cannot be looked for in %s"), data_name, dir);
      return NULL;
    }
  return g_build_filename (dir, data_name, NULL);
}

/**
 * _msvis_match_db26_compare_tensors:
 * @npu_data_name: the NPU item's data_name, not empty
 * @bench_data_name: the bench item's, not empty
 *
 * compare_by_op: items without tensor files, or with one side "N/A", are "unsupported"
 * without reading anything; otherwise both files are read and compared as msprobe 26 compares
 * them (squeezed, msprobe-2026.md §7.7). A file that cannot be read fails the match, as the
 * error msprobe logs then fails it in the viewer.
 */
gboolean
_msvis_match_db26_compare_tensors (const MsvisDb26Dirs  *dirs,
                                   const char           *npu_data_name,
                                   const char           *bench_data_name,
                                   MsvisTensorMetrics   *metrics,
                                   GError              **error)
{
  g_autofree char *npu_path = NULL, *bench_path = NULL;

  if (strcmp (npu_data_name, NO_DATA) == 0 || strcmp (bench_data_name, NO_DATA) == 0 ||
      (strcmp (npu_data_name, NOT_APPLICABLE) == 0) !=
      (strcmp (bench_data_name, NOT_APPLICABLE) == 0))
    {
      set_all (metrics, MSVIS_METRIC_UNSUPPORTED);
      return TRUE;
    }
  if ((npu_path = tensor_path (dirs->npu, npu_data_name, error)) == NULL ||
      (bench_path = tensor_path (dirs->bench, bench_data_name, error)) == NULL)
    return FALSE;
  if (dirs->reads != NULL)
    return msvis_tensor_reads_get (dirs->reads, npu_path, bench_path, metrics, error);
  return msvis_tensor_read_pair (npu_path, bench_path, metrics, NULL, error);
}
